/*
 * graph_search.c - the searches of a navigation graph (graph.h): one
 * loop over the compressed rows for A*, Dijkstra, breadth-first and
 * greedy search from several starts to a set of target nodes (the
 * goals, or with adjacent the nodes one arc from the goal), the closest
 * fallback, and the distances from sources.  It shares the context's
 * records (a node's number is its index; the parent's number sits in the
 * record's dir), its heap and its generations with the grid searches.
 */
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "graph.h"

static void work_free(void *p)
{
	graph_work *w = p;

	if (w == NULL)
		return;
	free(w->path);
	free(w->explored);
	free(w->mark);
	free(w->labels);
	free(w->dist);
	free(w);
}

graph_work *graph_work_of(astar_ctx *ctx)
{
	if (ctx->graph == NULL) {
		ctx->graph = calloc(1, sizeof(graph_work));
		if (ctx->graph == NULL)
			return NULL;
		ctx->graph_free = work_free;
	}
	return ctx->graph;
}

int graph_grow(void **a, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 64;
	char *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*a, n * size);
	if (p == NULL)
		return -1;
	memset(p + *cap * size, 0, (n - *cap) * size);
	*a = p;
	*cap = n;
	return 0;
}

/* The heuristic of a query: scale times the straight line to the
 * nearest of nh goals, less reach (adjacent: the longest arc into the
 * goal), never below 0.  Why it keeps A* exact: for an arc u->v,
 * cost >= scale |uv| >= scale (|ut| - |vt|) (the scale is the least
 * cost / length, the second step the triangle inequality), so h(u) <=
 * cost + h(v); min over goals and max with 0 keep that, and h is 0 on
 * every target, so h is consistent and admissible. */
typedef struct query {
	const astar_graph *g;
	const uint32_t *hgoals; /* the goals the heuristic aims at */
	size_t nh;              /* 0: no heuristic */
	double scale, reach, weight;
	int bfs, greedy, closest, record;
	uint32_t goal; /* closest: the goal measured to */
} query;

static double h_of(const query *q, uint32_t v)
{
	double best = INFINITY;

	if (q->nh == 0)
		return 0.0;
	for (size_t i = 0; i < q->nh; i++) {
		double d = graph_dist(q->g, v, q->hgoals[i]);

		best = d < best ? d : best;
	}
	best -= q->reach;
	return best > 0 ? q->scale * best : 0.0;
}

/* What a run of the loop found. */
typedef struct outcome {
	int hit, any;
	uint32_t end, best; /* the target reached; closest's node */
	uint64_t expanded, generated;
	size_t explored_len;
} outcome;

/* Puts the starts on the open list at cost 0, each its own parent. */
static astar_status seed(astar_ctx *ctx, const query *q, const uint32_t *s,
                         size_t ns, outcome *o)
{
	for (size_t i = 0; i < ns; i++) {
		node *r = &ctx->nodes[s[i]];
		double h = h_of(q, s[i]);

		if (r->gen == ctx->gen)
			continue;
		r->gen = ctx->gen;
		r->g = 0;
		r->dir = s[i];
		if (heap_push(&ctx->open, s[i], q->weight * h, 0) != 0)
			return ASTAR_ENOMEM;
		o->generated++;
	}
	return ASTAR_OK;
}

/* Closest's order: nearer the goal, then cheaper, then lower number. */
static int closer(const astar_ctx *ctx, const query *q, uint32_t a,
                  uint32_t b)
{
	double da = graph_dist(q->g, a, q->goal), db = graph_dist(q->g, b, q->goal);

	if (da != db)
		return da < db;
	if (ctx->nodes[a].g != ctx->nodes[b].g)
		return ctx->nodes[a].g < ctx->nodes[b].g;
	return a < b;
}

/* Opens or improves v, reached from u at cost ng. */
ALWAYS_INLINE int relax(astar_ctx *ctx, const query *q, uint32_t u,
                        uint32_t v, double ng, outcome *o)
{
	node *r = &ctx->nodes[v];

	if (r->gen != ctx->gen) {
		double h = h_of(q, v);

		r->gen = ctx->gen;
		r->g = ng;
		r->dir = u;
		o->generated++;
		return heap_push(&ctx->open, v, q->greedy ? h : ng + q->weight * h,
		                 ng);
	}
	if (!q->greedy && ng < r->g && ctx->pos[v] != CLOSED) {
		r->g = ng;
		r->dir = u;
		o->generated++;
		heap_decrease(&ctx->open, v, ng + q->weight * h_of(q, v), ng);
	}
	return 0;
}

/* The loop: expands nodes until a marked one comes off the open list. */
static astar_status run(astar_ctx *ctx, graph_work *w, const query *q,
                        outcome *o)
{
	const astar_graph *g = q->g;

	while (!heap_empty(&ctx->open)) {
		uint32_t u = heap_pop(&ctx->open);
		double gu = ctx->nodes[u].g;

		ctx->pos[u] = CLOSED;
		o->expanded++;
		if (q->record) {
			if (graph_grow((void **)&w->explored, &w->explored_cap,
			               o->explored_len + 1, sizeof *w->explored))
				return ASTAR_ENOMEM;
			w->explored[o->explored_len++] = u;
		}
		if (w->mark[u] == w->stamp) {
			o->hit = 1;
			o->end = u;
			return ASTAR_OK;
		}
		if (q->closest && (!o->any || closer(ctx, q, u, o->best))) {
			o->any = 1;
			o->best = u;
		}
		for (uint32_t k = g->off[u]; k < g->off[u + 1]; k++) {
			uint32_t v = g->to[k];

			if (!g->walk[v])
				continue;
			if (relax(ctx, q, u, v, gu + (q->bfs ? 1.0 : g->cost[k]), o))
				return ASTAR_ENOMEM;
		}
	}
	return ASTAR_OK;
}

/* The cost of arc a->b (rows are sorted by target). */
static double arc_cost(const astar_graph *g, uint32_t a, uint32_t b)
{
	uint32_t lo = g->off[a], hi = g->off[a + 1];

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (g->to[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return g->cost[lo];
}

/* Follows the parents from end into the result (path, cost, root). */
static astar_status build_path(astar_ctx *ctx, graph_work *w, const query *q,
                               uint32_t end, int no_path,
                               astar_graph_result *res, uint32_t *root)
{
	size_t len = 1;
	uint32_t v = end;
	double cost = 0;

	while (ctx->nodes[v].dir != v) {
		uint32_t p = ctx->nodes[v].dir;

		if (q->bfs)
			cost += arc_cost(q->g, p, v);
		v = p;
		len++;
	}
	*root = v;
	res->cost = q->bfs ? cost : ctx->nodes[end].g;
	res->path_len = len;
	if (no_path)
		return ASTAR_OK;
	if (graph_grow((void **)&w->path, &w->path_cap, len, sizeof *w->path))
		return ASTAR_ENOMEM;
	v = end;
	for (size_t i = len; i-- > 0;) {
		w->path[i] = v;
		v = ctx->nodes[v].dir;
	}
	res->path = w->path;
	return ASTAR_OK;
}

/* Starts a query: room in ctx, a new generation, a new stamp. */
static astar_status begin(astar_ctx *ctx, const astar_graph *g,
                          graph_work **w)
{
	astar_status st = ctx_room(ctx, g->n);

	if (st != ASTAR_OK)
		return st;
	*w = graph_work_of(ctx);
	if (*w == NULL || graph_grow((void **)&(*w)->mark, &(*w)->mark_cap,
	                             g->n, sizeof *(*w)->mark))
		return ASTAR_ENOMEM;
	if (++(*w)->stamp == 0) {
		memset((*w)->mark, 0, (*w)->mark_cap * sizeof *(*w)->mark);
		(*w)->stamp = 1;
	}
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	return ASTAR_OK;
}

/* Checks the starts and goals of a query. */
static astar_status check_ends(const astar_graph *g, const uint32_t *s,
                               size_t ns, const uint32_t *t, size_t nt,
                               const astar_options *o)
{
	if (ns == 0 || nt == 0 || !ctx_options_valid(o))
		return ASTAR_EINVAL;
	if (o->algorithm == ASTAR_ALGO_JPS ||
	    ((o->adjacent || o->closest) && nt > 1))
		return ASTAR_EUNSUPPORTED;
	for (size_t i = 0; i < ns; i++)
		if (s[i] >= g->n)
			return ASTAR_ERANGE;
	for (size_t i = 0; i < nt; i++)
		if (t[i] >= g->n)
			return ASTAR_ERANGE;
	for (size_t i = 0; i < ns; i++)
		if (!g->walk[s[i]])
			return ASTAR_ESTART_BLOCKED;
	for (size_t i = 0; i < nt; i++)
		if (!g->walk[t[i]] && !o->adjacent && !o->closest)
			return ASTAR_EGOAL_BLOCKED;
	return ASTAR_OK;
}

/* Marks the targets: the goals, and with adjacent every walkable node
 * with an arc into the goal (one pass over the arcs), whose longest
 * straight line to it becomes the heuristic's reach. */
static void mark_targets(const astar_graph *g, graph_work *w, query *q,
                         const uint32_t *t, size_t nt, int adjacent)
{
	for (size_t i = 0; i < nt; i++)
		w->mark[t[i]] = w->stamp;
	if (!adjacent)
		return;
	for (uint32_t u = 0; u < g->n; u++) {
		if (!g->walk[u] || u == t[0])
			continue;
		for (uint32_t k = g->off[u]; k < g->off[u + 1]; k++)
			if (g->to[k] == t[0]) {
				double d = graph_dist(g, u, t[0]);

				w->mark[u] = w->stamp;
				q->reach = d > q->reach ? d : q->reach;
			}
	}
}

/* The query's rules from the options. */
static void set_rules(query *q, const astar_graph *g, const uint32_t *t,
                      size_t nt, const astar_options *o)
{
	memset(q, 0, sizeof *q);
	q->g = g;
	q->bfs = o->algorithm == ASTAR_ALGO_BFS;
	q->greedy = o->algorithm == ASTAR_ALGO_GREEDY;
	q->closest = o->closest;
	q->record = o->explored;
	q->goal = t[0];
	q->weight = o->algorithm == ASTAR_ALGO_ASTAR ? o->weight : 1.0;
	q->scale = g->h_scale;
	q->hgoals = t;
	if ((o->algorithm == ASTAR_ALGO_ASTAR && o->heuristic != ASTAR_H_ZERO) ||
	    q->greedy)
		q->nh = nt <= ASTAR_MANY_GOALS_H ? nt : 0;
	if (q->scale == 0 && !q->greedy)
		q->nh = 0;
	if (q->greedy)
		q->scale = 1.0; /* greedy is not exact: the plain straight line */
}

/* Which start (first listed) and goal the path joins. */
static void name_ends(astar_graph_result *res, uint32_t root,
                      const uint32_t *s, size_t ns, const uint32_t *t,
                      size_t nt)
{
	for (size_t i = 0; i < ns; i++)
		if (s[i] == root) {
			res->start_index = i;
			break;
		}
	for (size_t i = 0; i < nt; i++)
		if (t[i] == res->end) {
			res->goal_index = i;
			break;
		}
}

static astar_status finish(astar_ctx *ctx, graph_work *w, const query *q,
                           const outcome *o, const uint32_t *s, size_t ns,
                           const uint32_t *t, size_t nt, int no_path,
                           astar_graph_result *res)
{
	uint32_t root;
	astar_status st;

	res->expanded = o->expanded;
	res->generated = o->generated;
	res->explored = q->record ? w->explored : NULL;
	res->explored_len = o->explored_len;
	res->h_scale = q->nh ? q->scale : 0.0;
	if (!o->hit && !o->any)
		return ASTAR_OK;
	res->found = 1;
	res->reached_goal = o->hit;
	res->end = o->hit ? o->end : o->best;
	st = build_path(ctx, w, q, res->end, no_path, res, &root);
	if (st == ASTAR_OK)
		name_ends(res, root, s, ns, t, nt);
	return st;
}

astar_status astar_graph_search(astar_ctx *ctx, const astar_graph *g,
                                const uint32_t *s, size_t ns,
                                const uint32_t *t, size_t nt,
                                const astar_options *o,
                                astar_graph_result *res)
{
	astar_status st = check_ends(g, s, ns, t, nt, o);
	graph_work *w = NULL;
	outcome out;
	query q;

	memset(res, 0, sizeof *res);
	memset(&out, 0, sizeof out);
	if (st == ASTAR_OK)
		st = begin(ctx, g, &w);
	if (st != ASTAR_OK)
		return st;
	set_rules(&q, g, t, nt, o);
	mark_targets(g, w, &q, t, nt, o->adjacent);
	st = seed(ctx, &q, s, ns, &out);
	if (st == ASTAR_OK)
		st = run(ctx, w, &q, &out);
	if (st == ASTAR_OK)
		st = finish(ctx, w, &q, &out, s, ns, t, nt, o->no_path, res);
	if (st != ASTAR_OK)
		memset(res, 0, sizeof *res);
	return st;
}

astar_status astar_graph_distances(astar_ctx *ctx, const astar_graph *g,
                                   const uint32_t *s, size_t ns,
                                   const double **dist, size_t *reached)
{
	astar_options o;
	astar_status st;
	graph_work *w = NULL;
	outcome out;
	query q;

	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_DIJKSTRA;
	st = check_ends(g, s, ns, s, 1, &o);
	if (st == ASTAR_OK)
		st = begin(ctx, g, &w);
	if (st == ASTAR_OK && graph_grow((void **)&w->dist, &w->dist_cap,
	                                 g->n ? g->n : 1, sizeof *w->dist))
		st = ASTAR_ENOMEM;
	if (st != ASTAR_OK)
		return st;
	memset(&out, 0, sizeof out);
	set_rules(&q, g, s, 1, &o); /* no marks: the flood runs out */
	st = seed(ctx, &q, s, ns, &out);
	if (st == ASTAR_OK)
		st = run(ctx, w, &q, &out);
	if (st != ASTAR_OK)
		return st;
	*reached = 0;
	for (uint32_t i = 0; i < g->n; i++) {
		int in = ctx->nodes[i].gen == ctx->gen;

		w->dist[i] = in ? ctx->nodes[i].g : -1.0;
		*reached += (size_t)in;
	}
	*dist = w->dist;
	return ASTAR_OK;
}
