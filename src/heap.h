/*
 * heap.h - an indexed 4-ary min-heap of search nodes, private to the
 * library.
 *
 * Entries are ordered by f, ties toward the larger g (the deeper node,
 * which finishes a search sooner), then toward the smaller node index, so
 * the order is total and the same on every run.  Each entry is its own
 * 128-bit key: the bits of f (a non-negative double, whose bit pattern
 * orders like its value) above the inverted bits of g as a float, above
 * the node index.  One unsigned comparison, free of branches, orders two
 * entries.  The four children of a node share one 64-byte cache line.
 * The heap writes each node's position into a caller-owned array (pos,
 * indexed by node) so that decrease-key finds a node in O(1).
 */
#ifndef ASTAR_HEAP_H
#define ASTAR_HEAP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

__extension__ typedef unsigned __int128 heap_key;

typedef struct heap {
	heap_key *a;    /* a[ROOT] is the top; see heap.c */
	void *mem;      /* a's allocation */
	size_t n, cap;
	uint32_t *pos;  /* pos[node]: node's index in a, while in the heap */
} heap;

/* An empty heap with no storage; heap_free releases what pushes grew. */
void heap_init(heap *h);
void heap_free(heap *h);

/* Empties the heap and points it at a position array.  Keeps storage. */
void heap_reset(heap *h, uint32_t *pos);

static inline int heap_empty(const heap *h) { return h->n == 0; }

/* The operations below run once or more per expanded node, so they are
 * inline: heap_push adds a node (0, or -1 when growing failed and the heap
 * is unchanged; f and g must be >= 0), heap_decrease lowers the key of a
 * node in the heap, heap_pop removes and returns the least (the heap must
 * not be empty). */

/* The root lives at a[HEAP_ROOT], so that the children of the entry at
 * a[3 + i], a[4i + 4 .. 4i + 7], start on a multiple of four entries: with
 * 16-byte keys and a 64-byte aligned array, one cache line holds all four. */
#define HEAP_ROOT 3

static inline heap_key heap_make_key(uint32_t node, double f, double g)
{
	uint64_t fb;
	uint32_t gb;
	float gf = (float)g;

	memcpy(&fb, &f, sizeof fb);
	memcpy(&gb, &gf, sizeof gb);
	return ((heap_key)fb << 64) | ((heap_key)(uint32_t)~gb << 32) | node;
}

static inline uint32_t heap_key_node(heap_key k) { return (uint32_t)k; }

/* Past the last entry, the four slots a[HEAP_ROOT + n .. + 3] always hold
 * HEAP_NONE, a key above every real one (a real key's f is a finite
 * double, so its top bit pattern is below all ones): a node's four
 * children can then be compared as a whole even at the ragged bottom
 * level, and heap_pop needs no special case there. */
#define HEAP_NONE (~(heap_key)0)

/* The least of the four keys at c .. c+3, compared in a tournament.  The
 * indexes are formed from the comparisons' 0/1 results, which compilers
 * turn into flag arithmetic instead of branches that the ever-changing
 * keys would make hard to predict. */
static inline size_t heap_least_of_four(const heap_key *a, size_t c)
{
	size_t b1 = c + (size_t)(a[c + 1] < a[c]);
	size_t b2 = c + 2 + (size_t)(a[c + 3] < a[c + 2]);
	size_t m = (size_t)0 - (size_t)(a[b2] < a[b1]);

	return b1 ^ ((b1 ^ b2) & m);
}

static inline void heap_sift_up(heap *h, size_t i, heap_key e)
{
	heap_key *a = h->a;

	while (i > HEAP_ROOT) {
		size_t p = (i - HEAP_ROOT - 1) / 4 + HEAP_ROOT;
		if (!(e < a[p]))
			break;
		a[i] = a[p];
		h->pos[heap_key_node(a[i])] = (uint32_t)i;
		i = p;
	}
	a[i] = e;
	h->pos[heap_key_node(e)] = (uint32_t)i;
}

/* Makes room for one more entry; returns 0 or -1 (heap unchanged). */
int heap_grow(heap *h);

static inline int heap_push(heap *h, uint32_t node, double f, double g)
{
	if (h->n + HEAP_ROOT + 4 >= h->cap && heap_grow(h) != 0)
		return -1;
	h->a[HEAP_ROOT + h->n + 4] = HEAP_NONE; /* the fourth slot past the end */
	heap_sift_up(h, HEAP_ROOT + h->n++, heap_make_key(node, f, g));
	return 0;
}

static inline void heap_decrease(heap *h, uint32_t node, double f, double g)
{
	heap_sift_up(h, h->pos[node], heap_make_key(node, f, g));
}

/* heap_pop works bottom-up: the hole left by the top walks down to a leaf along the
 * least children, then the last entry, which nearly always belongs near
 * the bottom, sifts up from there.  This saves the comparison with the
 * moving entry at every level.
 */
static inline uint32_t heap_pop(heap *h)
{
	heap_key *a = h->a, last;
	uint32_t top = heap_key_node(a[HEAP_ROOT]);
	size_t i = HEAP_ROOT, end, c;

	end = --h->n + HEAP_ROOT; /* a[end] is the last entry, to be placed */
	last = a[end];
	a[end] = HEAP_NONE; /* the slot joins those past the end */
	if (end == HEAP_ROOT)
		return top;
	/* A child at c < end is real, so the least of four is real too. */
	while ((c = 4 * (i - HEAP_ROOT) + HEAP_ROOT + 1) < end) {
		size_t best = heap_least_of_four(a, c);
		a[i] = a[best];
		h->pos[heap_key_node(a[i])] = (uint32_t)i;
		i = best;
	}
	heap_sift_up(h, i, last);
	return top;
}


#endif
