/*
 * image_png.c - an 8-bit RGB PNG written row by row through libpng: the
 * header, the text chunks (Software, Legend), then each row as the
 * caller's callback fills it.
 *
 * libpng reports errors by longjmp to the setjmp in encode(); the one
 * buffer, the row, is made before encode is called, so one cleanup path
 * in image_png_write frees it and libpng's structs whichever way encode
 * ends.  The pixels come through a callback rather than by calling the
 * raster and the marks, so that the setjmp stays in this one file, which
 * knows nothing of maps, and the drawing code knows nothing of libpng.
 */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "base/diag.h"
#include "image_png.h"

/* What the libpng callbacks share with image_png_write. */
typedef struct png_out {
	FILE *fp;
	int write_errno; /* errno of a failed write, or 0 */
	char msg[200];   /* libpng's error message */
} png_out;

static void on_error(png_structp png, png_const_charp msg)
{
	png_out *o = png_get_error_ptr(png);

	snprintf(o->msg, sizeof o->msg, "%s", msg);
	png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg; /* nothing here prints */
}

static void on_write(png_structp png, png_bytep data, png_size_t len)
{
	png_out *o = png_get_io_ptr(png);

	if (fwrite(data, 1, len, o->fp) != len) {
		o->write_errno = errno ? errno : EIO;
		png_error(png, "write error");
	}
}

static void on_flush(png_structp png)
{
	png_out *o = png_get_io_ptr(png);

	if (fflush(o->fp) != 0) {
		o->write_errno = errno ? errno : EIO;
		png_error(png, "write error");
	}
}

/* The PNG header and text chunks; may longjmp to encode()'s setjmp. */
static void write_header(png_structp png, png_infop info, int64_t iw,
                         int64_t ih, const char *legend)
{
	png_text text[2];

	png_set_IHDR(png, info, (png_uint_32)iw, (png_uint_32)ih, 8,
	             PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
	             PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	memset(text, 0, sizeof text);
	text[0].compression = PNG_TEXT_COMPRESSION_NONE;
	text[0].key = (png_charp) "Software";
	text[0].text = (png_charp) "astar " ASTAR_VERSION;
	text[1].compression = PNG_TEXT_COMPRESSION_NONE;
	text[1].key = (png_charp) "Legend";
	text[1].text = (png_charp)legend;
	png_set_text(png, info, text, 2);
	png_write_info(png, info);
}

/*
 * Writes the whole PNG through png; returns -1 when libpng failed (o says
 * why).  The setjmp lives here, in a function that changes none of its
 * variables that outlive a longjmp, and owns nothing to free; row_at owns
 * nothing either, so a longjmp out of libpng between its calls is safe.
 */
static int encode(png_structp png, png_infop info, png_out *o, int64_t width,
                  int64_t height, const char *legend, image_row_fn *row_at,
                  void *ctx, unsigned char *row)
{
	if (setjmp(png_jmpbuf(png)))
		return -1;
	png_set_write_fn(png, o, on_write, on_flush);
	write_header(png, info, width, height, legend);
	for (int64_t py = 0; py < height; py++) {
		row_at(ctx, py, row);
		png_write_row(png, row);
	}
	png_write_end(png, info);
	return 0;
}

/* libpng's write and info structs, writing through o; -1 when out of
 * memory, with whatever was made left in *png for the caller to free. */
static int new_png(png_out *o, png_structp *png, png_infop *info)
{
	*png = png_create_write_struct(PNG_LIBPNG_VER_STRING, o, on_error,
	                               on_warning);
	if (*png != NULL)
		*info = png_create_info_struct(*png);
	return *png == NULL || *info == NULL ? -1 : 0;
}

/* Why encode() failed: the write's errno, else libpng's message. */
static void encode_error(const png_out *o, diag_err *err)
{
	if (o->write_errno)
		diag_fail(err, 0, 0, "%s", strerror(o->write_errno));
	else
		diag_fail(err, 0, 0, "libpng: %s", o->msg);
}

int image_png_write(FILE *fp, int64_t width, int64_t height, const char *legend,
                    image_row_fn *row_at, void *ctx, diag_err *err)
{
	unsigned char *row = NULL;
	png_structp png = NULL;
	png_infop info = NULL;
	png_out o;
	int rc = -1;

	memset(&o, 0, sizeof o);
	o.fp = fp;
	/* Everything is allocated before setjmp: see the comment at the top. */
	row = malloc((size_t)width * 3);
	if (row == NULL || new_png(&o, &png, &info) != 0) {
		diag_fail(err, 0, 0, "out of memory");
		goto done;
	}
	if (encode(png, info, &o, width, height, legend, row_at, ctx, row) !=
	    0) {
		encode_error(&o, err);
		goto done;
	}
	if (fflush(o.fp) != 0 || ferror(o.fp)) {
		diag_fail(err, 0, 0, "%s", strerror(errno ? errno : EIO));
		goto done;
	}
	rc = 0;
done:
	if (png != NULL)
		png_destroy_write_struct(&png, info ? &info : NULL);
	free(row);
	return rc;
}
