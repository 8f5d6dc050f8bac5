/*
 * test_world.c - worlds of several levels (astar_world_*) against a model
 * written here: random floors placed side by side and stacked, stairs,
 * one-way links, seams, terrain, and a plain Dijkstra over (level, x, y)
 * that looks every neighbour up in world cells, independent of the
 * library's padded layout, flags and tables.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "rng.h"
#include "unit.h"

#define MAXLV 4
#define MAXLN 8
#define MAXW  9
#define MAXV  (MAXLV * MAXW * MAXW)

/* ------------------------------------------------------------- the model */

typedef struct mlevel {
	int w, h, x, y, depth;
	unsigned char cost[MAXW][MAXW];
} mlevel;

typedef struct mlink {
	int fl, fx, fy, tl, tx, ty, oneway;
	double cost;
} mlink;

typedef struct model {
	int nlv, nln;
	mlevel lv[MAXLV];
	mlink ln[MAXLN];
	uint64_t seed;
} model;

static int vid(int l, int x, int y)
{
	return (l * MAXW + y) * MAXW + x;
}

/* The level and cell at world cell (X, Y) of a depth, -1 for none. */
static int mfind(const model *m, int depth, int X, int Y)
{
	for (int l = 0; l < m->nlv; l++) {
		const mlevel *v = &m->lv[l];
		if (v->depth == depth && X >= v->x && Y >= v->y && X < v->x + v->w &&
		    Y < v->y + v->h)
			return vid(l, X - v->x, Y - v->y);
	}
	return -1;
}

static int is_link_end(const model *m, int v)
{
	for (int i = 0; i < m->nln; i++)
		if (vid(m->ln[i].fl, m->ln[i].fx, m->ln[i].fy) == v ||
		    vid(m->ln[i].tl, m->ln[i].tx, m->ln[i].ty) == v)
			return 1;
	return 0;
}

static int mcost(const model *m, int v)
{
	int l, x, y, c;

	if (v < 0)
		return 0;
	l = v / (MAXW * MAXW);
	y = v / MAXW % MAXW;
	x = v % MAXW;
	c = m->lv[l].cost[y][x];
	return c == 0 && is_link_end(m, v) ? 1 : c;
}

static const int DX[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int DY[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* The neighbour of v in direction d, in world cells (-1 for none). */
static int mstep(const model *m, int v, int d)
{
	int l = v / (MAXW * MAXW), y = v / MAXW % MAXW, x = v % MAXW;
	const mlevel *lv = &m->lv[l];

	return mfind(m, lv->depth, lv->x + x + DX[d], lv->y + y + DY[d]);
}

/* The steps out of v: up to 8 + 2 * MAXLN (target, cost). */
static int msucc(const model *m, int v, astar_diagonal pol, int *to,
                 double *cost)
{
	int n = 0;

	for (int d = 0; d < (pol == ASTAR_DIAG_NEVER ? 4 : 8); d++) {
		int u = mstep(m, v, d), a, b;
		if (mcost(m, u) == 0)
			continue;
		if (d >= 4 && pol != ASTAR_DIAG_ALWAYS) {
			int sa[8] = {0, 0, 0, 0, 0, 2, 2, 0};
			int sb[8] = {0, 0, 0, 0, 1, 1, 3, 3};
			a = mcost(m, mstep(m, v, sa[d])) != 0;
			b = mcost(m, mstep(m, v, sb[d])) != 0;
			if (pol == ASTAR_DIAG_ONE_OBSTACLE ? !(a || b) : !(a && b))
				continue;
		}
		to[n] = u;
		cost[n++] = mcost(m, u) * (d < 4 ? 1.0 : sqrt(2.0));
	}
	for (int i = 0; i < m->nln; i++) {
		const mlink *k = &m->ln[i];
		if (vid(k->fl, k->fx, k->fy) == v) {
			to[n] = vid(k->tl, k->tx, k->ty);
			cost[n++] = k->cost;
		}
		if (!k->oneway && vid(k->tl, k->tx, k->ty) == v) {
			to[n] = vid(k->fl, k->fx, k->fy);
			cost[n++] = k->cost;
		}
	}
	return n;
}

/* Dijkstra from the sources (unit: every step 1, for BFS), by selection
 * over every place: slow and plain. */
static void mdijkstra(const model *m, const int *src, int ns,
                      astar_diagonal pol, int unit, double *dist)
{
	static char done[MAXV];
	int to[8 + 2 * MAXLN];
	double c[8 + 2 * MAXLN];

	for (int v = 0; v < MAXV; v++) {
		dist[v] = INFINITY;
		done[v] = 0;
	}
	for (int k = 0; k < ns; k++)
		dist[src[k]] = 0.0;
	for (;;) {
		int best = -1, n;
		for (int v = 0; v < MAXV; v++)
			if (!done[v] && dist[v] < INFINITY &&
			    (best < 0 || dist[v] < dist[best]))
				best = v;
		if (best < 0)
			return;
		done[best] = 1;
		n = msucc(m, best, pol, to, c);
		for (int k = 0; k < n; k++) {
			double nd = dist[best] + (unit ? 1.0 : c[k]);
			if (nd < dist[to[k]])
				dist[to[k]] = nd;
		}
	}
}

/* The least cost of one step from a to b, INFINITY when none. */
static double mstep_cost(const model *m, int a, int b, astar_diagonal pol)
{
	int to[8 + 2 * MAXLN];
	double c[8 + 2 * MAXLN], best = INFINITY;
	int n = msucc(m, a, pol, to, c);

	for (int k = 0; k < n; k++)
		if (to[k] == b && c[k] < best)
			best = c[k];
	return best;
}

/* ------------------------------------------------------ random worlds */

static int overlaps(const model *m, int l)
{
	const mlevel *a = &m->lv[l];

	for (int k = 0; k < l; k++) {
		const mlevel *b = &m->lv[k];
		if (a->depth == b->depth && a->x < b->x + b->w && b->x < a->x + a->w &&
		    a->y < b->y + b->h && b->y < a->y + a->h)
			return 1;
	}
	return 0;
}

static void random_cell(const model *m, uint64_t *s, int *l, int *x, int *y)
{
	*l = rng_int(s, m->nlv);
	*x = rng_int(s, m->lv[*l].w);
	*y = rng_int(s, m->lv[*l].h);
}

static void random_model(model *m, uint64_t seed)
{
	uint64_t s = seed;

	memset(m, 0, sizeof *m);
	m->seed = seed;
	m->nlv = 1 + rng_int(&s, MAXLV);
	for (int l = 0; l < m->nlv; l++) {
		mlevel *v = &m->lv[l];
		v->w = 2 + rng_int(&s, MAXW - 1);
		v->h = 2 + rng_int(&s, MAXW - 1);
		v->depth = rng_int(&s, 2);
		for (int tries = 0;; tries++) { /* beside the one before,
		                                   often touching */
			if (tries == 50)
				v->depth = 2 + l; /* no room left: a depth alone */
			v->x = rng_int(&s, 24) - 4;
			v->y = rng_int(&s, 6) - 3;
			if (l > 0 && rng_int(&s, 2)) {
				v->x = m->lv[l - 1].x + m->lv[l - 1].w + rng_int(&s, 2);
				v->y = m->lv[l - 1].y + rng_int(&s, 5) - 2;
			}
			if (!overlaps(m, l))
				break;
		}
		for (int y = 0; y < v->h; y++)
			for (int x = 0; x < v->w; x++)
				v->cost[y][x] = rng_int(&s, 4) == 0
				                        ? 0
				                        : (unsigned char)(seed % 3 == 0
				                                                  ? 1 + rng_int(&s, 4)
				                                                  : 1);
	}
	m->nln = rng_int(&s, MAXLN + 1);
	for (int i = 0; i < m->nln; i++) {
		mlink *k = &m->ln[i];
		random_cell(m, &s, &k->fl, &k->fx, &k->fy);
		if (rng_int(&s, 2) && m->lv[k->fl].depth == 0) { /* stairs down */
			random_cell(m, &s, &k->tl, &k->tx, &k->ty);
			k->cost = 1.0;
		} else {
			random_cell(m, &s, &k->tl, &k->tx, &k->ty);
			k->cost = rng_int(&s, 3) == 0 ? 0.5 : 1.0 + rng_int(&s, 12);
		}
		k->oneway = rng_int(&s, 3) == 0;
	}
}

typedef struct built {
	astar_grid *g[MAXLV];
	astar_world *w;
} built;

static void build(const model *m, built *b)
{
	b->w = astar_world_new();
	for (int l = 0; l < m->nlv; l++) {
		const mlevel *v = &m->lv[l];
		char name[8];
		b->g[l] = astar_grid_new(v->w, v->h, NULL);
		for (int y = 0; y < v->h; y++)
			for (int x = 0; x < v->w; x++)
				astar_grid_set(b->g[l], x, y, v->cost[y][x]);
		snprintf(name, sizeof name, "L%d", l);
		astar_world_add_level(b->w, b->g[l], name, v->x, v->y, v->depth);
	}
	for (int i = 0; i < m->nln; i++) {
		const mlink *k = &m->ln[i];
		astar_place f = {k->fx, k->fy, 0, (uint32_t)k->fl};
		astar_place t = {k->tx, k->ty, 0, (uint32_t)k->tl};
		astar_world_add_link(b->w, f, t, k->cost, k->oneway);
	}
}

static void unbuild(const model *m, built *b)
{
	astar_world_free(b->w);
	for (int l = 0; l < m->nlv; l++)
		astar_grid_free(b->g[l]);
}

static void dump_model(void *arg)
{
	const model *m = arg;

	fprintf(stderr, "  world of seed %llu: %d levels, %d links\n",
	        (unsigned long long)m->seed, m->nlv, m->nln);
	for (int l = 0; l < m->nlv; l++) {
		const mlevel *v = &m->lv[l];
		fprintf(stderr, "  L%d at %d,%d depth %d\n", l, v->x, v->y, v->depth);
		for (int y = 0; y < v->h; y++) {
			fprintf(stderr, "    ");
			for (int x = 0; x < v->w; x++)
				fputc(v->cost[y][x] ? '0' + v->cost[y][x] : '#', stderr);
			fputc('\n', stderr);
		}
	}
	for (int i = 0; i < m->nln; i++)
		fprintf(stderr, "  link %d,%d,L%d -> %d,%d,L%d cost %g%s\n",
		        m->ln[i].fx, m->ln[i].fy, m->ln[i].fl, m->ln[i].tx, m->ln[i].ty,
		        m->ln[i].tl, m->ln[i].cost, m->ln[i].oneway ? " one way" : "");
}

static astar_place place_of(int v)
{
	astar_place p = {v % MAXW, v / MAXW % MAXW, 0, (uint32_t)(v / (MAXW * MAXW))};

	return p;
}

/* An open place at random, -1 when the world has none (after tries). */
static int random_open(const model *m, uint64_t *s)
{
	for (int t = 0; t < 200; t++) {
		int l, x, y;
		random_cell(m, s, &l, &x, &y);
		if (mcost(m, vid(l, x, y)) != 0)
			return vid(l, x, y);
	}
	return -1;
}

/* The path is made of legal steps, from a start to its end, and costs
 * what the result says. */
static void check_path(const model *m, const astar_world_result *r,
                       astar_diagonal pol, int bfs)
{
	double sum = 0.0;

	for (size_t k = 1; k < r->path_len; k++) {
		const astar_place *a = &r->path[k - 1], *b = &r->path[k];
		double c = mstep_cost(m, vid((int)a->level, a->x, a->y),
		                      vid((int)b->level, b->x, b->y), pol);
		CHECK(c < INFINITY, "step %zu (%d,%d,%u -> %d,%d,%u) is no step", k,
		      a->x, a->y, a->level, b->x, b->y, b->level);
		sum += c;
	}
	CHECK(fabs(sum - r->cost) < 1e-6, "path sums to %g, result says %g%s", sum,
	      r->cost, bfs ? " (bfs)" : "");
}

static const astar_diagonal policies[4] = {ASTAR_DIAG_NEVER, ASTAR_DIAG_ALWAYS,
                                           ASTAR_DIAG_ONE_OBSTACLE,
                                           ASTAR_DIAG_NO_OBSTACLES};

/* A*, Dijkstra, A* under other heuristics and weighted and greedy search
 * against the model, on random worlds, for every diagonal policy. */
static void test_against_model(void)
{
	static double dist[MAXV], steps[MAXV];
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 400; seed++) {
		model m;
		built b;
		uint64_t s = seed * 7919;
		int from, to;
		random_model(&m, seed);
		build(&m, &b);
		check_begin("world %llu: built", (unsigned long long)seed);
		check_context(dump_model, &m);
		CHECK(astar_world_build(b.w, NULL) == ASTAR_OK, "build failed");
		check_end();
		from = random_open(&m, &s);
		to = random_open(&m, &s);
		for (int p = 0; p < 4 && from >= 0 && to >= 0; p++) {
			static const astar_algorithm algs[] = {
			        ASTAR_ALGO_ASTAR, ASTAR_ALGO_DIJKSTRA, ASTAR_ALGO_ASTAR,
			        ASTAR_ALGO_ASTAR, ASTAR_ALGO_BFS, ASTAR_ALGO_GREEDY};
			static const astar_heuristic hs[] = {
			        ASTAR_H_DEFAULT, ASTAR_H_DEFAULT, ASTAR_H_EUCLIDEAN,
			        ASTAR_H_CHEBYSHEV, ASTAR_H_DEFAULT, ASTAR_H_DEFAULT};
			astar_place sp = place_of(from), tp = place_of(to);
			mdijkstra(&m, &from, 1, policies[p], 0, dist);
			mdijkstra(&m, &from, 1, policies[p], 1, steps);
			for (int a = 0; a < 6; a++) {
				astar_options o;
				astar_world_result r;
				astar_status st;
				astar_options_init(&o);
				o.diagonal = policies[p];
				o.algorithm = algs[a];
				o.heuristic = hs[a];
				o.explored = a == 0;
				check_begin("world %llu: policy %d algorithm %d", (unsigned long long)seed, p, a);
				check_context(dump_model, &m);
				st = astar_world_search(ctx, b.w, &sp, 1, &tp, 1, &o, &r);
				CHECK(st == ASTAR_OK, "status %d", st);
				CHECK(r.found == (dist[to] < INFINITY), "found %d, model %g", r.found, dist[to]);
				if (r.found && algs[a] != ASTAR_ALGO_GREEDY && algs[a] != ASTAR_ALGO_BFS)
					CHECK(fabs(r.cost - dist[to]) < 1e-6, "cost %.9g, model %.9g", r.cost, dist[to]);
				if (r.found && algs[a] == ASTAR_ALGO_BFS)
					CHECK(r.path_len - 1 == (size_t)steps[to], "%zu steps, model %g", r.path_len - 1, steps[to]);
				if (r.found) {
					CHECK(r.path[0].x == sp.x && r.path[0].y == sp.y && r.path[0].level == sp.level, "path starts elsewhere");
					CHECK(r.end.x == tp.x && r.end.y == tp.y && r.end.level == tp.level, "ends elsewhere");
					check_path(&m, &r, policies[p], algs[a] == ASTAR_ALGO_BFS);
				}
				if (o.explored)
					CHECK(r.explored_len == r.expanded, "explored %zu of %llu", r.explored_len, (unsigned long long)r.expanded);
				check_end();
			}
		}
		unbuild(&m, &b);
	}
	astar_ctx_free(ctx);
}

/* The flood's flow field: at each reached cell but a source, a step
 * (a direction in world cells, or a link) from a cell whose distance
 * plus that step's cost is the cell's. */
static void check_flow(const model *m, const astar_world_flood_result *fr,
                       const double *dist, astar_diagonal pol)
{
	size_t c = 0;

	for (int l = 0; l < m->nlv; l++)
		for (int y = 0; y < m->lv[l].h; y++)
			for (int x = 0; x < m->lv[l].w; x++, c++) {
				int v = vid(l, x, y), code = fr->flow[c], ok = 0;
				if (fr->dist[c] < 0 || code == ASTAR_FLOW_NONE) {
					CHECK(fr->dist[c] <= 0, "L%d %d,%d: no flow at %g", l, x, y, fr->dist[c]);
					continue;
				}
				if (code < 8) {
					int u = mstep(m, v, code);
					ok = u >= 0 && fabs(dist[u] + mstep_cost(m, u, v, pol) - dist[v]) < 1e-6;
				}
				for (int i = 0; code == ASTAR_WORLD_FLOW_LINK && i < m->nln; i++) {
					int a = vid(m->ln[i].fl, m->ln[i].fx, m->ln[i].fy);
					int b = vid(m->ln[i].tl, m->ln[i].tx, m->ln[i].ty);
					int u = b == v ? a : a == v ? b : -1;
					ok |= u >= 0 && fabs(dist[u] + mstep_cost(m, u, v, pol) - dist[v]) < 1e-6;
				}
				CHECK(ok, "L%d %d,%d: flow %d is no step of a shortest path", l, x, y, code);
			}
}

/* Several starts and goals: the cheapest pair; and the flood's map. */
/* Checks a world flood's distances, in its layout (levels in turn, each
 * row by row), against the model's dist (-1 for no path); what tags the
 * messages.  Returns the number of places compared. */
static size_t flood_matches(const model *m, const astar_world_flood_result *fr,
                            const double *dist, const char *what)
{
	size_t c = 0;

	for (int l = 0; l < m->nlv; l++)
		for (int y = 0; y < m->lv[l].h; y++)
			for (int x = 0; x < m->lv[l].w; x++, c++) {
				double want = dist[vid(l, x, y)];
				want = want < INFINITY ? want : -1.0;
				CHECK(fabs(fr->dist[c] - want) < 1e-6, "%sL%d %d,%d: %g, model %g", what, l, x, y, fr->dist[c], want);
			}
	return c;
}

/* The model's place v as an index into the world's layout. */
static size_t world_index(const model *m, const astar_world *w, int v)
{
	return astar_world_offset(w, (size_t)(v / (MAXW * MAXW))) +
	       (size_t)(v / MAXW % MAXW) * (size_t)m->lv[v / (MAXW * MAXW)].w +
	       (size_t)(v % MAXW);
}

/* A world's regions against the model: two open places share a label
 * iff each reaches the other. */
static void regions_match(astar_ctx *ctx, const astar_world *w, model *m,
                          const astar_options *o, uint64_t seed, uint64_t *s,
                          double *dist, double *back)
{
	const uint32_t *labels;
	size_t count;

	check_begin("world %llu: regions", (unsigned long long)seed);
	check_context(dump_model, m);
	CHECK(astar_world_regions(ctx, w, o, &count, &labels) == ASTAR_OK, "status");
	/* two open places share a label iff each reaches the other */
	for (int k = 0; k < 4; k++) {
		int a = random_open(m, s), e = random_open(m, s);
		size_t la, le;
		int both;
		mdijkstra(m, &a, 1, o->diagonal, 0, dist);
		mdijkstra(m, &e, 1, o->diagonal, 0, back);
		both = dist[e] < INFINITY && back[a] < INFINITY;
		la = world_index(m, w, a);
		le = world_index(m, w, e);
		CHECK(labels[la] != 0 && labels[le] != 0, "open place without a label");
		CHECK((labels[la] == labels[le]) == both, "labels %u, %u; mutual reach %d", labels[la], labels[le], both);
		CHECK(labels[la] <= count && labels[le] <= count, "label past the count");
	}
	check_end();
}

/* One seed of test_many_and_flood: a random world, its several starts
 * and goals, flood and regions against the model. */
static void many_and_flood_seed(astar_ctx *ctx, uint64_t seed, double *dist,
                                double *back)
{
	model m;
	built b;
	uint64_t s = seed * 31;
	int src[3], dst[3], ok = 1;
	astar_place sp[3], tp[3];
	astar_options o;
	astar_world_result r;
	astar_world_flood_result fr;
	size_t c;
	random_model(&m, seed);
	build(&m, &b);
	astar_world_build(b.w, NULL);
	for (int k = 0; k < 3; k++) {
		src[k] = random_open(&m, &s);
		dst[k] = random_open(&m, &s);
		ok &= src[k] >= 0 && dst[k] >= 0;
		if (ok) {
			sp[k] = place_of(src[k]);
			tp[k] = place_of(dst[k]);
		}
	}
	if (!ok) {
		unbuild(&m, &b);
		return;
	}
	astar_options_init(&o);
	o.diagonal = policies[seed % 4];
	mdijkstra(&m, src, 3, o.diagonal, 0, dist);
	check_begin("world %llu: 3 starts, 3 goals", (unsigned long long)seed);
	check_context(dump_model, &m);
	{
		double best = INFINITY;
		for (int k = 0; k < 3; k++)
			best = dist[dst[k]] < best ? dist[dst[k]] : best;
		CHECK(astar_world_search(ctx, b.w, sp, 3, tp, 3, &o, &r) == ASTAR_OK, "status");
		CHECK(r.found == (best < INFINITY), "found %d", r.found);
		if (r.found) {
			CHECK(fabs(r.cost - best) < 1e-6, "cost %g, model %g", r.cost, best);
			CHECK(fabs(dist[dst[r.goal_index]] - best) < 1e-6, "goal %zu is not a nearest", r.goal_index);
			check_path(&m, &r, o.diagonal, 0);
		}
	}
	check_end();
	check_begin("world %llu: flood", (unsigned long long)seed);
	check_context(dump_model, &m);
	CHECK(astar_world_flood(ctx, b.w, sp, 3, &o, &fr) == ASTAR_OK, "status");
	c = flood_matches(&m, &fr, dist, "");
	CHECK(c == fr.cells, "%zu cells, %zu said", c, fr.cells);
	check_flow(&m, &fr, dist, o.diagonal);
	check_end();
	check_begin("world %llu: flood, a cell blocked", (unsigned long long)seed);
	check_context(dump_model, &m);
	{
		int v = random_open(&m, &s);
		if (v >= 0 && !is_link_end(&m, v) && v != src[0] && v != src[1] &&
		    v != src[2]) {
			CHECK(astar_world_block(b.w, place_of(v)) == ASTAR_OK, "block");
			m.lv[v / (MAXW * MAXW)].cost[v / MAXW % MAXW][v % MAXW] = 0;
			mdijkstra(&m, src, 3, o.diagonal, 0, dist);
			CHECK(astar_world_flood(ctx, b.w, sp, 3, &o, &fr) == ASTAR_OK, "status");
			flood_matches(&m, &fr, dist, "blocked: ");
		}
	}
	check_end();
	regions_match(ctx, b.w, &m, &o, seed, &s, dist, back);
	unbuild(&m, &b);
}

static void test_many_and_flood(void)
{
	static double dist[MAXV], back[MAXV];
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1000; seed < 1200; seed++)
		many_and_flood_seed(ctx, seed, dist, back);
	astar_ctx_free(ctx);
}

/* adjacent: the cheapest way to a place from which one legal step enters
 * the target; closest: a path even when the target cannot be reached. */
static void test_adjacent_closest(void)
{
	static double dist[MAXV];
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 2000; seed < 2200; seed++) {
		model m;
		built b;
		uint64_t s = seed * 17;
		int from, l, x, y, to;
		astar_place sp, tp;
		astar_options o;
		astar_world_result r;
		double want = INFINITY;
		random_model(&m, seed);
		build(&m, &b);
		astar_world_build(b.w, NULL);
		from = random_open(&m, &s);
		random_cell(&m, &s, &l, &x, &y);
		to = vid(l, x, y);
		if (from < 0) {
			unbuild(&m, &b);
			continue;
		}
		sp = place_of(from);
		tp = place_of(to);
		astar_options_init(&o);
		o.diagonal = policies[seed % 4];
		mdijkstra(&m, &from, 1, o.diagonal, 0, dist);
		for (int d = 0; d < (o.diagonal == ASTAR_DIAG_NEVER ? 4 : 8); d++) {
			/* a cell a with a legal step d into to, to seen as open */
			static const int opp[8] = {2, 3, 0, 1, 6, 7, 4, 5};
			int a = mstep(&m, to, opp[d]);
			int ok;
			if (mcost(&m, a) == 0 || mstep(&m, a, d) != to)
				continue;
			ok = 1;
			if (d >= 4 && o.diagonal != ASTAR_DIAG_ALWAYS) {
				int sa[8] = {0, 0, 0, 0, 0, 2, 2, 0};
				int sb[8] = {0, 0, 0, 0, 1, 1, 3, 3};
				int ca = mcost(&m, mstep(&m, a, sa[d])) != 0;
				int cb = mcost(&m, mstep(&m, a, sb[d])) != 0;
				ok = o.diagonal == ASTAR_DIAG_ONE_OBSTACLE ? (ca || cb) : (ca && cb);
			}
			if (ok && dist[a] < want)
				want = dist[a];
		}
		if (from == to)
			want = 0.0;
		o.adjacent = 1;
		check_begin("world %llu: adjacent", (unsigned long long)seed);
		check_context(dump_model, &m);
		CHECK(astar_world_search(ctx, b.w, &sp, 1, &tp, 1, &o, &r) == ASTAR_OK, "status");
		CHECK(r.found == (want < INFINITY), "found %d, model %g", r.found, want);
		if (r.found)
			CHECK(fabs(r.cost - want) < 1e-6, "cost %g, model %g", r.cost, want);
		check_end();
		o.adjacent = 0;
		o.closest = 1;
		check_begin("world %llu: closest", (unsigned long long)seed);
		check_context(dump_model, &m);
		CHECK(astar_world_search(ctx, b.w, &sp, 1, &tp, 1, &o, &r) == ASTAR_OK, "status");
		CHECK(r.found, "closest found nothing");
		CHECK(r.reached_goal == (mcost(&m, to) != 0 && dist[to] < INFINITY), "reached %d", r.reached_goal);
		if (r.found) {
			int e = vid((int)r.end.level, r.end.x, r.end.y);
			CHECK(fabs(r.cost - dist[e]) < 1e-6, "cost %g to its end, model %g", r.cost, dist[e]);
		}
		check_end();
		unbuild(&m, &b);
	}
	astar_ctx_free(ctx);
}

/* A world of one level and no link answers as the grid does, counts and
 * all (it is the grid's own search). */
static void test_one_level(void)
{
	astar_ctx *a = astar_ctx_new(), *c = astar_ctx_new();

	for (uint64_t seed = 3000; seed < 3100; seed++) {
		model m;
		built b;
		uint64_t s = seed;
		int from, to;
		astar_result gr;
		astar_world_result wr;
		astar_options o;
		random_model(&m, seed);
		m.nlv = 1;
		m.nln = 0;
		build(&m, &b);
		astar_world_build(b.w, NULL);
		from = random_open(&m, &s);
		to = random_open(&m, &s);
		if (from < 0 || to < 0) {
			unbuild(&m, &b);
			continue;
		}
		astar_options_init(&o);
		o.diagonal = policies[seed % 4];
		o.explored = 1;
		check_begin("world %llu: one level", (unsigned long long)seed);
		{
			astar_place sp = place_of(from), tp = place_of(to);
			astar_point gs = {sp.x, sp.y}, gt = {tp.x, tp.y};
			CHECK(astar_search(a, b.g[0], gs, gt, &o, &gr) == ASTAR_OK, "grid");
			CHECK(astar_world_search(c, b.w, &sp, 1, &tp, 1, &o, &wr) == ASTAR_OK, "world");
			CHECK(gr.found == wr.found && gr.cost == wr.cost && gr.path_len == wr.path_len &&
			              gr.expanded == wr.expanded && gr.generated == wr.generated,
			      "grid %d %g %zu %llu, world %d %g %zu %llu", gr.found, gr.cost, gr.path_len,
			      (unsigned long long)gr.expanded, wr.found, wr.cost, wr.path_len,
			      (unsigned long long)wr.expanded);
			for (size_t k = 0; k < gr.path_len && k < wr.path_len; k++)
				CHECK(gr.path[k].x == wr.path[k].x && gr.path[k].y == wr.path[k].y &&
				              wr.path[k].level == 0, "path differs at %zu", k);
		}
		check_end();
		unbuild(&m, &b);
	}
	astar_ctx_free(a);
	astar_ctx_free(c);
}

/* What astar_world_build refuses, and what a world search does not do. */
static void test_faults(void)
{
	astar_grid *g = astar_grid_new(4, 3, NULL), *h = astar_grid_new(5, 5, NULL);
	astar_world *w = astar_world_new();
	astar_world_problem why;
	astar_place p = {1, 1, 0, 0}, q = {1, 1, 0, 5}, out = {4, 0, 0, 1};
	astar_options o;
	astar_world_result r;
	astar_ctx *ctx = astar_ctx_new();

	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 5; x++) {
			astar_grid_set(g, x, y, 1);
			astar_grid_set(h, x, y, 1);
		}
	check_begin("world faults: empty");
	CHECK(astar_world_build(w, &why) == ASTAR_EINVAL && why.fault == ASTAR_WORLD_EMPTY, "not empty");
	check_end();
	astar_world_add_level(w, g, "a", 0, 0, 0);
	astar_world_add_level(w, h, "b", 2, 1, 0);
	check_begin("world faults: overlap");
	CHECK(astar_world_build(w, &why) == ASTAR_EINVAL && why.fault == ASTAR_WORLD_OVERLAP, "fault %d", why.fault);
	CHECK(why.a == 0 && why.b == 1 && why.x0 == 2 && why.y0 == 1 && why.x1 == 3 && why.y1 == 2,
	      "overlap %zu %zu %d,%d..%d,%d", why.a, why.b, why.x0, why.y0, why.x1, why.y1);
	check_end();
	astar_world_free(w);
	w = astar_world_new();
	astar_world_add_level(w, g, "a", 0, 0, 0);
	astar_world_add_level(w, h, "b", 2, 1, 1);
	astar_world_add_link(w, p, q, 1.0, 0);
	check_begin("world faults: missing level");
	CHECK(astar_world_build(w, &why) == ASTAR_EINVAL && why.fault == ASTAR_WORLD_NO_LEVEL && why.link == 0 && why.end == 1, "fault %d", why.fault);
	check_end();
	astar_world_free(w);
	w = astar_world_new();
	astar_world_add_level(w, g, "a", 0, 0, 0);
	astar_world_add_level(w, h, "b", 2, 1, 1);
	astar_world_add_link(w, p, p, 1.0, 0);
	astar_world_add_link(w, p, out, 1.0, 1);
	check_begin("world faults: outside, bad cost");
	CHECK(astar_world_build(w, &why) == ASTAR_OK, "the outside end is in level 1");
	CHECK(astar_world_add_link(w, p, p, -1.0, 0) == ASTAR_EINVAL, "a negative cost");
	CHECK(astar_world_add_link(w, p, p, NAN, 0) == ASTAR_EINVAL, "NaN");
	out.x = 5;
	astar_world_add_link(w, p, out, 1.0, 1);
	CHECK(astar_world_build(w, &why) == ASTAR_EINVAL && why.fault == ASTAR_WORLD_OUTSIDE && why.link == 2, "fault %d", why.fault);
	check_end();
	astar_world_free(w);
	w = astar_world_new();
	astar_world_add_level(w, g, "a", 0, 0, 0);
	astar_world_add_level(w, h, "b", 2, 1, 1);
	astar_world_build(w, NULL);
	astar_options_init(&o);
	check_begin("world faults: unsupported and out of range");
	o.algorithm = ASTAR_ALGO_JPS;
	CHECK(astar_world_search(ctx, w, &p, 1, &p, 1, &o, &r) == ASTAR_EUNSUPPORTED, "JPS");
	o.algorithm = ASTAR_ALGO_ASTAR;
	o.size = 2;
	CHECK(astar_world_search(ctx, w, &p, 1, &p, 1, &o, &r) == ASTAR_EUNSUPPORTED, "size 2");
	o.size = 0;
	CHECK(astar_world_search(ctx, w, &p, 1, &q, 1, &o, &r) == ASTAR_ERANGE, "level 5");
	astar_grid_set(g, 1, 1, 0);
	astar_world_free(w);
	w = astar_world_new();
	astar_world_add_level(w, g, "a", 0, 0, 0);
	astar_world_add_level(w, h, "b", 2, 1, 1);
	astar_world_build(w, NULL);
	CHECK(astar_world_search(ctx, w, &p, 1, &p, 1, &o, &r) == ASTAR_ESTART_BLOCKED, "blocked");
	CHECK(strcmp(astar_world_level_name(w, 1), "b") == 0, "name");
	check_end();
	astar_world_free(w);
	astar_grid_free(g);
	astar_grid_free(h);
	astar_ctx_free(ctx);
}

void test_world(void)
{
	test_against_model();
	test_many_and_flood();
	test_adjacent_closest();
	test_one_level();
	test_faults();
}
