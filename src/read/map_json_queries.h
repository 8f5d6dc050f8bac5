/*
 * map_json_queries.h - a JSON map's "queries" (map_json_queries.c).
 */
#ifndef ASTAR_MAP_JSON_QUERIES_H
#define ASTAR_MAP_JSON_QUERIES_H

#include <jansson.h>

#include "map.h"

/* Reads "queries" into a new array (*out, NULL when empty) of *count;
 * m gives the named points and the editor's origin. */
int map_json_queries(json_t *arr, long width, long height, const map *m,
                     map_query **out, size_t *count, map_error *err);

#endif
