/*
 * height.h - the step rule of a height map, private to the library:
 * shared by its search and flood (height.c) and its regions
 * (height_regions.c), so that they cannot disagree on which steps exist.
 */
#ifndef ASTAR_HEIGHT_H
#define ASTAR_HEIGHT_H

#include "voxel.h"

/* The eight directions, N E S W NE SE SW NW (the first four straight). */
extern const int height_dx[8], height_dy[8];

/*
 * Whether the step from p in direction d passes, the cell it enters
 * aside: the corner rule of policy pol for a diagonal (judged on the
 * grid), and hm's climb and drop limits.  p and the cell entered must
 * lie on the grid.
 */
int height_pass(const astar_grid *g, const astar_heights *hm,
                astar_diagonal pol, astar_point p, int d);

/* The step from p in direction d: allowed (the cell entered open and
 * height_pass), and then its cost in *cost. */
int height_step(const astar_grid *g, const astar_heights *hm,
                astar_diagonal pol, astar_point p, int d, double *cost);

#endif
