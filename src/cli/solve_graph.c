/*
 * solve_graph.c - the run of graph inputs (solve_graph.h).  Files are
 * read and their queries solved one after the other on the main thread,
 * so the output is in file order whatever --jobs says.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "graph_batch.h"
#include "graph_inputs.h"
#include "graph_reports.h"
#include "update.h"
#include "solve_graph.h"
#include "stop.h"
#include "read/graph_file.h"
#include "read/io.h"
#include "write/output.h"
#include "outfile.h"
#include "write/image_graph.h"
#include "write/image_names.h"
#include "write/output_graph.h"

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The path beside path with its extension replaced by ext. */
static char *beside(const char *path, const char *ext)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	size_t n = dot != NULL && (slash == NULL || dot > slash) ? (size_t)(dot - path)
	                                                       : strlen(path);
	char *s = malloc(n + strlen(ext) + 1);

	if (s != NULL) {
		memcpy(s, path, n);
		strcpy(s + n, ext);
	}
	return s;
}

static int report_io(const char *path)
{
	diag_error(path, 0, 0, "cannot read: %s", strerror(errno));
	return -1;
}

/* Reads a DIMACS graph, its .co beside it (or --coords) and, for a
 * query file, the queries. */
static int load_dimacs(const cli_config *cfg, const char *path, graph_file *f,
                       const char **where)
{
	int is_q =
		graph_ends_with(path, ".p2p") || graph_ends_with(path, ".ss");
	char *gr = is_q ? (cfg->map_override ? strdup(cfg->map_override)
	                                     : beside(path, ".gr"))
	                : strdup(path);
	char *co = cfg->coords ? strdup(cfg->coords) : beside(gr ? gr : "", ".co");
	char *buf = NULL, *cbuf = NULL;
	size_t len, clen = 0;
	map_error err;
	int rc = -1, co_err = 0;

	memset(&err, 0, sizeof err);
	if (gr == NULL || co == NULL) {
		diag_error(NULL, 0, 0, "out of memory");
	} else if (io_slurp(gr, graph_input_limit(cfg), &buf, &len) != 0) {
		report_io(gr);
	} else {
		if (io_slurp(co, graph_input_limit(cfg), &cbuf, &clen) != 0) {
			if (cfg->coords != NULL) {
				report_io(co);
				goto out;
			}
			cbuf = NULL;
		}
		rc = graph_read_dimacs(buf, len, cbuf, clen, cfg->max_cells, f, &err,
		                       &co_err);
		free(buf);
		free(cbuf);
		buf = cbuf = NULL;
		if (rc == 0 && (rc = graph_file_finish(f, cfg->max_cells, &err)) != 0)
			graph_file_free(f);
		if (rc != 0)
			diag_report(co_err ? co : gr, &err);
	}
	if (rc == 0 && is_q) {
		if (io_slurp(path, graph_input_limit(cfg), &buf, &len) != 0) {
			rc = report_io(path);
		} else if ((rc = graph_read_queries(buf, len, f, &err)) != 0) {
			diag_report(path, &err);
			graph_file_free(f);
		}
	}
out:
	*where = path;
	free(gr);
	free(co);
	free(buf);
	free(cbuf);
	return rc;
}

/* Reads path as the run's graph format ("-" through in). */
static int load(const cli_config *cfg, io_stdin *in, const char *path,
                graph_file *f)
{
	const char *where = strcmp(path, "-") == 0 ? STDIN_NAME : path;
	map_error err;
	char *buf;
	size_t len;
	int rc;

	memset(&err, 0, sizeof err);
	if (cfg->input_format == MAPFMT_DIMACS || graph_ends_with(path, ".gr") ||
	    graph_ends_with(path, ".p2p") || graph_ends_with(path, ".ss"))
		return load_dimacs(cfg, path, f, &where);
	if (io_read(in, path, graph_input_limit(cfg), &buf, &len) != 0)
		return report_io(where);
	if (cfg->input_format == MAPFMT_EDGES)
		rc = graph_read_edges(buf, len, cfg->oneway, cfg->max_cells, f, &err);
	else
		rc = graph_read_json(buf, len, cfg->max_cells, f, &err);
	free(buf);
	if (rc != 0)
		diag_report(where, &err);
	return rc;
}

/* A --start or --goal into nodes: @ID (or @POINT) alone. */
static int flag_nodes(const char *path, const graph_file *f,
                      const endpoint_arg *a, size_t n, const char *flag,
                      uint32_t **out, size_t *nout)
{
	*out = malloc(sizeof **out);
	*nout = 0;
	for (size_t i = 0; *out != NULL && i < n; i++) {
		const uint32_t *v;
		uint32_t one;
		size_t k;

		if (a[i].name == NULL) {
			diag_error(path, 0, 0,
			           "%s=%s: a graph names its nodes: give %s=@ID", flag,
			           a[i].arg, flag);
			return -1;
		}
		if (graph_file_resolve(f, a[i].name, &v, &k, &one) != 0) {
			diag_error(path, 0, 0, "%s=%s: no node '%s'", flag, a[i].arg,
			           a[i].name + 1);
			return -1;
		}
		uint32_t *g = realloc(*out, (*nout + k) * sizeof *g);
		if (g == NULL)
			break;
		*out = g;
		memcpy(g + *nout, v, k * sizeof *v);
		*nout += k;
	}
	if (*out == NULL)
		diag_error(NULL, 0, 0, "out of memory");
	return *out == NULL ? -1 : 0;
}


/* What the run has come to: its exit status and --check's counts. */
typedef struct run {
	const cli_config *cfg;
	int status;
	unsigned checked, failed;
	int outputs; /* results written (text separates them by a line) */
	graph_cases cases; /* --report's cases */
	update_query *upd; /* --update: the file's queries' new expectations */
	size_t items; /* the run's items so far, for --shard */
	io_stdin *in; /* standard input, read once */
	unsigned upd_total, upd_changed, upd_files;
	unsigned char *only_hit; /* --only: the patterns that chose a query */
} run;

static void raise_status(run *r, int st)
{
	if (st > r->status)
		r->status = st;
}

/* A query's label in messages: its name, or its number. */
static const char *label(const graph_query *q, long i, char *buf, size_t size)
{
	if (q->name != NULL)
		return q->name;
	if (i < 0)
		return "the search";
	snprintf(buf, size, "query %ld", i);
	return buf;
}

/* --check: the query's expectations against its result. */
static void check_query(run *r, const char *path, const graph_query *q,
                        long i, const astar_graph_result *res)
{
	double tol = r->cfg->tolerance >= 0 ? r->cfg->tolerance : 1e-3;
	int reached = res->found && res->reached_goal;
	char a[64], b[64], why[256] = "", name[32];

	if (!q->has_cost && !q->has_reachable && !q->has_steps)
		return;
	r->checked++;
	snprintf(name, sizeof name, "queries[%ld]", i);
	if (q->has_reachable && reached != q->reachable)
		snprintf(why, sizeof why, "expected %s, got %s",
		         q->reachable ? "reachable" : "unreachable",
		         reached ? "reachable" : "unreachable");
	else if (q->has_cost && !reached)
		snprintf(why, sizeof why, "expected a path, got none");
	else if (q->has_cost && fabs(res->cost - q->cost) > tol) {
		output_cost(a, sizeof a, q->cost);
		output_cost(b, sizeof b, res->cost);
		snprintf(why, sizeof why, "expected cost %s, got %s", a, b);
	} else if (q->has_steps && (!reached || (long)res->path_len - 1 != q->steps))
		snprintf(why, sizeof why, "expected %ld steps, got %ld", q->steps,
		         reached ? (long)res->path_len - 1 : -1L);
	graph_case_add(&r->cases, path, q->name != NULL ? q->name : name,
	               why[0] ? why : NULL, q->line, q->col);
	if (why[0] == '\0')
		return;
	r->failed++;
	fprintf(stderr, "%s:%ld:%ld: %s: %s\n", path, q->line, q->col,
	        label(q, i, name, sizeof name), why);
}

static const char *search_error(astar_status st)
{
	switch (st) {
	case ASTAR_ESTART_BLOCKED:
		return "the start is not walkable";
	case ASTAR_EGOAL_BLOCKED:
		return "the goal is not walkable (--adjacent or --closest accept it)";
	case ASTAR_EUNSUPPORTED:
		return "not on graphs: jps, and --adjacent or --closest with "
		       "several goals";
	default:
		return astar_strerror(st);
	}
}

/* --update: query q's new expectation from its result, its change
 * noted. */
static void update_graph_query(run *r, const char *path, const graph_query *q,
                               long index, const astar_graph_result *res)
{
	const cli_config *cfg = r->cfg;
	astar_result g;
	map_expect old;
	char diff[256], name[32];
	int ch;

	memset(&g, 0, sizeof g);
	memset(&old, 0, sizeof old);
	g.found = res->found;
	g.reached_goal = res->found && res->reached_goal;
	g.cost = res->cost;
	g.path_len = res->path_len;
	old.has_reachable = q->has_reachable;
	old.reachable = q->reachable;
	old.has_cost = q->has_cost;
	old.cost = q->cost;
	old.cost_decimals = -1;
	old.has_steps = q->has_steps;
	old.steps = q->steps;
	r->upd_total++;
	ch = update_expect(&old, &g, 0, cfg->tolerance, &r->upd[index], diff,
	                   sizeof diff);
	snprintf(name, sizeof name, "queries[%ld]", index);
	if (ch > 0) {
		r->upd_changed++;
		if (!cfg->quiet)
			fprintf(cfg->format == FORMAT_JSON ? stderr : stdout,
			        "%s: %s: %s\n", path,
			        q->name != NULL ? q->name : name, diff);
	}
	if (r->upd[index].left)
		update_warn_left(path, q->line, q->col,
		                 q->name != NULL ? q->name : name, &old, &g,
		                 r->upd[index].left);
}

/* --update: query q with the expectation it is now checked against. */
static graph_query updated(const graph_query *q, const update_query *u)
{
	graph_query c = *q;

	c.has_reachable = u->e.has_reachable;
	c.reachable = u->e.reachable;
	c.has_cost = u->e.has_cost;
	c.cost = u->e.cost;
	c.has_steps = u->e.has_steps;
	c.steps = u->e.steps;
	return c;
}

/* --update: the file's queries rewritten when any changed. */
static void update_file(run *r, const char *path, size_t n)
{
	diag_err err;
	int any = 0;

	for (size_t i = 0; i < n; i++)
		any |= r->upd[i].ran && r->upd[i].changed;
	memset(&err, 0, sizeof err);
	if (any && update_json(path, r->upd, n, &err) != 0) {
		diag_report(path, &err);
		raise_status(r, EXIT_ERROR);
	} else if (any) {
		r->upd_files++;
	}
	for (size_t i = 0; i < n; i++)
		update_query_free(&r->upd[i]);
	free(r->upd);
	r->upd = NULL;
}

/* --image: the query drawn from above, written whole or not at all. */
static void picture(run *r, const char *path, const graph_file *f,
                    const graph_query *q, long index,
                    const astar_graph_result *res)
{
	char out[4096];
	diag_err err;
	outfile_tx t;

	memset(&err, 0, sizeof err);
	if (image_path_for(r->cfg->image, index > 0 ? (size_t)index : 0, path,
	                   q != NULL ? q->name : NULL, out, sizeof out,
	                   &err) != 0 ||
	    outfile_begin(&t, out, &err) != 0) {
		diag_report(NULL, &err);
		raise_status(r, EXIT_ERROR);
		return;
	}
	if (image_graph_png(t.f, f, res, q, &err) != 0) {
		outfile_abort(&t);
		diag_report(out, &err);
		raise_status(r, EXIT_ERROR);
	} else if (outfile_commit(&t, &err) != 0) {
		diag_report(out, &err);
		raise_status(r, EXIT_ERROR);
	}
}

/* A stop signal that came ends the run here, between two whole results:
 * the main thread blocks them (graph_run), the stop watch takes them. */
static void stop_point(void)
{
	int sig = stop_requested();

	if (sig != 0)
		stop_die(sig);
}

/* Writes query q's answer (st, res) and makes its checks. */
static void emit_one(run *r, const char *path, const graph_file *f,
                     const graph_query *q, long index, double load_ms,
                     astar_status st, const astar_graph_result *ans,
                     double search_ms)
{
	const cli_config *cfg = r->cfg;
	astar_options o = graph_query_options(&cfg->opts, q, cfg->no_path);
	astar_graph_result res = *ans;
	graph_report g;
	graph_query u;
	char name[32];
	int reached, failed;

	stop_point();
	if (st != ASTAR_OK) {
		diag_error(path, q->line, q->col, "%s: %s",
		           label(q, index, name, sizeof name), search_error(st));
		raise_status(r, EXIT_ERROR);
		return;
	}
	memset(&g, 0, sizeof g);
	g.map = path;
	g.f = f;
	g.q = q;
	g.index = index;
	g.opts = &o;
	g.r = &res;
	g.timing = cfg->timing;
	g.load_ms = load_ms;
	g.search_ms = search_ms;
	if (r->upd != NULL && index >= 0) {
		update_graph_query(r, path, q, index, &res);
		u = updated(q, &r->upd[index]);
		q = &u; /* checked as it will be written */
	} else if (!cfg->quiet) {
		if (cfg->format == FORMAT_JSON) {
			output_graph_json(stdout, &g);
		} else {
			if (r->outputs++ > 0)
				fputc('\n', stdout);
			output_graph_text(stdout, &g);
		}
	}
	reached = res.found && res.reached_goal;
	/* --image-failed: a failed check, or no path where none is said */
	failed = !reached && !q->has_cost && !q->has_reachable && !q->has_steps;
	if (cfg->check) {
		size_t n = r->cases.n;
		unsigned before = r->failed;

		check_query(r, path, q, index, &res);
		failed |= r->failed > before;
		if (r->cases.n > n)
			graph_case_picture(&r->cases, cfg, f, &res, q);
	} else if (!reached) {
		raise_status(r, EXIT_NOPATH);
	}
	if (cfg->image != NULL && f->has_pos && (!cfg->image_failed || failed))
		picture(r, path, f, q, index, &res);
}

/* Solves one query on the main thread and writes it. */
static void solve_one(run *r, astar_ctx *ctx, const char *path,
                      const graph_file *f, const graph_query *q, long index,
                      double load_ms)
{
	astar_options o = graph_query_options(&r->cfg->opts, q, r->cfg->no_path);
	astar_graph_result res;
	double t0 = now_ms();
	astar_status st = astar_graph_search(ctx, f->g, q->starts, q->nstarts,
	                                     q->goals, q->ngoals, &o, &res);

	emit_one(r, path, f, q, index, load_ms, st, &res, now_ms() - t0);
}

/* The threads a file's queries run on: --jobs, or one a core. */
static int threads_for(const cli_config *cfg, size_t nqueries)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	long n = cfg->jobs > 0 ? cfg->jobs : cores > 0 ? cores : 1;

	return nqueries < 2 ? 1 : (int)(n < (long)nqueries ? n : (long)nqueries);
}

/* The queries of sub (f's, or those --shard keeps, ix[j] the index in
 * f of sub's j-th; NULL: all): on threads when there are several,
 * written in file order all the same. */
static void solve_all(run *r, astar_ctx *ctx, const char *path,
                      const graph_file *sub, const size_t *ix, double load_ms)
{
	size_t n = sub->nqueries;
	int threads = threads_for(r->cfg, n);
	graph_answer *a = threads > 1 ? calloc(n, sizeof *a) : NULL;

	if (a == NULL || graph_batch_solve(sub, n, &r->cfg->opts,
	                                   r->cfg->no_path, threads, a) != 0) {
		free(a);
		for (size_t j = 0; j < n; j++)
			solve_one(r, ctx, path, sub, &sub->queries[j],
			          (long)(ix ? ix[j] : j), load_ms);
		return;
	}
	for (size_t j = 0; j < n; j++)
		emit_one(r, path, sub, &sub->queries[j], (long)(ix ? ix[j] : j),
		         load_ms, a[j].st, &a[j].res, a[j].ms);
	graph_answers_free(a, n);
	free(a);
}

/* --distances (or a .ss source): the cost to every node. */
static void distances(run *r, astar_ctx *ctx, const char *path,
                      const graph_file *f, const graph_query *q)
{
	const double *dist;
	size_t reached;
	graph_report g;
	astar_status st = astar_graph_distances(ctx, f->g, q->starts, q->nstarts,
	                                        &dist, &reached);

	if (st != ASTAR_OK) {
		diag_error(path, q->line, q->col, "%s", search_error(st));
		raise_status(r, EXIT_ERROR);
		return;
	}
	memset(&g, 0, sizeof g);
	g.map = path;
	g.f = f;
	g.q = q;
	stop_point();
	if (!r->cfg->quiet) {
		if (r->cfg->format != FORMAT_JSON && r->outputs++ > 0)
			fputc('\n', stdout);
		output_graph_distances(stdout, &g, dist, r->cfg->format == FORMAT_JSON);
	}
}

/* --check's reach assertions and region count. */
static void check_reach(run *r, astar_ctx *ctx, const char *path,
                        const graph_file *f)
{
	for (size_t i = 0; i < f->nreach; i++) {
		const graph_reach *rc = &f->reach[i];
		const double *dist;
		size_t reached, got = 0;

		if (astar_graph_distances(ctx, f->g, rc->from, rc->nfrom, &dist,
		                          &reached) != ASTAR_OK)
			continue; /* an unwalkable source: nothing is reached */
		char what[32], why[96] = "";

		for (size_t k = 0; k < rc->nto; k++)
			got += dist[rc->to[k]] >= 0;
		r->checked++;
		snprintf(what, sizeof what, "reach[%zu]", i);
		if ((rc->reachable && got != rc->nto) || (!rc->reachable && got)) {
			r->failed++;
			snprintf(why, sizeof why, "%zu of %zu targets reachable, "
			         "expected %s", got, rc->nto,
			         rc->reachable ? "all" : "none");
			fprintf(stderr, "%s:%ld:%ld: %s: %s\n", path, rc->line, rc->col,
			        what, why);
			if (r->cfg->update) /* hand-written: never recorded */
				update_warn_kept(path, rc->line, rc->col, what);
		}
		graph_case_add(&r->cases, path, what, why[0] ? why : NULL, rc->line,
		               rc->col);
	}
	if (f->has_regions) {
		size_t count;
		const uint32_t *labels;

		if (astar_graph_regions(ctx, f->g, &count, &labels) != ASTAR_OK)
			return;
		char why[96] = "";

		r->checked++;
		if ((long)count != f->regions) {
			r->failed++;
			snprintf(why, sizeof why, "expected %ld regions, got %zu",
			         f->regions, count);
			fprintf(stderr, "%s:%ld:%ld: %s\n", path, f->regions_line,
			        f->regions_col, why);
			if (r->cfg->update)
				update_warn_kept(path, f->regions_line,
				                 f->regions_col, "expect.regions");
		}
		graph_case_add(&r->cases, path, "expect.regions", why[0] ? why : NULL,
		               f->regions_line, f->regions_col);
	}
}

/* The note of a graph whose arcs cost less than their length. */
static void note_scale(const char *path, const graph_file *f,
                       const cli_config *cfg)
{
	double s = astar_graph_h_scale(f->g);
	int astar = cfg->opts.algorithm == ASTAR_ALGO_ASTAR &&
	            cfg->opts.heuristic != ASTAR_H_ZERO;

	if (!astar || cfg->quiet)
		return;
	if (!f->has_pos)
		diag_note("%s: no coordinates: A* runs as Dijkstra", path);
	else if (s == 0)
		diag_note("%s: an arc between two places costs nothing: A* runs "
		          "as Dijkstra to stay exact", path);
	else if (s < 1)
		diag_note("%s: some arcs cost less than their length: the "
		          "straight-line heuristic is scaled by %.6g to stay exact",
		          path, s);
}

/* The query of the flags, or of the file's "start" and "goal". */
static int flag_query(const char *path, const graph_file *f,
                      const cli_config *cfg, graph_query *q)
{
	memset(q, 0, sizeof *q);
	if (cfg->nstarts > 0 &&
	    flag_nodes(path, f, cfg->starts, cfg->nstarts, "--start", &q->starts,
	               &q->nstarts) != 0)
		return -1;
	if (cfg->ngoals > 0 &&
	    flag_nodes(path, f, cfg->goals, cfg->ngoals, "--goal", &q->goals,
	               &q->ngoals) != 0)
		return -1;
	if (q->nstarts == 0 && f->has_start) {
		q->starts = malloc(sizeof *q->starts);
		if (q->starts != NULL) {
			q->starts[0] = f->start;
			q->nstarts = 1;
		}
	}
	if (q->ngoals == 0 && f->has_goal) {
		q->goals = malloc(sizeof *q->goals);
		if (q->goals != NULL) {
			q->goals[0] = f->goal;
			q->ngoals = 1;
		}
	}
	if (q->nstarts == 0 || (q->ngoals == 0 && !cfg->distances)) {
		diag_error(path, 0, 0, "no %s: give %s=@ID",
		           q->nstarts == 0 ? "start" : "goal",
		           q->nstarts == 0 ? "--start" : "--goal");
		return -1;
	}
	return 0;
}

/* File f (path; file as given) read: its queries (sub's, those --shard
 * keeps, ix their indexes in f; NULL: all) in order, then its checks. */
static void solve_file(run *r, astar_ctx *ctx, const char *path,
                       const char *file, const graph_file *f,
                       const graph_file *sub, const size_t *ix,
                       double load_ms)
{
	const cli_config *cfg = r->cfg;
	graph_query q;
	int flags = cfg->nstarts > 0 || cfg->ngoals > 0 || cfg->distances;

	if (f->sources) {
		for (size_t j = 0; j < sub->nqueries; j++)
			distances(r, ctx, path, f, &sub->queries[j]);
	} else if (cfg->nonly > 0 && (flags || f->nqueries == 0)) {
		return; /* --only: no query of a name to match */
	} else if (flags || f->nqueries == 0) {
		if (flag_query(path, f, cfg, &q) != 0) {
			raise_status(r, EXIT_ERROR);
		} else if (cfg->distances) {
			distances(r, ctx, path, f, &q);
		} else {
			note_scale(path, f, cfg);
			solve_one(r, ctx, path, f, &q, -1, load_ms);
		}
		free(q.starts);
		free(q.goals);
	} else {
		int upd = cfg->update && !f->numbered && strcmp(file, "-") != 0;

		note_scale(path, f, cfg);
		if (upd && (r->upd = calloc(f->nqueries, sizeof *r->upd)) == NULL) {
			diag_error(NULL, 0, 0, "out of memory");
			raise_status(r, EXIT_ERROR);
			upd = 0;
		}
		solve_all(r, ctx, path, sub, ix, load_ms);
		if (upd)
			update_file(r, file, f->nqueries);
	}
	/* --only runs queries alone; the file's checks are no query */
	if (cfg->check && cfg->nonly == 0)
		check_reach(r, ctx, path, f);
}

/* One file: read, then its queries in order.  For --shard a query
 * file's (.p2p, .ss) queries are an item each, as a scenario file's
 * lines; any other file is one item, not read when the shard drops it. */
static void run_file(run *r, astar_ctx *ctx, const char *file)
{
	const char *path = strcmp(file, "-") == 0 ? STDIN_NAME : file;
	const cli_config *cfg = r->cfg;
	double t0 = now_ms();
	graph_file f, sub;
	size_t *ix = NULL, first = r->items;
	int per_query = (graph_ends_with(file, ".p2p") ||
	                 graph_ends_with(file, ".ss")) &&
	                cfg->nstarts == 0 && cfg->ngoals == 0 &&
	                !cfg->distances;

	if (!per_query && !graph_in_shard(cfg, r->items++))
		return;
	stop_point();
	memset(&f, 0, sizeof f);
	if (load(cfg, r->in, file, &f) != 0) {
		raise_status(r, EXIT_ERROR);
		return;
	}
	if (cfg->update && graph_refuse_update(cfg, file, &f)) {
		raise_status(r, EXIT_ERROR);
		graph_file_free(&f);
		return;
	}
	sub = f;
	if (per_query)
		r->items += f.nqueries;
	if (((per_query && cfg->shard_n > 0) || cfg->nonly > 0) &&
	    graph_pick(cfg, first, per_query, &f, &sub, &ix, r->only_hit) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		raise_status(r, EXIT_ERROR);
		graph_file_free(&f);
		return;
	}
	solve_file(r, ctx, path, file, &f, &sub, ix, now_ms() - t0);
	if (ix != NULL)
		free(sub.queries);
	free(ix);
	graph_file_free(&f);
}

/* --only: a pattern that chose no query of the run is an error, as on
 * grids (a --shard's run is a part: there it is not). */
static void only_unmatched(run *r)
{
	const cli_config *cfg = r->cfg;

	for (size_t j = 0; j < cfg->nonly && cfg->shard_n == 0; j++)
		if (!r->only_hit[j]) {
			diag_error(NULL, 0, 0,
			           "--only=%s: no query of the run has a name "
			           "it matches",
			           cfg->only[j]);
			raise_status(r, EXIT_ERROR);
		}
	free(r->only_hit);
}

int graph_run(const cli_config *cfg, io_stdin *in)
{
	astar_ctx *ctx = astar_ctx_new();
	run r;

	memset(&r, 0, sizeof r);
	r.cfg = cfg;
	r.in = in;
	r.only_hit = cfg->nonly > 0 ? calloc(cfg->nonly, 1) : NULL;
	if (ctx == NULL || (cfg->nonly > 0 && r.only_hit == NULL)) {
		astar_ctx_free(ctx);
		free(r.only_hit);
		diag_error(NULL, 0, 0, "out of memory");
		return EXIT_ERROR;
	}
	if (cfg->nfiles == 0)
		diag_error(NULL, 0, 0, "no graph file given");
	graph_warn_grid_flags(cfg);
	if (graph_reports_refuse(cfg) != 0) {
		astar_ctx_free(ctx);
		free(r.only_hit);
		return EXIT_ERROR;
	}
	/* No write is cut short by a stop signal (its threads inherit the
	 * mask): the run ends at the next stop_point instead. */
	stop_mask(SIG_BLOCK, NULL);
	for (int i = 0; i < cfg->nfiles; i++)
		run_file(&r, ctx, cfg->files[i]);
	if (cfg->update && !cfg->quiet)
		fprintf(cfg->format == FORMAT_JSON ? stderr : stdout,
		        "updated %u of %u quer%s in %u file%s\n", r.upd_changed,
		        r.upd_total, r.upd_total == 1 ? "y" : "ies", r.upd_files,
		        r.upd_files == 1 ? "" : "s");
	if (cfg->check && !cfg->update && r.status != EXIT_ERROR &&
	    !cfg->quiet)
		printf("checked %u, passed %u, failed %u\n", r.checked,
		       r.checked - r.failed, r.failed);
	/* Under --update too: what it left as written still fails. */
	if (cfg->check && r.failed > 0)
		raise_status(&r, EXIT_NOPATH);
	only_unmatched(&r);
	astar_ctx_free(ctx);
	if (graph_reports_write(cfg, &r.cases) != 0)
		raise_status(&r, EXIT_ERROR);
	graph_cases_free(&r.cases);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		diag_error(NULL, 0, 0, "error writing to standard output");
		return EXIT_ERROR;
	}
	return cfg->nfiles == 0 ? EXIT_ERROR : r.status;
}
