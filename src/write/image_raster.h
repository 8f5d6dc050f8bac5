/*
 * image_raster.h - the cells' colours of a picture, one map row at a
 * time, and the pixel rows they make; see image_raster.c.
 */
#ifndef ASTAR_IMAGE_RASTER_H
#define ASTAR_IMAGE_RASTER_H

#include <stddef.h>
#include <stdint.h>

#include "image_palette.h"
#include "output.h"

/* Whether q's path is not the one recorded (its expected path, or the
 * one before --update): then the picture draws both routes. */
int image_route_changed(const query_report *q);

/* Marks the explored cells (by rank), the path, the blocks and the marks
 * of q in ov, one byte per cell of the w x h map, all 0 to begin with. */
void image_fill_overlay(uint8_t *ov, const query_report *q, int32_t w,
                        int32_t h);

/* The largest distance in q's distance map (0 without one), the far end
 * of its colour scale. */
double image_most_distance(const query_report *q, size_t ncells);

/* The height in pixels of the colour scale under a distance map (0
 * without one). */
int64_t image_scale_band(const query_report *q, int scale);

/* Map row y's cell colours into cells, from the grid and the overlay. */
void image_colour_row(const query_report *q, const uint8_t *ov, int32_t y,
                      double most, rgb *cells);

/* Pixel row sy (0..scale-1) of a map row whose colours are cells, w of
 * them, into row. */
void image_cells_to_pixels(const rgb *cells, int32_t w, int scale, int sy,
                           unsigned char *row);

/* With a flow field (q->flow), its strokes over pixel row sy of map row
 * y, drawn in row: from each reached cell's centre toward the cell its
 * step leads to, when cells are STROKE_SCALE pixels or larger. */
void image_draw_flow(const query_report *q, int32_t y, int scale, int sy,
                     unsigned char *row);

/* Pixel row by of the colour scale under a distance map, iw pixels
 * wide, into row. */
void image_band_row(int64_t iw, int64_t by, unsigned char *row);

#endif
