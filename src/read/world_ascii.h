/*
 * world_ascii.h - ASCII maps of several floors (world_ascii.c).
 */
#ifndef ASTAR_WORLD_ASCII_H
#define ASTAR_WORLD_ASCII_H

#include "map.h"
#include "world_map.h"

/* Nonzero when buf holds rows after an empty line: floors. */
int map_ascii_floors(const char *buf, size_t len);

/* Reads an ASCII world into m->world; map_read_ascii's contract. */
int map_read_world_ascii(const char *buf, size_t len, size_t max_cells,
                         map *m, map_error *err);

#endif
