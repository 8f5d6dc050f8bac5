/*
 * graph_regions.c - a navigation graph's regions: its strongly connected
 * components over the walkable nodes (Tarjan's algorithm, with an
 * explicit stack so that a long chain of nodes cannot overflow the C
 * stack), numbered in the order of each region's lowest node.  Strongly
 * connected, since with one-way arcs "can reach" is not symmetric: a
 * region is a set of nodes from each of which every other can be
 * reached.
 */
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "graph.h"

/* Tarjan's working arrays, one entry a node. */
typedef struct tarjan {
	const astar_graph *g;
	uint32_t *index, *low, *stack, *call, *arc, *comp;
	uint32_t next, sp, ncomp;
	uint8_t *on;
} tarjan;

/* Opens node v: its index, and onto both stacks. */
static void open_node(tarjan *t, uint32_t v, uint32_t *depth)
{
	t->index[v] = t->low[v] = ++t->next;
	t->stack[t->sp++] = v;
	t->on[v] = 1;
	t->call[*depth] = v;
	t->arc[(*depth)++] = t->g->off[v];
}

/* Closes v, the top of the call stack: a root pops its component. */
static void close_node(tarjan *t, uint32_t v, uint32_t *depth)
{
	(*depth)--;
	if (*depth > 0) {
		uint32_t p = t->call[*depth - 1];

		t->low[p] = t->low[v] < t->low[p] ? t->low[v] : t->low[p];
	}
	if (t->low[v] != t->index[v])
		return;
	t->ncomp++;
	for (;;) {
		uint32_t x = t->stack[--t->sp];

		t->on[x] = 0;
		t->comp[x] = t->ncomp;
		if (x == v)
			break;
	}
}

/* The components reachable from root, depth first without recursion. */
static void visit(tarjan *t, uint32_t root)
{
	const astar_graph *g = t->g;
	uint32_t depth = 0;

	open_node(t, root, &depth);
	while (depth > 0) {
		uint32_t v = t->call[depth - 1], k = t->arc[depth - 1];

		if (k == g->off[v + 1]) {
			close_node(t, v, &depth);
			continue;
		}
		t->arc[depth - 1]++;
		uint32_t w = g->to[k];
		if (!g->walk[w])
			continue;
		if (t->index[w] == 0)
			open_node(t, w, &depth);
		else if (t->on[w] && t->index[w] < t->low[v])
			t->low[v] = t->index[w];
	}
}

static void tarjan_free(tarjan *t)
{
	free(t->index);
	free(t->low);
	free(t->stack);
	free(t->call);
	free(t->arc);
	free(t->on);
}

/* Numbers the components by their lowest node into labels. */
static size_t renumber(const tarjan *t, uint32_t *labels, uint32_t *map)
{
	size_t count = 0;

	for (uint32_t i = 0; i < t->g->n; i++) {
		if (!t->g->walk[i]) {
			labels[i] = 0;
			continue;
		}
		if (map[t->comp[i]] == 0)
			map[t->comp[i]] = (uint32_t)++count;
		labels[i] = map[t->comp[i]];
	}
	return count;
}

astar_status astar_graph_regions(astar_ctx *ctx, const astar_graph *g,
                                 size_t *count, const uint32_t **labels)
{
	graph_work *w = graph_work_of(ctx);
	size_t n = g->n ? g->n : 1;
	tarjan t;

	memset(&t, 0, sizeof t);
	t.g = g;
	if (w == NULL || graph_grow((void **)&w->labels, &w->labels_cap, n,
	                            sizeof *w->labels))
		return ASTAR_ENOMEM;
	t.index = calloc(n, sizeof *t.index);
	t.low = malloc(n * sizeof *t.low);
	t.stack = malloc(n * sizeof *t.stack);
	t.call = malloc(n * sizeof *t.call);
	t.arc = malloc(n * sizeof *t.arc);
	t.on = calloc(n, 1);
	t.comp = w->labels; /* component numbers, renumbered in place */
	if (!t.index || !t.low || !t.stack || !t.call || !t.arc || !t.on) {
		tarjan_free(&t);
		return ASTAR_ENOMEM;
	}
	for (uint32_t v = 0; v < g->n; v++)
		if (g->walk[v] && t.index[v] == 0)
			visit(&t, v);
	/* The map from component to label reuses index (n + 1 > ncomp). */
	free(t.index);
	t.index = calloc(n + 1, sizeof *t.index);
	if (t.index == NULL) {
		tarjan_free(&t);
		return ASTAR_ENOMEM;
	}
	*count = renumber(&t, w->labels, t.index);
	*labels = w->labels;
	tarjan_free(&t);
	return ASTAR_OK;
}
