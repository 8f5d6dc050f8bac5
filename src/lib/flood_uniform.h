/*
 * flood_uniform.h - what flood.c asks of flood_uniform.c: the distance
 * map of a grid of one cell cost that does not wrap.
 */
#ifndef ASTAR_FLOOD_UNIFORM_H
#define ASTAR_FLOOD_UNIFORM_H

#include "many.h"

/* Whether flood_uniform serves a flood of grid under opts: borders that
 * do not join, and every open cell of one cost. */
int flood_uniform_applies(const astar_grid *grid, const astar_options *opts);

/* astar_flood's work once e is started (engine_start) and the outputs
 * have room: the map from the sources under policy pol into the block's
 * dist and flow, r->reached and e->expanded (the caller fills the rest
 * of *r, or clears it on an error). */
astar_status flood_uniform(engine *e, const astar_point *src, size_t nsrc,
                           astar_diagonal pol, astar_flood_result *r);

#endif
