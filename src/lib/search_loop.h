/*
 * search_loop.h - the A* loop and its setup (search_loop.c), private to
 * the library: A*, Dijkstra, breadth-first and greedy best-first search
 * of one query on a grid, as the dispatch (search.c) hands it over.
 */
#ifndef ASTAR_SEARCH_LOOP_H
#define ASTAR_SEARCH_LOOP_H

#include "ctx.h"

/* astar_search's contract (astar.h) for a query without wrapping or an
 * agent bigger than a cell, with the algorithm of opts other than JPS
 * and landmarks (which the dispatch sends elsewhere). */
astar_status search_loop(astar_ctx *ctx, const astar_grid *grid,
                         astar_point start, astar_point goal,
                         const astar_options *opts, astar_result *r);

#endif
