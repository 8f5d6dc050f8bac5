/*
 * flood.c - one-to-many searches: several starts and goals
 * (astar_search_many), distance maps and flow fields (astar_flood),
 * connected regions (astar_regions), and the searches of wrapping worlds
 * and of agents bigger than a cell that astar_search hands over.
 *
 * One search loop serves them all: Dijkstra, or A* with the least of the
 * heuristics over the goals, from every source at once, on the context's
 * records and open list.  Neighbours are found from coordinates so that
 * a step may cross a joined border (the padding of blocked cells still
 * stops it where the borders do not join).  Each cell's cost is kept
 * exactly, as whole sums of the straight and the diagonal steps' cell
 * costs (a + b sqrt(2)), so that equal costs compare equal and a
 * distance map's cells are the very doubles a search reports.  The loop
 * is instantiated per diagonal policy and wrapping, as search.c's is.
 * The arrays beside the context's records live in a block the context
 * keeps (ctx->many), with the agent-size grid last built.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "jps.h"
#include "fifos.h"
#include "flood.h"

/* Directions: N E S W, then NE SE SW NW, as search.c's. */
static const int dir_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

int astar_flow_dx(int code)
{
	return code >= 0 && code < 8 ? dir_dx[code] : 0;
}

int astar_flow_dy(int code)
{
	return code >= 0 && code < 8 ? dir_dy[code] : 0;
}

/* ------------------------------------------------------------ buffers */

typedef struct many_bufs {
	size_t cap;            /* padded cells the arrays below hold */
	uint64_t *orth, *diag; /* a cell's exact cost (see above) */
	uint32_t *src;         /* the source its best path leaves */
	uint32_t *mark;        /* == mgen: the cell is a goal ... */
	uint32_t *goal;        /* ... the first given there */
	uint32_t mgen;
	size_t out_cap; /* width x height cells of the outputs */
	double *dist;
	uint8_t *flow;
	uint32_t *labels;
	fifos rq;       /* the flood's open list */
	astar_grid *fp; /* the agent-size grid last built, and of what */
	uint64_t fp_id, fp_version;
	int32_t fp_size;
	astar_wrap fp_wrap;
} many_bufs;

static void bufs_free(void *p)
{
	many_bufs *b = p;

	if (b == NULL)
		return;
	free(b->orth);
	free(b->diag);
	free(b->src);
	free(b->mark);
	free(b->goal);
	free(b->dist);
	free(b->flow);
	free(b->labels);
	fifos_free(&b->rq);
	astar_grid_free(b->fp);
	free(b);
}

/* The context's block, with room for grid's padded cells. */
static many_bufs *bufs_get(astar_ctx *ctx, const astar_grid *grid)
{
	many_bufs *b = ctx->many;
	size_t n = grid->ncells;

	if (b == NULL) {
		if ((b = calloc(1, sizeof *b)) == NULL)
			return NULL;
		ctx->many = b;
		ctx->many_free = bufs_free;
	}
	if (n > b->cap) {
		uint64_t *o = realloc(b->orth, n * sizeof *o);
		if (o != NULL)
			b->orth = o;
		uint64_t *d = realloc(b->diag, n * sizeof *d);
		if (d != NULL)
			b->diag = d;
		uint32_t *s = realloc(b->src, n * sizeof *s);
		if (s != NULL)
			b->src = s;
		uint32_t *m = calloc(n, sizeof *m);
		uint32_t *g = realloc(b->goal, n * sizeof *g);
		if (g != NULL)
			b->goal = g;
		if (o == NULL || d == NULL || s == NULL || m == NULL ||
		    g == NULL) {
			free(m);
			return NULL;
		}
		free(b->mark);
		b->mark = m;
		b->mgen = 0;
		b->cap = n;
	}
	return b;
}

/* Room for the outputs of a width x height grid. */
static int bufs_out(many_bufs *b, const astar_grid *grid, int labels)
{
	size_t n = (size_t)grid->width * (size_t)grid->height;

	if (n > b->out_cap) {
		double *d = realloc(b->dist, n * sizeof *d);
		if (d != NULL)
			b->dist = d;
		uint8_t *f = realloc(b->flow, n);
		if (f != NULL)
			b->flow = f;
		if (d == NULL || f == NULL)
			return -1;
		free(b->labels);
		b->labels = NULL;
		b->out_cap = n;
	}
	if (labels && b->labels == NULL &&
	    (b->labels = malloc(b->out_cap * sizeof *b->labels)) == NULL)
		return -1;
	return 0;
}

/* The grid that opts' agent searches: grid itself, or its footprint grid
 * (clearance.c), kept in the block while grid and size stay the same. */
static const astar_grid *agent_grid(astar_ctx *ctx, const astar_grid *grid,
                                    const astar_options *opts,
                                    astar_status *st)
{
	many_bufs *b;

	*st = ASTAR_OK;
	if (opts->size <= 1)
		return grid;
	if ((b = bufs_get(ctx, grid)) == NULL) {
		*st = ASTAR_ENOMEM;
		return NULL;
	}
	if (b->fp == NULL || b->fp_id != grid->id ||
	    b->fp_version != grid->version || b->fp_size != opts->size ||
	    b->fp_wrap != opts->wrap) {
		astar_grid *fp =
			astar_grid_footprint(grid, opts->size, opts->wrap, st);
		if (fp == NULL)
			return NULL;
		astar_grid_free(b->fp);
		b->fp = fp;
		b->fp_id = grid->id;
		b->fp_version = grid->version;
		b->fp_size = opts->size;
		b->fp_wrap = opts->wrap;
	}
	return b->fp;
}

astar_status flood_prepare_agent(astar_ctx *ctx, const astar_grid *grid,
                                 const astar_options *opts)
{
	astar_status st;
	astar_options o = *opts;

	if ((grid = agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	o.size = 0;
	return astar_prepare(ctx, grid, &o);
}

/* --------------------------------------------------------------- loop */

typedef struct engine {
	astar_ctx *ctx;
	many_bufs *b;
	const astar_grid *g;
	astar_algorithm algo;
	astar_heuristic hk;
	double scale;             /* weight times the least cell cost */
	const astar_point *hgoal; /* the heuristic's targets, nh of them */
	size_t nh;
	int goals;    /* stop at a marked goal (else flood everything) */
	int explored; /* record expansions */
	uint64_t expanded, generated;
	size_t found_at; /* SIZE_MAX: none */
	double found_g;
} engine;

/* The coordinate x + d on an axis of n cells, joined or not (-1 and n
 * are the padding, blocked). */
ALWAYS_INLINE int32_t along(int32_t x, int d, int32_t n, const int joined)
{
	x += d;
	if (joined)
		x = x < 0 ? x + n : x >= n ? x - n : x;
	return x;
}

/* The distance on an axis, the shorter way round when joined. */
static inline int32_t apart(int32_t a, int32_t b, int32_t n, int joined)
{
	int32_t d = a > b ? a - b : b - a;

	return joined && n - d < d ? n - d : d;
}

static double h_at(const engine *e, int32_t x, int32_t y, int wx, int wy)
{
	double best = INFINITY;

	if (e->nh == 0)
		return 0.0;
	for (size_t k = 0; k < e->nh; k++) {
		double dx = apart(x, e->hgoal[k].x, e->g->width, wx);
		double dy = apart(y, e->hgoal[k].y, e->g->height, wy);
		double lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx, v;

		switch (e->hk) {
		case ASTAR_H_MANHATTAN:
			v = dx + dy;
			break;
		case ASTAR_H_EUCLIDEAN:
			v = sqrt(dx * dx + dy * dy);
			break;
		case ASTAR_H_OCTILE:
			v = (hi - lo) + SQRT2 * lo;
			break;
		case ASTAR_H_CHEBYSHEV:
			v = hi;
			break;
		default:
			v = 0.0;
		}
		if (v < best)
			best = v;
	}
	return best * e->scale;
}

ALWAYS_INLINE int corner(astar_diagonal pol, int a, int b)
{
	return pol == ASTAR_DIAG_ONE_OBSTACLE   ? a || b
	       : pol == ASTAR_DIAG_NO_OBSTACLES ? a && b
	                                        : 1;
}

/* Offers cell j, entered from i by a step of direction d, cost c. */
ALWAYS_INLINE int offer(engine *e, size_t i, size_t j, int d, uint8_t c,
                        int32_t jx, int32_t jy, int wx, int wy)
{
	many_bufs *b = e->b;
	node *nj = &e->ctx->nodes[j];
	uint64_t o = b->orth[i] + (d < 4 ? c : 0);
	uint64_t dg = b->diag[i] + (d < 4 ? 0 : c);
	double g = e->algo == ASTAR_ALGO_BFS ? e->ctx->nodes[i].g + 1.0
	                                     : (double)o + SQRT2 * (double)dg;
	double f;

	if (nj->gen == e->ctx->gen) {
		if (e->ctx->pos[j] == CLOSED || g > nj->g)
			return 0;
		if (g == nj->g) { /* a tie: to the source given first */
			if (o == b->orth[j] && dg == b->diag[j] &&
			    b->src[i] < b->src[j]) {
				b->src[j] = b->src[i];
				nj->dir = (uint32_t)d;
			}
			return 0;
		}
		nj->g = g;
		b->orth[j] = o;
		b->diag[j] = dg;
		b->src[j] = b->src[i];
		nj->dir = (uint32_t)d;
		f = (e->algo == ASTAR_ALGO_GREEDY ? 0.0 : g) +
		    (e->nh ? h_at(e, jx, jy, wx, wy) : 0.0);
		heap_decrease(&e->ctx->open, (uint32_t)j, f, g);
		e->generated++;
		return 0;
	}
	nj->gen = e->ctx->gen;
	nj->g = g;
	nj->dir = (uint32_t)d;
	b->orth[j] = o;
	b->diag[j] = dg;
	b->src[j] = b->src[i];
	f = (e->algo == ASTAR_ALGO_GREEDY ? 0.0 : g) +
	    (e->nh ? h_at(e, jx, jy, wx, wy) : 0.0);
	e->generated++;
	return heap_push(&e->ctx->open, (uint32_t)j, f, g);
}

/* The goal test of an expanded cell: returns 1 when the search is over.
 * A* goes on past the first goal while a goal of the same cost may still
 * come, so that ties go to the goal given first. */
static int goal_reached(engine *e, size_t i)
{
	many_bufs *b = e->b;
	double g = e->ctx->nodes[i].g;

	if (e->found_at == SIZE_MAX) {
		e->found_at = i;
		e->found_g = g;
		return e->algo == ASTAR_ALGO_BFS || e->algo == ASTAR_ALGO_GREEDY;
	}
	if (g == e->found_g && b->goal[i] < b->goal[e->found_at])
		e->found_at = i;
	return 0;
}

ALWAYS_INLINE astar_status loop(engine *e, const astar_diagonal pol,
                                const int wx, const int wy)
{
	const astar_grid *g = e->g;
	const uint8_t *cells = g->cells;
	astar_ctx *ctx = e->ctx;
	const int ndirs = pol == ASTAR_DIAG_NEVER ? 4 : 8;
	const uint64_t inv = ctx_stride_inverse(g);
	const ptrdiff_t w = g->stride;

	while (!heap_empty(&ctx->open)) {
		size_t i = heap_pop(&ctx->open);
		astar_point p = ctx_point_fast(g, inv, i);

		if (e->found_at != SIZE_MAX &&
		    ctx->nodes[i].g + (e->nh ? h_at(e, p.x, p.y, wx, wy) : 0) >
		            e->found_g * (1.0 + 1e-12))
			break; /* nothing left can tie */
		ctx->pos[i] = CLOSED;
		if (e->explored) {
			if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
			                    e->expanded + 1) != 0)
				return ASTAR_ENOMEM;
			ctx->explored[e->expanded] = p;
		}
		e->expanded++;
		if (e->goals && e->b->mark[i] == e->b->mgen) {
			if (goal_reached(e, i))
				break;
			continue; /* no cheaper goal lies beyond a goal */
		}
		for (int d = 0; d < ndirs; d++) {
			int32_t jx = along(p.x, dir_dx[d], g->width, wx);
			int32_t jy = along(p.y, dir_dy[d], g->height, wy);
			/* Without joined borders the padding bounds every
			 * step, and the indices are offsets. */
			const int plain = !wx && !wy;
			size_t j = plain ? i + dir_dy[d] * w + dir_dx[d]
			                 : grid_index(g, jx, jy);
			uint8_t c = cells[j];

			if (c == 0)
				continue;
			if (d >= 4 &&
			    !corner(pol,
			            cells[plain ? i + dir_dx[d]
			                        : grid_index(g, jx, p.y)] != 0,
			            cells[plain ? i + dir_dy[d] * w
			                        : grid_index(g, p.x, jy)] != 0))
				continue;
			if (offer(e, i, j, d, c, jx, jy, wx, wy) != 0)
				return ASTAR_ENOMEM;
		}
	}
	return ASTAR_OK;
}

#define WRAPS(P)                               \
	switch (wrap) {                        \
	case ASTAR_WRAP_X:                     \
		return loop(e, P, 1, 0);       \
	case ASTAR_WRAP_Y:                     \
		return loop(e, P, 0, 1);       \
	case ASTAR_WRAP_XY:                    \
		return loop(e, P, 1, 1);       \
	default:                               \
		return loop(e, P, 0, 0);       \
	}

static astar_status run(engine *e, astar_diagonal pol, astar_wrap wrap)
{
	switch (pol) {
	case ASTAR_DIAG_NEVER:
		WRAPS(ASTAR_DIAG_NEVER);
	case ASTAR_DIAG_ALWAYS:
		WRAPS(ASTAR_DIAG_ALWAYS);
	case ASTAR_DIAG_ONE_OBSTACLE:
		WRAPS(ASTAR_DIAG_ONE_OBSTACLE);
	default:
		WRAPS(ASTAR_DIAG_NO_OBSTACLES);
	}
}

#undef WRAPS

/* Checks the points and readies the engine and the sources: the first
 * occurrence of a source counts.  blocked is the status of a blocked
 * source. */
static astar_status engine_start(engine *e, astar_ctx *ctx,
                                 const astar_grid *grid,
                                 const astar_point *src, size_t nsrc,
                                 astar_status blocked)
{
	astar_status st;

	memset(e, 0, sizeof *e);
	e->found_at = SIZE_MAX;
	for (size_t k = 0; k < nsrc; k++) {
		if (!astar_grid_contains(grid, src[k].x, src[k].y))
			return ASTAR_ERANGE;
		if (grid->cells[grid_index(grid, src[k].x, src[k].y)] == 0)
			return blocked;
	}
	if ((st = ctx_prepare(ctx, grid, 0)) != ASTAR_OK)
		return st;
	if ((e->b = bufs_get(ctx, grid)) == NULL)
		return ASTAR_ENOMEM;
	e->ctx = ctx;
	e->g = grid;
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	return ASTAR_OK;
}

/* Puts the sources on the open list (after the heuristic is set). */
static astar_status engine_sources(engine *e, const astar_point *src,
                                   size_t nsrc, astar_wrap wrap)
{
	int wx = wrap == ASTAR_WRAP_X || wrap == ASTAR_WRAP_XY;
	int wy = wrap == ASTAR_WRAP_Y || wrap == ASTAR_WRAP_XY;

	for (size_t k = 0; k < nsrc; k++) {
		size_t i = grid_index(e->g, src[k].x, src[k].y);
		node *n = &e->ctx->nodes[i];

		if (n->gen == e->ctx->gen)
			continue;
		n->gen = e->ctx->gen;
		n->g = 0.0;
		n->dir = 8;
		e->b->orth[i] = e->b->diag[i] = 0;
		e->b->src[i] = (uint32_t)k;
		e->generated++;
		if (heap_push(&e->ctx->open, (uint32_t)i,
		              h_at(e, src[k].x, src[k].y, wx, wy), 0.0) != 0)
			return ASTAR_ENOMEM;
	}
	return ASTAR_OK;
}

/* Marks the goals, the first given at each cell winning. */
static void engine_goals(engine *e, const astar_point *goal, size_t ngoal)
{
	many_bufs *b = e->b;

	if (++b->mgen == 0) {
		memset(b->mark, 0, b->cap * sizeof *b->mark);
		b->mgen = 1;
	}
	for (size_t k = ngoal; k-- > 0;) {
		size_t i = grid_index(e->g, goal[k].x, goal[k].y);
		b->mark[i] = b->mgen;
		b->goal[i] = (uint32_t)k;
	}
	e->goals = 1;
}

/* -------------------------------------------------------------- flood */

/*
 * The flood: Dijkstra from the sources already in the records (see
 * flood_sources) to every cell, on one queue per step weight (fifos.h)
 * since its keys only grow.  A cell's record is written when it is first reached and
 * whenever its cost falls; a stale entry (a cost that fell since) is
 * skipped; pos marks the cells taken (CLOSED).  Instantiated per policy
 * and wrapping.
 */
/* One neighbour of the taken cell i (at p, when wrapping), in direction
 * d, a constant once inlined: opened, or lowered when this is a cheaper
 * way.  Returns 0, or -1 when the open list could not grow. */
ALWAYS_INLINE int flood_step(many_bufs *b, node *nodes, uint32_t *pos,
                             uint32_t gen, const astar_grid *g, size_t i,
                             astar_point p, const int d,
                             const astar_diagonal pol, const int wx,
                             const int wy)
{
	const uint8_t *cells = g->cells;
	const ptrdiff_t w = g->stride;
	const int plain = !wx && !wy;
	int32_t jx = 0, jy = 0;
	size_t j;
	uint8_t c;
	uint64_t o, dg;
	double gj;
	node *nj;

	if (plain) {
		j = i + dir_dy[d] * w + dir_dx[d];
	} else {
		jx = along(p.x, dir_dx[d], g->width, wx);
		jy = along(p.y, dir_dy[d], g->height, wy);
		j = grid_index(g, jx, jy);
	}
	if ((c = cells[j]) == 0)
		return 0;
	if (d >= 4 &&
	    !corner(pol,
	            cells[plain ? i + dir_dx[d] : grid_index(g, jx, p.y)] != 0,
	            cells[plain ? i + dir_dy[d] * w : grid_index(g, p.x, jy)] !=
	                    0))
		return 0;
	o = b->orth[i] + (d < 4 ? c : 0);
	dg = b->diag[i] + (d < 4 ? 0 : c);
	gj = (double)o + SQRT2 * (double)dg;
	nj = &nodes[j];
	if (nj->gen == gen) {
		if (pos[j] == CLOSED || gj > nj->g)
			return 0;
		if (gj == nj->g) { /* a tie: to the source given first */
			if (o == b->orth[j] && dg == b->diag[j] &&
			    b->src[i] < b->src[j]) {
				b->src[j] = b->src[i];
				nj->dir = (uint32_t)d;
			}
			return 0;
		}
	} else {
		nj->gen = gen;
		pos[j] = 0;
	}
	nj->g = gj;
	nj->dir = (uint32_t)d;
	b->orth[j] = o;
	b->diag[j] = dg;
	b->src[j] = b->src[i];
	return fifos_push(&b->rq, 2 * c + (d >= 4), (uint32_t)j);
}

/*
 * The flood: Dijkstra from the sources already in the records (see
 * flood_sources) to every cell, on one queue per step weight (fifos.h)
 * since its keys only grow.  A cell's record is written when it is first reached and
 * whenever its cost falls; a stale entry (a cost that fell since) is
 * skipped; pos marks the cells taken (CLOSED).  Instantiated per policy
 * and wrapping, the directions unrolled.
 */
ALWAYS_INLINE astar_status flood_loop(engine *e, const astar_diagonal pol,
                                      const int wx, const int wy)
{
	const astar_grid *g = e->g;
	many_bufs *b = e->b;
	node *nodes = e->ctx->nodes;
	uint32_t *pos = e->ctx->pos;
	const uint32_t gen = e->ctx->gen;
	const uint64_t inv = ctx_stride_inverse(g);
	uint32_t cell;

	_Static_assert(offsetof(node, g) == 0, "fifos_pop reads g first");
	while (fifos_pop(&b->rq, nodes, sizeof *nodes, &cell) == 0) {
		size_t i = cell;
		astar_point p = {0, 0};

		if (pos[i] == CLOSED)
			continue; /* taken through another of its entries */
		pos[i] = CLOSED;
		e->expanded++;
		if (wx || wy)
			p = ctx_point_fast(g, inv, i);
#define STEP(D)                                                            \
	if (flood_step(b, nodes, pos, gen, g, i, p, D, pol, wx, wy) != 0) \
	return ASTAR_ENOMEM
		STEP(0);
		STEP(1);
		STEP(2);
		STEP(3);
		if (pol != ASTAR_DIAG_NEVER) {
			STEP(4);
			STEP(5);
			STEP(6);
			STEP(7);
		}
#undef STEP
	}
	return ASTAR_OK;
}

#define FLOOD_WRAPS(P)                               \
	switch (wrap) {                              \
	case ASTAR_WRAP_X:                           \
		return flood_loop(e, P, 1, 0);       \
	case ASTAR_WRAP_Y:                           \
		return flood_loop(e, P, 0, 1);       \
	case ASTAR_WRAP_XY:                          \
		return flood_loop(e, P, 1, 1);       \
	default:                                     \
		return flood_loop(e, P, 0, 0);       \
	}

static astar_status flood_run(engine *e, astar_diagonal pol, astar_wrap wrap)
{
	switch (pol) {
	case ASTAR_DIAG_NEVER:
		FLOOD_WRAPS(ASTAR_DIAG_NEVER);
	case ASTAR_DIAG_ALWAYS:
		FLOOD_WRAPS(ASTAR_DIAG_ALWAYS);
	case ASTAR_DIAG_ONE_OBSTACLE:
		FLOOD_WRAPS(ASTAR_DIAG_ONE_OBSTACLE);
	default:
		FLOOD_WRAPS(ASTAR_DIAG_NO_OBSTACLES);
	}
}

#undef FLOOD_WRAPS

/* Puts the sources in the records and on the flood's open list, the
 * first occurrence of a cell counting. */
static astar_status flood_sources(engine *e, const astar_point *src,
                                  size_t nsrc)
{
	fifos_reset(&e->b->rq);
	for (size_t k = 0; k < nsrc; k++) {
		size_t i = grid_index(e->g, src[k].x, src[k].y);
		node *n = &e->ctx->nodes[i];

		if (n->gen == e->ctx->gen)
			continue;
		n->gen = e->ctx->gen;
		n->g = 0.0;
		n->dir = 8;
		e->ctx->pos[i] = 0;
		e->b->orth[i] = e->b->diag[i] = 0;
		e->b->src[i] = (uint32_t)k;
		if (fifos_push(&e->b->rq, 0, (uint32_t)i) != 0)
			return ASTAR_ENOMEM;
	}
	return ASTAR_OK;
}

/* ------------------------------------------------------- many to many */

/* The path from its source to cell end into ctx->path. */
static astar_status build_path(engine *e, size_t end, astar_result *r)
{
	astar_ctx *ctx = e->ctx;
	const astar_grid *g = e->g;
	size_t len = 1, i = end;

	/* Back along the steps, each undone from the coordinates (which
	 * may cross a joined border). */
	for (astar_point p = ctx_point_of(g, i); ctx->nodes[i].dir != 8;) {
		int d = (int)ctx->nodes[i].dir;
		p.x = along(p.x, -dir_dx[d], g->width, 1);
		p.y = along(p.y, -dir_dy[d], g->height, 1);
		i = grid_index(g, p.x, p.y);
		len++;
	}
	if (ctx_grow_points(&ctx->path, &ctx->path_cap, len) != 0)
		return ASTAR_ENOMEM;
	i = end;
	for (size_t k = len; k-- > 0;) {
		astar_point p = ctx_point_of(g, i);
		ctx->path[k] = p;
		if (k > 0) {
			int d = (int)ctx->nodes[i].dir;
			p.x = along(p.x, -dir_dx[d], g->width, 1);
			p.y = along(p.y, -dir_dy[d], g->height, 1);
			i = grid_index(g, p.x, p.y);
		}
	}
	r->path = ctx->path;
	r->path_len = len;
	r->cost = (double)e->b->orth[end] + SQRT2 * (double)e->b->diag[end];
	r->end = ctx->path[len - 1];
	r->found = r->reached_goal = 1;
	r->start_index = e->b->src[end];
	r->goal_index = e->b->goal[end];
	return ASTAR_OK;
}

/* The general case: one search from every start at once. */
static astar_status many(astar_ctx *ctx, const astar_grid *grid,
                         const astar_point *starts, size_t nstarts,
                         const astar_point *goals, size_t ngoals,
                         const astar_options *opts, astar_result *r)
{
	engine e;
	astar_status st;

	if (opts->adjacent || opts->closest)
		return ASTAR_EUNSUPPORTED;
	for (size_t k = 0; k < ngoals; k++) {
		if (!astar_grid_contains(grid, goals[k].x, goals[k].y))
			return ASTAR_ERANGE;
	}
	if ((st = engine_start(&e, ctx, grid, starts, nstarts,
	                       ASTAR_ESTART_BLOCKED)) != ASTAR_OK)
		return st;
	for (size_t k = 0; k < ngoals; k++)
		if (grid->cells[grid_index(grid, goals[k].x, goals[k].y)] == 0)
			return ASTAR_EGOAL_BLOCKED;
	e.algo = opts->algorithm;
	e.hk = astar_effective_heuristic(opts);
	e.scale = opts->weight * grid->min_cost;
	e.explored = opts->explored;
	if (e.hk != ASTAR_H_ZERO &&
	    (ngoals <= ASTAR_MANY_GOALS_H || e.algo == ASTAR_ALGO_GREEDY)) {
		e.hgoal = goals;
		e.nh = ngoals;
	}
	engine_goals(&e, goals, ngoals);
	if ((st = engine_sources(&e, starts, nstarts, opts->wrap)) != ASTAR_OK)
		return st;
	if ((st = run(&e, opts->diagonal, opts->wrap)) != ASTAR_OK)
		return st;
	r->expanded = e.expanded;
	r->generated = e.generated;
	if (opts->explored) {
		r->explored = ctx->explored;
		r->explored_len = (size_t)e.expanded;
	}
	if (e.found_at == SIZE_MAX)
		return ASTAR_OK;
	return build_path(&e, e.found_at, r);
}

/* JPS: one search per pair, the cheapest kept (ties to the earlier goal,
 * then start), and searched again so that its path is the context's. */
static astar_status jps_pairs(astar_ctx *ctx, const astar_grid *grid,
                              const astar_point *starts, size_t nstarts,
                              const astar_point *goals, size_t ngoals,
                              const astar_options *opts, astar_result *r)
{
	size_t bs = 0, bg = 0;
	double best = INFINITY;
	uint64_t expanded = 0, generated = 0;
	astar_status st;

	if (opts->adjacent || opts->closest)
		return ASTAR_EUNSUPPORTED;
	for (size_t g = 0; g < ngoals; g++)
		for (size_t s = 0; s < nstarts; s++) {
			st = jps_search(ctx, grid, starts[s], goals[g], opts, r);
			if (st != ASTAR_OK)
				return st;
			expanded += r->expanded;
			generated += r->generated;
			if (r->found &&
			    (isinf(best) ||
			     r->cost < best - 1e-9 * (best > 1 ? best : 1))) {
				best = r->cost;
				bs = s;
				bg = g;
			}
		}
	if ((st = jps_search(ctx, grid, starts[bs], goals[bg], opts, r)) !=
	    ASTAR_OK)
		return st;
	r->expanded = expanded;
	r->generated = generated;
	r->start_index = bs;
	r->goal_index = bg;
	return ASTAR_OK;
}

astar_status astar_search_many(astar_ctx *ctx, const astar_grid *grid,
                               const astar_point *starts, size_t nstarts,
                               const astar_point *goals, size_t ngoals,
                               const astar_options *opts, astar_result *r)
{
	astar_status st = ASTAR_OK;
	astar_options o;

	memset(r, 0, sizeof *r);
	if (!ctx_options_valid(opts) || nstarts == 0 || ngoals == 0 ||
	    nstarts > UINT32_MAX || ngoals > UINT32_MAX)
		return ASTAR_EINVAL;
	if (opts->algorithm == ASTAR_ALGO_JPS &&
	    (opts->wrap != ASTAR_WRAP_NONE || !jps_supported(grid, opts)))
		return ASTAR_EUNSUPPORTED;
	if ((grid = agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	o = *opts;
	o.size = 0;
	if (o.wrap == ASTAR_WRAP_NONE && nstarts == 1 && ngoals == 1)
		st = astar_search(ctx, grid, starts[0], goals[0], &o, r);
	else if (o.algorithm == ASTAR_ALGO_JPS)
		st = jps_pairs(ctx, grid, starts, nstarts, goals, ngoals, &o,
		               r);
	else
		st = many(ctx, grid, starts, nstarts, goals, ngoals, &o, r);
	if (st != ASTAR_OK)
		memset(r, 0, sizeof *r);
	return st;
}

/* -------------------------------------------------------------- flood */

/* The outputs of a finished flood. */
static void flood_out(engine *e, astar_flood_result *r)
{
	const astar_grid *g = e->g;
	many_bufs *b = e->b;
	size_t k = 0;

	r->width = g->width;
	r->height = g->height;
	r->dist = b->dist;
	r->flow = b->flow;
	r->expanded = e->expanded;
	for (int32_t y = 0; y < g->height; y++) {
		size_t i = grid_index(g, 0, y);
		for (int32_t x = 0; x < g->width; x++, i++, k++) {
			const node *n = &e->ctx->nodes[i];
			if (n->gen != e->ctx->gen) {
				b->dist[k] = -1.0;
				b->flow[k] = ASTAR_FLOW_NONE;
				continue;
			}
			b->dist[k] = (double)b->orth[i] +
			             SQRT2 * (double)b->diag[i];
			/* the way back is the step that came, reversed */
			b->flow[k] = n->dir == 8 ? ASTAR_FLOW_NONE
			             : n->dir < 4
			                     ? (uint8_t)((n->dir + 2) % 4)
			                     : (uint8_t)(4 + (n->dir - 2) % 4);
			r->reached++;
		}
	}
}

astar_status astar_flood(astar_ctx *ctx, const astar_grid *grid,
                         const astar_point *sources, size_t nsources,
                         const astar_options *opts, astar_flood_result *r)
{
	engine e;
	astar_status st;

	memset(r, 0, sizeof *r);
	if (!ctx_options_valid(opts) || nsources == 0 || nsources > UINT32_MAX)
		return ASTAR_EINVAL;
	if (opts->algorithm != ASTAR_ALGO_ASTAR &&
	    opts->algorithm != ASTAR_ALGO_DIJKSTRA)
		return ASTAR_EUNSUPPORTED;
	if ((grid = agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	if ((st = engine_start(&e, ctx, grid, sources, nsources,
	                       ASTAR_ESTART_BLOCKED)) != ASTAR_OK)
		return st;
	e.algo = ASTAR_ALGO_DIJKSTRA;
	if (bufs_out(e.b, grid, 0) != 0)
		return ASTAR_ENOMEM;
	if ((st = flood_sources(&e, sources, nsources)) != ASTAR_OK ||
	    (st = flood_run(&e, opts->diagonal, opts->wrap)) != ASTAR_OK) {
		memset(r, 0, sizeof *r);
		return st;
	}
	flood_out(&e, r);
	return ASTAR_OK;
}

/* ------------------------------------------------------------ regions */

/* Labels the region of cell (x, y) with label, breadth first, the queue
 * kept in the block's src array (padded indices). */
static void region_fill(many_bufs *b, const astar_grid *g,
                        const astar_options *opts, int32_t x, int32_t y,
                        uint32_t label)
{
	int wx = opts->wrap == ASTAR_WRAP_X || opts->wrap == ASTAR_WRAP_XY;
	int wy = opts->wrap == ASTAR_WRAP_Y || opts->wrap == ASTAR_WRAP_XY;
	int ndirs = opts->diagonal == ASTAR_DIAG_NEVER ? 4 : 8;
	size_t head = 0, tail = 0;

	b->labels[(size_t)y * g->width + x] = label;
	b->src[tail++] = (uint32_t)grid_index(g, x, y);
	while (head < tail) {
		astar_point p = ctx_point_of(g, b->src[head++]);
		for (int d = 0; d < ndirs; d++) {
			int32_t jx = along(p.x, dir_dx[d], g->width, wx);
			int32_t jy = along(p.y, dir_dy[d], g->height, wy);
			size_t k;

			if (g->cells[grid_index(g, jx, jy)] == 0)
				continue;
			if (d >= 4 &&
			    !corner(opts->diagonal,
			            g->cells[grid_index(g, jx, p.y)] != 0,
			            g->cells[grid_index(g, p.x, jy)] != 0))
				continue;
			k = (size_t)jy * g->width + jx;
			if (b->labels[k] != 0)
				continue;
			b->labels[k] = label;
			b->src[tail++] = (uint32_t)grid_index(g, jx, jy);
		}
	}
}

astar_status astar_regions(astar_ctx *ctx, const astar_grid *grid,
                           const astar_options *opts, size_t *count,
                           const uint32_t **labels)
{
	astar_status st;
	many_bufs *b;
	uint32_t n = 0;

	*count = 0;
	if (!ctx_options_valid(opts))
		return ASTAR_EINVAL;
	if ((grid = agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	if (grid->ncells > ASTAR_SEARCH_CELLS_MAX)
		return ASTAR_ETOOBIG;
	if ((b = bufs_get(ctx, grid)) == NULL || bufs_out(b, grid, 1) != 0)
		return ASTAR_ENOMEM;
	memset(b->labels, 0,
	       (size_t)grid->width * grid->height * sizeof *b->labels);
	for (int32_t y = 0; y < grid->height; y++)
		for (int32_t x = 0; x < grid->width; x++)
			if (grid->cells[grid_index(grid, x, y)] != 0 &&
			    b->labels[(size_t)y * grid->width + x] == 0)
				region_fill(b, grid, opts, x, y, ++n);
	*count = n;
	if (labels != NULL)
		*labels = b->labels;
	return ASTAR_OK;
}
