/*
 * heap.h - an indexed 4-ary min-heap of search nodes, private to the
 * library.
 *
 * Entries are ordered by f, ties toward the larger g (the deeper node,
 * which finishes a search sooner); remaining ties fall out of the heap's
 * shape, the same for the same sequence of operations.  An entry is 16
 * bytes and the four children of a node share one 64-byte cache line.
 * The heap writes each node's position into a caller-owned array (pos,
 * indexed by node) so that decrease-key finds a node in O(1).
 */
#ifndef ASTAR_HEAP_H
#define ASTAR_HEAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct heap_entry {
	double f;
	float g;        /* only breaks ties, so single precision will do */
	uint32_t node;
} heap_entry;

typedef struct heap {
	heap_entry *a;  /* a[ROOT] is the top; see heap.c */
	void *mem;      /* a's allocation */
	size_t n, cap;
	uint32_t *pos;  /* pos[node]: node's index in a, while in the heap */
} heap;

/* An empty heap with no storage; heap_free releases what pushes grew. */
void heap_init(heap *h);
void heap_free(heap *h);

/* Empties the heap and points it at a position array.  Keeps storage. */
void heap_reset(heap *h, uint32_t *pos);

/* Adds node; returns 0, or -1 when growing the storage failed (the heap
 * is then unchanged). */
int heap_push(heap *h, uint32_t node, double f, double g);

/* Lowers the key of a node already in the heap. */
void heap_decrease(heap *h, uint32_t node, double f, double g);

/* Removes and returns the node of least key; the heap must not be empty. */
uint32_t heap_pop(heap *h);

static inline int heap_empty(const heap *h) { return h->n == 0; }

#endif
