/*
 * height_regions.c - a height map's regions: the strongly connected
 * components of its open cells under the steps height.h allows (scc.c),
 * numbered in the order of each region's first cell in rows.  Strongly
 * connected because a climb limit other than the drop limit makes steps
 * one-way: a region is a set of cells each of which can reach every
 * other and come back, as a graph's regions are.
 */
#include <stdlib.h>

#include "height.h"
#include "scc.h"

/* The cells as scc.c walks them, in rows: an open cell takes part; its
 * successors are the cells its legal steps enter, direction by
 * direction. */
typedef struct hsteps {
	const astar_grid *g;
	const astar_heights *hm;
	astar_diagonal pol;
	int ndirs;
} hsteps;

static astar_point cell_at(const hsteps *t, uint32_t k)
{
	astar_point p = {(int32_t)(k % (uint32_t)t->g->width),
	                 (int32_t)(k / (uint32_t)t->g->width)};
	return p;
}

static int open_cell(void *arg, uint32_t k)
{
	const hsteps *t = arg;
	astar_point p = cell_at(t, k);

	return astar_grid_get(t->g, p.x, p.y) != 0;
}

static int next_step(void *arg, uint32_t k, uint32_t *cursor, uint32_t *w)
{
	const hsteps *t = arg;
	astar_point p = cell_at(t, k);
	double c;

	while (*cursor < (uint32_t)t->ndirs) {
		int d = (int)(*cursor)++;
		if (height_step(t->g, t->hm, t->pol, p, d, &c)) {
			*w = (uint32_t)((p.y + height_dy[d]) * t->g->width +
			                p.x + height_dx[d]);
			return 1;
		}
	}
	return 0;
}

astar_status astar_heights_regions(astar_ctx *ctx, const astar_grid *g,
                                   const astar_heights *hm,
                                   const astar_options *o, size_t *count,
                                   const uint32_t **labels)
{
	size_t n = (size_t)g->width * (size_t)g->height;
	hsteps t;
	scc_graph sg = {(uint32_t)n, &t, open_cell, next_step};
	vox_arrays *va;
	astar_status st;

	*count = 0;
	if (labels != NULL)
		*labels = NULL;
	if (!ctx_options_valid(o))
		return ASTAR_EINVAL;
	if (o->wrap != ASTAR_WRAP_NONE || o->size > 1)
		return ASTAR_EUNSUPPORTED;
	if (n >= UINT32_MAX)
		return ASTAR_ETOOBIG;
	if ((va = vox_arrays_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	if (va->labels_cap < n) {
		uint32_t *l = realloc(va->labels, (n ? n : 1) * sizeof *l);
		if (l == NULL)
			return ASTAR_ENOMEM;
		va->labels = l;
		va->labels_cap = n;
	}
	t.g = g;
	t.hm = hm;
	t.pol = o->diagonal;
	t.ndirs = o->diagonal == ASTAR_DIAG_NEVER ? 4 : 8;
	if ((st = scc_label(&sg, va->labels, count)) != ASTAR_OK)
		return st;
	if (labels != NULL)
		*labels = va->labels;
	return ASTAR_OK;
}
