/*
 * choose.c - which exact algorithm a grid's queries should use
 * (astar_choose): JPS where it applies and the grid is open enough for
 * its long jumps to pay, A* otherwise.
 *
 * The measure is the corner cells (astar_grid_corners) per blocked cell:
 * an open cell with a blocked diagonal neighbour whose two side
 * neighbours toward it are open, which is where JPS's straight jumps stop
 * with forced neighbours.  Obstacles scattered cell by cell (a random
 * map) make up to four each, so that a jump runs only a few cells and
 * JPS expands a large share of what A* would, each expansion at several
 * times A*'s cost, while A*'s octile heuristic is nearly exact there;
 * walls, blobs, rooms and mazes make well under one a blocked cell.
 * bench/RESULTS.md holds the runs that set the threshold.
 */
#include "ctx.h"

/* Rows measured: at most about this many cells, one row in each band of
 * rows, so that the measure stays cheap next to one search of a large
 * grid (well under a millisecond). */
#define SAMPLE_CELLS ((size_t)1 << 16)

/* The corner cells among the w cells of a row (their byte at r[x]),
 * with u and d the rows above and below: an open cell with, for some
 * diagonal, that cell blocked and the two side cells between open (the
 * padding is blocked, so the grid's border makes no corner).  Without
 * branches, so that the compiler may take many cells at once. */
static size_t row_corners(const uint8_t *u, const uint8_t *r,
                          const uint8_t *d, size_t w)
{
	size_t n = 0;

	for (size_t x = 1; x <= w; x++) {
		unsigned o = r[x] != 0, no = u[x] != 0, so = d[x] != 0;
		unsigned we = r[x - 1] != 0, ea = r[x + 1] != 0;
		unsigned c = (no & we & (u[x - 1] == 0)) |
		             (no & ea & (u[x + 1] == 0)) |
		             (so & we & (d[x - 1] == 0)) |
		             (so & ea & (d[x + 1] == 0));
		n += o & c;
	}
	return n;
}

/* The open cells among n bytes. */
static size_t row_open(const uint8_t *r, size_t n)
{
	size_t k = 0;

	for (size_t x = 0; x < n; x++)
		k += r[x] != 0;
	return k;
}

void astar_grid_corners(const astar_grid *grid, uint32_t *per_open,
                        uint32_t *per_blocked)
{
	size_t st = (size_t)grid->stride, w = (size_t)grid->width;
	size_t h = (size_t)grid->height, step, open = 0, seen = 0, corners = 0;

	*per_open = *per_blocked = 0;
	if (w == 0 || h == 0)
		return;
	step = (w * h + SAMPLE_CELLS - 1) / SAMPLE_CELLS;
	/* One row in each band of step rows, at a scrambled place in it:
	 * evenly spaced rows could fall in step with a maze's walls. */
	for (size_t b = 0; b * step < h; b++) {
		size_t y = b * step + (size_t)((b * 2654435761u) >> 8) % step;
		if (y >= h)
			break;
		const uint8_t *r = grid->cells + (y + 1) * st;
		seen += w;
		open += row_open(r + 1, w);
		corners += row_corners(r - st, r, r + st, w);
	}
	if (open > 0)
		*per_open = (uint32_t)((double)corners * 1e6 / (double)open + 0.5);
	if (seen > open)
		*per_blocked = (uint32_t)((double)corners * 1e6 /
		                                  (double)(seen - open) +
		                          0.5);
}

int ctx_scattered(astar_ctx *ctx, const astar_grid *grid)
{
	uint32_t per_open, per_blocked;

	if (ctx != NULL && ctx->choice_valid && ctx->choice_id == grid->id &&
	    ctx->choice_version == grid->version)
		return ctx->choice_scattered;
	astar_grid_corners(grid, &per_open, &per_blocked);
	int yes = per_blocked >= ASTAR_AUTO_SCATTER;
	if (ctx != NULL) {
		ctx->choice_scattered = yes;
		ctx->choice_id = grid->id;
		ctx->choice_version = grid->version;
		ctx->choice_valid = 1;
	}
	return yes;
}

astar_algorithm astar_choose(astar_ctx *ctx, const astar_grid *grid,
                             const astar_options *opts)
{
	astar_options jps = *opts;

	jps.algorithm = ASTAR_ALGO_JPS;
	/* An agent of several cells searches another grid (its
	 * footprint's), which this measure does not see. */
	if (!ctx_options_valid(opts) || opts->size > 1 ||
	    !astar_supported(grid, &jps))
		return ASTAR_ALGO_ASTAR;
	return ctx_scattered(ctx, grid) ? ASTAR_ALGO_ASTAR : ASTAR_ALGO_JPS;
}
