/*
 * height_regions.c - a height map's regions: the strongly connected
 * components of its open cells under the steps height.h allows (Tarjan's
 * algorithm with an explicit stack, so that a long corridor cannot
 * overflow the C stack), numbered in the order of each region's first
 * cell in rows.  Strongly connected because a climb limit other than the
 * drop limit makes steps one-way: a region is a set of cells each of
 * which can reach every other and come back, as a graph's regions are.
 */
#include <stdlib.h>
#include <string.h>

#include "height.h"

/* Tarjan's working arrays, one entry a cell (in rows, unpadded). */
typedef struct htarjan {
	const astar_grid *g;
	const astar_heights *hm;
	astar_diagonal pol;
	int ndirs;
	uint32_t *index, *low, *stack, *call, *comp;
	uint8_t *next_dir, *on;
	uint32_t counter, sp, depth, ncomp;
} htarjan;

static astar_point cell_at(const htarjan *t, uint32_t k)
{
	astar_point p = {(int32_t)(k % (uint32_t)t->g->width),
	                 (int32_t)(k / (uint32_t)t->g->width)};
	return p;
}

/* Opens cell k: its index, and onto both stacks. */
static void open_cell(htarjan *t, uint32_t k)
{
	t->index[k] = t->low[k] = ++t->counter;
	t->stack[t->sp++] = k;
	t->on[k] = 1;
	t->next_dir[k] = 0;
	t->call[t->depth++] = k;
}

/* Closes k, the top of the call stack: its low passes to its caller, and
 * a root pops its component. */
static void close_cell(htarjan *t, uint32_t k)
{
	t->depth--;
	if (t->depth > 0) {
		uint32_t p = t->call[t->depth - 1];
		if (t->low[k] < t->low[p])
			t->low[p] = t->low[k];
	}
	if (t->low[k] != t->index[k])
		return;
	t->ncomp++;
	for (;;) {
		uint32_t w = t->stack[--t->sp];
		t->on[w] = 0;
		t->comp[w] = t->ncomp;
		if (w == k)
			break;
	}
}

/* The components reached from open cell k0, not yet indexed. */
static void strong_from(htarjan *t, uint32_t k0)
{
	open_cell(t, k0);
	while (t->depth > 0) {
		uint32_t k = t->call[t->depth - 1];
		if (t->next_dir[k] >= t->ndirs) {
			close_cell(t, k);
			continue;
		}
		int d = t->next_dir[k]++;
		astar_point p = cell_at(t, k);
		double c;
		if (!height_step(t->g, t->hm, t->pol, p, d, &c))
			continue;
		uint32_t w = (uint32_t)((p.y + height_dy[d]) * t->g->width +
		                        p.x + height_dx[d]);
		if (t->index[w] == 0)
			open_cell(t, w);
		else if (t->on[w] && t->index[w] < t->low[k])
			t->low[k] = t->index[w];
	}
}

static void htarjan_free(htarjan *t)
{
	free(t->index);
	free(t->low);
	free(t->stack);
	free(t->call);
	free(t->next_dir);
	free(t->on);
}

/* Numbers the components in the order of their first cell in rows, into
 * out (0 for a blocked cell); the count. */
static size_t number_regions(htarjan *t, uint32_t *out, size_t n)
{
	uint32_t *label = t->low, next = 0; /* low is done with */

	memset(label, 0, ((size_t)t->ncomp + 1) * sizeof *label);
	for (size_t k = 0; k < n; k++) {
		uint32_t c = t->comp[k];
		if (c != 0 && label[c] == 0)
			label[c] = ++next;
		out[k] = c != 0 ? label[c] : 0;
	}
	return next;
}

astar_status astar_heights_regions(astar_ctx *ctx, const astar_grid *g,
                                   const astar_heights *hm,
                                   const astar_options *o, size_t *count,
                                   const uint32_t **labels)
{
	size_t n = (size_t)g->width * (size_t)g->height;
	htarjan t;
	vox_arrays *va;

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
	memset(&t, 0, sizeof t);
	t.g = g;
	t.hm = hm;
	t.pol = o->diagonal;
	t.ndirs = o->diagonal == ASTAR_DIAG_NEVER ? 4 : 8;
	t.comp = va->labels; /* each cell's component, then its label */
	t.index = calloc(n + 1, sizeof *t.index);
	t.low = calloc(n + 1, sizeof *t.low);
	t.stack = malloc((n + 1) * sizeof *t.stack);
	t.call = malloc((n + 1) * sizeof *t.call);
	t.next_dir = malloc(n + 1);
	t.on = calloc(n + 1, 1);
	if (!t.index || !t.low || !t.stack || !t.call || !t.next_dir || !t.on) {
		htarjan_free(&t);
		return ASTAR_ENOMEM;
	}
	memset(t.comp, 0, n * sizeof *t.comp);
	for (uint32_t k = 0; k < n; k++) {
		astar_point p = cell_at(&t, k);
		if (t.index[k] == 0 && astar_grid_get(g, p.x, p.y) != 0)
			strong_from(&t, k);
	}
	*count = number_regions(&t, va->labels, n);
	htarjan_free(&t);
	if (labels != NULL)
		*labels = va->labels;
	return ASTAR_OK;
}
