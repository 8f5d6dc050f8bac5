/*
 * regions.c - the connected regions of a grid's open cells
 * (astar_regions), labelled breadth first under the diagonal policy,
 * wrapping and agent size, for the reach checks of levels.
 */
#include <string.h>

#include "many.h"

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
	if ((grid = many_agent_grid(ctx, grid, opts, &st)) == NULL)
		return st;
	if (grid->ncells > ASTAR_SEARCH_CELLS_MAX)
		return ASTAR_ETOOBIG;
	if ((b = many_bufs_get(ctx, grid)) == NULL || many_bufs_out(b, grid, 1) != 0)
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
