/*
 * tiled_objects.h - what the grid builder (tiled_grid.c) asks of a Tiled
 * map's objects (tiled_objects.c): the cells their shapes block, and
 * their named points.
 */
#ifndef ASTAR_TILED_OBJECTS_H
#define ASTAR_TILED_OBJECTS_H

#include "tiled_model.h"

/* The shapes of object layer l block the cells of g (whose cell 0, 0 is
 * x0, y0 in the editor) whose centre they cover; 0, or -1 with t->err
 * set (out of memory). */
int tiled_objects_block(tiled_model *t, const tiled_layer *l, astar_grid *g,
                        long x0, long y0);
/* Every object's named point on m's grid; 0, or -1 with t->err set. */
int tiled_points(tiled_model *t, map *m, long x0, long y0);

#endif
