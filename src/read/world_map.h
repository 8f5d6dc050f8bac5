/*
 * world_map.h - a world as the readers deliver it (world_map.c): its
 * floors (grids with a name, a place and a depth), its links, its named
 * points and marked start and goal, and the library's world built from
 * them.  A map (map.h) holds one when its file is a world.
 */
#ifndef ASTAR_WORLD_MAP_H
#define ASTAR_WORLD_MAP_H

#include <stddef.h>

#include "astar.h"
#include "map.h"

typedef struct map_floor {
	char *name; /* owned */
	astar_grid *grid; /* owned */
	int32_t x, y, depth;
} map_floor;

typedef struct map_wpoint {
	char *name; /* owned */
	astar_place at;
} map_wpoint;

/* A reach assertion over the world (map_reach's, with places). */
typedef struct map_wreach {
	astar_place *from, *to; /* owned */
	size_t nfrom, nto;
	int all, reachable;
	char *from_text; /* owned */
	long line, col;  /* where it is written */
} map_wreach;

/* A query of a world ("queries"), its expectation for --check (no
 * expected path yet). */
typedef struct map_wquery {
	char *name; /* owned, or NULL */
	astar_place start, goal;
	int adjacent, closest;
	map_expect expect;
	long line, col; /* where it is written */
} map_wquery;

typedef struct map_world {
	map_floor *floors;
	size_t nfloors;
	map_wpoint *points;
	size_t npoints;
	int has_start, has_goal;
	astar_place start, goal;
	astar_world *world; /* owned: built from the floors and links */
	map_wreach *reach;
	size_t nreach;
	map_wquery *queries;
	size_t nqueries;
} map_world;

/* Frees what w owns, and w itself; NULL is ignored. */
void map_world_free(map_world *w);

/* The floor named name, or the one numbered by name when it is all
 * digits; -1 when there is none. */
long map_world_floor(const map_world *w, const char *name);

#endif
