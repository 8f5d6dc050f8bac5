/*
 * map_json_heights.h - a JSON level's "heights" (map_json_heights.c).
 */
#ifndef ASTAR_MAP_JSON_HEIGHTS_H
#define ASTAR_MAP_JSON_HEIGHTS_H

#include <jansson.h>

#include "map.h"

/* v, the "heights" of a width x height level, into m->heights; 0, or -1
 * with err set at the value's JSON path (line 0). */
int map_json_heights(json_t *v, long width, long height, map *m,
                     map_error *err);

#endif
