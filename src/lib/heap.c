/*
 * heap.c - the indexed 4-ary heap behind the open list.
 *
 * The hot operations are inline in heap.h; this file keeps the cold ones:
 * setting up, growing and freeing the storage.
 */
#include <stdlib.h>
#include <string.h>

#include "heap.h"

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

int heap_grow(heap *h)
{
	size_t cap = h->cap ? h->cap * 2 : 64;
	void *mem = aligned_alloc(64, cap * sizeof(heap_key));

	if (mem == NULL)
		return -1;
	if (h->n > 0)
		memcpy((heap_key *)mem + HEAP_ROOT, h->a + HEAP_ROOT,
		       h->n * sizeof(heap_key));
	free(h->mem);
	h->mem = mem;
	h->a = mem;
	h->cap = cap;
	return 0;
}
