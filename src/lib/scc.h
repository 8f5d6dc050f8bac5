/*
 * scc.h - the strongly connected components of a directed graph given by
 * callbacks (Tarjan's algorithm with an explicit stack, so that a long
 * chain cannot overflow the C stack), numbered in the order of each
 * component's lowest node: the regions of graphs and of height maps,
 * whose steps can be one-way.  Private to the library.
 */
#ifndef ASTAR_SCC_H
#define ASTAR_SCC_H

#include <stddef.h>
#include <stdint.h>

#include "astar.h"

/* The graph: n nodes, 0 to n - 1; open(arg, v) nonzero when node v takes
 * part (a walkable node, an open cell); next(arg, v, &cursor, &w) gives
 * in *w the next successor of v after cursor (0 at first, advanced by
 * next; open or not, as it likes: a closed one is skipped), 1, or 0 when
 * v has none left. */
typedef struct scc_graph {
	uint32_t n;
	void *arg;
	int (*open)(void *arg, uint32_t v);
	int (*next)(void *arg, uint32_t v, uint32_t *cursor, uint32_t *w);
} scc_graph;

/* Labels each node with its component, 1, 2, ... in the order of their
 * lowest nodes (0: a node not open), into labels (n entries), and gives
 * their count; ASTAR_OK or ASTAR_ENOMEM. */
astar_status scc_label(const scc_graph *g, uint32_t *labels, size_t *count);

#endif
