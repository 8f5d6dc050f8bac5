/*
 * image.h - a query drawn as a PNG picture (--image), with libpng.
 *
 * Each cell is a scale x scale block of pixels:
 *   wall            dark slate
 *   floor (cost 1)  light grey
 *   cost 2..9       swamp: light to dark green as the cost grows (costs
 *                   above 9, possible in JSON maps, as dark as 9)
 *   explored cell   (only when the result lists them, i.e. --explored)
 *                   tinted over the terrain by expansion order, from light
 *                   blue (expanded first) to purple (expanded last)
 *   path            orange, over everything above
 *   --block cell    magenta
 *   jump point      with --algorithm=jps and --explored, each expanded
 *                   cell (a jump point) is also ringed in yellow with a
 *                   dark outline, a ring larger than the cell (three
 *                   pixels or half a cell out on each side), so
 *                   that the few cells JPS expands show at any scale,
 *                   the cell itself (say, the path) seen inside it
 *   start, goal     green and red squares with a dark outline: a cell,
 *                   or 1/80 of the image's longer side when that is more
 *                   (so that they show on big pictures of small cells);
 *                   the goal is drawn even when it is a wall (--adjacent)
 *   changed route   when the query's path is not the one recorded (its
 *                   expected "path", or the one before --update): the
 *                   current route orange, the recorded one blue, the
 *                   cells on both brown, and yellow the cells on both
 *                   where the routes part or meet again
 * A voxel query and a query on a map with heights are drawn by
 * image_write_3d (image_voxel.c) instead.
 * When scale >= 8 a faint grid line separates the cells.  The PNG's text
 * says this legend ("Legend"), with the jump points when there are.
 *
 * The image is written row by row: memory is one row of pixels plus one
 * byte per map cell, never the whole image.  Nothing here prints; errors
 * come back as records (diag_err) for the caller to report.
 *
 * The pictures' file names (image_pattern_check, image_path_for) are in
 * image_names.h, included here so that a caller has both from one
 * header.
 */
#ifndef ASTAR_IMAGE_H
#define ASTAR_IMAGE_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "base/diag.h"
#include "image_names.h"
#include "output.h"

/* The largest image width or height, in pixels. */
#define IMAGE_MAX_SIDE 16384

/* The largest --scale. */
#define IMAGE_MAX_SCALE 64

/* The largest scale of 1..16 that keeps a w x h map's longer side
 * within most pixels (1 when even scale 1 is wider). */
int image_fit(int32_t w, int32_t h, int64_t most);

/*
 * Writes q (its map, blocks, start, goal, path and explored cells) to
 * fp (flushed, not closed) as an 8-bit RGB PNG with scale x scale pixels per cell; scale <= 0
 * means the largest of 1..16 that keeps the longer side within 2048
 * pixels (1 when even scale 1 is wider).  Returns 0, or -1 with the
 * error in err, without the file name, which the caller gives it:
 * the file could not be written (strerror), the image would be more
 * than IMAGE_MAX_SIDE pixels on a side, out of memory, or a libpng
 * error.  What becomes of a file left unfinished is the caller's (the
 * CLI writes under a new name and renames it only when whole).
 * Thread-safe: no globals.
 */
int image_write_png(FILE *fp, const query_report *q, int scale, diag_err *err);

/* The picture of a voxel query (its slices side by side) or of a query
 * on a map with heights (shaded relief), as image_write_png draws a
 * grid's: image_voxel.c. */
int image_write_3d(FILE *fp, const query_report *q, int scale, diag_err *err);

/* image_fit for q's picture: a voxel query's slices side by side, or
 * the map of a grid or a height map. */
int image_fit_3d(const query_report *q, int64_t most);

#endif
