/*
 * flood.c - distance maps and flow fields (astar_flood): the cost from
 * the nearest of several sources to every cell, and the step toward it.
 *
 * Maps of one cell cost that do not wrap go to flood_uniform.c.  Others
 * take the general flood here: Dijkstra on the context's records with
 * the exact costs of many.h beside them, on one queue per step weight
 * (fifos.h) since its keys only grow.  A cell's record is written when
 * it is first reached and whenever its cost falls; a stale entry (a cost
 * that fell since) is skipped; pos marks the cells taken (CLOSED).
 * Instantiated per policy and wrapping, the directions unrolled.
 */
#include <stddef.h>
#include <string.h>

#include "flood_uniform.h"
#include "many.h"

int astar_flow_dx(int code)
{
	return code >= 0 && code < 8 ? dir_dx[code] : 0;
}

int astar_flow_dy(int code)
{
	return code >= 0 && code < 8 ? dir_dy[code] : 0;
}

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

/* The flood from the sources already in the records (flood_sources). */
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

static astar_status flood_run(engine *e, astar_diagonal pol, astar_wrap wrap)
{
	MANY_DISPATCH(flood_loop, e, pol, wrap);
}

/* Puts the sources in the records and on the flood's open list, the
 * first occurrence of a cell counting. */
static astar_status flood_sources(engine *e, const astar_point *src,
                                  size_t nsrc)
{
	fifos_reset(&e->b->rq);
	for (size_t k = 0; k < nsrc; k++) {
		size_t i = engine_source(e, src, k);

		if (i == SIZE_MAX)
			continue;
		e->ctx->pos[i] = 0;
		if (fifos_push(&e->b->rq, 0, (uint32_t)i) != 0)
			return ASTAR_ENOMEM;
	}
	return ASTAR_OK;
}

/* The outputs' cells of a finished flood. */
static void flood_out(engine *e, astar_flood_result *r)
{
	const astar_grid *g = e->g;
	many_bufs *b = e->b;
	size_t k = 0;

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
			b->flow[k] = flood_flow_code(n->dir);
			r->reached++;
		}
	}
}

/* engine_start for flood_uniform, which keeps its own records: the same
 * checks, without the context's records and the general flood's arrays
 * (some 48 bytes a cell that it would not use). */
static astar_status uniform_start(engine *e, astar_ctx *ctx,
                                  const astar_grid *grid,
                                  const astar_point *src, size_t nsrc)
{
	astar_status st;

	memset(e, 0, sizeof *e);
	e->found_at = SIZE_MAX;
	if ((st = engine_check(grid, src, nsrc, ASTAR_ESTART_BLOCKED)) !=
	    ASTAR_OK)
		return st;
	if ((e->b = many_block(ctx)) == NULL)
		return ASTAR_ENOMEM;
	e->ctx = ctx;
	e->g = grid;
	return ASTAR_OK;
}

astar_status astar_flood(astar_ctx *ctx, const astar_grid *grid,
                         const astar_point *sources, size_t nsources,
                         const astar_options *opts, astar_flood_result *r)
{
	engine e;
	astar_status st;
	int uniform;

	memset(r, 0, sizeof *r);
	if (!ctx_options_valid(opts) || nsources == 0 || nsources > UINT32_MAX)
		return ASTAR_EINVAL;
	if (opts->algorithm != ASTAR_ALGO_ASTAR &&
	    opts->algorithm != ASTAR_ALGO_DIJKSTRA)
		return ASTAR_EUNSUPPORTED;
	if ((grid = many_agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	uniform = flood_uniform_applies(grid, opts);
	st = uniform ? uniform_start(&e, ctx, grid, sources, nsources)
	             : engine_start(&e, ctx, grid, sources, nsources,
	                            ASTAR_ESTART_BLOCKED);
	if (st != ASTAR_OK)
		return st;
	e.algo = ASTAR_ALGO_DIJKSTRA;
	if (many_bufs_out(e.b, grid, 0) != 0)
		return ASTAR_ENOMEM;
	if (uniform)
		st = flood_uniform(&e, sources, nsources, opts->diagonal, r);
	else if ((st = flood_sources(&e, sources, nsources)) == ASTAR_OK &&
	         (st = flood_run(&e, opts->diagonal, opts->wrap)) == ASTAR_OK)
		flood_out(&e, r);
	if (st != ASTAR_OK) {
		memset(r, 0, sizeof *r);
		return st;
	}
	r->width = grid->width;
	r->height = grid->height;
	r->dist = e.b->dist;
	r->flow = e.b->flow;
	r->expanded = e.expanded;
	return ASTAR_OK;
}
