/*
 * test_graph.c - the navigation graph API (astar_graph_*) against a
 * plain Dijkstra, breadth-first search and mutual-reachability check
 * written here, on random graphs with one-way arcs, unwalkable nodes,
 * duplicate arcs, zero-length arcs and arcs cheaper than their length.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "rng.h"
#include "unit.h"

#define NMAX 48
#define MMAX 256

typedef struct rgraph {
	size_t n, m;
	double xyz[3 * NMAX];
	uint8_t walk[NMAX];
	astar_arc arcs[MMAX];
} rgraph;

static double len_of(const rgraph *r, uint32_t a, uint32_t b)
{
	double d = 0;

	for (int k = 0; k < 3; k++) {
		double e = r->xyz[3 * a + k] - r->xyz[3 * b + k];
		d += e * e;
	}
	return sqrt(d);
}

/* A random graph: positions on a small lattice (so that some nodes
 * share one), arcs whose costs are their length times 0 to 2, whole
 * numbers, or 0. */
static void make_graph(rgraph *r, uint64_t *s)
{
	r->n = 2 + rng_below(s, NMAX - 1);
	r->m = rng_below(s, (unsigned)(r->n * 4) < MMAX ? (unsigned)r->n * 4 : MMAX);
	for (size_t i = 0; i < r->n; i++) {
		for (int k = 0; k < 3; k++)
			r->xyz[3 * i + k] = k == 2 && rng_below(s, 2) ? 0 : rng_below(s, 6);
		r->walk[i] = rng_below(s, 8) != 0;
	}
	for (size_t k = 0; k < r->m; k++) {
		astar_arc *a = &r->arcs[k];
		unsigned kind = rng_below(s, 8);

		a->from = rng_below(s, (unsigned)r->n);
		a->to = rng_below(s, (unsigned)r->n);
		if (kind == 0)
			a->cost = 0;
		else if (kind < 3)
			a->cost = 1 + rng_below(s, 9);
		else
			a->cost = len_of(r, a->from, a->to) *
			          (kind == 3 ? rng_below(s, 100) / 100.0
			                     : 1 + rng_below(s, 100) / 100.0);
	}
}

/* The reference: Dijkstra by scanning every node for the least (n is
 * small), over the arc list as given; hops instead of costs for BFS. */
static void ref_dijkstra(const rgraph *r, const uint32_t *src, size_t ns,
                         int hops, double *d)
{
	int done[NMAX] = {0};

	for (size_t i = 0; i < r->n; i++)
		d[i] = INFINITY;
	for (size_t i = 0; i < ns; i++)
		d[src[i]] = 0;
	for (;;) {
		size_t u = r->n;

		for (size_t i = 0; i < r->n; i++)
			if (!done[i] && isfinite(d[i]) && (u == r->n || d[i] < d[u]))
				u = i;
		if (u == r->n)
			return;
		done[u] = 1;
		for (size_t k = 0; k < r->m; k++) {
			const astar_arc *a = &r->arcs[k];
			double c = hops ? 1 : a->cost;

			if (a->from == u && r->walk[a->to] && d[u] + c < d[a->to])
				d[a->to] = d[u] + c;
		}
	}
}

/* The cheapest arc a->b of the list, or -1. */
static double ref_arc(const rgraph *r, uint32_t a, uint32_t b)
{
	double best = -1;

	for (size_t k = 0; k < r->m; k++)
		if (r->arcs[k].from == a && r->arcs[k].to == b &&
		    (best < 0 || r->arcs[k].cost < best))
			best = r->arcs[k].cost;
	return best;
}

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (1 + fabs(a) + fabs(b));
}

/* The path is a walk along arcs over walkable nodes whose cost sums to
 * the result's. */
static void check_path(const rgraph *r, const astar_graph_result *res,
                       const char *what)
{
	double sum = 0;

	for (size_t i = 0; i < res->path_len; i++) {
		CHECK(r->walk[res->path[i]], "%s: node %u unwalkable", what,
		      res->path[i]);
		if (i > 0) {
			double c = ref_arc(r, res->path[i - 1], res->path[i]);
			CHECK(c >= 0, "%s: no arc %u->%u", what, res->path[i - 1],
			      res->path[i]);
			sum += c;
		}
	}
	CHECK(res->path_len > 0 && res->path[res->path_len - 1] == res->end,
	      "%s: path does not end on end", what);
	CHECK(near(sum, res->cost), "%s: path sums to %g, cost %g", what, sum,
	      res->cost);
}

/* Random walkable starts and goals. */
static size_t pick(const rgraph *r, uint64_t *s, uint32_t *out, size_t most)
{
	size_t k = 1 + rng_below(s, (unsigned)most), got = 0;

	for (size_t tries = 0; tries < 50 && got < k; tries++) {
		uint32_t v = rng_below(s, (unsigned)r->n);
		if (r->walk[v])
			out[got++] = v;
	}
	return got;
}

static void test_point_to_point(astar_ctx *ctx, const astar_graph *g,
                                const rgraph *r, uint64_t *s)
{
	uint32_t st[4], go[4];
	size_t ns = pick(r, s, st, 4), nt = pick(r, s, go, 4);
	static const astar_algorithm algos[] = {
		ASTAR_ALGO_ASTAR, ASTAR_ALGO_DIJKSTRA, ASTAR_ALGO_BFS,
		ASTAR_ALGO_GREEDY};
	double d[NMAX], hop[NMAX], best = INFINITY, fewest = INFINITY;

	if (ns == 0 || nt == 0)
		return;
	ref_dijkstra(r, st, ns, 0, d);
	ref_dijkstra(r, st, ns, 1, hop);
	for (size_t i = 0; i < nt; i++) {
		best = fmin(best, d[go[i]]);
		fewest = fmin(fewest, hop[go[i]]);
	}
	for (size_t a = 0; a < 4; a++) {
		astar_options o;
		astar_graph_result res;

		astar_options_init(&o);
		o.algorithm = algos[a];
		CHECK(astar_graph_search(ctx, g, st, ns, go, nt, &o, &res) == ASTAR_OK,
		      "algo %zu: search failed", a);
		CHECK(res.found == isfinite(best), "algo %zu: found %d, ref %g", a,
		      res.found, best);
		if (!res.found)
			continue;
		check_path(r, &res, "point to point");
		CHECK(res.path[0] == st[res.start_index] &&
		      res.end == go[res.goal_index], "algo %zu: ends", a);
		if (a < 2)
			CHECK(near(res.cost, best), "algo %zu: cost %.17g, ref %.17g", a,
			      res.cost, best);
		if (a == 2)
			CHECK((double)(res.path_len - 1) == fewest,
			      "bfs: %zu arcs, ref %g", res.path_len - 1, fewest);
	}
}

/* adjacent: the cheapest walkable node with an arc into the goal. */
static void test_adjacent(astar_ctx *ctx, const astar_graph *g,
                          const rgraph *r, uint64_t *s)
{
	uint32_t st, goal = rng_below(s, (unsigned)r->n);
	double d[NMAX], best = INFINITY;
	astar_options o;
	astar_graph_result res;

	if (pick(r, s, &st, 1) == 0)
		return;
	ref_dijkstra(r, &st, 1, 0, d);
	for (uint32_t u = 0; u < r->n; u++)
		if (r->walk[u] && ref_arc(r, u, goal) >= 0)
			best = fmin(best, d[u]);
	if (st == goal)
		best = 0;
	astar_options_init(&o);
	o.adjacent = 1;
	CHECK(astar_graph_search(ctx, g, &st, 1, &goal, 1, &o, &res) == ASTAR_OK,
	      "adjacent: failed");
	CHECK(res.found == isfinite(best), "adjacent: found %d, ref %g",
	      res.found, best);
	if (!res.found)
		return;
	check_path(r, &res, "adjacent");
	CHECK(near(res.cost, best), "adjacent: cost %g, ref %g", res.cost, best);
	CHECK(res.end == goal || ref_arc(r, res.end, goal) >= 0,
	      "adjacent: end %u not next to %u", res.end, goal);
}

/* closest: when the goal is out of reach, the reachable node nearest it. */
static void test_closest(astar_ctx *ctx, const astar_graph *g,
                         const rgraph *r, uint64_t *s)
{
	uint32_t st, goal = rng_below(s, (unsigned)r->n), want = 0;
	double d[NMAX], wl = INFINITY;
	astar_options o;
	astar_graph_result res;

	if (pick(r, s, &st, 1) == 0)
		return;
	ref_dijkstra(r, &st, 1, 0, d);
	for (uint32_t u = 0; u < r->n; u++) {
		double l = len_of(r, u, goal);
		if (isfinite(d[u]) && (l < wl || (l == wl && d[u] < d[want]))) {
			want = u;
			wl = l;
		}
	}
	astar_options_init(&o);
	o.closest = 1;
	CHECK(astar_graph_search(ctx, g, &st, 1, &goal, 1, &o, &res) == ASTAR_OK,
	      "closest: failed");
	CHECK(res.found, "closest: nothing found");
	if (!res.found)
		return;
	check_path(r, &res, "closest");
	if (r->walk[goal] && isfinite(d[goal])) {
		CHECK(res.reached_goal && near(res.cost, d[goal]), "closest: reach");
		return;
	}
	CHECK(!res.reached_goal && res.end == want && near(res.cost, d[want]),
	      "closest: end %u cost %g, ref %u cost %g", res.end, res.cost, want,
	      d[want]);
}

static void test_distances(astar_ctx *ctx, const astar_graph *g,
                           const rgraph *r, uint64_t *s)
{
	uint32_t src[3];
	size_t ns = pick(r, s, src, 3), reached = 0, want = 0;
	const double *dist;
	double d[NMAX];

	if (ns == 0)
		return;
	ref_dijkstra(r, src, ns, 0, d);
	CHECK(astar_graph_distances(ctx, g, src, ns, &dist, &reached) == ASTAR_OK,
	      "distances failed");
	for (size_t i = 0; i < r->n; i++) {
		want += isfinite(d[i]);
		CHECK(isfinite(d[i]) ? near(dist[i], d[i]) : dist[i] == -1,
		      "distance of %zu: %g, ref %g", i, dist[i], d[i]);
	}
	CHECK(reached == want, "reached %zu, ref %zu", reached, want);
}

/* Regions: two walkable nodes share a label exactly when each reaches
 * the other; labels count up in the order of their lowest node. */
static void test_regions(astar_ctx *ctx, const astar_graph *g,
                         const rgraph *r)
{
	static double d[NMAX][NMAX];
	const uint32_t *lab;
	size_t count, seen = 0;

	for (uint32_t i = 0; i < r->n; i++)
		ref_dijkstra(r, &i, 1, 1, d[i]);
	CHECK(astar_graph_regions(ctx, g, &count, &lab) == ASTAR_OK, "regions");
	for (uint32_t i = 0; i < r->n; i++) {
		if (!r->walk[i]) {
			CHECK(lab[i] == 0, "unwalkable %u labelled", i);
			continue;
		}
		if (lab[i] > seen)
			CHECK(lab[i] == ++seen, "label %u out of order", lab[i]);
		for (uint32_t j = 0; j < r->n; j++)
			if (r->walk[j])
				CHECK((lab[i] == lab[j]) ==
				      (isfinite(d[i][j]) && isfinite(d[j][i])),
				      "regions of %u and %u", i, j);
	}
	CHECK(count == seen, "count %zu, labels %zu", count, seen);
}

/* The scale: the least cost / length over arcs apart, at most 1. */
static void test_scale(const astar_graph *g, const rgraph *r)
{
	double want = 1;

	for (size_t k = 0; k < r->m; k++) {
		double l = len_of(r, r->arcs[k].from, r->arcs[k].to);
		if (l > 0)
			want = fmin(want, r->arcs[k].cost / l);
	}
	CHECK(near(astar_graph_h_scale(g), want), "scale %g, ref %g",
	      astar_graph_h_scale(g), want);
}

static void test_errors(astar_ctx *ctx)
{
	double xyz[6] = {0, 0, 0, 1, 0, 0};
	uint8_t walk[2] = {1, 0};
	astar_arc bad = {0, 2, 1}, neg = {0, 1, -1}, ok = {0, 1, 1};
	astar_status st;
	astar_graph *g;
	astar_graph_result res;
	astar_options o;
	uint32_t a = 0, b = 1, c = 5;

	CHECK(astar_graph_new(2, xyz, walk, &bad, 1, &st) == NULL &&
	      st == ASTAR_EINVAL, "arc to no node");
	CHECK(astar_graph_new(2, xyz, walk, &neg, 1, &st) == NULL &&
	      st == ASTAR_EINVAL, "negative cost");
	g = astar_graph_new(2, xyz, walk, &ok, 1, &st);
	CHECK(g != NULL, "small graph");
	if (g == NULL)
		return;
	astar_options_init(&o);
	CHECK(astar_graph_search(ctx, g, &a, 1, &c, 1, &o, &res) == ASTAR_ERANGE,
	      "goal out of range");
	CHECK(astar_graph_search(ctx, g, &b, 1, &a, 1, &o, &res) ==
	      ASTAR_ESTART_BLOCKED, "unwalkable start");
	CHECK(astar_graph_search(ctx, g, &a, 1, &b, 1, &o, &res) ==
	      ASTAR_EGOAL_BLOCKED, "unwalkable goal");
	o.adjacent = 1;
	CHECK(astar_graph_search(ctx, g, &a, 1, &b, 1, &o, &res) == ASTAR_OK &&
	      res.found && res.end == 0 && res.path_len == 1,
	      "adjacent to an unwalkable goal");
	astar_graph_free(g);
}

void test_graph(void)
{
	astar_ctx *ctx = astar_ctx_new();
	static rgraph r;

	test_errors(ctx);
	for (uint64_t seed = 1; seed <= 400; seed++) {
		uint64_t s = seed;
		astar_status st;
		astar_graph *g;

		check_begin("graph seed %llu", (unsigned long long)seed);
		make_graph(&r, &s);
		g = astar_graph_new(r.n, r.xyz, r.walk, r.arcs, r.m, &st);
		CHECK(g != NULL, "build failed: %d", (int)st);
		if (g == NULL)
			continue;
		test_scale(g, &r);
		for (int q = 0; q < 4; q++) {
			test_point_to_point(ctx, g, &r, &s);
			test_adjacent(ctx, g, &r, &s);
			test_closest(ctx, g, &r, &s);
		}
		test_distances(ctx, g, &r, &s);
		test_regions(ctx, g, &r);
		astar_graph_free(g);
	}
	check_end();
	astar_ctx_free(ctx);
}
