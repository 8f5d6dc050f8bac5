/*
 * grid.h - the layout of astar_grid, private to the library.
 *
 * A grid of W x H cells is stored padded: one blocked cell on every side,
 * so that the eight neighbours of any interior cell exist and the search
 * needs no bounds checks.  Cell (x, y) lives at index (y + 1) * stride +
 * (x + 1), with stride = W + 2.
 */
#ifndef ASTAR_GRID_H
#define ASTAR_GRID_H

#include "astar.h"

struct astar_grid {
	int32_t width, height;
	int32_t stride;   /* width + 2 */
	size_t ncells;    /* stride * (height + 2) */
	uint8_t min_cost; /* lower bound of every open cell's cost */
	uint8_t max_cost; /* upper bound of every open cell's cost */
	uint8_t *cells;   /* ncells costs, 0 = blocked */
	/* Which grid and which state of its cells: id is unique among the
	 * grids of the process, version is bumped by every call that may
	 * change cells (astar_grid_set, astar_grid_row, astar_grid_recount).
	 * Caches built from a grid (JPS's bit maps, jps_bits.c) are valid
	 * while both are equal. */
	uint64_t id, version;
};

static inline size_t grid_index(const astar_grid *g, int32_t x, int32_t y)
{
	return (size_t)(y + 1) * (size_t)g->stride + (size_t)(x + 1);
}

#endif
