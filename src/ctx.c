/*
 * ctx.c - creating, growing and freeing the search context (see ctx.h),
 * and the checks of a query that every search makes before it starts.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "jps.h"

astar_ctx *astar_ctx_new(void)
{
	astar_ctx *ctx = calloc(1, sizeof *ctx);

	if (ctx != NULL)
		heap_init(&ctx->open);
	return ctx;
}

void astar_ctx_free(astar_ctx *ctx)
{
	if (ctx == NULL)
		return;
	free(ctx->nodes);
	free(ctx->pos);
	free(ctx->path);
	free(ctx->explored);
	jps_cache_free(ctx->jps);
	heap_free(&ctx->open);
	free(ctx);
}

/* Makes room for n cells; new records start at generation 0.  Returns
 * ASTAR_OK or ASTAR_ENOMEM (the context is unchanged). */
static astar_status ctx_reserve(astar_ctx *ctx, size_t n, int touch_pos)
{
	node *nodes;
	uint32_t *pos;

	if (n <= ctx->cap)
		return ASTAR_OK;
	if (n > SIZE_MAX / sizeof *nodes)
		return ASTAR_ENOMEM;
	nodes = malloc(n * sizeof *nodes);
	pos = malloc(n * sizeof *pos);
	if (nodes == NULL || pos == NULL) {
		free(nodes);
		free(pos);
		return ASTAR_ENOMEM;
	}
	/* Zeroed by writing, not calloc: the kernel maps a fresh allocation
	 * to its shared zero page on the first read, and the first write
	 * after that (the search reads a record's generation before it
	 * writes it) swaps the page and flushes every CPU's TLB, which costs
	 * an interrupt to each other thread's CPU.  Written first, each page
	 * is faulted in once, locally.  The empty asm keeps the compiler from
	 * folding malloc and memset back into calloc. */
	__asm__ volatile("" : : "r"(nodes) : "memory");
	memset(nodes, 0, n * sizeof *nodes);
	/* The heap positions need no initial value: a search reads only
	 * those it wrote.  ctx_prepare writes them anyway, for their pages. */
	if (touch_pos) {
		__asm__ volatile("" : : "r"(pos) : "memory");
		memset(pos, 0, n * sizeof *pos);
	}
	free(ctx->nodes);
	free(ctx->pos);
	ctx->nodes = nodes;
	ctx->pos = pos;
	ctx->cap = n;
	ctx->gen = 0;
	return ASTAR_OK;
}

int ctx_options_valid(const astar_options *o)
{
	return o->diagonal >= ASTAR_DIAG_NEVER &&
	       o->diagonal <= ASTAR_DIAG_NO_OBSTACLES &&
	       o->heuristic >= ASTAR_H_DEFAULT &&
	       o->heuristic <= ASTAR_H_ZERO &&
	       o->algorithm >= ASTAR_ALGO_ASTAR &&
	       o->algorithm <= ASTAR_ALGO_JPS && isfinite(o->weight) &&
	       o->weight >= 1.0;
}

astar_status ctx_begin(astar_ctx *ctx, const astar_grid *grid,
                       astar_point start, astar_point goal,
                       const astar_options *opts, size_t *s, size_t *t)
{
	if (!grid_contains(grid, start.x, start.y) ||
	    !grid_contains(grid, goal.x, goal.y))
		return ASTAR_ERANGE;
	*s = grid_index(grid, start.x, start.y);
	*t = grid_index(grid, goal.x, goal.y);
	if (grid->cells[*s] == 0)
		return ASTAR_ESTART_BLOCKED;
	if (grid->cells[*t] == 0 && !opts->adjacent && !opts->closest)
		return ASTAR_EGOAL_BLOCKED;
	return ctx_prepare(ctx, grid, 0);
}

astar_status ctx_prepare(astar_ctx *ctx, const astar_grid *grid, int touch)
{
	/* Heap positions run from HEAP_ROOT to HEAP_ROOT + ncells - 1 and
	 * must stay below the markers kept in the same array (CLOSED and,
	 * in jps.c, CLOSED - 1). */
	if (grid->ncells >= (size_t)CLOSED - HEAP_ROOT - 1)
		return ASTAR_ETOOBIG;
	return ctx_reserve(ctx, grid->ncells, touch);
}

/* Starts a new generation, clearing the records only when it wraps. */
void ctx_next_generation(astar_ctx *ctx)
{
	if (++ctx->gen == 0) {
		for (size_t i = 0; i < ctx->cap; i++)
			ctx->nodes[i].gen = 0;
		ctx->gen = 1;
	}
}

int ctx_grow_points(astar_point **a, size_t *cap, size_t need)
{
	astar_point *p;
	size_t n;

	if (need <= *cap)
		return 0;
	n = *cap ? *cap : 64;
	while (n < need)
		n *= 2;
	p = realloc(*a, n * sizeof *p);
	if (p == NULL)
		return -1;
	*a = p;
	*cap = n;
	return 0;
}
