/*
 * landmarks.h - A* with landmarks (ALT, differential heuristics), private
 * to the library: the search that uses a context's distance tables
 * (landmarks.c; the tables are landmarks_tables.h's).
 */
#ifndef ASTAR_LANDMARKS_H
#define ASTAR_LANDMARKS_H

#include "ctx.h"

/* Nonzero when A* is to search grid with ctx's landmark tables for opts,
 * which it builds (or, for ASTAR_LANDMARKS_AUTO, judges) when missing;
 * 0 for the plain search, also on an error (in *st, else ASTAR_OK). */
int lm_use(astar_ctx *ctx, const astar_grid *grid, const astar_options *opts,
           astar_status *st);

/* astar_search when lm_use says so: the same checks and result; the cost
 * is the shortest, the path one of the shortest. */
astar_status lm_search(astar_ctx *ctx, const astar_grid *grid,
                       astar_point start, astar_point goal,
                       const astar_options *opts, astar_result *r);

#endif
