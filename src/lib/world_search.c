/*
 * world_search.c - searching a world (world.h): the one loop behind A*,
 * Dijkstra, breadth-first and greedy search and the distance flood over
 * levels, seams and links, with the world heuristic; a world of one level
 * and no link goes to the grid's own engines instead.
 */
#include <stdlib.h>
#include <string.h>

#include "world.h"
#include "world_scratch.h"

static void scratch_free(void *p)
{
	world_scratch *s = p;

	free(s->path);
	free(s->explored);
	free(s->dist);
	free(s->flow);
	free(s->labels);
	free(s->goals);
	free(s->order);
	free(s->tmp[0]);
	free(s->tmp[1]);
	free(s->tmp[2]);
	free(s->pts);
	free(s);
}

world_scratch *world_scratch_of(astar_ctx *ctx)
{
	if (ctx->world == NULL) {
		if ((ctx->world = calloc(1, sizeof(world_scratch))) == NULL)
			return NULL;
		ctx->world_free = scratch_free;
	}
	return ctx->world;
}

int world_grow(void **a, size_t *cap, size_t need, size_t size)
{
	void *p;
	size_t n = *cap ? *cap : 64;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	if ((p = realloc(*a, n * size)) == NULL)
		return -1;
	*a = p;
	*cap = n;
	return 0;
}

/* ------------------------------------------------------------ heuristic */

/* A query: the movement, the heuristic toward its goals. */
typedef struct wquery {
	const astar_world *w;
	astar_diagonal policy;
	int ndirs, bfs, greedy, use_h;
	astar_heuristic kind;
	double minc, weight;
	const double *lf; /* L(n) for this movement */
	double mmin;      /* the least M(t) over the goals */
	int32_t gx[ASTAR_MANY_GOALS_H], gy[ASTAR_MANY_GOALS_H];
	int32_t gd[ASTAR_MANY_GOALS_H];
	size_t ng;
} wquery;

/*
 * h(n) = min(planar(n, t) when n and t share a depth, L(n) + M(t)),
 * planar and L scaled by the least cell cost, the least over the goals.
 * Admissible: a path without links stays at one depth and costs at least
 * the planar distance; one with links walks at least L(n) to its first
 * and, after its last l, costs at least cost(l) + planar(exit(l), t) >=
 * M(t).  Consistent: each term changes by at most a step's cost (a link
 * entrance has L = 0 and its exit's planar term is inside M).  INFINITY
 * when no goal can be reached from n.
 */
static double world_h(const wquery *q, size_t i)
{
	astar_place p;
	const world_level *l;
	double best = INFINITY, v;

	if (!q->use_h)
		return 0.0;
	p = world_place_of(q->w, i);
	l = &q->w->lv[p.level];
	for (size_t k = 0; k < q->ng; k++)
		if (q->gd[k] == l->depth) {
			v = ctx_heuristic(q->kind, l->x + p.x - q->gx[k],
			                  l->y + p.y - q->gy[k]);
			best = v < best ? v : best;
		}
	best *= q->minc;
	if (q->lf[i] < INFINITY && q->mmin < INFINITY) {
		v = q->lf[i] * q->minc + q->mmin;
		best = v < best ? v : best;
	}
	return best;
}

/* M(t): the least cost of a last link that leaves at t's depth, and the
 * planar distance from where it leaves to t. */
static double world_m(const wquery *q, int32_t tx, int32_t ty, int32_t depth)
{
	double best = INFINITY;

	for (size_t e = 0; e < q->w->nexits; e++) {
		const world_exit *x = &q->w->exits[e];
		double v;
		if (x->depth != depth)
			continue;
		v = x->cost + q->minc * ctx_heuristic(q->kind, x->x - tx, x->y - ty);
		best = v < best ? v : best;
	}
	return best;
}

static void query_init(wquery *q, const astar_world *w,
                       const astar_options *o, const uint32_t *goals,
                       size_t ng)
{
	memset(q, 0, sizeof *q);
	q->w = w;
	q->policy = o->diagonal;
	q->ndirs = o->diagonal == ASTAR_DIAG_NEVER ? 4 : 8;
	q->bfs = o->algorithm == ASTAR_ALGO_BFS;
	q->greedy = o->algorithm == ASTAR_ALGO_GREEDY;
	q->kind = astar_effective_heuristic(o);
	q->use_h = q->kind != ASTAR_H_ZERO && ng > 0 &&
	           ng <= ASTAR_MANY_GOALS_H && !q->bfs;
	q->minc = w->min_cost;
	q->weight = o->weight;
	q->lf = w->lfree[q->ndirs == 8];
	q->mmin = INFINITY;
	if (!q->use_h)
		return;
	q->ng = ng;
	for (size_t k = 0; k < ng; k++) {
		astar_place p = world_place_of(w, goals[k]);
		const world_level *l = &w->lv[p.level];
		double m;
		q->gx[k] = l->x + p.x;
		q->gy[k] = l->y + p.y;
		q->gd[k] = l->depth;
		m = world_m(q, q->gx[k], q->gy[k], q->gd[k]);
		q->mmin = m < q->mmin ? m : q->mmin;
	}
}

/* ---------------------------------------------------------------- loop */

/* The goals: their places sorted (for the test) beside their order. */
typedef struct wgoals {
	const uint32_t *sorted; /* place, then its number in the query */
	const uint32_t *rank;
	size_t n;
} wgoals;

/* The goal number of place i, or SIZE_MAX when it is no goal. */
static size_t goal_rank(const wgoals *g, size_t i)
{
	size_t lo = 0, hi = g->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (g->sorted[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->n && g->sorted[lo] == i ? g->rank[lo] : SIZE_MAX;
}

typedef struct wrun {
	astar_ctx *ctx;
	const wquery *q;
	const wgoals *goals;
	int record, closest, ties;
	size_t found, nearest;
	double nearest_h, found_g;
	uint64_t expanded, generated;
	world_scratch *s;
} wrun;

static double key_f(const wquery *q, double g, double h)
{
	return q->greedy ? h : g + q->weight * h;
}

/* Reaches place m from i at cost g; -1 when the open list cannot grow. */
static int relax(wrun *r, size_t m, size_t i, double g)
{
	astar_ctx *ctx = r->ctx;
	node *nd = &ctx->nodes[m];
	double h;

	if (nd->gen != ctx->gen) {
		nd->gen = ctx->gen;
		h = world_h(r->q, m);
		if (isinf(h)) { /* no goal beyond it: never opened */
			ctx->pos[m] = CLOSED;
			nd->g = INFINITY;
			return 0;
		}
		nd->g = g;
		nd->dir = (uint32_t)i;
		r->generated++;
		return heap_push(&ctx->open, (uint32_t)m, key_f(r->q, g, h), g);
	}
	if (ctx->pos[m] == CLOSED || g >= nd->g)
		return 0;
	nd->g = g;
	nd->dir = (uint32_t)i;
	r->generated++;
	heap_decrease(&ctx->open, (uint32_t)m, key_f(r->q, g, world_h(r->q, m)),
	              g);
	return 0;
}

/* Opens the steps and links out of place i. */
static int expand(wrun *r, size_t i)
{
	const astar_world *w = r->q->w;
	int32_t stride = w->lv[world_level_of(w, i)].grid->stride;
	double g = r->ctx->nodes[i].g;
	uint32_t slot = w->slot[i];

	for (int d = 0; d < r->q->ndirs; d++) {
		size_t m = world_step(w, i, d, stride);
		double c = w->cost[m] * (d < 4 ? 1.0 : SQRT2);
		if (w->cost[m] == 0 ||
		    !world_diagonal_ok(w, i, d, stride, r->q->policy))
			continue;
		if (relax(r, m, i, g + (r->q->bfs ? 1.0 : c)) != 0)
			return -1;
	}
	if (slot == 0)
		return 0;
	for (uint32_t a = w->arc_first[slot - 1]; a < w->arc_first[slot]; a++)
		if (relax(r, w->arc_to[a], i,
		          g + (r->q->bfs ? 1.0 : w->arc_cost[a])) != 0)
			return -1;
	return 0;
}

static double top_f(const heap *h)
{
	uint64_t bits = heap_key_hi(heap_top(h));
	double f;

	memcpy(&f, &bits, sizeof f);
	return f;
}

/* Runs the search from the starts already opened until a goal (with
 * ties, until no cheaper one can come) or the open list runs out. */
static astar_status run(wrun *r)
{
	astar_ctx *ctx = r->ctx;

	while (!heap_empty(&ctx->open)) {
		size_t i, rank;
		if (r->found != SIZE_MAX &&
		    top_f(&ctx->open) > r->found_g + 1e-9 * (r->found_g > 1 ? r->found_g : 1))
			break;
		i = heap_pop(&ctx->open);
		ctx->pos[i] = CLOSED;
		if (r->record) {
			if (world_grow((void **)&r->s->explored,
			               &r->s->explored_cap, r->expanded + 1,
			               sizeof *r->s->explored) != 0)
				return ASTAR_ENOMEM;
			r->s->explored[r->expanded] = world_place_of(r->q->w, i);
		}
		r->expanded++;
		if ((rank = goal_rank(r->goals, i)) != SIZE_MAX) {
			if (r->found == SIZE_MAX) {
				r->found = i;
				r->found_g = ctx->nodes[i].g;
				if (!r->ties)
					break;
			} else if (rank < goal_rank(r->goals, r->found)) {
				r->found = i;
			}
			continue;
		}
		if (r->found != SIZE_MAX)
			continue; /* only the goals of the same cost matter now */
		if (r->closest) {
			double h = world_h(r->q, i);
			if (h < r->nearest_h) {
				r->nearest_h = h;
				r->nearest = i;
			}
		}
		if (expand(r, i) != 0)
			return ASTAR_ENOMEM;
	}
	return ASTAR_OK;
}

/* ---------------------------------------------------------- the result */

/* The cheapest single step from place p to c (a grid step or a link),
 * for breadth-first search, whose g counts steps. */
static double step_cost(const wquery *q, size_t p, size_t c)
{
	const astar_world *w = q->w;
	int32_t stride = w->lv[world_level_of(w, p)].grid->stride;
	double best = INFINITY;
	uint32_t slot = w->slot[p];

	for (int d = 0; d < q->ndirs; d++)
		if (world_step(w, p, d, stride) == c &&
		    world_diagonal_ok(w, p, d, stride, q->policy)) {
			double v = w->cost[c] * (d < 4 ? 1.0 : SQRT2);
			best = v < best ? v : best;
		}
	if (slot != 0)
		for (uint32_t a = w->arc_first[slot - 1]; a < w->arc_first[slot]; a++)
			if (w->arc_to[a] == c && w->arc_cost[a] < best)
				best = w->arc_cost[a];
	return best;
}

/* The path from its start to place end into the result; the start it
 * leaves is the root of the parents (a start is its own parent). */
static astar_status build_path(wrun *r, size_t end, int no_path,
                               astar_world_result *res, size_t *root)
{
	const node *nodes = r->ctx->nodes;
	size_t n = 1, i = end;
	double cost = 0.0;

	for (; nodes[i].dir != i; i = nodes[i].dir) {
		n++;
		if (r->q->bfs)
			cost += step_cost(r->q, nodes[i].dir, i);
	}
	*root = i;
	res->found = 1;
	res->path_len = n;
	res->cost = r->q->bfs ? cost : nodes[end].g;
	res->end = world_place_of(r->q->w, end);
	if (no_path)
		return ASTAR_OK;
	if (world_grow((void **)&r->s->path, &r->s->path_cap, n,
	               sizeof *r->s->path) != 0)
		return ASTAR_ENOMEM;
	for (i = end; n-- > 0; i = nodes[i].dir)
		r->s->path[n] = world_place_of(r->q->w, i);
	res->path = r->s->path;
	return ASTAR_OK;
}

/* Checks the query's places: ERANGE, then a start blocked, then a goal
 * blocked (unless adjacent or closest may end beside it), into indices. */
static astar_status world_places(const astar_world *w, const astar_place *p,
                                 size_t n, uint32_t *out)
{
	for (size_t k = 0; k < n; k++)
		if ((out[k] = (uint32_t)world_index(w, p[k])) == 0 || p[k].z != 0)
			return ASTAR_ERANGE;
	return ASTAR_OK;
}

/* The goal set of the adjacent option: the open places from which one
 * legal step enters t (t seen as open), or the start when it is t. */
static size_t adjacent_goals(const wquery *q, uint32_t s, uint32_t t,
                             uint32_t *out)
{
	const astar_world *w = q->w;
	int32_t stride = w->lv[world_level_of(w, t)].grid->stride;
	size_t n = 0;

	if (s == t) {
		out[0] = s;
		return 1;
	}
	for (int d = 0; d < q->ndirs; d++) {
		/* the direction opposite d: N<->S, E<->W, NE<->SW, SE<->NW */
		static const int opp[8] = {2, 3, 0, 1, 6, 7, 4, 5};
		size_t a = world_step(w, t, opp[d], stride), stride_a;
		if (w->cost[a] == 0)
			continue;
		stride_a = (size_t)w->lv[world_level_of(w, a)].grid->stride;
		if (world_step(w, a, d, (int32_t)stride_a) == t &&
		    world_diagonal_ok(w, a, d, (int32_t)stride_a, q->policy))
			out[n++] = (uint32_t)a;
	}
	return n;
}

/* Sorts the goals' places with their numbers, for goal_rank. */
static int goal_cmp(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

static astar_status make_goals(world_scratch *s, const uint32_t *gi, size_t n,
                               wgoals *g)
{
	uint32_t *pairs;

	if (world_grow((void **)&s->goals, &s->goals_cap, 4 * n + 4,
	               sizeof *s->goals) != 0)
		return ASTAR_ENOMEM;
	pairs = s->goals + 2 * n + 2;
	for (size_t k = 0; k < n; k++) {
		pairs[2 * k] = gi[k];
		pairs[2 * k + 1] = (uint32_t)k;
	}
	qsort(pairs, n, 2 * sizeof *pairs, goal_cmp);
	/* sorted places in the first half, their numbers after them */
	for (size_t k = 0; k < n; k++) {
		s->goals[k] = pairs[2 * k];
		s->goals[n + k] = pairs[2 * k + 1];
	}
	g->sorted = s->goals;
	g->rank = s->goals + n;
	g->n = n;
	return ASTAR_OK;
}

/* ----------------------------------------------------- one level alone */

/* A world of one level and no link is its grid: the grid's engines
 * answer, and their result is copied out in places. */
static astar_status one_level(astar_ctx *ctx, world_scratch *s,
                              const astar_world *w, const astar_place *starts,
                              size_t ns, const astar_place *goals, size_t ng,
                              const astar_options *opts,
                              astar_world_result *res)
{
	const astar_grid *g = w->lv[0].grid;
	astar_result r;
	astar_status st;
	astar_point *pts;

	if (world_grow((void **)&s->pts, &s->pts_cap, ns + ng, sizeof *s->pts))
		return ASTAR_ENOMEM;
	pts = s->pts;
	for (size_t k = 0; k < ns + ng; k++) {
		const astar_place *p = k < ns ? &starts[k] : &goals[k - ns];
		if (p->level != 0 || p->z != 0)
			return ASTAR_ERANGE;
		pts[k].x = p->x;
		pts[k].y = p->y;
	}
	st = ns == 1 && ng == 1
	             ? astar_search(ctx, g, pts[0], pts[1], opts, &r)
	             : astar_search_many(ctx, g, pts, ns, pts + ns, ng, opts, &r);
	if (st != ASTAR_OK)
		return st;
	if (world_grow((void **)&s->path, &s->path_cap, r.path_len + 1,
	               sizeof *s->path) != 0 ||
	    world_grow((void **)&s->explored, &s->explored_cap,
	               r.explored_len + 1, sizeof *s->explored) != 0)
		return ASTAR_ENOMEM;
	for (size_t k = 0; r.path != NULL && k < r.path_len; k++)
		s->path[k] = (astar_place){r.path[k].x, r.path[k].y, 0, 0};
	for (size_t k = 0; k < r.explored_len; k++)
		s->explored[k] = (astar_place){r.explored[k].x, r.explored[k].y, 0, 0};
	res->found = r.found;
	res->reached_goal = r.reached_goal;
	res->cost = r.cost;
	res->end = (astar_place){r.end.x, r.end.y, 0, 0};
	res->path = r.path != NULL ? s->path : NULL;
	res->path_len = r.path_len;
	res->expanded = r.expanded;
	res->generated = r.generated;
	res->explored = r.explored != NULL ? s->explored : NULL;
	res->explored_len = r.explored_len;
	res->start_index = r.start_index;
	res->goal_index = r.goal_index;
	return ASTAR_OK;
}

/* ------------------------------------------------------------- entries */

/* The checks of a world query, in astar_search's order, and the places'
 * indices into s->order (starts, then goals). */
static astar_status begin(astar_ctx *ctx, world_scratch *s,
                          const astar_world *w, const astar_place *starts,
                          size_t ns, const astar_place *goals, size_t ng,
                          const astar_options *o)
{
	astar_status st;

	if (o->algorithm == ASTAR_ALGO_JPS || o->wrap != ASTAR_WRAP_NONE ||
	    o->size > 1)
		return ASTAR_EUNSUPPORTED;
	if (world_grow((void **)&s->order, &s->order_cap, ns + ng + 1,
	               sizeof *s->order) != 0)
		return ASTAR_ENOMEM;
	if ((st = world_places(w, starts, ns, s->order)) != ASTAR_OK ||
	    (st = world_places(w, goals, ng, s->order + ns)) != ASTAR_OK)
		return st;
	for (size_t k = 0; k < ns; k++)
		if (w->cost[s->order[k]] == 0)
			return ASTAR_ESTART_BLOCKED;
	for (size_t k = 0; k < ng; k++)
		if (w->cost[s->order[ns + k]] == 0 && !o->adjacent && !o->closest)
			return ASTAR_EGOAL_BLOCKED;
	return ctx_room(ctx, w->n);
}

/* Opens the starts (a start is its own parent); those from which no goal
 * can be reached are left shut. */
static int open_starts(wrun *r, const uint32_t *st, size_t ns)
{
	astar_ctx *ctx = r->ctx;

	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	for (size_t k = 0; k < ns; k++) {
		node *nd = &ctx->nodes[st[k]];
		double h;
		if (nd->gen == ctx->gen)
			continue;
		nd->gen = ctx->gen;
		nd->g = 0.0;
		nd->dir = st[k];
		h = world_h(r->q, st[k]);
		ctx->pos[st[k]] = CLOSED;
		if (isinf(h))
			continue;
		r->generated++;
		if (heap_push(&ctx->open, st[k], key_f(r->q, 0.0, h), 0.0) != 0)
			return -1;
	}
	return 0;
}

static size_t first_of(const uint32_t *a, size_t n, size_t i)
{
	for (size_t k = 0; k < n; k++)
		if (a[k] == i)
			return k;
	return 0;
}

astar_status astar_world_search(astar_ctx *ctx, const astar_world *w,
                                const astar_place *starts, size_t ns,
                                const astar_place *goals, size_t ng,
                                const astar_options *o,
                                astar_world_result *res)
{
	world_scratch *s;
	uint32_t adj[8], *gi;
	size_t ngi = ng, root;
	wquery q;
	wgoals gs;
	wrun r;
	astar_status st;

	memset(res, 0, sizeof *res);
	if (!ctx_options_valid(o) || !w->built || ns == 0 || ng == 0)
		return ASTAR_EINVAL;
	if ((o->adjacent || o->closest) && (ns != 1 || ng != 1))
		return ASTAR_EUNSUPPORTED;
	if ((s = world_scratch_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	if (w->nlv == 1 && w->nln == 0 && !w->blocked)
		return one_level(ctx, s, w, starts, ns, goals, ng, o, res);
	if ((st = begin(ctx, s, w, starts, ns, goals, ng, o)) != ASTAR_OK)
		return st;
	gi = s->order + ns;
	query_init(&q, w, o, gi, ng);
	if (o->adjacent) {
		ngi = adjacent_goals(&q, s->order[0], gi[0], adj);
		gi = adj;
		query_init(&q, w, o, gi, ngi);
	}
	if ((st = make_goals(s, gi, ngi, &gs)) != ASTAR_OK)
		return st;
	memset(&r, 0, sizeof r);
	r.ctx = ctx;
	r.q = &q;
	r.goals = &gs;
	r.s = s;
	r.record = o->explored;
	r.closest = o->closest;
	r.ties = ngi > 1 && !q.greedy && o->weight == 1.0 && !o->adjacent;
	r.found = r.nearest = SIZE_MAX;
	r.nearest_h = INFINITY;
	if (open_starts(&r, s->order, ns) != 0 || (st = run(&r)) != ASTAR_OK)
		return st != ASTAR_OK ? st : ASTAR_ENOMEM;
	res->expanded = r.expanded;
	res->generated = r.generated;
	res->explored = o->explored ? s->explored : NULL;
	res->explored_len = o->explored ? (size_t)r.expanded : 0;
	if (r.found == SIZE_MAX && r.closest)
		r.nearest = r.nearest != SIZE_MAX ? r.nearest : s->order[0];
	if (r.found != SIZE_MAX) {
		if ((st = build_path(&r, r.found, o->no_path, res, &root)) != ASTAR_OK)
			return st;
		res->reached_goal = 1;
		res->goal_index = o->adjacent ? 0 : goal_rank(&gs, r.found);
		res->start_index = first_of(s->order, ns, root);
	} else if (r.closest) {
		if ((st = build_path(&r, r.nearest, o->no_path, res, &root)) != ASTAR_OK)
			return st;
	}
	return ASTAR_OK;
}

static astar_status one_level_flood(astar_ctx *ctx, world_scratch *s,
                                    const astar_world *w,
                                    const astar_place *src, size_t n,
                                    const astar_options *o,
                                    astar_world_flood_result *res)
{
	astar_flood_result r;
	astar_status st;

	if (world_grow((void **)&s->pts, &s->pts_cap, n, sizeof *s->pts))
		return ASTAR_ENOMEM;
	for (size_t k = 0; k < n; k++) {
		if (src[k].level != 0 || src[k].z != 0)
			return ASTAR_ERANGE;
		s->pts[k].x = src[k].x;
		s->pts[k].y = src[k].y;
	}
	if ((st = astar_flood(ctx, w->lv[0].grid, s->pts, n, o, &r)) != ASTAR_OK)
		return st;
	res->dist = r.dist;
	res->flow = r.flow;
	res->cells = (size_t)r.width * (size_t)r.height;
	res->reached = r.reached;
	res->expanded = r.expanded;
	return ASTAR_OK;
}

/* Place i's step toward its parent p: the direction that reaches p (a
 * seam's too), ASTAR_WORLD_FLOW_LINK when only a link does, none at a
 * source. */
static uint8_t flow_of(const astar_world *w, size_t i, size_t p, int32_t stride)
{
	if (p == i)
		return ASTAR_FLOW_NONE;
	for (int d = 0; d < 8; d++)
		if (world_step(w, i, d, stride) == p)
			return (uint8_t)d;
	return ASTAR_WORLD_FLOW_LINK;
}

astar_status astar_world_flood(astar_ctx *ctx, const astar_world *w,
                               const astar_place *src, size_t n,
                               const astar_options *o,
                               astar_world_flood_result *res)
{
	world_scratch *s;
	wquery q;
	wgoals gs = {NULL, NULL, 0};
	wrun r;
	astar_status st;
	astar_options d = *o;

	memset(res, 0, sizeof *res);
	if (!ctx_options_valid(o) || !w->built || n == 0)
		return ASTAR_EINVAL;
	if (o->algorithm != ASTAR_ALGO_ASTAR && o->algorithm != ASTAR_ALGO_DIJKSTRA)
		return ASTAR_EUNSUPPORTED;
	if ((s = world_scratch_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	if (w->nlv == 1 && w->nln == 0 && !w->blocked)
		return one_level_flood(ctx, s, w, src, n, o, res);
	d.algorithm = ASTAR_ALGO_DIJKSTRA;
	if ((st = begin(ctx, s, w, src, n, NULL, 0, &d)) != ASTAR_OK)
		return st;
	if (world_grow((void **)&s->dist, &s->dist_cap,
	               astar_world_offset(w, w->nlv) + 1, sizeof *s->dist) != 0 ||
	    world_grow((void **)&s->flow, &s->flow_cap,
	               astar_world_offset(w, w->nlv) + 1, sizeof *s->flow) != 0)
		return ASTAR_ENOMEM;
	query_init(&q, w, &d, NULL, 0);
	memset(&r, 0, sizeof r);
	r.ctx = ctx;
	r.q = &q;
	r.goals = &gs;
	r.s = s;
	r.found = r.nearest = SIZE_MAX;
	if (open_starts(&r, s->order, n) != 0 || (st = run(&r)) != ASTAR_OK)
		return st != ASTAR_OK ? st : ASTAR_ENOMEM;
	for (size_t k = 0, c = 0; k < w->nlv; k++) {
		const astar_grid *g = w->lv[k].grid;
		for (int32_t y = 0; y < g->height; y++)
			for (int32_t x = 0; x < g->width; x++, c++) {
				size_t i = w->lv[k].base + grid_index(g, x, y);
				int got = ctx->nodes[i].gen == ctx->gen &&
				          ctx->pos[i] == CLOSED && !isinf(ctx->nodes[i].g);
				s->dist[c] = got ? ctx->nodes[i].g : -1.0;
				s->flow[c] = got ? flow_of(w, i, ctx->nodes[i].dir,
				                           g->stride) : ASTAR_FLOW_NONE;
				res->reached += got;
			}
	}
	res->dist = s->dist;
	res->flow = s->flow;
	res->cells = astar_world_offset(w, w->nlv);
	res->expanded = r.expanded;
	return ASTAR_OK;
}
