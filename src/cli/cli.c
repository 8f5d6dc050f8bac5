/*
 * cli.c - the run from start to end: the batch planned, the reports
 * opened, the items solved by the pool and written in input order, then
 * the summary, the reports' last lines and the exit status.  The parts
 * are in the files driver.h lists, in their layers: cli.c is the top,
 * and no part calls back up into it.  What they need of the driver is
 * below them (the stop flag and the writes in progress in
 * run_state.c, a failed write to standard output in stop.c, the end of
 * a run cut short in results.c), or handed in: the work on an item to
 * the pool (run_item), the flush of the results to load.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "driver.h"
#include "rules.h"
#include "graph_inputs.h"
#include "read/graph_file.h"
#include "solve_graph.h"
#include "stop.h"

static void batch_init(batch *b, const cli_config *cfg)
{
	memset(b, 0, sizeof *b);
	b->cfg = cfg;
	pthread_mutex_init(&b->lock, NULL);
	pthread_cond_init(&b->cond, NULL);
	pthread_cond_init(&b->loaded, NULL);
	io_stdin_init(&b->in);
}

static void batch_free(batch *b)
{
	for (size_t i = 0; i < b->n; i++)
		free_item(&b->items[i]);
	free(b->items);
	for (size_t i = 0; i < b->nmaps; i++) {
		free(b->maps[i]->path);
		free(b->maps[i]->looked);
		map_free(&b->maps[i]->m);
		astar_ctx_free(b->maps[i]->prep);
		diag_list_free(&b->maps[i]->msgs);
		free(b->maps[i]);
	}
	free(b->maps);
	outfile_set_free(&b->inputs);
	for (size_t i = 0; i < b->nscens; i++) {
		scen_free(&b->scens[i]);
		if (b->scen_text != NULL)
			free(b->scen_text[i]);
	}
	free(b->scens);
	free(b->scen_text);
	free(b->scen_len);
	free(b->only_hit);
	pthread_mutex_destroy(&b->lock);
	pthread_cond_destroy(&b->cond);
	pthread_cond_destroy(&b->loaded);
	io_stdin_free(&b->in);
}

/* The batch planned, its --image pattern judged and, when reports or
 * pictures are written, its inputs indexed; 0, or -1 (reported). */
static int prepare_batch(batch *b)
{
	const cli_config *cfg = b->cfg;

	if (plan(b) != 0 ||
	    (cfg->nonly > 0 &&
	     (b->only_hit = calloc(cfg->nonly, sizeof *b->only_hit)) == NULL)) {
		diag_error(NULL, 0, 0, "out of memory");
		return -1;
	}
	if (cfg->image != NULL && b->ninputs > 1 &&
	    rule_image_pattern(cfg->image, 1, NULL) != 0)
		return -1;
	if (plan_pictures(b) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		return -1;
	}
	if ((cfg->image != NULL || cfg->tap_file != NULL ||
	     cfg->junit != NULL || cfg->github_file != NULL ||
	     cfg->markdown_file != NULL || cfg->html != NULL) &&
	    index_inputs(b) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		return -1;
	}
	return 0;
}

/* After the results: the summary and the reports when all went out, the
 * TAP file's bail-out when not, and the errors of the output. */
static void finish(results *r, batch *b, reports *rep)
{
	/* The results and --check's summary are all out before a report
	 * says the run is whole: a failed write ends the run here, and a
	 * TAP file says so instead of giving its plan. */
	if (!r->write_failed && !r->nomem)
		results_summary(r, b, rep);
	rep->checked = r->checked;
	rep->failed = r->failed;
	if (!r->write_failed && !r->nomem)
		reports_finish(rep, b->cfg, &r->status);
	if (r->write_failed || r->nomem)
		reports_end_early(rep, rep->tap != stdout ? rep->tap : NULL,
		                  r->nomem
		                          ? "out of memory"
		                          : "error writing to standard output");
	if (r->nomem) {
		diag_error(NULL, 0, 0, "out of memory");
		r->status = EXIT_ERROR;
	}
	if (!r->write_failed && (fflush(stdout) != 0 || ferror(stdout))) {
		output_failed(b, NULL,
		              &r->write_err); /* the reports are done */
		r->write_failed = 1;
	}
	if (r->write_failed) {
		stdout_failed(r->write_err);
		r->status = EXIT_ERROR;
	}
}

/* Whether standard input, the run's one input, is a JSON graph (1) or
 * not (0): read here, before the run, into the batch's copy that "-"
 * reads.  With other inputs it is not read before its turn (-1), so
 * that their results come first; it is then of the run's kind. */
static int stdin_is_graph(batch *b)
{
	const cli_config *cfg = b->cfg;
	diag_err err;
	char *buf;
	size_t len;
	int yes;

	if (cfg->nfiles != 1 || cfg->nscens > 0 ||
	    strcmp(cfg->files[0], "-") != 0)
		return -1;
	if (cfg->input_format != MAPFMT_AUTO && cfg->input_format != MAPFMT_JSON)
		return 0;
	memset(&err, 0, sizeof err);
	if (read_input(b, "-", &buf, &len, &err) != 0)
		return 0; /* kept: the run reports it where it reads "-" */
	yes = graph_json_detect(buf, len);
	free(buf);
	return yes;
}

int cli_run(const cli_config *cfg)
{
	batch b;
	pool p;
	reports rep;
	results r;
	results_flush rf;
	stop_watch watch;
	int graphs;

	batch_init(&b, cfg);
	graphs = graph_inputs(cfg, stdin_is_graph(&b));
	stop_begin(&watch);
	if (graphs != 0) { /* -1: grids and graphs, refused */
		r.status = graphs > 0 ? graph_run(cfg, &b.in) : EXIT_ERROR;
		stop_end(&watch);
		batch_free(&b);
		return r.status;
	}
	memset(&p, 0, sizeof p);
	memset(&rep, 0, sizeof rep);
	memset(&r, 0, sizeof r);
	r.status = EXIT_FOUND;
	if (prepare_batch(&b) != 0 || reports_open(&rep, &b) != 0) {
		r.status = EXIT_ERROR;
	} else if (pool_start(&p, &b, run_item) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		r.status = EXIT_ERROR;
	} else {
		rf.flush = flush_results;
		rf.tap = &rep.tap;
		rf.write_err = &r.write_err;
		if (p.threads == NULL) /* the reads are all the main thread's */
			b.alone = &rf;
		results_write(&r, &b, &p, &rep);
		pool_stop(&p, &b);
		finish(&r, &b, &rep);
	}
	stop_end(&watch);
	pool_stop(&p, &b);
	reports_close(&rep);
	batch_free(&b);
	return r.status;
}
