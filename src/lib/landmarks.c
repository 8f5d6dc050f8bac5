/*
 * landmarks.c - the search with landmarks: A* with landmarks (ALT:
 * Goldberg and Harrelson, "Computing the Shortest Path: A* Search Meets
 * Graph Theory", SODA 2005; on grids, the differential heuristics of
 * Sturtevant et al., IJCAI 2009), its loops and its path.  The tables
 * are built by landmarks_tables.c; the landmarks a query uses and the
 * bounds it takes from them are landmarks_bounds.c's and .h's.
 *
 * For K landmark cells L, spread by farthest-point selection, the context
 * keeps the cost of the shortest path from L to every cell, d(L, n), and,
 * when the grid has terrain, to L from every cell, d(n, L).  By the
 * triangle inequality, for every landmark
 *     d(n, g) >= d(L, g) - d(L, n)   and   d(n, g) >= d(n, L) - d(g, L),
 * so their largest, with the movement's own heuristic, bounds the cost
 * from n to the goal g from below.  A step's cost is that of the cell it
 * enters, so d(a, b) and d(b, a) differ on terrain, hence both tables;
 * where every open cell costs the same they are equal, and one table
 * serves both bounds (|d(L, g) - d(L, n)|).  The tables, exact or
 * rounded, are landmarks_tables.h's.
 *
 * With exact tables a bound is a cost formed as g is, and equals the
 * cost still to go wherever the landmark lies behind the cell on a
 * shortest way to the goal.  A rounded bound falls short there by a
 * fraction of a step, so that every cell of every shortest path gets an
 * f a little below the path's cost, which defeats the ties toward the
 * deeper cell: on open ground, with its many shortest paths, A* then
 * expands all of them.  The search picks the bound that is the largest in
 * single precision (any one is admissible) and forms it exactly.
 *
 * A rounded bound is taken less one quantum q, which keeps it below the
 * true difference: the heuristic is admissible.  It is consistent only
 * to within q, so the search reopens a closed cell that a shorter way
 * reaches (rare): with an admissible heuristic, A* that reopens returns
 * a shortest path.
 *
 * Under the default heuristic and weight the search sums costs in fixed
 * point, as search_loop.c's exact instance does, and holds its best new
 * neighbour out of the heap (the whole-number instance, below); the
 * others run in doubles.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "heap.h"
#include "landmarks.h"
#include "landmarks_bounds.h"
#include "rules.h"

/* The relative difference below which two costs are one (lm_relax): far
 * above the rounding of a sum of 10^5 steps (about 10^-11), and below the
 * relative gap between two distinct costs a + b sqrt(2), at least about
 * 1 / (3 C^2) for costs up to C, while C stays below about 50000; past
 * that a path may cost more than the least by less than this fraction. */
#define LM_TIE 1e-10

/* The cells from which the whole-number loop asks for its neighbours'
 * lines ahead on uniform costs (on terrain, with rows three times as
 * long, always): on smaller grids the rows above and below are mostly in
 * cache already and the requests cost more than they save (measured:
 * bench/RESULTS.md). */
#define LM_PREFETCH_CELLS ((size_t)1 << 17)

/* The search's state beside the context's. */
typedef struct lm_run {
	astar_ctx *ctx;
	const astar_grid *g;
	lm_query q;
	ptrdiff_t off[8];
	uint64_t inv; /* ctx_stride_inverse */
	uint64_t generated;
} lm_run;

/* Offers cell j at (x, y), reached in direction d at cost gj: opens it,
 * lowers its key, or reopens it when closed (see the top).  0 or -1. */
ALWAYS_INLINE int lm_relax(lm_run *s, size_t j, int32_t x, int32_t y, int d,
                           double gj, const int directed, const int n)
{
	astar_ctx *ctx = s->ctx;
	node *nj = &ctx->nodes[j];
	double f;
	int open;

	/* Two paths of the same cost can sum to doubles a rounding apart
	 * (1 + sqrt2 + sqrt2 against sqrt2 + sqrt2 + 1): such a "shorter"
	 * way would reopen closed cells in a cascade, so a way must be
	 * shorter by more than LM_TIE to count. */
	if (nj->gen == ctx->gen && gj >= nj->g - nj->g * LM_TIE)
		return 0;
	open = nj->gen == ctx->gen && ctx->pos[j] != CLOSED;
	nj->gen = ctx->gen;
	nj->g = gj;
	nj->dir = (uint32_t)d;
	s->generated++;
	f = gj + lm_h(&s->q, j, x, y, directed, n);
	if (open) {
		heap_decrease(&ctx->open, (uint32_t)j, f, gj);
		return 0;
	}
	return heap_push(&ctx->open, (uint32_t)j, f, gj);
}

/* Closes cell i at p, the expanded-th expansion, and counts it (and
 * records it with o->explored): 1 when it is the goal t (*found set),
 * 0 when not, -1 out of memory. */
static inline int lm_close(astar_ctx *ctx, size_t i, astar_point p, size_t t,
                           const astar_options *o, uint64_t *expanded,
                           int *found)
{
	ctx->pos[i] = CLOSED;
	if (o->explored) {
		if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
		                    *expanded + 1) != 0)
			return -1;
		ctx->explored[*expanded] = p;
	}
	++*expanded;
	*found = i == t;
	return *found;
}

/* The counts of a finished search into r. */
static void lm_counts(astar_ctx *ctx, const astar_options *o, astar_result *r,
                      uint64_t expanded, uint64_t generated)
{
	r->expanded = expanded;
	r->generated = generated;
	if (o->explored) {
		r->explored = ctx->explored;
		r->explored_len = (size_t)expanded;
	}
}

/* Expands cells until the goal t comes off the open list (*found = 1) or
 * none is left; inlined once per policy and table layout.  0, or -1 out
 * of memory. */
ALWAYS_INLINE int lm_loop(lm_run *s, size_t t, const astar_options *o,
                          astar_result *r, int *found, const astar_diagonal pol,
                          const int directed, const int n)
{
	astar_ctx *ctx = s->ctx;
	const uint8_t *cells = s->g->cells;
	const int ndirs = pol == ASTAR_DIAG_NEVER ? 4 : 8;
	uint64_t expanded = 0;
	int at = 0;

	while (!heap_empty(&ctx->open)) {
		size_t i = heap_pop(&ctx->open);
		double gi = ctx->nodes[i].g;
		astar_point p = ctx_point_fast(s->g, s->inv, i);

		if ((at = lm_close(ctx, i, p, t, o, &expanded, found)) != 0)
			break; /* the goal, or out of memory */
		/* The neighbours' table entries and records, asked for at
		 * once: each is a cache miss on a large map, and the loop
		 * below would otherwise wait for them one by one. */
		for (int d = 0; d < ndirs; d++) {
			PREFETCH(s->q.row + (i + s->off[d]) * s->q.rowlen);
			PREFETCH(&ctx->nodes[i + s->off[d]]);
		}
		for (int d = 0; d < ndirs; d++) {
			size_t j = i + s->off[d];
			double c = cells[j];
			if (c == 0 || (d >= 4 && pol != ASTAR_DIAG_ALWAYS &&
			               !lm_corner(cells, s->g, pol, i, d)))
				continue;
			if (lm_relax(s, j, p.x + lm_dx[d], p.y + lm_dy[d], d,
			             gi + (d < 4 ? c : SQRT2 * c), directed,
			             n) != 0)
				return -1;
		}
	}
	lm_counts(ctx, o, r, expanded, s->generated);
	return at < 0 ? -1 : 0;
}

/* ------------------------------------------ the whole-number instance */

/*
 * Under the default heuristic and weight, the search sums costs in fixed
 * point (ctx_exact_units), as search_loop.c's exact instance does: every sum
 * is exact, equal costs are equal integers (no tie tolerance, and no
 * reopening on a rounding), and the keys are made without conversions.
 * Where every open cell costs the same it counts steps (a cell costing
 * 1); on terrain a step costs the cell's cost times one or sqrt2, and the
 * movement's heuristic is scaled by the least cost.  The landmark bound
 * is taken in those units: the quantum (over the cost, on uniform costs)
 * times one, shaved by the relative error of the rounded sqrt2 (below
 * 2^-k, so 2^(1-k) and a margin for the double product), rounded down;
 * the bound then stays below every path's cost in units.  Both parts of
 * f are at most a path's cost, so f fits when twice ctx_exact_counts
 * diagonal steps of the largest cost do, which the units are halved for
 * if needed.
 */
/* What the whole-number loop keeps in registers: copies, so that the
 * stores into the records cannot be taken to change them. */
typedef struct lm_fast {
	const uint8_t *cells;
	node *nodes;
	uint32_t *pos;
	uint32_t gen;
	ptrdiff_t w;
	lm_query q;
	uint64_t generated;
	heap_key held;
	int holding;
	int pf; /* ask for the neighbours' lines ahead (lm_expand_x) */
} lm_fast;

/*
 * lm_relax in units, with the least new neighbour of an expansion held
 * out of the heap (f->held) as search_loop.c's relax does: when it is also
 * below the heap's top, it is expanded next without a push and a pop.
 * A closed cell that a shorter way reaches is opened again.
 */
ALWAYS_INLINE int lm_relax_x(astar_ctx *ctx, lm_fast *f, size_t i, uint64_t gxi,
                             int32_t px, int32_t py, const int d,
                             const astar_diagonal pol, const int directed,
                             const int n)
{
	const ptrdiff_t side_a = (ptrdiff_t)lm_dy[d] * f->w, side_b = lm_dx[d];
	size_t j = i + side_a + side_b;
	node *nj = &f->nodes[j];
	uint64_t gx = gxi + (d < 4 ? f->q.one : f->q.sqrt2) *
	                            (directed ? f->cells[j] : 1);
	heap_key k;
	int open;

	if (f->cells[j] == 0)
		return 0;
	if (d >= 4 && pol != ASTAR_DIAG_ALWAYS) {
		int a = f->cells[i + side_a] != 0,
		    b = f->cells[i + side_b] != 0;
		if (pol == ASTAR_DIAG_ONE_OBSTACLE ? !(a || b) : !(a && b))
			return 0;
	}
	if (nj->gen == f->gen && gx >= nj->gx)
		return 0;
	open = nj->gen == f->gen && f->pos[j] != CLOSED;
	nj->gen = f->gen;
	nj->gx = gx;
	nj->dir = (uint32_t)d;
	f->generated++;
	k = heap_make_key_fixed((uint32_t)j,
	                        gx + lm_hx(&f->q, j, px + lm_dx[d],
	                                   py + lm_dy[d], pol, directed, n),
	                        gx);
	if (open) {
		heap_decrease_key(&ctx->open, k);
		return 0;
	}
	if (!f->holding) {
		f->held = k;
		f->holding = 1;
		return 0;
	}
	if (heap_key_less(k,
	                  f->held)) { /* the new one held, the other pushed */
		heap_key t = f->held;
		f->held = k;
		k = t;
	}
	return heap_push_key(&ctx->open, k);
}

/* The next cell to expand: the held one when it is below the heap's top,
 * else the top (the held one taking its place); SIZE_MAX when none. */
ALWAYS_INLINE size_t lm_next(astar_ctx *ctx, lm_fast *f)
{
	if (f->holding) {
		f->holding = 0;
		if (heap_empty(&ctx->open) ||
		    heap_key_less(f->held, heap_top(&ctx->open)))
			return heap_key_node(f->held);
		return heap_replace_top(&ctx->open, f->held);
	}
	return heap_empty(&ctx->open) ? SIZE_MAX : heap_pop(&ctx->open);
}

/* Expands cell i of f, the directions unrolled.  On a large grid (f->pf)
 * the table entries and records of the rows above and below are asked
 * for first, each row's three cells by its two ends (and, on terrain's
 * longer rows, the lines between and i's neighbours in its own row):
 * each is a cache miss there, and the relaxations would otherwise wait
 * for them one by one (on uniform costs i's own row is near i's entry,
 * which its generation read).  0 or -1. */
ALWAYS_INLINE int lm_expand_x(astar_ctx *ctx, lm_fast *f, size_t i,
                              astar_point p, const astar_diagonal pol,
                              const int directed, const int n)
{
	const uint64_t gxi = f->nodes[i].gx;

	if (f->pf) {
		const uint16_t *t = f->q.row;
		size_t nt = f->q.rowlen, up = i - (size_t)f->w,
		       down = i + (size_t)f->w;
		PREFETCH(t + (up - 1) * nt);
		PREFETCH(t + (up + 2) * nt - 1);
		PREFETCH(t + (down - 1) * nt);
		PREFETCH(t + (down + 2) * nt - 1);
		if (nt >= 16) { /* rows of 32 bytes or more: the lines
		                   between, and those of the cells beside i */
			PREFETCH(t + up * nt + nt / 2);
			PREFETCH(t + down * nt + nt / 2);
			PREFETCH(t + (i - 1) * nt);
			PREFETCH(t + (i + 2) * nt - 1);
		}
		PREFETCH(&f->nodes[up - 1]);
		PREFETCH(&f->nodes[up + 1]);
		PREFETCH(&f->nodes[down - 1]);
		PREFETCH(&f->nodes[down + 1]);
	}
#define LM_X(D)                                                             \
	if (lm_relax_x(ctx, f, i, gxi, p.x, p.y, D, pol, directed, n) != 0) \
	return -1
	LM_X(0);
	LM_X(1);
	LM_X(2);
	LM_X(3);
	if (pol != ASTAR_DIAG_NEVER) {
		LM_X(4);
		LM_X(5);
		LM_X(6);
		LM_X(7);
	}
#undef LM_X
	return 0;
}

/* lm_loop in units; the start is pushed already. */
ALWAYS_INLINE int lm_loop_x(lm_run *s, size_t t, const astar_options *o,
                            astar_result *r, int *found,
                            const astar_diagonal pol, const int directed,
                            const int n)
{
	astar_ctx *ctx = s->ctx;
	lm_fast f = {s->g->cells,
	             ctx->nodes,
	             ctx->pos,
	             ctx->gen,
	             s->g->stride,
	             s->q,
	             s->generated,
	             heap_key_of(0, 0),
	             0,
	             directed || s->g->ncells >= LM_PREFETCH_CELLS};
	uint64_t expanded = 0;
	size_t i;
	int at = 0;

	while ((i = lm_next(ctx, &f)) != SIZE_MAX) {
		astar_point p = ctx_point_fast(s->g, s->inv, i);

		if ((at = lm_close(ctx, i, p, t, o, &expanded, found)) != 0)
			break; /* the goal, or out of memory */
		if (lm_expand_x(ctx, &f, i, p, pol, directed, n) != 0)
			return -1;
	}
	lm_counts(ctx, o, r, expanded, f.generated);
	return at < 0 ? -1 : 0;
}

/* The instances, by policy, table layout (directed), whether the bounds
 * are read in one run (lm_query.all) or from exact tables (lm_query.ab:
 * the whole-number loop has instances of their own for them, the rarer
 * one of doubles reads them in its general instance, which keeps the
 * instances and the build's time down) and the arithmetic (exact: units,
 * else doubles). */
#define LM_LOOP_X(P)                                                      \
	(directed ? (s->q.ab != NULL ? lm_loop_x(s, t, o, r, found, P, 1, \
	                                         -2 * LM_AUTO_COUNT)      \
	             : s->q.all      ? lm_loop_x(s, t, o, r, found, P, 1, \
	                                         2 * LM_AUTO_TERRAIN)     \
	                             : lm_loop_x(s, t, o, r, found, P, 1, 0))  \
	          : (s->q.ab != NULL ? lm_loop_x(s, t, o, r, found, P, 0, \
	                                         -LM_AUTO_COUNT)          \
	             : s->q.all      ? lm_loop_x(s, t, o, r, found, P, 0, \
	                                         LM_AUTO_COUNT)           \
	                             : lm_loop_x(s, t, o, r, found, P, 0, 0)))
#define LM_LOOP_D(P)                                                        \
	(!directed  ? lm_loop(s, t, o, r, found, P, 0, 0)                   \
	 : s->q.all ? lm_loop(s, t, o, r, found, P, 1, 2 * LM_AUTO_TERRAIN) \
	            : lm_loop(s, t, o, r, found, P, 1, 0))
#define LM_LOOP(P) (exact ? LM_LOOP_X(P) : LM_LOOP_D(P))

static int lm_run_loop(lm_run *s, size_t t, const astar_options *o,
                       astar_result *r, int *found, int directed, int exact)
{
	switch (o->diagonal) {
	case ASTAR_DIAG_NEVER:
		return LM_LOOP(ASTAR_DIAG_NEVER);
	case ASTAR_DIAG_ALWAYS:
		return LM_LOOP(ASTAR_DIAG_ALWAYS);
	case ASTAR_DIAG_ONE_OBSTACLE:
		return LM_LOOP(ASTAR_DIAG_ONE_OBSTACLE);
	default:
		return LM_LOOP(ASTAR_DIAG_NO_OBSTACLES);
	}
}

#undef LM_LOOP
#undef LM_LOOP_D
#undef LM_LOOP_X

/* Pushes the start in units and runs the whole-number instance.  0 or
 * -1. */
static int lm_run_exact(lm_run *s, size_t si, astar_point start, size_t t,
                        const astar_options *o, astar_result *r, int *found,
                        int directed)
{
	astar_ctx *ctx = s->ctx;

	ctx->nodes[si].gx = 0;
	if (heap_push_key(&ctx->open,
	                  heap_make_key_fixed((uint32_t)si,
	                                      lm_hx(&s->q, si, start.x, start.y,
	                                            o->diagonal, directed, 0),
	                                      0)) != 0)
		return -1;
	return lm_run_loop(s, t, o, r, found, directed, 1);
}

/* The path from start s to end t into ctx->path, its cost from whole-step
 * sums (as search_loop.c's, so that equal costs are equal doubles). */
static astar_status lm_path(lm_run *s, size_t start, size_t t, astar_result *r)
{
	astar_ctx *ctx = s->ctx;
	const uint8_t *cells = s->g->cells;
	size_t len = 1, i;
	uint64_t orth = 0, diag = 0;

	for (i = t; i != start; i -= s->off[ctx->nodes[i].dir])
		len++;
	if (ctx_grow_points(&ctx->path, &ctx->path_cap, len) != 0)
		return ASTAR_ENOMEM;
	i = t;
	for (size_t k = len; k-- > 0;) {
		ctx->path[k] = ctx_point_of(s->g, i);
		if (i != start) {
			int d = (int)ctx->nodes[i].dir;
			if (d < 4)
				orth += cells[i];
			else
				diag += cells[i];
			i -= s->off[d];
		}
	}
	r->path = ctx->path;
	r->path_len = len;
	r->cost = (double)orth + SQRT2 * (double)diag;
	r->end = ctx->path[len - 1];
	r->found = 1;
	r->reached_goal = 1;
	return ASTAR_OK;
}

int lm_use(astar_ctx *ctx, const astar_grid *g, const astar_options *o,
           astar_status *st)
{
	*st = ASTAR_OK;
	if (!lm_applies(o) || !ctx_options_valid(o))
		return 0; /* the plain search judges the options */
	if ((*st = ctx_prepare(ctx, g, 0)) != ASTAR_OK ||
	    (*st = lm_prepare(ctx, g, o, NULL, NULL)) != ASTAR_OK)
		return 0;
	return ((const lm_table *)ctx->lm)->k > 0;
}

astar_status lm_search(astar_ctx *ctx, const astar_grid *g, astar_point start,
                       astar_point goal, const astar_options *o,
                       astar_result *r)
{
	lm_run s;
	size_t si, ti;
	astar_status st;
	int found = 0;

	memset(r, 0, sizeof *r);
	if (!ctx_options_valid(o))
		return ASTAR_EINVAL;
	if ((st = ctx_begin(ctx, g, start, goal, o, &si, &ti)) != ASTAR_OK)
		return st;
	s.ctx = ctx;
	s.g = g;
	(void)lm_offsets(g, o->diagonal, s.off);
	s.inv = ctx_stride_inverse(g);
	s.generated = 1;
	lm_query_init(&s.q, ctx->lm, g, o, si, ti, goal);
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	ctx->nodes[si].gen = ctx->gen;
	ctx->nodes[si].dir = 8;
	if (lm_exact_ok(o)) {
		int directed = ((const lm_table *)ctx->lm)->directed;
		lm_exact_units(&s.q, g, directed);
		if (lm_run_exact(&s, si, start, ti, o, r, &found, directed) !=
		    0)
			return ASTAR_ENOMEM;
		return found ? lm_path(&s, si, ti, r) : ASTAR_OK;
	}
	ctx->nodes[si].g = 0.0;
	if (heap_push(&ctx->open, (uint32_t)si,
	              lm_h(&s.q, si, start.x, start.y,
	                   ((const lm_table *)ctx->lm)->directed, 0),
	              0.0) != 0 ||
	    lm_run_loop(&s, ti, o, r, &found,
	                ((const lm_table *)ctx->lm)->directed, 0) != 0)
		return ASTAR_ENOMEM;
	return found ? lm_path(&s, si, ti, r) : ASTAR_OK;
}
