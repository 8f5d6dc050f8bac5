/*
 * graph_reports.c - the --report files of graph inputs (graph_reports.h),
 * through the writers the batch's reports use (report.c, report_md.c,
 * report_html.c), and the pictures of the HTML page's failed checks,
 * drawn as --image draws a graph query.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "graph_reports.h"
#include "outfile.h"
#include "write/image_graph.h"
#include "write/report_html.h"
#include "write/report_md.h"

static char *dup_or_null(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

void graph_case_add(graph_cases *c, const char *file, const char *what,
                    const char *why, long line, long col)
{
	report_case *k;
	size_t len = strlen(file) + strlen(what) + 3;

	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		report_case *v = realloc(c->v, cap * sizeof *v);

		if (v == NULL) {
			c->nomem = 1;
			return;
		}
		c->v = v;
		c->cap = cap;
	}
	k = &c->v[c->n];
	memset(k, 0, sizeof *k);
	k->name = malloc(len);
	k->file = strdup(file);
	k->message = dup_or_null(why);
	if (k->name == NULL || k->file == NULL || (why != NULL && !k->message)) {
		free(k->name);
		free(k->file);
		free(k->message);
		c->nomem = 1;
		return;
	}
	snprintf(k->name, len, "%s: %s", file, what);
	k->ok = why == NULL;
	k->line = line;
	k->col = col;
	c->n++;
}

/* One report into path (NULL or "-": standard output). */
static int write_one(const char *path, const graph_cases *c, int kind)
{
	outfile_tx t;
	diag_err err;
	FILE *f = stdout;

	memset(&err, 0, sizeof err);
	if (path != NULL && strcmp(path, "-") != 0) {
		if (outfile_begin(&t, path, &err) != 0) {
			diag_report(NULL, &err);
			return -1;
		}
		f = t.f;
	}
	if (kind == 0)
		report_junit(f, c->v, c->n, c->n == 0 ? "no check ran" : NULL);
	if (kind == 1) {
		report_tap_header(f);
		for (size_t i = 0; i < c->n; i++)
			report_tap_case(f, i + 1, &c->v[i]);
		report_tap_plan(f, c->n);
	}
	if (kind == 3) {
		size_t failed = 0;

		for (size_t i = 0; i < c->n; i++)
			failed += !c->v[i].ok;
		if (f == stdout)
			putchar('\n'); /* apart from the results */
		report_markdown(f, c->v, c->n, c->n, failed,
		                c->n == 0 ? "no check ran" : NULL);
	}
	if (kind == 4)
		report_html(f, c->v, c->n, c->n == 0 ? "no check ran" : NULL);
	for (size_t i = 0; kind == 2 && i < c->n; i++)
		if (!c->v[i].ok)
			report_github(f, "error", c->v[i].file, c->v[i].line,
			              c->v[i].col, c->v[i].name, c->v[i].message);
	if (f != stdout && outfile_commit(&t, &err) != 0) {
		diag_report(path, &err);
		return -1;
	}
	return 0;
}

int graph_reports_refuse(const cli_config *cfg)
{
	const char *r[5] = {cfg->junit, cfg->tap_file, cfg->github_file,
	                    cfg->markdown_file, cfg->html};

	for (int k = 0; k < 5; k++)
		for (int i = 0; r[k] != NULL && i < cfg->nfiles; i++)
			if (strcmp(cfg->files[i], "-") != 0 &&
			    outfile_same_dest(r[k], cfg->files[i])) {
				diag_error(r[k], 0, 0, "is also an input of "
				           "this run; not overwriting it");
				return -1;
			}
	return 0;
}

int graph_reports_write(const cli_config *cfg, const graph_cases *c)
{
	int rc = 0;

	if (c->nomem) {
		diag_error(NULL, 0, 0, "out of memory");
		return -1;
	}
	if (cfg->junit != NULL)
		rc |= write_one(cfg->junit, c, 0);
	if (cfg->tap)
		rc |= write_one(cfg->tap_file, c, 1);
	if (cfg->github)
		rc |= write_one(cfg->github_file, c, 2);
	if (cfg->markdown)
		rc |= write_one(cfg->markdown_file, c, 3);
	if (cfg->html != NULL)
		rc |= write_one(cfg->html, c, 4);
	return rc;
}

void graph_case_picture(graph_cases *c, const cli_config *cfg,
                        const graph_file *f, const astar_graph_result *r,
                        const graph_query *q)
{
	report_case *k = c->n > 0 ? &c->v[c->n - 1] : NULL;
	char *png = NULL;
	size_t len = 0;
	diag_err err;
	FILE *m;

	if (k == NULL || k->ok || cfg->html == NULL || !f->has_pos ||
	    c->pictures >= (size_t)cfg->html_images)
		return;
	if ((m = open_memstream(&png, &len)) == NULL) {
		c->nomem = 1;
		return;
	}
	memset(&err, 0, sizeof err);
	if (image_graph_png(m, f, r, q, &err) != 0 || fclose(m) != 0) {
		free(png); /* the page lists the check without its picture */
		return;
	}
	k->png = (unsigned char *)png;
	k->png_len = len;
	c->pictures++;
}

void graph_cases_free(graph_cases *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].name);
		free(c->v[i].file);
		free(c->v[i].message);
		free(c->v[i].png);
	}
	free(c->v);
	memset(c, 0, sizeof *c);
}
