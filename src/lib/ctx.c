/*
 * ctx.c - creating, growing and freeing the search context (see ctx.h),
 * the checks of a query that every search makes before it starts, and
 * the units of the fixed-point costs that both searches sum in.
 */
#define _DEFAULT_SOURCE /* Linux's MADV_HUGEPAGE, beside POSIX */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "ctx.h"

static void cells_free(void *p, size_t n);

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
	cells_free(ctx->nodes, ctx->cap * sizeof *ctx->nodes);
	cells_free(ctx->pos, ctx->cap * sizeof *ctx->pos);
	free(ctx->path);
	free(ctx->explored);
	if (ctx->cache_free != NULL)
		ctx->cache_free(ctx->cache);
	if (ctx->lm_free != NULL)
		ctx->lm_free(ctx->lm);
	if (ctx->many_free != NULL)
		ctx->many_free(ctx->many);
	if (ctx->graph_free != NULL)
		ctx->graph_free(ctx->graph);
	if (ctx->world_free != NULL)
		ctx->world_free(ctx->world);
	if (ctx->vox_free != NULL)
		ctx->vox_free(ctx->vox);
	heap_free(&ctx->open);
	free(ctx);
}

#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define HUGE_PAGE ((size_t)2 << 20)
#endif

/*
 * An array of n bytes for ctx_reserve, freed with cells_free; NULL when
 * out of memory.  An array of 2 MiB or more is mapped on its own, aligned
 * to 2 MiB, and its whole 2 MiB blocks are offered to the kernel as huge
 * pages (Linux's transparent huge pages, where they are enabled for
 * madvise).  The arrays are written whole when they are made
 * (ctx_reserve), and in 4 KiB pages that is a page fault for every 4 KiB,
 * which can outweigh a single query's search.  The size is rounded up to
 * whole blocks when that adds at most 1/16 (the last block would
 * otherwise stay in small pages).  The mapping is cut to the aligned
 * block, where posix_memalign would keep up to 2 MiB more mapped beside
 * it (a small map's whole arrays again).  The hint changes no result;
 * without it, or where the kernel ignores it, the arrays are plain
 * memory.
 */
#if defined(HUGE_PAGE)
static size_t cells_mapped(size_t n)
{
	size_t m = (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return m - n > n / 16 ? (n + page - 1) / page * page : m;
}
#endif

static void *cells_alloc(size_t n)
{
#if defined(HUGE_PAGE)
	if (n >= HUGE_PAGE && n <= SIZE_MAX - 2 * HUGE_PAGE) {
		size_t m = cells_mapped(n), head;
		char *p = mmap(NULL, m + HUGE_PAGE, PROT_READ | PROT_WRITE,
		               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return NULL;
		head = (HUGE_PAGE - (uintptr_t)p % HUGE_PAGE) % HUGE_PAGE;
		if (head > 0)
			(void)munmap(p, head);
		(void)munmap(p + head + m, HUGE_PAGE - head);
		(void)madvise(p + head, m & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
		return p + head;
	}
#endif
	return malloc(n);
}

/* Frees an array of n bytes that cells_alloc made. */
static void cells_free(void *p, size_t n)
{
#if defined(HUGE_PAGE)
	if (n >= HUGE_PAGE && n <= SIZE_MAX - 2 * HUGE_PAGE) {
		if (p != NULL)
			(void)munmap(p, cells_mapped(n));
		return;
	}
#endif
	(void)n;
	free(p);
}

/* Writes n zero bytes at p, which malloc just returned, in a way the
 * compiler cannot fold with the malloc into a calloc (see ctx_reserve):
 * GCC and Clang are told that p escapes; in plain C11, memset is called
 * through a volatile pointer, which the compiler cannot see through. */
static void zero_apart(void *p, size_t n)
{
#if defined(__GNUC__) && !defined(ASTAR_PORTABLE)
	__asm__ volatile("" : : "r"(p) : "memory");
	memset(p, 0, n);
#else
	static void *(*volatile set)(void *, int, size_t) = memset;

	set(p, 0, n);
#endif
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
	nodes = cells_alloc(n * sizeof *nodes);
	pos = cells_alloc(n * sizeof *pos);
	if (nodes == NULL || pos == NULL) {
		cells_free(nodes, n * sizeof *nodes);
		cells_free(pos, n * sizeof *pos);
		return ASTAR_ENOMEM;
	}
	/* Zeroed by writing, not calloc: the kernel maps a fresh allocation
	 * to its shared zero page on the first read, and the first write
	 * after that (the search reads a record's generation before it
	 * writes it) swaps the page and flushes every CPU's TLB, which costs
	 * an interrupt to each other thread's CPU.  Written first, each page
	 * is faulted in once, locally. */
	zero_apart(nodes, n * sizeof *nodes);
	/* The heap positions need no initial value: a search reads only
	 * those it wrote.  ctx_prepare writes them anyway, for their pages. */
	if (touch_pos) {
		zero_apart(pos, n * sizeof *pos);
	}
	cells_free(ctx->nodes, ctx->cap * sizeof *ctx->nodes);
	cells_free(ctx->pos, ctx->cap * sizeof *ctx->pos);
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
	       o->weight >= 1.0 && o->landmarks >= ASTAR_LANDMARKS_AUTO &&
	       o->landmarks <= ASTAR_LANDMARKS_MAX &&
	       o->wrap >= ASTAR_WRAP_NONE && o->wrap <= ASTAR_WRAP_XY &&
	       o->size >= 0 && o->size <= ASTAR_DIM_MAX;
}

astar_status ctx_begin(astar_ctx *ctx, const astar_grid *grid,
                       astar_point start, astar_point goal,
                       const astar_options *opts, size_t *s, size_t *t)
{
	if (!astar_grid_contains(grid, start.x, start.y) ||
	    !astar_grid_contains(grid, goal.x, goal.y))
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
	 * in JPS, CLOSED - 1). */
	_Static_assert(ASTAR_SEARCH_CELLS_MAX == CLOSED - HEAP_ROOT - 2,
	               "astar.h's limit is the heap's");
	if (grid->ncells > ASTAR_SEARCH_CELLS_MAX)
		return ASTAR_ETOOBIG;
	return ctx_reserve(ctx, grid->ncells, touch);
}

astar_status ctx_room(astar_ctx *ctx, size_t n)
{
	if (n > ASTAR_SEARCH_CELLS_MAX)
		return ASTAR_ETOOBIG;
	return ctx_reserve(ctx, n, 0);
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

/*
 * Fixed-point costs, for the searches of grids whose open cells all cost
 * the same, under the octile (or Manhattan) heuristic: there every g, h
 * and f is a + b sqrt(2) steps, a straight and b diagonal.  They are
 * summed in units of 2^-k of a step (2^-42 on grids of up to 2^21
 * cells), with sqrt(2) as the whole number nearest 2^k sqrt(2): every sum
 * is exact, and equal costs are equal integers.
 *
 * Different costs keep their order on grids of up to 2^21 cells, padding
 * included.  A g's counts add up to at most the grid's cells (a path of
 * the search's tree enters each once), an h's to at most its width or
 * height, so an f's counts there are at most M = 2^21 * 4/3 (2.8
 * million).  Two different costs, x + y sqrt(2) apart with |x|, |y| <= M,
 * differ by |x^2 - 2y^2| / |x - y sqrt(2)|, at least 1 / ((1 + sqrt2) M):
 * above 6.5e5 units of 2^-42.  EXACT_SQRT2 is 0.0503 of a unit off, which
 * shifts the difference by at most 0.0503 |y|: below 1.5e5 units.  And
 * every sum stays below sqrt(2) M units, below 2^64.
 *
 * On larger grids k is as large as keeps every sum below 2^64 (41 down
 * to 31).  Equal costs still tie exactly; two different costs closer
 * than 0.55 M units may compare either way (on a grid of 16 million
 * cells, closer than 2^-15), where the sums of doubles erred more.
 */
#define EXACT_SQRT2 UINT64_C(6219777023951) /* 2^42 sqrt(2), rounded */

int ctx_exact_units(const astar_grid *g, uint64_t *one, uint64_t *sqrt2)
{
	uint64_t s = EXACT_SQRT2;
	int k = 42;

	while (k > 0 && ctx_mul_high(ctx_exact_counts(g), s) != 0) {
		k--; /* 2^k sqrt(2), from EXACT_SQRT2, rounded again */
		s = (EXACT_SQRT2 + ((uint64_t)1 << (41 - k))) >> (42 - k);
	}
	*one = (uint64_t)1 << k;
	*sqrt2 = s;
	return k;
}
