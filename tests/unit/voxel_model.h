/*
 * voxel_model.h - the voxel tests' own model of a voxel grid (test_voxel.c
 * runs the library against it): the rules of a move read from the
 * specification, a plain O(n^2) Dijkstra over them, seeded random grids,
 * and the checks of a path, an adjacent search and a closest search that
 * use them, knowing nothing of the library's code.
 */
#ifndef VOXEL_MODEL_H
#define VOXEL_MODEL_H

#include <stdint.h>

#include "astar.h"

#define VMAX 7
#define SPARSE_MAX 12 /* the pruned search's open grids */
#define NMAX (SPARSE_MAX * SPARSE_MAX * SPARSE_MAX)

typedef struct vworld {
	int w, h, d;
	uint8_t cost[NMAX];
	astar_voxels *v;
	uint64_t seed;
} vworld;

/* The cost of voxel (x, y, z); 0 when blocked or outside. */
int vw_at(const vworld *m, int x, int y, int z);

/* Prints the grid arg (a vworld) under a failed check. */
void vw_dump(void *arg);

/* A grid of up to VMAX voxels a side, a fifth to a half blocked, its
 * open voxels of cost 1 to 5 with terrain (else 1); made in m->v too. */
void vw_make(vworld *m, uint64_t seed, int terrain);

/* A grid of up to SPARSE_MAX voxels a side, at most an eighth blocked
 * (mostly a twentieth), every open voxel of cost 1: where the pruned
 * search prunes. */
void vw_make_sparse(vworld *m, uint64_t seed);

/* The model's rule: nonzero when the move from (x, y, z) by (dx, dy, dz)
 * is legal under pol; (px, py, pz) counts as open (the adjacent target),
 * as the voxel entered only. */
int ref_legal(const vworld *m, astar_diagonal pol, int x, int y, int z,
              int dx, int dy, int dz, int px, int py, int pz);

/* The length of a move: 1, sqrt(2) or sqrt(3). */
double ref_len(int dx, int dy, int dz);

/* Dijkstra from the sources (flat indices) into dist (INFINITY where
 * unreachable); unit: every move costs 1 (the fewest moves). */
void ref_dijkstra3(const vworld *m, astar_diagonal pol, const int *src,
                   int nsrc, int unit, double *dist);

/* Voxel p's index in m->cost. */
int flat(const vworld *m, astar_place p);

/* A voxel drawn at random (an open one, when there is one, if open). */
astar_place rand_place(const vworld *m, uint64_t *s, int open);

/* Replays r's path: it leaves one of the starts, each move legal, and
 * its cost is the sum of its moves'. */
void replay(const vworld *m, astar_diagonal pol,
            const astar_voxel_result *r, const astar_place *starts,
            double *moves);

/* adjacent under o: the cheapest voxel from which one legal move enters
 * the goal b (seen as open), as the reference finds it from a. */
void check_adjacent(astar_ctx *ctx, const vworld *m, astar_place a,
                    astar_place b, const astar_options *o);

/* closest under o: a shortest path to a reachable voxel nearest b. */
void check_closest(astar_ctx *ctx, const vworld *m, astar_place a,
                   astar_place b, const astar_options *o);

#endif
