/*
 * unit.h - the unit test modules, one file each, that the runner
 * (main.c) runs in this order.  Each counts its cases through check.h.
 */
#ifndef UNIT_H
#define UNIT_H

void test_heap(void);    /* test_heap.c: the open list against a model */
void test_options(void); /* test_options.c: options, messages, heuristics */
void test_grid(void);    /* test_grid.c: the astar_grid_* API */
void test_search(void);  /* test_search.c: searches against reference.c */
void test_jps(void);     /* test_jps.c: JPS against reference.c */
void test_landmarks(void); /* test_landmarks.c: ALT against reference.c */
void test_many(void); /* test_many.c: several goals, floods, sizes, wraps */
void test_choose(void); /* test_choose.c: astar_choose, --algorithm=auto */
void test_graph(void);  /* test_graph.c: graphs against a reference */
void test_world(void); /* test_world.c: worlds against a model of its own */
void test_voxel(void);  /* test_voxel.c: voxel grids against a model */
void test_height(void); /* test_height.c: height maps against a model */

#endif
