/*
 * many_search.c - the several-goals search: the path from the nearest of
 * several starts to the nearest of several goals, and the searches of
 * wrapping worlds, which the dispatch (search.c: astar_search_many, and
 * astar_search for wrapping worlds and agents bigger than a cell) hands
 * over.  It runs on the grid it is given and calls no other engine: the
 * dispatch hands it the agent's grid, and makes the one-pair searches
 * and JPS's pairs itself.
 *
 * One loop, Dijkstra or A* with the least of the heuristics over the
 * goals, runs from every start at once on the context's records and open
 * list, with the exact costs of many.h beside them.  Neighbours are found
 * from coordinates so that a step may cross a joined border (the padding
 * of blocked cells still stops it where the borders do not join).  The
 * loop is instantiated per diagonal policy and wrapping, as
 * search_loop.c's is.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "many.h"
#include "many_search.h"

/* The distance on an axis, the shorter way round when joined. */
static inline int32_t apart(int32_t a, int32_t b, int32_t n, int joined)
{
	int32_t d = a > b ? a - b : b - a;

	return joined && n - d < d ? n - d : d;
}

static double h_at(const engine *e, int32_t x, int32_t y, int wx, int wy)
{
	double best = INFINITY;

	if (e->nh == 0)
		return 0.0;
	for (size_t k = 0; k < e->nh; k++) {
		double dx = apart(x, e->hgoal[k].x, e->g->width, wx);
		double dy = apart(y, e->hgoal[k].y, e->g->height, wy);
		double lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx, v;

		switch (e->hk) {
		case ASTAR_H_MANHATTAN:
			v = dx + dy;
			break;
		case ASTAR_H_EUCLIDEAN:
			v = sqrt(dx * dx + dy * dy);
			break;
		case ASTAR_H_OCTILE:
			v = (hi - lo) + SQRT2 * lo;
			break;
		case ASTAR_H_CHEBYSHEV:
			v = hi;
			break;
		default:
			v = 0.0;
		}
		if (v < best)
			best = v;
	}
	return best * e->scale;
}

/* Offers cell j, entered from i by a step of direction d, cost c. */
ALWAYS_INLINE int offer(engine *e, size_t i, size_t j, int d, uint8_t c,
                        int32_t jx, int32_t jy, int wx, int wy)
{
	many_bufs *b = e->b;
	node *nj = &e->ctx->nodes[j];
	uint64_t o = b->orth[i] + (d < 4 ? c : 0);
	uint64_t dg = b->diag[i] + (d < 4 ? 0 : c);
	double g = e->algo == ASTAR_ALGO_BFS ? e->ctx->nodes[i].g + 1.0
	                                     : (double)o + SQRT2 * (double)dg;
	double f;

	if (nj->gen == e->ctx->gen) {
		if (e->ctx->pos[j] == CLOSED || g > nj->g)
			return 0;
		if (g == nj->g) { /* a tie: to the source given first */
			if (o == b->orth[j] && dg == b->diag[j] &&
			    b->src[i] < b->src[j]) {
				b->src[j] = b->src[i];
				nj->dir = (uint32_t)d;
			}
			return 0;
		}
		nj->g = g;
		b->orth[j] = o;
		b->diag[j] = dg;
		b->src[j] = b->src[i];
		nj->dir = (uint32_t)d;
		f = (e->algo == ASTAR_ALGO_GREEDY ? 0.0 : g) +
		    (e->nh ? h_at(e, jx, jy, wx, wy) : 0.0);
		heap_decrease(&e->ctx->open, (uint32_t)j, f, g);
		e->generated++;
		return 0;
	}
	nj->gen = e->ctx->gen;
	nj->g = g;
	nj->dir = (uint32_t)d;
	b->orth[j] = o;
	b->diag[j] = dg;
	b->src[j] = b->src[i];
	f = (e->algo == ASTAR_ALGO_GREEDY ? 0.0 : g) +
	    (e->nh ? h_at(e, jx, jy, wx, wy) : 0.0);
	e->generated++;
	return heap_push(&e->ctx->open, (uint32_t)j, f, g);
}

/* The goal test of an expanded cell: returns 1 when the search is over.
 * A* goes on past the first goal while a goal of the same cost may still
 * come, so that ties go to the goal given first. */
static int goal_reached(engine *e, size_t i)
{
	many_bufs *b = e->b;
	double g = e->ctx->nodes[i].g;

	if (e->found_at == SIZE_MAX) {
		e->found_at = i;
		e->found_g = g;
		return e->algo == ASTAR_ALGO_BFS ||
		       e->algo == ASTAR_ALGO_GREEDY;
	}
	if (g == e->found_g && b->goal[i] < b->goal[e->found_at])
		e->found_at = i;
	return 0;
}

ALWAYS_INLINE astar_status loop(engine *e, const astar_diagonal pol,
                                const int wx, const int wy)
{
	const astar_grid *g = e->g;
	const uint8_t *cells = g->cells;
	astar_ctx *ctx = e->ctx;
	const int ndirs = pol == ASTAR_DIAG_NEVER ? 4 : 8;
	const uint64_t inv = ctx_stride_inverse(g);
	const ptrdiff_t w = g->stride;

	while (!heap_empty(&ctx->open)) {
		size_t i = heap_pop(&ctx->open);
		astar_point p = ctx_point_fast(g, inv, i);

		if (e->found_at != SIZE_MAX &&
		    ctx->nodes[i].g + (e->nh ? h_at(e, p.x, p.y, wx, wy) : 0) >
		            e->found_g * (1.0 + 1e-12))
			break; /* nothing left can tie */
		ctx->pos[i] = CLOSED;
		if (e->explored) {
			if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
			                    e->expanded + 1) != 0)
				return ASTAR_ENOMEM;
			ctx->explored[e->expanded] = p;
		}
		e->expanded++;
		if (e->goals && e->b->mark[i] == e->b->mgen) {
			if (goal_reached(e, i))
				break;
			continue; /* no cheaper goal lies beyond a goal */
		}
		for (int d = 0; d < ndirs; d++) {
			int32_t jx = along(p.x, dir_dx[d], g->width, wx);
			int32_t jy = along(p.y, dir_dy[d], g->height, wy);
			/* Without joined borders the padding bounds every
			 * step, and the indices are offsets. */
			const int plain = !wx && !wy;
			size_t j = plain ? i + dir_dy[d] * w + dir_dx[d]
			                 : grid_index(g, jx, jy);
			uint8_t c = cells[j];

			if (c == 0)
				continue;
			if (d >= 4 &&
			    !corner(pol,
			            cells[plain ? i + dir_dx[d]
			                        : grid_index(g, jx, p.y)] != 0,
			            cells[plain ? i + dir_dy[d] * w
			                        : grid_index(g, p.x, jy)] != 0))
				continue;
			if (offer(e, i, j, d, c, jx, jy, wx, wy) != 0)
				return ASTAR_ENOMEM;
		}
	}
	return ASTAR_OK;
}

static astar_status run(engine *e, astar_diagonal pol, astar_wrap wrap)
{
	MANY_DISPATCH(loop, e, pol, wrap);
}

/* Puts the sources on the open list (after the heuristic is set). */
static astar_status engine_sources(engine *e, const astar_point *src,
                                   size_t nsrc, astar_wrap wrap)
{
	int wx = wrap == ASTAR_WRAP_X || wrap == ASTAR_WRAP_XY;
	int wy = wrap == ASTAR_WRAP_Y || wrap == ASTAR_WRAP_XY;

	for (size_t k = 0; k < nsrc; k++) {
		size_t i = engine_source(e, src, k);

		if (i == SIZE_MAX)
			continue;
		e->generated++;
		if (heap_push(&e->ctx->open, (uint32_t)i,
		              h_at(e, src[k].x, src[k].y, wx, wy), 0.0) != 0)
			return ASTAR_ENOMEM;
	}
	return ASTAR_OK;
}

/* Marks the goals, the first given at each cell winning. */
static void engine_goals(engine *e, const astar_point *goal, size_t ngoal)
{
	many_bufs *b = e->b;

	if (++b->mgen == 0) {
		memset(b->mark, 0, b->cap * sizeof *b->mark);
		b->mgen = 1;
	}
	for (size_t k = ngoal; k-- > 0;) {
		size_t i = grid_index(e->g, goal[k].x, goal[k].y);
		b->mark[i] = b->mgen;
		b->goal[i] = (uint32_t)k;
	}
	e->goals = 1;
}

/* The path from its source to cell end into ctx->path (under no_path,
 * its length, cost and ends alone). */
static astar_status build_path(engine *e, size_t end, int no_path,
                               astar_result *r)
{
	astar_ctx *ctx = e->ctx;
	const astar_grid *g = e->g;
	size_t len = 1, i = end;

	/* Back along the steps, each undone from the coordinates (which
	 * may cross a joined border). */
	for (astar_point p = ctx_point_of(g, i); ctx->nodes[i].dir != 8;) {
		int d = (int)ctx->nodes[i].dir;
		p.x = along(p.x, -dir_dx[d], g->width, 1);
		p.y = along(p.y, -dir_dy[d], g->height, 1);
		i = grid_index(g, p.x, p.y);
		len++;
	}
	r->path_len = len;
	r->cost = (double)e->b->orth[end] + SQRT2 * (double)e->b->diag[end];
	r->end = ctx_point_of(g, end);
	r->found = r->reached_goal = 1;
	r->start_index = e->b->src[end];
	r->goal_index = e->b->goal[end];
	if (no_path)
		return ASTAR_OK;
	if (ctx_grow_points(&ctx->path, &ctx->path_cap, len) != 0)
		return ASTAR_ENOMEM;
	i = end;
	for (size_t k = len; k-- > 0;) {
		astar_point p = ctx_point_of(g, i);
		ctx->path[k] = p;
		if (k > 0) {
			int d = (int)ctx->nodes[i].dir;
			p.x = along(p.x, -dir_dx[d], g->width, 1);
			p.y = along(p.y, -dir_dy[d], g->height, 1);
			i = grid_index(g, p.x, p.y);
		}
	}
	r->path = ctx->path;
	return ASTAR_OK;
}

astar_status many_search(astar_ctx *ctx, const astar_grid *grid,
                         const astar_point *starts, size_t nstarts,
                         const astar_point *goals, size_t ngoals,
                         const astar_options *opts, astar_result *r)
{
	engine e;
	astar_status st;

	if (opts->adjacent || opts->closest)
		return ASTAR_EUNSUPPORTED;
	for (size_t k = 0; k < ngoals; k++) {
		if (!astar_grid_contains(grid, goals[k].x, goals[k].y))
			return ASTAR_ERANGE;
	}
	if ((st = engine_start(&e, ctx, grid, starts, nstarts,
	                       ASTAR_ESTART_BLOCKED)) != ASTAR_OK)
		return st;
	for (size_t k = 0; k < ngoals; k++)
		if (grid->cells[grid_index(grid, goals[k].x, goals[k].y)] == 0)
			return ASTAR_EGOAL_BLOCKED;
	e.algo = opts->algorithm;
	e.hk = astar_effective_heuristic(opts);
	e.scale = opts->weight * grid->min_cost;
	e.explored = opts->explored;
	if (e.hk != ASTAR_H_ZERO &&
	    (ngoals <= ASTAR_MANY_GOALS_H || e.algo == ASTAR_ALGO_GREEDY)) {
		e.hgoal = goals;
		e.nh = ngoals;
	}
	engine_goals(&e, goals, ngoals);
	if ((st = engine_sources(&e, starts, nstarts, opts->wrap)) != ASTAR_OK)
		return st;
	if ((st = run(&e, opts->diagonal, opts->wrap)) != ASTAR_OK)
		return st;
	r->expanded = e.expanded;
	r->generated = e.generated;
	if (opts->explored) {
		r->explored = ctx->explored;
		r->explored_len = (size_t)e.expanded;
	}
	if (e.found_at == SIZE_MAX)
		return ASTAR_OK;
	return build_path(&e, e.found_at, opts->no_path, r);
}
