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

/* Whether (px, py) is inside polygon o (even-odd rule). */
static int in_polygon(const tiled_object *o, double px, double py)
{
	int in = 0;

	for (size_t i = 0, j = o->npts - 1; i < o->npts; j = i++) {
		double xi = o->x + o->pts[2 * i], yi = o->y + o->pts[2 * i + 1];
		double xj = o->x + o->pts[2 * j], yj = o->y + o->pts[2 * j + 1];
		if ((yi > py) != (yj > py) &&
		    px < (xj - xi) * (py - yi) / (yj - yi) + xi)
			in = !in;
	}
	return in;
}

static int covers(const tiled_object *o, double px, double py)
{
	double x0, y0, x1, y1;

	object_box(o, &x0, &y0, &x1, &y1);
	if (px < x0 || px > x1 || py < y0 || py > y1)
		return 0;
	if (o->shape == TS_POLYGON)
		return o->npts >= 3 && in_polygon(o, px, py);
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

/* The shapes of object layer l block the cells whose centre they cover
 * (points and polylines cover none). */
int tiled_objects_block(tiled_model *t, const tiled_layer *l, astar_grid *g,
                        long x0, long y0)
{
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);

	for (size_t i = 0; i < l->nobjs; i++) {
		const tiled_object *o = &l->objs[i];
		double bx0, by0, bx1, by1;
		if (o->shape == TS_POINT || o->shape == TS_POLYLINE)
			continue;
		object_box(o, &bx0, &by0, &bx1, &by1);
		long cx0 = (long)floor(bx0 / (double)t->tw) - x0,
		     cx1 = (long)floor(bx1 / (double)t->tw) - x0,
		     cy0 = (long)floor(by0 / (double)t->th) - y0,
		     cy1 = (long)floor(by1 / (double)t->th) - y0;
		for (long cy = cy0 < 0 ? 0 : cy0; cy <= cy1 && cy < h; cy++)
			for (long cx = cx0 < 0 ? 0 : cx0; cx <= cx1 && cx < w;
			     cx++) {
				double px = ((double)(cx + x0) + 0.5) *
				            (double)t->tw,
				       py = ((double)(cy + y0) + 0.5) *
				            (double)t->th;
				if (covers(o, px, py))
					astar_grid_set(g, (int32_t)cx,
					               (int32_t)cy, 0);
			}
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
				char place[48] = "";
				if (o->line > 0)
					snprintf(place, sizeof place,
					         o->col > 0 ? ":%ld:%ld" : ":%ld",
					         o->line, o->col);
				diag_warn("%s%s: object '%.60s' is off the "
				          "map: it names no cell",
				          t->opts->path ? t->opts->path : "-",
				          place, name);
				continue;
			}
			if (map_add_point(m, name, at) != 0)
				return map_fail(t->err, 0, 0, "out of memory");
		}
	}
	map_default_endpoints(m);
	return 0;
}
