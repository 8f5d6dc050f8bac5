/*
 * world.h - the layout of astar_world, private to the library, and the
 * step rules its searches share (world_search.c, world_regions.c).
 *
 * A world's places are its levels' padded cells laid end to end (level
 * k's cell x, y at base + (y + 1) * stride + x + 1), so the context's
 * records index them as they index a grid's.  Place 0, level 0's padding
 * corner, is always blocked: it stands for "no place".  A cell that is a
 * link end or touches another level of its depth is flagged (slot != 0);
 * only those leave the level's own neighbour offsets for a table of
 * their eight neighbours in world cells and their links.
 */
#ifndef ASTAR_WORLD_H
#define ASTAR_WORLD_H

#include <math.h>

#include "ctx.h"

typedef struct world_level {
	const astar_grid *grid;
	char *name;
	int32_t x, y, depth;
	size_t base;   /* its first padded place */
	size_t offset; /* its first cell in astar_world_offset's layout */
} world_level;

typedef struct world_link {
	astar_place from, to;
	double cost;
	int oneway;
} world_link;

/* A place where a link leaves (M(t) of the heuristic, docs/design.md):
 * the far end and the link's cost. */
typedef struct world_exit {
	int32_t x, y, depth; /* world cells */
	double cost;
} world_exit;

struct astar_world {
	world_level *lv;
	size_t nlv, lvcap;
	world_link *ln;
	size_t nln, lncap;
	int built;
	int blocked; /* astar_world_block closed a place: no level's grid
	                alone says what is open */
	size_t n;          /* places */
	uint8_t *cost;     /* n entry costs, 0 blocked; link ends opened */
	uint32_t *slot;    /* n: 0, or 1 + the flagged place's row below */
	uint32_t (*nb)[8]; /* a flagged place's neighbours N E S W NE SE SW
	                      NW in world cells (0: none) */
	uint32_t *arc_first; /* its links: arc_first[r] .. arc_first[r+1] */
	uint32_t *arc_to;
	double *arc_cost;
	size_t nflag;
	double *lfree[2]; /* per place, the walk to the nearest link
	                     entrance in open space (4-, 8-connected) */
	world_exit *exits;
	size_t nexits;
	uint8_t min_cost;
};

/* Offsets of the eight directions, N E S W NE SE SW NW. */
static const int world_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int world_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
/* A diagonal's two orthogonal directions. */
static const int world_side_a[8] = {0, 1, 2, 3, 0, 2, 2, 0};
static const int world_side_b[8] = {0, 1, 2, 3, 1, 1, 3, 3};

/* The level holding place i (binary search over the bases). */
static inline size_t world_level_of(const astar_world *w, size_t i)
{
	size_t lo = 0, hi = w->nlv;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (w->lv[mid].base <= i)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Place i's place, and its world cell. */
static inline astar_place world_place_of(const astar_world *w, size_t i)
{
	size_t k = world_level_of(w, i);
	const world_level *l = &w->lv[k];
	uint32_t local = (uint32_t)(i - l->base), s = (uint32_t)l->grid->stride;
	astar_place p;

	p.x = (int32_t)(local % s) - 1;
	p.y = (int32_t)(local / s) - 1;
	p.z = 0;
	p.level = (uint32_t)k;
	return p;
}

/* The neighbour of place i in direction d (0 for none). */
static inline size_t world_step(const astar_world *w, size_t i, int d,
                                int32_t stride)
{
	uint32_t r = w->slot[i];

	if (r != 0)
		return w->nb[r - 1][d];
	return (size_t)((ptrdiff_t)i + world_dx[d] + (ptrdiff_t)world_dy[d] * stride);
}

/* Whether a diagonal step d from i is allowed under the policy (its
 * two orthogonal neighbours; d < 4 always is). */
static inline int world_diagonal_ok(const astar_world *w, size_t i, int d,
                                    int32_t stride, astar_diagonal policy)
{
	int a, b;

	if (d < 4 || policy == ASTAR_DIAG_ALWAYS)
		return 1;
	a = w->cost[world_step(w, i, world_side_a[d], stride)] != 0;
	b = w->cost[world_step(w, i, world_side_b[d], stride)] != 0;
	return policy == ASTAR_DIAG_ONE_OBSTACLE ? (a || b) : (a && b);
}

/* The place p's index, or 0 when it lies outside its level. */
static inline size_t world_index(const astar_world *w, astar_place p)
{
	const world_level *l;

	if (p.level >= w->nlv)
		return 0;
	l = &w->lv[p.level];
	if (!astar_grid_contains(l->grid, p.x, p.y))
		return 0;
	return l->base + grid_index(l->grid, p.x, p.y);
}

#endif
