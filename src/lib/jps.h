/*
 * jps.h - Jump Point Search, private to the library.
 *
 * jps_search has astar_search's contract (see astar.h) for grids whose
 * open cells all cost the same, under ASTAR_DIAG_NO_OBSTACLES (8-connected
 * without corner cutting) or ASTAR_DIAG_NEVER (4-connected), with the
 * heuristic of that movement (octile, Manhattan: the default) and weight
 * 1 (jps_supported, rules.h); otherwise it returns ASTAR_EUNSUPPORTED.
 * Its paths are shortest and list every cell; adjacent and closest are
 * honoured.  The expanded
 * cells (result.explored) are the jump points taken off the open list.
 * It keeps bit-packed copies of the grid between queries in a cache that
 * it hands to the context (its cache field, freed with the context by
 * jps_cache_free, jps_bits.h).
 */
#ifndef ASTAR_JPS_H
#define ASTAR_JPS_H

#include "astar.h"

astar_status jps_search(astar_ctx *ctx, const astar_grid *grid,
                        astar_point start, astar_point goal,
                        const astar_options *opts, astar_result *r);

/* Builds every bit map jps_search uses on grid, those it would otherwise
 * add on the grid's second query included, into the context's cache (see
 * astar_prepare).  The grid and options must be jps_supported.  Returns
 * ASTAR_OK or ASTAR_ENOMEM; the cache stays usable either way. */
astar_status jps_prepare(astar_ctx *ctx, const astar_grid *grid);

#endif
