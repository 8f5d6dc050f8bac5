/*
 * map_json_points.h - cells and named points of a JSON map: [x, y],
 * "@name" and the level's "points" (map_json_points.c).
 */
#ifndef ASTAR_MAP_JSON_POINTS_H
#define ASTAR_MAP_JSON_POINTS_H

#include <jansson.h>

#include "map.h"

/* An [x, y] in the editor's coordinates (cell 0,0 at ox, oy) inside the
 * width x height map, into grid cell *p; path names it in messages. */
int map_json_cell(json_t *v, const char *path, long width, long height,
                  json_int_t ox, json_int_t oy, astar_point *p, map_error *err);

/* An [x, y] inside the map, or (when names is not NULL) "@name", one of
 * the points it names. */
int map_json_point(json_t *v, const char *path, long width, long height,
                   const map *names, astar_point *p, map_error *err);

/* Reads "points" into m's named points, in the file's key order. */
int map_json_points(json_t *obj, long width, long height, map *m,
                    map_error *err);

/* One endpoint [x, y] or "@name" (every cell it names) appended to the
 * list *list of *n cells. */
int map_json_end(json_t *v, const char *path, long width, long height,
                 const map *m, astar_point **list, size_t *n, map_error *err);

#endif
