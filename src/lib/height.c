/*
 * height.c - search on a height map: a grid's steps under its diagonal
 * policy, each costing the entered cell's cost times its 3D length, with
 * climb and drop limits; A*, Dijkstra, breadth-first and greedy search
 * from several starts to several goals, on the context's records and
 * heap.  A loop of its own, so that the grid's (search_loop.c) stays as
 * it is: a record's dir holds the parent's padded index.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "voxel.h"

static const int hdx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int hdy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

typedef struct hquery {
	const astar_grid *g;
	const astar_heights *hm;
	astar_diagonal pol;
	int ndirs, algo;
	astar_heuristic kind;
	const astar_point *goals;
	size_t ngoals;
	double scale;
} hquery;

static double hval(const hquery *q, astar_point p)
{
	return q->hm->height[(size_t)p.y * (size_t)q->g->width + (size_t)p.x];
}

/* The step from p in direction d: allowed (open, corner rule, limits),
 * and its cost. */
static int hstep(const hquery *q, astar_point p, int d, double *cost)
{
	astar_point n = {p.x + hdx[d], p.y + hdy[d]};
	uint8_t c = astar_grid_get(q->g, n.x, n.y);
	double dh;

	if (c == 0)
		return 0;
	if (d >= 4) {
		int a = astar_grid_get(q->g, n.x, p.y) != 0;
		int b = astar_grid_get(q->g, p.x, n.y) != 0;
		if (q->pol == ASTAR_DIAG_NO_OBSTACLES && !(a && b))
			return 0;
		if (q->pol == ASTAR_DIAG_ONE_OBSTACLE && !(a || b))
			return 0;
	}
	dh = hval(q, n) - hval(q, p);
	if (q->hm->max_climb >= 0 && dh > q->hm->max_climb)
		return 0;
	if (q->hm->max_drop >= 0 && -dh > q->hm->max_drop)
		return 0;
	*cost = c * sqrt((double)(hdx[d] * hdx[d] + hdy[d] * hdy[d]) + dh * dh);
	return 1;
}

static double hheur(const hquery *q, astar_point p)
{
	double best = INFINITY;

	if (q->ngoals > ASTAR_MANY_GOALS_H || q->ngoals == 0)
		return 0.0;
	for (size_t i = 0; i < q->ngoals; i++) {
		double v = ctx_heuristic(q->kind, p.x - q->goals[i].x,
		                         p.y - q->goals[i].y);
		if (v < best)
			best = v;
	}
	return best * q->scale;
}

/* The first position of cell i among the goals, or SIZE_MAX. */
static size_t hgoal(const hquery *q, astar_point p)
{
	for (size_t i = 0; i < q->ngoals; i++)
		if (q->goals[i].x == p.x && q->goals[i].y == p.y)
			return i;
	return SIZE_MAX;
}

static astar_status hcheck(const astar_grid *g, const astar_point *s, size_t ns,
                           const astar_point *t, size_t nt,
                           const astar_options *o)
{
	if (!ctx_options_valid(o) || ns == 0 || nt == 0)
		return ASTAR_EINVAL;
	if (o->algorithm == ASTAR_ALGO_JPS || o->landmarks > 0 ||
	    o->wrap != ASTAR_WRAP_NONE || o->size > 1 || o->adjacent ||
	    o->closest)
		return ASTAR_EUNSUPPORTED;
	for (size_t i = 0; i < ns + nt; i++) {
		astar_point p = i < ns ? s[i] : t[i - ns];
		if (!astar_grid_contains(g, p.x, p.y))
			return ASTAR_ERANGE;
	}
	for (size_t i = 0; i < ns; i++)
		if (astar_grid_get(g, s[i].x, s[i].y) == 0)
			return ASTAR_ESTART_BLOCKED;
	for (size_t i = 0; i < nt; i++)
		if (astar_grid_get(g, t[i].x, t[i].y) == 0)
			return ASTAR_EGOAL_BLOCKED;
	return ASTAR_OK;
}

static heap_key hkey(const hquery *q, uint32_t i, double g, double steps,
                     double h)
{
	if (q->algo == ASTAR_ALGO_BFS)
		return heap_make_key(i, steps, steps);
	if (q->algo == ASTAR_ALGO_GREEDY)
		return heap_make_key(i, h, g);
	return heap_make_key(i, g + h, g);
}

/* The loop; *found the goal cell reached (its position in *gpos), or
 * SIZE_MAX.  Among goals of one cost the first given wins. */
static astar_status hloop(astar_ctx *ctx, const hquery *q,
                          const astar_options *o, size_t *found, size_t *gpos,
                          astar_result *r)
{
	const astar_grid *g = q->g;
	double limit = INFINITY;

	while (!heap_empty(&ctx->open)) {
		uint64_t fb = heap_key_hi(heap_top(&ctx->open));
		double fu;
		memcpy(&fu, &fb, sizeof fu);
		if (*found != SIZE_MAX && fu > limit)
			break;
		size_t u = heap_pop(&ctx->open);
		astar_point pu = ctx_point_of(g, u);
		double gu = ctx->nodes[u].g;
		size_t gp = hgoal(q, pu);

		ctx->pos[u] = CLOSED;
		if (o->explored) {
			if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
			                    (size_t)r->expanded + 1) != 0)
				return ASTAR_ENOMEM;
			ctx->explored[r->expanded] = pu;
		}
		r->expanded++;
		if (gp != SIZE_MAX) {
			if (*found == SIZE_MAX || (gu <= limit && gp < *gpos)) {
				*found = u;
				*gpos = gp;
			}
			if (limit == INFINITY)
				limit = gu + 1e-12 * (gu > 1.0 ? gu : 1.0);
			if (q->ngoals == 1 || q->algo == ASTAR_ALGO_BFS ||
			    q->algo == ASTAR_ALGO_GREEDY)
				break;
			continue;
		}
		for (int d = 0; d < q->ndirs; d++) {
			double c;
			if (!hstep(q, pu, d, &c))
				continue;
			astar_point pw = {pu.x + hdx[d], pu.y + hdy[d]};
			size_t w = grid_index(g, pw.x, pw.y);
			double ng = gu + c;
			if (ctx->nodes[w].gen != ctx->gen) {
				ctx->nodes[w].gen = ctx->gen;
				ctx->nodes[w].g = ng;
				ctx->nodes[w].dir = (uint32_t)u;
				if (heap_push_key(&ctx->open,
				                  hkey(q, (uint32_t)w, ng,
				                       fu + 1, hheur(q, pw))) !=
				    0)
					return ASTAR_ENOMEM;
				r->generated++;
			} else if (ctx->pos[w] != CLOSED &&
			           ng < ctx->nodes[w].g &&
			           q->algo != ASTAR_ALGO_BFS) {
				ctx->nodes[w].g = ng;
				ctx->nodes[w].dir = (uint32_t)u;
				heap_decrease_key(&ctx->open,
				                  hkey(q, (uint32_t)w, ng,
				                       fu + 1, hheur(q, pw)));
				r->generated++;
			}
		}
	}
	return ASTAR_OK;
}

static astar_status hpath(astar_ctx *ctx, const astar_grid *g, size_t at,
                          int no_path, astar_result *r, size_t *root)
{
	size_t n = 1, i = at;

	while (ctx->nodes[i].dir != i) {
		i = ctx->nodes[i].dir;
		n++;
	}
	*root = i;
	r->found = r->reached_goal = 1;
	r->cost = ctx->nodes[at].g;
	r->path_len = n;
	r->end = ctx_point_of(g, at);
	if (no_path)
		return ASTAR_OK;
	if (ctx_grow_points(&ctx->path, &ctx->path_cap, n) != 0)
		return ASTAR_ENOMEM;
	for (i = at; n-- > 0; i = ctx->nodes[i].dir)
		ctx->path[n] = ctx_point_of(g, i);
	r->path = ctx->path;
	return ASTAR_OK;
}

astar_status astar_heights_search(astar_ctx *ctx, const astar_grid *g,
                                  const astar_heights *hm, const astar_point *s,
                                  size_t ns, const astar_point *t, size_t nt,
                                  const astar_options *o, astar_result *r)
{
	hquery q = {g,
	            hm,
	            o->diagonal,
	            o->diagonal == ASTAR_DIAG_NEVER ? 4 : 8,
	            (int)o->algorithm,
	            astar_effective_heuristic(o),
	            t,
	            nt,
	            o->weight * g->min_cost};
	size_t found = SIZE_MAX, gpos = SIZE_MAX, root;
	astar_status st;

	memset(r, 0, sizeof *r);
	if ((st = hcheck(g, s, ns, t, nt, o)) != ASTAR_OK ||
	    (st = ctx_prepare(ctx, g, 0)) != ASTAR_OK)
		return st;
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	for (size_t i = 0; i < ns; i++) {
		size_t si = grid_index(g, s[i].x, s[i].y);
		if (ctx->nodes[si].gen == ctx->gen)
			continue;
		ctx->nodes[si].gen = ctx->gen;
		ctx->nodes[si].g = 0.0;
		ctx->nodes[si].dir = (uint32_t)si;
		if (heap_push_key(&ctx->open, hkey(&q, (uint32_t)si, 0.0, 0.0,
		                                   hheur(&q, s[i]))) != 0)
			return ASTAR_ENOMEM;
		r->generated++;
	}
	if ((st = hloop(ctx, &q, o, &found, &gpos, r)) != ASTAR_OK)
		goto fail;
	if (o->explored) {
		r->explored = ctx->explored;
		r->explored_len = (size_t)r->expanded;
	}
	if (found == SIZE_MAX)
		return ASTAR_OK;
	if ((st = hpath(ctx, g, found, o->no_path, r, &root)) != ASTAR_OK)
		goto fail;
	r->goal_index = gpos;
	for (size_t i = 0; i < ns; i++)
		if (grid_index(g, s[i].x, s[i].y) == root) {
			r->start_index = i;
			break;
		}
	return ASTAR_OK;
fail:
	memset(r, 0, sizeof *r);
	return st;
}

/* The flow code of the step from (x, y) to its parent p (N E S W NE SE
 * SW NW, as astar_flow_dx and astar_flow_dy read them). */
static uint8_t flow_code(astar_point c, astar_point p)
{
	for (int d = 0; d < 8; d++)
		if (c.x + hdx[d] == p.x && c.y + hdy[d] == p.y)
			return (uint8_t)d;
	return ASTAR_FLOW_NONE;
}

/* Room for a flood's n distances and flow codes; -1 out of memory. */
static int flood_room(vox_arrays *va, size_t n)
{
	if (va->dist_cap < n) {
		double *d = realloc(va->dist, n * sizeof *d);
		if (d == NULL)
			return -1;
		va->dist = d;
		va->dist_cap = n;
	}
	if (va->flow_cap < n) {
		uint8_t *fl = realloc(va->flow, n);
		if (fl == NULL)
			return -1;
		va->flow = fl;
		va->flow_cap = n;
	}
	return 0;
}

astar_status astar_heights_flood(astar_ctx *ctx, const astar_grid *g,
                                 const astar_heights *hm, const astar_point *s,
                                 size_t ns, const astar_options *opts,
                                 astar_flood_result *f)
{
	astar_options o = *opts;
	hquery q = {g,
	            hm,
	            o.diagonal,
	            o.diagonal == ASTAR_DIAG_NEVER ? 4 : 8,
	            ASTAR_ALGO_DIJKSTRA,
	            ASTAR_H_ZERO,
	            NULL,
	            0,
	            0.0};
	size_t found = SIZE_MAX, gpos = SIZE_MAX, n;
	astar_result r;
	vox_arrays *va;
	astar_status st;

	memset(f, 0, sizeof *f);
	o.adjacent = o.closest = 0;
	if (!ctx_options_valid(&o) || ns == 0)
		return ASTAR_EINVAL;
	if (o.algorithm != ASTAR_ALGO_ASTAR &&
	    o.algorithm != ASTAR_ALGO_DIJKSTRA)
		return ASTAR_EUNSUPPORTED;
	o.algorithm = ASTAR_ALGO_DIJKSTRA;
	o.explored = 0;
	if ((st = hcheck(g, s, ns, s, ns, &o)) != ASTAR_OK)
		return st == ASTAR_EGOAL_BLOCKED ? ASTAR_ESTART_BLOCKED : st;
	if ((st = ctx_prepare(ctx, g, 0)) != ASTAR_OK)
		return st;
	n = (size_t)g->width * (size_t)g->height;
	if ((va = vox_arrays_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	if (flood_room(va, n) != 0)
		return ASTAR_ENOMEM;
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	for (size_t i = 0; i < ns; i++) {
		size_t si = grid_index(g, s[i].x, s[i].y);
		if (ctx->nodes[si].gen == ctx->gen)
			continue;
		ctx->nodes[si].gen = ctx->gen;
		ctx->nodes[si].g = 0.0;
		ctx->nodes[si].dir = (uint32_t)si;
		if (heap_push(&ctx->open, (uint32_t)si, 0.0, 0.0) != 0)
			return ASTAR_ENOMEM;
	}
	memset(&r, 0, sizeof r);
	if ((st = hloop(ctx, &q, &o, &found, &gpos, &r)) != ASTAR_OK)
		return st;
	for (int32_t y = 0; y < g->height; y++)
		for (int32_t x = 0; x < g->width; x++) {
			size_t i = grid_index(g, x, y),
			       k = (size_t)y * g->width + x;
			int has = ctx->nodes[i].gen == ctx->gen;
			va->dist[k] = has ? ctx->nodes[i].g : -1.0;
			va->flow[k] =
				has && ctx->nodes[i].dir != i
					? flow_code(
						  (astar_point){x, y},
						  ctx_point_of(
							  g, ctx->nodes[i].dir))
					: ASTAR_FLOW_NONE;
			f->reached += (size_t)has;
		}
	f->width = g->width;
	f->height = g->height;
	f->dist = va->dist;
	f->flow = va->flow;
	f->expanded = r.expanded;
	return ASTAR_OK;
}
