/*
 * flood_urec.h - what the two floods of maps of one cell cost share,
 * private to the library: flood_uniform.c (4-connected, and the
 * records' lifetime) and flood_canon.c (8-connected).  A cell's state is
 * one 64-bit record; the open list is two first-in, first-out queues,
 * one per step kind (fifos.h says why each stays sorted).
 */
#ifndef ASTAR_FLOOD_UREC_H
#define ASTAR_FLOOD_UREC_H

#include <stddef.h>
#include <stdint.h>

#include "many.h"

/* A record: state in bits 0-1, direction (8: a source) in 2-5 or, while
 * flood_canon.c's first pass runs, the steps that reach the cell in 2-9,
 * straight steps in 10-36, diagonal steps in 37-63. */
#define U_OPEN    1u
#define U_TAKEN   2u
#define U_DIR     2
#define U_ORTH1   (UINT64_C(1) << 10)
#define U_DIAG1   (UINT64_C(1) << 37)
#define U_META    (U_ORTH1 - 1)
#define U_MAXCELL (UINT64_C(1) << 27) /* a path has fewer steps */

/* A record's exact cost as the double the general flood forms (through
 * signed integers, whose conversion is one instruction: the counts times
 * the cost stay far below 2^53, where every conversion is exact). */
ALWAYS_INLINE double ucost(uint64_t c, uint64_t rec)
{
	uint64_t orth = (rec >> 10) & (U_MAXCELL - 1), diag = rec >> 37;

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
	double *restrict key[2]; /* flood_canon.c's: each entry's cost */
	uint32_t qm[2];          /* and its rings' masks */
} uflood;

/* Room for room more entries in queue q; 0, or -1. */
int uroom(fifo *q, uint32_t room);

/* Room in both queues for one cell's pushes, the counts written back to
 * the block and the arrays read again; 0, or -1. */
int uflood_room(many_bufs *b, uflood *u);

/* Whether the step from i in direction d passes the corner (the policy's
 * rule for diagonals; straight steps always do). */
ALWAYS_INLINE int upasses(const uflood *u, size_t i, const int d,
                          const astar_diagonal pol)
{
	return d < 4 || corner(pol, u->cells[i + dir_dx[d]] != 0,
	                       u->cells[i + dir_dy[d] * u->w] != 0);
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

/* The 8-connected flood (flood_canon.c) from the nsrc sources at the
 * front of the straight queue, their records written: every reached
 * cell's record holds its cost and its direction as flood.c's general
 * flood leaves them (e->expanded set); ASTAR_OK or ASTAR_ENOMEM. */
astar_status flood_canon(engine *e, astar_diagonal pol, int multi);

#endif
