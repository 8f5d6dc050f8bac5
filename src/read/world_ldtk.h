/*
 * world_ldtk.h - a whole LDtk project as one world (world_ldtk.c).
 */
#ifndef ASTAR_WORLD_LDTK_H
#define ASTAR_WORLD_LDTK_H

#include "map.h"
#include "world_map.h"

/* Reads every level of the project in buf as one world into m->world,
 * by the level options lo (their level aside); map_read_ldtk's
 * contract otherwise. */
int map_read_world_ldtk(const char *buf, size_t len, size_t max_cells,
                        const map_level_opts *lo, map *m, map_error *err);

#endif
