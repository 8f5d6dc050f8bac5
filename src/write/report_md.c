/*
 * report_md.c - the Markdown summary of --report=markdown: the totals and
 * a table of the failed checks, each linked to its line, written for
 * GitHub (its step summary, a pull request comment).
 */
#include <stdio.h>
#include <string.h>

#include "report_md.h"
#include "base/utf8.h"

/* n bytes of s as the text of a table cell or a link: a level's names and
 * paths may hold anything, and none of it may end the cell ('|'), the row
 * (a line break), the link (']'), open code (a backtick) or emphasis, or
 * pass as HTML. */
static void md_byte(FILE *f, unsigned char c, const void *arg)
{
	(void)arg;
	if (c == '<') {
		fputs("&lt;", f);
	} else if (c == '>') {
		fputs("&gt;", f);
	} else if (c == '&') {
		fputs("&amp;", f);
	} else if (c < 0x20 || c == 0x7f) {
		fputc(' ', f); /* a line break would end the row */
	} else {
		if (strchr("\\`*_[]|#~!", c) != NULL)
			fputc('\\', f); /* CommonMark's escape */
		fputc(c, f);
	}
}

static void md_text(FILE *f, const char *s, size_t n)
{
	utf8_write(f, s, n, md_byte, NULL);
}

/* A path as a link's target: bytes other than a URL's plain ones as %XX,
 * so that a space or a parenthesis cannot end it. */
static void md_url(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char b = (unsigned char)*s;
		if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') ||
		    (b >= '0' && b <= '9') || strchr("/-._~", b) != NULL)
			fputc(b, f);
		else
			fprintf(f, "%%%02X", b);
	}
}

/* The case's name less its file, which the next cell gives. */
static const char *check_name(const report_case *k)
{
	size_t fl = k->file != NULL ? strlen(k->file) : 0;

	if (k->file != NULL && strncmp(k->name, k->file, fl) == 0 &&
	    strncmp(k->name + fl, ": ", 2) == 0)
		return k->name + fl + 2;
	return k->name;
}

/* Where the check is written: file:line linked to that line when the
 * path is relative and stays below the folder (what the repository's
 * page can open), as text when not. */
static void where(FILE *f, const report_case *k)
{
	const char *p = k->file;
	char line[32] = "";

	if (p == NULL)
		return;
	while (strncmp(p, "./", 2) == 0)
		p += 2;
	if (k->line > 0)
		snprintf(line, sizeof line, ":%ld", k->line);
	if (p[0] == '/' || strncmp(p, "../", 3) == 0 || strstr(p, "/../")) {
		md_text(f, p, strlen(p));
		fputs(line, f);
		return;
	}
	fputc('[', f);
	md_text(f, p, strlen(p));
	fprintf(f, "%s](", line);
	md_url(f, p);
	if (k->line > 0)
		fprintf(f, "#L%ld", k->line);
	fputc(')', f);
}

/*
 * One side of a failure's message, which check.c writes as "expected X,
 * got Y" parts joined by "; ": side 0 the Xs, side 1 the Ys, one a line.
 * A part of another shape (a reach assertion's "2 of 3 targets
 * unreachable ...") is what came: side 1 has it whole.
 */
static void side(FILE *f, const char *msg, int which)
{
	int first = 1;

	while (msg != NULL && *msg) {
		const char *sep = strstr(msg, "; ");
		size_t n = sep != NULL ? (size_t)(sep - msg) : strlen(msg);
		const char *got = strstr(msg, ", got ");
		const char *s = NULL;
		size_t len = 0;

		if (strncmp(msg, "expected ", 9) == 0 && got != NULL &&
		    got < msg + n) {
			s = which == 0 ? msg + 9 : got + 6;
			len = which == 0 ? (size_t)(got - s)
			                 : (size_t)(msg + n - s);
		} else if (which == 1) {
			s = msg;
			len = n;
		}
		fputs(first ? "" : "<br>", f);
		if (s != NULL)
			md_text(f, s, len);
		first = 0;
		msg = sep != NULL ? sep + 2 : NULL;
	}
}

static void failed_row(FILE *f, const report_case *k)
{
	const char *name = check_name(k);
	const char *msg = k->message ? k->message : "failed";

	fputs("| ", f);
	md_text(f, name, strlen(name));
	fputs(" | ", f);
	where(f, k);
	fputs(" | ", f);
	side(f, msg, 0);
	fputs(" | ", f);
	side(f, msg, 1);
	fputs(" |\n", f);
}

int report_markdown(FILE *f, const report_case *c, size_t n,
                    size_t checked, size_t failed, const char *nothing)
{
	size_t errors = 0;

	for (size_t i = 0; i < n; i++)
		errors += !c[i].ok && c[i].error;
	fputs("### astar\n\n", f);
	fprintf(f, "checked %zu, passed %zu, failed %zu", checked,
	        checked - failed, failed);
	if (errors > 0) /* queries that could not run: no check failed */
		fprintf(f, ", errors %zu", errors);
	fputs("\n\n", f);
	if (nothing != NULL) {
		fputs(":x: ", f);
		md_text(f, nothing, strlen(nothing));
		fputs("\n", f);
	} else if (failed == 0 && errors == 0) {
		fprintf(f, ":white_check_mark: all %zu checks passed\n",
		        checked);
	} else {
		fputs("| Check | Where | Expected | Got |\n", f);
		fputs("| --- | --- | --- | --- |\n", f);
		for (size_t i = 0; i < n; i++)
			if (!c[i].ok)
				failed_row(f, &c[i]);
	}
	return ferror(f) ? -1 : 0;
}
