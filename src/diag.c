/*
 * diag.c - prints every diagnostic of the command-line tool (see diag.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"

void diag_error(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	fputs(PROGNAME ": ", stderr);
	if (file != NULL) {
		fputs(file, stderr);
		if (line > 0) {
			fprintf(stderr, ":%ld", line);
			if (col > 0)
				fprintf(stderr, ":%ld", col);
		}
		fputs(": ", stderr);
	}
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void diag_warn(const char *fmt, ...)
{
	va_list ap;

	fputs(PROGNAME ": warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
