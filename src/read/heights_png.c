/*
 * heights_png.c - a height map from a grayscale PNG (8 or 16 bits a
 * sample, read with libpng's simplified API): each pixel's grey level
 * times a scale is the height of the cell under it, so the picture must
 * be the map's size.  A colour picture is refused rather than guessed
 * at.
 */
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

int map_read_heights_png(const char *path, int32_t width, int32_t height,
                         double scale, double **out, map_error *err)
{
	png_image img;
	void *pixels;
	int wide;
	size_t n;

	*out = NULL;
	memset(&img, 0, sizeof img);
	img.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&img, path))
		return map_fail(err, 0, 0, "not a PNG height map (%s)",
		                img.message);
	if (img.format & (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)) {
		png_image_free(&img);
		return map_fail(err, 0, 0,
		                "a height map must be grayscale without alpha; "
		                "this PNG has %s",
		                img.format & PNG_FORMAT_FLAG_COLOR ? "colour"
		                                                   : "alpha");
	}
	if (img.width != (png_uint_32)width ||
	    img.height != (png_uint_32)height) {
		png_image_free(&img);
		return map_fail(err, 0, 0,
		                "the height map is %ux%u, the map %dx%d",
		                (unsigned)img.width, (unsigned)img.height,
		                (int)width, (int)height);
	}
	/* 16 bits a sample are read as they are (libpng takes them for
	 * linear); 8 as they are too (sRGB asked, sRGB given). */
	wide = (img.format & PNG_FORMAT_FLAG_LINEAR) != 0;
	img.format = wide ? PNG_FORMAT_LINEAR_Y : PNG_FORMAT_GRAY;
	n = (size_t)width * (size_t)height;
	pixels = malloc(PNG_IMAGE_SIZE(img));
	*out = malloc(n * sizeof **out);
	if (pixels == NULL || *out == NULL) {
		png_image_free(&img);
		free(pixels);
		free(*out);
		*out = NULL;
		return map_fail(err, 0, 0, "out of memory");
	}
	if (!png_image_finish_read(&img, NULL, pixels, 0, NULL)) {
		free(pixels);
		free(*out);
		*out = NULL;
		return map_fail(err, 0, 0, "not a PNG height map (%s)",
		                img.message);
	}
	for (size_t i = 0; i < n; i++)
		(*out)[i] = scale * (wide ? ((const uint16_t *)pixels)[i]
		                          : ((const uint8_t *)pixels)[i]);
	free(pixels);
	return 0;
}
