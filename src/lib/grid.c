/*
 * grid.c - creation and access of astar_grid, the padded cost grid.
 *
 * Owns the grid's single allocation.  Every accessor checks its
 * coordinates, so callers outside the library never see the padding.
 * Each grid carries an id and a version (see grid.h) so that a context
 * can tell whether what it cached from a grid is still current; the one
 * piece of process-wide state in the library is the atomic counter that
 * hands out the ids, which no result depends on.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__) && !defined(ASTAR_PORTABLE)
#include <emmintrin.h>
#endif

#include "grid.h"

/* The next grid's id.  Ids only ever tell grids apart: a grid freed and
 * another allocated at the same address, with the same size and as many
 * edits, must not look like the same grid to a context's cache. */
static atomic_uint_fast64_t next_grid_id = 1;

astar_grid *astar_grid_new(int32_t width, int32_t height, astar_status *status)
{
	astar_status dummy;
	astar_grid *g;

	if (status == NULL)
		status = &dummy;
	if (width <= 0 || height <= 0 || width > ASTAR_DIM_MAX ||
	    height > ASTAR_DIM_MAX) {
		*status = ASTAR_ETOOBIG;
		return NULL;
	}
	/* (DIM_MAX + 2)^2 ~ 1e12 fits size_t on 64-bit; check anyway. */
	size_t stride = (size_t)width + 2, rows = (size_t)height + 2;
	if (rows > SIZE_MAX / stride) {
		*status = ASTAR_ETOOBIG;
		return NULL;
	}
	g = malloc(sizeof *g);
	if (g == NULL) {
		*status = ASTAR_ENOMEM;
		return NULL;
	}
	g->cells = calloc(stride * rows, 1);
	if (g->cells == NULL) {
		free(g);
		*status = ASTAR_ENOMEM;
		return NULL;
	}
	g->width = width;
	g->height = height;
	g->stride = (int32_t)stride;
	g->ncells = stride * rows;
	g->min_cost = ASTAR_COST_MAX;
	g->max_cost = 0;
	g->id = (uint64_t)atomic_fetch_add(&next_grid_id, 1);
	g->version = 0;
	*status = ASTAR_OK;
	return g;
}

void astar_grid_free(astar_grid *grid)
{
	if (grid == NULL)
		return;
	free(grid->cells);
	free(grid);
}

int32_t astar_grid_width(const astar_grid *grid)
{
	return grid->width;
}

int32_t astar_grid_height(const astar_grid *grid)
{
	return grid->height;
}

int astar_grid_contains(const astar_grid *grid, int32_t x, int32_t y)
{
	return x >= 0 && y >= 0 && x < grid->width && y < grid->height;
}

void astar_grid_set(astar_grid *grid, int32_t x, int32_t y, uint8_t cost)
{
	if (!astar_grid_contains(grid, x, y))
		return;
	grid->cells[grid_index(grid, x, y)] = cost;
	grid->version++;
	if (cost != 0 && cost < grid->min_cost)
		grid->min_cost = cost;
	if (cost > grid->max_cost)
		grid->max_cost = cost;
}

uint8_t astar_grid_get(const astar_grid *grid, int32_t x, int32_t y)
{
	if (!astar_grid_contains(grid, x, y))
		return 0;
	return grid->cells[grid_index(grid, x, y)];
}

/* Row y's first cell, or NULL when y is outside: astar_grid_row and
 * astar_grid_row_view. */
static uint8_t *row_at(const astar_grid *grid, int32_t y)
{
	if (y < 0 || y >= grid->height)
		return NULL;
	return grid->cells + grid_index(grid, 0, y);
}

uint8_t *astar_grid_row(astar_grid *grid, int32_t y)
{
	uint8_t *row = row_at(grid, y);

	if (row != NULL)
		grid->version++; /* the caller may write through it */
	return row;
}

const uint8_t *astar_grid_row_view(const astar_grid *grid, int32_t y)
{
	return row_at(grid, y);
}

uint8_t astar_grid_min_cost(const astar_grid *grid)
{
	return grid->min_cost;
}

uint8_t astar_grid_max_cost(const astar_grid *grid)
{
	return grid->max_cost;
}

void astar_grid_recount(astar_grid *grid)
{
	/* The least open cost is found as the least of c - 1, where a
	 * blocked 0 wraps to 255 and drops out.  With SSE2, unsigned byte
	 * minima and maxima of 32 cells a step, two accumulators each so
	 * that the steps do not wait on one another; the rest of a row, and
	 * every row without SSE2, one cell at a time. */
	uint8_t lo1 = 0xFF, hi = 0;
	int32_t y, x;
#if defined(__SSE2__) && !defined(ASTAR_PORTABLE)
	__m128i lo_a = _mm_set1_epi8(-1), lo_b = lo_a;
	__m128i hi_a = _mm_setzero_si128(), hi_b = hi_a;
	const __m128i one = _mm_set1_epi8(1);
	uint8_t l[16], h[16];
#endif

	for (y = 0; y < grid->height; y++) {
		const uint8_t *row = grid->cells + grid_index(grid, 0, y);
		x = 0;
#if defined(__SSE2__) && !defined(ASTAR_PORTABLE)
		for (; x + 32 <= grid->width; x += 32) {
			__m128i a = _mm_loadu_si128((const __m128i *)(row + x));
			__m128i b = _mm_loadu_si128(
				(const __m128i *)(row + x + 16));
			lo_a = _mm_min_epu8(lo_a, _mm_sub_epi8(a, one));
			lo_b = _mm_min_epu8(lo_b, _mm_sub_epi8(b, one));
			hi_a = _mm_max_epu8(hi_a, a);
			hi_b = _mm_max_epu8(hi_b, b);
		}
#endif
		for (; x < grid->width; x++) {
			uint8_t c = row[x], d = (uint8_t)(c - 1);
			lo1 = d < lo1 ? d : lo1;
			hi = c > hi ? c : hi;
		}
	}
#if defined(__SSE2__) && !defined(ASTAR_PORTABLE)
	_mm_storeu_si128((__m128i *)l, _mm_min_epu8(lo_a, lo_b));
	_mm_storeu_si128((__m128i *)h, _mm_max_epu8(hi_a, hi_b));
	for (int k = 0; k < 16; k++) {
		lo1 = l[k] < lo1 ? l[k] : lo1;
		hi = h[k] > hi ? h[k] : hi;
	}
#endif
	/* No open cell, or every one at 255: ASTAR_COST_MAX either way. */
	grid->min_cost = lo1 == 0xFF ? ASTAR_COST_MAX : (uint8_t)(lo1 + 1);
	grid->max_cost = hi;
	grid->version++; /* rows written since astar_grid_row are now seen */
}
