/*
 * map_json_grid.c - a JSON map's grid: its width and height, then
 * exactly one of "rows" (strings in the ASCII legend plus the map's own
 * "legend", with at most one S and one G) or "cells" (the cost of each
 * cell, 0 for blocked).  A width or height left out is the rows' own
 * (map_json_derive): the length of the first, their number.  The whole
 * map is checked (map_json_body) before the grid is allocated and filled
 * (map_json_fill), so that map_json.c can check everything else in
 * between; only the values (map_json_values.h) are called from here.
 */
#include <stdio.h>
#include <string.h>

#include "map_json_grid.h"
#include "map_json_values.h"

/* The ASCII legend, before the map's own. */
static void legend_init(map_json_legend *lg)
{
	for (int c = 0; c < 128; c++)
		lg->cost[c] = -1;
	lg->cost['.'] = lg->cost['S'] = lg->cost['G'] = 1;
	lg->cost['#'] = 0;
	for (int c = '1'; c <= '9'; c++)
		lg->cost[c] = c - '0';
}

/* What character c costs, -1 when it means nothing. */
static int legend_cost(const map_json_legend *lg, int c)
{
	return c >= 0 && c < 128 ? lg->cost[c] : -1;
}

/* The optional "width" or "height" (key) of root into *out, 0 when it
 * is left out. */
int map_json_dim(json_t *root, const char *key, long *out, map_error *err)
{
	json_t *v = json_object_get(root, key);
	json_int_t n;

	*out = 0;
	if (v == NULL)
		return 0;
	if (map_json_int(v, 1, ASTAR_DIM_MAX, &n) != 0)
		return map_fail(err, 0, 0,
		                "%s: expected an integer from 1 to %d", key,
		                ASTAR_DIM_MAX);
	*out = (long)n;
	return 0;
}

/* The map's "legend" over the ASCII one in *lg. */
static int read_legend(json_t *obj, map_json_legend *lg, map_error *err)
{
	const char *key;
	json_t *v;
	char kn[MAP_JSON_KEY_MAX];
	json_int_t n;

	if (!json_is_object(obj))
		return map_fail(err, 0, 0, "legend: expected an object");
	json_object_foreach(obj, key, v)
	{
		unsigned char c = (unsigned char)key[0];

		map_json_key_name(key, kn);
		if (c == '\0' || key[1] != '\0' || c >= 0x80)
			return map_fail(
				err, 0, 0,
				"legend.%s: key must be one %scharacter", kn,
				c >= 0x80 ? "ASCII " : "");
		if (c == 'S' || c == 'G')
			return map_fail(
				err, 0, 0,
				"legend.%s: '%c' marks the %s and cannot be "
				"redefined",
				kn, c, c == 'S' ? "start" : "goal");
		if (json_is_string(v) &&
		    strcmp(json_string_value(v), "blocked") == 0)
			lg->cost[c] = 0;
		else if (map_json_int(v, 1, ASTAR_COST_MAX, &n) == 0)
			lg->cost[c] = (int)n;
		else
			return map_fail(
				err, 0, 0,
				"legend.%s: expected a cost from 1 to %d or "
				"\"blocked\"",
				kn, ASTAR_COST_MAX);
	}
	return 0;
}

/* Notes an S or G at rows[y][x]; a second one of either is an error
 * naming where the first was.  at holds sy, sx, gy, gx. */
static int note_marker(int c, size_t y, size_t x, map *m, size_t at[4],
                       map_error *err)
{
	int *seen = c == 'S' ? &m->has_start : &m->has_goal;
	size_t *first = c == 'S' ? at : at + 2;

	if (c != 'S' && c != 'G')
		return 0;
	if (*seen)
		return map_fail(err, 0, 0,
		                "rows[%zu][%zu]: second %s marker '%c' "
		                "(first at rows[%zu][%zu])",
		                y, x, c == 'S' ? "start" : "goal", c, first[0],
		                first[1]);
	*seen = 1;
	first[0] = y;
	first[1] = x;
	return 0;
}

/* Checks one row's characters, then its length: width, given or, when
 * derived is set, that of rows[0]. */
static int check_row(json_t *row, size_t y, long width, int derived,
                     const map_json_legend *lg, map *m, size_t at[4],
                     map_error *err)
{
	const char *s;
	size_t n;
	char cn[8];

	if (!json_is_string(row))
		return map_fail(err, 0, 0, "rows[%zu]: expected a string", y);
	s = json_string_value(row);
	n = json_string_length(row);
	/* Characters first: a non-ASCII one would make the count
	 * misleading. */
	for (size_t x = 0; x < n && x < (size_t)width; x++) {
		int c = (unsigned char)s[x];
		if (legend_cost(lg, c) < 0)
			return map_fail(
				err, 0, 0,
				"rows[%zu][%zu]: unknown map character '%s'", y,
				x, map_char_name(c, cn));
		if (note_marker(c, y, x, m, at, err) != 0)
			return -1;
	}
	if (n != (size_t)width && derived)
		return map_fail(err, 0, 0,
		                "rows[%zu]: has %zu cells, rows[0] has %ld", y,
		                n, width);
	if (n != (size_t)width)
		return map_fail(err, 0, 0,
		                "rows[%zu]: has %zu cells, expected %ld", y, n,
		                width);
	return 0;
}

/* Checks "rows" and finds the S and G markers. */
static int check_rows(json_t *rows, long width, long height, int derived,
                      const map_json_legend *lg, map *m, map_error *err)
{
	size_t at[4] = {0, 0, 0, 0};

	if (!json_is_array(rows))
		return map_fail(err, 0, 0,
		                "rows: expected an array of strings");
	if (json_array_size(rows) != (size_t)height)
		return map_fail(err, 0, 0, "rows: expected %ld rows, got %zu",
		                height, json_array_size(rows));
	for (size_t y = 0; y < (size_t)height; y++)
		if (check_row(json_array_get(rows, y), y, width, derived, lg,
		              m, at, err) != 0)
			return -1;
	m->start.x = (int32_t)at[1];
	m->start.y = (int32_t)at[0];
	m->goal.x = (int32_t)at[3];
	m->goal.y = (int32_t)at[2];
	return 0;
}

/* Checks "cells": height rows of width costs from 0 to ASTAR_COST_MAX,
 * width that of cells[0] when derived is set. */
static int check_cells(json_t *cells, long width, long height, int derived,
                       map_error *err)
{
	json_int_t v;

	if (!json_is_array(cells))
		return map_fail(err, 0, 0,
		                "cells: expected an array of arrays");
	if (json_array_size(cells) != (size_t)height)
		return map_fail(err, 0, 0, "cells: expected %ld rows, got %zu",
		                height, json_array_size(cells));
	for (size_t y = 0; y < (size_t)height; y++) {
		json_t *row = json_array_get(cells, y);
		size_t n;

		if (!json_is_array(row))
			return map_fail(
				err, 0, 0,
				"cells[%zu]: expected an array of integers", y);
		n = json_array_size(row);
		for (size_t x = 0; x < n && x < (size_t)width; x++)
			if (map_json_int(json_array_get(row, x), 0,
			                 ASTAR_COST_MAX, &v) != 0)
				return map_fail(
					err, 0, 0,
					"cells[%zu][%zu]: expected an integer from 0 "
					"to %d",
					y, x, ASTAR_COST_MAX);
		if (n != (size_t)width && derived)
			return map_fail(err, 0, 0,
			                "cells[%zu]: has %zu cells, cells[0] "
			                "has %ld",
			                y, n, width);
		if (n != (size_t)width)
			return map_fail(
				err, 0, 0,
				"cells[%zu]: has %zu cells, expected %ld", y, n,
				width);
	}
	return 0;
}

/*
 * The width and height the rows or cells give where root leaves them
 * out: their number, and the length of the first, to which
 * map_json_body holds the others.  Rows or cells of the wrong type,
 * both or neither, are left for map_json_body to report, the size then
 * left 0.
 */
int map_json_derive(json_t *root, long *width, long *height, map_error *err)
{
	json_t *rows = json_object_get(root, "rows");
	json_t *cells = json_object_get(root, "cells");
	json_t *list = rows != NULL ? rows : cells, *first;
	const char *name = rows != NULL ? "rows" : "cells";
	size_t n;

	if ((rows == NULL) == (cells == NULL) || !json_is_array(list))
		return 0;
	n = json_array_size(list);
	if (*height == 0 && n == 0)
		return map_fail(err, 0, 0, "%s: expected at least one row",
		                name);
	if (*height == 0 && n > ASTAR_DIM_MAX)
		return map_fail(err, 0, 0, "%s: has %zu rows, more than %d",
		                name, n, ASTAR_DIM_MAX);
	if (*height == 0)
		*height = (long)n;
	first = json_array_get(list, 0);
	if (*width != 0 || first == NULL ||
	    !(rows != NULL ? json_is_string(first) : json_is_array(first)))
		return 0;
	n = rows != NULL ? json_string_length(first) : json_array_size(first);
	if (n == 0)
		return map_fail(err, 0, 0,
		                "%s[0]: expected at least one cell", name);
	if (n > ASTAR_DIM_MAX)
		return map_fail(err, 0, 0, "%s[0]: has %zu cells, more than %d",
		                name, n, ASTAR_DIM_MAX);
	*width = (long)n;
	return 0;
}

/* The map itself: exactly one of "rows" (with an optional "legend") or
 * "cells", checked against width x height (when root has no width, that
 * of the first row, which the messages then name). */
int map_json_body(json_t *root, long width, long height, map *m, json_t **rows,
                  json_t **cells, map_json_legend *lg, map_error *err)
{
	json_t *v;
	int derived;

	*rows = json_object_get(root, "rows");
	*cells = json_object_get(root, "cells");
	if (*rows != NULL && *cells != NULL)
		return map_fail(err, 0, 0,
		                "give either 'rows' or 'cells', not both");
	if (*rows == NULL && *cells == NULL)
		return map_fail(err, 0, 0, "missing key 'rows' or 'cells'");
	legend_init(lg);
	if ((v = json_object_get(root, "legend")) != NULL) {
		if (*cells != NULL)
			return map_fail(err, 0, 0,
			                "legend: only allowed with 'rows'");
		if (read_legend(v, lg, err) != 0)
			return -1;
	}
	derived = json_object_get(root, "width") == NULL;
	if (*rows != NULL
	            ? check_rows(*rows, width, height, derived, lg, m, err)
	            : check_cells(*cells, width, height, derived, err))
		return -1;
	return 0;
}

/* Fills the grid from checked rows or cells. */
void map_json_fill(astar_grid *g, json_t *rows, json_t *cells,
                   const map_json_legend *lg, long width, long height)
{
	for (long y = 0; y < height; y++) {
		uint8_t *out = astar_grid_row(g, (int32_t)y);
		const char *s = rows ? json_string_value(
					       json_array_get(rows, (size_t)y))
		                     : NULL;
		json_t *row = cells ? json_array_get(cells, (size_t)y) : NULL;

		for (long x = 0; x < width; x++) {
			int c = s ? legend_cost(lg, (unsigned char)s[x])
			          : (int)json_integer_value(
					    json_array_get(row, (size_t)x));
			out[x] = (uint8_t)c;
		}
	}
	astar_grid_recount(g);
}
