/*
 * diag.c - prints every diagnostic of the command-line tool (see diag.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* The bytes byte c takes quoted: 4 for \xNN, else 1. */
static size_t quoted_len(unsigned char c)
{
	return c < 0x20 || c == 0x7f ? 4 : 1;
}

const char *diag_quote(const char *s, char *buf, size_t size)
{
	size_t n = 0, cut = 0, whole = 0, i;

	for (i = 0; s[i]; i++)
		whole += quoted_len((unsigned char)s[i]);
	/* What fits, whole or ending before a character that leaves room
	 * for "..." (a UTF-8 character is not split: a cut goes before
	 * its lead byte). */
	if (whole >= size) {
		size_t room = size - 4;
		for (i = 0; s[i]; i++) {
			size_t q = quoted_len((unsigned char)s[i]);
			if (n + q > room)
				break;
			n += q;
			if (((unsigned char)s[i + 1] & 0xc0) != 0x80)
				cut = i + 1;
		}
	} else {
		cut = strlen(s);
	}
	n = 0;
	for (i = 0; i < cut; i++) {
		unsigned char c = (unsigned char)s[i];
		if (quoted_len(c) == 4)
			n += (size_t)snprintf(buf + n, size - n, "\\x%02x", c);
		else
			buf[n++] = (char)c;
	}
	if (s[cut] != '\0') {
		memcpy(buf + n, "...", 3);
		n += 3;
	}
	buf[n] = '\0';
	return buf;
}
