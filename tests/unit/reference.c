/*
 * reference.c - the test oracle: movement rules and a plain Dijkstra.
 *
 * Owns nothing but the reference model described in reference.h.  It is
 * kept deliberately simple: bounds-checked cell access, a lazy-deletion
 * binary heap of (distance, cell) pairs and a "done" flag per cell.  No
 * padding, no generation counters, no sharing with the library's code.
 */
#include "reference.h"

#include <math.h>
#include <stdlib.h>

int ref_cost(const ref_grid *g, int x, int y)
{
	if (x < 0 || y < 0 || x >= g->w || y >= g->h)
		return 0;
	return g->cost[(size_t)y * (size_t)g->w + (size_t)x];
}

int ref_open(const ref_grid *g, int x, int y)
{
	return ref_cost(g, x, y) != 0;
}

int ref_move_legal(const ref_grid *g, astar_diagonal pol, int x, int y, int dx,
                   int dy, int px, int py)
{
	int nx = x + dx, ny = y + dy;
	int a, b;

	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
		return 0;
	if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h)
		return 0;
	if (!ref_open(g, nx, ny) && !(nx == px && ny == py))
		return 0;
	if (dx == 0 || dy == 0)
		return 1;
	/* A diagonal step: the two cells sharing the corner. */
	a = ref_open(g, x + dx, y);
	b = ref_open(g, x, y + dy);
	switch (pol) {
	case ASTAR_DIAG_NEVER:
		return 0;
	case ASTAR_DIAG_ALWAYS:
		return 1;
	case ASTAR_DIAG_ONE_OBSTACLE:
		return a || b;
	case ASTAR_DIAG_NO_OBSTACLES:
		return a && b;
	}
	return 0;
}

double ref_step_cost(const ref_grid *g, int x, int y, int dx, int dy)
{
	double c = (double)ref_cost(g, x + dx, y + dy);

	if (dx != 0 && dy != 0)
		return sqrt(2.0) * c;
	return c;
}

typedef struct hitem {
	double d;
	size_t cell;
} hitem;

static int hless(const hitem *a, const hitem *b)
{
	return a->d < b->d;
}

static void hpush(hitem *h, size_t *n, hitem it)
{
	size_t i = (*n)++;

	h[i] = it;
	while (i > 0) {
		size_t p = (i - 1) / 2;
		hitem t;

		if (!hless(&h[i], &h[p]))
			break;
		t = h[i];
		h[i] = h[p];
		h[p] = t;
		i = p;
	}
}

static hitem hpop(hitem *h, size_t *n)
{
	hitem top = h[0];
	size_t i = 0;

	h[0] = h[--*n];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		hitem t;

		if (l < *n && hless(&h[l], &h[m]))
			m = l;
		if (r < *n && hless(&h[r], &h[m]))
			m = r;
		if (m == i)
			break;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
	return top;
}

int ref_dijkstra(const ref_grid *g, astar_diagonal pol, int sx, int sy,
                 double *dist, ref_exact *exact)
{
	size_t ncell = (size_t)g->w * (size_t)g->h;
	size_t i, hn = 0;
	hitem *heap;
	unsigned char *done;

	for (i = 0; i < ncell; i++) {
		dist[i] = INFINITY;
		if (exact) {
			exact[i].a = -1;
			exact[i].b = -1;
		}
	}
	if (!ref_open(g, sx, sy))
		return 1;
	/* Each cell is pushed at most once per improvement, at most 8 in-edges. */
	heap = malloc((8 * ncell + 1) * sizeof *heap);
	done = calloc(ncell, 1);
	if (!heap || !done) {
		free(heap);
		free(done);
		return 0;
	}
	dist[(size_t)sy * (size_t)g->w + (size_t)sx] = 0.0;
	if (exact) {
		exact[(size_t)sy * (size_t)g->w + (size_t)sx].a = 0;
		exact[(size_t)sy * (size_t)g->w + (size_t)sx].b = 0;
	}
	hpush(heap, &hn, (hitem){0.0, (size_t)sy * (size_t)g->w + (size_t)sx});
	while (hn > 0) {
		hitem it = hpop(heap, &hn);
		int x, y, dx, dy;

		if (done[it.cell])
			continue;
		done[it.cell] = 1;
		x = (int)(it.cell % (size_t)g->w);
		y = (int)(it.cell / (size_t)g->w);
		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				size_t v;
				double nd;

				if (!ref_move_legal(g, pol, x, y, dx, dy, -1,
				                    -1))
					continue;
				v = (size_t)(y + dy) * (size_t)g->w +
				    (size_t)(x + dx);
				nd = dist[it.cell] +
				     ref_step_cost(g, x, y, dx, dy);
				if (nd < dist[v]) {
					dist[v] = nd;
					if (exact) {
						int64_t c = ref_cost(g, x + dx,
						                     y + dy);

						exact[v] = exact[it.cell];
						if (dx != 0 && dy != 0)
							exact[v].b += c;
						else
							exact[v].a += c;
					}
					hpush(heap, &hn, (hitem){nd, v});
				}
			}
		}
	}
	free(heap);
	free(done);
	return 1;
}
