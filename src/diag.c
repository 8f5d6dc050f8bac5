/*
 * diag.c - prints every diagnostic of the command-line tool (see diag.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"

/* Per thread, so that batch workers each write to their own buffer. */
static _Thread_local FILE *sink;
static _Thread_local long last_start = -1;

void diag_set_stream(FILE *f)
{
	sink = f;
	last_start = -1;
}

long diag_last_start(void)
{
	return last_start;
}

static FILE *out(void)
{
	return sink ? sink : stderr;
}

void diag_error(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	last_start = sink ? ftell(sink) : -1;
	fputs(PROGNAME ": ", out());
	if (file != NULL) {
		fputs(file, out());
		if (line > 0) {
			fprintf(out(), ":%ld", line);
			if (col > 0)
				fprintf(out(), ":%ld", col);
		}
		fputs(": ", out());
	}
	va_start(ap, fmt);
	vfprintf(out(), fmt, ap);
	va_end(ap);
	fputc('\n', out());
}

void diag_warn(const char *fmt, ...)
{
	va_list ap;

	last_start = sink ? ftell(sink) : -1;
	fputs(PROGNAME ": warning: ", out());
	va_start(ap, fmt);
	vfprintf(out(), fmt, ap);
	va_end(ap);
	fputc('\n', out());
}
