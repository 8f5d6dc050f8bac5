/*
 * many_ctx.c - the one-to-many searches' share of the context: the block
 * of arrays kept beside its records (many.h) with the agent-size grid
 * last built, and the start of a one-to-many search on them (its checks
 * and its sources' records).
 *
 * It builds the agent's grid and prepares nothing on it: the dispatch
 * (search.c) prepares and searches the grid it gets from here, so that
 * this file never calls back up through the public entry points.
 */
#include <stdlib.h>
#include <string.h>

#include "many.h"

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
	free(b->ust);
	free(b->ud);
	free(b->usrc);
	for (int k = 0; k < 2; k++) {
		free(b->uq[k].a);
		free(b->uq[k].s);
		free(b->uq[k].k);
	}
	astar_grid_free(b->fp);
	free(b);
}

many_bufs *many_block(astar_ctx *ctx)
{
	many_bufs *b = ctx->many;

	if (b == NULL) {
		if ((b = calloc(1, sizeof *b)) == NULL)
			return NULL;
		ctx->many = b;
		ctx->many_free = bufs_free;
	}
	return b;
}

many_bufs *many_bufs_get(astar_ctx *ctx, const astar_grid *grid)
{
	many_bufs *b = many_block(ctx);
	size_t n = grid->ncells;

	if (b == NULL)
		return NULL;
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

int many_bufs_out(many_bufs *b, const astar_grid *grid, int labels)
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

const astar_grid *many_agent_grid(astar_ctx *ctx, const astar_grid *grid,
                                  const astar_options *opts, astar_status *st)
{
	many_bufs *b;

	*st = ASTAR_OK;
	if (opts->size <= 1)
		return grid;
	if ((b = many_bufs_get(ctx, grid)) == NULL) {
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

astar_status engine_check(const astar_grid *grid, const astar_point *src,
                          size_t nsrc, astar_status blocked)
{
	for (size_t k = 0; k < nsrc; k++) {
		if (!astar_grid_contains(grid, src[k].x, src[k].y))
			return ASTAR_ERANGE;
		if (grid->cells[grid_index(grid, src[k].x, src[k].y)] == 0)
			return blocked;
	}
	return grid->ncells > ASTAR_SEARCH_CELLS_MAX ? ASTAR_ETOOBIG : ASTAR_OK;
}

astar_status engine_start(engine *e, astar_ctx *ctx, const astar_grid *grid,
                          const astar_point *src, size_t nsrc,
                          astar_status blocked)
{
	astar_status st;

	memset(e, 0, sizeof *e);
	e->found_at = SIZE_MAX;
	if ((st = engine_check(grid, src, nsrc, blocked)) != ASTAR_OK ||
	    (st = ctx_prepare(ctx, grid, 0)) != ASTAR_OK)
		return st;
	if ((e->b = many_bufs_get(ctx, grid)) == NULL)
		return ASTAR_ENOMEM;
	e->ctx = ctx;
	e->g = grid;
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	return ASTAR_OK;
}

size_t engine_source(engine *e, const astar_point *src, size_t k)
{
	size_t i = grid_index(e->g, src[k].x, src[k].y);
	node *n = &e->ctx->nodes[i];

	if (n->gen == e->ctx->gen)
		return SIZE_MAX;
	n->gen = e->ctx->gen;
	n->g = 0.0;
	n->dir = 8;
	e->b->orth[i] = e->b->diag[i] = 0;
	e->b->src[i] = (uint32_t)k;
	return i;
}
