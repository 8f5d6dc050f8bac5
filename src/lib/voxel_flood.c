/*
 * voxel_flood.c - the one-to-all voxel searches: the distance map from
 * several sources (one Dijkstra flood) and the connected regions of the
 * open voxels, on the context's records as voxel_search.c uses them.
 */
#include <stdlib.h>
#include <string.h>

#include "voxel.h"

static astar_status flood_check(const astar_voxels *v, const astar_place *src,
                                size_t n, const astar_options *o)
{
	astar_status st;

	if (!ctx_options_valid(o) || n == 0)
		return ASTAR_EINVAL;
	if ((st = vox_options_check(o, 1)) != ASTAR_OK)
		return st;
	for (size_t i = 0; i < n; i++)
		if (!astar_voxels_contains(v, src[i].x, src[i].y, src[i].z))
			return ASTAR_ERANGE;
	for (size_t i = 0; i < n; i++)
		if (astar_voxels_get(v, src[i].x, src[i].y, src[i].z) == 0)
			return ASTAR_ESTART_BLOCKED;
	return ASTAR_OK;
}

/* Room for one value a voxel in *a (capacity *cap); 0 or -1. */
static int grow_flat(void **a, size_t *cap, size_t n, size_t size)
{
	void *p;

	if (n <= *cap)
		return 0;
	if ((p = realloc(*a, n * size)) == NULL)
		return -1;
	*a = p;
	*cap = n;
	return 0;
}

static astar_status flood_run(astar_ctx *ctx, const astar_voxels *v,
                              const vox_moves *m)
{
	node *nodes = ctx->nodes;

	while (!heap_empty(&ctx->open)) {
		size_t u = heap_pop(&ctx->open);
		double gu = nodes[u].g;

		ctx->pos[u] = CLOSED;
		for (int k = 0; k < m->nmoves; k++) {
			if (!vox_move_ok(m, v->cells, u, k))
				continue;
			size_t w = u + (size_t)m->off[k];
			double ng = gu + m->len[k] * v->cells[w];
			if (nodes[w].gen != ctx->gen) {
				nodes[w].gen = ctx->gen;
				nodes[w].g = ng;
				if (heap_push(&ctx->open, (uint32_t)w, ng,
				              ng) != 0)
					return ASTAR_ENOMEM;
			} else if (ctx->pos[w] != CLOSED && ng < nodes[w].g) {
				nodes[w].g = ng;
				heap_decrease(&ctx->open, (uint32_t)w, ng, ng);
			}
		}
	}
	return ASTAR_OK;
}

astar_status astar_voxels_flood(astar_ctx *ctx, const astar_voxels *v,
                                const astar_place *src, size_t n,
                                const astar_options *o, const double **dist,
                                size_t *reached)
{
	vox_moves m;
	vox_arrays *va;
	size_t nflat = (size_t)v->width * v->height * v->depth, got = 0;
	astar_status st;

	*dist = NULL;
	*reached = 0;
	if ((st = flood_check(v, src, n, o)) != ASTAR_OK)
		return st;
	if ((st = ctx_room(ctx, v->ncells)) != ASTAR_OK)
		return st;
	if ((va = vox_arrays_of(ctx)) == NULL ||
	    grow_flat((void **)&va->dist, &va->dist_cap, nflat,
	              sizeof *va->dist) != 0)
		return ASTAR_ENOMEM;
	(void)vox_moves_init(&m, v, o->diagonal);
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	for (size_t i = 0; i < n; i++) {
		size_t s = vox_index(v, src[i].x, src[i].y, src[i].z);
		if (ctx_start(ctx, s) &&
		    heap_push(&ctx->open, (uint32_t)s, 0.0, 0.0) != 0)
			return ASTAR_ENOMEM;
	}
	if ((st = flood_run(ctx, v, &m)) != ASTAR_OK)
		return st;
	for (int32_t z = 0; z < v->depth; z++)
		for (int32_t y = 0; y < v->height; y++) {
			size_t i = vox_index(v, 0, y, z);
			double *out = va->dist + ((size_t)z * v->height + y) *
			                                 (size_t)v->width;
			for (int32_t x = 0; x < v->width; x++, i++) {
				int has = ctx->nodes[i].gen == ctx->gen;
				out[x] = has ? ctx->nodes[i].g : -1.0;
				got += (size_t)has;
			}
		}
	*dist = va->dist;
	*reached = got;
	return ASTAR_OK;
}

/* Labels region label from voxel s outward, the context's heap positions
 * used as the queue (each voxel enters it once). */
static void region_fill(astar_ctx *ctx, const astar_voxels *v,
                        const vox_moves *m, size_t s, uint32_t label)
{
	uint32_t *queue = ctx->pos;
	size_t head = 0, tail = 0;

	ctx->nodes[s].gen = ctx->gen;
	ctx->nodes[s].dir = label;
	queue[tail++] = (uint32_t)s;
	while (head < tail) {
		size_t u = queue[head++];
		for (int k = 0; k < m->nmoves; k++) {
			size_t w = u + (size_t)m->off[k];
			if (ctx->nodes[w].gen == ctx->gen ||
			    !vox_move_ok(m, v->cells, u, k))
				continue;
			ctx->nodes[w].gen = ctx->gen;
			ctx->nodes[w].dir = label;
			queue[tail++] = (uint32_t)w;
		}
	}
}

astar_status astar_voxels_regions(astar_ctx *ctx, const astar_voxels *v,
                                  const astar_options *o, size_t *count,
                                  const uint32_t **labels)
{
	vox_moves m;
	vox_arrays *va;
	size_t nflat = (size_t)v->width * v->height * v->depth;
	uint32_t next = 0;
	astar_status st;

	*count = 0;
	if (labels != NULL)
		*labels = NULL;
	if (!ctx_options_valid(o))
		return ASTAR_EINVAL;
	if ((st = vox_options_check(o, 0)) != ASTAR_OK)
		return st;
	if ((st = ctx_room(ctx, v->ncells)) != ASTAR_OK)
		return st;
	if ((va = vox_arrays_of(ctx)) == NULL ||
	    grow_flat((void **)&va->labels, &va->labels_cap, nflat,
	              sizeof *va->labels) != 0)
		return ASTAR_ENOMEM;
	(void)vox_moves_init(&m, v, o->diagonal);
	ctx_next_generation(ctx);
	for (int32_t z = 0; z < v->depth; z++)
		for (int32_t y = 0; y < v->height; y++) {
			size_t i = vox_index(v, 0, y, z);
			uint32_t *out = va->labels + ((size_t)z * v->height +
			                              y) * (size_t)v->width;
			for (int32_t x = 0; x < v->width; x++, i++) {
				if (v->cells[i] == 0) {
					out[x] = 0;
					continue;
				}
				if (ctx->nodes[i].gen != ctx->gen)
					region_fill(ctx, v, &m, i, ++next);
				out[x] = ctx->nodes[i].dir;
			}
		}
	*count = next;
	if (labels != NULL)
		*labels = va->labels;
	return ASTAR_OK;
}
