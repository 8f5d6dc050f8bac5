/*
 * voxel.h - the layout of astar_voxels and the voxel searches' arrays,
 * private to the library.
 *
 * A W x H x D grid is stored padded, one blocked voxel on every side, so
 * that the 26 neighbours of any inside voxel exist and the searches need
 * no bounds checks: voxel (x, y, z) lives at ((z + 1) * (H + 2) + y + 1)
 * * (W + 2) + x + 1.
 */
#ifndef ASTAR_VOXEL_H
#define ASTAR_VOXEL_H

#include "ctx.h"

struct astar_voxels {
	int32_t width, height, depth;
	size_t sx, sy; /* index steps of y and z: W + 2, (W + 2)(H + 2) */
	size_t ncells; /* padded voxels */
	uint8_t min_cost, max_cost; /* bounds of the open voxels' costs */
	uint8_t *cells;             /* ncells costs, 0 = blocked */
};

/* What the voxel searches keep in a context (ctx->vox): their result
 * arrays, grown to the largest asked for. */
typedef struct vox_arrays {
	astar_place *path, *explored;
	size_t path_cap, explored_cap;
	double *dist;
	uint32_t *labels;
	size_t dist_cap, labels_cap;
	uint8_t *flow; /* a height map's flow field (height.c) */
	size_t flow_cap;
} vox_arrays;

/* The context's voxel arrays, made on first use; NULL when out of
 * memory. */
vox_arrays *vox_arrays_of(astar_ctx *ctx);

/* Grows *a (capacity *cap) to hold need places; 0 or -1. */
int vox_grow_places(astar_place **a, size_t *cap, size_t need);

static inline size_t vox_index(const astar_voxels *v, int32_t x, int32_t y,
                               int32_t z)
{
	return ((size_t)(z + 1) * (size_t)(v->height + 2) + (size_t)(y + 1)) *
	               v->sx +
	       (size_t)(x + 1);
}

static inline astar_place vox_place(const astar_voxels *v, size_t i)
{
	astar_place p;
	size_t z = i / v->sy, r = i % v->sy;

	p.x = (int32_t)(r % v->sx) - 1;
	p.y = (int32_t)(r / v->sx) - 1;
	p.z = (int32_t)z - 1;
	p.level = 0;
	return p;
}

/* The unpadded index of voxel p, as the flood's and regions' arrays
 * order them. */
static inline size_t vox_flat(const astar_voxels *v, astar_place p)
{
	return ((size_t)p.z * (size_t)v->height + (size_t)p.y) *
	               (size_t)v->width +
	       (size_t)p.x;
}

/* The moves of a policy: nmoves index offsets, their lengths, and for
 * each the offsets of the other voxels of the box it spans, which the
 * box rule needs open (nbox of them, at most 6). */
typedef struct vox_moves {
	int nmoves;
	int box; /* the box rule applies */
	ptrdiff_t off[26];
	double len[26];
	int8_t dx[26], dy[26], dz[26];
	int nbox[26];
	ptrdiff_t boxoff[26][6];
	uint32_t need[26]; /* the moves whose voxels move k needs open: k
	                      and, under the box rule, the moves into the
	                      other voxels of its box */
	uint32_t all;         /* the bits of every move */
	uint32_t natural[26]; /* the natural successors of a voxel entered
	                         by move k: the moves whose axes are some of
	                         k's, moved the same way (k among them) */
	int8_t of[27]; /* the move of offset dx, dy, dz, at
	                  (dx + 1) + 3 (dy + 1) + 9 (dz + 1) */
} vox_moves;

/* The move that entered voxel u from its parent p (p != u). */
static inline int vox_move_from(const vox_moves *m, const astar_voxels *v,
                                size_t p, size_t u)
{
	ptrdiff_t d = (ptrdiff_t)u - (ptrdiff_t)p;
	ptrdiff_t row = (ptrdiff_t)v->sx + 1;
	int dz = d > row ? 1 : d < -row ? -1 : 0;
	ptrdiff_t r = d - dz * (ptrdiff_t)v->sy;
	int dy = r > 1 ? 1 : r < -1 ? -1 : 0;
	int dx = (int)(r - dy * (ptrdiff_t)v->sx);

	return m->of[(dx + 1) + 3 * (dy + 1) + 9 * (dz + 1)];
}

/* The moves under opts' diagonal policy; -1 for a policy with no
 * meaning in 3D (ASTAR_DIAG_ONE_OBSTACLE). */
int vox_moves_init(vox_moves *m, const astar_voxels *v, astar_diagonal policy);

/* Nonzero when move k from index i is allowed (the voxel entered open,
 * and under the box rule every other voxel of the box). */
static inline int vox_move_ok(const vox_moves *m, const uint8_t *cells,
                              size_t i, int k)
{
	if (cells[i + m->off[k]] == 0)
		return 0;
	for (int b = 0; b < m->nbox[k]; b++)
		if (cells[i + m->boxoff[k][b]] == 0)
			return 0;
	return 1;
}

/* The moves open from index i, as bits: one read per neighbour, where
 * judging each move apart would read its box again. */
static inline uint32_t vox_open_mask(const vox_moves *m, const uint8_t *cells,
                                     size_t i)
{
	uint32_t open = 0;

	for (int k = 0; k < m->nmoves; k++)
		open |= (uint32_t)(cells[i + m->off[k]] != 0) << k;
	return open;
}

/* Whether move k is allowed, given the open moves' bits. */
static inline int vox_mask_ok(const vox_moves *m, uint32_t open, int k)
{
	return (open & m->need[k]) == m->need[k];
}

/* The checks of opts every voxel call makes: in range (ASTAR_EINVAL),
 * then a policy and options that apply (ASTAR_EUNSUPPORTED). */
astar_status vox_options_check(const astar_options *opts, int flood);

/* Nonzero when the pruned search (--algorithm=jps) answers exactly under
 * opts on v (v NULL: opts alone): the box rule, the octile heuristic,
 * weight 1, and every open voxel of one cost (voxel_search.c says why). */
int vox_jps_supported(const astar_voxels *v, const astar_options *opts);

#endif
