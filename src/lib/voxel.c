/*
 * voxel.c - voxel grids: making, reading and writing them, the moves of
 * each diagonal policy in 3D, and the arrays the voxel searches keep in
 * a context.  The searches are voxel_search.c's and voxel_flood.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "voxel.h"

astar_voxels *astar_voxels_new(int32_t w, int32_t h, int32_t d,
                               astar_status *status)
{
	astar_voxels *v;
	size_t n;

	if (status != NULL)
		*status = ASTAR_ETOOBIG;
	if (w < 1 || h < 1 || d < 1 || w > ASTAR_DIM_MAX || h > ASTAR_DIM_MAX ||
	    d > ASTAR_DIM_MAX)
		return NULL;
	n = (size_t)(w + 2) * (size_t)(h + 2);
	if (n > SIZE_MAX / (size_t)(d + 2))
		return NULL;
	n *= (size_t)(d + 2);
	if (status != NULL)
		*status = ASTAR_ENOMEM;
	if ((v = calloc(1, sizeof *v)) == NULL)
		return NULL;
	if ((v->cells = calloc(n, 1)) == NULL) {
		free(v);
		return NULL;
	}
	v->width = w;
	v->height = h;
	v->depth = d;
	v->sx = (size_t)w + 2;
	v->sy = v->sx * ((size_t)h + 2);
	v->ncells = n;
	v->min_cost = v->max_cost = 1;
	for (int32_t z = 0; z < d; z++)
		for (int32_t y = 0; y < h; y++)
			memset(v->cells + vox_index(v, 0, y, z), 1, (size_t)w);
	if (status != NULL)
		*status = ASTAR_OK;
	return v;
}

void astar_voxels_free(astar_voxels *v)
{
	if (v == NULL)
		return;
	free(v->cells);
	free(v);
}

int32_t astar_voxels_width(const astar_voxels *v)
{
	return v->width;
}

int32_t astar_voxels_height(const astar_voxels *v)
{
	return v->height;
}

int32_t astar_voxels_depth(const astar_voxels *v)
{
	return v->depth;
}

int astar_voxels_contains(const astar_voxels *v, int32_t x, int32_t y,
                          int32_t z)
{
	return x >= 0 && y >= 0 && z >= 0 && x < v->width && y < v->height &&
	       z < v->depth;
}

void astar_voxels_set(astar_voxels *v, int32_t x, int32_t y, int32_t z,
                      uint8_t cost)
{
	if (!astar_voxels_contains(v, x, y, z))
		return;
	v->cells[vox_index(v, x, y, z)] = cost;
	/* Only widened, as a grid's: still a bound after a voxel changes. */
	if (cost != 0 && cost < v->min_cost)
		v->min_cost = cost;
	if (cost > v->max_cost)
		v->max_cost = cost;
}

uint8_t astar_voxels_get(const astar_voxels *v, int32_t x, int32_t y, int32_t z)
{
	if (!astar_voxels_contains(v, x, y, z))
		return 0;
	return v->cells[vox_index(v, x, y, z)];
}

int vox_moves_init(vox_moves *m, const astar_voxels *v, astar_diagonal policy)
{
	static const double len[4] = {0.0, 1.0, 1.41421356237309504880,
	                              1.73205080756887729353};
	int k = 0;

	if (policy == ASTAR_DIAG_ONE_OBSTACLE)
		return -1;
	m->box = policy == ASTAR_DIAG_NO_OBSTACLES;
	/* Faces first, then edges, then corners: the order of successors
	 * changes no cost, only which of equal paths is met first. */
	for (int axes = 1; axes <= 3; axes++) {
		if (axes > 1 && policy == ASTAR_DIAG_NEVER)
			break;
		for (int dz = -1; dz <= 1; dz++)
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					if ((dx != 0) + (dy != 0) + (dz != 0) !=
					    axes)
						continue;
					m->dx[k] = (int8_t)dx;
					m->dy[k] = (int8_t)dy;
					m->dz[k] = (int8_t)dz;
					m->off[k] = dz * (ptrdiff_t)v->sy +
					            dy * (ptrdiff_t)v->sx + dx;
					m->len[k] = len[axes];
					m->nbox[k] = 0;
					/* The box's other corners: each
					 * axis moved or not, but neither
					 * all nor none of them. */
					for (int s = 1; m->box && s < 7; s++) {
						int bx = s & 1 ? dx : 0;
						int by = s & 2 ? dy : 0;
						int bz = s & 4 ? dz : 0;
						if ((bx == 0 && (s & 1)) ||
						    (by == 0 && (s & 2)) ||
						    (bz == 0 && (s & 4)))
							continue;
						if (bx == dx && by == dy &&
						    bz == dz)
							continue;
						m->boxoff[k][m->nbox[k]++] =
							bz * (ptrdiff_t)v->sy +
							by * (ptrdiff_t)v->sx +
							bx;
					}
					k++;
				}
	}
	m->nmoves = k;
	for (int a = 0; a < k; a++) {
		m->need[a] = (uint32_t)1 << a;
		for (int b = 0; m->box && b < k; b++) {
			/* b is a corner of a's box: each of its axes
			 * unmoved or moved as a's */
			int sub = b != a &&
			          (m->dx[b] == 0 || m->dx[b] == m->dx[a]) &&
			          (m->dy[b] == 0 || m->dy[b] == m->dy[a]) &&
			          (m->dz[b] == 0 || m->dz[b] == m->dz[a]);
			if (sub)
				m->need[a] |= (uint32_t)1 << b;
		}
	}
	m->all = k == 32 ? ~(uint32_t)0 : ((uint32_t)1 << k) - 1;
	for (int a = 0; a < k; a++) {
		m->natural[a] = 0;
		for (int b = 0; b < k; b++)
			if ((m->dx[b] == 0 || m->dx[b] == m->dx[a]) &&
			    (m->dy[b] == 0 || m->dy[b] == m->dy[a]) &&
			    (m->dz[b] == 0 || m->dz[b] == m->dz[a]))
				m->natural[a] |= (uint32_t)1 << b;
		m->of[(m->dx[a] + 1) + 3 * (m->dy[a] + 1) + 9 * (m->dz[a] + 1)] =
			(int8_t)a;
	}
	return 0;
}

int vox_jps_supported(const astar_voxels *v, const astar_options *o)
{
	if (o->diagonal != ASTAR_DIAG_NO_OBSTACLES || o->weight != 1.0)
		return 0;
	if (o->heuristic != ASTAR_H_DEFAULT && o->heuristic != ASTAR_H_OCTILE)
		return 0;
	return v == NULL || v->max_cost == 0 || v->min_cost == v->max_cost;
}

astar_status vox_options_check(const astar_options *o, int flood)
{
	if (!ctx_options_valid(o))
		return ASTAR_EINVAL;
	if (o->diagonal == ASTAR_DIAG_ONE_OBSTACLE || o->landmarks > 0 ||
	    o->wrap != ASTAR_WRAP_NONE || o->size > 1)
		return ASTAR_EUNSUPPORTED;
	if (o->algorithm == ASTAR_ALGO_JPS &&
	    (flood || !vox_jps_supported(NULL, o)))
		return ASTAR_EUNSUPPORTED;
	if (flood && o->algorithm != ASTAR_ALGO_ASTAR &&
	    o->algorithm != ASTAR_ALGO_DIJKSTRA)
		return ASTAR_EUNSUPPORTED;
	return ASTAR_OK;
}

int astar_voxels_supported(const astar_options *opts)
{
	return vox_options_check(opts, 0) == ASTAR_OK;
}

astar_algorithm astar_voxels_choose(const astar_voxels *v,
                                    const astar_options *opts)
{
	astar_options o = *opts;

	o.algorithm = ASTAR_ALGO_JPS;
	return ctx_options_valid(&o) && vox_jps_supported(v, &o)
	               ? ASTAR_ALGO_JPS
	               : ASTAR_ALGO_ASTAR;
}

static void vox_arrays_free(void *p)
{
	vox_arrays *a = p;

	if (a == NULL)
		return;
	free(a->path);
	free(a->explored);
	free(a->dist);
	free(a->labels);
	free(a->flow);
	free(a);
}

vox_arrays *vox_arrays_of(astar_ctx *ctx)
{
	if (ctx->vox == NULL) {
		if ((ctx->vox = calloc(1, sizeof(vox_arrays))) == NULL)
			return NULL;
		ctx->vox_free = vox_arrays_free;
	}
	return ctx->vox;
}

int vox_grow_places(astar_place **a, size_t *cap, size_t need)
{
	astar_place *p;
	size_t n;

	if (need <= *cap)
		return 0;
	n = *cap ? *cap : 64;
	while (n < need)
		n *= 2;
	if ((p = realloc(*a, n * sizeof *p)) == NULL)
		return -1;
	*a = p;
	*cap = n;
	return 0;
}
