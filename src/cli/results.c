/*
 * results.c - the items' results written in input order: each item's
 * diagnostics, then its output, then its report cases, as the item
 * comes; a progress line on a terminal meanwhile; and --check's summary
 * at the end (the queries that could not run counted apart), after an
 * error for each --only pattern that matched no query.  A run cut short ends here too (end_early, whose only
 * caller this is): the writes in progress waited for (run_state.c), the
 * reports ended, the process dead of its signal.  Alone, the main thread
 * gives each item to the pool's work, not to solve.c by name.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver.h"
#include "run_state.h"
#include "stop.h"

/* The run ends now (the process dies of sig), the reports ended early
 * (reports_end_early; tap: as there) once the pictures and rewrites
 * begun are whole. */
static _Noreturn void end_early(batch *b, int sig, FILE *tap, const char *why)
{
	run_stop_and_wait(b);
	reports_end_early(b->rep, tap, why);
	stop_die(sig);
}

/* Sends out the results written so far (and a TAP file's lines) before
 * a wait; a failed flush keeps its errno in *write_err, which the next
 * write then reports (EPIPE ends the run by SIGPIPE). */
void flush_results(FILE *tap, int *write_err)
{
	if (fflush(stdout) != 0 && !*write_err)
		*write_err = errno ? errno : EIO;
	if (tap != NULL && tap != stdout)
		fflush(tap);
}

/* After a failed write of the output, its errno kept in *write_err
 * (the first failure's): a reader that went away (EPIPE) ends the run
 * now, by SIGPIPE as a filter's, a TAP file saying so; otherwise the
 * caller stops writing and reports it (stdout_failed). */
void output_failed(batch *b, FILE *tap, int *write_err)
{
	if (!*write_err)
		*write_err = errno ? errno : EIO;
	if (*write_err == EPIPE)
		end_early(b, SIGPIPE, tap == stdout ? NULL : tap,
		          "standard output closed");
}

static void progress_show(progress *p, size_t done, size_t total)
{
	double t = now_us(), el = (t - p->start) / 1e6, rate, left;
	int width = 30, fill;

	if (!p->on || el < 0.5 || t - p->last < 1e5)
		return;
	p->last = t;
	rate = done / (el > 0 ? el : 1);
	left = rate > 0 ? (double)(total - done) / rate : 0;
	fill = total ? (int)((double)width * (double)done / (double)total) : 0;
	fprintf(stderr, "\r\033[K[%.*s%*s] %zu/%zu queries, %.0f/s, %.0fs left",
	        fill, "##############################", width - fill, "", done,
	        total, rate, left);
	fflush(stderr);
	p->shown = 1;
}

static void progress_clear(progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		p->shown = 0;
	}
}

/* --check's last line; the queries that could not run (an input's
 * error) are no check that failed, and are counted apart. */
static void check_summary(FILE *f, const results *r)
{
	fprintf(f, "checked %u, passed %u, failed %u", r->checked,
	        r->checked - r->failed, r->failed);
	if (r->errors > 0)
		fprintf(f, ", errors %u", r->errors);
	fputc('\n', f);
}

/* After --check's summary: a run that checked nothing (no query had an
 * expectation, a CI job pointed at the wrong files, say) fails, unless
 * it failed already, or it is a --shard that was left no query (a small
 * batch split many ways). */
static void check_nothing(const batch *b, unsigned checked,
                          enum exit_status *status, reports *rep)
{
	if (checked > 0 || *status >= EXIT_ERROR ||
	    (b->cfg->shard_n > 0 && b->n == 0))
		return;
	diag_error(NULL, 0, 0,
	           "--check: nothing was checked: no query has an "
	           "expectation");
	*status = EXIT_NOPATH;
	/* The reports fail too (TAP's "not ok", JUnit's <error>). */
	rep->nothing = "nothing was checked: no query has an expectation";
}

/* --only: a pattern that matched no query of the run is an error (a
 * name mistyped would otherwise check nothing, or less than meant),
 * unless the run is a --shard, whose queries are a part of the run. */
static void only_unmatched(const batch *b, enum exit_status *status)
{
	const cli_config *cfg = b->cfg;

	for (size_t j = 0; b->only_hit != NULL && j < cfg->nonly; j++)
		if (!atomic_load(&b->only_hit[j]) && cfg->shard_n == 0) {
			diag_error(NULL, 0, 0,
			           "--only=%s: no query of the run has a name "
			           "it matches",
			           cfg->only[j]);
			*status = EXIT_ERROR;
		}
}

/* The main thread's own diagnostics after the results are collected
 * into l from main_diags_begin on, and at main_diags_end printed and
 * annotated in the GitHub report. */
static void main_diags_begin(diag_list *l)
{
	memset(l, 0, sizeof *l);
	diag_collect(l);
}

static void main_diags_end(diag_list *l, reports *rep)
{
	diag_collect(NULL);
	if (l->n > 0)
		fflush(stdout); /* the results before them (a failure is the
		                   caller's next flush's to report) */
	(void)diag_list_print(stderr, l);
	reports_diags(rep, l);
	diag_list_free(l);
}

/* What the main thread does while an item is slow to come: what came
 * before it goes out now, not when stdio's buffer fills. */
typedef struct slow_arg {
	results *r;
	reports *rep;
	size_t i, n;
} slow_arg;

static void slow_item(void *arg)
{
	slow_arg *a = arg;

	flush_results(a->rep->tap, &a->r->write_err);
	progress_show(&a->r->prog, a->i, a->n);
}

/* Writes item i's messages and output; 0, or -1 when the output could
 * not be written (the run stops writing). */
static int write_item(results *r, batch *b, reports *rep, item *it)
{
	if (it->msgs.n > 0 || it->outlen > 0)
		progress_clear(&r->prog);
	/* The results before an item's messages go out before them: with
	 * both streams on one file (2>&1, a CI log), a message then comes
	 * between whole results, in input order. */
	if (it->msgs.n > 0) {
		flush_results(NULL, &r->write_err);
		(void)diag_list_print(stderr, &it->msgs);
	}
	/* A map file's text block is kept apart by one blank line from the
	 * output before and after it; scenario lines follow one another. */
	if (text_blocks_on(b->cfg) && it->outlen > 0) {
		if (r->last_kind >= 0 &&
		    (it->kind == ITEM_FILE || r->last_kind == ITEM_FILE))
			putchar('\n');
		r->last_kind = (int)it->kind;
	}
	if ((it->outlen > 0 &&
	     fwrite(it->out, 1, it->outlen, stdout) != it->outlen) ||
	    ferror(stdout)) {
		output_failed(b, rep->tap, &r->write_err);
		r->write_failed = 1;
		return -1;
	}
	return 0;
}

/* Takes an item's totals into the run's, its cases into the reports;
 * 0, or -1 when out of memory. */
static int count_item(results *r, reports *rep, item *it)
{
	if (reports_add(rep, it) != 0) {
		r->nomem = 1;
		return -1;
	}
	r->checked += it->checked;
	r->failed += it->failed;
	r->errors += it->errors;
	r->upd_total += it->upd_total;
	r->upd_changed += it->upd_changed;
	r->upd_files += it->upd_files;
	if (it->status > r->status)
		r->status = it->status;
	return 0;
}

void results_write(results *r, batch *b, pool *p, reports *rep)
{
	double window; /* when stop signals were last let in (alone) */

	/* The main thread keeps the stop signals blocked, so that no write
	 * of a result is cut short: with threads the workers take them;
	 * alone, it lets them in while it reads an input (read_input) and,
	 * every 50 ms, between two items (two calls to the kernel a window,
	 * where blocking them around each write cost two a query). */
	stop_mask(SIG_BLOCK, NULL);
	r->last_kind = -1;
	r->prog.on = isatty(STDERR_FILENO) && b->n > 1;
	r->prog.start = now_us();
	window = r->prog.start;
	for (size_t i = 0; i < b->n; i++) {
		item *it = &b->items[i];
		slow_arg sa = {r, rep, i, b->n};
		if (p->threads == NULL) {
			double t = now_us();
			if (t - window >= 50000) {
				stop_take();
				window = t;
			}
			if (stop_requested())
				break;
			if (it->kind != ITEM_ERROR)
				p->work(b, it, &p->alone);
		} else {
			pool_wait(b, i, slow_item, &sa);
		}
		if (stop_requested())
			break; /* this item perhaps cut short: not written */
		if (it->lost) {
			r->nomem = 1;
			break;
		}
		if (write_item(r, b, rep, it) != 0 ||
		    count_item(r, rep, it) != 0)
			break;
		free_item(it);
		progress_show(&r->prog, i + 1, b->n);
	}
	/* What is written from here on (summary, reports, the last flush)
	 * is not cut short by a stop signal either (they stay blocked); one
	 * that came during the loop ends the run now. */
	if (p->threads == NULL)
		stop_take(); /* the last window */
	progress_clear(&r->prog);
	if (stop_requested())
		end_early(b, stop_requested(), rep->tap, "interrupted");
}

void results_summary(results *r, batch *b, reports *rep)
{
	const cli_config *cfg = b->cfg;
	/* On standard error the summary follows the results, and only when
	 * they were all written: a run whose output was lost does not end
	 * in "passed". */
	FILE *sf = !cfg->check            ? NULL
	           : cfg->quiet           ? NULL /* -q: no summary at all */
	           : notes_to_stderr(cfg) ? stderr
	                                  : stdout;
	diag_list l;

	/* --update's scenario files, before the summary that counts them. */
	main_diags_begin(&l);
	update_scens(b, r);
	only_unmatched(b, &r->status);
	main_diags_end(&l, rep);
	if (cfg->update) {
		update_summary(b, r);
		sf = NULL;
	}
	if (sf == stdout)
		check_summary(sf, r);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		output_failed(b, rep->tap, &r->write_err);
		r->write_failed = 1;
	} else {
		if (sf == stderr)
			check_summary(sf, r);
		if (cfg->check && !cfg->update) {
			main_diags_begin(&l);
			check_nothing(b, r->checked, &r->status, rep);
			main_diags_end(&l, rep);
		}
	}
}
