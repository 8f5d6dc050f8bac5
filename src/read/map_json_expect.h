/*
 * map_json_expect.h - what a JSON map expects, for --check: a query's
 * "expect", the level's "reach" and "expect" (map_json_expect.c).
 */
#ifndef ASTAR_MAP_JSON_EXPECT_H
#define ASTAR_MAP_JSON_EXPECT_H

#include <jansson.h>

#include "map.h"

/* A query's "expect" object into *e (its ox, oy already set); where is
 * its path.  On failure e->path may be set, for the caller to free. */
int map_json_expect(json_t *obj, const char *where, long width, long height,
                    map_expect *e, map_error *err);

/* A level's "reach" assertions into m->reach. */
int map_json_reach(json_t *arr, long width, long height, map *m,
                   map_error *err);

/* A level's own "expect": {"regions": N}. */
int map_json_level_expect(json_t *obj, map *m, map_error *err);

#endif
