/*
 * landmarks.c - A* with landmarks (ALT: Goldberg and Harrelson, "Computing
 * the Shortest Path: A* Search Meets Graph Theory", SODA 2005; on grids,
 * the differential heuristics of Sturtevant et al., IJCAI 2009).
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
 * serves both bounds (|d(L, g) - d(L, n)|).
 *
 * Distances are stored in 16 bits, floor(d / q), with one quantum q for
 * every table so that the bounds compare as integers: 2 bytes per cell
 * and landmark, 4 on terrain.  Every landmark lies in the component of a
 * seed cell s, so no finite distance exceeds d(., s) + d(s, .), the
 * largest of each, which sets q; 65535 marks a cell of another component
 * (of every table at once).  Rounding down loses less than q on each
 * side, so each bound is taken less one q, which keeps it below the true
 * difference: the heuristic is admissible.  It is consistent only to
 * within q, so the search reopens a closed cell that a shorter way
 * reaches (rare): with an admissible heuristic, A* that reopens returns
 * a shortest path.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "heap.h"
#include "landmarks.h"

/* Directions: N E S W, then NE SE SW NW (as search.c). */
static const int lm_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int lm_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

#define LM_NONE 65535u /* a cell the landmark does not reach */

/* ASTAR_LANDMARKS_AUTO: this many landmarks, when the seed's shortest
 * paths are on average at least this much longer than the movement's
 * heuristic says (chosen by measurement: bench/RESULTS.md). */
#define LM_AUTO_COUNT  8
#define LM_AUTO_DETOUR 1.10

/* The relative difference below which two costs are one (lm_relax): far
 * above the rounding of a sum of 10^5 steps (about 10^-11), and below the
 * relative gap between two distinct costs a + b sqrt(2), at least about
 * 1 / (3 C^2) for costs up to C, while C stays below about 50000; past
 * that a path may cost more than the least by less than this fraction. */
#define LM_TIE 1e-10

/* The landmarks one query uses at most (lm_choose): all of the automatic
 * count, whose every bound paid for itself in the measurements. */
#define LM_ACTIVE 8

typedef struct lm_table {
	uint64_t id, version; /* the grid's, when built */
	astar_diagonal policy;
	int asked;    /* astar_options.landmarks, as asked */
	int k;        /* landmarks placed: asked, or 0 when judged useless */
	int ntables;  /* tables stored: k, or 2k on terrain (from, to) */
	int directed; /* 1: table 2l is d(L, .), 2l + 1 is d(., L) */
	double q;    /* the quantum of every table */
	uint16_t *d; /* ncells x ntables, by cell */
} lm_table;

static void lm_free(void *p)
{
	lm_table *t = p;

	if (t != NULL)
		free(t->d);
	free(t);
}

int lm_applies(const astar_options *o)
{
	return o->algorithm == ASTAR_ALGO_ASTAR && o->landmarks != 0 &&
	       !o->adjacent && !o->closest &&
	       astar_heuristic_admissible(astar_effective_heuristic(o),
	                                  o->diagonal);
}

/* Offsets of the eight directions on grid g, and their count under pol. */
static int lm_offsets(const astar_grid *g, astar_diagonal pol, ptrdiff_t *off)
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

/*
 * Dijkstra from src over the whole grid into dist (INFINITY where it
 * does not reach): the costs from src, or with reverse the costs to it
 * (a step x -> y costs what entering y costs, so from y back to x it is
 * y's cost; the corner rule is the same both ways).  pos is the heap's
 * position array.  0, or -1 when the heap could not grow.
 */
static int lm_dijkstra(const astar_grid *g, astar_diagonal pol, size_t src,
                       int reverse, double *dist, uint32_t *pos, heap *h)
{
	const uint8_t *cells = g->cells;
	ptrdiff_t off[8];
	int nd = lm_offsets(g, pol, off);

	for (size_t i = 0; i < g->ncells; i++)
		dist[i] = INFINITY;
	heap_reset(h, pos);
	dist[src] = 0.0;
	if (heap_push(h, (uint32_t)src, 0.0, 0.0) != 0)
		return -1;
	while (!heap_empty(h)) {
		size_t y = heap_pop(h);
		double dy = dist[y];

		for (int d = 0; d < nd; d++) {
			size_t x = y + off[d];
			double c, v;
			if (cells[x] == 0 ||
			    (d >= 4 && !lm_corner(cells, g, pol, y, d)))
				continue;
			c = reverse ? cells[y] : cells[x];
			v = dy + (d < 4 ? c : SQRT2 * c);
			if (v >= dist[x])
				continue; /* also every cell already expanded */
			if (dist[x] == INFINITY) {
				dist[x] = v;
				if (heap_push(h, (uint32_t)x, v, v) != 0)
					return -1;
			} else {
				dist[x] = v;
				heap_decrease(h, (uint32_t)x, v, v);
			}
		}
	}
	return 0;
}

/* The largest finite entry of dist. */
static double lm_max(const astar_grid *g, const double *dist)
{
	double max = 0.0;

	for (size_t i = 0; i < g->ncells; i++)
		if (dist[i] != INFINITY && dist[i] > max)
			max = dist[i];
	return max;
}

/* Stores dist as table tab of t, in 16-bit fixed point (see the top). */
static void lm_store(lm_table *t, const astar_grid *g, int tab,
                     const double *dist)
{
	double inv = 1.0 / t->q;

	for (size_t i = 0; i < g->ncells; i++) {
		uint16_t v = LM_NONE;
		if (dist[i] != INFINITY) {
			/* shaved, so that a sum rounded up never rounds the
			 * stored value above the true distance */
			double u = floor(dist[i] * (1.0 - 1e-12) * inv);
			v = (uint16_t)(u < 0.0 ? 0.0 : u > 65534.0 ? 65534.0 : u);
		}
		t->d[i * (size_t)t->ntables + (size_t)tab] = v;
	}
}

/* Copies table from into table to (a landmark that found no cell of its
 * own repeats one, which changes no bound). */
static void lm_copy(lm_table *t, const astar_grid *g, int to, int from)
{
	for (size_t i = 0; i < g->ncells; i++)
		t->d[i * (size_t)t->ntables + (size_t)to] =
			t->d[i * (size_t)t->ntables + (size_t)from];
}

/* The open cell to start the selection from: the first at or after the
 * middle of the grid, else the first; SIZE_MAX when none is open. */
static size_t lm_seed(const astar_grid *g)
{
	size_t mid = g->ncells / 2;

	for (size_t i = mid; i < g->ncells; i++)
		if (g->cells[i] != 0)
			return i;
	for (size_t i = 0; i < mid; i++)
		if (g->cells[i] != 0)
			return i;
	return SIZE_MAX;
}

/* The cell of largest finite near[], SIZE_MAX when every one is 0 (each
 * reached cell a landmark) or infinite. */
static size_t lm_farthest(const astar_grid *g, const double *near)
{
	size_t best = SIZE_MAX;
	double bd = 0.0;

	for (size_t i = 0; i < g->ncells; i++)
		if (near[i] != INFINITY && near[i] > bd) {
			bd = near[i];
			best = i;
		}
	return best;
}

/* The quantum from the seed's distances, both ways (near: from it). */
static int lm_quantum(lm_table *t, const astar_grid *g, size_t seed,
                      double *near, double *dist, uint32_t *pos, heap *h)
{
	double span;

	if (lm_dijkstra(g, t->policy, seed, 0, near, pos, h) != 0)
		return -1;
	span = lm_max(g, near);
	if (t->directed) {
		if (lm_dijkstra(g, t->policy, seed, 1, dist, pos, h) != 0)
			return -1;
		span += lm_max(g, dist);
	} else {
		span *= 2.0;
	}
	t->q = span > 0.0 ? span / 65534.0 * (1.0 + 1e-9) : 1.0;
	return 0;
}

/*
 * How far the shortest paths from the seed exceed the movement's own
 * heuristic, on average over the cells reached (near: the costs from the
 * seed): 1 on open ground, where no heuristic can do better, more where
 * walls or terrain force detours, which landmarks see and it does not.
 */
static double lm_detour(const astar_grid *g, const astar_options *o,
                        size_t seed, const double *near)
{
	astar_point s = ctx_point_of(g, seed);
	astar_heuristic kind = astar_effective_heuristic(o);
	double sum = 0.0;
	size_t n = 0;

	if (kind == ASTAR_H_ZERO)
		return INFINITY; /* any bound is better than none */
	for (size_t i = 0; i < g->ncells; i++) {
		astar_point p;
		double h;
		if (near[i] == INFINITY || i == seed)
			continue;
		p = ctx_point_of(g, i);
		h = ctx_heuristic(kind, p.x - s.x, p.y - s.y) * g->min_cost;
		sum += near[i] / h;
		n++;
	}
	return n > 0 ? sum / (double)n : 1.0;
}

/* Fills t's tables for g: the landmarks chosen one by one, each the cell
 * farthest from those before (the first, the farthest from the seed).
 * With ASTAR_LANDMARKS_AUTO, none when the seed's paths show too little
 * detour (LM_AUTO_DETOUR) for them to pay.  0 or -1. */
static int lm_fill(lm_table *t, const astar_grid *g, const astar_options *o,
                   double *dist, double *near, uint32_t *pos, heap *h)
{
	size_t cell = lm_seed(g);

	t->q = 1.0;
	if (cell == SIZE_MAX) { /* no open cell: no bound at all */
		t->k = t->ntables = 0;
		return 0;
	}
	if (lm_quantum(t, g, cell, near, dist, pos, h) != 0)
		return -1;
	if (t->asked == ASTAR_LANDMARKS_AUTO &&
	    lm_detour(g, o, cell, near) < LM_AUTO_DETOUR) {
		t->k = t->ntables = 0;
		return 0;
	}
	t->d = malloc(g->ncells * (size_t)t->ntables * sizeof *t->d);
	if (t->d == NULL)
		return -1;
	if (lm_farthest(g, near) != SIZE_MAX)
		cell = lm_farthest(g, near);
	for (int l = 0; l < t->k; l++) {
		int tab = t->directed ? 2 * l : l, step = t->directed ? 2 : 1;

		if (cell == SIZE_MAX) { /* every reached cell is a landmark */
			lm_copy(t, g, tab, tab - step);
			if (t->directed)
				lm_copy(t, g, tab + 1, tab + 1 - step);
			continue;
		}
		if (lm_dijkstra(g, t->policy, cell, 0, dist, pos, h) != 0)
			return -1;
		lm_store(t, g, tab, dist);
		for (size_t i = 0; i < g->ncells; i++)
			if (l == 0 || dist[i] < near[i])
				near[i] = dist[i];
		if (t->directed) {
			if (lm_dijkstra(g, t->policy, cell, 1, dist, pos, h) != 0)
				return -1;
			lm_store(t, g, tab + 1, dist);
		}
		cell = lm_farthest(g, near);
	}
	return 0;
}

astar_status lm_prepare(astar_ctx *ctx, const astar_grid *g,
                        const astar_options *o)
{
	lm_table *t = ctx->lm, *n;
	double *dist, *near;
	uint32_t *pos;
	heap h;
	int fail;

	if (t != NULL && t->id == g->id && t->version == g->version &&
	    t->policy == o->diagonal && t->asked == o->landmarks)
		return ASTAR_OK;
	if ((n = calloc(1, sizeof *n)) == NULL)
		return ASTAR_ENOMEM;
	n->id = g->id;
	n->version = g->version;
	n->policy = o->diagonal;
	n->asked = o->landmarks;
	n->k = o->landmarks == ASTAR_LANDMARKS_AUTO ? LM_AUTO_COUNT
	                                            : o->landmarks;
	n->directed = g->min_cost != g->max_cost;
	n->ntables = n->directed ? 2 * n->k : n->k;
	dist = malloc(g->ncells * sizeof *dist);
	near = malloc(g->ncells * sizeof *near);
	pos = malloc(g->ncells * sizeof *pos);
	heap_init(&h);
	fail = dist == NULL || near == NULL || pos == NULL ||
	       lm_fill(n, g, o, dist, near, pos, &h) != 0;
	heap_free(&h);
	free(dist);
	free(near);
	free(pos);
	if (fail) {
		lm_free(n);
		return ASTAR_ENOMEM;
	}
	lm_free(t);
	ctx->lm = n;
	ctx->lm_free = lm_free;
	return ASTAR_OK;
}

/* ------------------------------------------------------------ search */

/* One query's view of the tables. */
typedef struct lm_query {
	const uint16_t *d;
	int k, ntables;
	int use;                                 /* the goal is reached */
	int nact, act[ASTAR_LANDMARKS_MAX];      /* the landmarks used */
	uint16_t gv[2 * ASTAR_LANDMARKS_MAX];    /* the goal's entries */
	double q;
	astar_heuristic kind;
	int32_t tx, ty;
	double scale;  /* the grid's least cost (the movement heuristic's) */
	double weight;
} lm_query;

/* Landmark l's bound (in quanta) between cell i and the goal. */
static int32_t lm_bound(const lm_query *q, const lm_table *t, size_t i, int l)
{
	const uint16_t *dn = t->d + i * (size_t)t->ntables;
	int32_t a, b;

	if (t->directed) {
		a = (int32_t)q->gv[2 * l] - dn[2 * l];
		b = (int32_t)dn[2 * l + 1] - q->gv[2 * l + 1];
	} else {
		a = (int32_t)q->gv[l] - dn[l];
		b = -a;
	}
	return a > b ? a : b;
}

/*
 * Chooses the landmarks a query uses: the LM_ACTIVE whose bounds are the
 * largest at the start (the best placed for this start and goal, as in
 * Goldberg and Harrelson's active landmarks).  The others seldom give
 * the largest bound, and each costs work at every cell generated.
 */
static void lm_choose(lm_query *q, const lm_table *t, size_t start)
{
	int32_t b[ASTAR_LANDMARKS_MAX];

	q->nact = 0;
	for (int l = 0; l < t->k; l++) {
		int32_t v = lm_bound(q, t, start, l);
		int at = q->nact < LM_ACTIVE ? q->nact++ : LM_ACTIVE;
		/* insertion into the sorted list, dropping the smallest */
		while (at > 0 && b[at - 1] < v) {
			if (at < LM_ACTIVE) {
				b[at] = b[at - 1];
				q->act[at] = q->act[at - 1];
			}
			at--;
		}
		if (at < LM_ACTIVE) {
			b[at] = v;
			q->act[at] = l;
		}
	}
}

static void lm_query_init(lm_query *q, const lm_table *t, const astar_grid *g,
                          const astar_options *o, size_t start, size_t goal,
                          astar_point gp)
{
	q->d = t->d;
	q->k = t->k;
	q->ntables = t->ntables;
	memcpy(q->gv, t->d + goal * (size_t)t->ntables,
	       (size_t)t->ntables * sizeof *q->gv);
	q->use = q->gv[0] != LM_NONE &&
	         t->d[start * (size_t)t->ntables] != LM_NONE;
	if (q->use)
		lm_choose(q, t, start);
	q->q = t->q;
	q->kind = astar_effective_heuristic(o);
	q->tx = gp.x;
	q->ty = gp.y;
	q->scale = g->min_cost;
	q->weight = o->weight;
}

/*
 * The weighted heuristic of cell i at (x, y): the largest landmark bound,
 * in whole quanta, less one (see the top), or the movement's own.  A cell
 * of another component than the landmarks' has no bound (65535 in every
 * table, so its first entry tells).
 */
ALWAYS_INLINE double lm_h(const lm_query *q, size_t i, int32_t x, int32_t y,
                          const int directed)
{
	const uint16_t *dn = q->d + i * (size_t)q->ntables;
	double h = ctx_heuristic(q->kind, x - q->tx, y - q->ty) * q->scale;
	int32_t best = 0;

	if (q->use && dn[0] != LM_NONE) {
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
		if (best > 1 && (best - 1) * q->q > h)
			h = (best - 1) * q->q;
	}
	return h * q->weight;
}

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
                           double gj, const int directed)
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
	f = gj + lm_h(&s->q, j, x, y, directed);
	if (open) {
		heap_decrease(&ctx->open, (uint32_t)j, f, gj);
		return 0;
	}
	return heap_push(&ctx->open, (uint32_t)j, f, gj);
}

/* Expands cells until the goal t comes off the open list (*found = 1) or
 * none is left; inlined once per policy and table layout.  0, or -1 out
 * of memory. */
ALWAYS_INLINE int lm_loop(lm_run *s, size_t t, const astar_options *o,
                          astar_result *r, int *found,
                          const astar_diagonal pol, const int directed)
{
	astar_ctx *ctx = s->ctx;
	const uint8_t *cells = s->g->cells;
	const int ndirs = pol == ASTAR_DIAG_NEVER ? 4 : 8;
	uint64_t expanded = 0;

	while (!heap_empty(&ctx->open)) {
		size_t i = heap_pop(&ctx->open);
		double gi = ctx->nodes[i].g;
		astar_point p = ctx_point_fast(s->g, s->inv, i);

		ctx->pos[i] = CLOSED;
		if (o->explored) {
			if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
			                    expanded + 1) != 0)
				return -1;
			ctx->explored[expanded] = p;
		}
		expanded++;
		if (i == t) {
			*found = 1;
			break;
		}
		/* The neighbours' table entries and records, asked for at
		 * once: each is a cache miss on a large map, and the loop
		 * below would otherwise wait for them one by one. */
		for (int d = 0; d < ndirs; d++) {
			PREFETCH(s->q.d + (i + s->off[d]) * (size_t)s->q.ntables);
			PREFETCH(&ctx->nodes[i + s->off[d]]);
		}
		for (int d = 0; d < ndirs; d++) {
			size_t j = i + s->off[d];
			double c = cells[j];
			if (c == 0 ||
			    (d >= 4 && pol != ASTAR_DIAG_ALWAYS &&
			     !lm_corner(cells, s->g, pol, i, d)))
				continue;
			if (lm_relax(s, j, p.x + lm_dx[d], p.y + lm_dy[d], d,
			             gi + (d < 4 ? c : SQRT2 * c),
			             directed) != 0)
				return -1;
		}
	}
	r->expanded = expanded;
	r->generated = s->generated;
	if (o->explored) {
		r->explored = ctx->explored;
		r->explored_len = (size_t)expanded;
	}
	return 0;
}

#define LM_LOOP(P)                                                       \
	(directed ? lm_loop(s, t, o, r, found, P, 1)                     \
	          : lm_loop(s, t, o, r, found, P, 0))

static int lm_run_loop(lm_run *s, size_t t, const astar_options *o,
                       astar_result *r, int *found, int directed)
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

/* The path from start s to end t into ctx->path, its cost from whole-step
 * sums (as search.c's, so that equal costs are equal doubles). */
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
	    (*st = lm_prepare(ctx, g, o)) != ASTAR_OK)
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
	ctx->nodes[si].g = 0.0;
	ctx->nodes[si].dir = 8;
	if (heap_push(&ctx->open, (uint32_t)si,
	              lm_h(&s.q, si, start.x, start.y,
	                   ((const lm_table *)ctx->lm)->directed),
	              0.0) != 0 ||
	    lm_run_loop(&s, ti, o, r, &found,
	                ((const lm_table *)ctx->lm)->directed) != 0)
		return ASTAR_ENOMEM;
	return found ? lm_path(&s, si, ti, r) : ASTAR_OK;
}
