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
#include "solve_world.h"
#include "solve_update.h"
#include "write/image_names.h"
#include "solve_voxel.h"

/* Refuses (reports, -1) to draw the several pictures of a map file that
 * --image cannot name apart: a pattern without %d or %n, or among other
 * inputs one without %m or whose %m another input shares (the files'
 * pictures are numbered each from 0; %m keeps them apart). */
static int several_pictures(sink *k, const char *name)
{
	char mine[256];

	if (rule_image_pattern(k->cfg->image, 1, name) != 0)
		return -1;
	if (k->it->ninputs == 1)
		return 0;
	if (!image_pattern_has_map(k->cfg->image)) {
		diag_error(name, 0, 0,
		           "--image: the pictures of a map's several queries "
		           "among other inputs need %%m in the name, which "
		           "numbers each file's from 0 (e.g. --image=%%m-%%d.png)");
		return -1;
	}
	if (k->it->pic_twin != NULL) {
		image_map_part(k->it->pic_twin, mine, sizeof mine);
		diag_error(name, 0, 0,
		           "--image: %s is also the %%m of %s; their pictures "
		           "would overwrite each other (rename one, or draw "
		           "them in runs of their own)",
		           mine, k->it->pic_twin);
		return -1;
	}
	return 0;
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
	q->start_given = cfg->nstarts > 0;
	q->goal_given = cfg->ngoals > 0;
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
	return !cfg->has_start && !cfg->has_goal && cfg->image != NULL &&
	       map_draws_several(m) &&
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
 * JPS named on the command line (auto takes A* there), joined borders
 * and an agent of more than one cell (opts: the map's options). */
static int refuse_heights(const cli_config *cfg, const map *m,
                          const astar_options *opts, const char *name)
{
	const char *what =
		opts->wrap != ASTAR_WRAP_NONE
			? "--wrap: a level with heights has no joined borders"
		: opts->size > 1
			? "--size: a level with heights takes an agent of one cell"
			: NULL;

	if (m->heights == NULL)
		return 0;
	if (cfg->opts.algorithm == ASTAR_ALGO_JPS && !cfg->algo_auto) {
		diag_error(name, 0, 0,
		           "--algorithm=jps does not take a level's heights; "
		           "use astar (or auto, which takes it)");
		return 1;
	}
	if (what == NULL)
		return 0;
	diag_error(name, 0, 0, "%s", what);
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

/* -v: what an editor's level chose, one note a line on standard error:
 * its layers that block, what in them blocks, its start and goal and
 * by which rule, and its origin. */
static void say_chosen(const cli_config *cfg, const char *name, const map *m)
{
	const map_chosen *c = m->chosen;
	char list[600];
	size_t n = 0;

	if (!cfg->verbose || c == NULL)
		return;
	list[0] = '\0';
	for (size_t i = 0; i < c->nlayers && n + 1 < sizeof list; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s'%s'",
		                      i ? ", " : "", c->layers[i]);
	diag_note("astar: %s: layers that block: %s (%s)", name,
	          n ? list : "none", c->layers_by ? c->layers_by : "");
	diag_note("astar: %s: the walls are %s, %s", name, c->walls ? c->walls : "",
	          c->walls_by ? c->walls_by : "");
	for (int goal = 0; goal < 2; goal++) {
		const char *what = goal ? "goal" : "start";
		const char *p = goal ? c->goal : c->start;
		const char *by = goal ? c->goal_by : c->start_by;
		astar_point at = goal ? m->goal : m->start;
		if (goal ? cfg->ngoals > 0 : cfg->nstarts > 0)
			diag_note("astar: %s: the %s is given by --%s", name, what,
			          what);
		else if (m->nqueries > 0)
			diag_note("astar: %s: the %s is given by each query", name,
			          what);
		else if (p != NULL)
			diag_note("astar: %s: the %s is @%s %ld,%ld: %s", name, what,
			          p, (long)at.x + m->ox, (long)at.y + m->oy, by);
		else if (by != NULL)
			diag_note("astar: %s: the %s is %ld,%ld, given by %s", name,
			          what, (long)at.x + m->ox, (long)at.y + m->oy, by);
		else
			diag_note("astar: %s: the %s is not chosen: no point is like one, or they are on several cells", name, what);
	}
	diag_note("astar: %s: origin: grid cell 0,0 is the editor's %ld,%ld",
	          name, m->ox, m->oy);
}

/* The item's name with --level: "path[level]", as a batch of the
 * project's levels names each; kept in the item (freed with it). */
static const char *level_label(sink *k, const map *m, const char *name)
{
	size_t n;

	if (k->it->label != NULL || m->level == NULL ||
	    k->cfg->level.level == NULL)
		return name;
	n = strlen(name) + strlen(m->level) + 3;
	if ((k->it->label = malloc(n)) == NULL)
		return name;
	snprintf(k->it->label, n, "%s[%s]", name, m->level);
	return k->it->label;
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
	int rc = load_item_map(k->b, k->it, &m);

	if (rc == LOAD_SKIPPED)
		return;
	if (rc != 0 || (m.world == NULL && apply_blocks(cfg, name, &m) != 0) ||
	    load_heights(cfg, &m, name) != 0) {
		map_free(&m);
		query_error(k, name);
		return;
	}
	if (m.world != NULL) { /* a world of several floors */
		rc = run_world(k, ctx, &m, name, t0);
		map_free(&m);
		if (rc != 0)
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
	name = level_label(k, &m, name);
	say_chosen(cfg, name, &m);
	memset(&res, 0, sizeof res); /* a distance map has no path */
	opts = map_options(cfg, &m, name);
	query_init(&q, cfg, name, &m, &opts, &res, t1 - t0);
	if (refuse_map_queries(k, &m, name) || agent_too_big(&m, &opts, name) ||
	    refuse_heights(cfg, &m, &opts, name) ||
	    (cfg->update && refuse_update(&m, name))) {
		rc = -1;
	} else if (cfg->distances) {
		rc = run_distances(k, ctx, &m, &q, t1, &ss);
	} else if (m.nqueries > 0 && !cfg->has_start && !cfg->has_goal) {
		run_queries_and_update(k, ctx, &m, &q, &opts, &res, name);
		rc = 0;
	} else if (cfg->nonly > 0) {
		rc = 0; /* --only: a map's one query has no name to match */
	} else if (cfg->check && (m.nreach > 0 || m.has_regions) &&
	           !cfg->has_start && !cfg->has_goal &&
	           !(m.has_start && m.has_goal)) {
		file_header(k, name); /* a level of checks alone */
		rc = 0;
	} else {
		rc = run_map_query(k, ctx, &m, &q, &res, t1, &ss, &ts);
	}
	k->level = &m;
	/* --only runs queries alone; the level's checks are no query */
	if (rc == 0 && cfg->check && !cfg->distances && cfg->nonly == 0)
		run_level_checks(k, ctx, &m, &opts, name);
	k->level = NULL;
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
	} else if (k->cfg->nonly == 0) { /* --only: its lines have no name */
		if (k->it->entry->voxel || sm->m.voxels != NULL)
			run_voxel_scen(k, ctx);
		else
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
