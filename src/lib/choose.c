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

/* Rows measured: at most about this many cells, in evenly spaced rows,
 * so that the measure stays cheap next to one search of a large grid. */
#define SAMPLE_CELLS ((size_t)1 << 20)

/* Whether open cell i has a corner: for some diagonal, the diagonal cell
 * blocked and the two side cells between open (the padding is blocked,
 * so the grid's border makes no corner). */
static int has_corner(const uint8_t *c, size_t i, size_t st)
{
	int n = c[i - st] != 0, s = c[i + st] != 0;
	int w = c[i - 1] != 0, e = c[i + 1] != 0;

	return (n && w && c[i - st - 1] == 0) ||
	       (n && e && c[i - st + 1] == 0) ||
	       (s && w && c[i + st - 1] == 0) ||
	       (s && e && c[i + st + 1] == 0);
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
	for (size_t y = step / 2; y < h; y += step) {
		size_t row = (y + 1) * st + 1;
		seen += w;
		for (size_t x = 0; x < w; x++) {
			if (grid->cells[row + x] == 0)
				continue;
			open++;
			corners += (size_t)has_corner(grid->cells, row + x, st);
		}
	}
	if (open > 0)
		*per_open = (uint32_t)((double)corners * 1e6 / (double)open + 0.5);
	if (seen > open)
		*per_blocked = (uint32_t)((double)corners * 1e6 /
		                                  (double)(seen - open) +
		                          0.5);
}

/* Whether grid's obstacles are a dense scatter (see astar_choose), the
 * answer kept in ctx while the grid is unchanged. */
static int scattered(astar_ctx *ctx, const astar_grid *grid)
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
	return scattered(ctx, grid) ? ASTAR_ALGO_ASTAR : ASTAR_ALGO_JPS;
}
