/*
 * solve_world.c - a map file that is a world of several floors: its
 * --start and --goal resolved to places X,Y,F (F a floor's number or
 * name) or @NAME, searched with astar_world_search (or flooded for
 * --distances), and written by output_world.c.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/value.h"
#include "driver.h"
#include "read/world_json.h"
#include "solve_world.h"
#include "check.h"
#include "outfile.h"
#include "run_state.h"
#include "solve_update.h"
#include "write/image_names.h"
#include "write/image_world.h"
#include "write/output_world.h"

/* Flags that do not apply to a world yet: named, so nothing is silently
 * ignored. */
static const char *unsupported(const cli_config *cfg)
{
	if (cfg->update == UPDATE_PATHS) /* a world's expectations hold none */
		return "--update=path";
	return NULL;
}

/* Appends the places of the points named ref + 1 (the caller made room); -1 when there is none. */
static int append_points(const map_world *w, const char *ref,
                         astar_place *out, size_t *n)
{
	size_t before = *n;

	for (size_t k = 0; k < w->npoints; k++)
		if (strcmp(w->points[k].name, ref + 1) == 0)
			out[(*n)++] = w->points[k].at;
	return *n > before ? 0 : -1;
}

/* The places of every --start (goal 0) or --goal, or the world's mark;
 * 0, or -1 (reported). */
static int world_ends(const cli_config *cfg, const map_world *w,
                      const char *name, int goal, astar_place **out,
                      size_t *n)
{
	const endpoint_arg *a = goal ? cfg->goals : cfg->starts;
	size_t na = goal ? cfg->ngoals : cfg->nstarts;
	const char *flag = goal ? "--goal" : "--start";

	*n = 0;
	/* each argument adds one place, or every point at most */
	if ((*out = calloc((na + 1) * (w->npoints + 1), sizeof **out)) == NULL) {
		diag_error(name, 0, 0, "out of memory");
		return -1;
	}
	if (na == 0) {
		if (!(goal ? w->has_goal : w->has_start)) {
			diag_error(name, 0, 0, "no %s: mark one with %c or use %s=X,Y,F",
			           goal ? "goal" : "start", goal ? 'G' : 'S', flag);
			return -1;
		}
		(*out)[(*n)++] = goal ? w->goal : w->start;
		return 0;
	}
	for (size_t i = 0; i < na; i++) {
		astar_place p = {a[i].p.x, a[i].p.y, 0, 0};
		long f = 0;
		if (a[i].name != NULL) { /* every place of the name */
			if (append_points(w, a[i].name, *out, n) != 0) {
				diag_error(name, 0, 0, "%s: no point named '%s' in "
				           "this world", flag, a[i].name + 1);
				return -1;
			}
			continue;
		} else if (a[i].third == 0) {
			diag_error(name, 0, 0, "%s: '%s' names no floor: a world's "
			           "points are X,Y,F (F a floor's number or name)",
			           flag, a[i].arg);
			return -1;
		} else if (a[i].third == 1 ? (f = a[i].t) < 0 || (size_t)f >= w->nfloors
		                           : (f = map_world_floor(w, a[i].tname)) < 0) {
			diag_error(name, 0, 0, "%s: '%s': no such floor (the world's "
			           "are 0 to %zu)", flag, a[i].arg, w->nfloors - 1);
			return -1;
		}
		p.level = (uint32_t)f;
		if (!astar_grid_contains(w->floors[p.level].grid, p.x, p.y)) {
			diag_error(name, 0, 0, "%s: %d,%d lies outside floor '%s' (%d by %d)",
			           flag, (int)p.x, (int)p.y, w->floors[p.level].name,
			           astar_grid_width(w->floors[p.level].grid),
			           astar_grid_height(w->floors[p.level].grid));
			return -1;
		}
		(*out)[(*n)++] = p;
	}
	return 0;
}

/* Blocks the --block places X,Y,F (F a floor's number or name) in the
 * floors' grids, for the pictures and text, and in the world; 0 or -1
 * (reported). */
static int block_world(const cli_config *cfg, map_world *w, const char *name)
{
	for (size_t i = 0; i < cfg->nblocks; i++) {
		const char *arg = cfg->block_args[i], *tname = NULL;
		astar_point p;
		int third = 0;
		int32_t t = 0;
		long f = -1;
		value_place(arg, &p, &third, &t, &tname);
		if (third == 1 && t >= 0 && (size_t)t < w->nfloors)
			f = t;
		else if (third == 2)
			f = map_world_floor(w, tname);
		if (third == 0 || f < 0) {
			diag_error(name, 0, 0, "--block %s: %s (a world's places are "
			           "X,Y,F, F a floor's number or name)", arg,
			           third == 0 ? "names no floor" : "no such floor");
			return -1;
		}
		if (astar_world_block(w->world, (astar_place){p.x, p.y, 0, (uint32_t)f}) !=
		    ASTAR_OK) {
			diag_error(name, 0, 0, "--block %s lies outside floor '%s' "
			           "(%d by %d)", arg, w->floors[f].name,
			           astar_grid_width(w->floors[f].grid),
			           astar_grid_height(w->floors[f].grid));
			return -1;
		}
		astar_grid_set(w->floors[f].grid, p.x, p.y, 0);
	}
	return 0;
}

static int search_failed(const char *name, astar_status st,
                         const astar_place *ss, const astar_place *ts,
                         const map_world *w)
{
	if (st == ASTAR_ESTART_BLOCKED)
		diag_error(name, 0, 0, "start %d,%d,%s is blocked", (int)ss[0].x,
		           (int)ss[0].y, w->floors[ss[0].level].name);
	else if (st == ASTAR_EGOAL_BLOCKED)
		diag_error(name, 0, 0, "goal %d,%d,%s is blocked", (int)ts[0].x,
		           (int)ts[0].y, w->floors[ts[0].level].name);
	else if (st == ASTAR_EUNSUPPORTED)
		diag_error(name, 0, 0, "%s: a world of several floors is searched "
		           "by A*, Dijkstra, BFS or greedy, one cell per agent, "
		           "without --wrap", astar_strerror(st));
	else
		diag_error(name, 0, 0, "%s", astar_strerror(st));
	return -1;
}

/* Draws q to its --image file (numbered by the input's place in the
 * batch); a failure is an error of the item.  The file may not be the
 * standard output or error, nor an input of the run. */
static void draw_world(sink *k, const world_report *q)
{
	char path[4096];
	diag_err err;
	outfile_id id;
	outfile_tx t;
	int fd;

	memset(&err, 0, sizeof err);
	if (image_path_for(k->cfg->image, k->it->index, q->map_name, NULL,
	                   path, sizeof path, &err) != 0) {
		diag_report(NULL, &err);
		k->it->status = EXIT_ERROR;
		return;
	}
	if ((fd = outfile_std_fd_of(path)) != 0 ||
	    (outfile_regular_id(path, &id) == 0 &&
	     outfile_set_has(&k->b->inputs, &id))) {
		diag_error(path, 0, 0, fd != 0 ? "is also the standard %s; not "
		           "drawing the picture there" : "is also an input of "
		           "this run; not overwriting it%s",
		           fd == 1 ? "output" : fd != 0 ? "error" : "");
		k->it->status = EXIT_ERROR;
		return;
	}
	if (!write_begin(k->b))
		return;
	if (outfile_begin(&t, path, &err) != 0) {
		diag_report(path, &err);
		k->it->status = EXIT_ERROR;
	} else if (image_world_png(t.f, q, k->cfg->scale, &err) != 0) {
		outfile_abort(&t);
		diag_report(path, &err);
		k->it->status = EXIT_ERROR;
	} else if (outfile_commit(&t, &err) != 0) {
		diag_report(path, &err);
		k->it->status = EXIT_ERROR;
	}
	write_end(k->b);
}

/* Writes r; 0, or -1 when the stream failed. */
static int write_result(sink *k, world_report *q)
{
	int rc = 0;

	if (k->cfg->quiet)
		return 0;
	if (q->dist != NULL)
		rc = output_world_distances(k->out, q, k->cfg->format == FORMAT_JSON);
	else if (k->cfg->format == FORMAT_JSON)
		rc = output_world_json(k->out, q);
	else
		rc = output_world_text(k->out, q);
	if (rc != 0)
		k->nomem = 1;
	return rc;
}

#define LIST_MAX 10 /* failing targets named in a reach failure */

/* Tallies target p of reach assertion r against the flood f. */
static void tally(const map_world *w, const map_wreach *r,
                  const astar_world_flood_result *f, astar_place p,
                  size_t *targets, size_t *bad, char *cells, size_t size)
{
	const astar_grid *g = w->floors[p.level].grid;
	size_t i = astar_world_offset(w->world, p.level) +
	           (size_t)p.y * (size_t)astar_grid_width(g) + (size_t)p.x;
	size_t n = strlen(cells);

	(*targets)++;
	if ((f->dist[i] >= 0) == (r->reachable != 0))
		return;
	if (++*bad <= LIST_MAX)
		snprintf(cells + n, size - n, " %d,%d,%s", (int)p.x, (int)p.y,
		         w->floors[p.level].name);
}

/* Checks reach assertion i: 1 when it holds, 0 (why filled) when not,
 * -1 when it could not run (reported). */
static int check_reach(astar_ctx *ctx, const map_world *w,
                       const astar_options *o, const char *name, size_t i,
                       char *why, size_t whysz)
{
	const map_wreach *r = &w->reach[i];
	astar_world_flood_result f;
	astar_status st;
	size_t targets = 0, bad = 0;
	char cells[400] = "";

	if ((st = astar_world_flood(ctx, w->world, r->from, r->nfrom, o, &f)) !=
	    ASTAR_OK) {
		diag_error(name, r->line, r->col, "reach[%zu]: from %s: %s", i,
		           r->from_text, astar_strerror(st));
		return -1;
	}
	for (size_t k = 0; r->all && k < w->nfloors; k++) {
		const astar_grid *g = w->floors[k].grid;
		for (int32_t y = 0; y < astar_grid_height(g); y++)
			for (int32_t x = 0; x < astar_grid_width(g); x++) {
				astar_place p = {x, y, 0, (uint32_t)k};
				if (astar_world_get(w->world, p) != 0)
					tally(w, r, &f, p, &targets, &bad, cells, sizeof cells);
			}
	}
	for (size_t n = 0; n < r->nto; n++)
		tally(w, r, &f, r->to[n], &targets, &bad, cells, sizeof cells);
	if (bad == 0)
		return 1;
	snprintf(why, whysz, "%zu of %zu targets %s from %s:%s%s", bad, targets,
	         r->reachable ? "unreachable" : "reachable", r->from_text, cells,
	         bad > LIST_MAX ? " ..." : "");
	return 0;
}

/* The world's reach assertions and region count under --check. */
static void run_checks(sink *k, astar_ctx *ctx, const map *m,
                       const astar_options *o, const char *name)
{
	const map_world *w = m->world;
	char label[LABEL_MAX], why[512];

	for (size_t i = 0; i <= w->nreach; i++) {
		double t = now_us();
		map_place at = {0, 0};
		size_t n;
		astar_status st;
		int ok;
		if (i == w->nreach && !m->has_regions)
			break;
		why[0] = '\0';
		if (i < w->nreach) {
			snprintf(label, sizeof label, "%s: reach[%zu]", name, i);
			at.line = w->reach[i].line;
			at.col = w->reach[i].col;
			ok = check_reach(ctx, w, o, name, i, why, sizeof why);
		} else {
			snprintf(label, sizeof label, "%s: expect.regions", name);
			at = m->regions_at;
			st = astar_world_regions(ctx, w->world, o, &n, NULL);
			if (st != ASTAR_OK) {
				diag_error(name, 0, 0, "expect.regions: %s", astar_strerror(st));
				ok = -1;
			} else {
				ok = n == (size_t)m->regions;
				snprintf(why, sizeof why, "expected %ld region%s, got %zu",
				         m->regions, m->regions == 1 ? "" : "s", n);
			}
		}
		if (ok < 0) {
			query_error(k, label);
			continue;
		}
		check_case(k, name, &at, label, ok, ok ? "" : why, now_us() - t);
		/* --update records routes, never whether they go (issue 49) */
		if (!ok && k->cfg->update)
			update_warn_kept(name, at.line, at.col,
			                 label + strlen(name) + 2);
	}
}

/* --update: query wq's (number i) new expectation from its result ar
 * into u, by the grid's rules (update_one); 0, or -1 out of memory. */
static int update_world_query(sink *k, const char *label, const char *file,
                              const map_wquery *wq, size_t i,
                              const astar_result *ar, update_query *u)
{
	map_query mq;
	char qname[LABEL_MAX];

	memset(&mq, 0, sizeof mq);
	mq.expect = wq->expect;
	mq.line = wq->line;
	mq.col = wq->col;
	if (wq->name != NULL)
		snprintf(qname, sizeof qname, "%s", wq->name);
	else
		snprintf(qname, sizeof qname, "queries[%zu]", i);
	return update_one(k, label, file, qname, &mq, ar, u);
}

/* Query i of the world's "queries": searched, written (a line of text,
 * or a JSON record), and with --check compared with its expectation. */
static void run_query(sink *k, astar_ctx *ctx, const map_world *w,
                      world_report *q, const astar_options *base, size_t i,
                      update_query *uq)
{
	const cli_config *cfg = k->cfg;
	const map_wquery *wq = &w->queries[i];
	astar_options o = *base;
	astar_world_result r;
	astar_result ar;
	astar_status st;
	char label[LABEL_MAX], why[512];
	map_place at = {wq->line, wq->col};
	double t = now_us();
	int expects = cfg->check && check_any(&wq->expect), ok;

	o.adjacent |= wq->adjacent;
	o.closest |= wq->closest;
	snprintf(label, sizeof label, "%s: queries[%zu]", q->map_name, i);
	st = astar_world_search(ctx, w->world, &wq->start, 1, &wq->goal, 1, &o, &r);
	if (st != ASTAR_OK) {
		search_failed(label, st, &wq->start, &wq->goal, w);
		query_error(k, label);
		return;
	}
	q->start = wq->start;
	q->goal = wq->goal;
	q->opts = &o;
	q->res = &r;
	q->query = (long)i;
	q->name = wq->name;
	q->search_us = now_us() - t;
	if (!cfg->quiet && cfg->format == FORMAT_JSON)
		k->nomem |= output_world_json(k->out, q) != 0;
	else if (!cfg->quiet && !cfg->check)
		k->nomem |= output_world_line(k->out, q, label) != 0;
	memset(&ar, 0, sizeof ar); /* the grid's result, but for its path */
	ar.found = r.found;
	ar.reached_goal = r.reached_goal;
	ar.cost = r.cost;
	ar.path_len = r.path_len;
	if (uq != NULL && update_world_query(k, label, q->map_name, wq, i, &ar, uq))
		return;
	if (expects || uq != NULL) {
		ok = check_result(uq ? &uq->e : &wq->expect, &ar, cfg->tolerance,
		                  why, sizeof why);
		check_case(k, q->map_name, &at, label, ok, ok ? "" : why, q->search_us);
	} else if (!r.reached_goal) {
		if (cfg->check)
			fprintf(k->out, "%s: no path (the query has no expectation)\n",
			        label);
		if (k->it->status < EXIT_NOPATH)
			k->it->status = EXIT_NOPATH;
	}
}

/* The record every query of a world run starts from. */
static void report_init(world_report *q, const cli_config *cfg,
                        const char *name, const map_world *w,
                        const astar_options *o, astar_world_result *r,
                        double load_us)
{
	memset(q, 0, sizeof *q);
	q->flow = cfg->flow;
	q->map_name = name;
	q->w = w;
	q->opts = o;
	q->res = r;
	q->timing = cfg->timing;
	q->no_path = cfg->no_path;
	q->load_us = load_us;
}

/* The world file's own queries, in turn (with --update, their records
 * written back), then its checks; -1 out of memory, else 0. */
static int run_listed(sink *k, astar_ctx *ctx, const map *m, world_report *q,
                      const astar_options *o, const char *name)
{
	const map_world *w = m->world;
	update_query *uq = NULL;

	if (k->cfg->update && (uq = calloc(w->nqueries, sizeof *uq)) == NULL)
		return diag_error(name, 0, 0, "out of memory"), -1;
	file_header(k, name);
	for (size_t i = 0; i < w->nqueries; i++)
		run_query(k, ctx, w, q, o, i, uq ? &uq[i] : NULL);
	if (uq != NULL) {
		k->it->upd_total += (unsigned)w->nqueries;
		update_file(k, name, uq, w->nqueries);
		for (size_t i = 0; i < w->nqueries; i++)
			update_query_free(&uq[i]);
		free(uq);
	}
	if (k->cfg->check)
		run_checks(k, ctx, m, o, name);
	return 0;
}

int run_world(sink *k, astar_ctx *ctx, const map *m, const char *name,
              double t0)
{
	const cli_config *cfg = k->cfg;
	const map_world *w = m->world;
	astar_options o = cfg->opts;
	astar_place *ss = NULL, *ts = NULL;
	size_t ns = 0, nt = 0;
	astar_world_result r;
	astar_world_flood_result f;
	world_report q;
	astar_status st;
	const char *flag = unsupported(cfg);
	double t1 = now_us();
	int rc = -1;

	if (flag != NULL) {
		diag_error(name, 0, 0, "%s does not apply to a world of several "
		           "floors", flag);
		return -1;
	}
	if (m->has_diagonal && !cfg->diagonal_given)
		o.diagonal = m->diagonal;
	if (block_world(cfg, m->world, name) != 0 ||
	    (cfg->update && refuse_update(m, name)))
		return -1;
	report_init(&q, cfg, name, w, &o, &r, t1 - t0);
	if (cfg->check && !cfg->distances && (w->nreach > 0 || m->has_regions) &&
	    w->nqueries == 0 &&
	    cfg->nstarts == 0 && cfg->ngoals == 0 &&
	    !(w->has_start && w->has_goal)) {
		file_header(k, name); /* a world of checks alone */
		run_checks(k, ctx, m, &o, name);
		return 0;
	}
	q.query = -1;
	if (w->nqueries > 0 && cfg->nstarts == 0 && cfg->ngoals == 0 &&
	    !cfg->distances)
		return run_listed(k, ctx, m, &q, &o, name);
	if (world_ends(cfg, w, name, 0, &ss, &ns) != 0 ||
	    (!cfg->distances && world_ends(cfg, w, name, 1, &ts, &nt) != 0))
		goto out;
	q.start = ss[0];
	if (cfg->distances) {
		st = astar_world_flood(ctx, w->world, ss, ns, &o, &f);
		q.dist = &f;
	} else {
		q.goal = ts[0];
		st = astar_world_search(ctx, w->world, ss, ns, ts, nt, &o, &r);
	}
	if (st != ASTAR_OK) {
		search_failed(name, st, ss, ts, w);
		goto out;
	}
	q.search_us = now_us() - t1;
	if (!cfg->distances && r.found) {
		q.start = ss[r.start_index];
		q.goal = ts[r.goal_index];
	}
	file_header(k, name);
	rc = cfg->check && cfg->format != FORMAT_JSON ? 0 : write_result(k, &q);
	if (!cfg->distances && !r.reached_goal) {
		if (cfg->check) /* it makes the status 1: say which query */
			fprintf(k->out, "%s: no path (the query has no "
			        "expectation)\n", name);
		if (k->it->status < EXIT_NOPATH)
			k->it->status = EXIT_NOPATH;
	}
	if (rc == 0 && cfg->image != NULL && !cfg->distances)
		draw_world(k, &q);
	if (rc == 0 && cfg->check && !cfg->distances)
		run_checks(k, ctx, m, &o, name);
out:
	free(ss);
	free(ts);
	return rc;
}
