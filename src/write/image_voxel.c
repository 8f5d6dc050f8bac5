/*
 * image_voxel.c - the pictures of the third dimension (--image): a voxel
 * query as the z layers its path crosses, side by side left to right
 * from the lowest, a column of background between them; and a query on
 * a height map as shaded relief (light from the north-west, low ground
 * green, high ground brown) with the path over it.  Walls dark slate,
 * the path orange, the start green, the goal red, as on grids.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "image_palette.h"
#include "image_png.h"

enum { V_NONE, V_PATH, V_START, V_GOAL };

/* The grid's palette (image_palette.h), so that a report page's legend
 * holds for every picture; white between slices. */
static const rgb GAP = {255, 255, 255};

typedef struct vpic {
	const query_report *q;
	int scale;
	int32_t w, h, n; /* a slice's size, slices drawn */
	int32_t *zs;     /* their z */
	uint8_t *mark;   /* n x w x h: V_* */
	double *shade;   /* relief: w x h colours' brightness, or NULL */
	double lo, hi;   /* relief: the heights' range */
	int64_t iw;
} vpic;

static void put_px(unsigned char *row, int64_t px, int scale, rgb c)
{
	for (int s = 0; s < scale; s++)
		put_pixel(row, px * scale + s, c);
}

static const rgb *mark_colour(uint8_t m)
{
	return m == V_PATH    ? &PATH
	       : m == V_START ? &START
	       : m == V_GOAL  ? &GOAL
	                      : NULL;
}

/* A voxel's terrain: wall, floor, or greener as a swamp grows dearer,
 * as on a grid. */
static rgb terrain(uint8_t c)
{
	if (c == 0)
		return WALL;
	if (c == 1)
		return FLOOR;
	return mix(SWAMP_LIGHT, SWAMP_DARK,
	           (unsigned)(256 * ((c > 9 ? 9 : c) - 2) / 7));
}

static void voxel_row(void *ctx, int64_t py, unsigned char *row)
{
	const vpic *p = ctx;
	const astar_voxels *v = p->q->map->voxels;
	int32_t y = (int32_t)(py / p->scale);

	for (int32_t k = 0, cx = 0; k < p->n; k++) {
		for (int32_t x = 0; x < p->w; x++, cx++) {
			uint8_t m = p->mark[((size_t)k * p->h + y) * p->w + x];
			uint8_t c = astar_voxels_get(v, x, y, p->zs[k]);
			put_px(row, cx, p->scale,
			       mark_colour(m) ? *mark_colour(m) : terrain(c));
		}
		if (k + 1 < p->n)
			put_px(row, cx++, p->scale, GAP);
	}
}

/* Marks in on[z] the layers a voxel query's picture draws: those its
 * path crosses, and its start's and goal's (all there are without a
 * path); returns how many. */
static int32_t layers_drawn(const query_report *q, unsigned char *on)
{
	const astar_voxel_result *r = q->vres;
	size_t np = r->path != NULL ? r->path_len : 0;
	int32_t n = 0;

	for (size_t i = 0; i < np; i++)
		on[r->path[i].z] = 1;
	on[q->vstart.z] = on[q->vgoal.z] = 1;
	for (int32_t z = 0; z < astar_voxels_depth(q->map->voxels); z++)
		n += on[z];
	return n;
}

/* The picture's columns of voxels: n slices and the gaps between. */
static int64_t slice_columns(const query_report *q, int32_t n)
{
	return (int64_t)n * astar_voxels_width(q->map->voxels) + n - 1;
}

int image_fit_3d(const query_report *q, int64_t most)
{
	const astar_grid *g = q->map->grid;
	unsigned char *on;
	int64_t cols;

	if (q->vres == NULL)
		return image_fit(astar_grid_width(g), astar_grid_height(g),
		                 most);
	if ((on = calloc((size_t)astar_voxels_depth(q->map->voxels), 1)) ==
	    NULL)
		return 1;
	cols = slice_columns(q, layers_drawn(q, on));
	free(on);
	return image_fit((int32_t)(cols > INT32_MAX ? INT32_MAX : cols),
	                 astar_voxels_height(q->map->voxels), most);
}

static int write_voxels(FILE *fp, const query_report *q, int scale,
                        diag_err *err)
{
	const astar_voxels *v = q->map->voxels;
	const astar_voxel_result *r = q->vres;
	int32_t d = astar_voxels_depth(v);
	vpic p = {q,
	          scale,
	          astar_voxels_width(v),
	          astar_voxels_height(v),
	          0,
	          NULL,
	          NULL,
	          NULL,
	          0,
	          0,
	          0};
	unsigned char *on = calloc((size_t)d, 1);
	size_t np = r->path != NULL ? r->path_len : 0;
	int rc = -1;

	if (on == NULL)
		return diag_fail(err, 0, 0, "out of memory");
	p.n = layers_drawn(q, on);
	p.zs = malloc((size_t)p.n * sizeof *p.zs);
	p.mark = calloc((size_t)p.n * p.w * p.h, 1);
	if (p.zs == NULL || p.mark == NULL) {
		diag_fail(err, 0, 0, "out of memory");
		goto done;
	}
	for (int32_t z = 0, k = 0; z < d; z++)
		if (on[z]) {
			on[z] = (unsigned char)k; /* slice numbers from here */
			p.zs[k++] = z;
		}
	for (size_t i = 0; i < np; i++)
		p.mark[((size_t)on[r->path[i].z] * p.h + r->path[i].y) * p.w +
		       r->path[i].x] = V_PATH;
	p.mark[((size_t)on[q->vgoal.z] * p.h + q->vgoal.y) * p.w + q->vgoal.x] =
		V_GOAL;
	p.mark[((size_t)on[q->vstart.z] * p.h + q->vstart.y) * p.w +
	       q->vstart.x] = V_START;
	int64_t cols = slice_columns(q, p.n);
	if (p.scale <= 0)
		p.scale = image_fit(
			(int32_t)(cols > INT32_MAX ? INT32_MAX : cols), p.h,
			2048);
	p.iw = cols * p.scale;
	if (p.iw > IMAGE_MAX_SIDE || (int64_t)p.h * p.scale > IMAGE_MAX_SIDE) {
		diag_fail(err, 0, 0,
		          "the picture would be %lldx%lld pixels, more than %d "
		          "on a side",
		          (long long)p.iw, (long long)p.h * p.scale,
		          IMAGE_MAX_SIDE);
		goto done;
	}
	rc = image_png_write(fp, p.iw, (int64_t)p.h * p.scale,
	                     "voxel slices, lowest z first, left to right: "
	                     "wall dark slate, floor light grey, path orange, "
	                     "start green, goal red",
	                     voxel_row, &p, err);
done:
	free(on);
	free(p.zs);
	free(p.mark);
	return rc;
}

static void relief_row(void *ctx, int64_t py, unsigned char *row)
{
	const vpic *p = ctx;
	const astar_grid *g = p->q->map->grid;
	int32_t y = (int32_t)(py / p->scale);

	for (int32_t x = 0; x < p->w; x++) {
		size_t i = (size_t)y * p->w + x;
		const rgb *m = mark_colour(p->mark[i]);
		rgb c;
		if (m == NULL && astar_grid_get(g, x, y) == 0) {
			m = &WALL;
		} else if (m == NULL) {
			double t = p->hi > p->lo
			                   ? (p->q->map->heights[i] - p->lo) /
			                             (p->hi - p->lo)
			                   : 0.0;
			double s = p->shade[i];
			c.r = (unsigned char)((110 + 100 * t) * s);
			c.g = (unsigned char)((170 - 10 * t) * s);
			c.b = (unsigned char)((100 + 30 * t) * s);
			m = &c;
		}
		put_px(row, x, p->scale, *m);
	}
}

/* Each cell's brightness: its slope's normal against light from the
 * north-west and above. */
static void hillshade(vpic *p, const double *h)
{
	for (int32_t y = 0; y < p->h; y++)
		for (int32_t x = 0; x < p->w; x++) {
			int32_t x0 = x > 0 ? x - 1 : x,
				x1 = x + 1 < p->w ? x + 1 : x;
			int32_t y0 = y > 0 ? y - 1 : y,
				y1 = y + 1 < p->h ? y + 1 : y;
			double dx = (h[(size_t)y * p->w + x1] -
			             h[(size_t)y * p->w + x0]) /
			            (x1 - x0 > 0 ? x1 - x0 : 1);
			double dy = (h[(size_t)y1 * p->w + x] -
			             h[(size_t)y0 * p->w + x]) /
			            (y1 - y0 > 0 ? y1 - y0 : 1);
			double len = sqrt(dx * dx + dy * dy + 1.0);
			double lit = (dx + dy + 1.0) / (len * sqrt(3.0));
			p->shade[(size_t)y * p->w + x] =
				0.45 + 0.55 * (lit > 0 ? lit : 0);
			if (h[(size_t)y * p->w + x] < p->lo)
				p->lo = h[(size_t)y * p->w + x];
			if (h[(size_t)y * p->w + x] > p->hi)
				p->hi = h[(size_t)y * p->w + x];
		}
}

static int write_relief(FILE *fp, const query_report *q, int scale,
                        diag_err *err)
{
	const astar_grid *g = q->map->grid;
	const astar_result *r = q->res;
	vpic p = {q,
	          scale,
	          astar_grid_width(g),
	          astar_grid_height(g),
	          1,
	          NULL,
	          NULL,
	          NULL,
	          INFINITY,
	          -INFINITY,
	          0};
	size_t n = (size_t)p.w * p.h;
	int rc = -1;

	p.mark = calloc(n, 1);
	p.shade = malloc(n * sizeof *p.shade);
	if (p.mark == NULL || p.shade == NULL) {
		diag_fail(err, 0, 0, "out of memory");
		goto done;
	}
	hillshade(&p, q->map->heights);
	for (size_t i = 0; r->found && r->path != NULL && i < r->path_len; i++)
		p.mark[(size_t)r->path[i].y * p.w + r->path[i].x] = V_PATH;
	p.mark[(size_t)q->goal.y * p.w + q->goal.x] = V_GOAL;
	p.mark[(size_t)q->start.y * p.w + q->start.x] = V_START;
	if (p.scale <= 0)
		p.scale = image_fit(p.w, p.h, 2048);
	p.iw = (int64_t)p.w * p.scale;
	if (p.iw > IMAGE_MAX_SIDE || (int64_t)p.h * p.scale > IMAGE_MAX_SIDE) {
		diag_fail(err, 0, 0,
		          "the picture would be %lldx%lld pixels, more than %d "
		          "on a side",
		          (long long)p.iw, (long long)p.h * p.scale,
		          IMAGE_MAX_SIDE);
		goto done;
	}
	rc = image_png_write(
		fp, p.iw, (int64_t)p.h * p.scale,
		"shaded relief (light from the north-west; low "
		"green, high brown): wall dark slate, path orange, "
		"start green, goal red",
		relief_row, &p, err);
done:
	free(p.mark);
	free(p.shade);
	return rc;
}

/* A voxel flow step's colour: its move in the layer as a grid's flow
 * field colours it (FLOW, by the library's N E S W NE SE SW NW),
 * magenta straight up or down; lighter when it climbs to z + 1, darker
 * when it goes down to z - 1. */
static rgb step_colour(uint8_t code)
{
	static const int8_t planar[9] = {7, 0, 4, 3, -1, 1, 6, 2, 5};
	static const rgb VERTICAL = {200, 60, 170}, WHITE = {255, 255, 255},
			 BLACK = {0, 0, 0};
	int k = planar[code % 9], dz = code / 9 - 1;
	rgb c = k >= 0 ? FLOW[k] : VERTICAL;

	return dz > 0 ? mix(c, WHITE, 110) : dz < 0 ? mix(c, BLACK, 110) : c;
}

/* A distance map's voxel t: its heat, as a grid's (with flow, its
 * step's colour), grey when not reached, green at a start, or the
 * wall. */
static rgb field_colour(const query_report *q, size_t t, uint8_t cost,
                        double most)
{
	double d = q->vdist[t];
	unsigned h;

	if (cost == 0)
		return WALL;
	if (d < 0)
		return UNREACHED;
	if (d == 0)
		return START;
	if (q->vflow != NULL)
		return step_colour(q->vflow[t] < 27 ? q->vflow[t] : 13);
	h = most > 0 ? (unsigned)(d / most * 256.0) : 0;
	return h < 128 ? mix(HEAT_NEAR, HEAT_MID, h * 2)
	               : mix(HEAT_MID, HEAT_FAR, (h - 128) * 2);
}

static void field_row(void *ctx, int64_t py, unsigned char *row)
{
	const vpic *p = ctx;
	const astar_voxels *v = p->q->map->voxels;
	int32_t y = (int32_t)(py / p->scale);

	for (int32_t z = 0, cx = 0; z < p->n; z++) {
		size_t t = ((size_t)z * p->h + y) * p->w;
		for (int32_t x = 0; x < p->w; x++, cx++, t++)
			put_px(row, cx, p->scale,
			       field_colour(p->q, t, astar_voxels_get(v, x, y, z),
			                    p->hi));
		if (z + 1 < p->n)
			put_px(row, cx++, p->scale, GAP);
	}
}

/* --distances (and --flow) on a voxel map: every layer side by side. */
static int write_field(FILE *fp, const query_report *q, int scale,
                       diag_err *err)
{
	const astar_voxels *v = q->map->voxels;
	vpic p = {q, scale, astar_voxels_width(v), astar_voxels_height(v),
	          astar_voxels_depth(v), NULL, NULL, NULL, 0, 0, 0};
	size_t n = (size_t)p.w * p.h * p.n;
	int64_t cols = slice_columns(q, p.n);

	for (size_t t = 0; t < n; t++)
		p.hi = q->vdist[t] > p.hi ? q->vdist[t] : p.hi; /* the farthest */
	if (p.scale <= 0)
		p.scale = image_fit(
			(int32_t)(cols > INT32_MAX ? INT32_MAX : cols), p.h,
			2048);
	p.iw = cols * p.scale;
	if (p.iw > IMAGE_MAX_SIDE || (int64_t)p.h * p.scale > IMAGE_MAX_SIDE)
		return diag_fail(err, 0, 0,
		                 "the picture would be %lldx%lld pixels, more "
		                 "than %d on a side",
		                 (long long)p.iw, (long long)p.h * p.scale,
		                 IMAGE_MAX_SIDE);
	return image_png_write(
		fp, p.iw, (int64_t)p.h * p.scale,
		q->vflow != NULL
			? "voxel flow field, every layer, lowest z first, left "
			  "to right: each reached voxel coloured by its step "
			  "toward the nearest start, in its layer as a grid's "
			  "(north blue, north-east cyan, east green, south-east "
			  "lime, south yellow, south-west orange, west red, "
			  "north-west purple), straight up or down magenta; "
			  "lighter when the step climbs to z + 1, darker when "
			  "it goes down to z - 1; walls dark, voxels not "
			  "reached grey, start green"
			: "voxel distance map, every layer, lowest z first, "
			  "left to right: each reached voxel coloured by its "
			  "cost from the nearest start, light yellow (near) "
			  "through red to dark purple (the farthest); walls "
			  "dark, voxels not reached grey, start green",
		field_row, &p, err);
}

int image_write_3d(FILE *fp, const query_report *q, int scale, diag_err *err)
{
	if (q->vres != NULL && q->vdist != NULL)
		return write_field(fp, q, scale, err);
	if (q->vres != NULL)
		return write_voxels(fp, q, scale, err);
	return write_relief(fp, q, scale, err);
}
