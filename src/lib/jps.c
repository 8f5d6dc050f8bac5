/*
 * jps.c - Jump Point Search on grids of uniform cost: the search loop,
 * and a query from its checks to its result (closest mode's searches
 * included).
 *
 * The search is A* over jump points (D. Harabor and A. Grastien, "Online
 * Graph Pruning for Pathfinding on Grid Maps", AAAI 2011) with the
 * block-based jumping and the skipped diagonal jump points of "Improving
 * Jump Point Search" (ICAPS 2014).  A node's successors are the jump
 * points that its straight jumps (jps_jump.h) and diagonal walks
 * (jps_jump.c) find, scanning bit maps of the grid (jps_bits.c); which
 * ones it makes follows from the direction it was reached from
 * (jps_succ.h).  A node's dir field holds its parent, from which the
 * path is rebuilt (jps_path.c).  Two shortcuts leave the results' paths
 * and costs alone: a context keeps the successors of the expansions it
 * made and replays them (the memo, jps_memo.c), and jump points known to
 * have no successor are not opened (pruning, jps_prune.c).
 *
 * The files stand in layers, as warthog-jps's do: the shared types
 * (jps_types.h), the maps (jps_bits.c) and the memo's store
 * (jps_memo.c); the jumps (jps_jump.h, jps_jump.c); the successor
 * generation (jps_succ.h, jps_succ.c) and the pruning's probe
 * (jps_prune.c); the path (jps_path.c); and this file, the search, on
 * top.  None calls the one above it: the probe, which the jumps need
 * when they relax a node, is handed to them in the search's state.
 *
 * Every step costs the grid's one cell cost c (times sqrt(2) diagonally),
 * so the heuristic is octile (4-connected: Manhattan) times c.  The search
 * counts in steps rather than in c, which orders the same, and sums them
 * in fixed point (ctx_exact_units, as search_loop.c's exact instance does):
 * equal costs are equal integers, so a tie of f goes to the larger g as
 * the heap orders it, never to a rounding.
 */
#include <stdlib.h>
#include <string.h>

#include "jps.h"
#include "jps_path.h"
#include "jps_prune.h"
#include "jps_succ.h"
#include "rules.h"

/* Runs the search from padded index start; *found_at is the goal cell
 * reached or SIZE_MAX.  Counts into r->expanded and r->generated and
 * appends to ctx->explored when asked. */
static astar_status jps_run(jps *s, const astar_grid *grid, size_t start,
                            const astar_options *opts, size_t *found_at,
                            astar_result *r)
{
	astar_ctx *ctx = s->ctx;
	const uint32_t st = (uint32_t)s->stride;
	uint64_t expanded = r->expanded;

	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	s->gen = ctx->gen;
	s->nomem = 0;
	s->generated = r->generated;
	s->nodes[start].gx = 0;
	s->nodes[start].gen = s->gen;
	s->nodes[start].dir = (uint32_t)start;
	if (heap_push_key(&ctx->open,
	                  heap_make_key_fixed((uint32_t)start,
	                                      jps_h(s, (int32_t)(start % st),
	                                            (int32_t)(start / st)),
	                                      0)) != 0)
		return ASTAR_ENOMEM;
	s->generated++;
	*found_at = SIZE_MAX;
	s->upper = COST_NONE;
	s->nstack = 0;
	s->nfound = 0;
	/* The memo keys its entries by the class of step that pruning
	 * keeps in the records (offer): no memo without pruning. */
	s->memo_on =
		s->prune && s->walks && s->ngoals <= 1 && !s->cache->memo_off;
	for (;;) {
		uint32_t i;
		int32_t x, y;
		int from_stack = s->nstack > 0;

		if (from_stack) {
			i = s->cache->stack[--s->nstack];
		} else if (!heap_empty(&ctx->open)) {
			/* The key holds f as the relax that pushed it
			 * formed it: nodes[i].gx plus the heuristic. */
			s->fcur = heap_key_fx(heap_top(&ctx->open));
			i = heap_pop(&ctx->open);
		} else {
			break;
		}
		coords(s, i, &x, &y);

		s->pos[i] = CLOSED;
		if (opts->explored) {
			if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
			                    expanded + 1) != 0)
				return ASTAR_ENOMEM;
			ctx->explored[expanded] = ctx_point_of(grid, i);
		}
		expanded++;
		if (is_goal(s, x, y)) {
			*found_at = i;
			break;
		}
		if (from_stack)
			s->fcur = s->nodes[i].gx + jps_h(s, x, y);
		if (memo_serves(s, i))
			expand_memo(s, i, x, y);
		else
			expand_online(s, i, x, y);
		/* A replay from the memo relaxes its successors itself and
		 * leaves nothing here: most expansions skip the call. */
		if (s->nfound > 0)
			flush(s);
		if (s->nomem)
			return ASTAR_ENOMEM;
	}
	r->expanded = expanded;
	r->generated = s->generated;
	return ASTAR_OK;
}

/* The goal cells, pts[0 .. n), and their bounding box. */
static void jps_set_goals(jps *s, const astar_point *pts, int n)
{
	int32_t x0 = INT32_MAX, x1 = INT32_MIN, y0 = INT32_MAX, y1 = INT32_MIN;

	s->ngoals = n;
	for (int k = 0; k < n; k++) {
		int32_t x = pts[k].x + 1, y = pts[k].y + 1;
		s->gx[k] = x;
		s->gy[k] = y;
		x0 = x < x0 ? x : x0;
		x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0;
		y1 = y > y1 ? y : y1;
	}
	if (n == 0)
		x0 = x1 = y0 = y1 = -2;
	s->gx0 = x0;
	s->gy0 = y0;
	s->gxs = (uint32_t)(x1 - x0);
	s->gys = (uint32_t)(y1 - y0);
}

/* Fills the search's state for grid and opts, the goal cells aside. */
static void state_init(jps *s, astar_ctx *ctx, jps_cache *cache,
                       const astar_grid *grid, const astar_options *opts,
                       astar_point goal)
{
	memset(s, 0, offsetof(jps, found));
	s->ctx = ctx;
	s->cells = grid->cells;
	s->rows = cache->rows;
	s->cols = cache->cols;
	s->walks = cache->walks;
	s->anti = cache->anti;
	s->diag = cache->diag;
	s->hwalk = cache->hwalk;
	memcpy(s->jp, cache->jp, sizeof s->jp);
	s->nrows = grid->height + 2;
	s->cache = cache;
	s->rw = cache->rw;
	s->cw = cache->cw;
	s->dw = cache->dw;
	s->nodes = ctx->nodes;
	s->pos = ctx->pos;
	s->stride = grid->stride;
	s->dmask = (size_t)grid->stride * (size_t)(grid->height + 2) <=
	                           (size_t)1 << PARENT_BITS
	                   ? ((uint32_t)1 << PARENT_BITS) - 1
	                   : UINT32_MAX;
	s->grid = grid;
	s->inv = ctx_stride_inverse(grid);
	s->eight = opts->diagonal == ASTAR_DIAG_NO_OBSTACLES;
	s->no_path = opts->no_path != 0;
	ctx_exact_units(grid, &s->c, &s->dc);
	/* In diagonal steps (the units' room is counted in them). */
	s->gmax = (jps_cost)grid->ncells * s->dc;
	/* 4-connected, no step is diagonal, and a diagonal offset takes two
	 * straight steps: jps_h's octile form is then Manhattan. */
	if (!s->eight)
		s->dc = 2 * s->c;
	/* Two sums err by at most half a unit a diagonal step each. */
	s->margin = s->c / 4 + ctx_exact_counts(grid);
	s->tx = goal.x + 1;
	s->ty = goal.y + 1;
	s->probe_barren = jps_barren_probe;
}

/* The goal cells, for the padded start st and target t: the target when
 * open, or in adjacent mode the open cells one legal step from it (the
 * start alone when it is the target). */
static void goals_init(jps *s, const astar_grid *grid,
                       const astar_options *opts, astar_point goal, size_t st,
                       size_t t)
{
	const uint8_t *cells = grid->cells;
	astar_point goals[8];
	int ngoals = 0;

	if (opts->adjacent && st != t) {
		for (int d = 0; d < (s->eight ? 8 : 4); d++) {
			size_t a = t - ((ptrdiff_t)dir_dy(d) * grid->stride +
			                dir_dx(d));
			if (cells[a] == 0 || !step_ok(s, a, d))
				continue;
			goals[ngoals] = ctx_point_of(grid, a);
			ngoals++;
		}
		s->slack = s->eight ? s->dc : s->c;
	} else if (cells[t] != 0) {
		goals[ngoals++] = goal;
	}
	jps_set_goals(s, goals, ngoals);
}

/* Searches from padded index start to cell p alone. */
static astar_status run_to(jps *s, const astar_grid *grid, size_t start,
                           astar_point p, const astar_options *opts,
                           size_t *found_at, astar_result *r)
{
	s->tx = p.x + 1;
	s->ty = p.y + 1;
	s->slack = 0;
	jps_set_goals(s, &p, 1);
	return jps_run(s, grid, start, opts, found_at, r);
}

/*
 * closest mode's path: to the cell of near[0..n) cheapest to reach, then
 * the topmost, then the leftmost, as search_loop.c's nearest_offer chooses.
 * One search per candidate (there are few: lattice points on a circle).
 */
static astar_status closest_path(jps *s, const astar_grid *grid, size_t start,
                                 const astar_options *opts,
                                 const astar_point *near, long n,
                                 astar_result *r)
{
	long best = -1;
	uint64_t bo = 0, bd = 0, o, d;
	size_t found_at = SIZE_MAX;
	astar_status rc;

	for (long k = 0; k < n; k++) {
		int better;
		if ((rc = run_to(s, grid, start, near[k], opts, &found_at,
		                 r)) != ASTAR_OK)
			return rc;
		if (found_at == SIZE_MAX)
			continue; /* cannot happen: the fill reached it */
		jps_build_path(s, grid, start, found_at, &o, &d, NULL);
		if (best < 0)
			better = 1;
		else if (o != bo || d != bd)
			better = (double)o + SQRT2 * (double)d <
			         (double)bo + SQRT2 * (double)bd;
		else
			better = near[k].y < near[best].y ||
			         (near[k].y == near[best].y &&
			          near[k].x < near[best].x);
		if (better) {
			best = k;
			bo = o;
			bd = d;
		}
	}
	if (best < 0)
		return ASTAR_OK;
	if (best != n - 1) { /* the last search was for another: again */
		if ((rc = run_to(s, grid, start, near[best], opts, &found_at,
		                 r)) != ASTAR_OK)
			return rc;
	} else {
		found_at = grid_index(grid, near[best].x, near[best].y);
	}
	return jps_build_path(s, grid, start, found_at, &o, &d, r);
}

/* Fills *r after a run from padded index st that reached found_at
 * (SIZE_MAX: no goal cell). */
static astar_status result_of(jps *s, const astar_grid *grid, size_t st,
                              size_t found_at, astar_point goal,
                              const astar_options *opts, astar_result *r)
{
	astar_status rc;

	if (found_at != SIZE_MAX) {
		uint64_t o, d;
		if ((rc = jps_build_path(s, grid, st, found_at, &o, &d, r)) !=
		    ASTAR_OK)
			return rc;
		r->reached_goal = 1;
	} else if (opts->closest) {
		/* The reachable cells nearest the target; among them the
		 * cheapest to reach, then the topmost, then the leftmost, as
		 * search_loop.c's nearest_offer chooses. */
		astar_point *near = NULL;
		long n = jps_nearest_cells(s, st, goal, &near);
		if (n < 0)
			return ASTAR_ENOMEM;
		rc = closest_path(s, grid, st, opts, near, n, r);
		free(near);
		if (rc != ASTAR_OK)
			return rc;
	}
	if (opts->explored) {
		r->explored = s->ctx->explored;
		r->explored_len = (size_t)r->expanded;
	}
	return ASTAR_OK;
}

static astar_status search(astar_ctx *ctx, jps_cache **cache,
                           const astar_grid *grid, astar_point start,
                           astar_point goal, const astar_options *opts,
                           astar_result *r)
{
	jps s;
	size_t st, t, found_at;
	astar_status rc;

	if (!ctx_options_valid(opts))
		return ASTAR_EINVAL;
	if (!jps_supported(grid, opts))
		return ASTAR_EUNSUPPORTED;
	if ((rc = ctx_begin(ctx, grid, start, goal, opts, &st, &t)) != ASTAR_OK)
		return rc;
	if ((rc = jps_cache_get(cache, grid)) != ASTAR_OK)
		return rc;
	state_init(&s, ctx, *cache, grid, opts, goal);
	goals_init(&s, grid, opts, goal, st, t);
	/* On a scatter of single obstacles dead ends are rare and few
	 * expansions repeat: probing for them, and the memo that rides on
	 * the same records, cost more than they save (and the table 4
	 * bytes a cell). */
	s.prune =
		s.eight && s.dmask != UINT32_MAX &&
		(size_t)grid->width * (size_t)grid->height >= MEMO_MIN_CELLS &&
		!ctx_scattered(ctx, grid);
	if (s.prune && jps_barren_ready(*cache, grid) != 0)
		return ASTAR_ENOMEM;
	s.barren = (*cache)->barren;
	if ((rc = jps_run(&s, grid, st, opts, &found_at, r)) != ASTAR_OK)
		return rc;
	return result_of(&s, grid, st, found_at, goal, opts, r);
}

/* Hands the cache to the context, which frees it with the context. */
static void cache_keep(astar_ctx *ctx, jps_cache *cache)
{
	ctx->cache = cache;
	if (cache != NULL)
		ctx->cache_free = jps_cache_free;
}

astar_status jps_prepare(astar_ctx *ctx, const astar_grid *grid)
{
	jps_cache *cache = ctx->cache;
	astar_status rc = jps_cache_get(&cache, grid);

	cache_keep(ctx, cache);
	if (rc == ASTAR_OK && !cache->walks)
		rc = jps_build_walks(cache, grid);
	return rc;
}

astar_status jps_search(astar_ctx *ctx, const astar_grid *grid,
                        astar_point start, astar_point goal,
                        const astar_options *opts, astar_result *r)
{
	jps_cache *cache = ctx->cache;
	astar_status rc;

	memset(r, 0, sizeof *r);
	rc = search(ctx, &cache, grid, start, goal, opts, r);
	cache_keep(ctx, cache);
	if (rc != ASTAR_OK)
		memset(r, 0, sizeof *r);
	return rc;
}
