/*
 * jps_path.c - the path of a Jump Point Search, rebuilt from its jump
 * points, and the cells closest mode aims at when the goal is
 * unreachable (the search, jps.c, then searches for each: this file
 * reads the records a search left and searches nothing itself).
 *
 * Paths are canonical: from a jump point, diagonal steps first, then
 * straight ones (4-connected: horizontal first, then vertical), so a
 * node's parent is enough to rebuild the cells in between.  The cost is
 * summed as search_loop.c sums it, so that it equals A*'s to the bit when the
 * two paths cost the same.
 */
#include <stdlib.h>
#include <string.h>

#include "jps_path.h"

/*
 * Writes n cells of a path into path[k - n .. k), the last first: the
 * padded cell (x, y), then each step (bx, by) back from it.  On
 * little-endian machines a cell's two coordinates are one 64-bit word,
 * and one subtraction steps both (neither goes below 0, so neither
 * borrows from the other).
 */
static inline void put_run(astar_point *path, size_t k, int32_t x, int32_t y,
                           int bx, int by, int32_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
	!defined(ASTAR_PORTABLE)
	_Static_assert(sizeof(astar_point) == 8 &&
	                       offsetof(astar_point, y) == 4,
	               "astar_point is two packed int32_t");
	uint64_t v = (uint64_t)(uint32_t)(x - 1) | (uint64_t)(uint32_t)(y - 1)
	                                                   << 32;
	uint64_t d = (uint64_t)(int64_t)bx + ((uint64_t)(int64_t)by << 32);

	for (astar_point *p = path + k, *e = p - n; p != e; v -= d)
		memcpy(--p, &v, sizeof v);
#else
	for (int32_t t = 0; t < n; t++) {
		path[k - 1 - (size_t)t].x = x - 1 - t * bx;
		path[k - 1 - (size_t)t].y = y - 1 - t * by;
	}
#endif
}

/* The straight and diagonal steps of the path from start to end, its
 * jump points joined by straight, or diagonal then straight, runs. */
static void count_steps(jps *s, size_t start, size_t end, uint64_t *nstraight,
                        uint64_t *ndiag)
{
	int32_t x, y, px, py;

	*nstraight = *ndiag = 0;
	coords(s, (uint32_t)end, &x, &y);
	for (size_t i = end; i != start; i = parent_of(s, (uint32_t)i)) {
		coords(s, parent_of(s, (uint32_t)i), &px, &py);
		int32_t ax = abs(x - px), ay = abs(y - py);
		int32_t nd = !s->eight ? 0 : ax < ay ? ax : ay;
		*ndiag += (uint64_t)nd;
		*nstraight += (uint64_t)(ax + ay - 2 * nd);
		x = px;
		y = py;
	}
}

/* Writes the path's len cells into the context's array, segment by
 * segment backwards from end: its last part first (the straight steps,
 * 4-connected the vertical ones), then its first (the diagonal steps,
 * or the horizontal ones). */
static void write_cells(jps *s, const astar_grid *g, size_t start, size_t end,
                        size_t len)
{
	astar_point *path = s->ctx->path;
	size_t k = len;
	int32_t x, y, px, py;

	coords(s, (uint32_t)end, &x, &y);
	for (size_t i = end; i != start;) {
		size_t p = parent_of(s, (uint32_t)i);
		coords(s, (uint32_t)p, &px, &py);
		int32_t ax = x - px, ay = y - py;
		int dx = sign(ax), dy = sign(ay);
		int32_t n = abs(ax), m = abs(ay), n1, n0;
		int b1x, b1y, b0x, b0y;

		if (s->eight) {
			n0 = n < m ? n : m;
			n1 = (n > m ? n : m) - n0;
			b1x = n > m ? dx : 0;
			b1y = n > m ? 0 : dy;
			b0x = dx;
			b0y = dy;
		} else {
			n1 = m;
			n0 = n;
			b1x = 0;
			b1y = dy;
			b0x = dx;
			b0y = 0;
		}
		put_run(path, k, x, y, b1x, b1y, n1);
		k -= (size_t)n1;
		put_run(path, k, x - n1 * b1x, y - n1 * b1y, b0x, b0y, n0);
		k -= (size_t)n0;
		i = p;
		x = px;
		y = py;
	}
	path[0] = ctx_point_of(g, start);
}

/*
 * Writes the path from the start to node end into ctx->path, expanding
 * each parent-to-node segment (diagonal steps, then straight ones; or
 * horizontal, then vertical), and sums its cost as search_loop.c's build_path
 * does: *orth and *diag are the costs of the cells entered by straight
 * and by diagonal steps.  With r NULL only those sums are computed;
 * under options.no_path, r gets everything but the cells.
 */
astar_status jps_build_path(jps *s, const astar_grid *g, size_t start,
                            size_t end, uint64_t *orth, uint64_t *diag,
                            astar_result *r)
{
	astar_ctx *ctx = s->ctx;
	uint64_t nstraight, ndiag;
	size_t len;

	/* Every open cell costs the same (jps_supported), so the cells'
	 * sums are their counts times that, exactly: whole numbers. */
	count_steps(s, start, end, &nstraight, &ndiag);
	*orth = nstraight * g->min_cost;
	*diag = ndiag * g->min_cost;
	if (r == NULL)
		return ASTAR_OK;
	len = 1 + (size_t)(nstraight + ndiag);
	r->path_len = len;
	r->cost = (double)*orth + SQRT2 * (double)*diag;
	r->end = ctx_point_of(g, end);
	r->found = 1;
	if (s->no_path) /* the counts are the whole answer: no cells */
		return ASTAR_OK;
	if (ctx_grow_points(&ctx->path, &ctx->path_cap, len) != 0)
		return ASTAR_ENOMEM;
	write_cells(s, g, start, end, len);
	r->path = ctx->path;
	return ASTAR_OK;
}

/*
 * closest mode, after the goal proved unreachable: the cells of the
 * start's component nearest the target t (squared Euclidean distance),
 * found by a flood fill that uses ctx->pos as its queue.  Sets *out to a
 * new array of them (the caller frees it) and returns how many, or -1
 * when out of memory.
 */
long jps_nearest_cells(jps *s, size_t start, astar_point t, astar_point **out)
{
	astar_ctx *ctx = s->ctx;
	const uint32_t st = (uint32_t)s->stride;
	const int ndirs = s->eight ? 8 : 4;
	uint32_t *queue = ctx->pos;
	size_t head = 0, tail = 0;
	int64_t best = INT64_MAX;
	long n = 0;

	ctx_next_generation(ctx);
	s->nodes[start].gen = ctx->gen;
	queue[tail++] = (uint32_t)start;
	while (head < tail) {
		uint32_t i = queue[head++];
		int64_t dx = (int64_t)(i % st) - 1 - t.x;
		int64_t dy = (int64_t)(i / st) - 1 - t.y;
		int64_t d2 = dx * dx + dy * dy;

		if (d2 < best)
			best = d2;
		for (int d = 0; d < ndirs; d++) {
			size_t j = i + (ptrdiff_t)dir_dy(d) * s->stride +
			           dir_dx(d);
			if (s->cells[j] == 0 || s->nodes[j].gen == ctx->gen ||
			    !step_ok(s, i, d))
				continue;
			s->nodes[j].gen = ctx->gen;
			queue[tail++] = (uint32_t)j;
		}
	}
	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (size_t k = 0; k < tail; k++) {
			uint32_t i = queue[k];
			int64_t dx = (int64_t)(i % st) - 1 - t.x;
			int64_t dy = (int64_t)(i / st) - 1 - t.y;
			if (dx * dx + dy * dy != best)
				continue;
			if (pass == 1) {
				(*out)[n].x = (int32_t)(i % st) - 1;
				(*out)[n].y = (int32_t)(i / st) - 1;
			}
			n++;
		}
		if (pass == 0 &&
		    (*out = malloc((size_t)n * sizeof **out)) == NULL)
			return -1;
	}
	return n;
}
