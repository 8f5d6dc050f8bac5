/*
 * solve.c - one work item into its results (run_item, the work the pool
 * is handed): a map file read, judged and given to solve_map.c for its
 * queries, then its level's checks (reach.c); or one query of a
 * scenario file on its shared map, checked, searched and handed to
 * emit.c.  A map file's queries are solve_map.c's, a query's starts and
 * goals endpoints.c's and --update's part solve_update.c's: each below
 * this file, which calls none of the files above it (the pool calls it
 * through the function it is handed).
 */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "endpoints.h"
#include "rules.h"
#include "solve_map.h"
#include "solve_update.h"
#include "solve_voxel.h"

/* Refuses (reports, -1) to draw the several queries of a map file unless
 * it is the only input and --image numbers the pictures. */
static int several_pictures(sink *k, const char *name)
{
	if (k->it->ninputs > 1) {
		diag_error(name, 0, 0,
		           "--image: a map with several queries has to be the "
		           "only input");
		return -1;
	}
	return rule_image_pattern(k->cfg->image, 1, name);
}

/* The record of a query on map m (named name), before its search: the
 * one place that fills what every query's output gives. */
static void query_init(query_report *q, const cli_config *cfg, const char *name,
                       const map *m, const astar_options *opts,
                       astar_result *res, double load_us)
{
	memset(q, 0, sizeof *q);
	q->map_name = name;
	q->map = m;
	q->blocks = cfg->blocks;
	q->nblocks = cfg->nblocks;
	q->opts = opts;
	q->res = res;
	q->timing = cfg->timing;
	q->no_path = cfg->no_path;
	q->load_us = load_us;
	q->query = -1;
}

/* Whether the map's queries cannot run as asked (reported): -s or -g
 * with --check, or pictures that --image cannot number. */
static int refuse_map_queries(sink *k, const map *m, const char *name)
{
	const cli_config *cfg = k->cfg;

	/* -s and -g make one query of a map that holds several; with
	 * --check that would pass a level by skipping its expectations. */
	if (m->nqueries > 0 && cfg->check &&
	    (cfg->has_start || cfg->has_goal)) {
		diag_error(name, 0, 0,
		           "%s replaces the map's queries; not with --check, "
		           "which would skip their expectations",
		           cfg->has_start ? "--start" : "--goal");
		return 1;
	}
	return m->nqueries > 0 && !cfg->has_start && !cfg->has_goal &&
	       cfg->image != NULL && m->nqueries > 1 &&
	       several_pictures(k, name) != 0;
}

/* Whether --size is larger than the map (reported). */
static int agent_too_big(const map *m, const astar_options *opts,
                         const char *name)
{
	int32_t w = astar_grid_width(m->grid), h = astar_grid_height(m->grid);

	if (opts->size <= (w < h ? w : h))
		return 0;
	diag_error(name, 0, 0, "--size=%d is larger than the %dx%d map",
	           (int)opts->size, (int)w, (int)h);
	return 1;
}

/* --heights: the PNG's heights on map m (read anew for each map, whose
 * size it must have); 0, or -1 (reported). */
static int load_heights(const cli_config *cfg, map *m, const char *name)
{
	map_error err;

	if (cfg->heights_png == NULL)
		return 0;
	if (m->grid == NULL) {
		diag_error(name, 0, 0, "--heights takes a grid, not a voxel map");
		return -1;
	}
	free(m->heights);
	memset(&err, 0, sizeof err);
	if (map_read_heights_png(cfg->heights_png, astar_grid_width(m->grid),
	                         astar_grid_height(m->grid), cfg->height_scale,
	                         &m->heights, &err) != 0) {
		diag_error(cfg->heights_png, 0, 0, "%s", err.msg);
		return -1;
	}
	return 0;
}

/* Whether the map's heights meet what does not take them (reported):
 * JPS, and a level's region count (a climb limit makes steps one-way,
 * and regions of cells that reach each other another question). */
static int refuse_heights(const cli_config *cfg, const map *m,
                          const char *name)
{
	const char *what = cfg->check && m->has_regions
	                           ? "a level's region count" /* one-way steps */
	                   : cfg->opts.adjacent || cfg->opts.closest
	                           ? "--adjacent and --closest"
	                           : NULL;

	if (m->heights != NULL && cfg->opts.algorithm == ASTAR_ALGO_JPS &&
	    !cfg->algo_auto) {
		diag_error(name, 0, 0,
		           "--algorithm=jps does not take a level's heights; use "
		           "astar (or auto, which takes it)");
		return 1;
	}
	if (m->heights == NULL || what == NULL)
		return 0;
	diag_error(name, 0, 0, "%s: not on a level with heights yet", what);
	return 1;
}

/* The options of map m: cfg's, with what the map asks unless the
 * command line overrides it. */
static astar_options map_options(const cli_config *cfg, const map *m,
                                 const char *name)
{
	astar_options opts = cfg->opts;

	if (m->has_diagonal && !cfg->diagonal_given) {
		opts.diagonal = m->diagonal; /* the map's, unless overridden */
		rule_admissible(&opts, name);
	}
	if (m->has_wrap && !cfg->wrap_given)
		opts.wrap = m->wrap;
	if (m->has_size && !cfg->size_given)
		opts.size = m->size;
	return opts;
}

/* A map file: read, and solved for its queries or its one query. */
static void run_file(sink *k, astar_ctx *ctx)
{
	const cli_config *cfg = k->cfg;
	const char *name =
		k->it->label ? k->it->label : display_name(k->it->path);
	map m;
	astar_result res;
	query_report q;
	double t0 = now_us(), t1;
	astar_options opts; /* cfg's, with what the map asks */
	astar_point *ss = NULL, *ts = NULL;
	int rc;

	if (load_map(k->b, k->it->path, k->it->level, &m) != 0 ||
	    apply_blocks(cfg, name, &m) != 0 || load_heights(cfg, &m, name) != 0) {
		map_free(&m);
		query_error(k, name);
		return;
	}
	t1 = now_us();
	if (m.voxels != NULL) {
		rc = run_voxel_file(k, ctx, &m, name, t1 - t0);
		map_free(&m);
		if (rc != 0)
			query_error(k, name);
		return;
	}
	memset(&res, 0, sizeof res); /* a distance map has no path */
	opts = map_options(cfg, &m, name);
	query_init(&q, cfg, name, &m, &opts, &res, t1 - t0);
	if (refuse_map_queries(k, &m, name) || agent_too_big(&m, &opts, name) ||
	    refuse_heights(cfg, &m, name) ||
	    (cfg->update && refuse_update(&m, name))) {
		rc = -1;
	} else if (cfg->distances) {
		rc = run_distances(k, ctx, &m, &q, t1, &ss);
	} else if (m.nqueries > 0 && !cfg->has_start && !cfg->has_goal) {
		run_queries_and_update(k, ctx, &m, &q, &opts, &res, name);
		rc = 0;
	} else if (cfg->check && (m.nreach > 0 || m.has_regions) &&
	           !cfg->has_start && !cfg->has_goal &&
	           !(m.has_start && m.has_goal)) {
		file_header(k, name); /* a level of checks alone */
		rc = 0;
	} else {
		rc = run_map_query(k, ctx, &m, &q, &res, t1, &ss, &ts);
	}
	if (rc == 0 && cfg->check && !cfg->distances)
		run_level_checks(k, ctx, &m, &opts, name);
	free(ss);
	free(ts);
	map_free(&m);
	if (rc != 0)
		query_error(k, name);
}

/* The places of a query on one line (a scenario's). */
static query_places on_line(long line)
{
	query_places p;

	memset(&p, 0, sizeof p);
	p.query.line = p.start.line = p.goal.line = line;
	return p;
}

/* Whether a scenario query's times are shown anywhere: not by --check's
 * text lines without a report.  Reading the clock four times a query
 * cost a few percent of a batch on maps that search fast. */
static int scen_times_shown(const cli_config *cfg)
{
	return cfg->timing && (cfg->format == FORMAT_JSON || !cfg->check ||
	                       cfg->junit || cfg->tap || cfg->github ||
	                       cfg->html);
}

/* Whether the map is the size the scenario line says; else the error is
 * said and the query reported as failed. */
static int scen_size_ok(sink *k, const char *label)
{
	const scen_entry *e = k->it->entry;
	const shared_map *sm = k->it->sm;
	const astar_grid *g = sm->m.grid;

	if (e->width == astar_grid_width(g) &&
	    e->height == astar_grid_height(g))
		return 1;
	diag_error(k->it->scen_name, e->line, 0,
	           "the scenario says the map is %dx%d, but %s is %dx%d",
	           (int)e->width, (int)e->height, display_name(sm->path),
	           (int)astar_grid_width(g), (int)astar_grid_height(g));
	query_error(k, label);
	return 0;
}

/* The report's scenario fields: the line's points and, as what is
 * expected, its optimal length with as many decimals as it was given. */
static void scen_report(query_report *q, map_expect *expect,
                        const scen_entry *e, const char *name)
{
	q->start = e->start;
	q->goal = e->goal;
	q->scen = name;
	q->line = e->line;
	memset(expect, 0, sizeof *expect);
	expect->has_cost = 1;
	expect->cost = e->optimal;
	expect->cost_decimals = e->decimals;
	q->expect = expect;
}

/* A scenario query on its map, read: checked, searched, emitted. */
static void scen_query(sink *k, astar_ctx *ctx)
{
	const cli_config *cfg = k->cfg;
	const scen_entry *e = k->it->entry;
	const shared_map *sm = k->it->sm;
	const astar_grid *g = sm->m.grid;
	const char *name = k->it->scen_name;
	astar_options opts = config_scen_options(cfg);
	astar_result res;
	query_report q;
	map_expect expect;
	char label[LABEL_MAX];
	double t0, prep = 0;
	int timed;
	astar_status st;
	query_places places;

	scen_label(label, sizeof label, name, e->line);
	opts.landmarks = config_landmarks(cfg, sm->queries);
	if (!scen_size_ok(k, label))
		return;
	config_choose(cfg, ctx, g, &opts);
	places = on_line(e->line);
	if (valid_query(&opts, name, &places, "", g, &e->start, 1, &e->goal,
	                1) != 0) {
		query_error(k, label);
		return;
	}
	timed = scen_times_shown(cfg);
	prep = shared_prepare(k->b, k->it->sm, ctx, &opts);
	query_init(&q, cfg, display_name(sm->path), &sm->m, &opts, &res,
	           sm->load_us);
	t0 = timed ? now_us() : 0;
	if ((st = astar_search(ctx, g, e->start, e->goal, &opts, &res)) !=
	    ASTAR_OK) {
		diag_error(name, e->line, 0, "%s", astar_strerror(st));
		query_error(k, label);
		return;
	}
	q.search_us = timed ? now_us() - t0 : 0;
	q.prepared = 1;
	q.prepare_us = prep;
	scen_report(&q, &expect, e, name);
	if (cfg->update)
		update_scen_query(k, label, &expect, &res);
	emit(k, &q, label, 0);
}

/* A query of a scenario file, on its shared map. */
static void run_scen(sink *k, astar_ctx *ctx)
{
	shared_map *sm = k->it->sm;

	shared_acquire(k->b, sm, k->msgs);
	for (size_t i = 0; k->it->map_first && i < sm->msgs.n; i++)
		diag_list_add(k->msgs, &sm->msgs.v[i]);
	if (sm->nomem || k->msgs->nomem) {
		k->nomem = 1;
	} else if (!sm->ok) {
		/* The map's error is written once, by its first query; one
		 * line per query would only repeat it.  Each query fails,
		 * its report case saying why. */
		const scen_entry *e = k->it->entry;
		char label[LABEL_MAX];
		scen_label(label, sizeof label, k->it->scen_name, e->line);
		map_error_case(k, label, sm);
	} else if (k->it->entry->voxel || sm->m.voxels != NULL) {
		run_voxel_scen(k, ctx);
	} else {
		scen_query(k, ctx);
	}
	shared_release(k->b, sm);
}

/* Does one item on a lane, with this thread's diagnostics sent to the
 * lane's stream; the item is lost when memory ran out. */
void run_item(batch *b, item *it, lane *l)
{
	const cli_config *cfg = b->cfg;
	sink k;

	if (l->out == NULL) { /* the stream was lost */
		it->lost = 1;
		return;
	}
	memset(&k, 0, sizeof k);
	k.it = it;
	k.cfg = cfg;
	k.b = b;
	k.out = l->out;
	k.msgs = &it->msgs;
	diag_collect(k.msgs);
	switch (it->kind) {
	case ITEM_FILE:
		run_file(&k, l->ctx);
		break;
	case ITEM_SCEN:
		run_scen(&k, l->ctx);
		break;
	case ITEM_ERROR: /* never run: its message was written at planning */
		break;
	}
	diag_collect(NULL);
	if (lane_take(&l->out, &l->obuf, &l->olen, &it->out, &it->outlen) !=
	            0 ||
	    it->msgs.nomem || k.nomem)
		it->lost = 1;
}
