/*
 * flood_uniform.c - the distance map of a grid whose open cells all cost
 * the same and whose borders do not join: the common case of
 * astar_flood, and its fast one.
 *
 * With one cell cost c a step weighs c or c sqrt(2), so a cell's exact
 * cost is c times (straight steps + diagonal steps sqrt(2)), and two
 * first-in, first-out queues, one per step kind, are a Dijkstra open
 * list (fifos.h says why each stays sorted); 4-connected, the straight
 * one alone is a breadth-first search.  A cell's state (reached, taken,
 * wall, the direction of its last step) is one byte, so that the offers
 * to cells taken or walled, most of them, read a small array that stays
 * in the caches; its cost (the double formed from its step counts when
 * it was reached) is read only for the offers that may count, and is
 * its distance in the output.  The queues are rings, which hold only the flood's front
 * and so stay in the caches too; each entry keeps the step counts and
 * the cost it was pushed with, so a take compares two doubles and reads
 * no record.  Neighbours are padded-index offsets, as in search_loop.c.
 *
 * It takes cells in the order of flood.c's general flood, breaks ties
 * the same way and forms each distance from the same whole numbers, so
 * its outputs are the general flood's, bit for bit.  That rests, here
 * as in the general flood's queues, on the doubles ordering like the
 * exact costs a + b sqrt(2), which holds while a path has fewer than
 * 2^24 steps (any map of up to 4096 x 4096 cells): two different costs
 * then differ by more than their rounding.
 */
#include <stddef.h>
#include <stdlib.h>

#include "flood_uniform.h"
#include "many.h"

/* A state byte: reached, taken, a wall (or the padding), and in bits
 * 3-6 the direction of the last step (8: a source). */
#define U_OPEN  1u
#define U_TAKEN 2u
#define U_WALL  4u
#define U_DIR   3
/* Step counts: straight steps in the low 32 bits, diagonal in the high
 * (a path has fewer steps than the grid has cells, below 2^29). */
#define U_ORTH1   UINT64_C(1)
#define U_DIAG1   (UINT64_C(1) << 32)
#define U_MAXCELL (UINT64_C(1) << 29)

/* Room for the grid's padded cells; 0, or -1. */
static int urecords_room(many_bufs *b, const astar_grid *g)
{
	size_t n = g->ncells;

	if (n <= b->ucap)
		return 0;
	free(b->ust);
	free(b->ud);
	free(b->usrc);
	b->ust = malloc(n);
	b->ud = malloc(n * sizeof *b->ud);
	b->usrc = malloc(n * sizeof *b->usrc);
	if (b->ust == NULL || b->ud == NULL || b->usrc == NULL) {
		b->ucap = 0; /* the next flood tries again */
		return -1;
	}
	b->ucap = n;
	return 0;
}

/* Doubles ring q, its entries moved in order to the front; 0, or -1
 * (q unchanged). */
static int ugrow(ufifo *q)
{
	uint32_t cap = q->cap ? 2 * q->cap : 16, len = q->n - q->head;
	uint32_t *a = malloc(cap * sizeof *a);
	uint64_t *s = malloc(cap * sizeof *s);
	double *k = malloc(cap * sizeof *k);

	if (a == NULL || s == NULL || k == NULL || cap == 0) {
		free(a);
		free(s);
		free(k);
		return -1;
	}
	for (uint32_t p = 0; p < len; p++) {
		uint32_t x = (q->head + p) & (q->cap - 1);

		a[p] = q->a[x];
		s[p] = q->s[x];
		k[p] = q->k[x];
	}
	free(q->a);
	free(q->s);
	free(q->k);
	*q = (ufifo){a, s, k, 0, len, cap};
	return 0;
}

/* Step counts' exact cost as the double the general flood forms (through
 * signed integers, whose conversion is one instruction: the counts times
 * the cost stay far below 2^53, where every conversion is exact). */
ALWAYS_INLINE double ucost(uint64_t c, uint64_t steps)
{
	return (double)(int64_t)(c * (uint32_t)steps) +
	       SQRT2 * (double)(int64_t)(c * (steps >> 32));
}

/* The loop's working set, held in locals while it runs. */
typedef struct uflood {
	uint8_t *restrict st;
	double *restrict ud;
	uint32_t *restrict usrc;
	ptrdiff_t w;
	uint64_t c;
	uint32_t *restrict a[2];
	uint64_t *restrict s[2];
	double *restrict k[2];
	uint32_t head[2], n[2], mask[2];
} uflood;

/* Whether the step from i in direction d passes the corner (the policy's
 * rule for diagonals; straight steps always do). */
ALWAYS_INLINE int upasses(const uflood *u, size_t i, const int d,
                          const astar_diagonal pol)
{
	return d < 4 || corner(pol, !(u->st[i + dir_dx[d]] & U_WALL),
	                       !(u->st[i + dir_dy[d] * u->w] & U_WALL));
}

/* Cell j reached from i by a step of direction d with these counts and
 * their cost: its record written and an entry pushed (the rings have
 * room). */
ALWAYS_INLINE void upush(uflood *u, size_t i, size_t j, uint64_t steps,
                         double cost, const int d, const astar_diagonal pol,
                         const int multi)
{
	const int q = d >= 4;
	uint32_t x = u->n[q]++ & u->mask[q];

	u->st[j] = (uint8_t)(d << U_DIR | U_OPEN);
	u->ud[j] = cost;
	if (multi)
		u->usrc[j] = u->usrc[i];
	if (pol != ASTAR_DIAG_NEVER)
		u->k[q][x] = cost;
	u->s[q][x] = steps;
	u->a[q][x] = (uint32_t)j;
}

/* The neighbour of taken cell i (counts ri) in direction d, a constant
 * once inlined: opened, or lowered when this is a cheaper way, ties to
 * the source given first.  Cells are taken in non-decreasing cost, so
 * an offer undercuts a reached cell only when the offer is a straight
 * step and the cell's last step a diagonal one; every other offer to a
 * reached cell is at best a tie, which matters only with several
 * sources.  The cost is formed once, for the test or the push. */
ALWAYS_INLINE void ustep(uflood *u, size_t i, uint64_t ri, const int d,
                         const astar_diagonal pol, const int multi)
{
	size_t j = i + dir_dy[d] * u->w + dir_dx[d];
	unsigned sj = u->st[j];
	uint64_t steps = ri + (d < 4 ? U_ORTH1 : U_DIAG1);
	double ci;

	if (sj & (U_TAKEN | U_WALL))
		return;
	if (sj & U_OPEN) {
		int undercut = pol != ASTAR_DIAG_NEVER && d < 4 &&
		               (sj >> U_DIR) >= 4;
		double cj;

		if (!multi && !undercut)
			return;
		cj = u->ud[j];
		if ((ci = ucost(u->c, steps)) == cj) {
			if (multi && u->usrc[i] < u->usrc[j] &&
			    upasses(u, i, d, pol)) {
				u->usrc[j] = u->usrc[i];
				u->st[j] = (uint8_t)(d << U_DIR | U_OPEN);
			}
			return;
		}
		if (!undercut || ci >= cj || !upasses(u, i, d, pol))
			return;
	} else if (!upasses(u, i, d, pol)) {
		return;
	} else {
		ci = ucost(u->c, steps);
	}
	upush(u, i, j, steps, ci, d, pol, multi);
}

/* Takes the next cell: the head of least cost, the straight queue's on a
 * tie (as the general flood's queue order has it); 0, or -1 when both
 * are empty.  An entry's cost is the one it was pushed at.  Only a
 * diagonal entry goes stale (its cell lowered by a straight step, which
 * pushed the cell again); the lower entry, sorted among the straight
 * ones, comes out first, as in the general flood, which orders a stale
 * entry by its cell's lowered cost; after that the stale one is
 * skipped, whenever it comes. */
ALWAYS_INLINE int upop(uflood *u, const astar_diagonal pol, size_t *cell,
                       uint64_t *steps)
{
	uint32_t h0 = u->head[0] & u->mask[0], h1 = u->head[1] & u->mask[1];
	int q;

	if (pol != ASTAR_DIAG_NEVER && u->head[1] != u->n[1] &&
	    (u->head[0] == u->n[0] || u->k[1][h1] < u->k[0][h0]))
		q = 1;
	else if (u->head[0] != u->n[0])
		q = 0;
	else
		return -1;
	*cell = u->a[q][q ? h1 : h0];
	*steps = u->s[q][q ? h1 : h0];
	u->head[q]++;
	return 0;
}

/* Makes room in both rings for one cell's pushes, the counts written
 * back to the block and the arrays read again; 0, or -1. */
static int uroom(many_bufs *b, uflood *u)
{
	for (int q = 0; q < 2; q++) {
		ufifo *f = &b->uq[q];

		f->head = u->head[q];
		f->n = u->n[q];
		while (f->cap - (f->n - f->head) < 8)
			if (ugrow(f) != 0)
				return -1;
		u->a[q] = f->a;
		u->s[q] = f->s;
		u->k[q] = f->k;
		u->head[q] = f->head;
		u->n[q] = f->n;
		u->mask[q] = f->cap - 1;
	}
	return 0;
}

/* The flood from the sources in the straight queue, instantiated per
 * policy and for one source or several. */
ALWAYS_INLINE astar_status uloop(engine *e, const astar_diagonal pol,
                                 const int multi)
{
	many_bufs *b = e->b;
	uflood u = {b->ust, b->ud, b->usrc, e->g->stride, e->g->min_cost,
	            {0}, {0}, {0}, {b->uq[0].head, b->uq[1].head},
	            {b->uq[0].n, b->uq[1].n}, {0}};
	uint64_t expanded = 0, ri;
	size_t i;

	if (uroom(b, &u) != 0)
		return ASTAR_ENOMEM;
	while (upop(&u, pol, &i, &ri) == 0) {
		if (u.st[i] & U_TAKEN)
			continue; /* taken through another of its entries */
		u.st[i] |= U_TAKEN;
		expanded++;
		if ((u.n[0] - u.head[0] > u.mask[0] - 7 ||
		     u.n[1] - u.head[1] > u.mask[1] - 7) &&
		    uroom(b, &u) != 0)
			return ASTAR_ENOMEM;
		ustep(&u, i, ri, 0, pol, multi);
		ustep(&u, i, ri, 1, pol, multi);
		ustep(&u, i, ri, 2, pol, multi);
		ustep(&u, i, ri, 3, pol, multi);
		if (pol != ASTAR_DIAG_NEVER) {
			ustep(&u, i, ri, 4, pol, multi);
			ustep(&u, i, ri, 5, pol, multi);
			ustep(&u, i, ri, 6, pol, multi);
			ustep(&u, i, ri, 7, pol, multi);
		}
	}
	e->expanded = expanded;
	return ASTAR_OK;
}

#define UPOL(P, multi) \
	(multi ? uloop(e, P, 1) : uloop(e, P, 0))

static astar_status urun(engine *e, astar_diagonal pol, int multi)
{
	switch (pol) {
	case ASTAR_DIAG_NEVER:
		return UPOL(ASTAR_DIAG_NEVER, multi);
	case ASTAR_DIAG_ALWAYS:
		return UPOL(ASTAR_DIAG_ALWAYS, multi);
	case ASTAR_DIAG_ONE_OBSTACLE:
		return UPOL(ASTAR_DIAG_ONE_OBSTACLE, multi);
	default:
		return UPOL(ASTAR_DIAG_NO_OBSTACLES, multi);
	}
}

#undef UPOL

/* Every cell's state from the grid (walls and padding closed), then the
 * sources, at cost 0, the first occurrence of a cell counting, at the
 * front of the straight queue. */
static astar_status usources(engine *e, const astar_point *src,
                             size_t nsrc)
{
	many_bufs *b = e->b;
	const uint8_t *restrict cells = e->g->cells;
	uint8_t *restrict st = b->ust;
	ufifo *q = &b->uq[0];

	for (size_t i = 0; i < e->g->ncells; i++)
		st[i] = cells[i] ? 0 : U_WALL;
	b->uq[0].head = b->uq[0].n = b->uq[1].head = b->uq[1].n = 0;
	for (size_t k = 0; k < nsrc; k++) {
		size_t i = grid_index(e->g, src[k].x, src[k].y);
		uint32_t x;

		if (st[i] != 0)
			continue;
		if (q->n == q->cap && ugrow(q) != 0)
			return ASTAR_ENOMEM;
		st[i] = 8 << U_DIR | U_OPEN;
		b->ud[i] = 0.0;
		b->usrc[i] = (uint32_t)k;
		x = q->n++ & (q->cap - 1);
		q->k[x] = 0.0;
		q->s[x] = 0;
		q->a[x] = (uint32_t)i;
	}
	return ASTAR_OK;
}

/* The outputs' cells, from the states and the costs. */
static void uout(engine *e, astar_flood_result *r)
{
	const astar_grid *g = e->g;
	many_bufs *b = e->b;
	size_t k = 0;

	for (int32_t y = 0; y < g->height; y++) {
		size_t i = grid_index(g, 0, y);
		for (int32_t x = 0; x < g->width; x++, i++, k++) {
			unsigned s = b->ust[i];

			if (!(s & (U_OPEN | U_TAKEN))) {
				b->dist[k] = -1.0;
				b->flow[k] = ASTAR_FLOW_NONE;
				continue;
			}
			b->dist[k] = b->ud[i];
			b->flow[k] = flood_flow_code(s >> U_DIR);
			r->reached++;
		}
	}
}

int flood_uniform_applies(const astar_grid *grid, const astar_options *opts)
{
	return opts->wrap == ASTAR_WRAP_NONE &&
	       grid->min_cost == grid->max_cost && grid->ncells < U_MAXCELL;
}

astar_status flood_uniform(engine *e, const astar_point *src, size_t nsrc,
                           astar_diagonal pol, astar_flood_result *r)
{
	astar_status st;

	if (urecords_room(e->b, e->g) != 0)
		return ASTAR_ENOMEM;
	if ((st = usources(e, src, nsrc)) != ASTAR_OK ||
	    (st = urun(e, pol, nsrc > 1)) != ASTAR_OK)
		return st;
	uout(e, r);
	return ASTAR_OK;
}
