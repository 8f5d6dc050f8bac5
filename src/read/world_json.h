/*
 * world_json.h - reading a JSON map of several floors (world_json.c).
 */
#ifndef ASTAR_WORLD_JSON_H
#define ASTAR_WORLD_JSON_H

#include <jansson.h>

#include "map.h"
#include "world_map.h"

/* Fills m->world from root, a JSON object with "floors"; 0, or -1 with
 * err set (its message starting with the JSON path at fault). */
int map_read_world_json(json_t *root, size_t max_cells, map *m, map_error *err);

/* A check file's "start", "goal", "reach", "expect" and "diagonal" for
 * the world map_check_load read ("world": true) into m->world. */
int map_world_json_checks(json_t *root, map *m, map_error *err);

/* The one place "@name" (ref, '@' included) names in w: 0, or -1 with a
 * message in msg. */
int map_world_point(const map_world *w, const char *ref, astar_place *at,
                    char *msg, size_t size);

/* The places in buf of m's world's queries and reach assertions, and of
 * its "expect", for messages and annotations (after map_read_world_json). */
void world_json_place(const char *buf, size_t len, map *m);

#endif
