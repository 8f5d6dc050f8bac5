/*
 * graph.h - a navigation graph's layout, private to the library: its
 * arcs in compressed rows (node i's arcs are to[off[i] .. off[i+1]-1]
 * with their costs beside them, sorted by target), the nodes' positions
 * and walkable flags, and the heuristic's scale worked out when it was
 * built.  Shared by graph.c (building), graph_search.c (the searches)
 * and graph_regions.c.
 */
#ifndef ASTAR_GRAPH_H
#define ASTAR_GRAPH_H

#include <math.h>
#include <stdint.h>

#include "astar.h"

struct astar_graph {
	uint32_t n, m;  /* nodes, arcs */
	uint32_t *off;  /* n + 1 row starts */
	uint32_t *to;   /* m targets */
	double *cost;   /* m costs */
	double *xyz;    /* 3n coordinates */
	uint8_t *walk;  /* n flags */
	double h_scale; /* see astar_graph_h_scale */
};

/* The straight-line distance between nodes a and b. */
static inline double graph_dist(const astar_graph *g, uint32_t a, uint32_t b)
{
	const double *p = g->xyz + 3 * (size_t)a, *q = g->xyz + 3 * (size_t)b;
	double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];

	return sqrt(dx * dx + dy * dy + dz * dz);
}

/* The arrays a context keeps for graph searches (ctx->graph): the
 * result's path and explored nodes, the goal marks of a query (mark[i]
 * == stamp), the distances and the region labels. */
typedef struct graph_work {
	uint32_t *path, *explored, *mark, *labels;
	size_t path_cap, explored_cap, mark_cap, labels_cap;
	uint32_t stamp;
	double *dist;
	size_t dist_cap;
} graph_work;

/* ctx's graph arrays, made on first use; NULL when out of memory. */
graph_work *graph_work_of(astar_ctx *ctx);

/* Grows *a (capacity *cap) to need entries of size bytes, the new ones
 * zeroed; 0 or -1 (unchanged). */
int graph_grow(void **a, size_t *cap, size_t need, size_t size);

#endif
