/*
 * reports.c - the --report files over a run: all judged and begun
 * before the batch starts (an input is not overwritten), a TAP line a
 * case and the GitHub annotations of an item as the results come,
 * JUnit's document and TAP's plan at the end, or "Bail out!" when the run
 * ends short.  A report file is written under a new name and put in
 * place at the end (outfile.h), so that a refusal, a failure, a stop or
 * a crash leaves the old file as it was, never a part of the new one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "write/report_md.h"
#include "stop.h"
#include "write/report_html.h"

/* Whether path would write one of the --report files. */
int is_report_path(const batch *b, const char *path)
{
	const cli_config *cfg = b->cfg;

	return (cfg->tap_file && outfile_same_dest(path, cfg->tap_file)) ||
	       (cfg->junit && outfile_same_dest(path, cfg->junit)) ||
	       (cfg->github_file && outfile_same_dest(path, cfg->github_file)) ||
	       (cfg->markdown_file &&
	        outfile_same_dest(path, cfg->markdown_file)) ||
	       (cfg->html && outfile_same_dest(path, cfg->html));
}

/* Reports (and returns 1) when a --report path is an input of the run. */
static int refuse_report(const batch *b, const char *path)
{
	outfile_id id;

	if (outfile_regular_id(path, &id) != 0 ||
	    !outfile_set_has(&b->inputs, &id))
		return 0;
	diag_error(path, 0, 0,
	           "is also an input of this run; not overwriting it");
	return 1;
}

/* Drops the report files begun: the old ones stay as they were. */
static void drop_all(reports *rep)
{
	for (int i = 0; i < 4; i++)
		outfile_abort(&rep->tx[i]);
	rep->tap = rep->tap == stdout ? stdout : NULL;
	rep->junit = rep->github = rep->html = NULL;
	outfile_abort(&rep->md_tx);
	rep->md = NULL;
}

/* Reports (and returns 1) when --report=markdown's file is another
 * report's. */
static int md_one_file(const cli_config *cfg)
{
	const char *m = cfg->markdown_file;

	if (m && ((cfg->tap_file && outfile_same_dest(m, cfg->tap_file)) ||
	          (cfg->junit && outfile_same_dest(m, cfg->junit)) ||
	          (cfg->github_file && outfile_same_dest(m, cfg->github_file)) ||
	          (cfg->html && outfile_same_dest(m, cfg->html)))) {
		diag_error(m, 0, 0,
		           "is named by two --report options; give each its "
		           "own file");
		return 1;
	}
	return 0;
}

/* Reports (and returns 1) when two --report options name one file: each
 * would overwrite the other. */
static int one_file(const cli_config *cfg)
{
	const char *t = cfg->tap_file, *j = cfg->junit, *g = cfg->github_file;
	const char *h = cfg->html;

	if (t && j && outfile_same_dest(t, j)) {
		diag_error(j, 0, 0,
		           "is named by both --report=tap and --report=junit; "
		           "give each its own file");
		return 1;
	}
	if (g && ((t && outfile_same_dest(g, t)) ||
	          (j && outfile_same_dest(g, j)))) {
		diag_error(g, 0, 0,
		           "is named by two --report options; give each its "
		           "own file");
		return 1;
	}
	if (h && ((t && outfile_same_dest(h, t)) ||
	          (j && outfile_same_dest(h, j)) ||
	          (g && outfile_same_dest(h, g)))) {
		diag_error(h, 0, 0,
		           "is named by two --report options; give each its "
		           "own file");
		return 1;
	}
	return md_one_file(cfg);
}

/* Begins a report file (outfile_begin) in rep->tx[i], reporting why it
 * could not be; its stream, or NULL. */
static FILE *open_report(reports *rep, int i, const char *path)
{
	diag_err err;

	memset(&err, 0, sizeof err);
	if (outfile_begin(&rep->tx[i], path, &err) == 0)
		return rep->tx[i].f;
	if (err.msg[0] != '\0')
		diag_report(path, &err);
	return NULL;
}

/* Begins --report=markdown's file, when the others before it were. */
static void open_markdown(reports *rep, const cli_config *cfg)
{
	diag_err err;

	if (!cfg->markdown || (cfg->tap && rep->tap == NULL) ||
	    (cfg->junit && rep->junit == NULL) ||
	    (cfg->github && rep->github == NULL))
		return;
	if (cfg->markdown_file == NULL) {
		rep->md = stdout;
		return;
	}
	memset(&err, 0, sizeof err);
	if (outfile_begin(&rep->md_tx, cfg->markdown_file, &err) == 0)
		rep->md = rep->md_tx.f;
	else if (err.msg[0] != '\0')
		diag_report(cfg->markdown_file, &err);
}

int reports_open(reports *rep, batch *b)
{
	const cli_config *cfg = b->cfg;

	/* All paths are judged before any file is begun; nothing is put in
	 * a report's place before the run ends (reports_finish). */
	if ((cfg->tap_file && refuse_report(b, cfg->tap_file)) ||
	    (cfg->junit && refuse_report(b, cfg->junit)) ||
	    (cfg->github_file && refuse_report(b, cfg->github_file)) ||
	    (cfg->markdown_file && refuse_report(b, cfg->markdown_file)) ||
	    (cfg->html && refuse_report(b, cfg->html)) || one_file(cfg))
		return -1;
	if (cfg->tap)
		rep->tap = cfg->tap_file ? open_report(rep, 0, cfg->tap_file)
		                         : stdout;
	if (cfg->junit && (!cfg->tap || rep->tap != NULL))
		rep->junit = open_report(rep, 1, cfg->junit);
	if (cfg->github && (!cfg->tap || rep->tap != NULL) &&
	    (!cfg->junit || rep->junit != NULL))
		rep->github = cfg->github_file
		                      ? open_report(rep, 2, cfg->github_file)
		                      : stdout;
	open_markdown(rep, cfg);
	if (cfg->html && (!cfg->tap || rep->tap != NULL) &&
	    (!cfg->junit || rep->junit != NULL) &&
	    (!cfg->github || rep->github != NULL))
		rep->html = open_report(rep, 3, cfg->html);
	rep->html_images = cfg->html_images;
	if (stop_requested()) { /* nothing is written yet */
		drop_all(rep);
		stop_die(stop_requested());
	}
	if ((cfg->tap && rep->tap == NULL) ||
	    (cfg->junit && rep->junit == NULL) ||
	    (cfg->github && rep->github == NULL) ||
	    (cfg->markdown && rep->md == NULL) ||
	    (cfg->html && rep->html == NULL)) {
		drop_all(rep); /* the failure was said where it happened */
		return -1;
	}
	if (rep->tap != NULL)
		report_tap_header(
			rep->tap); /* its errors count with the plan's */
	b->rep = rep;
	return 0;
}

/* A diagnostic as a GitHub annotation: errors and warnings, in their
 * file at their line and column. */
static void annotate_diag(FILE *f, const diag_msg *m)
{
	if (m->level == DIAG_NOTE)
		return; /* a failed check's line: its case says it */
	report_github(f, m->level == DIAG_ERROR ? "error" : "warning", m->file,
	              m->line, m->col, "astar", m->text);
}

void reports_diags(reports *rep, const diag_list *l)
{
	for (size_t i = 0; rep->github != NULL && i < l->n; i++)
		annotate_diag(rep->github, &l->v[i]);
}

/* The title of a failed check's annotation: "astar --check: NAME" for
 * a map's query (its case's name less the file, which the annotation
 * gives), "astar --check" for a scenario's line. */
static void check_title(char *buf, size_t n, const report_case *k)
{
	size_t fl = k->file != NULL ? strlen(k->file) : 0;

	if (k->file != NULL && strncmp(k->name, k->file, fl) == 0 &&
	    strncmp(k->name + fl, ": ", 2) == 0)
		snprintf(buf, n, "astar --check: %s", k->name + fl + 2);
	else
		snprintf(buf, n, "astar --check");
}

/* An item's annotations: its diagnostics, then its cases that failed a
 * check (those that could not run have their error among the
 * diagnostics), each at the query's place. */
static void annotate(reports *rep, const item *it)
{
	char title[LABEL_MAX];

	reports_diags(rep, &it->msgs);
	for (size_t c = 0; c < it->ncases; c++) {
		const report_case *k = &it->cases[c];
		if (k->ok || k->error)
			continue;
		check_title(title, sizeof title, k);
		report_github(rep->github, "error", k->file, k->line, k->col,
		              title, k->message ? k->message : "failed");
		/* And on the level, for a change that touched it alone. */
		if (k->level_file != NULL &&
		    (k->file == NULL || strcmp(k->file, k->level_file) != 0))
			report_github(rep->github, "error", k->level_file,
			              k->level_line, k->level_col, title,
			              k->message ? k->message : "failed");
	}
}

/* The HTML page's pictures: the first --report-images of the run, in
 * its order; those past them are dropped (each item drew its own first
 * ones, so that the pictures kept do not depend on the threads). */
static void keep_pictures(reports *rep, item *it)
{
	for (size_t c = 0; c < it->ncases; c++) {
		report_case *k = &it->cases[c];
		if (k->png == NULL)
			continue;
		if (atomic_load(&rep->pictures) < rep->html_images) {
			atomic_fetch_add(&rep->pictures, 1);
			continue;
		}
		free(k->png);
		k->png = NULL;
		k->png_len = 0;
	}
}

int reports_add(reports *rep, item *it)
{
	report_case *na;

	for (size_t c = 0; rep->tap && c < it->ncases; c++)
		report_tap_case(rep->tap, ++rep->ntap, &it->cases[c]);
	if (rep->github != NULL)
		annotate(rep, it);
	if ((rep->junit == NULL && rep->md == NULL && rep->html == NULL) ||
	    it->ncases == 0)
		return 0;
	keep_pictures(rep, it);
	na = realloc(rep->all, (rep->nall + it->ncases) * sizeof *na);
	if (na == NULL)
		return -1;
	rep->all = na;
	memcpy(rep->all + rep->nall, it->cases, it->ncases * sizeof *na);
	rep->nall += it->ncases;
	free(it->cases); /* the names now belong to `all` */
	it->cases = NULL;
	it->ncases = 0;
	return 0;
}

/* Puts report file i in its place (outfile_commit); on failure says so
 * and makes the exit status 2.  A report through a standard stream is
 * flushed: standard output's last flush is the caller's to judge. */
static void commit(reports *rep, int i, const char *path,
                   enum exit_status *status)
{
	FILE *f = rep->tx[i].f;
	diag_err err;

	memset(&err, 0, sizeof err);
	if (f == stderr) {
		if (ferror(f) || fflush(f) != 0)
			*status = EXIT_ERROR; /* nowhere to say so */
		return;
	}
	if (f != NULL && outfile_commit(&rep->tx[i], &err) != 0) {
		diag_report(path, &err);
		*status = EXIT_ERROR;
	}
}

/* TAP's plan, then the file in its place. */
static void finish_tap(reports *rep, const cli_config *cfg,
                       enum exit_status *status)
{
	/* A run that checked nothing is a failure a reader of the stream
	 * sees, not a green plan of its queries. */
	if (rep->nothing != NULL) {
		report_case none;
		memset(&none, 0, sizeof none);
		none.name = (char *)"astar --check";
		none.message = (char *)rep->nothing;
		report_tap_case(rep->tap, ++rep->ntap, &none);
	}
	(void)report_tap_plan(rep->tap, rep->ntap); /* the stream's error */
	commit(rep, 0, cfg->tap_file, status);
	rep->tap = NULL;
}

/* JUnit's document, then the file in its place. */
static void finish_junit(reports *rep, const cli_config *cfg,
                         enum exit_status *status)
{
	if (rep->junit == NULL)
		return;
	/* A failed write leaves the stream in error, which the commit
	 * (or, through stdout, the last flush) reports. */
	(void)report_junit(rep->junit, rep->all, rep->nall, rep->nothing);
	commit(rep, 1, cfg->junit, status);
	rep->junit = NULL;
}

/* The Markdown summary, after the results and their totals when it goes
 * to standard output, then its file in its place. */
static void finish_markdown(reports *rep, const cli_config *cfg,
                            enum exit_status *status)
{
	diag_err err;
	size_t checked = rep->checked, failed = rep->failed;

	if (rep->md == NULL)
		return;
	if (!cfg->check) { /* each query is a case: did it find its way */
		checked = rep->nall;
		failed = 0;
		for (size_t i = 0; i < rep->nall; i++) {
			failed += !rep->all[i].ok && !rep->all[i].error;
			checked -= !rep->all[i].ok && rep->all[i].error;
		}
	}
	if (rep->md == stdout)
		putchar('\n'); /* apart from the results' last line */
	(void)report_markdown(rep->md, rep->all, rep->nall, checked, failed,
	                      rep->nothing);
	memset(&err, 0, sizeof err);
	if (rep->md != stdout && outfile_commit(&rep->md_tx, &err) != 0) {
		diag_report(cfg->markdown_file, &err);
		*status = EXIT_ERROR;
	}
	rep->md = NULL;
}

void reports_finish(reports *rep, const cli_config *cfg,
                    enum exit_status *status)
{
	if (rep->tap)
		finish_tap(rep, cfg, status);
	finish_junit(rep, cfg, status);
	if (rep->github != NULL)
		commit(rep, 2, cfg->github_file, status);
	rep->github = NULL;
	finish_markdown(rep, cfg, status);
	if (rep->html != NULL) {
		(void)report_html(rep->html, rep->all, rep->nall,
		                  rep->nothing); /* its error: the commit's */
		commit(rep, 3, cfg->html, status);
	}
	rep->html = NULL;
}

void reports_end_early(reports *rep, FILE *tap, const char *why)
{
	diag_err err;

	if (rep == NULL)
		return;
	/* The run ended before its last case: TAP's plan would claim a
	 * count it did not reach, and JUnit's document is left out. */
	if (tap != NULL && tap == rep->tap) {
		fprintf(tap, "Bail out! %s\n", why);
		fflush(tap);
	}
	outfile_abort(&rep->tx[1]);
	outfile_abort(&rep->tx[3]);
	rep->junit = rep->html = NULL;
	outfile_abort(&rep->md_tx); /* a summary of a part is no summary */
	rep->md = NULL;
	for (int i = 0; i < 3; i += 2)
		if (rep->tx[i].f != NULL)
			(void)outfile_commit(&rep->tx[i], &err);
}

void reports_close(reports *rep)
{
	for (int i = 0; i < 4; i++)
		outfile_abort(&rep->tx[i]); /* those not put in place */
	outfile_abort(&rep->md_tx);
	for (size_t i = 0; i < rep->nall; i++) {
		free(rep->all[i].name);
		free(rep->all[i].message);
		free(rep->all[i].file);
		free(rep->all[i].level_file);
		free(rep->all[i].expected);
		free(rep->all[i].got);
		free(rep->all[i].png);
	}
	free(rep->all);
	memset(rep, 0, sizeof *rep);
}
