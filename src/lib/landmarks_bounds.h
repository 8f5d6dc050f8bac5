/*
 * landmarks_bounds.h - the landmark bounds of one query, private to the
 * library: the query's view of the tables (the landmarks it uses, the
 * goal's entries), set up by landmarks_bounds.c, and the heuristic of a
 * cell that the landmark search (landmarks.c) forms from them.
 *
 * The heuristic is inline here, not in landmarks_bounds.c: the search
 * loop's instances form it at every cell generated, with the table
 * layout and count as constants, so it must be inlined into each.
 */
#ifndef ASTAR_LANDMARKS_BOUNDS_H
#define ASTAR_LANDMARKS_BOUNDS_H

#include <math.h>
#include <string.h>

#include "landmarks_tables.h"

/* The landmarks one query uses at most (lm_choose): all of the automatic
 * counts, whose every bound paid for itself in the measurements. */
#define LM_ACTIVE LM_AUTO_TERRAIN

/* One query's view of the tables. */
typedef struct lm_query {
	const uint16_t *d;
	const uint16_t *ab;  /* the exact tables, or NULL (then d) */
	const uint16_t *row; /* d or ab, and its entries per cell */
	size_t rowlen;
	int k, ntables;
	int use;                              /* the goal is reached */
	int nact, act[ASTAR_LANDMARKS_MAX];   /* the landmarks used */
	uint16_t gv[2 * ASTAR_LANDMARKS_MAX]; /* the goal's entries */
	/* With exact tables: the goal's sums, and each table's sign (-1: a
	 * table of costs to the landmark, whose bound is the cell's less the
	 * goal's; 0: either way, on one cost) */
	int32_t ga[2 * LM_AUTO_TERRAIN], gb[2 * LM_AUTO_TERRAIN];
	float sg[2 * LM_AUTO_TERRAIN];
	double q;
	astar_heuristic kind;
	int32_t tx, ty;
	double scale; /* the grid's least cost (the movement heuristic's) */
	double weight;
	/* The whole-number instance (lm_exact_ok): a straight and a
	 * diagonal step of cost 1 in units, the quantum in those units,
	 * shaved, and the movement heuristic's factor on terrain (the least
	 * cost; lm_exact_units). */
	uint64_t one, sqrt2, qx, hmul;
	/* With the automatic count (LM_AUTO_COUNT on uniform costs,
	 * LM_AUTO_TERRAIN on terrain), all in use, lm_best reads a cell's
	 * entries in one run that compilers turn into vector code: masks of
	 * the entries whose bound is the goal's less the cell's (ma) or the
	 * cell's less the goal's (mb), both ways on a table of one
	 * direction. */
	int all;
	uint16_t ma[2 * LM_ACTIVE], mb[2 * LM_ACTIVE];
} lm_query;

/* Sets q up for a query from start to goal (padded indices; gp the
 * goal's cell) with the tables t on grid g: the goal's entries, whether
 * the landmarks reach both ends, and the landmarks to use (lm_choose). */
void lm_query_init(lm_query *q, const lm_table *t, const astar_grid *g,
                   const astar_options *o, size_t start, size_t goal,
                   astar_point gp);

/* Nonzero when opts take the whole-number instance (landmarks.c): the
 * default heuristic of the movement and weight 1. */
int lm_exact_ok(const astar_options *o);

/* Sets q's units for the whole-number instance on g (lm_units) and the
 * quantum in them, shaved so that a bound stays below every path's cost
 * in units (landmarks.c says why). */
void lm_exact_units(lm_query *q, const astar_grid *g, int directed);

/* The largest landmark bound of the cell whose entries are dn, in whole
 * quanta, 0 when it has none: a cell of another component than the
 * landmarks' (65535 in every table, so its first entry tells). */
ALWAYS_INLINE int32_t lm_best(const lm_query *q, const uint16_t *dn,
                              const int directed, const int n)
{
	int32_t best = 0;

	if (!q->use || dn[0] == LM_NONE)
		return 0;
	if (n > 0) { /* all n entries, differences saturated at 0 */
		uint16_t b16 = 0;
		for (int l = 0; l < n; l++) {
			uint16_t gv = q->gv[l], v = dn[l];
			uint16_t a = gv > v ? (uint16_t)(gv - v) : 0;
			uint16_t b = v > gv ? (uint16_t)(v - gv) : 0;
			uint16_t m =
				(uint16_t)((a & q->ma[l]) | (b & q->mb[l]));
			b16 = b16 > m ? b16 : m;
		}
		return b16;
	}
	for (int m = 0; m < q->nact; m++) {
		int l = q->act[m];
		int32_t a, b;
		if (directed) { /* d(L,g) - d(L,n), d(n,L) - d(g,L) */
			a = (int32_t)q->gv[2 * l] - dn[2 * l];
			b = (int32_t)dn[2 * l + 1] - q->gv[2 * l + 1];
		} else { /* both ways on one table */
			a = (int32_t)q->gv[l] - dn[l];
			b = -a;
		}
		a = a > b ? a : b;
		best = best > a ? best : a;
	}
	return best;
}

/* With exact tables: of the n tables' bounds at the cell whose sums are
 * e, d(L, g) - d(L, n) or d(n, L) - d(g, L) (both ways on one cost),
 * the largest in single precision, in lanes that compilers turn into
 * vector code (the bits of a non-negative float order like it, the table
 * in the five lowest); the differences of its sums in *da and *db, with
 * the bound's sign on terrain (goal less cell, or, for a table of costs
 * to the landmark, cell less goal), either sign on one cost.  0 when cell
 * i has no bound (another component), else 1. */
ALWAYS_INLINE int lm_pick(const lm_query *q, size_t i, const int directed,
                          const int n, int32_t *da, int32_t *db)
{
	const uint16_t *e = q->ab + i * (2 * (size_t)n);
	int32_t top = 0;
	int l;

	if (!q->use || e[0] == LM_NONE)
		return 0;
	for (l = 0; l < n; l++) {
		float x = (float)(q->ga[l] - (int32_t)e[l]) +
		          (float)(q->gb[l] - (int32_t)e[n + l]) * (float)SQRT2;
		int32_t bits;

		x = directed ? (x * q->sg[l] > 0.0f ? x * q->sg[l] : 0.0f)
		             : fabsf(x);
		memcpy(&bits, &x, sizeof bits);
		bits = (bits & ~31) | l;
		top = top > bits ? top : bits;
	}
	l = top & 31;
	*da = q->ga[l] - (int32_t)e[l];
	*db = q->gb[l] - (int32_t)e[n + l];
	if (directed && q->sg[l] < 0.0f) {
		*da = -*da;
		*db = -*db;
	}
	return 1;
}

/* The exact-table bound of cell i (0 when it has none) in steps of cost 1
 * on one cost, else in costs, for the doubles instance: shaved by far
 * more than its rounding, so that it stays below the cost it bounds. */
ALWAYS_INLINE double lm_exact_cost(const lm_query *q, size_t i,
                                   const int directed, const int n)
{
	int32_t da, db;
	double v;

	if (!lm_pick(q, i, directed, n, &da, &db))
		return 0.0;
	v = ((double)da + SQRT2 * (double)db) * (1.0 - 1e-12);
	v = directed ? v : fabs(v);
	return v > 0.0 ? v : 0.0;
}

/* The exact-table bound of cell i in units (lm_exact_units), 0 when it
 * has none: formed as g is. */
ALWAYS_INLINE uint64_t lm_exact_units_of(const lm_query *q, size_t i,
                                         const int directed, const int n)
{
	int32_t da, db;
	int64_t v;

	if (!lm_pick(q, i, directed, n, &da, &db))
		return 0;
	v = (int64_t)da * (int64_t)q->one + (int64_t)db * (int64_t)q->sqrt2;
	v = directed || v > 0 ? v : -v;
	return v > 0 ? (uint64_t)v : 0;
}

/* The weighted heuristic of cell i at (x, y): the largest landmark bound
 * less one quantum (see the top), or the movement's own. */
ALWAYS_INLINE double lm_h(const lm_query *q, size_t i, int32_t x, int32_t y,
                          const int directed, const int n)
{
	double h = ctx_heuristic(q->kind, x - q->tx, y - q->ty) * q->scale;
	int32_t best;

	if (n == 0 && q->ab != NULL) { /* exact tables, n not fixed */
		double b = lm_exact_cost(q, i, directed, q->ntables) *
		           (directed ? 1.0 : q->scale);
		return (b > h ? b : h) * q->weight;
	}
	best = lm_best(q, q->d + i * (size_t)q->ntables, directed, n);
	if (best > 1 && (best - 1) * q->q > h)
		h = (best - 1) * q->q;
	return h * q->weight;
}

/* The heuristic of cell i at (x, y) in units: the movement's own
 * (Manhattan as octile with a diagonal of two steps), or the landmarks'
 * when larger; n as lm_best's, or, below 0, exact tables of -n tables
 * (with n 0 they are read too, their count not fixed). */
ALWAYS_INLINE uint64_t lm_hx(const lm_query *q, size_t i, int32_t x, int32_t y,
                             const astar_diagonal pol, const int directed,
                             const int n)
{
	int32_t dx = x - q->tx, dy = y - q->ty;
	uint64_t h = ctx_octile_fixed((uint32_t)(dx < 0 ? -dx : dx),
	                              (uint32_t)(dy < 0 ? -dy : dy), q->one,
	                              pol == ASTAR_DIAG_NEVER ? 2 * q->one
	                                                      : q->sqrt2) *
	             (directed ? q->hmul : 1);
	int32_t best;

	if (n < 0 || (n == 0 && q->ab != NULL)) {
		uint64_t b = lm_exact_units_of(q, i, directed,
		                               n < 0 ? -n : q->ntables);
		return b > h ? b : h;
	}
	best = lm_best(q, q->d + i * (size_t)q->ntables, directed, n);
	if (best > 1 && (uint64_t)(best - 1) * q->qx > h)
		h = (uint64_t)(best - 1) * q->qx;
	return h;
}

#endif
