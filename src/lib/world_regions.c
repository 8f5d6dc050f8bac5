/*
 * world_regions.c - the regions of a world (astar_world_regions): places
 * that can all reach each other across steps, seams and links, found as
 * the strongly connected parts of the world's steps (Tarjan's method,
 * with an explicit stack so that no world is too large for it).
 */
#include <stdlib.h>
#include <string.h>

#include "world.h"
#include "world_scratch.h"

#define END SIZE_MAX

/* The k-th way out of place i: a step (0 when not allowed), a link, or
 * END past the last. */
static size_t way_out(const astar_world *w, astar_diagonal policy, int ndirs,
                      size_t i, uint32_t k)
{
	int32_t stride;
	uint32_t slot = w->slot[i], a;

	if (k < (uint32_t)ndirs) {
		size_t m;
		stride = w->lv[world_level_of(w, i)].grid->stride;
		m = world_step(w, i, (int)k, stride);
		if (w->cost[m] == 0 || !world_diagonal_ok(w, i, (int)k, stride, policy))
			return 0;
		return m;
	}
	if (slot == 0)
		return END;
	a = w->arc_first[slot - 1] + (k - (uint32_t)ndirs);
	return a < w->arc_first[slot] ? w->arc_to[a] : END;
}

typedef struct tarjan {
	uint32_t *idx, *low, *comp; /* per place; comp 0 while on the stack */
	uint32_t *stack, *call, *callk;
	size_t sn, cn;
	uint32_t counter, ncomp;
} tarjan;

static void visit(tarjan *t, size_t v)
{
	t->idx[v] = t->low[v] = ++t->counter;
	t->stack[t->sn++] = (uint32_t)v;
	t->call[t->cn] = (uint32_t)v;
	t->callk[t->cn++] = 0;
}

/* Every region reached from place root. */
static void tarjan_from(tarjan *t, const astar_world *w, astar_diagonal pol,
                        int ndirs, size_t root)
{
	visit(t, root);
	while (t->cn > 0) {
		size_t v = t->call[t->cn - 1];
		size_t m = way_out(w, pol, ndirs, v, t->callk[t->cn - 1]++);
		if (m == 0)
			continue;
		if (m != END) {
			if (t->idx[m] == 0)
				visit(t, m);
			else if (t->comp[m] == 0 && t->idx[m] < t->low[v])
				t->low[v] = t->idx[m];
			continue;
		}
		t->cn--;
		if (t->low[v] == t->idx[v]) {
			uint32_t x;
			t->ncomp++;
			do {
				x = t->stack[--t->sn];
				t->comp[x] = t->ncomp;
			} while (x != v);
		}
		if (t->cn > 0) {
			size_t u = t->call[t->cn - 1];
			if (t->low[v] < t->low[u])
				t->low[u] = t->low[v];
		}
	}
}

/* Labels in astar_world_offset's layout, the regions numbered from 1 in
 * the order of their first cell; t->idx is reused as the renumbering. */
static size_t number_regions(const astar_world *w, tarjan *t, uint32_t *out)
{
	size_t c = 0, count = 0;

	memset(t->idx, 0, ((size_t)t->ncomp + 1) * sizeof *t->idx);
	for (size_t k = 0; k < w->nlv; k++) {
		const astar_grid *g = w->lv[k].grid;
		for (int32_t y = 0; y < g->height; y++)
			for (int32_t x = 0; x < g->width; x++, c++) {
				uint32_t r = t->comp[w->lv[k].base + grid_index(g, x, y)];
				if (r != 0 && t->idx[r] == 0)
					t->idx[r] = (uint32_t)++count;
				out[c] = r != 0 ? t->idx[r] : 0;
			}
	}
	return count;
}

astar_status astar_world_regions(astar_ctx *ctx, const astar_world *w,
                                 const astar_options *o, size_t *count,
                                 const uint32_t **labels)
{
	world_scratch *s;
	tarjan t;
	int ndirs = o->diagonal == ASTAR_DIAG_NEVER ? 4 : 8;
	size_t n = w->n;

	if (!ctx_options_valid(o) || !w->built)
		return ASTAR_EINVAL;
	if (w->nlv == 1 && w->nln == 0 && !w->blocked)
		return astar_regions(ctx, w->lv[0].grid, o, count, labels);
	if (o->wrap != ASTAR_WRAP_NONE || o->size > 1)
		return ASTAR_EUNSUPPORTED;
	if ((s = world_scratch_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	for (int k = 0; k < 3; k++)
		if (world_grow((void **)&s->tmp[k], &s->tmp_cap[k], n, sizeof(uint32_t)))
			return ASTAR_ENOMEM;
	if (world_grow((void **)&s->labels, &s->labels_cap,
	               astar_world_offset(w, w->nlv) + 1, sizeof *s->labels))
		return ASTAR_ENOMEM;
	memset(&t, 0, sizeof t);
	t.idx = s->tmp[0];
	t.low = s->tmp[1];
	t.comp = s->tmp[2];
	t.stack = malloc(n * sizeof *t.stack);
	t.call = malloc(n * sizeof *t.call);
	t.callk = malloc(n * sizeof *t.callk);
	if (t.stack == NULL || t.call == NULL || t.callk == NULL) {
		free(t.stack);
		free(t.call);
		free(t.callk);
		return ASTAR_ENOMEM;
	}
	memset(t.idx, 0, n * sizeof *t.idx);
	memset(t.comp, 0, n * sizeof *t.comp);
	for (size_t i = 0; i < n; i++)
		if (w->cost[i] != 0 && t.idx[i] == 0)
			tarjan_from(&t, w, o->diagonal, ndirs, i);
	free(t.stack);
	free(t.call);
	free(t.callk);
	*count = number_regions(w, &t, s->labels);
	if (labels != NULL)
		*labels = s->labels;
	return ASTAR_OK;
}
