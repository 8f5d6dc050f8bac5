/*
 * fifos.h - the distance-map flood's open list (flood.c), private to the
 * library: one first-in, first-out queue per step weight.
 *
 * A step's weight is the cost of the cell it enters, times sqrt(2) when
 * diagonal: at most 2 x 255 weights, two on a map of uniform cost.
 * Dijkstra takes cells off in non-decreasing cost, so the cells pushed
 * through steps of one weight w (each the cost of a cell taken, plus w)
 * come in non-decreasing order too: each queue is sorted by
 * construction, and the least entry is the least of the queues' heads.
 * A push is an append and a pop a look at the heads of the weights in
 * use, which on most maps are few; no entry is ever moved.  An entry is
 * a cell alone (4 bytes), its key read from the caller's costs: there is
 * no decrease-key, a cell whose cost falls is pushed again, and an entry
 * whose cell's cost fell since is then ordered by the lower cost, which
 * keeps each queue sorted (a cost only falls to at least the key being
 * taken) and lets the cell out at the right time through whichever of
 * its entries comes first; the caller skips the others (the cell is
 * done).  Of equal keys the queue of the lesser weight index comes
 * first, the same on every run.
 */
#ifndef ASTAR_FIFOS_H
#define ASTAR_FIFOS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FIFOS_N 512 /* 2 x 256 weight indices: 2 * cost + diagonal */

typedef struct fifo {
	uint32_t *a; /* cells; a cell's key is its cost in keys[] */
	uint32_t head, n, cap;
} fifo;

typedef struct fifos {
	fifo q[FIFOS_N];
	uint16_t used[FIFOS_N]; /* the queues pushed to since the reset */
	int nused;
} fifos;

static inline void fifos_free(fifos *f)
{
	for (int i = 0; i < FIFOS_N; i++)
		free(f->q[i].a);
}

static inline void fifos_reset(fifos *f)
{
	for (int k = 0; k < f->nused; k++)
		f->q[f->used[k]].head = f->q[f->used[k]].n = 0;
	f->nused = 0;
}

/* Appends cell to queue i, whose keys must not fall; 0, or -1 when out
 * of memory. */
static inline int fifos_push(fifos *f, int i, uint32_t cell)
{
	fifo *q = &f->q[i];

	if (q->n == q->cap) {
		uint32_t cap = q->cap ? 2 * q->cap : 1024;
		uint32_t *a = realloc(q->a, cap * sizeof *a);
		if (a == NULL)
			return -1;
		q->a = a;
		q->cap = cap;
	}
	if (q->n == 0 && q->head == 0) { /* first use since the reset */
		int k = f->nused++;
		/* kept in index order, so ties go the same way every run */
		while (k > 0 && f->used[k - 1] > i) {
			f->used[k] = f->used[k - 1];
			k--;
		}
		f->used[k] = (uint16_t)i;
	}
	q->a[q->n++] = cell;
	return 0;
}

/* Takes a cell of the least key (key(cell) read from keys, a record of
 * stride bytes whose first member is the double key) into *cell; 0, or
 * -1 when all are empty. */
static inline int fifos_pop(fifos *f, const void *keys, size_t stride,
                            uint32_t *cell)
{
	fifo *best = NULL;
	double least = 0.0;

	if (f->nused == 1) { /* one weight in use: no choice */
		best = &f->q[f->used[0]];
		if (best->head == best->n)
			return -1;
		*cell = best->a[best->head++];
		return 0;
	}
	for (int k = 0; k < f->nused; k++) {
		fifo *q = &f->q[f->used[k]];
		double key;
		if (q->head == q->n)
			continue;
		memcpy(&key, (const char *)keys + q->a[q->head] * stride,
		       sizeof key);
		if (best == NULL || key < least) {
			best = q;
			least = key;
		}
	}
	if (best == NULL)
		return -1;
	*cell = best->a[best->head++];
	return 0;
}

#endif
