/*
 * clearance.c - the grid an N x N agent sees (astar_grid_footprint).
 *
 * An agent anchored at its top-left cell stands on (x, y) when the N x N
 * square there is all open, and entering costs the dearest cell of the
 * square.  Both are a sliding-window maximum (blocked cells, cost 0, are
 * counted apart: one in the window blocks it): first along each row into
 * a scratch grid, then down each column of that.  A monotone deque keeps
 * each window's maximum in amortised constant time, so the whole map is
 * linear in its cells whatever N is.  With wrapping the windows run on
 * past the joined border; without, a window that leaves the grid is
 * blocked.
 */
#include <stdlib.h>

#include "grid.h"

/* One line of n cells (read through get(base, k)), its windows of size
 * into out[0..n): 0 when a window holds a blocked cell or (without wrap)
 * runs past the end, else its largest cost.  dq holds n + size indices. */
static void window_max(const uint8_t *in, ptrdiff_t in_step, uint8_t *out,
                       ptrdiff_t out_step, int32_t n, int32_t size, int wrap,
                       int32_t *dq)
{
	int32_t head = 0, tail = 0, zeros = 0;
	int64_t end = wrap ? (int64_t)n + size - 1 : n;

	for (int64_t p = 0; p < end; p++) {
		int64_t s = p - size + 1; /* the window [s, p] */
		uint8_t v = in[(p % n) * in_step];

		zeros += v == 0;
		while (tail > head && in[((int64_t)dq[tail - 1] % n) * in_step] <= v)
			tail--;
		dq[tail++] = (int32_t)p;
		if (s < 0)
			continue;
		if (dq[head] < s)
			head++;
		if (s < n)
			out[s * out_step] =
				zeros ? 0 : in[((int64_t)dq[head] % n) * in_step];
		zeros -= in[(s % n) * in_step] == 0;
	}
	if (!wrap) /* windows that leave the grid */
		for (int64_t s = n - size + 1 < 0 ? 0 : n - size + 1; s < n; s++)
			out[s * out_step] = 0;
}

astar_grid *astar_grid_footprint(const astar_grid *grid, int32_t size,
                                 astar_wrap wrap, astar_status *status)
{
	astar_status st = ASTAR_OK;
	astar_grid *tmp = NULL, *out = NULL;
	int32_t w = grid->width, h = grid->height;
	int32_t *dq = NULL;
	int wx = wrap == ASTAR_WRAP_X || wrap == ASTAR_WRAP_XY;
	int wy = wrap == ASTAR_WRAP_Y || wrap == ASTAR_WRAP_XY;

	if (size < 1 || size > ASTAR_DIM_MAX || wrap < ASTAR_WRAP_NONE ||
	    wrap > ASTAR_WRAP_XY) {
		st = ASTAR_EINVAL;
		goto done;
	}
	tmp = astar_grid_new(w, h, &st);
	out = tmp ? astar_grid_new(w, h, &st) : NULL;
	dq = malloc(((size_t)(w > h ? w : h) + (size_t)size) * sizeof *dq);
	if (out == NULL || dq == NULL) {
		st = st != ASTAR_OK ? st : ASTAR_ENOMEM;
		goto done;
	}
	for (int32_t y = 0; y < h; y++)
		window_max(grid->cells + grid_index(grid, 0, y), 1,
		           tmp->cells + grid_index(tmp, 0, y), 1, w, size, wx,
		           dq);
	for (int32_t x = 0; x < w; x++)
		window_max(tmp->cells + grid_index(tmp, x, 0), tmp->stride,
		           out->cells + grid_index(out, x, 0), out->stride, h,
		           size, wy, dq);
	astar_grid_recount(out);
done:
	free(dq);
	astar_grid_free(tmp);
	if (st != ASTAR_OK) {
		astar_grid_free(out);
		out = NULL;
	}
	if (status != NULL)
		*status = st;
	return out;
}
