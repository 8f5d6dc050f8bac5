/*
 * height.c - search on a height map: a grid's steps under its diagonal
 * policy, each costing the entered cell's cost times its 3D length, with
 * climb and drop limits; A*, Dijkstra, breadth-first and greedy search
 * from several starts to several goals, with the adjacent and closest
 * goal rules, and the flood from several sources, on the context's
 * records and heap.  A loop of its own, so that the grid's
 * (search_loop.c) stays as it is: a record's dir holds the parent's
 * padded index.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "height.h"

const int height_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
const int height_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

static double hval(const astar_grid *g, const astar_heights *hm, astar_point p)
{
	return hm->height[(size_t)p.y * (size_t)g->width + (size_t)p.x];
}

int height_pass(const astar_grid *g, const astar_heights *hm,
                astar_diagonal pol, astar_point p, int d)
{
	astar_point n = {p.x + height_dx[d], p.y + height_dy[d]};
	double dh;

	if (d >= 4) {
		int a = astar_grid_get(g, n.x, p.y) != 0;
		int b = astar_grid_get(g, p.x, n.y) != 0;
		if (pol == ASTAR_DIAG_NO_OBSTACLES && !(a && b))
			return 0;
		if (pol == ASTAR_DIAG_ONE_OBSTACLE && !(a || b))
			return 0;
	}
	dh = hval(g, hm, n) - hval(g, hm, p);
	if (hm->max_climb >= 0 && dh > hm->max_climb)
		return 0;
	if (hm->max_drop >= 0 && -dh > hm->max_drop)
		return 0;
	return 1;
}

int height_step(const astar_grid *g, const astar_heights *hm,
                astar_diagonal pol, astar_point p, int d, double *cost)
{
	astar_point n = {p.x + height_dx[d], p.y + height_dy[d]};
	uint8_t c = astar_grid_get(g, n.x, n.y);
	double dh;

	if (c == 0 || !height_pass(g, hm, pol, p, d))
		return 0;
	dh = hval(g, hm, n) - hval(g, hm, p);
	*cost = c * sqrt((double)(height_dx[d] * height_dx[d] +
	                          height_dy[d] * height_dy[d]) +
	                 dh * dh);
	return 1;
}

/* A query: its step rule, its heuristic toward the goals (less slack:
 * with adjacent, the most one step's heuristic can be, so that it
 * bounds the cost to any cell of the goal set), and its goal set: the
 * goals, or with adjacent the cells of set[0..nset). */
typedef struct hquery {
	const astar_grid *g;
	const astar_heights *hm;
	astar_diagonal pol;
	int ndirs, algo;
	astar_heuristic kind;
	const astar_point *goals;
	size_t ngoals;
	double scale, slack;
	size_t set[8];
	int nset; /* -1: the goals are the goal set */
	int closest;
} hquery;

static void hquery_init(hquery *q, const astar_grid *g, const astar_heights *hm,
                        const astar_options *o, const astar_point *t, size_t nt)
{
	memset(q, 0, sizeof *q);
	q->g = g;
	q->hm = hm;
	q->pol = o->diagonal;
	q->ndirs = o->diagonal == ASTAR_DIAG_NEVER ? 4 : 8;
	q->algo = (int)o->algorithm;
	q->kind = astar_effective_heuristic(o);
	q->goals = t;
	q->ngoals = nt;
	q->scale = o->weight * g->min_cost;
	q->nset = -1;
	q->closest = o->closest;
}

/* Adjacent's goal set: the open cells from which one step passes into
 * goal t (t seen as open: only its height counts), or the start itself
 * when it is the goal; and the heuristic's slack. */
static void hadjacent(hquery *q, astar_point s, astar_point t)
{
	q->nset = 0;
	for (int d = 0; d < q->ndirs; d++) {
		astar_point a = {t.x - height_dx[d], t.y - height_dy[d]};
		double v = ctx_heuristic(q->kind, height_dx[d], height_dy[d]);
		if (v > q->slack)
			q->slack = v;
		/* A diagonal's corner cells are never t itself. */
		if (astar_grid_get(q->g, a.x, a.y) != 0 &&
		    height_pass(q->g, q->hm, q->pol, a, d))
			q->set[q->nset++] = grid_index(q->g, a.x, a.y);
	}
	if (s.x == t.x && s.y == t.y) { /* already there */
		q->set[0] = grid_index(q->g, s.x, s.y);
		q->nset = 1;
	}
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
	best -= q->slack;
	return best > 0.0 ? best * q->scale : 0.0;
}

/* The position among the goals of cell p (padded index i) when it is in
 * the goal set (adjacent: 0), or SIZE_MAX. */
static size_t hgoal(const hquery *q, astar_point p, size_t i)
{
	if (q->nset >= 0) {
		for (int k = 0; k < q->nset; k++)
			if (q->set[k] == i)
				return 0;
		return SIZE_MAX;
	}
	for (size_t k = 0; k < q->ngoals; k++)
		if (q->goals[k].x == p.x && q->goals[k].y == p.y)
			return k;
	return SIZE_MAX;
}

static astar_status hcheck(const astar_grid *g, const astar_point *s, size_t ns,
                           const astar_point *t, size_t nt,
                           const astar_options *o)
{
	int near = o->adjacent || o->closest;

	if (!ctx_options_valid(o) || ns == 0 || nt == 0)
		return ASTAR_EINVAL;
	if (o->algorithm == ASTAR_ALGO_JPS || o->landmarks > 0 ||
	    o->wrap != ASTAR_WRAP_NONE || o->size > 1 ||
	    (near && (ns > 1 || nt > 1)))
		return ASTAR_EUNSUPPORTED;
	for (size_t i = 0; i < ns + nt; i++) {
		astar_point p = i < ns ? s[i] : t[i - ns];
		if (!astar_grid_contains(g, p.x, p.y))
			return ASTAR_ERANGE;
	}
	for (size_t i = 0; i < ns; i++)
		if (astar_grid_get(g, s[i].x, s[i].y) == 0)
			return ASTAR_ESTART_BLOCKED;
	for (size_t i = 0; i < nt && !near; i++)
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

/* closest: the expanded cell nearest the goal so far, in the plane (the
 * squared distance in cells, then, breadth first, the fewer steps, then
 * the cheaper, then the lower row, then the lower column, as on a
 * grid). */
typedef struct hnear {
	size_t at;
	int64_t d2;
	double steps, g;
	astar_point p;
} hnear;

static void near_offer(hnear *b, astar_point goal, astar_point p, size_t i,
                       double steps, double g)
{
	int64_t dx = (int64_t)p.x - goal.x, dy = (int64_t)p.y - goal.y;
	int64_t d2 = dx * dx + dy * dy;
	double tol = 1e-9 * (g > 1.0 ? g : 1.0);

	if (b->at != SIZE_MAX) {
		if (d2 != b->d2 || steps != b->steps) {
			if (d2 > b->d2 || (d2 == b->d2 && steps > b->steps))
				return;
		} else if (g > b->g + tol ||
		           (g >= b->g - tol &&
		            (p.y > b->p.y ||
		             (p.y == b->p.y && p.x > b->p.x)))) {
			return;
		}
	}
	b->at = i;
	b->d2 = d2;
	b->steps = steps;
	b->g = g;
	b->p = p;
}

/* found: the goal cell reached (gpos its position among the goals), or
 * SIZE_MAX; once one is, A* and Dijkstra go on while the open list's
 * least f is its cost (limit), so that of the goals of one cost the
 * first given wins. */
typedef struct hrun {
	size_t found, gpos;
	double limit;
	hnear near;
} hrun;

/* Cell u, at position gp among the goals, reached at cost g: nonzero
 * when the search ends there. */
static int hreached(const hquery *q, hrun *run, size_t u, size_t gp, double g)
{
	if (run->found == SIZE_MAX) {
		run->found = u;
		run->gpos = gp;
		run->limit = g + 1e-12 * (g > 1.0 ? g : 1.0);
		return q->ngoals == 1 || q->nset >= 0 ||
		       q->algo == ASTAR_ALGO_BFS ||
		       q->algo == ASTAR_ALGO_GREEDY;
	}
	if (g <= run->limit && gp < run->gpos) {
		run->found = u;
		run->gpos = gp;
	}
	return 0;
}

/* Relaxes the steps out of cell u (at pu, cost gu, key fu). */
static astar_status hexpand(astar_ctx *ctx, const hquery *q, size_t u,
                            astar_point pu, double gu, double fu,
                            astar_result *r)
{
	for (int d = 0; d < q->ndirs; d++) {
		double c;
		if (!height_step(q->g, q->hm, q->pol, pu, d, &c))
			continue;
		astar_point pw = {pu.x + height_dx[d], pu.y + height_dy[d]};
		size_t w = grid_index(q->g, pw.x, pw.y);
		double ng = gu + c;
		if (ctx->nodes[w].gen != ctx->gen) {
			ctx->nodes[w].gen = ctx->gen;
			ctx->nodes[w].g = ng;
			ctx->nodes[w].dir = (uint32_t)u;
			if (heap_push_key(&ctx->open,
			                  hkey(q, (uint32_t)w, ng, fu + 1,
			                       hheur(q, pw))) != 0)
				return ASTAR_ENOMEM;
			r->generated++;
		} else if (ctx->pos[w] != CLOSED && ng < ctx->nodes[w].g &&
		           q->algo != ASTAR_ALGO_BFS) {
			ctx->nodes[w].g = ng;
			ctx->nodes[w].dir = (uint32_t)u;
			heap_decrease_key(
				&ctx->open,
				hkey(q, (uint32_t)w, ng, fu + 1, hheur(q, pw)));
			r->generated++;
		}
	}
	return ASTAR_OK;
}

static astar_status hloop(astar_ctx *ctx, const hquery *q,
                          const astar_options *o, hrun *run, astar_result *r)
{
	astar_status st;

	while (!heap_empty(&ctx->open)) {
		uint64_t fb = heap_key_hi(heap_top(&ctx->open));
		double fu;
		memcpy(&fu, &fb, sizeof fu);
		if (run->found != SIZE_MAX && fu > run->limit)
			break;
		size_t u = heap_pop(&ctx->open);
		astar_point pu = ctx_point_of(q->g, u);
		double gu = ctx->nodes[u].g;
		size_t gp = hgoal(q, pu, u);

		ctx->pos[u] = CLOSED;
		if (o->explored) {
			if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
			                    (size_t)r->expanded + 1) != 0)
				return ASTAR_ENOMEM;
			ctx->explored[r->expanded] = pu;
		}
		r->expanded++;
		if (gp != SIZE_MAX) {
			if (hreached(q, run, u, gp, gu))
				break;
			continue;
		}
		if (q->closest)
			near_offer(&run->near, q->goals[0], pu, u,
			           q->algo == ASTAR_ALGO_BFS ? fu : 0.0, gu);
		if ((st = hexpand(ctx, q, u, pu, gu, fu, r)) != ASTAR_OK)
			return st;
	}
	return ASTAR_OK;
}

/* The path to cell at, from its start (its index in *root). */
static astar_status hpath(astar_ctx *ctx, const astar_grid *g, size_t at,
                          int no_path, astar_result *r, size_t *root)
{
	size_t n = 1, i = at;

	while (ctx->nodes[i].dir != i) {
		i = ctx->nodes[i].dir;
		n++;
	}
	*root = i;
	r->found = 1;
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

/* The result once the loop has run: the path to the goal found, or
 * with closest to the cell nearest the goal. */
static astar_status hresult(astar_ctx *ctx, const hquery *q,
                            const astar_point *s, size_t ns,
                            const astar_options *o, const hrun *run,
                            astar_result *r)
{
	size_t root, at = run->found;
	astar_status st;

	if (o->explored) {
		r->explored = ctx->explored;
		r->explored_len = (size_t)r->expanded;
	}
	if (at == SIZE_MAX && q->closest)
		at = run->near.at;
	if (at == SIZE_MAX)
		return ASTAR_OK;
	if ((st = hpath(ctx, q->g, at, o->no_path, r, &root)) != ASTAR_OK)
		return st;
	if (run->found != SIZE_MAX) {
		r->reached_goal = 1;
		r->goal_index = run->gpos;
	}
	for (size_t i = 0; i < ns; i++)
		if (grid_index(q->g, s[i].x, s[i].y) == root) {
			r->start_index = i;
			break;
		}
	return ASTAR_OK;
}

astar_status astar_heights_search(astar_ctx *ctx, const astar_grid *g,
                                  const astar_heights *hm, const astar_point *s,
                                  size_t ns, const astar_point *t, size_t nt,
                                  const astar_options *o, astar_result *r)
{
	hquery q;
	hrun run = {SIZE_MAX, SIZE_MAX, 0.0, {SIZE_MAX, 0, 0.0, 0.0, {0, 0}}};
	astar_status st;

	memset(r, 0, sizeof *r);
	if ((st = hcheck(g, s, ns, t, nt, o)) != ASTAR_OK ||
	    (st = ctx_prepare(ctx, g, 0)) != ASTAR_OK)
		return st;
	hquery_init(&q, g, hm, o, t, nt);
	if (o->adjacent)
		hadjacent(&q, s[0], t[0]);
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	for (size_t i = 0; i < ns; i++) {
		size_t si = grid_index(g, s[i].x, s[i].y);
		if (!ctx_start(ctx, si))
			continue;
		if (heap_push_key(&ctx->open, hkey(&q, (uint32_t)si, 0.0, 0.0,
		                                   hheur(&q, s[i]))) != 0)
			return ASTAR_ENOMEM;
		r->generated++;
	}
	if ((st = hloop(ctx, &q, o, &run, r)) != ASTAR_OK ||
	    (st = hresult(ctx, &q, s, ns, o, &run, r)) != ASTAR_OK) {
		memset(r, 0, sizeof *r);
		return st;
	}
	return ASTAR_OK;
}

/* The flow code of the step from (x, y) to its parent p (N E S W NE SE
 * SW NW, as astar_flow_dx and astar_flow_dy read them). */
static uint8_t flow_code(astar_point c, astar_point p)
{
	for (int d = 0; d < 8; d++)
		if (c.x + height_dx[d] == p.x && c.y + height_dy[d] == p.y)
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
	hquery q;
	hrun run = {SIZE_MAX, SIZE_MAX, 0.0, {SIZE_MAX, 0, 0.0, 0.0, {0, 0}}};
	size_t n;
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
	hquery_init(&q, g, hm, &o, NULL, 0); /* no goal: every cell */
	n = (size_t)g->width * (size_t)g->height;
	if ((va = vox_arrays_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	if (flood_room(va, n) != 0)
		return ASTAR_ENOMEM;
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	for (size_t i = 0; i < ns; i++) {
		size_t si = grid_index(g, s[i].x, s[i].y);
		if (ctx_start(ctx, si) &&
		    heap_push(&ctx->open, (uint32_t)si, 0.0, 0.0) != 0)
			return ASTAR_ENOMEM;
	}
	memset(&r, 0, sizeof r);
	if ((st = hloop(ctx, &q, &o, &run, &r)) != ASTAR_OK)
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
