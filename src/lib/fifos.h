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
 * use, which on most maps are few; no entry is ever moved.  There is no
 * decrease-key: a cell whose cost falls is pushed again and its stale
 * entry skipped when it comes out (the caller tells).  Of equal keys the
 * queue of the lesser weight index comes first, the same on every run.
 */
#ifndef ASTAR_FIFOS_H
#define ASTAR_FIFOS_H

#include <stdint.h>
#include <stdlib.h>

#define FIFOS_N 512 /* 2 x 256 weight indices: 2 * cost + diagonal */

typedef struct fifo_entry {
	double key;
	uint32_t cell;
} fifo_entry;

typedef struct fifo {
	fifo_entry *a;
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

/* Appends (key, cell) to queue i, whose keys must not fall; 0, or -1
 * when out of memory. */
static inline int fifos_push(fifos *f, int i, double key, uint32_t cell)
{
	fifo *q = &f->q[i];

	if (q->n == q->cap) {
		uint32_t cap = q->cap ? 2 * q->cap : 1024;
		fifo_entry *a = realloc(q->a, cap * sizeof *a);
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
	q->a[q->n++] = (fifo_entry){key, cell};
	return 0;
}

/* Takes an entry of the least key into *e; 0, or -1 when all are
 * empty. */
static inline int fifos_pop(fifos *f, fifo_entry *e)
{
	fifo *best = NULL;

	for (int k = 0; k < f->nused; k++) {
		fifo *q = &f->q[f->used[k]];
		if (q->head < q->n &&
		    (best == NULL || q->a[q->head].key < best->a[best->head].key))
			best = q;
	}
	if (best == NULL)
		return -1;
	*e = best->a[best->head++];
	return 0;
}

#endif
