/*
 * image_png.h - an 8-bit RGB PNG written row by row with libpng, its
 * pixels asked for one row at a time; see image_png.c.
 */
#ifndef ASTAR_IMAGE_PNG_H
#define ASTAR_IMAGE_PNG_H

#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"

/*
 * Fills row (width * 3 bytes of RGB) with pixel row py of the picture;
 * rows are asked for in order, from 0 at the top.  It must not call
 * libpng: it runs between libpng's calls, under its setjmp.
 */
typedef void image_row_fn(void *ctx, int64_t py, unsigned char *row);

/*
 * Writes a width x height PNG to fp (flushed, not closed), with the
 * text chunks Software and Legend (legend), its rows from row_at(ctx,
 * ...).  Returns 0, or -1 with the error in err: out of memory, the
 * write's strerror, or libpng's message.  Thread-safe: no globals.
 */
int image_png_write(FILE *fp, int64_t width, int64_t height, const char *legend,
                    image_row_fn *row_at, void *ctx, diag_err *err);

#endif
