/*
 * landmarks_tables.h - the landmark tables of A* with landmarks, private
 * to the library: what landmarks_tables.c builds (lm_prepare, lm_share)
 * and landmarks.c reads, and the rules both keep to.
 *
 * A table holds, for one landmark L, the cost of the shortest path from
 * L to every cell, or on terrain from every cell to L (landmarks.c says
 * why both).  Every landmark lies in the component of a seed cell s, so
 * no finite cost exceeds d(., s) + d(s, .), the largest of each (the
 * span); 65535 marks a cell of another component, in every table at
 * once.
 *
 * With 8 landmarks (the automatic count, where they fit) each cost is
 * kept exactly, as the sums a and b of the costs of its straight and of
 * its diagonal steps (16 bits each; a cost a + b sqrt(2) has one such
 * pair, sqrt(2) being irrational; where every cell costs the same, the
 * step counts), when the span fits in LM_EXACT_MAX.
 *
 * Otherwise costs are stored in 16 bits, floor(d / q), with one quantum
 * q for every table (the span over 65534) so that the bounds compare as
 * integers: 2 bytes per cell and landmark, 4 on terrain.  Rounding down
 * loses less than q on each side of a difference, so the search takes
 * each bound less one q.
 */
#ifndef ASTAR_LANDMARKS_TABLES_H
#define ASTAR_LANDMARKS_TABLES_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "ctx.h"

/* Directions: N E S W, then NE SE SW NW (as search_loop.c). */
static const int lm_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int lm_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

#define LM_NONE 65535u /* a cell the landmark does not reach */

/* ASTAR_LANDMARKS_AUTO: this many landmarks, with exact tables where
 * they fit (the top), else where every cell costs the same; on terrain
 * without them LM_AUTO_TERRAIN (each takes two tables there, and the
 * search gains more from each bound); when they pay (LM_AUTO_DETOUR,
 * landmarks_tables.c). */
#define LM_AUTO_COUNT   8
#define LM_AUTO_TERRAIN 12

/* Exact tables (the top) when every sum stays at most LM_EXACT_MAX and
 * the units of the whole-number instance are at least 2^LM_EXACT_SHIFT:
 * a bound's sums and those of the cost it bounds then differ by x
 * straight and y diagonal steps of cost 1 with |x|, |y| < 2^17, and
 * x + y sqrt(2), unless 0, exceeds 1 / (3 * 2^17) in size, 2^(k - 18.6)
 * in units, more than the units' rounding of y diagonal steps (|y| / 2 <
 * 2^16): so every bound in units stays at most the cost it bounds. */
#define LM_EXACT_SHIFT 36
#define LM_EXACT_MAX   65534u /* the largest sum stored */

typedef struct lm_table {
	atomic_int refs;      /* the contexts holding it (lm_share) */
	uint64_t id, version; /* the grid's, when built */
	astar_diagonal policy;
	int asked;    /* astar_options.landmarks, as asked */
	int k;        /* landmarks placed: asked, or 0 when judged useless */
	int ntables;  /* tables stored: k, or 2k on terrain (from, to) */
	int directed; /* 1: table 2l is d(L, .), 2l + 1 is d(., L) */
	double q;     /* the quantum of every table */
	uint16_t *d;  /* ncells x ntables, by cell; NULL with ab */
	/* Exact tables (the top), or NULL: ncells x 2 ntables, by cell,
	 * the straight sums of every table, then the diagonal ones. */
	uint16_t *ab;
} lm_table;

/* Offsets of the eight directions on grid g, and their count under pol. */
static inline int lm_offsets(const astar_grid *g, astar_diagonal pol,
                             ptrdiff_t *off)
{
	for (int d = 0; d < 8; d++)
		off[d] = (ptrdiff_t)lm_dy[d] * g->stride + lm_dx[d];
	return pol == ASTAR_DIAG_NEVER ? 4 : 8;
}

/* Nonzero when the diagonal step from i in direction d (>= 4) passes the
 * corner rule of pol; the cell entered is open. */
static inline int lm_corner(const uint8_t *cells, const astar_grid *g,
                            astar_diagonal pol, size_t i, int d)
{
	int a = cells[i + (ptrdiff_t)lm_dy[d] * g->stride] != 0;
	int b = cells[i + lm_dx[d]] != 0;

	return pol == ASTAR_DIAG_ALWAYS         ? 1
	       : pol == ASTAR_DIAG_ONE_OBSTACLE ? (a || b)
	                                        : (a && b);
}

/* The shift of the whole-number instance's units on g (ctx_exact_units),
 * lowered until twice ctx_exact_counts diagonal steps of the largest cost
 * fit in 64 bits (see landmarks.c's whole-number instance); its units in
 * *one and *sqrt2. */
int lm_units(const astar_grid *g, int directed, uint64_t *one, uint64_t *sqrt2);

/* Builds ctx's landmark tables for grid and opts unless it holds them
 * already (same grid, unchanged, same policy and count), the searches
 * that do not depend on each other through each when not NULL
 * (astar_prepare_on).  ASTAR_OK, ASTAR_ENOMEM (ctx unchanged, still
 * usable). */
astar_status lm_prepare(astar_ctx *ctx, const astar_grid *grid,
                        const astar_options *opts, astar_parallel *each,
                        void *self);

/* Makes ctx hold the tables from holds for grid and opts (shared, read
 * only; freed by the last context that lets go): 0, or -1 when from
 * holds none for them (ctx unchanged). */
int lm_share(astar_ctx *ctx, const astar_ctx *from, const astar_grid *grid,
             const astar_options *opts);

#endif
