/*
 * many_search.h - the several-goals search (many_search.c), private to
 * the library.
 */
#ifndef ASTAR_MANY_SEARCH_H
#define ASTAR_MANY_SEARCH_H

#include "astar.h"

/* astar_search_many's contract (astar.h) for one search from every start
 * at once, on the grid given (the agent's, already made: opts->size is
 * not read) and with any algorithm but JPS: ASTAR_EUNSUPPORTED with the
 * adjacent or closest option. */
astar_status many_search(astar_ctx *ctx, const astar_grid *grid,
                         const astar_point *starts, size_t nstarts,
                         const astar_point *goals, size_t ngoals,
                         const astar_options *opts, astar_result *r);

#endif
