/*
 * report.c - JUnit XML and TAP writers for --report.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "base/utf8.h"

/* s as XML text: escaped, and with UTF8_REPLACEMENT for each byte that
 * does not start well-formed UTF-8 (the document says it is UTF-8, and a
 * file name may hold any bytes). */
static void xml_byte(FILE *f, unsigned char c, const void *arg)
{
	(void)arg;
	switch (c) {
	case '<':
		fputs("&lt;", f);
		break;
	case '>':
		fputs("&gt;", f);
		break;
	case '&':
		fputs("&amp;", f);
		break;
	case '"':
		fputs("&quot;", f);
		break;
	case '\n': /* kept as character references: a parser */
	case '\r': /* turns them, written as they are, into */
	case '\t': /* spaces in an attribute's value */
		fprintf(f, "&#%d;", c);
		break;
	default:
		if (c < 0x20)
			fputc('?', f); /* not allowed in XML 1.0 */
		else
			fputc(c, f);
	}
}

static void xml_text(FILE *f, const char *s)
{
	utf8_write(f, s, strlen(s), xml_byte, NULL);
}

int report_junit(FILE *f, const report_case *c, size_t n, const char *error)
{
	size_t failures = 0, nerr = error != NULL, tests = n + nerr;
	double total = 0;
	char errors[48] = "";

	/* A case that could not run is an error, not a failed check. */
	for (size_t i = 0; i < n; i++) {
		failures += !c[i].ok && !c[i].error;
		nerr += !c[i].ok && c[i].error;
		total += c[i].seconds;
	}
	if (nerr > 0)
		snprintf(errors, sizeof errors, " errors=\"%zu\"", nerr);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f,
	        "<testsuites tests=\"%zu\" failures=\"%zu\"%s "
	        "time=\"%.6f\">\n",
	        tests, failures, errors, total);
	fprintf(f,
	        "<testsuite name=\"astar\" tests=\"%zu\" failures=\"%zu\"%s "
	        "time=\"%.6f\">\n",
	        tests, failures, errors, total);
	for (size_t i = 0; i < n; i++) {
		fputs("<testcase classname=\"astar\" name=\"", f);
		xml_text(f, c[i].name);
		fprintf(f, "\" time=\"%.6f\"", c[i].seconds);
		if (c[i].ok) {
			fputs("/>\n", f);
			continue;
		}
		fputs(c[i].error ? "><error message=\"" : "><failure message=\"",
		      f);
		xml_text(f, c[i].message ? c[i].message : "failed");
		fputs("\"/></testcase>\n", f);
	}
	if (error != NULL) {
		fputs("<testcase classname=\"astar\" name=\"astar --check\" "
		      "time=\"0.000000\"><error message=\"",
		      f);
		xml_text(f, error);
		fputs("\"/></testcase>\n", f);
	}
	fputs("</testsuite>\n</testsuites>\n", f);
	return ferror(f) ? -1 : 0;
}

/* s in a TAP stream, one line: each byte of `special` after a backslash,
 * control characters (a newline would start a line of its own, even a
 * forged "not ok") as \xNN, and UTF8_REPLACEMENT for each byte that does
 * not start well-formed UTF-8. */
static void tap_byte(FILE *f, unsigned char c, const void *special)
{
	if (strchr(special, c) != NULL)
		fprintf(f, "\\%c", c);
	else if (c < 0x20 || c == 0x7f)
		fprintf(f, "\\x%02x", c);
	else
		fputc(c, f);
}

static void tap_text(FILE *f, const char *s, const char *special)
{
	utf8_write(f, s, strlen(s), tap_byte, special);
}

/* A test's description: '#' would start a directive (a name holding
 * "# SKIP" would turn a failure into a skip), so it and the backslash
 * are escaped, as TAP says. */
#define TAP_NAME_SPECIAL "#\\"
/* The message inside a YAML double-quoted string. */
#define TAP_YAML_SPECIAL "\"\\"

int report_tap_case(FILE *f, size_t number, const report_case *c)
{
	fprintf(f, "%s %zu - ", c->ok ? "ok" : "not ok", number);
	tap_text(f, c->name, TAP_NAME_SPECIAL);
	fputc('\n', f);
	if (!c->ok && c->message) {
		fputs("  ---\n  message: \"", f);
		tap_text(f, c->message, TAP_YAML_SPECIAL);
		fputs("\"\n  ...\n", f);
	}
	return ferror(f) ? -1 : 0;
}

int report_tap_header(FILE *f)
{
	fputs("TAP version 13\n", f);
	return ferror(f) ? -1 : 0;
}

int report_tap_plan(FILE *f, size_t n)
{
	fprintf(f, "1..%zu\n", n);
	return ferror(f) ? -1 : 0;
}

/* s in a workflow command: escaped as GitHub's toolkit escapes (its
 * escapeData, and with property set its escapeProperty), and each byte
 * that does not start well-formed UTF-8 as UTF8_REPLACEMENT. */
static void github_byte(FILE *f, unsigned char c, const void *property)
{
	if (c == '%')
		fputs("%25", f);
	else if (c == '\r')
		fputs("%0D", f);
	else if (c == '\n')
		fputs("%0A", f);
	else if (property != NULL && c == ':')
		fputs("%3A", f);
	else if (property != NULL && c == ',')
		fputs("%2C", f);
	else
		fputc(c, f);
}

static void github_text(FILE *f, const char *s, int property)
{
	utf8_write(f, s, strlen(s), github_byte, property ? "" : NULL);
}

int report_github(FILE *f, const char *level, const char *file, long line,
                  long col, const char *title, const char *message)
{
	const char *sep = " ";

	fprintf(f, "::%s", level);
	if (file != NULL) {
		fputs(" file=", f);
		github_text(f, file, 1);
		sep = ",";
		if (line > 0) {
			fprintf(f, ",line=%ld", line);
			if (col > 0)
				fprintf(f, ",col=%ld", col);
		}
	}
	if (title != NULL) {
		fprintf(f, "%stitle=", sep);
		github_text(f, title, 1);
	}
	fputs("::", f);
	github_text(f, message, 0);
	fputc('\n', f);
	return ferror(f) ? -1 : 0;
}
