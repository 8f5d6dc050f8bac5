/*
 * landmarks_tables.c - the tables of A* with landmarks (landmarks.c;
 * their layout: landmarks_tables.h): the landmarks chosen one by one,
 * each the cell farthest from those before, one Dijkstra search of the
 * grid for each (two on terrain, from it and to it, side by side through
 * the caller's loop), the costs stored exact or rounded, and the tables
 * shared between contexts.  The Dijkstra searches keep their open cells
 * in buckets as wide as the least step (lm_dial).
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "landmarks_tables.h"

/* ASTAR_LANDMARKS_AUTO places landmarks only when the seed's shortest
 * paths are on average at least this much longer than the movement's
 * heuristic says (chosen by measurement: bench/RESULTS.md). */
#define LM_AUTO_DETOUR 1.10

/* Lets go of table p: the last context holding it frees it. */
static void lm_free(void *p)
{
	lm_table *t = p;

	if (t == NULL || atomic_fetch_sub(&t->refs, 1) != 1)
		return;
	free(t->d);
	free(t->ab);
	free(t);
}

/*
 * The open cells of the tables' Dijkstra searches, in buckets as wide as
 * the least step (Dial's buckets, widened): a cell of the least bucket
 * can gain nothing from another of it, whose step to it would cost at
 * least the width, so each bucket's cells are final in any order, and a
 * push and a pop cost a store and a load instead of a heap's walk.  Steps
 * cost at most SQRT2 * max_cost, so the buckets in use at once span a
 * fixed count and are kept in a ring (nb).  A cell's current bucket is in
 * at[] (LM_DONE once expanded); an entry of another bucket is stale.
 */
typedef struct lm_bucket {
	uint32_t *c;
	size_t n, cap;
} lm_bucket;

typedef struct lm_dial {
	lm_bucket *b;
	size_t nb;
	double inv; /* 1 / the width */
} lm_dial;

#define LM_DONE UINT32_MAX

static int lm_dial_init(lm_dial *q, const astar_grid *g)
{
	q->nb = (size_t)(SQRT2 * g->max_cost / g->min_cost) + 2;
	q->inv = 1.0 / g->min_cost;
	q->b = calloc(q->nb, sizeof *q->b);
	return q->b == NULL ? -1 : 0;
}

static void lm_dial_free(lm_dial *q)
{
	for (size_t k = 0; q->b != NULL && k < q->nb; k++)
		free(q->b[k].c);
	free(q->b);
}

static int lm_dial_push(lm_dial *q, size_t bucket, uint32_t cell)
{
	lm_bucket *b = &q->b[bucket % q->nb];

	if (b->n == b->cap) {
		size_t cap = b->cap < 256 ? 256 : 2 * b->cap;
		uint32_t *c = realloc(b->c, cap * sizeof *c);
		if (c == NULL)
			return -1;
		b->c = c;
		b->cap = cap;
	}
	b->c[b->n++] = cell;
	return 0;
}

/*
 * Dijkstra from src over the whole grid into dist (INFINITY where it
 * does not reach): the costs from src, or with reverse the costs to it
 * (a step x -> y costs what entering y costs, so from y back to x it is
 * y's cost; the corner rule is the same both ways).  A cell whose cost a
 * rounding lowers after its expansion is expanded again, so the result
 * never rests on the order within a bucket.  With cnt, each reached
 * cell's sums too (the costs of the straight steps in the low half, of
 * the diagonal ones in the high; the counts where all cost the same): a
 * cost has one pair, so any of its paths gives it.  0, or -1 out of
 * memory.
 */
static int lm_dijkstra(const astar_grid *g, astar_diagonal pol, size_t src,
                       int reverse, double *dist, uint64_t *cnt,
                       uint32_t *at, lm_dial *q)
{
	const uint8_t *cells = g->cells;
	ptrdiff_t off[8];
	int nd = lm_offsets(g, pol, off);
	int uniform = g->min_cost == g->max_cost;
	size_t pending = 1;

	for (size_t i = 0; i < g->ncells; i++)
		dist[i] = INFINITY;
	dist[src] = 0.0;
	if (cnt != NULL)
		cnt[src] = 0;
	at[src] = 0;
	if (lm_dial_push(q, 0, (uint32_t)src) != 0)
		return -1;
	for (size_t cur = 0; pending > 0; cur++) {
		lm_bucket *b = &q->b[cur % q->nb];
		for (size_t e = 0; e < b->n; e++, pending--) {
			size_t y = b->c[e];
			double dy = dist[y];
			if (at[y] != (uint32_t)cur)
				continue; /* moved to a lower bucket, or done */
			at[y] = LM_DONE;
			for (int d = 0; d < nd; d++) {
				size_t x = y + off[d], k;
				double c, v;
				if (cells[x] == 0 ||
				    (d >= 4 && !lm_corner(cells, g, pol, y, d)))
					continue;
				c = reverse ? cells[y] : cells[x];
				v = dy + (d < 4 ? c : SQRT2 * c);
				if (v >= dist[x])
					continue;
				dist[x] = v;
				if (cnt != NULL)
					cnt[x] = cnt[y] + ((uniform ? UINT64_C(1)
					                            : (uint64_t)c)
					                   << (d < 4 ? 0 : 32));
				k = (size_t)(v * q->inv);
				k = k > cur ? k : cur + 1; /* a rounding below */
				at[x] = (uint32_t)k;
				if (lm_dial_push(q, k, (uint32_t)x) != 0)
					return -1;
				pending++;
			}
		}
		b->n = 0;
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
	/* shaved, so that a sum rounded up never rounds the stored value
	 * above the true distance */
	double inv = (1.0 - 1e-12) / t->q;
	uint16_t *d = t->d + tab;

	for (size_t i = 0; i < g->ncells; i++) {
		double u = dist[i] * inv;
		/* distances are >= 0, so the conversion, which drops the
		 * fraction, rounds down (no call to floor) */
		d[i * (size_t)t->ntables] =
			dist[i] == INFINITY ? (uint16_t)LM_NONE
			: u < 65534.0       ? (uint16_t)(uint32_t)u
			                    : (uint16_t)65534;
	}
}

/* Stores the sums cnt (dist: where they are reached) as exact table tab;
 * lm_fill made sure they fit. */
static void lm_store_exact(lm_table *t, const astar_grid *g, int tab,
                           const double *dist, const uint64_t *cnt)
{
	for (size_t i = 0; i < g->ncells; i++) {
		uint16_t *e = t->ab + i * (size_t)(2 * t->ntables);
		int none = dist[i] == INFINITY;

		e[tab] = none ? (uint16_t)LM_NONE : (uint16_t)cnt[i];
		e[t->ntables + tab] =
			none ? (uint16_t)LM_NONE : (uint16_t)(cnt[i] >> 32);
	}
}

/* Copies table from into table to (a landmark that found no cell of its
 * own repeats one, which changes no bound), in the layout t keeps. */
static void lm_copy(lm_table *t, const astar_grid *g, int to, int from)
{
	for (size_t i = 0; i < g->ncells; i++) {
		if (t->ab != NULL) {
			uint16_t *e = t->ab + i * (size_t)(2 * t->ntables);
			e[to] = e[from];
			e[t->ntables + to] = e[t->ntables + from];
		} else {
			t->d[i * (size_t)t->ntables + (size_t)to] =
				t->d[i * (size_t)t->ntables + (size_t)from];
		}
	}
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

/*
 * The scratch of the preparation's searches, and the pairs of searches it
 * runs side by side through the caller's loop (astar_prepare_on): on
 * terrain, the costs from a cell and to it are two independent Dijkstra
 * searches, each into its own array with its own marks and buckets (two
 * lanes; one when there is no loop or the costs are uniform).  Each
 * search's result does not depend on the other, so the tables are the
 * same bit for bit whatever runs them.
 */
typedef struct lm_lane {
	uint32_t *pos;
	lm_dial dial;
} lm_lane;

typedef struct lm_build {
	const astar_grid *g;
	astar_diagonal pol;
	astar_parallel *each; /* NULL: one after the other */
	void *self;
	int nlanes;
	lm_lane lane[2];
	double *near, *dist, *back; /* back: the second lane's output
	                               (NULL with one lane) */
	uint64_t *cnt[2]; /* the sums from and to the source, for exact
	                     tables (the second on terrain alone) */
	double span;      /* no finite cost exceeds it (lm_quantum) */
	/* the pair in flight */
	size_t src;
	double *out[2];
	int fail[2];
} lm_build;

static void lm_pair_job(void *arg, size_t i)
{
	lm_build *b = arg;
	lm_lane *l = &b->lane[b->nlanes > 1 ? i : 0];

	b->fail[i] = lm_dijkstra(b->g, b->pol, b->src, (int)i, b->out[i],
	                         b->cnt[i], l->pos, &l->dial) != 0;
}

/* The costs from src into from and, when to is not NULL, to src into to
 * (side by side through the caller's loop: two lanes).  0 or -1. */
static int lm_pair(lm_build *b, size_t src, double *from, double *to)
{
	size_t n = to != NULL ? 2 : 1;

	b->src = src;
	b->out[0] = from;
	b->out[1] = to;
	b->fail[0] = b->fail[1] = 0;
	if (n == 2)
		b->each(b->self, n, lm_pair_job, b);
	else
		lm_pair_job(b, 0);
	return b->fail[0] || b->fail[1] ? -1 : 0;
}

/* The costs to src alone, into to, on the one lane. */
static int lm_back(lm_build *b, size_t src, double *to)
{
	b->src = src;
	b->out[1] = to;
	b->fail[1] = 0;
	lm_pair_job(b, 1);
	return b->fail[1] ? -1 : 0;
}

/* The quantum from the seed's distances, both ways (near: from it). */
static int lm_quantum(lm_table *t, lm_build *b, size_t seed)
{
	double *to = b->nlanes > 1 ? b->back : b->dist;
	double span;

	if (lm_pair(b, seed, b->near, b->nlanes > 1 ? to : NULL) != 0 ||
	    (t->directed && b->nlanes == 1 && lm_back(b, seed, to) != 0))
		return -1;
	span = lm_max(b->g, b->near);
	span += t->directed ? lm_max(b->g, to) : span;
	b->span = span;
	t->q = span > 0.0 ? span / 65534.0 * (1.0 + 1e-9) : 1.0;
	return 0;
}

/* Landmark l at cell: its tables from tab, and near lowered to its
 * distances.  With one lane, the costs to it reuse the array of the
 * costs from it once those are stored.  0 or -1. */
static int lm_landmark(lm_table *t, lm_build *b, size_t cell, int l, int tab)
{
	const astar_grid *g = b->g;

	if (lm_pair(b, cell, b->dist, b->nlanes > 1 ? b->back : NULL) != 0)
		return -1;
	if (t->ab != NULL)
		lm_store_exact(t, g, tab, b->dist, b->cnt[0]);
	else
		lm_store(t, g, tab, b->dist);
	for (size_t i = 0; i < g->ncells; i++)
		if (l == 0 || b->dist[i] < b->near[i])
			b->near[i] = b->dist[i];
	if (!t->directed)
		return 0;
	if (b->nlanes == 1 && lm_back(b, cell, b->dist) != 0)
		return -1;
	if (t->ab != NULL)
		lm_store_exact(t, g, tab + 1, b->nlanes > 1 ? b->back : b->dist,
		               b->cnt[1]);
	else
		lm_store(t, g, tab + 1, b->nlanes > 1 ? b->back : b->dist);
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

/* The shift of the whole-number instance's units on g (ctx_exact_units),
 * lowered until twice ctx_exact_counts diagonal steps of the largest cost
 * fit in 64 bits (see the whole-number instance); its units in *one and
 * *sqrt2. */
int lm_units(const astar_grid *g, int directed, uint64_t *one,
             uint64_t *sqrt2)
{
	int k = ctx_exact_units(g, one, sqrt2);
	uint64_t twice = 2 * ctx_exact_counts(g) * (directed ? g->max_cost : 1);

	while (k > 1 && ctx_mul_high(twice, *sqrt2) != 0) {
		k--;
		*one >>= 1;
		*sqrt2 = (*sqrt2 + 1) >> 1;
	}
	return k;
}

/* Whether exact tables (landmarks_tables.h) can hold g's costs: sums
 * that fit in 16 bits (no cost exceeds span, lm_quantum; where every cell
 * costs the same, the sums count steps), and units fine enough.  They
 * are kept for LM_AUTO_COUNT landmarks. */
static int lm_sums_fit(const astar_grid *g, int directed, double span)
{
	uint64_t one, sqrt2;

	return span / (directed ? 1 : g->min_cost) <= (double)LM_EXACT_MAX &&
	       lm_units(g, directed, &one, &sqrt2) >= LM_EXACT_SHIFT;
}

/* Fills t's tables for g: the landmarks chosen one by one, each the cell
 * farthest from those before (the first, the farthest from the seed).
 * With ASTAR_LANDMARKS_AUTO, none when the seed's paths show too little
 * detour (LM_AUTO_DETOUR) for them to pay.  0 or -1. */
static int lm_fill(lm_table *t, const astar_options *o, lm_build *b)
{
	const astar_grid *g = b->g;
	size_t cell = lm_seed(g);
	int fit;

	t->q = 1.0;
	if (cell == SIZE_MAX) { /* no open cell: no bound at all */
		t->k = t->ntables = 0;
		return 0;
	}
	if (lm_quantum(t, b, cell) != 0)
		return -1;
	if (t->asked == ASTAR_LANDMARKS_AUTO &&
	    lm_detour(g, o, cell, b->near) < LM_AUTO_DETOUR) {
		t->k = t->ntables = 0;
		return 0;
	}
	fit = lm_sums_fit(g, t->directed, b->span);
	if (t->asked == ASTAR_LANDMARKS_AUTO && t->directed) {
		t->k = fit ? LM_AUTO_COUNT : LM_AUTO_TERRAIN;
		t->ntables = 2 * t->k;
	}
	if (fit && t->k == LM_AUTO_COUNT) {
		t->ab = malloc(g->ncells * (size_t)(2 * t->ntables) *
		               sizeof *t->ab);
		for (int i = 0; i < 1 + t->directed; i++)
			if ((b->cnt[i] = malloc(g->ncells * sizeof *b->cnt[i])) ==
			    NULL)
				return -1;
		if (t->ab == NULL)
			return -1;
	} else {
		t->d = malloc(g->ncells * (size_t)t->ntables * sizeof *t->d);
		if (t->d == NULL)
			return -1;
	}
	if (lm_farthest(g, b->near) != SIZE_MAX)
		cell = lm_farthest(g, b->near);
	for (int l = 0; l < t->k; l++) {
		int tab = t->directed ? 2 * l : l, step = t->directed ? 2 : 1;

		if (cell == SIZE_MAX) { /* every reached cell is a landmark */
			lm_copy(t, g, tab, tab - step);
			if (t->directed)
				lm_copy(t, g, tab + 1, tab + 1 - step);
			continue;
		}
		if (lm_landmark(t, b, cell, l, tab) != 0)
			return -1;
		cell = lm_farthest(g, b->near);
	}
	return 0;
}

/* A new table for g and o, its fields but the distances set. */
static lm_table *lm_new(const astar_grid *g, const astar_options *o)
{
	lm_table *n = calloc(1, sizeof *n);

	if (n == NULL)
		return NULL;
	atomic_init(&n->refs, 1);
	n->id = g->id;
	n->version = g->version;
	n->policy = o->diagonal;
	n->asked = o->landmarks;
	n->directed = g->min_cost != g->max_cost;
	n->k = o->landmarks != ASTAR_LANDMARKS_AUTO ? o->landmarks
	       : n->directed                       ? LM_AUTO_TERRAIN
	                                           : LM_AUTO_COUNT;
	/* on terrain lm_fill settles the automatic count */
	n->ntables = n->directed ? 2 * n->k : n->k;
	return n;
}

/* Frees b's scratch. */
static void lm_build_free(lm_build *b)
{
	for (int i = 0; i < 2; i++) {
		lm_dial_free(&b->lane[i].dial);
		free(b->lane[i].pos);
	}
	free(b->near);
	free(b->dist);
	free(b->back);
	free(b->cnt[0]);
	free(b->cnt[1]);
}

/* b's scratch for table n of g: two lanes when each can run the two
 * directions side by side.  0 or -1 (then lm_build_free). */
static int lm_build_init(lm_build *b, const lm_table *n, const astar_grid *g,
                         astar_parallel *each, void *self)
{
	memset(b, 0, sizeof *b);
	b->g = g;
	b->pol = n->policy;
	b->each = each;
	b->self = self;
	b->nlanes = each != NULL && n->directed ? 2 : 1;
	b->near = malloc(g->ncells * sizeof *b->near);
	b->dist = malloc(g->ncells * sizeof *b->dist);
	b->back = b->nlanes > 1 ? malloc(g->ncells * sizeof *b->back) : NULL;
	if (b->near == NULL || b->dist == NULL ||
	    (b->nlanes > 1 && b->back == NULL))
		return -1;
	for (int i = 0; i < b->nlanes; i++)
		if ((b->lane[i].pos = malloc(g->ncells * sizeof(uint32_t))) ==
		            NULL ||
		    lm_dial_init(&b->lane[i].dial, g) != 0)
			return -1;
	return 0;
}

/* Nonzero when table t serves grid g and options o. */
static int lm_fits(const lm_table *t, const astar_grid *g,
                   const astar_options *o)
{
	return t != NULL && t->id == g->id && t->version == g->version &&
	       t->policy == o->diagonal && t->asked == o->landmarks;
}

astar_status lm_prepare(astar_ctx *ctx, const astar_grid *g,
                        const astar_options *o, astar_parallel *each,
                        void *self)
{
	lm_table *n;
	lm_build b;
	int fail;

	if (lm_fits(ctx->lm, g, o))
		return ASTAR_OK;
	if ((n = lm_new(g, o)) == NULL)
		return ASTAR_ENOMEM;
	fail = lm_build_init(&b, n, g, each, self) != 0 ||
	       lm_fill(n, o, &b) != 0;
	lm_build_free(&b);
	if (fail) {
		lm_free(n);
		return ASTAR_ENOMEM;
	}
	lm_free(ctx->lm);
	ctx->lm = n;
	ctx->lm_free = lm_free;
	return ASTAR_OK;
}

int lm_share(astar_ctx *ctx, const astar_ctx *from, const astar_grid *g,
             const astar_options *o)
{
	lm_table *t = from->lm;

	if (!lm_fits(t, g, o))
		return -1;
	if (t == ctx->lm)
		return 0;
	atomic_fetch_add(&t->refs, 1);
	if (ctx->lm_free != NULL)
		ctx->lm_free(ctx->lm);
	ctx->lm = t;
	ctx->lm_free = lm_free;
	return 0;
}

