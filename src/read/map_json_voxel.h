/*
 * map_json_voxel.h - a JSON voxel level (map_json_voxel.c).
 */
#ifndef ASTAR_MAP_JSON_VOXEL_H
#define ASTAR_MAP_JSON_VOXEL_H

#include <jansson.h>

#include "map.h"

/* Reads the voxel level root (its "size" an array) into m: the voxels,
 * start, goal, diagonal, queries and reach.  0, or -1 with err set at
 * the value's JSON path (line 0). */
int map_json_voxel(json_t *root, size_t max_cells, map *m, map_error *err);

/* The voxels of the level's points named ref ("@name", or the bare
 * name), appended to *list (*n of them, realloc'd); 0, or -1 with msg
 * saying why: no such point, the names the level knows listed. */
int map_voxel_points(const map *m, const char *ref, astar_place **list,
                     size_t *n, char *msg, size_t size);

/* The lines and columns of the level's queries and reach entries in
 * buf[0..len). */
void map_json_voxel_places(const char *buf, size_t len, map *m);

#endif
