/*
 * search.c - the dispatch behind the entry points: astar_prepare*,
 * astar_search and astar_search_many send each preparation and query to
 * the engine that takes it: the A* loop (search_loop.c), Jump Point
 * Search (jps.c), A* with landmarks (landmarks.c) or the several-goals
 * search (many_search.c), on the grid that the agent sees (many_ctx.c).
 *
 * It sits above every engine and none calls it: what they all ask (the
 * options' rules, the heuristic) is rules.c's, and an engine that needs
 * another's search, or the agent's grid, gets it from here instead of
 * through the public entry points.
 */
#include <math.h>
#include <string.h>

#include "jps.h"
#include "landmarks.h"
#include "landmarks_tables.h"
#include "many.h"
#include "many_search.h"
#include "rules.h"
#include "search_loop.h"

/* astar_prepare for an agent of opts->size > 1: prepares the grid the
 * agent sees (kept in ctx) instead of grid itself. */
static astar_status prepare_agent(astar_ctx *ctx, const astar_grid *grid,
                                  const astar_options *opts)
{
	astar_status st;
	astar_options o = *opts;

	if ((grid = many_agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	o.size = 0;
	return astar_prepare(ctx, grid, &o);
}

astar_status astar_prepare(astar_ctx *ctx, const astar_grid *grid,
                           const astar_options *opts)
{
	return astar_prepare_on(ctx, grid, opts, NULL, NULL);
}

astar_status astar_prepare_share(astar_ctx *ctx, const astar_ctx *from,
                                 const astar_grid *grid,
                                 const astar_options *opts)
{
	if (ctx == NULL || from == NULL || !ctx_options_valid(opts) ||
	    opts->size > 1 || !lm_applies(opts) ||
	    lm_share(ctx, from, grid, opts) != 0)
		return ASTAR_EINVAL;
	return ASTAR_OK;
}

astar_status astar_prepare_on(astar_ctx *ctx, const astar_grid *grid,
                              const astar_options *opts, astar_parallel *each,
                              void *self)
{
	astar_status st;

	if (!ctx_options_valid(opts))
		return ASTAR_EINVAL;
	if (opts->algorithm == ASTAR_ALGO_JPS && !astar_supported(grid, opts))
		return ASTAR_EUNSUPPORTED;
	if (opts->size > 1) /* the grid the agent sees */
		return prepare_agent(ctx, grid, opts);
	if ((st = ctx_prepare(ctx, grid, 1)) != ASTAR_OK)
		return st;
	if (opts->algorithm == ASTAR_ALGO_JPS)
		return jps_prepare(ctx, grid);
	if (lm_applies(opts))
		return lm_prepare(ctx, grid, opts, each, self);
	return ASTAR_OK;
}

astar_status astar_search(astar_ctx *ctx, const astar_grid *grid,
                          astar_point start, astar_point goal,
                          const astar_options *opts, astar_result *r)
{
	astar_status st;

	/* Wrapping worlds and agent sizes: astar_search_many, below. */
	if (opts->wrap != ASTAR_WRAP_NONE || opts->size > 1)
		st = astar_search_many(ctx, grid, &start, 1, &goal, 1, opts, r);
	else if (opts->algorithm == ASTAR_ALGO_JPS) /* jump points: jps*.c */
		return jps_search(ctx, grid, start, goal, opts, r);
	else if (lm_use(ctx, grid, opts, &st)) /* landmarks.c */
		st = lm_search(ctx, grid, start, goal, opts, r);
	else if (st == ASTAR_OK)
		st = search_loop(ctx, grid, start, goal, opts,
		                 r); /* the rest */

	if (st != ASTAR_OK)
		memset(r, 0, sizeof *r);
	/* The searches that build the cells all the same (landmarks, the
	 * one-to-many engine) keep to the option's word. */
	if (opts->no_path)
		r->path = NULL;
	return st;
}

/* JPS: one search per pair, the cheapest kept (ties to the earlier goal,
 * then start), and searched again so that its path is the context's. */
static astar_status jps_pairs(astar_ctx *ctx, const astar_grid *grid,
                              const astar_point *starts, size_t nstarts,
                              const astar_point *goals, size_t ngoals,
                              const astar_options *opts, astar_result *r)
{
	size_t bs = 0, bg = 0;
	double best = INFINITY;
	uint64_t expanded = 0, generated = 0;
	astar_status st;

	if (opts->adjacent || opts->closest)
		return ASTAR_EUNSUPPORTED;
	for (size_t g = 0; g < ngoals; g++)
		for (size_t s = 0; s < nstarts; s++) {
			st = jps_search(ctx, grid, starts[s], goals[g], opts,
			                r);
			if (st != ASTAR_OK)
				return st;
			expanded += r->expanded;
			generated += r->generated;
			if (r->found &&
			    (isinf(best) ||
			     r->cost < best - 1e-9 * (best > 1 ? best : 1))) {
				best = r->cost;
				bs = s;
				bg = g;
			}
		}
	if ((st = jps_search(ctx, grid, starts[bs], goals[bg], opts, r)) !=
	    ASTAR_OK)
		return st;
	r->expanded = expanded;
	r->generated = generated;
	r->start_index = bs;
	r->goal_index = bg;
	return ASTAR_OK;
}

astar_status astar_search_many(astar_ctx *ctx, const astar_grid *grid,
                               const astar_point *starts, size_t nstarts,
                               const astar_point *goals, size_t ngoals,
                               const astar_options *opts, astar_result *r)
{
	astar_status st = ASTAR_OK;
	astar_options o;

	memset(r, 0, sizeof *r);
	if (!ctx_options_valid(opts) || nstarts == 0 || ngoals == 0 ||
	    nstarts > UINT32_MAX || ngoals > UINT32_MAX)
		return ASTAR_EINVAL;
	if (opts->algorithm == ASTAR_ALGO_JPS &&
	    (opts->wrap != ASTAR_WRAP_NONE || !jps_supported(grid, opts)))
		return ASTAR_EUNSUPPORTED;
	if ((grid = many_agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	o = *opts;
	o.size = 0;
	if (o.wrap == ASTAR_WRAP_NONE && nstarts == 1 && ngoals == 1)
		st = astar_search(ctx, grid, starts[0], goals[0], &o, r);
	else if (o.algorithm == ASTAR_ALGO_JPS)
		st = jps_pairs(ctx, grid, starts, nstarts, goals, ngoals, &o,
		               r);
	else
		st = many_search(ctx, grid, starts, nstarts, goals, ngoals, &o,
		                 r);
	if (st != ASTAR_OK)
		memset(r, 0, sizeof *r);
	return st;
}
