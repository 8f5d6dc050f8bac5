/*
 * help.c - the text of --help.  options.c's flag table is in the order
 * getopt_long reports its flags in (its messages about an ambiguous
 * flag list them so), and --help groups them under headings by runs of
 * that table: a run goes from the flag runs[] names to the next one
 * runs[] names, so that a flag added to the table lands in the run of
 * the flag before it.
 */
#include <stdio.h>
#include <string.h>

#include "help.h"

static const char help_head[] = "Find shortest paths on grid maps.\n\n";

static const char help_tail[] =
	"\n"
	"FILE is a map: ASCII ('.' floor, '#' wall, 'S' start, 'G' goal, '1'-'9'\n"
	"terrain cost), JSON, Moving AI .map or voxel map, Tiled .tmx/.tmj or LDtk\n"
	".ldtk; '-' or no FILE reads standard input.\n"
	"Coordinates are 0-based, x the column, y the row.\n"
	"Exit status: 0 path found, 1 no path or a failed check, 2 error.\n";

/* The runs in the order printed, each under its heading (NULL: the one
 * before goes on). */
static const struct {
	const char *first, *title;
} runs[] = {
	{"start", "Search"}, {"format", "Output"}, {"image", NULL},
	{"scen", "Levels"},  {"max-cells", NULL},  {"jobs", "Batches and CI"},
	{"help", "General"},
};

#define NRUNS (sizeof runs / sizeof runs[0])

/* Whether rows[i] begins a run (the r-th when r is set). */
static int run_start(const help_row *row, size_t *r)
{
	for (size_t k = 0; k < NRUNS; k++)
		if (strcmp(runs[k].first, row->name) == 0) {
			if (r != NULL)
				*r = k;
			return 1;
		}
	return 0;
}

/* A snprintf that keeps count: n bytes of size written so far, and no
 * more than size however long the output would be. */
static size_t put(char *text, size_t size, size_t n, const char *fmt,
                  const char *a, const char *b)
{
	int k;

	if (n >= size)
		return n;
	k = snprintf(text + n, size - n, fmt, a, b);
	if (k < 0)
		return n;
	return (size_t)k < size - n ? n + (size_t)k : size - 1;
}

/* Appends the heading, if any, and the rows of the run at rows[from]:
 * each row's left column, then its lines, every one after the first
 * indented to the column of the first. */
static size_t put_run(char *text, size_t size, size_t n, const help_row *rows,
                      size_t nrows, size_t from, const char *title)
{
	if (title != NULL)
		n = put(text, size, n, "%s%s:\n", from > 0 ? "\n" : "", title);
	for (size_t i = from;
	     i < nrows && (i == from || !run_start(&rows[i], NULL)); i++) {
		const char *h = rows[i].help, *nl;
		n = put(text, size, n, "  %-24s %s", rows[i].usage, "");
		while ((nl = strchr(h, '\n')) != NULL) {
			char line[128];
			snprintf(line, sizeof line, "%.*s", (int)(nl - h), h);
			n = put(text, size, n, "%s\n%27s", line, "");
			h = nl + 1;
		}
		n = put(text, size, n, "%s\n%s", h, "");
	}
	return n;
}

size_t help_text(char *text, size_t size, const help_row *rows, size_t n)
{
	size_t len = put(text, size, 0, "%s%s", help_head, "");
	size_t r;

	for (size_t k = 0; k < NRUNS; k++)
		for (size_t i = 0; i < n; i++)
			if (run_start(&rows[i], &r) && r == k)
				len = put_run(text, size, len, rows, n, i,
				              runs[k].title);
	return put(text, size, len, "%s%s", help_tail, "");
}
