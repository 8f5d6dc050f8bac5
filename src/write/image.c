/*
 * image.c - a query drawn as a PNG picture; see image.h.
 *
 * This file puts the picture together: it works out the scale and the
 * size, makes the overlay and the marks, and hands the PNG encoder a
 * callback that makes each pixel row from the raster (image_raster.c)
 * with the jump-point rings and the start and goal markers drawn over
 * it (image_marks.c).  The arrows point down from here only: the
 * encoder (image_png.c) asks for rows through the callback instead of
 * calling the drawing code, so that libpng's setjmp stays in a file that
 * knows nothing of maps, and the raster and the marks share only the
 * palette (image_palette.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "image.h"
#include "image_marks.h"
#include "image_png.h"
#include "image_raster.h"

/* The legend, in the PNG's text. */
static const char LEGEND[] =
	"walls dark, floor light, terrain costs green (darker: dearer), "
	"expanded cells light blue (first) to purple (last), path orange, "
	"--block cells magenta, start green, goal red";
static const char LEGEND_ROUTES[] =
	"; a changed route: the current one orange, the recorded one blue, "
	"cells on both brown, where they part or meet yellow";
static const char LEGEND_JUMPS[] =
	"; jump points (the cells Jump Point Search expanded) ringed in "
	"yellow";

/* What the row callback draws from: the query, its overlay and marks,
 * and the colours of the map row being drawn. */
typedef struct picture {
	const query_report *q;
	int scale;
	int32_t w, h;
	int64_t iw;
	const uint8_t *ov;
	rgb *cells;  /* the colours of map row py / scale */
	double most; /* the far end of a distance map's scale */
	image_marker mk[2];
	const image_jumps *jp;
} picture;

/*
 * The scale a w x h map gets when --scale is not given: the largest of
 * 1..16 that keeps the longer side within 2048 pixels (1 when even scale
 * 1 is wider): a 1000x1000 map gets 2, a 20x10 map 16.
 */
static int image_default_scale(int32_t w, int32_t h)
{
	return image_fit(w, h, 2048);
}

int image_fit(int32_t w, int32_t h, int64_t most)
{
	int64_t side = w > h ? w : h;
	int s = 16;

	if (side <= 0)
		return 1;
	while (s > 1 && side * s > most)
		s--;
	return s;
}

/* The picture's width and height in pixels at scale into *iw and *ih;
 * fails when the scale or the picture is larger than allowed. */
static int image_size(int32_t w, int32_t h, int scale, int64_t *iw, int64_t *ih,
                      diag_err *err)
{
	if (scale > IMAGE_MAX_SCALE) {
		diag_fail(err, 0, 0,
		          "a scale of %d is more than the largest, %d", scale,
		          IMAGE_MAX_SCALE);
		return -1;
	}
	*iw = (int64_t)w * scale;
	*ih = (int64_t)h * scale;
	if (*iw > IMAGE_MAX_SIDE || *ih > IMAGE_MAX_SIDE) {
		if (scale > 1 && (w > h ? w : h) <= IMAGE_MAX_SIDE)
			diag_fail(
				err, 0, 0,
				"the image would be %lldx%lld pixels, more than %d on a "
				"side; use a smaller --scale (at most %d for this %dx%d "
				"map)",
				(long long)*iw, (long long)*ih, IMAGE_MAX_SIDE,
				(int)(IMAGE_MAX_SIDE / (w > h ? w : h)), (int)w,
				(int)h);
		else
			diag_fail(
				err, 0, 0,
				"the %dx%d map is too large for an image (at most %d "
				"cells on a side)",
				(int)w, (int)h, IMAGE_MAX_SIDE);
		return -1;
	}
	return 0;
}

/* Pixel row py of the picture into row (an image_row_fn): the cells of
 * its map row, coloured when the row's first pixel row is asked for, the
 * rings and markers over them; under the map, the distance scale. */
static void picture_row(void *ctx, int64_t py, unsigned char *row)
{
	picture *p = ctx;
	int64_t map_rows = (int64_t)p->h * p->scale;
	int32_t y;
	int sy;

	if (py >= map_rows) {
		image_band_row(p->iw, py - map_rows, row);
		return;
	}
	y = (int32_t)(py / p->scale);
	sy = (int)(py % p->scale);
	if (sy == 0)
		image_colour_row(p->q, p->ov, y, p->most, p->cells);
	image_cells_to_pixels(p->cells, p->w, p->scale, sy, row);
	image_draw_jumps(p->jp, py, p->scale, p->iw, p->h, row);
	image_draw_marker(&p->mk[0], py, row);
	image_draw_marker(&p->mk[1], py, row);
}

int image_write_png(FILE *fp, const query_report *q, int scale, diag_err *err)
{
	const astar_grid *g = q->map->grid;
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	int64_t iw, ih;
	uint8_t *ov = NULL;
	rgb *cells = NULL;
	image_jumps jp;
	picture p;
	char legend[sizeof LEGEND + sizeof LEGEND_ROUTES +
	            sizeof LEGEND_JUMPS];
	int rc = -1;

	if (scale <= 0)
		scale = image_default_scale(w, h);
	if (image_size(w, h, scale, &iw, &ih, err) != 0)
		return -1;
	memset(&jp, 0, sizeof jp);
	ov = calloc((size_t)w * (size_t)h, 1);
	cells = malloc((size_t)w * sizeof *cells);
	if (ov == NULL || cells == NULL ||
	    image_jumps_make(&jp, q, scale, w, h) != 0) {
		diag_fail(err, 0, 0, "out of memory");
		goto done;
	}
	snprintf(legend, sizeof legend, "%s%s%s", LEGEND,
	         image_route_changed(q) ? LEGEND_ROUTES : "",
	         jp.at != NULL ? LEGEND_JUMPS : "");
	image_fill_overlay(ov, q, w, h);
	p = (picture){.q = q,
	              .scale = scale,
	              .w = w,
	              .h = h,
	              .iw = iw,
	              .ov = ov,
	              .cells = cells,
	              .jp = &jp,
	              .most = image_most_distance(q, (size_t)w * (size_t)h)};
	image_set_markers(q, scale, iw, ih, p.mk);
	rc = image_png_write(fp, iw, ih + image_scale_band(q, scale), legend,
	                     picture_row, &p, err);
done:
	free(ov);
	free(cells);
	image_jumps_free(&jp);
	return rc;
}
