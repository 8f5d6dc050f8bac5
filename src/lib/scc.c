/*
 * scc.c - strongly connected components (scc.h): Tarjan's algorithm, its
 * recursion kept on a stack of its own (each frame a node and its
 * successor cursor), then the components renumbered by their lowest node.
 */
#include <stdlib.h>
#include <string.h>

#include "scc.h"

/* Tarjan's working arrays, one entry a node. */
typedef struct tarjan {
	const scc_graph *g;
	uint32_t *index, *low, *stack, *call, *cursor, *comp;
	uint32_t counter, sp, depth, ncomp;
	uint8_t *on;
} tarjan;

/* Opens node v: its index, and onto both stacks. */
static void open_node(tarjan *t, uint32_t v)
{
	t->index[v] = t->low[v] = ++t->counter;
	t->stack[t->sp++] = v;
	t->on[v] = 1;
	t->call[t->depth] = v;
	t->cursor[t->depth++] = 0;
}

/* Closes v, the top of the call stack: its low passes to its caller, and
 * a root pops its component. */
static void close_node(tarjan *t, uint32_t v)
{
	t->depth--;
	if (t->depth > 0) {
		uint32_t p = t->call[t->depth - 1];
		if (t->low[v] < t->low[p])
			t->low[p] = t->low[v];
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
	const scc_graph *g = t->g;

	open_node(t, root);
	while (t->depth > 0) {
		uint32_t v = t->call[t->depth - 1], w;
		if (!g->next(g->arg, v, &t->cursor[t->depth - 1], &w)) {
			close_node(t, v);
			continue;
		}
		if (!g->open(g->arg, w))
			continue;
		if (t->index[w] == 0)
			open_node(t, w);
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
	free(t->cursor);
	free(t->on);
}

/* Renumbers the components (in comp, 0 for a node not open) by their
 * lowest node, in place; map has ncomp + 1 zeroed entries. */
static size_t renumber(uint32_t *comp, uint32_t n, uint32_t *map)
{
	uint32_t next = 0;

	for (uint32_t v = 0; v < n; v++) {
		uint32_t c = comp[v];
		if (c != 0 && map[c] == 0)
			map[c] = ++next;
		comp[v] = c != 0 ? map[c] : 0;
	}
	return next;
}

astar_status scc_label(const scc_graph *g, uint32_t *labels, size_t *count)
{
	size_t n = (size_t)g->n + 1;
	tarjan t;

	memset(&t, 0, sizeof t);
	t.g = g;
	t.comp = labels;
	t.index = calloc(n, sizeof *t.index);
	t.low = malloc(n * sizeof *t.low);
	t.stack = malloc(n * sizeof *t.stack);
	t.call = malloc(n * sizeof *t.call);
	t.cursor = malloc(n * sizeof *t.cursor);
	t.on = calloc(n, 1);
	if (!t.index || !t.low || !t.stack || !t.call || !t.cursor || !t.on) {
		tarjan_free(&t);
		return ASTAR_ENOMEM;
	}
	memset(labels, 0, (size_t)g->n * sizeof *labels);
	for (uint32_t v = 0; v < g->n; v++)
		if (t.index[v] == 0 && g->open(g->arg, v))
			visit(&t, v);
	/* low is done with: the map from component to label (ncomp < n) */
	memset(t.low, 0, n * sizeof *t.low);
	*count = renumber(labels, g->n, t.low);
	tarjan_free(&t);
	return ASTAR_OK;
}
