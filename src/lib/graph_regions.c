/*
 * graph_regions.c - a navigation graph's regions: its strongly connected
 * components over the walkable nodes (scc.c), numbered in the order of
 * each region's lowest node.  Strongly connected, since with one-way
 * arcs "can reach" is not symmetric: a region is a set of nodes from
 * each of which every other can be reached.
 */
#include "ctx.h"
#include "graph.h"
#include "scc.h"

/* The graph's arcs as scc.c walks them: a node takes part when it is
 * walkable; its successors are its arcs' ends, in order. */
static int walkable(void *arg, uint32_t v)
{
	const astar_graph *g = arg;

	return g->walk[v] != 0;
}

static int next_arc(void *arg, uint32_t v, uint32_t *cursor, uint32_t *w)
{
	const astar_graph *g = arg;
	uint32_t k = g->off[v] + *cursor;

	if (k >= g->off[v + 1])
		return 0;
	*w = g->to[k];
	(*cursor)++;
	return 1;
}

astar_status astar_graph_regions(astar_ctx *ctx, const astar_graph *g,
                                 size_t *count, const uint32_t **labels)
{
	graph_work *w = graph_work_of(ctx);
	size_t n = g->n ? g->n : 1;
	scc_graph sg = {g->n, (void *)g, walkable, next_arc};
	astar_status st;

	if (w == NULL || graph_grow((void **)&w->labels, &w->labels_cap, n,
	                            sizeof *w->labels))
		return ASTAR_ENOMEM;
	if ((st = scc_label(&sg, w->labels, count)) != ASTAR_OK)
		return st;
	*labels = w->labels;
	return ASTAR_OK;
}
