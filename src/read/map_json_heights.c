/*
 * map_json_heights.c - a JSON level's "heights": one row of numbers for
 * each row of the map, one number (finite, any sign) for each cell, the
 * height a step's 3D length is measured with (astar_heights_search).
 */
#include <math.h>
#include <stdlib.h>

#include "map_json_heights.h"

int map_json_heights(json_t *v, long width, long height, map *m, map_error *err)
{
	if (!json_is_array(v) || json_array_size(v) != (size_t)height)
		return map_fail(
			err, 0, 0,
			"heights: expected %ld rows of %ld numbers (the "
			"map's size)",
			height, width);
	m->heights =
		malloc((size_t)width * (size_t)height * sizeof *m->heights);
	if (m->heights == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (long y = 0; y < height; y++) {
		json_t *row = json_array_get(v, (size_t)y);
		if (!json_is_array(row) ||
		    json_array_size(row) != (size_t)width)
			return map_fail(
				err, 0, 0,
				"heights[%ld]: expected a row of %ld numbers",
				y, width);
		for (long x = 0; x < width; x++) {
			json_t *c = json_array_get(row, (size_t)x);
			double h = json_number_value(c);
			if (!json_is_number(c) || !isfinite(h))
				return map_fail(
					err, 0, 0,
					"heights[%ld][%ld]: expected a number",
					y, x);
			m->heights[(size_t)y * (size_t)width + (size_t)x] = h;
		}
	}
	return 0;
}
