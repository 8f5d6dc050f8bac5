/*
 * reports.c - the --report files over a run: all judged and opened
 * before the batch starts (an input is not overwritten, and a refusal or
 * failure leaves them as they were), a TAP line a case and the GitHub
 * annotations of an item as the results come, JUnit's document and
 * TAP's plan at the end, or "Bail out!" when the run ends short.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "stop.h"

/* Whether the file id is one of the open --report files (b->reports). */
int is_report_id(const batch *b, const outfile_id *id)
{
	for (int i = 0; i < b->nreports; i++)
		if (outfile_same(&b->reports[i], id))
			return 1;
	return 0;
}

/* Notes an open --report file in b->reports (when it is a regular file),
 * for is_report_id. */
static void note_report(batch *b, FILE *f)
{
	if (f != NULL && outfile_stream_id(f, &b->reports[b->nreports]) == 0)
		b->nreports++;
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

/* Removes the report files this run created: what was not there is
 * not left there. */
static void unmake(const reports *rep, const cli_config *cfg)
{
	if (rep->tap_made)
		unlink(cfg->tap_file);
	if (rep->junit_made)
		unlink(cfg->junit);
	if (rep->github_made)
		unlink(cfg->github_file);
}

/* Whether the open reports cannot be used: one failed to open, both are
 * one file, or one could not be emptied (each reported). */
static int unusable(const reports *rep, const cli_config *cfg)
{
	FILE *tap = rep->tap, *junit = rep->junit, *gh = rep->github;
	int tap_file = tap != NULL && !outfile_is_std(tap);
	int junit_file = junit != NULL && !outfile_is_std(junit);
	int gh_file = gh != NULL && !outfile_is_std(gh);
	diag_err err;

	if ((cfg->tap && tap == NULL) || (cfg->junit && junit == NULL) ||
	    (cfg->github && gh == NULL))
		return 1; /* said when it was opened */
	if (tap_file && junit_file && outfile_one_file(tap, junit, &err)) {
		diag_report(cfg->junit, &err);
		return 1;
	}
	if (gh_file && ((tap_file && outfile_one_file(tap, gh, &err)) ||
	                (junit_file && outfile_one_file(junit, gh, &err)))) {
		diag_fail(&err, 0, 0,
		          "is named by two --report options; give each its "
		          "own file");
		diag_report(cfg->github_file, &err);
		return 1;
	}
	if (gh_file && outfile_empty(gh, &err) != 0) {
		diag_report(cfg->github_file, &err);
		return 1;
	}
	if (tap_file && outfile_empty(tap, &err) != 0) {
		diag_report(cfg->tap_file, &err);
		return 1;
	}
	if (junit_file && outfile_empty(junit, &err) != 0) {
		diag_report(cfg->junit, &err);
		return 1;
	}
	return 0;
}

/* Opens a report file (outfile_open), reporting why it could not be. */
static FILE *open_report(const char *path, int *made)
{
	diag_err err;
	FILE *f;

	memset(&err, 0, sizeof err);
	f = outfile_open(path, made, &err);
	if (f == NULL && err.msg[0] != '\0')
		diag_report(path, &err);
	return f;
}

int reports_open(reports *rep, batch *b)
{
	const cli_config *cfg = b->cfg;

	/* Both paths are judged, then both files opened, before either is
	 * emptied: a refusal or a failure leaves both as they were. */
	if ((cfg->tap_file && refuse_report(b, cfg->tap_file)) ||
	    (cfg->junit && refuse_report(b, cfg->junit)) ||
	    (cfg->github_file && refuse_report(b, cfg->github_file)))
		return -1;
	if (cfg->tap)
		rep->tap = cfg->tap_file
		                   ? open_report(cfg->tap_file, &rep->tap_made)
		                   : stdout;
	if (cfg->junit && (!cfg->tap || rep->tap != NULL))
		rep->junit = open_report(cfg->junit, &rep->junit_made);
	if (cfg->github && (!cfg->tap || rep->tap != NULL) &&
	    (!cfg->junit || rep->junit != NULL))
		rep->github = cfg->github_file ? open_report(cfg->github_file,
		                                             &rep->github_made)
		                               : stdout;
	if (stop_requested()) { /* nothing is written yet, nor left behind */
		unmake(rep, cfg);
		stop_die(stop_requested(), NULL, NULL);
	}
	rep->tap = outfile_through_std(rep->tap);
	rep->junit = outfile_through_std(rep->junit);
	rep->github = outfile_through_std(rep->github);
	if (unusable(rep, cfg)) {
		unmake(rep, cfg);
		return -1;
	}
	if (rep->tap != NULL)
		report_tap_header(
			rep->tap); /* its errors count with the plan's */
	note_report(b, rep->tap);
	note_report(b, rep->junit);
	note_report(b, rep->github);
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
	}
}

int reports_add(reports *rep, item *it)
{
	report_case *na;

	for (size_t c = 0; rep->tap && c < it->ncases; c++)
		report_tap_case(rep->tap, ++rep->ntap, &it->cases[c]);
	if (rep->github != NULL)
		annotate(rep, it);
	if (rep->junit == NULL || it->ncases == 0)
		return 0;
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

/* TAP's plan, and the file closed; the exit status is made 2 when it
 * could not be written. */
static void finish_tap(reports *rep, const cli_config *cfg,
                       enum exit_status *status)
{
	/* A write that failed before the end leaves the stream in error,
	 * which fclose does not report.  Through stdout, the last flush
	 * reports one. */
	int bad;

	/* A run that checked nothing is a failure a reader of the stream
	 * sees, not a green plan of its queries. */
	if (rep->nothing != NULL) {
		report_case none;
		memset(&none, 0, sizeof none);
		none.name = (char *)"astar --check";
		none.message = (char *)rep->nothing;
		report_tap_case(rep->tap, ++rep->ntap, &none);
	}
	bad = report_tap_plan(rep->tap, rep->ntap) != 0;

	if (!outfile_is_std(rep->tap)) {
		errno = 0;
		bad |= fclose(rep->tap) != 0;
		if (bad) {
			diag_error(cfg->tap_file, 0, 0, "%s",
			           strerror(errno ? errno : EIO));
			*status = EXIT_ERROR;
		}
	} else if (rep->tap == stderr && (bad || fflush(stderr) != 0)) {
		*status = EXIT_ERROR; /* nowhere to say so */
	}
	rep->tap = NULL;
}

/* JUnit's document, and the file closed (as finish_tap). */
static void finish_junit(reports *rep, const cli_config *cfg,
                         enum exit_status *status)
{
	FILE *junit = rep->junit;

	if (junit == stdout) {
		/* A failure is the last flush's to report. */
		(void)report_junit(junit, rep->all, rep->nall, rep->nothing);
	} else if (junit != NULL) {
		int bad = report_junit(junit, rep->all, rep->nall,
		                       rep->nothing) != 0;
		errno = 0;
		bad |= (junit == stderr ? fflush(junit) : fclose(junit)) != 0;
		if (bad) {
			diag_error(cfg->junit, 0, 0, "%s",
			           strerror(errno ? errno : EIO));
			*status = EXIT_ERROR;
		}
	}
	rep->junit = NULL;
}

/* The GitHub report closed (as finish_tap). */
static void finish_github(reports *rep, const cli_config *cfg,
                          enum exit_status *status)
{
	FILE *f = rep->github;
	int bad;

	if (f == NULL)
		return;
	bad = ferror(f) != 0;
	if (!outfile_is_std(f)) {
		errno = 0;
		bad |= fclose(f) != 0;
		if (bad) {
			diag_error(cfg->github_file, 0, 0, "%s",
			           strerror(errno ? errno : EIO));
			*status = EXIT_ERROR;
		}
	} else if (f == stderr && (bad || fflush(stderr) != 0)) {
		*status = EXIT_ERROR;
	}
	rep->github = NULL;
}

void reports_finish(reports *rep, const cli_config *cfg,
                    enum exit_status *status)
{
	if (rep->tap)
		finish_tap(rep, cfg, status);
	finish_junit(rep, cfg, status);
	finish_github(rep, cfg, status);
}

void reports_bail(reports *rep, const char *why)
{
	/* The run ended before its last case: its plan would claim a count
	 * it did not reach. */
	if (rep->tap != NULL && rep->tap != stdout)
		fprintf(rep->tap, "Bail out! %s\n", why);
}

void reports_close(reports *rep)
{
	if (rep->tap != NULL && !outfile_is_std(rep->tap))
		fclose(rep->tap);
	if (rep->junit != NULL && !outfile_is_std(rep->junit))
		fclose(rep->junit);
	if (rep->github != NULL && !outfile_is_std(rep->github))
		fclose(rep->github);
	for (size_t i = 0; i < rep->nall; i++) {
		free(rep->all[i].name);
		free(rep->all[i].message);
		free(rep->all[i].file);
	}
	free(rep->all);
	memset(rep, 0, sizeof *rep);
}
