/*
 * map_json_grid.h - a JSON map's grid: its width and height, its "rows"
 * (with a "legend") or "cells", checked and then filled
 * (map_json_grid.c).
 */
#ifndef ASTAR_MAP_JSON_GRID_H
#define ASTAR_MAP_JSON_GRID_H

#include <jansson.h>

#include "map.h"

/* The ASCII legend plus the map's own: cost per character, 0 for a wall,
 * -1 when the character means nothing. */
typedef struct map_json_legend {
	int cost[128];
} map_json_legend;

/* The optional "width" or "height" (key) of root into *out, 0 when it
 * is left out. */
int map_json_dim(json_t *root, const char *key, long *out, map_error *err);

/* Sets a *width or *height that is 0 from the rows or cells: the length
 * of the first, their number.  Both or neither, or a list of the wrong
 * type, leave them 0 for map_json_body to report. */
int map_json_derive(json_t *root, long *width, long *height, map_error *err);

/* The map itself: exactly one of "rows" (with an optional "legend") or
 * "cells", checked against width x height (a width root lacks is that of
 * the first row: the messages then name it); sets m's S and G from the
 * rows, and *rows, *cells and *lg for map_json_fill. */
int map_json_body(json_t *root, long width, long height, map *m, json_t **rows,
                  json_t **cells, map_json_legend *lg, map_error *err);

/* Fills the grid from the rows or cells map_json_body checked. */
void map_json_fill(astar_grid *g, json_t *rows, json_t *cells,
                   const map_json_legend *lg, long width, long height);

#endif
