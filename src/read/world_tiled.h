/*
 * world_tiled.h - a Tiled .world file as one world (world_tiled.c).
 */
#ifndef ASTAR_WORLD_TILED_H
#define ASTAR_WORLD_TILED_H

#include "map.h"
#include "world_map.h"

/* Reads the Tiled world in buf (its maps beside lo->path) into
 * m->world, each map by the level options lo; 0, or -1 with err set. */
int map_read_world_tiled(const char *buf, size_t len, size_t max_cells,
                         const map_level_opts *lo, map *m, map_error *err);

#endif
