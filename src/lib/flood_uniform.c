/*
 * flood_uniform.c - the distance map of a grid whose open cells all cost
 * the same and whose borders do not join: the common case of
 * astar_flood, and its fast one.
 *
 * With one cell cost c a step weighs c or c sqrt(2), so a cell's exact
 * cost is c times (straight steps + diagonal steps sqrt(2)), and two
 * first-in, first-out queues, one per step kind, are a Dijkstra open
 * list (fifos.h says why each stays sorted); 4-connected, the straight
 * one alone is a breadth-first search.  A cell's state is one 64-bit
 * record (its two step counts, the direction of its last step and
 * whether it is reached or taken) instead of five arrays; the source
 * its path leaves is kept beside only when there are several.
 * Neighbours are padded-index offsets, as in search.c.  The records are
 * read and cleared by the pass that writes the outputs, so a flood
 * starts on cleared records without a pass of its own.
 *
 * It takes cells in the order of flood.c's general flood, breaks ties
 * the same way and forms each distance from the same whole numbers, so
 * its outputs are the general flood's, bit for bit.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "flood_uniform.h"
#include "many.h"

/* A record: state in bits 0-1, direction (8: a source) in 2-5, straight
 * steps in 6-34, diagonal steps in 35-63. */
#define U_OPEN    1u
#define U_TAKEN   2u
#define U_DIR     2
#define U_ORTH1   (UINT64_C(1) << 6)
#define U_DIAG1   (UINT64_C(1) << 35)
#define U_META    (U_ORTH1 - 1)
#define U_MAXCELL (UINT64_C(1) << 29) /* a path has fewer steps */

/* Room for the grid's padded cells, the records zeroed; 0, or -1. */
static int urecords_room(many_bufs *b, const astar_grid *g)
{
	uint64_t *u;
	uint32_t *s;

	if (g->ncells <= b->ucap)
		return 0;
	if ((u = calloc(g->ncells, sizeof *u)) == NULL)
		return -1;
	if ((s = malloc(g->ncells * sizeof *s)) == NULL) {
		free(u);
		return -1;
	}
	free(b->uc);
	free(b->usrc);
	b->uc = u;
	b->usrc = s;
	b->ucap = g->ncells;
	return 0;
}

/* Room for room more entries in queue q; 0, or -1. */
static int uroom(fifo *q, uint32_t room)
{
	uint32_t cap = q->cap ? q->cap : 1024;
	uint32_t *a;

	while (cap - q->n < room)
		cap *= 2;
	if (cap == q->cap)
		return 0;
	if ((a = realloc(q->a, cap * sizeof *a)) == NULL)
		return -1;
	q->a = a;
	q->cap = cap;
	return 0;
}

/* A record's exact cost as the double the general flood forms (through
 * signed integers, whose conversion is one instruction: the counts times
 * the cost stay far below 2^53, where every conversion is exact). */
ALWAYS_INLINE double ucost(uint64_t c, uint64_t rec)
{
	uint64_t orth = (rec >> 6) & (U_MAXCELL - 1), diag = rec >> 35;

	return (double)(int64_t)(c * orth) +
	       SQRT2 * (double)(int64_t)(c * diag);
}

/* The loop's working set, held in locals while it runs: the records,
 * the sources beside them (with several) and the two queues. */
typedef struct uflood {
	uint64_t *restrict uc;
	uint32_t *restrict usrc;
	const uint8_t *cells;
	ptrdiff_t w;
	uint64_t c;
	uint32_t *restrict a[2];
	uint32_t head[2], n[2];
} uflood;

/* Whether the step from i in direction d passes the corner (the policy's
 * rule for diagonals; straight steps always do). */
ALWAYS_INLINE int upasses(const uflood *u, size_t i, const int d,
                          const astar_diagonal pol)
{
	return d < 4 || corner(pol, u->cells[i + dir_dx[d]] != 0,
	                       u->cells[i + dir_dy[d] * u->w] != 0);
}

/* The neighbour of taken cell i (record ri) in direction d, a constant
 * once inlined: opened, or lowered when this is a cheaper way, ties to
 * the source given first.  Most offers find a cell taken or no cheaper,
 * so the record is read first and the walls only when the offer may
 * count.  The queues have room (see uloop). */
ALWAYS_INLINE void ustep(uflood *u, size_t i, uint64_t ri, const int d,
                         const astar_diagonal pol, const int multi)
{
	size_t j = i + dir_dy[d] * u->w + dir_dx[d];
	uint64_t rj = u->uc[j];
	uint64_t steps = (ri & ~U_META) + (d < 4 ? U_ORTH1 : U_DIAG1);

	if ((rj & 3) == U_TAKEN)
		return;
	if ((rj & 3) == U_OPEN) {
		/* 4-connected, a cell reached is never lowered: only a tie
		 * (the same step counts) is left to settle. */
		int tie = (rj & ~U_META) == steps;

		if (pol == ASTAR_DIAG_NEVER || tie) {
			if (multi && tie && u->usrc[i] < u->usrc[j] &&
			    upasses(u, i, d, pol)) {
				u->usrc[j] = u->usrc[i];
				u->uc[j] = steps | (uint64_t)d << U_DIR | U_OPEN;
			}
			return;
		}
		if (ucost(u->c, steps) >= ucost(u->c, rj) ||
		    !upasses(u, i, d, pol))
			return;
	} else if (u->cells[j] == 0 || !upasses(u, i, d, pol)) {
		return;
	}
	u->uc[j] = steps | (uint64_t)d << U_DIR | U_OPEN;
	if (multi)
		u->usrc[j] = u->usrc[i];
	u->a[d >= 4][u->n[d >= 4]++] = (uint32_t)j;
}

/* Takes the next cell: the head of least cost, the straight queue's on a
 * tie (as the general flood's queue order has it); 0, or -1 when both
 * are empty. */
ALWAYS_INLINE int upop(uflood *u, const astar_diagonal pol, uint32_t *cell)
{
	if (pol != ASTAR_DIAG_NEVER && u->head[1] < u->n[1]) {
		uint64_t rd = u->uc[u->a[1][u->head[1]]];
		if (u->head[0] == u->n[0] ||
		    ucost(u->c, rd) < ucost(u->c, u->uc[u->a[0][u->head[0]]])) {
			*cell = u->a[1][u->head[1]++];
			return 0;
		}
	}
	if (u->head[0] == u->n[0])
		return -1;
	*cell = u->a[0][u->head[0]++];
	return 0;
}

/* Makes room in both queues for one cell's pushes, the counts written
 * back to the block and the arrays read again; 0, or -1. */
static int uflood_room(many_bufs *b, uflood *u)
{
	for (int k = 0; k < 2; k++) {
		b->uq[k].n = u->n[k];
		if (uroom(&b->uq[k], 8) != 0)
			return -1;
		u->a[k] = b->uq[k].a;
	}
	return 0;
}

/* The flood from the sources in the straight queue, instantiated per
 * policy and for one source or several. */
ALWAYS_INLINE astar_status uloop(engine *e, const astar_diagonal pol,
                                 const int multi)
{
	many_bufs *b = e->b;
	uflood u = {b->uc, b->usrc, e->g->cells, e->g->stride,
	            e->g->min_cost, {b->uq[0].a, b->uq[1].a},
	            {0, 0}, {b->uq[0].n, 0}};
	uint64_t expanded = 0;
	uint32_t cell;

	while (upop(&u, pol, &cell) == 0) {
		size_t i = cell;
		uint64_t ri = u.uc[i];

		if ((ri & 3) == U_TAKEN)
			continue; /* taken through another of its entries */
		u.uc[i] = ri = (ri & ~UINT64_C(3)) | U_TAKEN;
		expanded++;
		if ((u.n[0] > b->uq[0].cap - 8 || u.n[1] > b->uq[1].cap - 8) &&
		    uflood_room(b, &u) != 0)
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

/* The sources' records, at cost 0, the first occurrence of a cell
 * counting, at the front of the straight queue. */
static astar_status usources(engine *e, const astar_point *src, size_t nsrc)
{
	many_bufs *b = e->b;

	b->uq[0].n = b->uq[1].n = 0;
	if (uroom(&b->uq[0], 8) != 0 || uroom(&b->uq[1], 8) != 0)
		return ASTAR_ENOMEM;
	for (size_t k = 0; k < nsrc; k++) {
		size_t i = grid_index(e->g, src[k].x, src[k].y);

		if (b->uc[i] != 0)
			continue;
		b->uc[i] = (uint64_t)8 << U_DIR | U_OPEN;
		b->usrc[i] = (uint32_t)k;
		if (uroom(&b->uq[0], 9) != 0)
			return ASTAR_ENOMEM;
		b->uq[0].a[b->uq[0].n++] = (uint32_t)i;
	}
	return ASTAR_OK;
}

/* The outputs' cells, from the records, each cleared once read. */
static void uout(engine *e, astar_flood_result *r)
{
	const astar_grid *g = e->g;
	many_bufs *b = e->b;
	const uint64_t c = g->min_cost;
	size_t k = 0;

	for (int32_t y = 0; y < g->height; y++) {
		uint64_t *u = &b->uc[grid_index(g, 0, y)];
		for (int32_t x = 0; x < g->width; x++, u++, k++) {
			if (*u == 0) {
				b->dist[k] = -1.0;
				b->flow[k] = ASTAR_FLOW_NONE;
				continue;
			}
			b->dist[k] = ucost(c, *u);
			b->flow[k] = flood_flow_code((*u >> U_DIR) & 15);
			r->reached++;
			*u = 0;
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
	many_bufs *b = e->b;
	astar_status st;

	if (urecords_room(b, e->g) != 0)
		return ASTAR_ENOMEM;
	if ((st = usources(e, src, nsrc)) != ASTAR_OK ||
	    (st = urun(e, pol, nsrc > 1)) != ASTAR_OK) {
		memset(b->uc, 0, b->ucap * sizeof *b->uc); /* as promised */
		return st;
	}
	uout(e, r);
	return ASTAR_OK;
}
