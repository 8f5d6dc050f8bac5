/*
 * image_marks.c - what a picture draws over its cells, one pixel row at a
 * time: the start and goal markers (squares with an outline, larger than
 * a cell on big pictures of small cells) and, for JPS, a ring around
 * each jump point, larger than its cell so that the few of them show at
 * any scale.
 *
 * Each part draws over a pixel row that the raster has already filled,
 * so it needs the palette but nothing of the raster or of libpng.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "image_marks.h"

/* The start and goal markers' side: a cell, or the image's longer side /
 * MARKER_SHARE when that is more, so that they show on large pictures of
 * small cells too. */
#define MARKER_SHARE 80

static image_marker make_marker(astar_point p, int scale, int64_t iw,
                                int64_t ih, rgb fill)
{
	image_marker m;
	int64_t side = (iw > ih ? iw : ih) / MARKER_SHARE;
	int64_t cx = (int64_t)p.x * scale + scale / 2;
	int64_t cy = (int64_t)p.y * scale + scale / 2;

	if (side <= scale)
		side = scale;
	else
		side |= 1; /* odd: centred on the cell's middle pixel */
	/* No larger than the picture's shorter side (a multiple of the
	 * scale), so that the square and its outline fit: on a picture one
	 * pixel high the marker is one pixel of its colour. */
	if (side > (iw < ih ? iw : ih))
		side = iw < ih ? iw : ih;

	if (side == scale) { /* exactly the cell */
		m.bx0 = (int64_t)p.x * scale;
		m.by0 = (int64_t)p.y * scale;
	} else { /* centred on the cell, moved inside the image if need be */
		m.bx0 = cx - side / 2;
		m.by0 = cy - side / 2;
		if (m.bx0 > iw - side)
			m.bx0 = iw - side;
		if (m.by0 > ih - side)
			m.by0 = ih - side;
		if (m.bx0 < 0)
			m.bx0 = 0;
		if (m.by0 < 0)
			m.by0 = 0;
	}
	m.bx1 = m.bx0 + side - 1;
	m.by1 = m.by0 + side - 1;
	m.x0 = m.bx0 < 0 ? 0 : m.bx0;
	m.y0 = m.by0 < 0 ? 0 : m.by0;
	m.x1 = m.bx1 >= iw ? iw - 1 : m.bx1;
	m.y1 = m.by1 >= ih ? ih - 1 : m.by1;
	m.outline = side >= 5;
	m.fill = fill;
	return m;
}

void image_draw_marker(const image_marker *m, int64_t y, unsigned char *row)
{
	if (y < m->y0 || y > m->y1)
		return;
	for (int64_t x = m->x0; x <= m->x1; x++) {
		int edge = m->outline && (x == m->bx0 || x == m->bx1 ||
		                          y == m->by0 || y == m->by1);
		put_pixel(row, x, edge ? OUTLINE : m->fill);
	}
}

/* The goal and start markers; a distance map has starts but no goal, so
 * it draws the start twice. */
void image_set_markers(const query_report *q, int scale, int64_t iw, int64_t ih,
                       image_marker mk[2])
{
	mk[0] = q->dist ? make_marker(q->start, scale, iw, ih, START)
	                : make_marker(q->goal, scale, iw, ih, GOAL);
	mk[1] = make_marker(q->start, scale, iw, ih, START);
}

/* The jump points of q into j (none unless JPS with explored cells);
 * 0, or -1 when out of memory. */
int image_jumps_make(image_jumps *j, const query_report *q, int scale,
                     int32_t w, int32_t h)
{
	const astar_result *r = q->res;
	size_t n = r ? r->explored_len : 0, *fill;

	memset(j, 0, sizeof *j);
	if (n == 0 || q->opts == NULL || q->opts->algorithm != ASTAR_ALGO_JPS)
		return 0;
	j->pad = scale / 2 > 3 ? scale / 2 : 3;
	j->at = calloc((size_t)h + 1, sizeof *j->at);
	j->xs = malloc(n * sizeof *j->xs);
	fill = calloc((size_t)h + 1, sizeof *fill);
	if (j->at == NULL || j->xs == NULL || fill == NULL) {
		free(fill);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (r->explored[i].y >= 0 && r->explored[i].y < h &&
		    r->explored[i].x >= 0 && r->explored[i].x < w)
			j->at[r->explored[i].y + 1]++;
	for (int32_t y = 0; y < h; y++)
		j->at[y + 1] += j->at[y];
	for (size_t i = 0; i < n; i++) {
		astar_point p = r->explored[i];
		if (p.y >= 0 && p.y < h && p.x >= 0 && p.x < w)
			j->xs[j->at[p.y] + fill[p.y]++] = p.x;
	}
	free(fill);
	return 0;
}

void image_jumps_free(image_jumps *j)
{
	free(j->at);
	free(j->xs);
}

/* Draws the rings that cross pixel row py (of an image iw wide, of
 * cells scale pixels and h rows) into row. */
void image_draw_jumps(const image_jumps *j, int64_t py, int scale, int64_t iw,
                      int32_t h, unsigned char *row)
{
	int64_t pad = j->pad, lo, hi;

	if (j->at == NULL)
		return;
	/* the cell rows whose rings reach py */
	lo = (py - pad) / scale - (py - pad < 0);
	hi = (py + pad) / scale;
	if (lo < 0)
		lo = 0;
	if (hi >= h)
		hi = h - 1;
	for (int64_t y = lo; y <= hi; y++) {
		int64_t by0 = y * scale - pad,
			by1 = y * scale + scale - 1 + pad;
		if (py < by0 || py > by1)
			continue;
		for (size_t i = j->at[y]; i < j->at[y + 1]; i++) {
			int64_t bx0 = (int64_t)j->xs[i] * scale - pad;
			int64_t bx1 = bx0 + scale - 1 + 2 * pad;
			int edge = py == by0 || py == by1;
			int ring = py < y * scale || py >= (y + 1) * scale;
			for (int64_t x = bx0 < 0 ? 0 : bx0; x <= bx1 && x < iw;
			     x++) {
				int side = x == bx0 || x == bx1;
				int inside = x >= bx0 + pad && x <= bx1 - pad;
				if (edge || side)
					put_pixel(row, x, OUTLINE);
				else if (ring || !inside)
					put_pixel(row, x, JUMP);
			}
		}
	}
}
