/*
 * test_heap.c - the indexed heap of src/heap.h against a plain model.
 *
 * The model is an array of every node's current key and whether it is in
 * the heap; the least is found by a linear scan.  Seeded random pushes,
 * decreases and pops must come out in the model's order of f, with every
 * position the heap keeps pointing back at its node; heap_replace_top
 * (a pop and a push in one) is among the operations.  One case builds the
 * decrease that raises a key (equal f, a smaller g that rounds to a
 * smaller float; see heap_decrease), after which the order by f must
 * still hold.  heap_lesser, the selection the walk down is made of, is
 * checked against its portable form and against the plain comparison.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "heap.h"
#include "rng.h"
#include "unit.h"

enum { NODES = 512 };

typedef struct model {
	heap_key key[NODES];
	double f[NODES], g[NODES];
	int in[NODES];
} model;

/* The f of key k. */
static double key_f(heap_key k)
{
	uint64_t fb = heap_key_hi(k);
	double f;

	memcpy(&f, &fb, sizeof f);
	return f;
}

/* Nonzero when every entry's position is right and no child has a lower
 * f than its parent. */
static int heap_sound(const heap *h)
{
	for (size_t i = HEAP_ROOT; i < HEAP_ROOT + h->n; i++) {
		size_t p = (i - HEAP_ROOT - 1) / 4 + HEAP_ROOT;
		if (h->pos[heap_key_node(h->a[i])] != i)
			return 0;
		if (i > HEAP_ROOT && key_f(h->a[i]) < key_f(h->a[p]))
			return 0;
	}
	return 1;
}

static int model_least(const model *m)
{
	int best = -1;

	for (int i = 0; i < NODES; i++)
		if (m->in[i] &&
		    (best < 0 || heap_key_less(m->key[i], m->key[best])))
			best = i;
	return best;
}

static void set_key(model *m, int i, double f, double g)
{
	m->f[i] = f;
	m->g[i] = g;
	m->key[i] = heap_make_key((uint32_t)i, f, g);
}

/* Pops one entry, which must be in the model with the least f there, and
 * takes it out of the model; when add is a node (not -1), pushes add's
 * key in the same call (heap_replace_top) and puts it in the model.
 * Returns the node popped, or -1 after a failure. */
static int pop_checked(heap *h, model *m, const char *where, int add)
{
	int want = model_least(m);
	uint32_t got = add < 0 ? heap_pop(h) : heap_replace_top(h, m->key[add]);

	if (!CHECK(got < NODES && m->in[got] && m->f[got] == m->f[want],
	           "%s: popped %u, least f %g", where, got, m->f[want]))
		return -1;
	m->in[got] = 0;
	if (add >= 0)
		m->in[add] = 1;
	return (int)got;
}

static void random_run(heap *h, uint32_t *pos, model *m, uint64_t seed)
{
	double floor_f = 0.0; /* f never falls below the last pop's */
	uint64_t rng = seed;
	char where[64];
	int ok = 1;

	heap_reset(h, pos);
	for (int i = 0; i < NODES; i++)
		m->in[i] = 0;
	for (int step = 0; step < 6000 && ok; step++) {
		int op = rng_int(&rng, 6), i = rng_int(&rng, NODES);
		if (op == 5 && !m->in[i] && !heap_empty(h)) {
			/* a pop and a push in one: the least comes out, and
			 * the new entry may be less than all that stay */
			int got;
			set_key(m, i, floor_f + rng_int(&rng, 6) * 0.25,
			        rng_int(&rng, 8));
			snprintf(where, sizeof where, "seed %llu step %d",
			         (unsigned long long)seed, step);
			if ((got = pop_checked(h, m, where, i)) < 0)
				return;
			floor_f = m->f[got];
		} else if (op <= 1 && !m->in[i]) {
			set_key(m, i, floor_f + rng_int(&rng, 6) * 0.25,
			        rng_int(&rng, 8));
			ok &= CHECK(heap_push(h, (uint32_t)i, m->f[i],
			                      m->g[i]) == 0,
			            "push %d", i);
			m->in[i] = 1;
		} else if (op == 2 && m->in[i] && m->g[i] > 0.0) {
			/* a lower g; f the same or lower, never below the
			 * floor: the key may rise through the g tie */
			double g = m->g[i] - (1 + rng_int(&rng, 3)) * 0.125;
			double f = m->f[i] - rng_int(&rng, 2) * 0.25;
			set_key(m, i, f < floor_f ? floor_f : f, g < 0 ? 0 : g);
			heap_decrease(h, (uint32_t)i, m->f[i], m->g[i]);
		} else if (op >= 3 && !heap_empty(h)) {
			int got;
			snprintf(where, sizeof where, "seed %llu step %d",
			         (unsigned long long)seed, step);
			if ((got = pop_checked(h, m, where, -1)) < 0)
				return;
			floor_f = m->f[got];
		}
		ok &= CHECK(heap_sound(h), "seed %llu step %d: heap unsound",
		            (unsigned long long)seed, step);
	}
	while (ok && !heap_empty(h))
		ok = pop_checked(h, m, "drain", -1) >= 0;
}

/* Equal f, g from 5 down to a value whose float is smaller: the key rises
 * past a node whose g lies between; both come out before every larger
 * f, in the order of f. */
static void rising_key(heap *h, uint32_t *pos)
{
	uint32_t first, second;

	heap_reset(h, pos);
	check_begin("heap: a decrease that raises the key keeps the f order");
	CHECK(heap_push(h, 0, 10.0, 5.0) == 0, "push 0");
	CHECK(heap_push(h, 1, 10.0, 4.5) == 0, "push 1");
	for (uint32_t i = 2; i < 40; i++)
		CHECK(heap_push(h, i, 11.0 + i, 1.0) == 0, "push %u", i);
	heap_decrease(h, 0, 10.0, 4.25); /* key now above node 1's */
	CHECK(heap_sound(h), "heap unsound after the decrease");
	first = heap_pop(h);
	second = heap_pop(h);
	CHECK((first == 0 && second == 1) || (first == 1 && second == 0),
	      "nodes 0 and 1 (f 10) first, got %u and %u", first, second);
	for (uint32_t i = 2; i < 40; i++)
		CHECK(heap_pop(h) == i, "then node %u", i);
	CHECK(heap_empty(h), "empty at the end");
	check_end();
}

/* A key drawn so that ties, and ties of the high or the low half alone,
 * come up often. */
static heap_key random_key(uint64_t *r)
{
	static const uint64_t few[4] = {0, 1, UINT64_MAX,
	                                0x8000000000000000ULL};
	uint64_t hi = rng_next(r) & 3 ? few[rng_below(r, 4)] : rng_next(r);
	uint64_t lo = rng_next(r) & 3 ? few[rng_below(r, 4)] : rng_next(r);

	return heap_key_of(hi, lo);
}

static void lesser(void)
{
	uint64_t r = 7;

	check_begin("heap: heap_lesser picks the lesser key, x on a tie");
	for (int n = 0; n < 100000; n++) {
		heap_key x = random_key(&r), y = random_key(&r), k, kp;
		size_t i = rng_next(&r), j = rng_next(&r);
		size_t b = heap_lesser(x, i, y, j, &k);
		size_t bp = heap_lesser_portable(x, i, y, j, &kp);
		int want_y = heap_key_less(y, x);
		CHECK(b == (want_y ? j : i) &&
		              heap_key_equal(k, want_y ? y : x),
		      "heap_lesser, case %d", n);
		CHECK(bp == b && heap_key_equal(kp, k),
		      "heap_lesser_portable, case %d", n);
	}
	check_end();
}

void test_heap(void)
{
	static model m;
	static uint32_t pos[NODES];
	heap h;

	heap_init(&h);
	lesser();
	rising_key(&h, pos);
	for (uint64_t seed = 1; seed <= 40; seed++) {
		check_begin("heap: random operations, seed %llu",
		            (unsigned long long)seed);
		random_run(&h, pos, &m, seed);
		check_end();
	}
	heap_free(&h);
}
