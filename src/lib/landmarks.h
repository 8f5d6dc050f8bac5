/*
 * landmarks.h - A* with landmarks (ALT, differential heuristics), private
 * to the library: the distance tables a context builds for one grid and
 * the search that uses them (landmarks.c).
 */
#ifndef ASTAR_LANDMARKS_H
#define ASTAR_LANDMARKS_H

#include "ctx.h"

/* Builds ctx's landmark tables for grid and opts unless it holds them
 * already (same grid, unchanged, same policy and count), the searches
 * that do not depend on each other through each when not NULL
 * (astar_prepare_on).  ASTAR_OK, ASTAR_ENOMEM (ctx unchanged, still
 * usable). */
astar_status lm_prepare(astar_ctx *ctx, const astar_grid *grid,
                        const astar_options *opts, astar_parallel *each,
                        void *self);

/* Makes ctx hold the tables from holds for grid and opts (shared, read
 * only; freed by the last context that lets go): 0, or -1 when from
 * holds none for them (ctx unchanged). */
int lm_share(astar_ctx *ctx, const astar_ctx *from, const astar_grid *grid,
             const astar_options *opts);

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
