/*
 * tiled_objects.c - a Tiled map's objects: the shapes of a collision
 * object layer block the cells whose centre they cover, and every object
 * with a name (or, without one, a type/class) is a named point at the
 * cell under its centre.  Rotation is ignored: it turns an object about
 * its anchor, which no rule here needs.  It reads the model
 * (tiled_model.h) for the grid builder, tiled_grid.c, above it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "tiled_objects.h"

/* The object's box in pixels: a tile object is anchored at its
 * bottom-left corner, every other shape at its top-left; a polygon's box
 * is its points'. */
static void object_box(const tiled_object *o, double *x0, double *y0,
                       double *x1, double *y1)
{
	*x0 = o->x;
	*y0 = o->y;
	*x1 = o->x + o->w;
	*y1 = o->y + o->h;
	if (o->shape == TS_TILE) {
		*y0 = o->y - o->h;
		*y1 = o->y;
	} else if (o->shape == TS_POLYGON || o->shape == TS_POLYLINE) {
		for (size_t i = 0; i < o->npts; i++) {
			double px = o->x + o->pts[2 * i],
			       py = o->y + o->pts[2 * i + 1];
			if (i == 0 || px < *x0)
				*x0 = px;
			if (i == 0 || py < *y0)
				*y0 = py;
			if (i == 0 || px > *x1)
				*x1 = px;
			if (i == 0 || py > *y1)
				*y1 = py;
		}
	}
}

/* A shape other than a polygon covers the centre (px, py) when it lies
 * in the box (x0, y0, x1, y1) and in the ellipse that box bounds, for
 * an ellipse. */
static int covers(const tiled_object *o, double px, double py)
{
	double x0, y0, x1, y1;

	object_box(o, &x0, &y0, &x1, &y1);
	if (px < x0 || px > x1 || py < y0 || py > y1)
		return 0;
	if (o->shape == TS_ELLIPSE) {
		double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
		double rx = (x1 - x0) / 2, ry = (y1 - y0) / 2;
		if (rx <= 0 || ry <= 0)
			return 0;
		return (px - cx) * (px - cx) / (rx * rx) +
		               (py - cy) * (py - cy) / (ry * ry) <=
		       1;
	}
	return o->shape == TS_RECT || o->shape == TS_TILE;
}

/* A polygon filled by scanline: the cells of a row whose centre is
 * inside by the even-odd rule (an odd number of edges cross the row's
 * centre line to the right of the centre).  Edges are taken up in the
 * order of the first row they may cross and dropped after their last,
 * so a row looks only at the edges that cross it; the rule and its
 * arithmetic are those of a test of each centre against every edge,
 * so the cells are the same. */
typedef struct edge {
	long first, last; /* the rows it may cross */
	size_t i;         /* from corner i to corner i - 1 (or the last) */
} edge;

typedef struct scan {
	const tiled_object *o;
	astar_grid *g;
	double tw, th, bx0, by0, bx1, by1;
	long x0, y0, ra, rb, ca, cb; /* the box's rows and columns */
} scan;

static double cell_x(const scan *s, long cx)
{
	return ((double)(cx + s->x0) + 0.5) * s->tw;
}

static double cell_y(const scan *s, long cy)
{
	return ((double)(cy + s->y0) + 0.5) * s->th;
}

static void corners(const scan *s, size_t i, double *xi, double *yi,
                    double *xj, double *yj)
{
	const tiled_object *o = s->o;
	size_t j = i == 0 ? o->npts - 1 : i - 1;

	*xi = o->x + o->pts[2 * i];
	*yi = o->y + o->pts[2 * i + 1];
	*xj = o->x + o->pts[2 * j];
	*yj = o->y + o->pts[2 * j + 1];
}

/* v made a cell index within lo..hi, compared as a floating-point
 * number first, so that no huge or infinite value is converted. */
static long clamp_cell(double v, long lo, long hi)
{
	if (!(v > (double)lo))
		return lo;
	if (v > (double)hi)
		return hi;
	return (long)v;
}

/* The rows of the box edge i may cross: those whose centre line lies
 * between its ends, and one more each side for rounding (each row
 * tests the rule itself).  0 for an edge that can cross none. */
static int edge_rows(const scan *s, size_t i, edge *e)
{
	double xi, yi, xj, yj, lo, hi;

	corners(s, i, &xi, &yi, &xj, &yj);
	lo = yi < yj ? yi : yj;
	hi = yi < yj ? yj : yi;
	if (!(lo < hi))
		return 0; /* level, or not a number: it crosses no row */
	e->i = i;
	e->first = clamp_cell(ceil(lo / s->th - (double)s->y0 - 0.5) - 1,
	                      s->ra, s->rb + 1);
	e->last = clamp_cell(floor(hi / s->th - (double)s->y0 - 0.5) + 1,
	                     s->ra - 1, s->rb);
	return e->first <= e->last;
}

static int by_first(const void *a, const void *b)
{
	long fa = ((const edge *)a)->first, fb = ((const edge *)b)->first;
	return (fa > fb) - (fa < fb);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Blocks the cells of row cy whose centre lies in [lo, hi). */
static void fill_span(const scan *s, long cy, double lo, double hi)
{
	long cx = clamp_cell(ceil(lo / s->tw - (double)s->x0 - 0.5) - 1,
	                     s->ca, s->cb + 1);

	for (; cx <= s->cb; cx++) {
		double px = cell_x(s, cx);
		if (!(px < hi))
			break;
		if (px >= lo && px >= s->bx0 && px <= s->bx1)
			astar_grid_set(s->g, (int32_t)cx, (int32_t)cy, 0);
	}
}

/* Row cy: the n crossings xs of its centre line by the active edges
 * (those the rule counts), sorted; a centre is inside when an odd
 * number lie to its right, so the spans are [xs[k-2], xs[k-1]),
 * [xs[k-4], xs[k-3]), ... and, for an odd count, below xs[0]. */
static void fill_row(const scan *s, long cy, const edge *act, size_t nact,
                     double *xs)
{
	double py = cell_y(s, cy);
	size_t n = 0;

	if (py < s->by0 || py > s->by1)
		return;
	for (size_t k = 0; k < nact; k++) {
		double xi, yi, xj, yj, x;
		corners(s, act[k].i, &xi, &yi, &xj, &yj);
		if ((yi > py) == (yj > py))
			continue;
		x = (xj - xi) * (py - yi) / (yj - yi) + xi;
		if (x == x) /* one not a number is to the right of nothing */
			xs[n++] = x;
	}
	qsort(xs, n, sizeof *xs, by_value);
	for (; n >= 2; n -= 2)
		fill_span(s, cy, xs[n - 2], xs[n - 1]);
	if (n == 1)
		fill_span(s, cy, -HUGE_VAL, xs[0]);
}

/* The polygon's cells, row by row; 0, or -1 when out of memory. */
static int fill_polygon(scan *s)
{
	size_t n = s->o->npts, ne = 0, na = 0, next = 0;
	edge *es = malloc(n * sizeof *es), *act = malloc(n * sizeof *act);
	double *xs = malloc(n * sizeof *xs);
	int rc = es && act && xs ? 0 : -1;

	for (size_t i = 0; rc == 0 && i < n; i++)
		ne += edge_rows(s, i, &es[ne]);
	if (rc == 0)
		qsort(es, ne, sizeof *es, by_first);
	for (long cy = ne ? es[0].first : 1; rc == 0 && cy <= s->rb; cy++) {
		size_t kept = 0;
		for (size_t k = 0; k < na; k++)
			if (act[k].last >= cy)
				act[kept++] = act[k];
		na = kept;
		while (next < ne && es[next].first <= cy)
			act[na++] = es[next++];
		if (na == 0 && next == ne)
			break;
		fill_row(s, cy, act, na, xs);
	}
	free(es);
	free(act);
	free(xs);
	return rc;
}

/* The shapes of object layer l block the cells whose centre they cover
 * (points and polylines cover none, nor polygons of under 3 corners);
 * 0, or -1 with t->err set. */
int tiled_objects_block(tiled_model *t, const tiled_layer *l, astar_grid *g,
                        long x0, long y0)
{
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);

	for (size_t i = 0; i < l->nobjs; i++) {
		const tiled_object *o = &l->objs[i];
		scan s = {o, g, (double)t->tw, (double)t->th, 0, 0, 0, 0,
		          x0, y0, 0, 0, 0, 0};
		if (o->shape == TS_POINT || o->shape == TS_POLYLINE ||
		    (o->shape == TS_POLYGON && o->npts < 3))
			continue;
		object_box(o, &s.bx0, &s.by0, &s.bx1, &s.by1);
		/* The box's cells on the grid, clamped before conversion:
		 * a box of huge numbers converts to no undefined value. */
		s.ca = clamp_cell(floor(s.bx0 / s.tw) - (double)x0, 0, w);
		s.cb = clamp_cell(floor(s.bx1 / s.tw) - (double)x0, -1, w - 1);
		s.ra = clamp_cell(floor(s.by0 / s.th) - (double)y0, 0, h);
		s.rb = clamp_cell(floor(s.by1 / s.th) - (double)y0, -1, h - 1);
		if (o->shape == TS_POLYGON) {
			if (s.ra <= s.rb && s.ca <= s.cb &&
			    fill_polygon(&s) != 0)
				return map_fail(t->err, 0, 0, "out of memory");
			continue;
		}
		for (long cy = s.ra; cy <= s.rb; cy++)
			for (long cx = s.ca; cx <= s.cb; cx++)
				if (covers(o, cell_x(&s, cx), cell_y(&s, cy)))
					astar_grid_set(g, (int32_t)cx,
					               (int32_t)cy, 0);
	}
	return 0;
}

/* The object's points: its name, else its type/class; at the cell
 * under its centre (a point object: its position).  One off the map is
 * left out with a warning. */
int tiled_points(tiled_model *t, map *m, long x0, long y0)
{
	for (size_t i = 0; i < t->nlayers; i++) {
		const tiled_layer *l = &t->layers[i];
		for (size_t k = 0; l->kind == TL_OBJECTS && k < l->nobjs; k++) {
			const tiled_object *o = &l->objs[k];
			const char *name = o->name && o->name[0] ? o->name
			                                         : o->type;
			double bx0, by0, bx1, by1;
			if (name == NULL || name[0] == '\0')
				continue;
			object_box(o, &bx0, &by0, &bx1, &by1);
			double px = (bx0 + bx1) / 2, py = (by0 + by1) / 2;
			if (!(fabs(px) < 1e15 && fabs(py) < 1e15))
				continue;
			astar_point at = {
				(int32_t)((long)floor(px / (double)t->tw) - x0),
				(int32_t)((long)floor(py / (double)t->th) - y0)};
			if (!astar_grid_contains(m->grid, at.x, at.y)) {
				char place[48] = "", q[64];
				if (o->line > 0)
					snprintf(place, sizeof place,
					         o->col > 0 ? ":%ld:%ld" : ":%ld",
					         o->line, o->col);
				diag_warn("%s%s: object '%s' is off the "
				          "map: it names no cell",
				          t->opts->path ? t->opts->path : "-",
				          place, diag_quote(name, q, sizeof q));
				continue;
			}
			if (map_add_point(m, name, at) != 0 ||
			    map_point_tag(m, m->npoints - 1,
			                  name == o->name ? o->type : NULL,
			                  m->npoints - 1) != 0)
				return map_fail(t->err, 0, 0, "out of memory");
		}
	}
	map_default_endpoints(m);
	return 0;
}
