/*
 * voxel_flow.c - the flow field of a voxel distance map: for each voxel
 * the move toward the nearest source, read back from the distances
 * astar_voxels_flood wrote, so that the flood itself keeps no parents.
 *
 * Voxel w's step is the allowed move into a neighbour u that makes
 * dist[u] + the move's cost into w least.  That least sum is w's own
 * distance (the flood took it from one such neighbour), so every step
 * lies on a cheapest path; the moves are symmetric (a move's box is the
 * same either way), so u -> w is allowed when w -> u is.
 */
#include <stdlib.h>

#include "voxel.h"

/* The code of voxel w's step (padded index i, flat index t): the best
 * move's offsets, or ASTAR_VOXEL_FLOW_NONE at a source or without a
 * cost.  Of equal sums the first move is taken: faces, edges, corners. */
static uint8_t vox_step(const astar_voxels *v, const vox_moves *m,
                        const double *dist, size_t i, size_t t)
{
	ptrdiff_t sy = v->width, sz = (ptrdiff_t)v->width * v->height;
	double best = 0.0;
	int pick = -1;

	if (dist[t] <= 0.0)
		return ASTAR_VOXEL_FLOW_NONE;
	for (int k = 0; k < m->nmoves; k++) {
		if (!vox_move_ok(m, v->cells, i, k))
			continue;
		double du = dist[(ptrdiff_t)t + m->dz[k] * sz + m->dy[k] * sy +
		                 m->dx[k]];
		double sum = du + m->len[k] * v->cells[i];
		if (du >= 0.0 && (pick < 0 || sum < best)) {
			best = sum;
			pick = k;
		}
	}
	if (pick < 0)
		return ASTAR_VOXEL_FLOW_NONE;
	return (uint8_t)((m->dx[pick] + 1) + 3 * (m->dy[pick] + 1) +
	                 9 * (m->dz[pick] + 1));
}

astar_status astar_voxels_flow(astar_ctx *ctx, const astar_voxels *v,
                               const astar_options *o, const double *dist,
                               const uint8_t **flow)
{
	size_t nflat = (size_t)v->width * v->height * v->depth;
	vox_arrays *va;
	vox_moves m;
	astar_status st;

	*flow = NULL;
	if (dist == NULL)
		return ASTAR_EINVAL;
	if ((st = vox_options_check(o, 1)) != ASTAR_OK)
		return st;
	if ((va = vox_arrays_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	if (va->flow_cap < nflat) {
		uint8_t *f = realloc(va->flow, nflat);
		if (f == NULL)
			return ASTAR_ENOMEM;
		va->flow = f;
		va->flow_cap = nflat;
	}
	(void)vox_moves_init(&m, v, o->diagonal);
	for (int32_t z = 0; z < v->depth; z++)
		for (int32_t y = 0; y < v->height; y++) {
			size_t i = vox_index(v, 0, y, z);
			size_t t = vox_flat(v, (astar_place){0, y, z, 0});
			for (int32_t x = 0; x < v->width; x++, i++, t++)
				va->flow[t] = vox_step(v, &m, dist, i, t);
		}
	*flow = va->flow;
	return ASTAR_OK;
}
