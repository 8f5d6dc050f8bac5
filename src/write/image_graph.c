/*
 * image_graph.c - drawing a graph query from above (image_graph.h): the
 * nodes' x, y scaled into a picture of at most IMAGE_GRAPH_SIDE pixels a
 * side, arcs as grey lines, walkable nodes as dark dots and unwalkable
 * ones as red crosses, the explored nodes in blue, the path in orange,
 * the starts green and the goals red.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "image_graph.h"
#include "image_png.h"

#define MARGIN 12

typedef struct canvas {
	unsigned char *px;
	int64_t w, h;
	double x0, y0, scale;
} canvas;

static const unsigned char BG[3] = {250, 250, 247}, ARC[3] = {200, 200, 200},
                           NODE[3] = {70, 70, 70}, WALL[3] = {200, 40, 40},
                           SEEN[3] = {90, 140, 230}, PATH[3] = {240, 140, 20},
                           START[3] = {30, 160, 60}, GOAL[3] = {210, 30, 30};

static void plot(canvas *c, int64_t x, int64_t y, const unsigned char *rgb)
{
	if (x >= 0 && y >= 0 && x < c->w && y < c->h)
		memcpy(c->px + 3 * (y * c->w + x), rgb, 3);
}

static void where(const canvas *c, const graph_file *f, uint32_t v,
                  int64_t *x, int64_t *y)
{
	double p[3];

	astar_graph_pos(f->g, v, p);
	*x = MARGIN + (int64_t)llround((p[0] - c->x0) * c->scale);
	*y = MARGIN + (int64_t)llround((p[1] - c->y0) * c->scale);
}

/* A line, Bresenham's, thick pixels wide. */
static void line(canvas *c, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                 const unsigned char *rgb, int thick)
{
	int64_t dx = llabs(x1 - x0), dy = -llabs(y1 - y0);
	int64_t sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, e = dx + dy;

	for (;;) {
		for (int a = 0; a < thick; a++)
			for (int b = 0; b < thick; b++)
				plot(c, x0 + a - thick / 2, y0 + b - thick / 2, rgb);
		int64_t e2 = 2 * e; /* both steps judge the same error */

		if (x0 == x1 && y0 == y1)
			return;
		if (e2 >= dy) {
			e += dy;
			x0 += sx;
		}
		if (e2 <= dx) {
			e += dx;
			y0 += sy;
		}
	}
}

static void dot(canvas *c, const graph_file *f, uint32_t v,
                const unsigned char *rgb, int r)
{
	int64_t x, y;

	where(c, f, v, &x, &y);
	for (int a = -r; a <= r; a++)
		for (int b = -r; b <= r; b++)
			if (a * a + b * b <= r * r + r)
				plot(c, x + a, y + b, rgb);
}

static void cross(canvas *c, const graph_file *f, uint32_t v)
{
	int64_t x, y;

	where(c, f, v, &x, &y);
	line(c, x - 3, y - 3, x + 3, y + 3, WALL, 1);
	line(c, x - 3, y + 3, x + 3, y - 3, WALL, 1);
}

/* The scale that fits the nodes' x, y into the picture. */
static void frame(canvas *c, const graph_file *f)
{
	double x1 = -INFINITY, y1 = -INFINITY, span;

	c->x0 = c->y0 = INFINITY;
	for (size_t i = 0; i < f->n; i++) {
		double p[3], x, y;

		astar_graph_pos(f->g, (uint32_t)i, p);
		x = p[0];
		y = p[1];
		c->x0 = fmin(c->x0, x);
		c->y0 = fmin(c->y0, y);
		x1 = fmax(x1, x);
		y1 = fmax(y1, y);
	}
	span = fmax(x1 - c->x0, y1 - c->y0);
	c->scale = span > 0 ? (IMAGE_GRAPH_SIDE - 2 * MARGIN) / span : 1;
	c->w = 2 * MARGIN + (int64_t)llround((x1 - c->x0) * c->scale) + 1;
	c->h = 2 * MARGIN + (int64_t)llround((y1 - c->y0) * c->scale) + 1;
}

static void draw_all(canvas *c, const graph_file *f,
                     const astar_graph_result *r, const graph_query *q)
{
	for (size_t i = 0; i < (size_t)c->w * c->h; i++)
		memcpy(c->px + 3 * i, BG, 3);
	for (uint32_t u = 0; u < f->n; u++) {
		const uint32_t *to;
		const double *cost;
		size_t n = astar_graph_out(f->g, u, &to, &cost);
		int64_t ax, ay, bx, by;

		where(c, f, u, &ax, &ay);
		for (size_t k = 0; k < n; k++) {
			where(c, f, to[k], &bx, &by);
			line(c, ax, ay, bx, by, ARC, 1);
		}
	}
	int r0 = f->n <= 2000 ? 3 : 1; /* a waypoint graph's nodes stand out */

	for (uint32_t u = 0; u < f->n; u++) {
		if (astar_graph_walkable(f->g, u))
			dot(c, f, u, NODE, r0);
		else
			cross(c, f, u);
	}
	for (size_t i = 0; r->explored != NULL && i < r->explored_len; i++)
		dot(c, f, r->explored[i], SEEN, r0 + 1);
	for (size_t i = 1; r->path != NULL && i < r->path_len; i++) {
		int64_t ax, ay, bx, by;

		where(c, f, r->path[i - 1], &ax, &ay);
		where(c, f, r->path[i], &bx, &by);
		line(c, ax, ay, bx, by, PATH, 3);
	}
	for (size_t i = 0; i < q->ngoals; i++)
		dot(c, f, q->goals[i], GOAL, r0 + 3);
	for (size_t i = 0; i < q->nstarts; i++)
		dot(c, f, q->starts[i], START, r0 + 3);
}

static void row_at(void *ctx, int64_t py, unsigned char *row)
{
	const canvas *c = ctx;

	memcpy(row, c->px + 3 * py * c->w, 3 * (size_t)c->w);
}

int image_graph_png(FILE *fp, const graph_file *f,
                    const astar_graph_result *r, const graph_query *q,
                    diag_err *err)
{
	canvas c;
	int rc;

	frame(&c, f);
	c.px = malloc(3 * (size_t)c.w * (size_t)c.h);
	if (c.px == NULL)
		return diag_fail(err, 0, 0, "out of memory");
	draw_all(&c, f, r, q);
	rc = image_png_write(fp, c.w, c.h,
	                     "graph from above: grey arcs, dark nodes, red "
	                     "crosses unwalkable, blue explored, orange path, "
	                     "green start, red goal",
	                     row_at, &c, err);
	free(c.px);
	return rc;
}
