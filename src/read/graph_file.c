/*
 * graph_file.c - the store the graph readers fill (graph_file.h): nodes
 * with their ids in a hash table, arcs between node numbers, the named
 * points, and the last step that builds the library's graph and checks
 * its size against --max-cells.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph_file.h"

static size_t hash_id(const char *s)
{
	size_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* Doubles the id table and puts every node back; 0 or -2. */
static int rehash(graph_file *f)
{
	size_t cap = f->index_cap ? 2 * f->index_cap : 64;
	size_t *t = calloc(cap, sizeof *t);

	if (t == NULL)
		return -2;
	for (size_t i = 0; i < f->n; i++) {
		size_t h = hash_id(f->ids[i]) & (cap - 1);

		while (t[h] != 0)
			h = (h + 1) & (cap - 1);
		t[h] = i + 1;
	}
	free(f->index);
	f->index = t;
	f->index_cap = cap;
	return 0;
}

const char *graph_file_id(const graph_file *f, uint32_t v, char *buf)
{
	if (!f->numbered)
		return f->ids[v];
	snprintf(buf, 24, "%lu", (unsigned long)v + 1);
	return buf;
}

int graph_file_find(const graph_file *f, const char *id, uint32_t *v)
{
	size_t h;

	if (f->numbered) {
		char *end;
		unsigned long long k;

		if (id[0] < '1' || id[0] > '9')
			return -1;
		errno = 0;
		k = strtoull(id, &end, 10);
		if (*end != '\0' || errno != 0 || k > f->n)
			return -1;
		*v = (uint32_t)(k - 1);
		return 0;
	}

	if (f->index_cap == 0)
		return -1;
	for (h = hash_id(id) & (f->index_cap - 1); f->index[h] != 0;
	     h = (h + 1) & (f->index_cap - 1))
		if (strcmp(f->ids[f->index[h] - 1], id) == 0) {
			*v = (uint32_t)(f->index[h] - 1);
			return 0;
		}
	return -1;
}

static int grow(void **a, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*a, n * size);
	if (p == NULL)
		return -2;
	*a = p;
	*cap = n;
	return 0;
}

int graph_file_node(graph_file *f, const char *id, double x, double y,
                    double z, int walkable)
{
	uint32_t dup;
	size_t cap = f->cap_n, h;

	if (graph_file_find(f, id, &dup) == 0)
		return -1;
	if (f->n >= ASTAR_GRAPH_MAX)
		return -2;
	if (grow((void **)&f->ids, &cap, f->n + 1, sizeof *f->ids) ||
	    grow((void **)&f->walk, &f->cap_n, f->n + 1, 1))
		return -2;
	f->cap_n = cap;
	{
		double *p = realloc(f->xyz, 3 * cap * sizeof *p);
		if (p == NULL)
			return -2;
		f->xyz = p;
	}
	if ((f->ids[f->n] = strdup(id)) == NULL)
		return -2;
	f->xyz[3 * f->n] = x;
	f->xyz[3 * f->n + 1] = y;
	f->xyz[3 * f->n + 2] = z;
	f->walk[f->n++] = walkable != 0;
	if (2 * f->n > f->index_cap) {
		if (rehash(f) != 0)
			return -2;
		return 0;
	}
	for (h = hash_id(id) & (f->index_cap - 1); f->index[h] != 0;)
		h = (h + 1) & (f->index_cap - 1);
	f->index[h] = f->n;
	return 0;
}

int graph_file_arc(graph_file *f, uint32_t from, uint32_t to, double cost)
{
	if (grow((void **)&f->arcs, &f->cap_m, f->m + 1, sizeof *f->arcs))
		return -2;
	f->arcs[f->m].from = from;
	f->arcs[f->m].to = to;
	f->arcs[f->m++].cost = cost;
	return 0;
}

int graph_file_resolve(const graph_file *f, const char *name,
                       const uint32_t **v, size_t *n, uint32_t *one)
{
	if (name[0] == '@') {
		for (size_t i = 0; i < f->npoints; i++)
			if (strcmp(f->points[i].name, name + 1) == 0) {
				*v = f->points[i].nodes;
				*n = f->points[i].n;
				return 0;
			}
		name++;
	}
	if (graph_file_find(f, name, one) != 0)
		return -1;
	*v = one;
	*n = 1;
	return 0;
}

int graph_file_finish(graph_file *f, size_t max_cells, map_error *err)
{
	astar_status st;

	if (f->n + f->m > max_cells)
		return map_fail(err, 0, 0,
		                "the graph has %zu nodes and %zu arcs, more "
		                "than --max-cells=%zu together",
		                f->n, f->m, max_cells);
	f->g = astar_graph_new(f->n, f->xyz, f->walk, f->arcs, f->m, &st);
	if (f->g == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(st));
	/* the builder's arrays are copied into the graph: positions and
	 * flags are the graph's from here (astar_graph_pos) */
	free(f->arcs);
	free(f->xyz);
	free(f->walk);
	f->arcs = NULL;
	f->xyz = NULL;
	f->walk = NULL;
	f->m = f->cap_m = 0;
	return 0;
}

void graph_file_free(graph_file *f)
{
	astar_graph_free(f->g);
	for (size_t i = 0; f->ids != NULL && i < f->n; i++)
		free(f->ids[i]);
	free(f->ids);
	free(f->xyz);
	free(f->walk);
	free(f->arcs);
	free(f->index);
	for (size_t i = 0; i < f->npoints; i++) {
		free(f->points[i].name);
		free(f->points[i].nodes);
	}
	free(f->points);
	for (size_t i = 0; i < f->nqueries; i++) {
		free(f->queries[i].name);
		free(f->queries[i].starts);
		free(f->queries[i].goals);
	}
	free(f->queries);
	for (size_t i = 0; i < f->nreach; i++) {
		free(f->reach[i].from);
		free(f->reach[i].to);
	}
	free(f->reach);
	memset(f, 0, sizeof *f);
}
