/*
 * image_world.c - a world's picture (--image on a world): one panel per
 * depth, side by side from the least depth, each floor drawn at its
 * place in the world with its name written in its top-left corner, the
 * links as blue lines between their ends, the path in orange with its
 * start green and its goal red.
 */
#include <stdlib.h>
#include <string.h>

#include "image_png.h"
#include "image_world.h"

#define GAP 2          /* cells between two panels */
#define SIDE_MOST 2048 /* the default scale keeps the picture this wide */

typedef struct canvas {
	unsigned char *px;
	int64_t w, h;
} canvas;

static void put(canvas *c, int64_t x, int64_t y, const unsigned char *rgb)
{
	if (x >= 0 && y >= 0 && x < c->w && y < c->h)
		memcpy(c->px + (y * c->w + x) * 3, rgb, 3);
}

static void box(canvas *c, int64_t x, int64_t y, int64_t s, int64_t t,
                const unsigned char *rgb)
{
	for (int64_t j = 0; j < t; j++)
		for (int64_t i = 0; i < s; i++)
			put(c, x + i, y + j, rgb);
}

/* A 3 x 5 font: rows of three pixels, '#' set; lower case drawn upper. */
static const char *glyph(int ch)
{
	static const char *const letters[26] = {
	        ".#.#.#####.##.#", "##.#.###.#.###.", ".###..#..#...##", "##.#.##.##.###.",
	        "####..##.#..###", "####..##.#..#..", ".###..#.##.#.##", "#.##.#####.##.#",
	        "###.#..#..#.###", "..#..#..##.#.#.", "#.##.###.#.##.#", "#..#..#..#..###",
	        "#.########.##.#", "##.#.##.##.##.#", ".#.#.##.##.#.#.", "##.#.###.#..#..",
	        ".#.#.##.###..##", "##.#.###.#.##.#", ".###...#...###.", "###.#..#..#..#.",
	        "#.##.##.##.####", "#.##.##.##.#.#.", "#.##.########.#", "#.##.#.#.#.##.#",
	        "#.##.#.#..#..#.", "###..#.#.#..###"};
	static const char *const digits[10] = {
	        "####.##.##.####", ".#.##..#..#.###", "##...#.#.#..###", "##...#.#...###.",
	        "#.##.####..#..#", "####..##...###.", ".###..####.####", "###..#.#..#..#.",
	        "####.#####.####", "####.####..###."};

	if (ch >= 'a' && ch <= 'z')
		ch -= 'a' - 'A';
	if (ch >= 'A' && ch <= 'Z')
		return letters[ch - 'A'];
	if (ch >= '0' && ch <= '9')
		return digits[ch - '0'];
	if (ch == '_')
		return "............###";
	if (ch == '-')
		return "......###......";
	return ch == ' ' ? "..............." : "...........#...";
}

/* Writes s at x, y, p pixels a font pixel, on a dark band. */
static void text(canvas *c, int64_t x, int64_t y, int64_t p, const char *s)
{
	static const unsigned char ink[3] = {255, 255, 255}, band[3] = {20, 20, 28};
	size_t n = strlen(s);

	box(c, x, y, (int64_t)n * 4 * p + p, 7 * p, band);
	for (size_t k = 0; k < n; k++) {
		const char *g = glyph((unsigned char)s[k]);
		for (int r = 0; r < 5; r++)
			for (int q = 0; q < 3; q++)
				if (g[r * 3 + q] == '#')
					box(c, x + p + ((int64_t)k * 4 + q) * p,
					    y + p + r * p, p, p, ink);
	}
}

static void line(canvas *c, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                 const unsigned char *rgb)
{
	int64_t dx = x1 > x0 ? x1 - x0 : x0 - x1, sx = x0 < x1 ? 1 : -1;
	int64_t dy = y1 > y0 ? y0 - y1 : y1 - y0, sy = y0 < y1 ? 1 : -1;
	int64_t e = dx + dy;

	for (;;) {
		int64_t e2 = 2 * e;
		put(c, x0, y0, rgb);
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

/* The layout: each depth's panel, its world box and its left edge in
 * the picture (cells). */
typedef struct panel {
	int32_t depth;
	int64_t x0, y0, x1, y1, left;
} panel;

typedef struct layout {
	panel *p;
	size_t n;
	int64_t w, h; /* cells */
} layout;

static panel *panel_of(layout *l, int32_t depth)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->p[i].depth == depth)
			return &l->p[i];
	return NULL;
}

static int lay_out(const map_world *w, layout *l)
{
	l->p = calloc(w->nfloors, sizeof *l->p);
	if (l->p == NULL)
		return -1;
	for (size_t k = 0; k < w->nfloors; k++) {
		const map_floor *f = &w->floors[k];
		int64_t x1 = (int64_t)f->x + astar_grid_width(f->grid);
		int64_t y1 = (int64_t)f->y + astar_grid_height(f->grid);
		panel *p = panel_of(l, f->depth);
		if (p == NULL) {
			size_t at = 0;
			while (at < l->n && l->p[at].depth < f->depth)
				at++;
			memmove(l->p + at + 1, l->p + at, (l->n - at) * sizeof *l->p);
			l->n++;
			p = &l->p[at];
			*p = (panel){f->depth, f->x, f->y, x1, y1, 0};
		}
		p->x0 = f->x < p->x0 ? f->x : p->x0;
		p->y0 = f->y < p->y0 ? f->y : p->y0;
		p->x1 = x1 > p->x1 ? x1 : p->x1;
		p->y1 = y1 > p->y1 ? y1 : p->y1;
	}
	for (size_t i = 0; i < l->n; i++) {
		l->p[i].left = l->w + (i > 0 ? GAP : 0);
		l->w = l->p[i].left + (l->p[i].x1 - l->p[i].x0);
		if (l->p[i].y1 - l->p[i].y0 > l->h)
			l->h = l->p[i].y1 - l->p[i].y0;
	}
	return 0;
}

/* The picture cell of place p's centre, in pixels. */
static void centre(const map_world *w, layout *l, astar_place p, int scale,
                   int64_t *x, int64_t *y)
{
	const map_floor *f = &w->floors[p.level];
	const panel *pn = panel_of(l, f->depth);

	*x = (pn->left + f->x + p.x - pn->x0) * scale + scale / 2;
	*y = ((int64_t)f->y + p.y - pn->y0) * scale + scale / 2;
}

static void draw_floor(canvas *c, const map_world *w, layout *l, size_t k,
                       int scale)
{
	static const unsigned char wall[3] = {70, 70, 82}, open[3] = {232, 232, 220};
	const map_floor *f = &w->floors[k];

	for (int32_t y = 0; y < astar_grid_height(f->grid); y++)
		for (int32_t x = 0; x < astar_grid_width(f->grid); x++) {
			astar_place p = {x, y, 0, (uint32_t)k};
			uint8_t cost = astar_world_get(w->world, p);
			unsigned char terrain[3] = {(unsigned char)(232 - 12 * (cost < 9 ? cost : 9)),
			                            232, (unsigned char)(220 - 14 * (cost < 9 ? cost : 9))};
			int64_t px, py;
			centre(w, l, p, scale, &px, &py);
			box(c, px - scale / 2, py - scale / 2, scale, scale,
			    cost == 0 ? wall : cost == 1 ? open : terrain);
		}
}

static void row_at(void *ctx, int64_t py, unsigned char *row)
{
	const canvas *c = ctx;

	memcpy(row, c->px + py * c->w * 3, (size_t)c->w * 3);
}

int image_world_png(FILE *fp, const world_report *q, int scale, diag_err *err)
{
	static const unsigned char link[3] = {40, 110, 255}, route[3] = {255, 140, 0},
	                           start[3] = {30, 170, 60}, goal[3] = {220, 40, 40};
	const map_world *w = q->w;
	const astar_world_result *r = q->res;
	layout l = {NULL, 0, 0, 0};
	canvas c;
	int64_t fp_px;
	int rc;

	if (lay_out(w, &l) != 0)
		return diag_fail(err, 0, 0, "out of memory");
	if (scale <= 0) {
		int64_t side = l.w > l.h ? l.w : l.h;
		scale = side > 0 && SIDE_MOST / side > 0 ? (int)(SIDE_MOST / side) : 1;
		scale = scale > 16 ? 16 : scale;
	}
	c.w = l.w * scale;
	c.h = l.h * scale;
	if (c.w * c.h > 64LL * 1024 * 1024 ||
	    (c.px = calloc((size_t)(c.w * c.h), 3)) == NULL) {
		free(l.p);
		return diag_fail(err, 0, 0, "the picture of %lld x %lld pixels is "
		                 "too large; use a smaller --scale",
		                 (long long)c.w, (long long)c.h);
	}
	memset(c.px, 36, (size_t)(c.w * c.h * 3));
	for (size_t k = 0; k < w->nfloors; k++)
		draw_floor(&c, w, &l, k, scale);
	for (size_t k = 0; r != NULL && r->path != NULL && k < r->path_len; k++) {
		int64_t x, y;
		centre(w, &l, r->path[k], scale, &x, &y);
		box(&c, x - scale / 4, y - scale / 4, scale / 2 + 1, scale / 2 + 1, route);
	}
	for (size_t i = 0; i < astar_world_link_count(w->world); i++) {
		astar_place a, b;
		double cost;
		int oneway;
		int64_t ax, ay, bx, by;
		astar_world_link_get(w->world, i, &a, &b, &cost, &oneway);
		centre(w, &l, a, scale, &ax, &ay);
		centre(w, &l, b, scale, &bx, &by);
		line(&c, ax, ay, bx, by, link);
		box(&c, ax - 1, ay - 1, 3, 3, link);
	}
	for (int e = 0; e < 2 && r != NULL; e++) {
		int64_t x, y;
		centre(w, &l, e ? q->goal : q->start, scale, &x, &y);
		box(&c, x - scale / 2, y - scale / 2, scale, scale, e ? goal : start);
	}
	fp_px = scale / 8 > 1 ? scale / 8 : 1;
	for (size_t k = 0; k < w->nfloors; k++) {
		int64_t x, y;
		astar_place p = {0, 0, 0, (uint32_t)k};
		centre(w, &l, p, scale, &x, &y);
		text(&c, x - scale / 2, y - scale / 2, fp_px, w->floors[k].name);
	}
	rc = image_png_write(fp, c.w, c.h,
	                     "one panel per depth, floors at their places, "
	                     "names top-left; walls dark, floor light, terrain "
	                     "green; links blue; path orange, start green, "
	                     "goal red",
	                     row_at, &c, err);
	free(c.px);
	free(l.p);
	return rc;
}
