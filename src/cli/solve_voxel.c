/*
 * solve_voxel.c - the queries of a voxel map: --start and --goal as
 * X,Y,Z checked against the map, the options judged for 3D (the box rule
 * by default, one-obstacle and JPS refused), the search, the distance
 * map, and a voxel scenario's line; each result handed to emit.c as a
 * grid's is, with the voxel result beside it for the writers.
 */
#include <stdlib.h>
#include <string.h>

#include "base/value.h"
#include "config.h"
#include "solve_update.h"
#include "read/map_json_voxel.h"
#include "solve_voxel.h"
#include "solve_voxel_level.h"

/* The one diagonal policy that has no 3D reading. */
static void refuse_one_obstacle(const char *name)
{
	diag_error(name, 0, 0,
	           "--diagonal=at-most-one-obstacle has no meaning on a voxel "
	           "map; use never (6 neighbours), no-obstacles (26, the box "
	           "of a move free: the default) or always");
}

/* The search options on a voxel map: cfg's, with the benchmark's box
 * rule unless --diagonal was given; -1 (reported) when they do not
 * apply in 3D. */
static int voxel_options(const cli_config *cfg, const char *name,
                         astar_options *o)
{
	*o = cfg->opts;
	if (!cfg->diagonal_given)
		o->diagonal = ASTAR_DIAG_NO_OBSTACLES;
	if (cfg->algo_auto)
		o->algorithm = ASTAR_ALGO_ASTAR; /* until voxel_pick sees the map */
	o->landmarks = 0;
	if (o->diagonal == ASTAR_DIAG_ONE_OBSTACLE && cfg->diagonal_given) {
		refuse_one_obstacle(name);
		return -1;
	}
	if (o->wrap != ASTAR_WRAP_NONE || o->size > 1) {
		diag_error(name, 0, 0, "%s does not apply to a voxel map",
		           o->wrap != ASTAR_WRAP_NONE ? "--wrap" : "--size");
		return -1;
	}
	if (cfg->nblocks > 0) {
		diag_error(name, 0, 0,
		           "--block takes X,Y cells; a voxel map lists its "
		           "blocked voxels itself");
		return -1;
	}
	return 0;
}

/* The algorithm on v under o's final movement: auto takes the pruned
 * search (jps) where it is exact, and A* for a distance map; jps where
 * it is not exact is refused with what it needs.  -1 when reported. */
static int voxel_pick(const cli_config *cfg, const astar_voxels *v,
                      const char *name, astar_options *o)
{
	if (cfg->algo_auto) {
		o->algorithm = cfg->distances ? ASTAR_ALGO_ASTAR
		                              : astar_voxels_choose(v, o);
		return 0;
	}
	if (o->algorithm == ASTAR_ALGO_JPS &&
	    astar_voxels_choose(v, o) != ASTAR_ALGO_JPS) {
		diag_error(name, 0, 0,
		           "--algorithm=jps on a voxel map needs the box rule "
		           "(--diagonal=no-obstacles), the octile heuristic, "
		           "weight 1 and every open voxel of one cost; use "
		           "astar (or auto, which takes jps where it applies)");
		return -1;
	}
	return 0;
}

/* A point of the command line as a voxel: X,Y,Z inside the map (a
 * NULL: *p, a voxel of a named point, already set); open unless
 * blocked_ok (a goal under --adjacent or --closest). */
static int voxel_point(const endpoint_arg *a, const astar_voxels *v,
                       const char *name, const char *flag, int blocked_ok,
                       astar_place *p)
{
	if (a != NULL && (a->name != NULL || a->third != 1)) {
		diag_error(name, 0, 0,
		           "%s: '%s': the points of a voxel map are X,Y,Z or "
		           "@NAME",
		           flag, a->arg);
		return -1;
	}
	if (a != NULL) {
		p->x = a->p.x;
		p->y = a->p.y;
		p->z = a->t;
		p->level = 0;
	}
	if (!astar_voxels_contains(v, p->x, p->y, p->z)) {
		diag_error(
			name, 0, 0, "%s: %d,%d,%d is outside the %dx%dx%d map",
			flag, (int)p->x, (int)p->y, (int)p->z,
			(int)astar_voxels_width(v), (int)astar_voxels_height(v),
			(int)astar_voxels_depth(v));
		return -1;
	}
	if (!blocked_ok && astar_voxels_get(v, p->x, p->y, p->z) == 0) {
		diag_error(name, 0, 0, "%s %d,%d,%d is a blocked voxel",
		           flag[2] == 's' ? "start" : "goal", (int)p->x,
		           (int)p->y, (int)p->z);
		return -1;
	}
	return 0;
}

/* Every --start (or --goal) as voxels, into *out (malloc'd, *n). */
static int voxel_points(const endpoint_arg *a, size_t na, const map *m,
                        const char *name, const char *flag, int blocked_ok,
                        astar_place **out, size_t *n)
{
	*n = 0;
	if (na == 0) {
		diag_error(name, 0, 0,
		           "a voxel map marks no start or goal: give %s X,Y,Z",
		           flag);
		return -1;
	}
	for (size_t i = 0; i < na; i++) {
		char msg[MAP_MSG_MAX];
		size_t from = *n;
		astar_place *more;
		if (a[i].name != NULL) {
			/* "@NAME": every voxel of the level's points so named */
			if (map_voxel_points(m, a[i].name, out, n, msg,
			                     sizeof msg) != 0) {
				diag_error(name, 0, 0, "%s: %s", flag, msg);
				return -1;
			}
			for (size_t j = from; j < *n; j++)
				if (voxel_point(NULL, m->voxels, name, flag,
				                blocked_ok, &(*out)[j]) != 0)
					return -1;
			continue;
		}
		if ((more = realloc(*out, (*n + 1) * sizeof *more)) == NULL) {
			diag_error(name, 0, 0, "out of memory");
			return -1;
		}
		*out = more;
		if (voxel_point(&a[i], m->voxels, name, flag, blocked_ok,
		                &(*out)[(*n)++]) != 0)
			return -1;
	}
	return 0;
}

/* The command line's points, or else the level's own (has, p, written
 * at the level's "start" or "goal"). */
static int level_points(const endpoint_arg *a, size_t na, int has,
                        const astar_place *p, const map *m, const char *name,
                        const char *flag, int blocked_ok, astar_place **out,
                        size_t *n)
{
	const map_place *at = flag[2] == 's' ? &m->start_at : &m->goal_at;

	if (na > 0 || !has)
		return voxel_points(a, na, m, name, flag, blocked_ok, out, n);
	if ((*out = malloc(sizeof **out)) == NULL) {
		diag_error(name, 0, 0, "out of memory");
		return -1;
	}
	**out = *p;
	*n = 1;
	if (!blocked_ok && astar_voxels_get(m->voxels, p->x, p->y, p->z) == 0) {
		diag_error(name, at->line, at->col,
		           "%s %d,%d,%d is a blocked voxel",
		           flag[2] == 's' ? "start" : "goal", (int)p->x,
		           (int)p->y, (int)p->z);
		return -1;
	}
	return 0;
}

/* The record of a voxel query for emit: the grid's result filled from
 * the voxel one (cost, length, counts), which the checks read. */
static void voxel_report(query_report *q, const cli_config *cfg,
                         const char *name, const map *m, const astar_options *o,
                         astar_result *res, const astar_voxel_result *vr)
{
	memset(q, 0, sizeof *q);
	memset(res, 0, sizeof *res);
	res->found = vr->found;
	res->reached_goal = vr->reached_goal;
	res->cost = vr->cost;
	res->path_len = vr->path_len;
	res->expanded = vr->expanded;
	res->generated = vr->generated;
	res->start_index = vr->start_index;
	res->goal_index = vr->goal_index;
	res->end.x = vr->end.x;
	res->end.y = vr->end.y;
	q->map_name = name;
	q->map = m;
	q->opts = o;
	q->res = res;
	q->vres = vr;
	q->timing = cfg->timing;
	q->no_path = cfg->no_path;
	q->query = -1;
}

/* --distances on a voxel map (with --flow, its flow field): drawn as
 * text or one JSON record by output_voxel.c. */
static int voxel_distances(sink *k, astar_ctx *ctx, const map *m,
                           const char *name, const astar_options *o,
                           const astar_place *src, size_t n, double load_us)
{
	const double *dist;
	const uint8_t *flow = NULL;
	size_t reached;
	query_report q;
	astar_result res;
	astar_voxel_result vr;
	astar_status st;
	double t0 = now_us();

	st = astar_voxels_flood(ctx, m->voxels, src, n, o, &dist, &reached);
	if (st == ASTAR_OK && k->cfg->flow)
		st = astar_voxels_flow(ctx, m->voxels, o, dist, &flow);
	if (st != ASTAR_OK) {
		diag_error(name, 0, 0, "%s", astar_strerror(st));
		return -1;
	}
	memset(&vr, 0, sizeof vr);
	voxel_report(&q, k->cfg, name, m, o, &res, &vr);
	q.load_us = load_us;
	q.search_us = now_us() - t0;
	q.vstarts = src;
	q.nvstarts = n;
	q.vstart = src[0];
	q.vdist = dist;
	q.vflow = flow;
	file_header(k, name);
	if (!k->cfg->quiet &&
	    (k->cfg->format == FORMAT_JSON
	             ? output_voxel_distances_json(k->out, &q, dist, reached,
	                                           flow)
	             : output_voxel_distances(k->out, &q, dist, reached,
	                                      flow)) != 0)
		k->nomem = 1;
	if (k->cfg->image != NULL && !k->cfg->image_failed)
		emit_image(k, &q); /* a distance map fails no check */
	return 0;
}

/* One search on the voxel map and its emission; label names it, mq (or
 * NULL) is the level's query it runs.  0, or -1 when it could not run
 * (reported). */
static int voxel_query(sink *k, astar_ctx *ctx, const map *m, const char *name,
                       const char *label, const astar_options *o,
                       const astar_place *ss, size_t ns, const astar_place *ts,
                       size_t ng, const map_vquery *mq, long index,
                       update_query *uq, double load_us)
{
	astar_voxel_result vr;
	astar_result res;
	query_report q;
	astar_status st;
	double t0 = now_us();

	st = astar_voxels_search(ctx, m->voxels, ss, ns, ts, ng, o, &vr);
	if (st != ASTAR_OK) {
		diag_error(name, mq ? mq->at.line : 0, mq ? mq->at.col : 0,
		           "%s%s", mq ? "queries: " : "", astar_strerror(st));
		return -1;
	}
	voxel_report(&q, k->cfg, name, m, o, &res, &vr);
	q.load_us = load_us;
	q.search_us = now_us() - t0;
	q.vstart = vr.found && vr.path != NULL
	                   ? vr.path[0]
	                   : ss[vr.found ? vr.start_index : 0];
	q.vgoal = ts[vr.found && vr.reached_goal ? vr.goal_index : 0];
	q.vstarts = ss;
	q.nvstarts = ns;
	q.vgoals = ts;
	q.nvgoals = ng;
	if (mq != NULL) {
		q.query = index;
		q.name = mq->name;
		q.at = mq->at;
		q.expect = &mq->expect;
	}
	if (mq != NULL && uq != NULL) {
		if (update_vquery(k, label, name, mq, (size_t)index, &res,
		                  uq) != 0)
			return -1;
		q.expect = &uq->e; /* checked as it will be written */
	}
	emit(k, &q, label, 1);
	return 0;
}

/* Query i of the level, its blocks in place for it alone; 0, or -1
 * when it could not run (reported). */
static int voxel_listed(sink *k, astar_ctx *ctx, const map *m,
                        const char *name, const char *label,
                        const astar_options *o, size_t i, update_query *uq,
                        double load_us)
{
	const map_vquery *mq = &m->vlevel->queries[i];
	const astar_place *ss = mq->starts ? mq->starts : &mq->start;
	const astar_place *ts = mq->goals ? mq->goals : &mq->goal;
	size_t ns = mq->starts ? mq->nstarts : 1;
	size_t ng = mq->goals ? mq->ngoals : 1;
	uint8_t *saved = NULL;
	char where[48];
	int rc = -1;

	snprintf(where, sizeof where, "queries[%zu]: ", i);
	if (vquery_blocks(mq, m->voxels, &saved, 1) != 0) {
		diag_error(name, mq->at.line, mq->at.col, "out of memory");
		return -1;
	}
	if (valid_vquery(mq, m->voxels, name, where, o, ss, ns, ts, ng) == 0)
		rc = voxel_query(k, ctx, m, name, label, o, ss, ns, ts, ng, mq,
		                 (long)i, uq, load_us);
	vquery_blocks(mq, m->voxels, &saved, 0);
	return rc;
}

/* A level's own queries (those --only chooses), each under its heading
 * in text when there are several; with --update their new expectations
 * kept and the file rewritten when one changed. */
static void voxel_level_queries(sink *k, astar_ctx *ctx, const map *m,
                                const char *name, const astar_options *o,
                                double load_us)
{
	const map_voxel_level *vl = m->vlevel;
	char label[LABEL_MAX];
	update_query *uq = NULL;
	size_t n = 0, ran = 0;

	if (k->cfg->update &&
	    (uq = calloc(vl->nqueries, sizeof *uq)) == NULL) {
		k->nomem = 1;
		return;
	}
	for (size_t i = 0; i < vl->nqueries; i++)
		n += vonly_chosen(k, &vl->queries[i]);
	file_header(k, name);
	for (size_t i = 0; i < vl->nqueries && !k->nomem; i++) {
		const map_vquery *mq = &vl->queries[i];
		astar_options qo = *o;
		if (!vonly_chosen(k, mq))
			continue;
		qo.adjacent |= mq->adjacent;
		qo.closest |= mq->closest;
		if (mq->name != NULL)
			snprintf(label, sizeof label, "%s: %s", name, mq->name);
		else
			snprintf(label, sizeof label, "%s: queries[%zu]", name,
			         i);
		if (n > 1 && text_blocks_on(k->cfg))
			fprintf(k->out, "%s: %d,%d,%d -> %d,%d,%d\n",
			        label + strlen(name) + 2, (int)mq->start.x,
			        (int)mq->start.y, (int)mq->start.z,
			        (int)mq->goal.x, (int)mq->goal.y,
			        (int)mq->goal.z);
		if (voxel_listed(k, ctx, m, name, label, &qo, i,
		                 uq ? &uq[i] : NULL, load_us) != 0 &&
		    !k->nomem)
			query_error(k, label);
		if (++ran < n && text_blocks_on(k->cfg))
			fputc('\n', k->out);
	}
	if (uq == NULL)
		return;
	k->it->upd_total += (unsigned)n;
	if (!k->nomem)
		update_file(k, name, uq, vl->nqueries);
	for (size_t i = 0; i < vl->nqueries; i++)
		update_query_free(&uq[i]);
	free(uq);
}

int run_voxel_file(sink *k, astar_ctx *ctx, const map *m, const char *name,
                   double load_us)
{
	const cli_config *cfg = k->cfg;
	const map_voxel_level *vl = m->vlevel;
	astar_options o;
	astar_place *ss = NULL, *ts = NULL;
	size_t ns = 0, ng = 0;
	int rc = -1, given = cfg->nstarts > 0 || cfg->ngoals > 0;

	if (voxel_options(cfg, name, &o) != 0)
		goto done;
	if (cfg->update == UPDATE_PATHS && m->format == MAPFMT_JSON) {
		diag_error(name, 0, 0,
		           "--update=path: a voxel level's \"expect\" has no "
		           "path; use --update");
		goto done;
	}
	if (cfg->update && refuse_update(m, name))
		goto done;
	if (m->has_diagonal && !cfg->diagonal_given)
		o.diagonal = m->diagonal;
	if (o.diagonal == ASTAR_DIAG_ONE_OBSTACLE) {
		refuse_one_obstacle(name);
		goto done;
	}
	if (voxel_pick(cfg, m->voxels, name, &o) != 0)
		goto done;
	if (!given && vl != NULL && vl->nqueries > 0 && !cfg->distances) {
		voxel_level_queries(k, ctx, m, name, &o, load_us);
		rc = 0;
	} else if (!given && vl != NULL && cfg->check &&
	           (vl->nreach > 0 || m->has_regions) &&
	           !(vl->has_start && vl->has_goal)) {
		file_header(k, name); /* a level of checks alone */
		rc = 0;
	} else if (cfg->nonly > 0 && !cfg->distances) {
		rc = 0; /* --only: a map's one query has no name to match */
	} else {
		if (level_points(cfg->starts, cfg->nstarts,
		                 vl ? vl->has_start : 0, vl ? &vl->start : NULL,
		                 m, name, "--start", 0, &ss, &ns) != 0)
			goto done;
		if (cfg->distances) {
			rc = voxel_distances(k, ctx, m, name, &o, ss, ns,
			                     load_us);
			goto done;
		}
		if (level_points(cfg->goals, cfg->ngoals, vl ? vl->has_goal : 0,
		                 vl ? &vl->goal : NULL, m, name, "--goal",
		                 o.adjacent || o.closest, &ts, &ng) != 0)
			goto done;
		rc = voxel_query(k, ctx, m, name, name, &o, ss, ns, ts, ng,
		                 NULL, -1, NULL, load_us);
	}
	/* --only runs queries alone; the level's checks are no query */
	if (rc == 0 && cfg->check && !cfg->distances && cfg->nonly == 0) {
		voxel_reach(k, ctx, m, name, &o);
		voxel_regions(k, ctx, m, name, &o);
	}
done:
	free(ss);
	free(ts);
	return rc;
}

/* The start and goal of a voxel scenario line, checked on its map;
 * -1 (reported, at the line) when outside or blocked. */
static int scen_points(const scen_entry *e, const astar_voxels *v,
                       const char *name, astar_place *s, astar_place *g)
{
	astar_place p[2] = {{e->start.x, e->start.y, e->sz, 0},
	                    {e->goal.x, e->goal.y, e->gz, 0}};

	for (int i = 0; i < 2; i++) {
		if (!astar_voxels_contains(v, p[i].x, p[i].y, p[i].z)) {
			diag_error(name, e->line, 0,
			           "%s %d,%d,%d is outside the %dx%dx%d map",
			           i ? "goal" : "start", (int)p[i].x,
			           (int)p[i].y, (int)p[i].z,
			           (int)astar_voxels_width(v),
			           (int)astar_voxels_height(v),
			           (int)astar_voxels_depth(v));
			return -1;
		}
		if (astar_voxels_get(v, p[i].x, p[i].y, p[i].z) == 0) {
			diag_error(name, e->line, 0,
			           "%s %d,%d,%d is a blocked voxel",
			           i ? "goal" : "start", (int)p[i].x,
			           (int)p[i].y, (int)p[i].z);
			return -1;
		}
	}
	*s = p[0];
	*g = p[1];
	return 0;
}

void run_voxel_scen(sink *k, astar_ctx *ctx)
{
	const cli_config *cfg = k->cfg;
	const scen_entry *e = k->it->entry;
	const shared_map *sm = k->it->sm;
	const char *name = k->it->scen_name;
	char label[LABEL_MAX];
	astar_options o;
	astar_place s, g;
	astar_voxel_result vr;
	astar_result res;
	query_report q;
	map_expect expect;
	astar_status st;
	double t0;

	scen_label(label, sizeof label, name, e->line);
	if (sm->m.voxels == NULL || !e->voxel) {
		diag_error(name, e->line, 0,
		           "%s scenario names %s, which is %s voxel map",
		           e->voxel ? "a voxel" : "a grid",
		           display_name(sm->path), e->voxel ? "no" : "a");
		query_error(k, label);
		return;
	}
	if (voxel_options(cfg, name, &o) != 0 ||
	    voxel_pick(cfg, sm->m.voxels, name, &o) != 0 ||
	    scen_points(e, sm->m.voxels, name, &s, &g) != 0) {
		query_error(k, label);
		return;
	}
	o.no_path = config_scen_options(cfg).no_path;
	t0 = now_us();
	st = astar_voxels_search(ctx, sm->m.voxels, &s, 1, &g, 1, &o, &vr);
	if (st != ASTAR_OK) {
		diag_error(name, e->line, 0, "%s", astar_strerror(st));
		query_error(k, label);
		return;
	}
	voxel_report(&q, cfg, display_name(sm->path), &sm->m, &o, &res, &vr);
	q.load_us = sm->load_us;
	q.search_us = now_us() - t0;
	q.vstart = s;
	q.vgoal = g;
	q.scen = name;
	q.line = e->line;
	memset(&expect, 0, sizeof expect);
	expect.has_cost = 1;
	expect.cost = e->optimal;
	expect.cost_decimals = e->decimals;
	q.expect = &expect;
	if (cfg->update)
		update_scen_query(k, label, &expect, &res);
	emit(k, &q, label, 0);
}
