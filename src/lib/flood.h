/*
 * flood.h - what search.c asks of the one-to-many files beyond the
 * public API (many_ctx.c keeps the agent-size grid).
 */
#ifndef ASTAR_FLOOD_H
#define ASTAR_FLOOD_H

#include "astar.h"

/* astar_prepare for an agent of opts->size > 1: prepares the grid the
 * agent sees (kept in ctx) instead of grid itself. */
astar_status flood_prepare_agent(astar_ctx *ctx, const astar_grid *grid,
                                 const astar_options *opts);

#endif
