/*
 * solve_world.h - solving a map file that is a world (solve_world.c).
 */
#ifndef ASTAR_SOLVE_WORLD_H
#define ASTAR_SOLVE_WORLD_H

#include "driver.h"

/* The query of world m (its marks, or --start and --goal), or its
 * distance map; written to k.  0, or -1 when it could not run
 * (reported).  t0: when loading began. */
int run_world(sink *k, astar_ctx *ctx, const map *m, const char *name,
              double t0);

#endif
