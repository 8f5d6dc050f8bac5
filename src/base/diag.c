/*
 * diag.c - the diagnostics' records, and the one place that formats them
 * (see diag.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* Per thread, so that batch workers each collect their own. */
static _Thread_local diag_list *collector;

void diag_collect(diag_list *l)
{
	collector = l;
}

/* The bytes byte c takes quoted: 4 for \xNN, else 1. */
static size_t quoted_len(unsigned char c)
{
	return c < 0x20 || c == 0x7f ? 4 : 1;
}

void diag_fputs(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (quoted_len(c) == 4)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
}

static void put_raw(FILE *f, const char *s)
{
	fputs(s, f);
}

/* The one formatter, which the others call.  Printed ("astar: " first,
 * prog set), the file and the text are escaped (diag_fputs): a name a
 * level file gives cannot start a line or send the terminal an escape
 * sequence.  A report's message (prog 0) is escaped by its format. */
static void format_to(FILE *f, const diag_msg *m, int prog)
{
	void (*put)(FILE *, const char *) = prog ? diag_fputs : put_raw;

	if (m->level == DIAG_NOTE) {
		put(f, m->text);
		return;
	}
	if (prog)
		fputs(PROGNAME ": ", f);
	if (m->file != NULL) {
		put(f, m->file);
		if (m->line > 0) {
			fprintf(f, ":%ld", m->line);
			if (m->col > 0)
				fprintf(f, ":%ld", m->col);
		}
		fputs(": ", f);
	}
	if (m->level == DIAG_WARNING)
		fputs("warning: ", f);
	put(f, m->text);
}

char *diag_format(const diag_msg *m, int prog)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);

	if (f == NULL)
		return NULL;
	format_to(f, m, prog);
	if (fclose(f) != 0) {
		free(s);
		return NULL;
	}
	return s;
}

int diag_print(FILE *f, const diag_msg *m)
{
	format_to(f, m, 1);
	return fputc('\n', f) == EOF ? -1 : 0;
}

int diag_list_print(FILE *f, const diag_list *l)
{
	char *s = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&s, &n);
	int rc = 0;

	for (size_t i = 0; m != NULL && i < l->n; i++) {
		format_to(m, &l->v[i], 1);
		fputc('\n', m);
	}
	if (m != NULL && fclose(m) == 0) {
		rc = fwrite(s, 1, n, f) == n ? 0 : -1;
	} else {
		for (size_t i = 0; i < l->n; i++)
			rc |= diag_print(f, &l->v[i]);
	}
	free(s);
	return rc;
}

void diag_list_add(diag_list *l, const diag_msg *m)
{
	diag_msg c = *m;

	if (l->n == l->cap) {
		size_t nc = l->cap ? 2 * l->cap : 4;
		diag_msg *nv = realloc(l->v, nc * sizeof *nv);
		if (nv == NULL) {
			l->nomem = 1;
			return;
		}
		l->v = nv;
		l->cap = nc;
	}
	c.file = m->file ? strdup(m->file) : NULL;
	c.text = strdup(m->text);
	if ((m->file && c.file == NULL) || c.text == NULL) {
		free(c.file);
		free(c.text);
		l->nomem = 1;
		return;
	}
	l->v[l->n++] = c;
}

const diag_msg *diag_list_last(const diag_list *l)
{
	for (size_t i = l->n; i > 0; i--)
		if (l->v[i - 1].level != DIAG_NOTE)
			return &l->v[i - 1];
	return NULL;
}

void diag_list_move(diag_list *dst, diag_list *src)
{
	for (size_t i = 0; i < src->n; i++)
		diag_list_add(dst, &src->v[i]);
	dst->nomem |= src->nomem;
	diag_list_free(src);
}

void diag_list_free(diag_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].file);
		free(l->v[i].text);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* Makes the record, and prints it or keeps it. */
static void diag_put(enum diag_level level, const char *file, long line,
                     long col, const char *fmt, va_list ap)
{
	diag_msg m;
	char small[1024];
	va_list aq;
	int n;

	m.level = level;
	m.file = (char *)file; /* diag_list_add copies it */
	m.line = line;
	m.col = col;
	m.text = small;
	va_copy(aq, ap);
	n = vsnprintf(small, sizeof small, fmt, aq);
	va_end(aq);
	if (n < 0)
		small[0] = '\0';
	else if ((size_t)n >= sizeof small &&
	         (m.text = malloc((size_t)n + 1)) != NULL)
		vsnprintf(m.text, (size_t)n + 1, fmt, ap);
	else if ((size_t)n >= sizeof small)
		m.text = small; /* cut short rather than lost */
	if (collector != NULL)
		diag_list_add(collector, &m);
	else
		(void)diag_print(stderr, &m);
	if (m.text != small)
		free(m.text);
}

void diag_error(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_put(DIAG_ERROR, file, line, col, fmt, ap);
	va_end(ap);
}

int diag_fail(diag_err *e, long line, long col, const char *fmt, ...)
{
	va_list ap;

	e->line = line;
	e->col = col;
	e->file[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void diag_report(const char *file, const diag_err *e)
{
	diag_error(e->file[0] ? e->file : file, e->line, e->col, "%s",
	           e->msg);
}

void diag_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_put(DIAG_WARNING, NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void diag_warn_at(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_put(DIAG_WARNING, file, line, col, fmt, ap);
	va_end(ap);
}

void diag_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_put(DIAG_NOTE, NULL, 0, 0, fmt, ap);
	va_end(ap);
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
