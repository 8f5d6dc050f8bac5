/*
 * search_loop.c - the A* loop on an astar_grid, with Dijkstra,
 * breadth-first and greedy best-first search as its variants, and the
 * setup of one query around it (its goal cells, heuristic and result).
 * The dispatch (search.c) hands it the queries that no other engine
 * takes; the reusable context is ctx.c's.
 *
 * The movement rules and the heuristic are kept apart from the search
 * loop: an expansion policy (which neighbours a cell has, the corner
 * rule, what a step costs) and a heuristic (a lower bound from a cell to
 * the target) are set up before the loop, which is instantiated once per
 * heuristic and diagonal policy so that the compiler folds their tests
 * into it.  Per-cell records live in one array in the context and are
 * marked valid by a generation counter, so a query clears nothing; the
 * arrays grow only when a larger grid comes.  The loop and its setup
 * share this one file so that every hot helper stays inline in it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "search_loop.h"

/* ------------------------------------------------------ expansion policy */

/* Directions: N E S W, then NE SE SW NW.  dx/dy for coordinates. */
static const int dir_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

typedef struct expansion {
	int ndirs; /* 4 or 8 */
	astar_diagonal policy;
	ptrdiff_t off[8];    /* index offset of each direction */
	ptrdiff_t side_a[8]; /* a diagonal's two orthogonal neighbours */
	ptrdiff_t side_b[8];
} expansion;

static void expansion_init(expansion *e, const astar_grid *g,
                           astar_diagonal policy)
{
	e->policy = policy;
	e->ndirs = policy == ASTAR_DIAG_NEVER ? 4 : 8;
	for (int d = 0; d < 8; d++) {
		e->off[d] = (ptrdiff_t)dir_dy[d] * g->stride + dir_dx[d];
		e->side_a[d] = (ptrdiff_t)dir_dy[d] * g->stride;
		e->side_b[d] = dir_dx[d];
	}
}

/*
 * The corner rule: nonzero when a diagonal step is allowed under policy,
 * a and b telling whether its two orthogonal neighbours are open.
 */
ALWAYS_INLINE int corner_ok(astar_diagonal policy, int a, int b)
{
	switch (policy) {
	case ASTAR_DIAG_ONE_OBSTACLE:
		return a || b;
	case ASTAR_DIAG_NO_OBSTACLES:
		return a && b;
	default:
		return 1;
	}
}

/*
 * Nonzero when a diagonal step from index i in direction d is allowed,
 * given that the cell entered is open.
 */
static inline int diagonal_ok(const expansion *e, const uint8_t *cells,
                              size_t i, int d)
{
	return corner_ok(e->policy, cells[i + e->side_a[d]] != 0,
	                 cells[i + e->side_b[d]] != 0);
}

/* ------------------------------------------------------------ heuristic */

typedef struct heuristic {
	astar_heuristic kind;
	int32_t tx, ty; /* target */
	double scale;   /* weight times the grid's least cell cost */
	double slack;   /* subtracted in adjacent mode: the largest h of one
	                   step, so h bounds the distance to any goal cell */
	uint64_t one, sqrt2; /* the exact instance's steps (exact_units) */
	double unit;         /* and its unit */
} heuristic;

/* The heuristic at (x, y).  plain, a constant: the scale is 1 and the
 * slack 0 (see run), so the raw distance is already the same double. */
ALWAYS_INLINE double heuristic_at(const heuristic *h, int32_t x, int32_t y,
                                  const int plain)
{
	double v = ctx_heuristic(h->kind, x - h->tx, y - h->ty);

	if (plain)
		return v;
	v -= h->slack;
	return v > 0.0 ? v * h->scale : 0.0;
}

/* ------------------------------------------------------------- search */

/*
 * The goal test.  Normally the goal set is the target alone; in adjacent
 * mode it is every open cell from which one legal step, with the target
 * seen as open, enters the target.
 */
typedef struct goal_set {
	size_t cell[8];
	int n;
} goal_set;

static inline int goal_member(const goal_set *gs, size_t i)
{
	if (gs->n == 1) /* the usual case: the target alone */
		return gs->cell[0] == i;
	for (int k = 0; k < gs->n; k++)
		if (gs->cell[k] == i)
			return 1;
	return 0;
}

static void adjacent_goals(goal_set *gs, const expansion *e,
                           const uint8_t *cells, size_t t)
{
	gs->n = 0;
	for (int d = 0; d < e->ndirs; d++) {
		size_t a = t - e->off[d]; /* a steps in direction d into t */
		/* A diagonal's corner cells are never t itself, so whether t
		 * is open does not change the answer. */
		if (cells[a] == 0 || (d >= 4 && !diagonal_ok(e, cells, a, d)))
			continue;
		gs->cell[gs->n++] = a;
	}
}

/* The reachable cell nearest the target so far (closest mode). */
typedef struct nearest {
	size_t cell;
	int64_t d2;
	double g;
	astar_point p;
} nearest;

/*
 * The exact cost of the path to closed cell i, as orth + sqrt(2) * diag
 * with both sums whole numbers.  Two paths of equal cost can carry g
 * values a rounding apart (1 + sqrt2 + sqrt2 against sqrt2 + sqrt2 + 1),
 * so ties are judged on these sums.
 */
static void exact_cost(const astar_ctx *ctx, const astar_grid *g,
                       const ptrdiff_t *off, size_t start, size_t i,
                       uint64_t *orth, uint64_t *diag)
{
	*orth = *diag = 0;
	for (; i != start; i -= off[ctx->nodes[i].dir]) {
		if (ctx->nodes[i].dir < 4)
			*orth += g->cells[i];
		else
			*diag += g->cells[i];
	}
}

/* -1, 0 or 1 as the path cost to a is below, equal to or above b's. */
static int compare_cost(const astar_ctx *ctx, const astar_grid *g,
                        const ptrdiff_t *off, size_t start, size_t a, double ga,
                        size_t b, double gb)
{
	uint64_t ao, ad, bo, bd;
	double tol = 1e-9 * (ga > 1.0 ? ga : 1.0);

	if (ga < gb - tol)
		return -1;
	if (ga > gb + tol)
		return 1;
	exact_cost(ctx, g, off, start, a, &ao, &ad);
	exact_cost(ctx, g, off, start, b, &bo, &bd);
	if (ao == bo && ad == bd)
		return 0;
	ga = (double)ao + SQRT2 * (double)ad;
	gb = (double)bo + SQRT2 * (double)bd;
	return ga < gb ? -1 : ga > gb ? 1 : 0;
}

static void nearest_offer(nearest *best, const astar_ctx *ctx,
                          const astar_grid *grid, const ptrdiff_t *off,
                          size_t start, size_t i, astar_point p, double g,
                          astar_point t)
{
	int64_t dx = (int64_t)p.x - t.x, dy = (int64_t)p.y - t.y;
	int64_t d2 = dx * dx + dy * dy;

	if (best->d2 >= 0) {
		if (d2 != best->d2) {
			if (d2 > best->d2)
				return;
		} else {
			int c = compare_cost(ctx, grid, off, start, i, g,
			                     best->cell, best->g);
			if (c > 0 ||
			    (c == 0 && (p.y > best->p.y ||
			                (p.y == best->p.y && p.x > best->p.x))))
				return;
		}
	}
	best->cell = i;
	best->d2 = d2;
	best->g = g;
	best->p = p;
}

/* Writes the path ending at cell `end` into ctx->path (no_path: only its
 * length); sets the cost from whole-step counts so that it is the same
 * however the sum was formed. */
static astar_status build_path(astar_ctx *ctx, const astar_grid *g,
                               const expansion *e, size_t start, size_t end,
                               int no_path, astar_result *r)
{
	size_t len = 1, i;
	uint64_t orth = 0, diag = 0;
	astar_point p;

	if (no_path) { /* the counts and the sums alone */
		for (i = end; i != start; len++) {
			int d = (int)ctx->nodes[i].dir;
			*(d < 4 ? &orth : &diag) += g->cells[i];
			i -= e->off[d];
		}
		r->path_len = len;
		r->cost = (double)orth + SQRT2 * (double)diag;
		r->end = ctx_point_of(g, end);
		r->found = 1;
		return ASTAR_OK;
	}
	for (i = end; i != start; i -= e->off[ctx->nodes[i].dir])
		len++;
	if (ctx_grow_points(&ctx->path, &ctx->path_cap, len) != 0)
		return ASTAR_ENOMEM;
	/* Backwards from end, the coordinates stepped along with the index
	 * (as jps_build_path does) instead of divided out of it. */
	i = end;
	p = ctx_point_of(g, end);
	for (size_t k = len; k-- > 0;) {
		ctx->path[k] = p;
		if (i != start) {
			int d = (int)ctx->nodes[i].dir;
			if (d < 4)
				orth += g->cells[i];
			else
				diag += g->cells[i];
			i -= e->off[d];
			p.x -= dir_dx[d];
			p.y -= dir_dy[d];
		}
	}
	r->path = ctx->path;
	r->path_len = len;
	r->cost = (double)orth + SQRT2 * (double)diag;
	r->end = ctx->path[len - 1];
	r->found = 1;
	return ASTAR_OK;
}

/*
 * Exact costs, for maps whose open cells all cost 1 under the octile
 * heuristic (the common case).  There every g, h and f is a + b sqrt(2), a
 * straight and b diagonal steps.  Summed as doubles, two paths of the same
 * cost could end a rounding apart (1 + sqrt2 + sqrt2 against sqrt2 + sqrt2
 * + 1): a tie of f then went to the rounding instead of to the larger g,
 * and the search expanded more cells than it needed (on open floor, many
 * times as many).  This
 * instance sums in fixed point instead (ctx_exact_units): every sum is
 * exact, and equal costs are equal integers.
 */

/* Sets the exact instance's units for grid g. */
static void exact_units(heuristic *h, const astar_grid *g)
{
	int k = ctx_exact_units(g, &h->one, &h->sqrt2);

	h->unit = ldexp(1.0, -k);
}

/* The octile distance from (x, y) to the target, in exact units. */
ALWAYS_INLINE uint64_t exact_h(const heuristic *h, int32_t x, int32_t y)
{
	int32_t dx = x - h->tx, dy = y - h->ty;

	return ctx_octile_fixed((uint32_t)(dx < 0 ? -dx : dx),
	                        (uint32_t)(dy < 0 ? -dy : dy), h->one,
	                        h->sqrt2);
}

/*
 * One neighbour of the expanded cell i, in direction d: skips it when it
 * is blocked or the diagonal policy forbids the step, opens it on its
 * first sight (into *held when it is the least new neighbour so far,
 * *holding telling whether *held is in use; else into the heap), lowers
 * its key when the step is a shorter way to a cell still in the heap.
 * Inlined with d a constant, so the offsets, the step cost and the
 * policy test fold into the loop.  Returns 0, or -1 when the open list
 * could not grow.
 */
ALWAYS_INLINE int relax(astar_ctx *ctx, const uint8_t *cells, node *nodes,
                        const uint32_t *pos, uint32_t gen, size_t i,
                        ptrdiff_t w, int32_t px, int32_t py, double gi,
                        uint64_t gxi, const heuristic *hk, uint64_t *generated,
                        heap_key *held, int *holding, const int d,
                        const astar_diagonal policy, const astar_algorithm algo,
                        const int plain, const int exact)
{
	const ptrdiff_t side_a = (ptrdiff_t)dir_dy[d] * w, side_b = dir_dx[d];
	size_t j = i + side_a + side_b;
	uint8_t c = cells[j];
	node *nj = &nodes[j];
	double gj = 0.0, f = 0.0;
	uint64_t gx = 0, fx = 0;
	int fresh;

	if (c == 0)
		return 0;
	if (d >= 4 &&
	    !corner_ok(policy, cells[i + side_a] != 0, cells[i + side_b] != 0))
		return 0;
	/* Breadth-first search counts steps in g; the path's cost is summed
	 * again when the path is built. */
	if (algo == ASTAR_ALGO_BFS) {
		gj = gi + 1.0;
	} else if (exact) {
		gx = gxi + (d < 4 ? hk->one : hk->sqrt2);
	} else {
		/* plain: every open cell costs 1, which the compiler folds */
		const double cost = plain ? 1.0 : (double)c;
		gj = gi + (d < 4 ? cost : SQRT2 * cost);
	}
	fresh = nj->gen != gen;
	if (exact) {
		if (!fresh && (gx >= nj->gx || pos[j] == CLOSED))
			return 0; /* no shorter way, or already expanded */
		nj->gx = gx;
		fx = gx + exact_h(hk, px + dir_dx[d], py + dir_dy[d]);
	} else {
		if (!fresh && (gj >= nj->g || pos[j] == CLOSED))
			return 0;
		nj->g = gj;
		f = heuristic_at(hk, px + dir_dx[d], py + dir_dy[d], plain);
		if (algo != ASTAR_ALGO_GREEDY)
			f += gj;
	}
	nj->gen = gen;
	nj->dir = (uint32_t)d;
	++*generated;
	/* Greedy search's key can rise on a decrease (its f is h alone and
	 * the smaller g loses the tie), which leaves the heap's order
	 * dependent on its layout: it keeps to the heap alone, so that its
	 * expansions stay as they were. */
	if (fresh && algo == ASTAR_ALGO_GREEDY)
		return heap_push(&ctx->open, (uint32_t)j, f, gj);
	if (fresh) {
		heap_key k = exact ? heap_make_key_fixed((uint32_t)j, fx, gx)
		                   : heap_make_key((uint32_t)j, f, gj);
		if (!*holding) {
			*held = k;
			*holding = 1;
			return 0;
		}
		if (heap_key_less(
			    k,
			    *held)) { /* the new one is held, the other pushed */
			heap_key t = *held;
			*held = k;
			k = t;
		}
		return heap_push_key(&ctx->open, k);
	}
	if (exact)
		heap_decrease_key(&ctx->open,
		                  heap_make_key_fixed((uint32_t)j, fx, gx));
	else
		heap_decrease(&ctx->open, (uint32_t)j, f, gj);
	return 0;
}

/*
 * The neighbours an expansion need not look at, by the direction of the
 * step that reached the cell (nodes[i].dir; 8 for the start): the parent
 * and the two cells next to both it and the cell.  When the parent p was
 * expanded it offered each of those its cost from p, one step; through
 * the cell it would be two steps, each entering a cell at a positive cost,
 * so relax would reject it (or find it closed).  Skipping them changes
 * nothing but the work.  Directions: N E S W, then NE SE SW NW.
 */
static const unsigned char back_mask[9] = {
	/* N: S, SE, SW */ 1u << 2 | 1u << 5 | 1u << 6,
	/* E: W, SW, NW */ 1u << 3 | 1u << 6 | 1u << 7,
	/* S: N, NE, NW */ 1u << 0 | 1u << 4 | 1u << 7,
	/* W: E, NE, SE */ 1u << 1 | 1u << 4 | 1u << 5,
	/* NE: SW, S, W */ 1u << 6 | 1u << 2 | 1u << 3,
	/* SE: NW, N, W */ 1u << 7 | 1u << 0 | 1u << 3,
	/* SW: NE, N, E */ 1u << 4 | 1u << 0 | 1u << 1,
	/* NW: SE, S, E */ 1u << 5 | 1u << 2 | 1u << 1,
	0, /* the start */
};

/* The start's g, 0, and its key pushed, in the instance's form (search
 * set the rest of its node); 0, or -1 when out of memory. */
ALWAYS_INLINE int push_start(astar_ctx *ctx, const astar_grid *grid,
                             const heuristic *hk, size_t start, const int exact)
{
	astar_point s = ctx_point_of(grid, start);
	heap_key k;

	if (exact)
		ctx->nodes[start].gx = 0;
	else
		ctx->nodes[start].g = 0.0;
	k = exact ? heap_make_key_fixed((uint32_t)start, exact_h(hk, s.x, s.y),
	                                0)
	          : heap_make_key((uint32_t)start,
	                          heuristic_at(hk, s.x, s.y, 0), 0.0);
	return heap_push_key(&ctx->open, k);
}

/*
 * The next cell to expand, SIZE_MAX when none is left.  The least new
 * neighbour of the last expanded cell is held out of the heap: when it
 * is also less than the heap's top (on a straight run over open ground),
 * it is expanded next without a push and a pop; otherwise it takes the
 * top's place.  The least key still comes first, so the order is the
 * heap's.
 */
ALWAYS_INLINE size_t next_cell(astar_ctx *ctx, const heap_key *held,
                               int *holding)
{
	if (*holding) {
		*holding = 0;
		if (heap_empty(&ctx->open) ||
		    heap_key_less(*held, heap_top(&ctx->open)))
			return heap_key_node(*held);
		return heap_replace_top(&ctx->open, *held);
	}
	return heap_empty(&ctx->open) ? SIZE_MAX : heap_pop(&ctx->open);
}

/* Cell (x, y) as the n-th expanded, in the context's list; 0, or -1
 * when out of memory. */
static inline int record_explored(astar_ctx *ctx, uint64_t n, int32_t x,
                                  int32_t y)
{
	if (ctx_grow_points(&ctx->explored, &ctx->explored_cap, n + 1) != 0)
		return -1;
	ctx->explored[n].x = x;
	ctx->explored[n].y = y;
	return 0;
}

/*
 * The search loop proper.  It is inlined into one instance per heuristic
 * and diagonal policy (see run), so that the compiler folds the choices
 * out of the inner loop; the directions are unrolled (relax).
 */
ALWAYS_INLINE astar_status
loop(astar_ctx *ctx, const astar_grid *grid, const expansion *e,
     const heuristic *h, const goal_set *goals, const astar_options *opts,
     size_t start, nearest *best, size_t *found_at, astar_result *r,
     const astar_heuristic kind, const astar_diagonal policy,
     const astar_algorithm algo, const int plain, const int exact)
{
	const uint8_t *cells = grid->cells;
	node *nodes = ctx->nodes;
	uint32_t *pos = ctx->pos;
	const uint32_t gen = ctx->gen;
	const ptrdiff_t w = grid->stride;
	const astar_point t = {h->tx, h->ty};
	heuristic hk = *h;
	uint64_t expanded = 0, generated = r->generated;
	const uint64_t inv = ctx_stride_inverse(grid); /* see ctx_point_fast */
	heap_key held = heap_key_of(0, 0);             /* see below */
	int holding = 0;

	hk.kind = kind;
	if (push_start(ctx, grid, &hk, start, exact) != 0)
		return ASTAR_ENOMEM;
	for (;;) {
		size_t i;
		int32_t px, py;
		double gi = 0.0; /* set in the instances of doubles */
		uint64_t gxi = 0;

		if ((i = next_cell(ctx, &held, &holding)) == SIZE_MAX)
			break;
		/* The coordinates as two integers: an astar_point here may be
		 * kept in memory and read back whole just after its halves are
		 * written, a store that cannot be forwarded to the wider load,
		 * which would stall every expansion. */
		{
			astar_point p = ctx_point_fast(grid, inv, i);
			px = p.x;
			py = p.y;
		}
		if (exact)
			gxi = nodes[i].gx;
		else
			gi = nodes[i].g;

		pos[i] = CLOSED;
		if (opts->explored &&
		    record_explored(ctx, expanded, px, py) != 0)
			return ASTAR_ENOMEM;
		expanded++;
		if (goal_member(goals, i)) {
			*found_at = i;
			break;
		}
		if (opts->closest)
			nearest_offer(best, ctx, grid, e->off, start, i,
			              (astar_point){px, py},
			              exact ? (double)gxi * hk.unit : gi, t);
		const unsigned skip = back_mask[nodes[i].dir];
#define RELAX(D)                                                           \
	if (!(skip >> D & 1) &&                                            \
	    relax(ctx, cells, nodes, pos, gen, i, w, px, py, gi, gxi, &hk, \
	          &generated, &held, &holding, D, policy, algo, plain,     \
	          exact) != 0)                                             \
	return ASTAR_ENOMEM
		RELAX(0);
		RELAX(1);
		RELAX(2);
		RELAX(3);
		if (policy != ASTAR_DIAG_NEVER) {
			RELAX(4);
			RELAX(5);
			RELAX(6);
			RELAX(7);
		}
#undef RELAX
	}
	r->expanded = expanded;
	r->generated = generated;
	return ASTAR_OK;
}

#define LOOP(K, P)                                                         \
	loop(ctx, grid, e, h, goals, opts, start, best, found_at, r, K, P, \
	     ASTAR_ALGO_ASTAR, 0, 0)
#define PLAIN(K, P, X)                                                     \
	loop(ctx, grid, e, h, goals, opts, start, best, found_at, r, K, P, \
	     ASTAR_ALGO_ASTAR, 1, X)
#define OTHER(K, P, A)                                                        \
	loop(ctx, grid, e, h, goals, opts, start, best, found_at, r, K, P, A, \
	     0, 0)
#define POLICIES(K)                                      \
	switch (e->policy) {                             \
	case ASTAR_DIAG_NEVER:                           \
		return LOOP(K, ASTAR_DIAG_NEVER);        \
	case ASTAR_DIAG_ALWAYS:                          \
		return LOOP(K, ASTAR_DIAG_ALWAYS);       \
	case ASTAR_DIAG_ONE_OBSTACLE:                    \
		return LOOP(K, ASTAR_DIAG_ONE_OBSTACLE); \
	default:                                         \
		return LOOP(K, ASTAR_DIAG_NO_OBSTACLES); \
	}

static astar_status run(astar_ctx *ctx, const astar_grid *grid,
                        const expansion *e, const heuristic *h,
                        const goal_set *goals, const astar_options *opts,
                        size_t start, nearest *best, size_t *found_at,
                        astar_result *r)
{
	/* Breadth-first and greedy search are for comparing explored areas:
	 * one instance each, with the heuristic chosen at run time. */
	if (opts->algorithm == ASTAR_ALGO_BFS)
		return OTHER(h->kind, e->policy, ASTAR_ALGO_BFS);
	if (opts->algorithm == ASTAR_ALGO_GREEDY)
		return OTHER(h->kind, e->policy, ASTAR_ALGO_GREEDY);
	/* The defaults on a map whose open cells all cost 1, with weight 1
	 * and no slack (the common case), get instances of their own, with
	 * constant step costs and the heuristic unscaled. */
	if (h->scale == 1.0 && h->slack == 0.0 && grid->min_cost == 1 &&
	    grid->max_cost == 1) {
		if (h->kind == ASTAR_H_OCTILE) {
			switch (e->policy) {
			case ASTAR_DIAG_ALWAYS:
				return PLAIN(ASTAR_H_OCTILE, ASTAR_DIAG_ALWAYS,
				             1);
			case ASTAR_DIAG_ONE_OBSTACLE:
				return PLAIN(ASTAR_H_OCTILE,
				             ASTAR_DIAG_ONE_OBSTACLE, 1);
			case ASTAR_DIAG_NO_OBSTACLES:
				return PLAIN(ASTAR_H_OCTILE,
				             ASTAR_DIAG_NO_OBSTACLES, 1);
			default: /* without diagonal steps: below */
				break;
			}
		}
		if (h->kind == ASTAR_H_MANHATTAN &&
		    e->policy == ASTAR_DIAG_NEVER)
			return PLAIN(ASTAR_H_MANHATTAN, ASTAR_DIAG_NEVER, 0);
	}
	switch (h->kind) {
	case ASTAR_H_MANHATTAN:
		POLICIES(ASTAR_H_MANHATTAN);
	case ASTAR_H_EUCLIDEAN:
		POLICIES(ASTAR_H_EUCLIDEAN);
	case ASTAR_H_OCTILE:
		POLICIES(ASTAR_H_OCTILE);
	case ASTAR_H_CHEBYSHEV:
		POLICIES(ASTAR_H_CHEBYSHEV);
	default:
		POLICIES(ASTAR_H_ZERO);
	}
}

#undef POLICIES
#undef LOOP
#undef PLAIN
#undef OTHER

/* The query's heuristic toward goal (padded index t) and its goal
 * cells: the goal alone or, with the adjacent option, the open cells
 * beside it, the heuristic then short by at most one step (its slack). */
static void search_targets(heuristic *h, goal_set *goals, const expansion *e,
                           const astar_grid *grid, const astar_options *opts,
                           astar_point goal, size_t s, size_t t)
{
	h->kind = astar_effective_heuristic(opts);
	h->tx = goal.x;
	h->ty = goal.y;
	h->scale = opts->weight * grid->min_cost;
	h->slack = 0.0;
	exact_units(h, grid);
	goals->n = 1;
	goals->cell[0] = t;
	if (!opts->adjacent)
		return;
	adjacent_goals(goals, e, grid->cells, t);
	for (int d = 0; d < e->ndirs; d++) {
		double v = ctx_heuristic(h->kind, dir_dx[d], dir_dy[d]);
		if (v > h->slack)
			h->slack = v;
	}
	if (s == t) { /* already there: nothing to walk */
		goals->cell[0] = s;
		goals->n = 1;
	}
}

/* The result's explored cells and path once the search has run: to the
 * goal found, or with the closest option to the cell nearest it. */
static astar_status search_result(astar_ctx *ctx, const astar_grid *grid,
                                  const expansion *e, size_t s, size_t found_at,
                                  const nearest *best,
                                  const astar_options *opts, astar_result *r)
{
	astar_status st;

	if (opts->explored)
		r->explored = ctx->explored;
	r->explored_len = opts->explored ? (size_t)r->expanded : 0;
	if (found_at != SIZE_MAX) {
		if ((st = build_path(ctx, grid, e, s, found_at, opts->no_path,
		                     r)) != ASTAR_OK)
			return st;
		r->reached_goal = 1;
	} else if (opts->closest && best->d2 >= 0) {
		if ((st = build_path(ctx, grid, e, s, best->cell, opts->no_path,
		                     r)) != ASTAR_OK)
			return st;
	}
	return ASTAR_OK;
}

astar_status search_loop(astar_ctx *ctx, const astar_grid *grid,
                         astar_point start, astar_point goal,
                         const astar_options *opts, astar_result *r)
{
	expansion e;
	heuristic h;
	goal_set goals;
	nearest best = {0, -1, 0.0, {0, 0}};
	size_t s, t, found_at = SIZE_MAX;
	astar_status st;

	memset(r, 0, sizeof *r);
	if (!ctx_options_valid(opts))
		return ASTAR_EINVAL;
	if ((st = ctx_begin(ctx, grid, start, goal, opts, &s, &t)) != ASTAR_OK)
		return st;
	if (opts->explored &&
	    ctx_grow_points(&ctx->explored, &ctx->explored_cap, 64) != 0)
		return ASTAR_ENOMEM;

	expansion_init(&e, grid, opts->diagonal);
	search_targets(&h, &goals, &e, grid, opts, goal, s, t);
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	ctx->nodes[s].gen = ctx->gen;
	ctx->nodes[s].dir = 8; /* its key is pushed by loop */
	r->generated = 1;

	st = run(ctx, grid, &e, &h, &goals, opts, s, &best, &found_at, r);
	if (st != ASTAR_OK)
		return st;
	return search_result(ctx, grid, &e, s, found_at, &best, opts, r);
}
