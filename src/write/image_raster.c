/*
 * image_raster.c - the colours of a picture's cells, worked out one map
 * row at a time from the grid and an overlay of one byte per cell
 * (explored rank, path, block, mark), and the scale rows of pixels that
 * each map row becomes, grid lines included; also the colour scale under
 * a distance map.
 *
 * It draws into rows it is given and knows nothing of libpng or of the
 * marks drawn over the cells, so that the encoder and the marks can
 * change without it; image.c puts the three together.
 */
#include <stddef.h>
#include <stdint.h>

#include "image_raster.h"

/* How much of the explored tint covers the terrain, in 1/256. */
#define EXPLORED_ALPHA 150

/* Overlay values: 0 nothing, 1..RANK_LEVELS explored (early to late). */
#define RANK_LEVELS 240
#define OV_PART     250 /* a changed route: where the two part or meet */
#define OV_BOTH     251 /* on the recorded route and the current one */
#define OV_OLD      252 /* on the recorded route only */
#define OV_MARK     253
#define OV_PATH     254
#define OV_BLOCK    255

static rgb terrain(uint8_t cost)
{
	if (cost == 0)
		return WALL;
	if (cost == 1)
		return FLOOR;
	if (cost >= 9)
		return SWAMP_DARK;
	return mix(SWAMP_LIGHT, SWAMP_DARK, (unsigned)(cost - 2) * 256 / 7);
}

static rgb cell_colour(uint8_t cost, uint8_t ov)
{
	rgb c = terrain(cost);

	if (ov == OV_PATH)
		return PATH;
	if (ov == OV_MARK)
		return GOAL;
	if (ov == OV_BLOCK)
		return BLOCK;
	if (ov == OV_OLD)
		return RECORDED;
	if (ov == OV_BOTH)
		return BOTH;
	if (ov == OV_PART)
		return PART;
	if (ov >= 1 && ov <= RANK_LEVELS) {
		rgb tint = mix(EXPLORED_EARLY, EXPLORED_LATE,
		               (unsigned)(ov - 1) * 256 / (RANK_LEVELS - 1));
		c = mix(c, tint, EXPLORED_ALPHA);
	}
	return c;
}

/* The heat colour of t in 0..256 (near to far). */
static rgb heat(unsigned t)
{
	return t < 128 ? mix(HEAT_NEAR, HEAT_MID, t * 2)
	               : mix(HEAT_MID, HEAT_FAR, (t - 128) * 2);
}

/* A distance map's cell k: its heat (with flow, the colour of its
 * step's direction), grey when unreached, or the wall. */
static rgb dist_colour(const astar_flood_result *f, int flow, size_t k,
                       uint8_t cost, double most)
{
	double d = f->dist[k];

	if (cost == 0)
		return WALL;
	if (d < 0)
		return UNREACHED;
	if (flow)
		return f->flow[k] < 8 ? FLOW[f->flow[k]] : FLOOR;
	return heat(most > 0 ? (unsigned)(d / most * 256.0) : 0);
}

/* The height in pixels of the colour scale under a distance map (a flow
 * field's colours are directions: no scale). */
int64_t image_scale_band(const query_report *q, int scale)
{
	return q->dist == NULL || q->flow ? 0 : scale * 2 > 8 ? scale * 2 : 8;
}

/* The smallest cells a flow field's strokes are drawn in. */
#define STROKE_SCALE 5

void image_draw_flow(const query_report *q, int32_t y, int scale, int sy,
                     unsigned char *row)
{
	const astar_flood_result *f = q->dist;
	int c = scale / 2, len = scale / 2 - 1;

	if (f == NULL || !q->flow || scale < STROKE_SCALE)
		return;
	for (int32_t x = 0; x < f->width; x++) {
		uint8_t code = f->flow[(size_t)y * (size_t)f->width + (size_t)x];
		int dx, dy, t, sx;
		if (code >= 8)
			continue;
		dx = astar_flow_dx(code);
		dy = astar_flow_dy(code);
		/* The stroke's pixel on this row: t steps from the centre. */
		if (dy == 0 && sy != c)
			continue;
		t = dy == 0 ? -1 : (sy - c) * dy;
		if (dy != 0 && (t < 0 || t > len))
			continue;
		if (dy == 0) { /* a row of the stroke, and a dot at its root */
			for (t = 0; t <= len; t++)
				put_pixel(row, (int64_t)x * scale + c + t * dx,
				          OUTLINE);
			continue;
		}
		sx = c + t * dx;
		put_pixel(row, (int64_t)x * scale + sx, OUTLINE);
		/* the centre a dot of two pixels, the stroke's root */
		if (t == 0)
			put_pixel(row, (int64_t)x * scale + c - 1, OUTLINE);
	}
}

/* The recorded path a picture compares with q's (the one before
 * --update, else the expected one), or NULL when there is none. */
static const map_expect *recorded(const query_report *q)
{
	const map_expect *e = q->before != NULL ? q->before : q->expect;

	return e != NULL && e->has_path ? e : NULL;
}

int image_route_changed(const query_report *q)
{
	const map_expect *e = recorded(q);
	const astar_result *r = q->res;

	if (e == NULL || r == NULL || (r->found && r->path == NULL))
		return 0; /* the cells were not listed (astar_options.no_path) */
	if (!r->found || r->path_len != e->path_len)
		return 1;
	for (size_t i = 0; i < e->path_len; i++)
		if (r->path[i].x != e->path[i].x ||
		    r->path[i].y != e->path[i].y)
			return 1;
	return 0;
}

/* Whether cell p of the w x h map is on both routes (ov). */
static int on_both(const uint8_t *ov, astar_point p, int32_t w, int32_t h)
{
	uint8_t v;

	if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h)
		return 0;
	v = ov[(size_t)p.y * (size_t)w + (size_t)p.x];
	return v == OV_BOTH || v == OV_PART;
}

/* Marks as parting the cells on both routes next (along route pts) to a
 * cell on one route only: where the routes part and where they meet. */
static void mark_parts(uint8_t *ov, const astar_point *pts, size_t n,
                       int32_t w, int32_t h)
{
	for (size_t i = 0; i < n; i++) {
		astar_point p = pts[i];
		if (!on_both(ov, p, w, h))
			continue;
		if ((i > 0 && !on_both(ov, pts[i - 1], w, h)) ||
		    (i + 1 < n && !on_both(ov, pts[i + 1], w, h)))
			ov[(size_t)p.y * (size_t)w + (size_t)p.x] = OV_PART;
	}
}

/* A changed route: the recorded path over the current one (marked
 * OV_PATH already), each cell as on one route or both, then the cells
 * where they part. */
static void fill_recorded(uint8_t *ov, const query_report *q, int32_t w,
                          int32_t h)
{
	const map_expect *e = recorded(q);
	const astar_result *r = q->res;

	for (size_t i = 0; i < e->path_len; i++) {
		astar_point p = e->path[i];
		uint8_t *v;
		if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h)
			continue;
		v = &ov[(size_t)p.y * (size_t)w + (size_t)p.x];
		*v = *v == OV_PATH || *v == OV_BOTH ? OV_BOTH : OV_OLD;
	}
	mark_parts(ov, e->path, e->path_len, w, h);
	if (r->found && r->path != NULL)
		mark_parts(ov, r->path, r->path_len, w, h);
}

/* Marks the explored cells (by rank), the path and the blocks. */
void image_fill_overlay(uint8_t *ov, const query_report *q, int32_t w,
                        int32_t h)
{
	const astar_result *r = q->res;
	size_t n = r ? r->explored_len : 0;

	for (size_t i = 0; i < n; i++) {
		astar_point p = r->explored[i];
		size_t at;
		if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h)
			continue;
		at = (size_t)p.y * (size_t)w + (size_t)p.x;
		if (ov[at] == 0) { /* the first expansion counts */
			uint64_t rank = 0;
			if (n > 1)
				rank = (uint64_t)i * (RANK_LEVELS - 1) /
				       (n - 1);
			ov[at] = (uint8_t)(1 + rank);
		}
	}
	for (size_t i = 0; r && r->found && r->path && i < r->path_len; i++) {
		astar_point p = r->path[i];
		if (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h)
			ov[(size_t)p.y * (size_t)w + (size_t)p.x] = OV_PATH;
	}
	if (image_route_changed(q))
		fill_recorded(ov, q, w, h);
	for (size_t i = 0; i < q->nblocks; i++) {
		astar_point p = q->blocks[i];
		if (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h)
			ov[(size_t)p.y * (size_t)w + (size_t)p.x] = OV_BLOCK;
	}
	for (size_t i = 0; i < q->nmarks; i++) {
		astar_point p = q->marks[i];
		if (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h)
			ov[(size_t)p.y * (size_t)w + (size_t)p.x] = OV_MARK;
	}
}

/* The largest distance in a distance map, the far end of its scale. */
double image_most_distance(const query_report *q, size_t ncells)
{
	double most = 0.0;

	for (size_t k = 0; q->dist && k < ncells; k++)
		if (q->dist->dist[k] > most)
			most = q->dist->dist[k];
	return most;
}

/* Map row y's cell colours into cells. */
void image_colour_row(const query_report *q, const uint8_t *ov, int32_t y,
                      double most, rgb *cells)
{
	const astar_grid *g = q->map->grid;
	int32_t w = astar_grid_width(g);
	const uint8_t *orow = ov + (size_t)y * (size_t)w;
	const uint8_t *grow = astar_grid_row_view(g, y);

	for (int32_t x = 0; x < w; x++)
		cells[x] = orow[x] == OV_MARK ? GOAL
		           : q->dist ? dist_colour(q->dist, q->flow,
		                                 (size_t)y * (size_t)w + x,
		                                 grow[x], most)
		                   : cell_colour(grow[x], orow[x]);
}

/* Pixel row sy of a map row whose colours are cells into row: each cell
 * scale pixels wide, its last column and row shaded as a grid line when
 * the cells are large enough to show one. */
void image_cells_to_pixels(const rgb *cells, int32_t w, int scale, int sy,
                           unsigned char *row)
{
	int grid_lines = scale >= 8;
	unsigned char *px = row;

	for (int32_t x = 0; x < w; x++) {
		rgb c = cells[x];
		for (int sx = 0; sx < scale; sx++) {
			rgb d = c;
			if (grid_lines && (sx == scale - 1 || sy == scale - 1))
				d = mix(c, OUTLINE, 28);
			*px++ = d.r;
			*px++ = d.g;
			*px++ = d.b;
		}
	}
}

/* Pixel row by of the colour scale under a distance map: near (left) to
 * far, under two rows of floor that part it from the map. */
void image_band_row(int64_t iw, int64_t by, unsigned char *row)
{
	for (int64_t x = 0; x < iw; x++) {
		rgb c = by < 2 ? FLOOR
		               : heat(iw > 1 ? (unsigned)(x * 256 / (iw - 1))
		                             : 0);
		put_pixel(row, x, c);
	}
}
