/*
 * image_marks.h - what a picture draws over its cells: the start and goal
 * markers and the rings of the jump points; see image_marks.c.
 */
#ifndef ASTAR_IMAGE_MARKS_H
#define ASTAR_IMAGE_MARKS_H

#include <stdint.h>

#include "image_palette.h"
#include "output.h"

/* A start or goal marker: a filled square with an outline, in pixels. */
typedef struct image_marker {
	int64_t x0, y0, x1, y1; /* inclusive, clipped to the image */
	int outline;            /* draw the border in OUTLINE */
	rgb fill;
	int64_t bx0, by0, bx1, by1; /* the unclipped square, for the border */
} image_marker;

/*
 * The jump points of a JPS picture, by cell row: the x of the points of
 * row y are xs[at[y]] to xs[at[y + 1] - 1].  Each is ringed
 * (image_draw_jumps): a square pad pixels larger than its cell on each
 * side, outlined, the ring between outline and cell in JUMP, the cell
 * inside left as it is.  at is NULL when there are none to draw.
 */
typedef struct image_jumps {
	size_t *at; /* h + 1 offsets */
	int32_t *xs;
	int pad;
} image_jumps;

/* The goal and start markers of q on an iw x ih picture of cells scale
 * pixels wide, in the order they are drawn. */
void image_set_markers(const query_report *q, int scale, int64_t iw, int64_t ih,
                       image_marker mk[2]);

/* Draws the part of marker m on pixel row y into row. */
void image_draw_marker(const image_marker *m, int64_t y, unsigned char *row);

/* The jump points of q into j (none unless JPS with explored cells) on a
 * w x h map; 0, or -1 when out of memory, j then to be freed still. */
int image_jumps_make(image_jumps *j, const query_report *q, int scale,
                     int32_t w, int32_t h);

void image_jumps_free(image_jumps *j);

/* Draws the rings that cross pixel row py (of an image iw wide, of cells
 * scale pixels and h rows) into row. */
void image_draw_jumps(const image_jumps *j, int64_t py, int scale, int64_t iw,
                      int32_t h, unsigned char *row);

#endif
