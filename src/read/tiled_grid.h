/*
 * tiled_grid.h - a Tiled model made a grid and points (tiled_grid.c),
 * once a reader has filled it.
 */
#ifndef ASTAR_TILED_GRID_H
#define ASTAR_TILED_GRID_H

#include "tiled_model.h"

/* The grid, origin and points of m from the model, by t->opts. */
int tiled_build(tiled_model *t, map *m);

#endif
