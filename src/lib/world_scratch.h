/*
 * world_scratch.h - the arrays a context keeps for world searches
 * (world_search.c makes them, world_regions.c uses them too), private to
 * the library: the result's places, the distance map, the labels, the
 * query's indices and the regions' stacks.
 */
#ifndef ASTAR_WORLD_SCRATCH_H
#define ASTAR_WORLD_SCRATCH_H

#include "astar.h"

typedef struct world_scratch {
	astar_place *path, *explored;
	size_t path_cap, explored_cap;
	double *dist;
	size_t dist_cap;
	uint8_t *flow;
	size_t flow_cap;
	uint32_t *labels;
	size_t labels_cap;
	uint32_t *goals; /* the goals sorted, their numbers, room to sort */
	size_t goals_cap;
	uint32_t *order; /* the starts' and goals' places */
	size_t order_cap;
	uint32_t *tmp[3]; /* regions: index, low link, stack */
	size_t tmp_cap[3];
	astar_point *pts; /* a one-level world's points for the grid */
	size_t pts_cap;
} world_scratch;

/* ctx's world arrays, made on first use (NULL when out of memory). */
world_scratch *world_scratch_of(astar_ctx *ctx);

/* Grows *a, of *cap elements of size bytes, to hold need; 0 or -1. */
int world_grow(void **a, size_t *cap, size_t need, size_t size);

#endif
