/*
 * heap.c - the indexed 4-ary heap behind the open list.
 *
 * Four children per node keep the tree shallow and the children of a node
 * in one or two cache lines; a node's position is written to the caller's
 * record on every move so that heap_decrease needs no search.
 */
#include <stdlib.h>

#include "heap.h"

static inline void set_pos(heap *h, uint32_t node, size_t i)
{
	*(uint32_t *)(h->pos_base + (size_t)node * h->stride) = (uint32_t)i;
}

static inline size_t get_pos(const heap *h, uint32_t node)
{
	return *(const uint32_t *)(h->pos_base + (size_t)node * h->stride);
}

/* Nonzero when a must leave the heap before b. */
static inline int before(const heap_entry *a, const heap_entry *b)
{
	return a->f < b->f || (a->f == b->f && a->g > b->g);
}

static void sift_up(heap *h, size_t i)
{
	heap_entry e = h->a[i];

	while (i > 0) {
		size_t p = (i - 1) / 4;
		if (!before(&e, &h->a[p]))
			break;
		h->a[i] = h->a[p];
		set_pos(h, h->a[i].node, i);
		i = p;
	}
	h->a[i] = e;
	set_pos(h, e.node, i);
}

static void sift_down(heap *h, size_t i)
{
	heap_entry e = h->a[i];
	size_t n = h->n;

	for (;;) {
		size_t c = 4 * i + 1, best, end;
		if (c >= n)
			break;
		best = c;
		end = c + 4 < n ? c + 4 : n;
		for (size_t k = c + 1; k < end; k++)
			if (before(&h->a[k], &h->a[best]))
				best = k;
		if (!before(&h->a[best], &e))
			break;
		h->a[i] = h->a[best];
		set_pos(h, h->a[i].node, i);
		i = best;
	}
	h->a[i] = e;
	set_pos(h, e.node, i);
}

void heap_init(heap *h)
{
	h->a = NULL;
	h->n = h->cap = 0;
	h->pos_base = NULL;
	h->stride = 0;
}

void heap_free(heap *h)
{
	free(h->a);
	heap_init(h);
}

void heap_reset(heap *h, void *pos_base, size_t stride)
{
	h->n = 0;
	h->pos_base = pos_base;
	h->stride = stride;
}

int heap_push(heap *h, uint32_t node, double f, double g)
{
	if (h->n == h->cap) {
		size_t cap = h->cap ? h->cap * 2 : 1024;
		heap_entry *a = realloc(h->a, cap * sizeof *a);
		if (a == NULL)
			return -1;
		h->a = a;
		h->cap = cap;
	}
	h->a[h->n].f = f;
	h->a[h->n].g = g;
	h->a[h->n].node = node;
	sift_up(h, h->n++);
	return 0;
}

void heap_decrease(heap *h, uint32_t node, double f, double g)
{
	size_t i = get_pos(h, node);

	h->a[i].f = f;
	h->a[i].g = g;
	sift_up(h, i);
}

uint32_t heap_pop(heap *h)
{
	uint32_t top = h->a[0].node;

	if (--h->n > 0) {
		h->a[0] = h->a[h->n];
		sift_down(h, 0);
	}
	return top;
}
