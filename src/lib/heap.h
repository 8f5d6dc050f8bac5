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

#include "port.h"

/*
 * The key's representation is chosen at compile time: the compiler's
 * 128-bit integer where it has one (GCC and Clang on 64-bit targets),
 * otherwise, or with -DASTAR_PORTABLE, two 64-bit halves compared high
 * half first, which is the same total order in plain C11.  Code outside
 * this header goes through heap_key_of, heap_key_hi, heap_key_lo and
 * heap_key_less alone, so both give the same results.
 */
#if defined(__SIZEOF_INT128__) && !defined(ASTAR_PORTABLE)
#define HEAP_KEY_INT128 1
__extension__ typedef unsigned __int128 heap_key;

static inline heap_key heap_key_of(uint64_t hi, uint64_t lo)
{
	return (heap_key)hi << 64 | lo;
}

static inline uint64_t heap_key_hi(heap_key k)
{
	return (uint64_t)(k >> 64);
}

static inline uint64_t heap_key_lo(heap_key k)
{
	return (uint64_t)k;
}

static inline int heap_key_less(heap_key a, heap_key b)
{
	return a < b;
}
#else
typedef struct heap_key {
	uint64_t lo, hi;
} heap_key;

static inline heap_key heap_key_of(uint64_t hi, uint64_t lo)
{
	heap_key k;

	k.lo = lo;
	k.hi = hi;
	return k;
}

static inline uint64_t heap_key_hi(heap_key k)
{
	return k.hi;
}

static inline uint64_t heap_key_lo(heap_key k)
{
	return k.lo;
}

static inline int heap_key_less(heap_key a, heap_key b)
{
	return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}
#endif

static inline int heap_key_equal(heap_key a, heap_key b)
{
	return heap_key_hi(a) == heap_key_hi(b) &&
	       heap_key_lo(a) == heap_key_lo(b);
}

typedef struct heap {
	heap_key *a; /* a[HEAP_ROOT] is the top; see HEAP_ROOT below */
	void *mem;   /* a's allocation */
	size_t n, cap;
	uint32_t *pos; /* pos[node]: node's index in a, while in the heap */
} heap;

/* An empty heap with no storage; heap_free releases what pushes grew. */
void heap_init(heap *h);
void heap_free(heap *h);

/* Empties the heap and points it at a position array.  Keeps storage. */
void heap_reset(heap *h, uint32_t *pos);

static inline int heap_empty(const heap *h)
{
	return h->n == 0;
}

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
	/* Put together from 64-bit halves, which compilers keep in
	 * registers, rather than from 128-bit shifts of the smaller parts. */
	return heap_key_of(fb, (uint64_t)(uint32_t)~gb << 32 | node);
}

/* A key from f and g in fixed point, for search_loop.c's exact instance
 * and for JPS: f whole, then g by its top 32 bits, inverted as above. */
static inline heap_key heap_make_key_fixed(uint32_t node, uint64_t fx,
                                           uint64_t gx)
{
	uint32_t gb = (uint32_t)(gx >> 32);

	return heap_key_of(fx, (uint64_t)(uint32_t)~gb << 32 | node);
}

static inline uint32_t heap_key_node(heap_key k)
{
	return (uint32_t)heap_key_lo(k);
}

/* The f that heap_make_key_fixed made key k with. */
static inline uint64_t heap_key_fx(heap_key k)
{
	return heap_key_hi(k);
}

/*
 * The one of x (at index i) and y (at j) with the lesser key: into *k,
 * its index returned; x on a tie.  Which child of a node is least is as
 * good as random, so this must not be a branch (it would be mispredicted
 * often), and compilers turn some such selections into branches whatever
 * the source says.  The portable form selects with masks; on x86-64 three
 * conditional moves on the comparison's borrow do it in fewer
 * instructions.  tests/unit/test_heap.c checks the two against each
 * other.
 */
static inline size_t heap_lesser_portable(heap_key x, size_t i, heap_key y,
                                          size_t j, heap_key *k)
{
	uint64_t m = 0 - (uint64_t)heap_key_less(y, x);
	uint64_t xl = heap_key_lo(x), xh = heap_key_hi(x);
	uint64_t lo = xl ^ ((xl ^ heap_key_lo(y)) & m);
	uint64_t hi = xh ^ ((xh ^ heap_key_hi(y)) & m);

	*k = heap_key_of(hi, lo);
	return i ^ ((i ^ j) & (size_t)m);
}

static inline size_t heap_lesser(heap_key x, size_t i, heap_key y, size_t j,
                                 heap_key *k)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(ASTAR_PORTABLE)
	uint64_t xl = heap_key_lo(x), xh = heap_key_hi(x);
	uint64_t yl = heap_key_lo(y), yh = heap_key_hi(y), t = yh;

	/* The borrow of y - x in 128 bits is y < x; then the moves. */
	__asm__("cmpq %[xl], %[yl]\n\t"
	        "sbbq %[xh], %[t]\n\t"
	        "cmovbq %[yl], %[xl]\n\t"
	        "cmovbq %[yh], %[xh]\n\t"
	        "cmovbq %[j], %[i]"
	        : [xl] "+&r"(xl), [xh] "+&r"(xh), [i] "+&r"(i), [t] "+&r"(t)
	        : [yl] "r"(yl), [yh] "r"(yh), [j] "r"(j)
	        : "cc");
	*k = heap_key_of(xh, xl);
	return i;
#else
	return heap_lesser_portable(x, i, y, j, k);
#endif
}

/* The least of the four keys at c .. c+3, compared in a tournament, into
 * *k; returns its index. */
static inline size_t heap_least_of_four(const heap_key *a, size_t c,
                                        heap_key *k)
{
	heap_key k1, k2;
	size_t b1 = heap_lesser(a[c], c, a[c + 1], c + 1, &k1);
	size_t b2 = heap_lesser(a[c + 2], c + 2, a[c + 3], c + 3, &k2);

	return heap_lesser(k1, b1, k2, b2, k);
}

ALWAYS_INLINE void heap_sift_up(heap *h, size_t i, heap_key e)
{
	heap_key *a = h->a;

	while (i > HEAP_ROOT) {
		size_t p = (i - HEAP_ROOT - 1) / 4 + HEAP_ROOT;
		if (!heap_key_less(e, a[p]))
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

/* Adds an entry made by heap_make_key; 0, or -1 (heap unchanged). */
ALWAYS_INLINE int heap_push_key(heap *h, heap_key k)
{
	if (h->n + HEAP_ROOT + 4 >= h->cap && heap_grow(h) != 0)
		return -1;
	heap_sift_up(h, HEAP_ROOT + h->n++, k);
	return 0;
}

ALWAYS_INLINE int heap_push(heap *h, uint32_t node, double f, double g)
{
	return heap_push_key(h, heap_make_key(node, f, g));
}

/* The least entry's key; the heap must not be empty. */
static inline heap_key heap_top(const heap *h)
{
	return h->a[HEAP_ROOT];
}

/*
 * The new key must not have a larger f.  It can still compare higher:
 * when the old and the new g round to the same f but to different floats,
 * the tie of f goes to the larger, old g.  The entry then stays where it
 * is, possibly above an entry of the same f whose g lies between the two.
 * The order by f holds exactly (only that one tie goes the other way),
 * and moving the entry down instead would slow every decrease for a tie
 * that changes nothing the search relies on (tests/unit/test_heap.c
 * checks the order by f).  heap_decrease_key takes
 * a key made whole, as heap_make_key_fixed makes them: there a lower g is
 * a lower f, so the new key is always below the old.
 */
ALWAYS_INLINE void heap_decrease_key(heap *h, heap_key k)
{
	heap_sift_up(h, h->pos[heap_key_node(k)], k);
}

ALWAYS_INLINE void heap_decrease(heap *h, uint32_t node, double f, double g)
{
	heap_decrease_key(h, heap_make_key(node, f, g));
}

/*
 * Removes the least entry, puts entry e (or, when e is NULL, the last
 * entry) in its place and returns the node removed.  It works bottom-up:
 * the hole left by the top walks down to a leaf along the least children,
 * then the entry to place, which nearly always belongs near the bottom,
 * sifts up from there.  This saves the comparison with the moving entry
 * at every level.
 */
ALWAYS_INLINE uint32_t heap_take(heap *h, const heap_key *e)
{
	heap_key *a = h->a;
	uint32_t top = heap_key_node(a[HEAP_ROOT]);
	size_t i = HEAP_ROOT, end;
	heap_key last;

	if (e == NULL) {
		if (--h->n == 0)
			return top;
		end = h->n + HEAP_ROOT; /* a[end], the last entry, is placed */
		last = a[end];
	} else {
		end = h->n + HEAP_ROOT;
		last = *e;
	}
	for (;;) {
		size_t c = 4 * (i - HEAP_ROOT) + HEAP_ROOT + 1, best = c;
		heap_key k;
		if (c + 4 <= end) {
			best = heap_least_of_four(a, c, &k);
		} else if (c < end) {
			k = a[c];
			for (size_t j = c + 1; j < end; j++)
				best = heap_lesser(k, best, a[j], j, &k);
		} else {
			break;
		}
		a[i] = k;
		h->pos[heap_key_node(k)] = (uint32_t)i;
		i = best;
	}
	heap_sift_up(h, i, last);
	return top;
}

/* Removes the least entry and returns its node. */
static inline uint32_t heap_pop(heap *h)
{
	return heap_take(h, NULL);
}

/* Removes the least entry, adds entry e and returns the node removed: a
 * pop and a push in one walk down. */
static inline uint32_t heap_replace_top(heap *h, heap_key e)
{
	return heap_take(h, &e);
}

#endif
