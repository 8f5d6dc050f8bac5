/*
 * world.c - building a world of several levels (world.h): its levels and
 * links, the places laid end to end, the seams between levels of one
 * depth, the flagged places' neighbour and link tables, and the tables
 * of the world heuristic (docs/design.md, "World heuristic").
 */
#include <stdlib.h>
#include <string.h>

#include "world.h"

astar_world *astar_world_new(void)
{
	return calloc(1, sizeof(astar_world));
}

static void world_unbuild(astar_world *w)
{
	free(w->cost);
	free(w->slot);
	free(w->nb);
	free(w->arc_first);
	free(w->arc_to);
	free(w->arc_cost);
	free(w->lfree[0]);
	free(w->lfree[1]);
	free(w->exits);
	w->cost = NULL;
	w->slot = NULL;
	w->nb = NULL;
	w->arc_first = w->arc_to = NULL;
	w->arc_cost = w->lfree[0] = w->lfree[1] = NULL;
	w->exits = NULL;
	w->built = 0;
}

void astar_world_free(astar_world *w)
{
	if (w == NULL)
		return;
	world_unbuild(w);
	for (size_t k = 0; k < w->nlv; k++)
		free(w->lv[k].name);
	free(w->lv);
	free(w->ln);
	free(w);
}

/* Grows an array of *cap elements of size sz to hold one more. */
static int grow(void **a, size_t *cap, size_t n, size_t sz)
{
	void *p;
	size_t c = *cap ? *cap * 2 : 8;

	if (n < *cap)
		return 0;
	if ((p = realloc(*a, c * sz)) == NULL)
		return -1;
	*a = p;
	*cap = c;
	return 0;
}

astar_status astar_world_add_level(astar_world *w, const astar_grid *grid,
                                   const char *name, int32_t x, int32_t y,
                                   int32_t depth)
{
	world_level *l;
	char *copy = strdup(name != NULL ? name : "");

	if (copy == NULL ||
	    grow((void **)&w->lv, &w->lvcap, w->nlv, sizeof *w->lv) != 0) {
		free(copy);
		return ASTAR_ENOMEM;
	}
	l = &w->lv[w->nlv++];
	memset(l, 0, sizeof *l);
	l->grid = grid;
	l->name = copy;
	l->x = x;
	l->y = y;
	l->depth = depth;
	world_unbuild(w);
	return ASTAR_OK;
}

astar_status astar_world_add_link(astar_world *w, astar_place from,
                                  astar_place to, double cost, int oneway)
{
	world_link *l;

	if (!isfinite(cost) || cost < 0.0)
		return ASTAR_EINVAL;
	if (grow((void **)&w->ln, &w->lncap, w->nln, sizeof *w->ln) != 0)
		return ASTAR_ENOMEM;
	l = &w->ln[w->nln++];
	l->from = from;
	l->to = to;
	l->cost = cost;
	l->oneway = oneway != 0;
	world_unbuild(w);
	return ASTAR_OK;
}

size_t astar_world_level_count(const astar_world *w)
{
	return w->nlv;
}

const astar_grid *astar_world_level(const astar_world *w, size_t k)
{
	return k < w->nlv ? w->lv[k].grid : NULL;
}

const char *astar_world_level_name(const astar_world *w, size_t k)
{
	return k < w->nlv ? w->lv[k].name : "";
}

void astar_world_level_at(const astar_world *w, size_t k, int32_t *x,
                          int32_t *y, int32_t *depth)
{
	*x = k < w->nlv ? w->lv[k].x : 0;
	*y = k < w->nlv ? w->lv[k].y : 0;
	*depth = k < w->nlv ? w->lv[k].depth : 0;
}

size_t astar_world_link_count(const astar_world *w)
{
	return w->nln;
}

void astar_world_link_get(const astar_world *w, size_t i, astar_place *from,
                          astar_place *to, double *cost, int *oneway)
{
	*from = w->ln[i].from;
	*to = w->ln[i].to;
	*cost = w->ln[i].cost;
	*oneway = w->ln[i].oneway;
}

size_t astar_world_offset(const astar_world *w, size_t k)
{
	size_t off = 0;

	for (size_t j = 0; j < k && j < w->nlv; j++)
		off += (size_t)w->lv[j].grid->width * (size_t)w->lv[j].grid->height;
	return off;
}

uint8_t astar_world_get(const astar_world *w, astar_place p)
{
	size_t i;

	if (!w->built || (i = world_index(w, p)) == 0)
		return 0;
	return w->cost[i];
}

astar_status astar_world_block(astar_world *w, astar_place p)
{
	size_t i;

	if (!w->built || (i = world_index(w, p)) == 0)
		return ASTAR_ERANGE;
	w->cost[i] = 0;
	w->blocked = 1;
	return ASTAR_OK;
}

/* The place at world cell (x, y) of depth, 0 when no level holds it. */
static size_t world_find(const astar_world *w, int32_t depth, int64_t x,
                         int64_t y)
{
	for (size_t k = 0; k < w->nlv; k++) {
		const world_level *l = &w->lv[k];
		int64_t lx = x - l->x, ly = y - l->y;
		if (l->depth == depth && lx >= 0 && ly >= 0 &&
		    lx < l->grid->width && ly < l->grid->height)
			return l->base +
			       grid_index(l->grid, (int32_t)lx, (int32_t)ly);
	}
	return 0;
}

/* Fails on two levels of one depth that share a cell: the first such
 * pair, and the cells they share. */
static int find_overlap(const astar_world *w, astar_world_problem *why)
{
	for (size_t a = 0; a < w->nlv; a++)
		for (size_t b = a + 1; b < w->nlv; b++) {
			const world_level *p = &w->lv[a], *q = &w->lv[b];
			int64_t x0 = p->x > q->x ? p->x : q->x;
			int64_t y0 = p->y > q->y ? p->y : q->y;
			int64_t x1 = (int64_t)p->x + p->grid->width;
			int64_t y1 = (int64_t)p->y + p->grid->height;
			int64_t qx1 = (int64_t)q->x + q->grid->width;
			int64_t qy1 = (int64_t)q->y + q->grid->height;
			x1 = x1 < qx1 ? x1 : qx1;
			y1 = y1 < qy1 ? y1 : qy1;
			if (p->depth != q->depth || x0 >= x1 || y0 >= y1)
				continue;
			why->fault = ASTAR_WORLD_OVERLAP;
			why->a = a;
			why->b = b;
			why->x0 = (int32_t)x0;
			why->y0 = (int32_t)y0;
			why->x1 = (int32_t)(x1 - 1);
			why->y1 = (int32_t)(y1 - 1);
			return -1;
		}
	return 0;
}

/* Checks every link's ends. */
static int check_links(const astar_world *w, astar_world_problem *why)
{
	for (size_t i = 0; i < w->nln; i++)
		for (int e = 0; e < 2; e++) {
			astar_place p = e ? w->ln[i].to : w->ln[i].from;
			if (p.level >= w->nlv) {
				why->fault = ASTAR_WORLD_NO_LEVEL;
			} else if (!astar_grid_contains(w->lv[p.level].grid,
			                                p.x, p.y)) {
				why->fault = ASTAR_WORLD_OUTSIDE;
			} else {
				continue;
			}
			why->link = i;
			why->end = e;
			return -1;
		}
	return 0;
}

/* Flags place i (a seam cell or a link end) and fills its neighbours. */
static void flag_place(astar_world *w, size_t i)
{
	astar_place p;
	const world_level *l;
	uint32_t *nb;

	if (w->slot[i] != 0)
		return;
	w->slot[i] = (uint32_t)++w->nflag;
	p = world_place_of(w, i);
	l = &w->lv[p.level];
	nb = w->nb[w->nflag - 1];
	for (int d = 0; d < 8; d++)
		nb[d] = (uint32_t)world_find(w, l->depth,
		                             (int64_t)l->x + p.x + world_dx[d],
		                             (int64_t)l->y + p.y + world_dy[d]);
}

/* Flags the border cells of every level that another level of its depth
 * touches, then the link ends.  The rows are at most every border cell
 * and two per link, counted by the caller. */
static void flag_places(astar_world *w)
{
	for (size_t k = 0; k < w->nlv; k++) {
		const world_level *l = &w->lv[k];
		int32_t wd = l->grid->width, ht = l->grid->height;
		for (int32_t y = 0; y < ht; y++)
			for (int32_t x = 0; x < wd; x++) {
				int seam = 0;
				if (y != 0 && y != ht - 1 && x != 0 && x != wd - 1)
					x = wd - 2; /* the row's inside is no border */
				else
					for (int d = 0; d < 8 && !seam; d++) {
						int32_t nx = x + world_dx[d], ny = y + world_dy[d];
						if (nx < 0 || ny < 0 || nx >= wd || ny >= ht)
							seam = world_find(w, l->depth,
							                  (int64_t)l->x + nx,
							                  (int64_t)l->y + ny) != 0;
					}
				if (seam)
					flag_place(w, l->base + grid_index(l->grid, x, y));
			}
	}
	for (size_t i = 0; i < w->nln; i++) {
		flag_place(w, world_index(w, w->ln[i].from));
		flag_place(w, world_index(w, w->ln[i].to));
	}
}

/* The link table of the flagged places, in the order the links were
 * added (so searches are deterministic): counted, summed, filled. */
static int build_arc_table(astar_world *w)
{
	size_t na = 0;
	uint32_t *fill;

	w->arc_first = calloc(w->nflag + 2, sizeof *w->arc_first);
	for (size_t i = 0; i < w->nln; i++)
		na += w->ln[i].oneway ? 1 : 2;
	w->arc_to = malloc((na + 1) * sizeof *w->arc_to);
	w->arc_cost = malloc((na + 1) * sizeof *w->arc_cost);
	fill = calloc(w->nflag + 1, sizeof *fill);
	if (w->arc_first == NULL || w->arc_to == NULL || w->arc_cost == NULL ||
	    fill == NULL) {
		free(fill);
		return -1;
	}
	for (size_t i = 0; i < w->nln; i++)
		for (int e = 0; e < (w->ln[i].oneway ? 1 : 2); e++) {
			size_t a = world_index(w, e ? w->ln[i].to : w->ln[i].from);
			w->arc_first[w->slot[a]]++;
		}
	for (size_t r = 0; r < w->nflag; r++)
		w->arc_first[r + 1] += w->arc_first[r];
	for (size_t i = 0; i < w->nln; i++)
		for (int e = 0; e < (w->ln[i].oneway ? 1 : 2); e++) {
			size_t a = world_index(w, e ? w->ln[i].to : w->ln[i].from);
			size_t b = world_index(w, e ? w->ln[i].from : w->ln[i].to);
			uint32_t r = w->slot[a] - 1;
			w->arc_to[w->arc_first[r] + fill[r]] = (uint32_t)b;
			w->arc_cost[w->arc_first[r] + fill[r]++] = w->ln[i].cost;
		}
	free(fill);
	return 0;
}

/* The places where links leave, for M(t). */
static int build_exits(astar_world *w)
{
	w->exits = malloc((2 * w->nln + 1) * sizeof *w->exits);
	if (w->exits == NULL)
		return -1;
	w->nexits = 0;
	for (size_t i = 0; i < w->nln; i++)
		for (int e = 0; e < (w->ln[i].oneway ? 1 : 2); e++) {
			astar_place p = e ? w->ln[i].from : w->ln[i].to;
			const world_level *l = &w->lv[p.level];
			world_exit *x = &w->exits[w->nexits++];
			x->x = l->x + p.x;
			x->y = l->y + p.y;
			x->depth = l->depth;
			x->cost = w->ln[i].cost;
		}
	return 0;
}

/* A plain binary heap of (distance, place) for the tables below, where
 * a place may be pushed more than once (a stale entry is skipped). */
typedef struct fheap {
	double *d;
	uint32_t *i;
	size_t n, cap;
} fheap;

static int fheap_push(fheap *h, double d, uint32_t i)
{
	size_t k;

	if (h->n == h->cap) {
		size_t c = h->cap ? h->cap * 2 : 256;
		double *nd = realloc(h->d, c * sizeof *nd);
		uint32_t *ni;
		if (nd == NULL)
			return -1;
		h->d = nd;
		if ((ni = realloc(h->i, c * sizeof *ni)) == NULL)
			return -1;
		h->i = ni;
		h->cap = c;
	}
	for (k = h->n++; k > 0 && h->d[(k - 1) / 2] > d; k = (k - 1) / 2) {
		h->d[k] = h->d[(k - 1) / 2];
		h->i[k] = h->i[(k - 1) / 2];
	}
	h->d[k] = d;
	h->i[k] = i;
	return 0;
}

static uint32_t fheap_pop(fheap *h, double *d)
{
	uint32_t top = h->i[0];
	double ld = h->d[--h->n];
	uint32_t li = h->i[h->n];
	size_t k = 0;

	*d = h->d[0];
	for (;;) {
		size_t c = 2 * k + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && h->d[c + 1] < h->d[c])
			c++;
		if (h->d[c] >= ld)
			break;
		h->d[k] = h->d[c];
		h->i[k] = h->i[c];
		k = c;
	}
	h->d[k] = ld;
	h->i[k] = li;
	return top;
}

/*
 * L(n) of the world heuristic: the least walk from each place to a link
 * entrance with every cell of every level open at cost 1 (a diagonal
 * sqrt(2), any diagonal allowed when diag), across seams, without links.
 * Real walks use a subset of these steps at no less cost, so it bounds
 * them from below, and as a shortest-path distance it changes by at most
 * a step's cost from one place to the next.
 */
static int free_distances(astar_world *w, const uint8_t *open, int diag)
{
	double *dist = malloc(w->n * sizeof *dist), d;
	fheap h = {NULL, NULL, 0, 0};
	int bad = dist == NULL;

	for (size_t i = 0; !bad && i < w->n; i++)
		dist[i] = INFINITY;
	for (size_t i = 0; !bad && i < w->nln; i++)
		for (int e = 0; e < (w->ln[i].oneway ? 1 : 2); e++) {
			size_t a = world_index(w, e ? w->ln[i].to : w->ln[i].from);
			dist[a] = 0.0;
			bad |= fheap_push(&h, 0.0, (uint32_t)a) != 0;
		}
	while (!bad && h.n > 0) {
		uint32_t i = fheap_pop(&h, &d);
		int32_t stride = w->lv[world_level_of(w, i)].grid->stride;
		if (d > dist[i])
			continue;
		for (int k = 0; k < (diag ? 8 : 4); k++) {
			size_t m = world_step(w, i, k, stride);
			double nd = d + (k < 4 ? 1.0 : SQRT2);
			if (!open[m] || nd >= dist[m])
				continue;
			dist[m] = nd;
			bad |= fheap_push(&h, nd, (uint32_t)m) != 0;
		}
	}
	free(h.d);
	free(h.i);
	if (bad) {
		free(dist);
		return -1;
	}
	w->lfree[diag] = dist;
	return 0;
}

astar_status astar_world_build(astar_world *w, astar_world_problem *why)
{
	astar_world_problem spare;
	size_t n = 0, border = 0;
	uint8_t *open;

	why = why != NULL ? why : &spare;
	memset(why, 0, sizeof *why);
	world_unbuild(w);
	if (w->nlv == 0) {
		why->fault = ASTAR_WORLD_EMPTY;
		return ASTAR_EINVAL;
	}
	if (check_links(w, why) != 0 || find_overlap(w, why) != 0)
		return ASTAR_EINVAL;
	for (size_t k = 0; k < w->nlv; k++) {
		const astar_grid *g = w->lv[k].grid;
		w->lv[k].base = n;
		w->lv[k].offset = astar_world_offset(w, k);
		n += g->ncells;
		border += 2 * ((size_t)g->width + (size_t)g->height);
		if (n > ASTAR_SEARCH_CELLS_MAX)
			return ASTAR_ETOOBIG;
	}
	w->n = n;
	w->cost = malloc(n);
	w->slot = calloc(n, sizeof *w->slot);
	w->nb = malloc((border + 2 * w->nln + 1) * sizeof *w->nb);
	open = calloc(n, 1);
	if (w->cost == NULL || w->slot == NULL || w->nb == NULL || open == NULL)
		goto nomem;
	w->min_cost = ASTAR_COST_MAX;
	for (size_t k = 0; k < w->nlv; k++) {
		const astar_grid *g = w->lv[k].grid;
		memcpy(w->cost + w->lv[k].base, g->cells, g->ncells);
		for (int32_t y = 0; y < g->height; y++)
			memset(open + w->lv[k].base + grid_index(g, 0, y), 1,
			       (size_t)g->width);
	}
	for (size_t i = 0; i < w->nln; i++) {
		w->cost[world_index(w, w->ln[i].from)] |=
		        !w->cost[world_index(w, w->ln[i].from)];
		w->cost[world_index(w, w->ln[i].to)] |=
		        !w->cost[world_index(w, w->ln[i].to)];
	}
	for (size_t i = 0; i < n; i++)
		if (w->cost[i] != 0 && w->cost[i] < w->min_cost)
			w->min_cost = w->cost[i];
	w->nflag = 0;
	flag_places(w);
	if (build_arc_table(w) != 0 || build_exits(w) != 0 ||
	    free_distances(w, open, 0) != 0 ||
	    free_distances(w, open, 1) != 0)
		goto nomem;
	free(open);
	w->built = 1;
	return ASTAR_OK;
nomem:
	free(open);
	world_unbuild(w);
	return ASTAR_ENOMEM;
}
