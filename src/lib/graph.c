/*
 * graph.c - building a navigation graph into compressed rows from a
 * list of nodes and arcs (the cheaper of two arcs between the same
 * nodes wins), its accessors, and the one check that keeps A* exact on
 * it: the least cost / length ratio over its arcs (graph.h).
 */
#include <stdlib.h>
#include <string.h>

#include "graph.h"

void astar_graph_free(astar_graph *g)
{
	if (g == NULL)
		return;
	free(g->off);
	free(g->to);
	free(g->cost);
	free(g->xyz);
	free(g->walk);
	free(g);
}

static astar_graph *fail(astar_graph *g, astar_status *status,
                         astar_status why)
{
	astar_graph_free(g);
	if (status != NULL)
		*status = why;
	return NULL;
}

/* Whether the arcs and positions are all in range. */
static astar_status check_input(size_t n, const double *xyz,
                                const astar_arc *arcs, size_t m)
{
	if (n > ASTAR_GRAPH_MAX || m > ASTAR_GRAPH_MAX)
		return ASTAR_ETOOBIG;
	for (size_t i = 0; i < 3 * n; i++)
		if (!isfinite(xyz[i]))
			return ASTAR_EINVAL;
	for (size_t k = 0; k < m; k++)
		if (arcs[k].from >= n || arcs[k].to >= n ||
		    !isfinite(arcs[k].cost) || arcs[k].cost < 0)
			return ASTAR_EINVAL;
	return ASTAR_OK;
}

typedef struct pair {
	uint32_t to;
	double cost;
} pair;

static int pair_cmp(const void *a, const void *b)
{
	const pair *x = a, *y = b;

	if (x->to != y->to)
		return x->to < y->to ? -1 : 1;
	return (x->cost > y->cost) - (x->cost < y->cost);
}

/* A long row's sort (qsort through pairs); -1 when out of memory. */
static int sort_long_row(uint32_t *to, double *cost, size_t n)
{
	pair *p = malloc(n * sizeof *p);

	if (p == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		p[i].to = to[i];
		p[i].cost = cost[i];
	}
	qsort(p, n, sizeof *p, pair_cmp);
	for (size_t i = 0; i < n; i++) {
		to[i] = p[i].to;
		cost[i] = p[i].cost;
	}
	free(p);
	return 0;
}

/* Sorts row's arcs by target, then cost: insertion sort for the short
 * rows of most graphs, qsort for long ones (a hub).  0 or -1. */
static int sort_row(uint32_t *to, double *cost, size_t n)
{
	if (n > 24)
		return sort_long_row(to, cost, n);
	for (size_t i = 1; i < n; i++) {
		uint32_t t = to[i];
		double c = cost[i];
		size_t j = i;

		while (j > 0 && (to[j - 1] > t || (to[j - 1] == t && cost[j - 1] > c))) {
			to[j] = to[j - 1];
			cost[j] = cost[j - 1];
			j--;
		}
		to[j] = t;
		cost[j] = c;
	}
	return 0;
}

/* Places the arcs in rows by their tail (a counting sort), sorts each
 * row and keeps the first, cheapest, arc of each target. */
static int fill_rows(astar_graph *g, const astar_arc *arcs, size_t m)
{
	uint32_t *next = g->off; /* off[i + 1] counts, then fills */
	uint32_t w = 0;

	for (size_t k = 0; k < m; k++)
		next[arcs[k].from + 1]++;
	for (uint32_t i = 0; i < g->n; i++)
		next[i + 1] += next[i];
	for (size_t k = 0; k < m; k++) {
		uint32_t at = next[arcs[k].from]++;

		g->to[at] = arcs[k].to;
		g->cost[at] = arcs[k].cost;
	}
	/* next[i] is now the end of row i: shift back into starts. */
	memmove(next + 1, next, g->n * sizeof *next);
	next[0] = 0;
	for (uint32_t i = 0; i < g->n; i++) {
		uint32_t a = next[i], b = next[i + 1];

		if (sort_row(g->to + a, g->cost + a, b - a) != 0)
			return -1;
		next[i] = w;
		for (uint32_t k = a; k < b; k++) {
			if (k > a && g->to[k] == g->to[k - 1])
				continue;
			g->to[w] = g->to[k];
			g->cost[w++] = g->cost[k];
		}
	}
	next[g->n] = w;
	g->m = w;
	return 0;
}

/* The least cost / length over arcs between nodes apart, capped at 1. */
static double least_ratio(const astar_graph *g)
{
	double r = 1.0;

	for (uint32_t i = 0; i < g->n; i++)
		for (uint32_t k = g->off[i]; k < g->off[i + 1]; k++) {
			double len = graph_dist(g, i, g->to[k]);

			if (len > 0 && g->cost[k] < r * len)
				r = g->cost[k] / len;
		}
	return r;
}

astar_graph *astar_graph_new(size_t n, const double *xyz,
                             const uint8_t *walkable, const astar_arc *arcs,
                             size_t m, astar_status *status)
{
	astar_status st = check_input(n, xyz, arcs, m);
	astar_graph *g;

	if (st != ASTAR_OK)
		return fail(NULL, status, st);
	g = calloc(1, sizeof *g);
	if (g == NULL)
		return fail(NULL, status, ASTAR_ENOMEM);
	g->n = (uint32_t)n;
	g->off = calloc(n + 1, sizeof *g->off);
	g->to = malloc((m ? m : 1) * sizeof *g->to);
	g->cost = malloc((m ? m : 1) * sizeof *g->cost);
	g->xyz = malloc((n ? 3 * n : 1) * sizeof *g->xyz);
	g->walk = malloc(n ? n : 1);
	if (g->off == NULL || g->to == NULL || g->cost == NULL ||
	    g->xyz == NULL || g->walk == NULL)
		return fail(g, status, ASTAR_ENOMEM);
	if (n > 0)
		memcpy(g->xyz, xyz, 3 * n * sizeof *xyz);
	for (size_t i = 0; i < n; i++)
		g->walk[i] = walkable == NULL || walkable[i] != 0;
	if (fill_rows(g, arcs, m) != 0)
		return fail(g, status, ASTAR_ENOMEM);
	g->h_scale = least_ratio(g);
	if (status != NULL)
		*status = ASTAR_OK;
	return g;
}

size_t astar_graph_nodes(const astar_graph *g)
{
	return g->n;
}

size_t astar_graph_arcs(const astar_graph *g)
{
	return g->m;
}

void astar_graph_pos(const astar_graph *g, uint32_t i, double xyz[3])
{
	memcpy(xyz, g->xyz + 3 * (size_t)i, 3 * sizeof *xyz);
}

int astar_graph_walkable(const astar_graph *g, uint32_t i)
{
	return g->walk[i];
}

size_t astar_graph_out(const astar_graph *g, uint32_t i, const uint32_t **to,
                       const double **cost)
{
	*to = g->to + g->off[i];
	*cost = g->cost + g->off[i];
	return g->off[i + 1] - g->off[i];
}

double astar_graph_h_scale(const astar_graph *g)
{
	return g->h_scale;
}
