/*
 * solve_voxel.h - the queries of a voxel map, run (solve_voxel.c).
 */
#ifndef ASTAR_SOLVE_VOXEL_H
#define ASTAR_SOLVE_VOXEL_H

#include "driver.h"

/* A voxel map file's one query (--start and --goal, X,Y,Z), or its
 * distance map; load_us the time its reading took.  0, or -1 when it
 * could not run (reported). */
int run_voxel_file(sink *k, astar_ctx *ctx, const map *m, const char *name,
                   double load_us);

/* A voxel scenario line's query on its shared map (the item's). */
void run_voxel_scen(sink *k, astar_ctx *ctx);

#endif
