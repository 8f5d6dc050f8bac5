/*
 * heap.c - the indexed 4-ary heap behind the open list.
 *
 * The root lives at a[3], so that the children of the entry at a[3 + i],
 * a[4i + 4 .. 4i + 7], start on a multiple of four entries: with 16-byte
 * entries and a 64-byte aligned array, one cache line holds all four.
 */
#include <stdlib.h>
#include <string.h>

#include "heap.h"

#define ROOT 3

/* Nonzero when a must leave the heap before b.  Bitwise, not logical,
 * operators: both comparisons are made and no branch is taken, which
 * matters because which child wins is close to a coin toss. */
static inline int before(const heap_entry *a, const heap_entry *b)
{
	return (a->f < b->f) | ((a->f == b->f) & (a->g > b->g));
}

static inline void sift_up(heap *h, size_t i)
{
	heap_entry *a = h->a, e = a[i];

	while (i > ROOT) {
		size_t p = (i - ROOT - 1) / 4 + ROOT;
		if (!before(&e, &a[p]))
			break;
		a[i] = a[p];
		h->pos[a[i].node] = (uint32_t)i;
		i = p;
	}
	a[i] = e;
	h->pos[e.node] = (uint32_t)i;
}

void heap_init(heap *h)
{
	memset(h, 0, sizeof *h);
}

void heap_free(heap *h)
{
	free(h->mem);
	heap_init(h);
}

void heap_reset(heap *h, uint32_t *pos)
{
	h->n = 0;
	h->pos = pos;
}

int heap_push(heap *h, uint32_t node, double f, double g)
{
	if (h->n + ROOT >= h->cap) {
		size_t cap = h->cap ? h->cap * 2 : 4096;
		void *mem = aligned_alloc(64, cap * sizeof(heap_entry));
		if (mem == NULL)
			return -1;
		if (h->n > 0)
			memcpy((heap_entry *)mem + ROOT, h->a + ROOT,
			       h->n * sizeof(heap_entry));
		free(h->mem);
		h->mem = mem;
		h->a = mem;
		h->cap = cap;
	}
	size_t i = ROOT + h->n++;
	h->a[i].f = f;
	h->a[i].g = (float)g;
	h->a[i].node = node;
	sift_up(h, i);
	return 0;
}

void heap_decrease(heap *h, uint32_t node, double f, double g)
{
	size_t i = h->pos[node];

	h->a[i].f = f;
	h->a[i].g = (float)g;
	sift_up(h, i);
}

/*
 * Pops bottom-up: the hole left by the top walks down to a leaf along the
 * least children, then the last entry, which nearly always belongs near
 * the bottom, sifts up from there.  This saves the comparison with the
 * moving entry at every level, the one whose outcome is hard to predict.
 */
uint32_t heap_pop(heap *h)
{
	heap_entry *a = h->a;
	uint32_t top = a[ROOT].node;
	size_t i = ROOT, end;

	if (--h->n == 0)
		return top;
	end = h->n + ROOT; /* a[end] is the last entry, to be placed */
	for (;;) {
		size_t c = 4 * (i - ROOT) + ROOT + 1, best = c;
		if (c + 4 <= end) {
			size_t b1 = before(&a[c + 1], &a[c]) ? c + 1 : c;
			size_t b2 = before(&a[c + 3], &a[c + 2]) ? c + 3 : c + 2;
			best = before(&a[b2], &a[b1]) ? b2 : b1;
		} else if (c < end) {
			for (size_t k = c + 1; k < end; k++)
				if (before(&a[k], &a[best]))
					best = k;
		} else {
			break;
		}
		a[i] = a[best];
		h->pos[a[i].node] = (uint32_t)i;
		i = best;
	}
	a[i] = a[end];
	sift_up(h, i);
	return top;
}
