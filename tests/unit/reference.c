/*
 * reference.c - the test oracle: movement rules and a plain Dijkstra.
 *
 * Owns nothing but the reference model described in reference.h (with
 * worlds that wrap, several sources and the agent-size grid).  It is
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

/* Whether a diagonal step may pass a corner whose two side cells are
 * open (a, b) or not, under policy pol. */
static int ref_corner(astar_diagonal pol, int a, int b)
{
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
	return ref_corner(pol, a, b);
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
	return ref_flood(g, pol, 0, 0, &sx, &sy, 1, dist, exact);
}

/* x on an axis of n cells, brought back into range when joined. */
static int ref_axis(int x, int n, int joined)
{
	if (joined)
		x = ((x % n) + n) % n;
	return x;
}

int ref_wrap_legal(const ref_grid *g, astar_diagonal pol, int wx, int wy,
                   int x, int y, int dx, int dy, int *nx, int *ny)
{
	int ax = ref_axis(x + dx, g->w, wx), ay = ref_axis(y + dy, g->h, wy);
	int cx = ref_axis(x + dx, g->w, wx), cy = ref_axis(y + dy, g->h, wy);
	int a, b;

	*nx = ax;
	*ny = ay;
	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
		return 0;
	if (!ref_open(g, ax, ay))
		return 0;
	if (dx == 0 || dy == 0)
		return 1;
	a = ref_open(g, cx, y);
	b = ref_open(g, x, cy);
	return ref_corner(pol, a, b);
}

/* One flood's state: the grid and its rules, the costs found so far
 * (and their exact parts when asked for), and the heap of open cells. */
typedef struct ref_flood_run {
	const ref_grid *g;
	astar_diagonal pol;
	int wx, wy;
	double *dist;
	ref_exact *exact;
	hitem *heap;
	size_t hn;
} ref_flood_run;

/* Every cell unreached: an infinite cost, exact parts -1. */
static void ref_flood_clear(double *dist, ref_exact *exact, size_t ncell)
{
	for (size_t i = 0; i < ncell; i++) {
		dist[i] = INFINITY;
		if (exact) {
			exact[i].a = -1;
			exact[i].b = -1;
		}
	}
}

/* The open sources at cost 0, pushed in the order given; blocked ones
 * are left out. */
static void ref_flood_sources(ref_flood_run *f, const int *sx, const int *sy,
                              int n)
{
	for (int k = 0; k < n; k++) {
		size_t c = (size_t)sy[k] * (size_t)f->g->w + (size_t)sx[k];

		if (!ref_open(f->g, sx[k], sy[k]))
			continue;
		f->dist[c] = 0.0;
		if (f->exact) {
			f->exact[c].a = 0;
			f->exact[c].b = 0;
		}
		hpush(f->heap, &f->hn, (hitem){0.0, c});
	}
}

/* The step from the taken cell (x, y) by (dx, dy), when legal: the cell
 * it enters is lowered and pushed when this way is cheaper.  A diagonal
 * step costs sqrt(2) times the entered cell's cost. */
static void ref_flood_step(ref_flood_run *f, size_t cell, int x, int y, int dx,
                           int dy)
{
	size_t v;
	double nd;
	int nx, ny;
	int64_t c;

	if (!ref_wrap_legal(f->g, f->pol, f->wx, f->wy, x, y, dx, dy, &nx, &ny))
		return;
	v = (size_t)ny * (size_t)f->g->w + (size_t)nx;
	c = ref_cost(f->g, nx, ny);
	nd = f->dist[cell] +
	     (dx != 0 && dy != 0 ? sqrt(2.0) * (double)c : (double)c);
	if (nd < f->dist[v]) {
		f->dist[v] = nd;
		if (f->exact) {
			f->exact[v] = f->exact[cell];
			if (dx != 0 && dy != 0)
				f->exact[v].b += c;
			else
				f->exact[v].a += c;
		}
		hpush(f->heap, &f->hn, (hitem){nd, v});
	}
}

/* Dijkstra's loop: the cheapest open cell is taken once (later copies
 * of it in the heap are skipped) and its eight steps tried, rows of dy
 * from -1 to 1, dx from -1 to 1 in each. */
static void ref_flood_take_all(ref_flood_run *f, unsigned char *done)
{
	while (f->hn > 0) {
		hitem it = hpop(f->heap, &f->hn);
		int x, y;

		if (done[it.cell])
			continue;
		done[it.cell] = 1;
		x = (int)(it.cell % (size_t)f->g->w);
		y = (int)(it.cell / (size_t)f->g->w);
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++)
				ref_flood_step(f, it.cell, x, y, dx, dy);
	}
}

int ref_flood(const ref_grid *g, astar_diagonal pol, int wx, int wy,
              const int *sx, const int *sy, int n, double *dist,
              ref_exact *exact)
{
	size_t ncell = (size_t)g->w * (size_t)g->h;
	ref_flood_run f = {g, pol, wx, wy, dist, exact, NULL, 0};
	unsigned char *done;

	ref_flood_clear(dist, exact, ncell);
	/* Each cell is pushed at most once per improvement, at most 8
	 * in-edges, and the sources. */
	f.heap = malloc((8 * ncell + (size_t)n + 1) * sizeof *f.heap);
	done = calloc(ncell, 1);
	if (!f.heap || !done) {
		free(f.heap);
		free(done);
		return 0;
	}
	ref_flood_sources(&f, sx, sy, n);
	ref_flood_take_all(&f, done);
	free(f.heap);
	free(done);
	return 1;
}

void ref_footprint(const ref_grid *g, int size, int wx, int wy, ref_grid *out)
{
	out->w = g->w;
	out->h = g->h;
	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			int worst = 0, open = 1;

			for (int j = 0; j < size && open; j++) {
				for (int i = 0; i < size && open; i++) {
					int cx = x + i, cy = y + j, c;

					if ((!wx && cx >= g->w) ||
					    (!wy && cy >= g->h)) {
						open = 0;
						break;
					}
					c = ref_cost(g, cx % g->w, cy % g->h);
					if (c == 0)
						open = 0;
					if (c > worst)
						worst = c;
				}
			}
			out->cost[(size_t)y * g->w + x] =
				(uint8_t)(open ? worst : 0);
		}
	}
}
