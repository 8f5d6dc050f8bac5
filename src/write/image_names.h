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
 *   %d       the query's 0-based number, in decimal (0, 1, ..., 10,
 *            ...): its index in its map file's list of queries, else
 *            its input's place in the batch; a width zero-pads it:
 *            %4d -> 0007
 *   %n       the query's name made safe for a file name (see
 *            image_path_for), or for a query without one its number
 *            as %d
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
 * Expands pattern for query number index, named qname (NULL: none), of a
 * map named mapname (a path as given; NULL, "-" or "<stdin>" is standard
 * input) into out.  %n gives qname with each ASCII byte but a letter, a
 * digit, '.', '-' and '_' made '_' (a leading '.' too), cut at 100
 * bytes.  Returns 0, or -1 with the reason in err (a bad % sequence,
 * index > 0 with a pattern that has no %d or %n, or the name does not
 * fit in outsize bytes).
 */
int image_path_for(const char *pattern, size_t index, const char *mapname,
                   const char *qname, char *out, size_t outsize,
                   diag_err *err);

/* Whether pattern names the map (%m). */
int image_pattern_has_map(const char *pattern);

/* What %m gives for mapname, into out (size bytes). */
void image_map_part(const char *mapname, char *out, size_t size);

#endif
