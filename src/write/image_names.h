/*
 * image_names.h - the file names of pictures (--image=PATTERN): a
 * pattern checked once before a run, and expanded for each query of a
 * batch; see image_names.c.
 */
#ifndef ASTAR_IMAGE_NAMES_H
#define ASTAR_IMAGE_NAMES_H

#include <stddef.h>

#include "base/diag.h"

/*
 * Image file names for batches.  The --image value is a pattern:
 *
 *   %d, %n   the query's 0-based number in the batch, in decimal
 *            (0, 1, ..., 10, ...); a width zero-pads it: %4d -> 0007
 *   %m       the map file's base name, without directory or extension
 *            (maps/arena.json -> arena, dao/arena2.map -> arena2;
 *            standard input -> stdin)
 *   %%       a percent sign
 *
 * Any other character after % is an error.  A pattern without %d or %n
 * names a single file, so it is an error for a batch of several queries
 * (they would overwrite each other): use e.g. --image=%m-%d.png.
 */

/*
 * Checks a pattern once, before any query runs: its % sequences, that
 * it has %d or %n when several is nonzero, and that its name does not
 * end in another image format's extension (.jpg, .jpeg, .gif, .bmp,
 * .webp, .svg, .tif, .tiff, in any case: the picture is a PNG whatever
 * the name; any other name, or none, is written as one).  Returns 0, or
 * -1 with a message in err.
 */
int image_pattern_check(const char *pattern, int several, diag_err *err);

/*
 * Expands pattern for query number index of a map named mapname (a path
 * as given; NULL, "-" or "<stdin>" is standard input) into out.  Returns
 * 0, or -1 with the reason in err (a bad % sequence, index > 0 with a
 * pattern that has no %d or %n, or the name does not fit in outsize
 * bytes).
 */
int image_path_for(const char *pattern, size_t index, const char *mapname,
                   char *out, size_t outsize, diag_err *err);

#endif
