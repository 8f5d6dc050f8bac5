/*
 * ctx.h - the search context's layout, private to the library.
 *
 * A context holds one record per cell of the largest grid it has searched,
 * the open list and the result arrays.  A record is valid only when its
 * generation equals the context's, so a new query starts by bumping the
 * generation instead of clearing anything.  Every search algorithm of the
 * library (search_loop.c, the jps files) works on these.
 */
#ifndef ASTAR_CTX_H
#define ASTAR_CTX_H

#include <math.h>

#include "grid.h"
#include "heap.h"

#define SQRT2  1.41421356237309504880
#define CLOSED UINT32_MAX

/* One cell's search state; valid only when gen equals the context's.
 * The heap position lives apart (ctx->pos), where the heap's frequent
 * writes touch a dense array instead of these records. */
typedef struct node {
	union {
		double g;    /* cost of the best known path from the start */
		uint64_t gx; /* the same in fixed point (ctx_exact_units): in
		                search_loop.c's exact instance, and in JPS */
	};
	uint32_t gen; /* generation that last touched this record */
	uint32_t dir; /* direction of the step that reached the cell
	                 (search_loop.c: 8 at the start; JPS: the parent's
	                 index, and the class of the step in the top bits,
	                 PARENT_BITS) */
} node;

struct astar_ctx {
	node *nodes;
	uint32_t *pos; /* heap position while open, CLOSED once expanded */
	size_t cap;    /* cells the arrays can hold */
	uint32_t gen;
	heap open;
	astar_point *path, *explored;
	size_t path_cap, explored_cap;
	/* A search's cache kept between queries (JPS's bit maps of the
	 * last grid it searched), opaque here: the search that makes it
	 * sets cache_free, which astar_ctx_free calls, so that the context
	 * depends on no search. */
	void *cache;
	void (*cache_free)(void *cache);
	/* The landmark tables of A* (landmarks.c), kept the same way. */
	void *lm;
	void (*lm_free)(void *lm);
	/* The one-to-many searches' arrays and the agent-size grid they
	 * keep (many_ctx.c), opaque here in the same way. */
	void *many;
	void (*many_free)(void *many);
	/* The graph searches' arrays (graph_search.c), opaque here in the
	 * same way. */
	void *graph;
	void (*graph_free)(void *graph);
	/* A world search's arrays (world_search.c), opaque the same way. */
	void *world;
	void (*world_free)(void *world);
	/* The voxel searches' result arrays (voxel.c), kept the same way. */
	void *vox;
	void (*vox_free)(void *vox);
	/* astar_choose's measure of the last grid it judged (choose.c). */
	uint64_t choice_id, choice_version;
	int choice_valid, choice_scattered;
};

/* Nonzero when every field of opts is in range: the enums, and a finite
 * weight >= 1.  Both searches start with it (ASTAR_EINVAL otherwise). */
int ctx_options_valid(const astar_options *opts);

/*
 * The checks every search makes before it starts, in this order: start
 * and goal on the grid (ASTAR_ERANGE), the start open
 * (ASTAR_ESTART_BLOCKED), the goal open unless adjacent or closest allows
 * a blocked one (ASTAR_EGOAL_BLOCKED), few enough cells that every heap
 * position stays below the markers CLOSED and CLOSED - 1 (ASTAR_ETOOBIG:
 * about 4 billion); then it makes room for the grid's cells
 * (ASTAR_ENOMEM).  On ASTAR_OK *s and *t are the padded indices of start
 * and goal; on an error the context is as it was.
 */
astar_status ctx_begin(astar_ctx *ctx, const astar_grid *grid,
                       astar_point start, astar_point goal,
                       const astar_options *opts, size_t *s, size_t *t);

/*
 * The last step of ctx_begin, without a query: room for the grid's cells
 * (ASTAR_ETOOBIG past about 4 billion, ASTAR_ENOMEM).  The records of
 * newly allocated room are always written, so that their pages are mapped
 * before the search; with touch, the heap positions as well
 * (astar_prepare).  On an error the context is as it was.
 */
astar_status ctx_prepare(astar_ctx *ctx, const astar_grid *grid, int touch);

/* Whether grid's obstacles are a scatter of single cells, which stop
 * JPS's jumps every few cells (astar_choose's judgement, choose.c); the
 * answer is kept in ctx (which may be NULL) while the grid is
 * unchanged. */
int ctx_scattered(astar_ctx *ctx, const astar_grid *grid);

/* Room for n records and heap positions, as ctx_prepare makes for a
 * grid, for the searches of spaces other than grids (ASTAR_ETOOBIG past
 * ASTAR_SEARCH_CELLS_MAX, ASTAR_ENOMEM); the context is as it was on an
 * error. */
astar_status ctx_room(astar_ctx *ctx, size_t n);

/* Starts a new generation, clearing the records only when it wraps. */
void ctx_next_generation(astar_ctx *ctx);

/* Start i's record in this generation, at cost 0 and its own parent: 1,
 * or 0 when a start given before already holds it.  For the searches of
 * other spaces (the grid's loops keep their own). */
static inline int ctx_start(astar_ctx *ctx, size_t i)
{
	if (ctx->nodes[i].gen == ctx->gen)
		return 0;
	ctx->nodes[i].gen = ctx->gen;
	ctx->nodes[i].g = 0.0;
	ctx->nodes[i].dir = (uint32_t)i;
	return 1;
}

/* Grows *a (capacity *cap) to hold need points.  Returns 0 or -1. */
int ctx_grow_points(astar_point **a, size_t *cap, size_t need);

/* A bound on the steps counted in any one g, h or f of a search of grid
 * g: the grid's cells (a path enters each once) and its width and height
 * (a heuristic's steps), padding included. */
static inline uint64_t ctx_exact_counts(const astar_grid *g)
{
	return (uint64_t)g->ncells + (uint64_t)g->stride + (uint64_t)g->height +
	       2;
}

/*
 * The units of the fixed-point costs (see ctx.c) for grid g: *one, a
 * straight step, is 2^k, and *sqrt2, a diagonal one, the whole number
 * nearest 2^k sqrt(2), for the largest k <= 42 that keeps every sum of
 * ctx_exact_counts steps below 2^64.  Returns k.
 */
int ctx_exact_units(const astar_grid *g, uint64_t *one, uint64_t *sqrt2);

/* The octile distance of an offset of dx and dy cells in fixed point, a
 * straight step costing one and a diagonal one diag (ctx_exact_units; JPS
 * also passes two straight steps as diag, which makes it Manhattan). */
static inline uint64_t ctx_octile_fixed(uint32_t dx, uint32_t dy, uint64_t one,
                                        uint64_t diag)
{
	uint32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;

	return (uint64_t)(hi - lo) * one + (uint64_t)lo * diag;
}

/* The octile distance of an offset of dx and dy cells (both >= 0), for
 * both searches: in integers, where the compiler picks the least and the
 * largest without a branch (which is which is as random as the cells
 * searched); the difference is exact, so it is the same double as when
 * formed from doubles. */
static inline double ctx_octile(int32_t dx, int32_t dy)
{
	int32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;

	return (double)(hi - lo) + SQRT2 * (double)lo;
}

/* The movement heuristic kind for an offset of dx, dy cells, unscaled
 * (one straight step costs 1): shared by the plain and the landmark
 * searches, so that both bound a cell by the same double. */
ALWAYS_INLINE double ctx_heuristic(astar_heuristic kind, int32_t dx, int32_t dy)
{
	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	switch (kind) {
	case ASTAR_H_MANHATTAN:
		return (double)dx + dy;
	case ASTAR_H_EUCLIDEAN:
		return sqrt((double)dx * dx + (double)dy * dy);
	case ASTAR_H_OCTILE:
		return ctx_octile(dx, dy);
	case ASTAR_H_CHEBYSHEV:
		return dx > dy ? dx : dy;
	default:
		return 0.0;
	}
}

/* The coordinates of padded index i. */
static inline astar_point ctx_point_of(const astar_grid *g, size_t i)
{
	astar_point p;

	/* 32-bit division: the search refuses grids of 2^32 cells or more,
	 * and it is much cheaper than the 64-bit one. */
	uint32_t k = (uint32_t)i, w = (uint32_t)g->stride;

	p.x = (int32_t)(k % w) - 1;
	p.y = (int32_t)(k / w) - 1;
	return p;
}

/* The multiplier of ctx_point_fast for grid g: 2^64 / stride, rounded up.
 * For i < 2^32 and stride < 2^32, the high half of i * it is exactly
 * i / stride (the error, below i * stride / 2^64 < 1 / stride, never
 * crosses a whole number). */
static inline uint64_t ctx_stride_inverse(const astar_grid *g)
{
	return UINT64_MAX / (uint64_t)g->stride + 1;
}

/* The high 64 bits of the 128-bit product a * b. */
static inline uint64_t ctx_mul_high(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__) && !defined(ASTAR_PORTABLE)
	__extension__ typedef unsigned __int128 u128;

	return (uint64_t)(((u128)a * b) >> 64);
#else
	/* Schoolbook, in 32-bit halves; no partial sum overflows. */
	uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;

	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* ctx_point_of with one multiplication instead of a division. */
static inline astar_point ctx_point_fast(const astar_grid *g, uint64_t inv,
                                         size_t i)
{
	astar_point p;
	uint32_t y = (uint32_t)ctx_mul_high(i, inv);

	p.x = (int32_t)((uint32_t)i - y * (uint32_t)g->stride) - 1;
	p.y = (int32_t)y - 1;
	return p;
}

#endif
