/*
 * test_many.c - the one-to-many searches (astar_search_many, astar_flood,
 * astar_regions), agent sizes (astar_grid_footprint, options.size) and
 * worlds that wrap (options.wrap), against the reference model
 * (reference.c), which knows nothing of the library's code.
 *
 * Seeded property tests on random grids of every diagonal policy, with
 * and without terrain costs: the several-goals cost is the least of the
 * single-pair costs (ties to the goal given first); every distance-map
 * cell is the reference's cost from the nearest source, and the cost a
 * single-pair search finds; the flow field walks legal steps to a
 * source at the mapped cost; a size-N search is a plain search of the
 * grid the stated rule derives; wrapped grids match the reference's
 * wrapped Dijkstra; the region count matches the reference's; the
 * flood's path for maps of one cell cost gives the general flood's maps
 * bit for bit.  Every path is replayed step by step.  Runs as the module
 * "many".
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "names.h"
#include "reference.h"
#include "rng.h"
#include "unit.h"

#define MAXW 14
#define MAXC (MAXW * MAXW)

typedef struct world {
	ref_grid ref;
	uint8_t cost[MAXC];
	astar_grid *grid;
	uint64_t seed;
	int wx, wy;
} world;

static void world_dump(void *arg)
{
	const world *w = arg;

	fprintf(stderr, "  seed %llu, %dx%d, wrap %d%d\n",
	        (unsigned long long)w->seed, w->ref.w, w->ref.h, w->wx, w->wy);
	for (int y = 0; y < w->ref.h; y++) {
		fputs("  ", stderr);
		for (int x = 0; x < w->ref.w; x++) {
			int c = w->cost[y * w->ref.w + x];
			fputc(c == 0 ? '#' : c < 10 ? '0' + c : '+', stderr);
		}
		fputc('\n', stderr);
	}
}

/* A random grid: a third blocked at most, costs 1 or 1..9 (terrain). */
static void world_make(world *w, uint64_t seed, int terrain)
{
	uint64_t s = seed;
	int block = rng_int(&s, 35);

	w->seed = seed;
	w->ref.w = 1 + rng_int(&s, MAXW);
	w->ref.h = 1 + rng_int(&s, MAXW);
	w->ref.cost = w->cost;
	w->grid = astar_grid_new(w->ref.w, w->ref.h, NULL);
	for (int i = 0; i < w->ref.w * w->ref.h; i++) {
		int c = rng_int(&s, 100) < block
		                ? 0
		                : terrain ? 1 + rng_int(&s, 9) : 1;
		w->cost[i] = (uint8_t)c;
		astar_grid_set(w->grid, i % w->ref.w, i / w->ref.w, (uint8_t)c);
	}
}

/* Up to n random open cells of g into p; returns how many. */
static int open_cells(const ref_grid *g, uint64_t *s, astar_point *p, int n)
{
	int k = 0;

	for (int tries = 0; k < n && tries < 200; tries++) {
		int x = rng_int(s, g->w), y = rng_int(s, g->h);
		if (ref_open(g, x, y))
			p[k++] = (astar_point){x, y};
	}
	return k;
}

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(a) > 1 ? fabs(a) : 1);
}

/* Replays r's path on g: legal steps from `from` to `to`, costing
 * r->cost.  Returns 1 when it holds. */
static int replay(const ref_grid *g, astar_diagonal pol, int wx, int wy,
                  const astar_result *r, astar_point from, astar_point to)
{
	double sum = 0.0;

	if (r->path_len == 0 || r->path[0].x != from.x ||
	    r->path[0].y != from.y || r->path[r->path_len - 1].x != to.x ||
	    r->path[r->path_len - 1].y != to.y)
		return 0;
	for (size_t k = 1; k < r->path_len; k++) {
		astar_point a = r->path[k - 1], b = r->path[k];
		double step = INFINITY; /* the cheapest step from a to b: on
		                           a grid 1 or 2 wide several join them */
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int nx, ny;
				double c;
				if (!ref_wrap_legal(g, pol, wx, wy, a.x, a.y, dx,
				                    dy, &nx, &ny) ||
				    nx != b.x || ny != b.y)
					continue;
				c = ref_cost(g, nx, ny) *
				    (dx && dy ? sqrt(2.0) : 1.0);
				if (c < step)
					step = c;
			}
		if (isinf(step))
			return 0;
		sum += step;
	}
	return near(sum, r->cost);
}

/* The reference's costs from each of n points (n * cells doubles and
 * exact costs), on w's grid with its wrapping. */
static void ref_each(const world *w, astar_diagonal pol, const astar_point *p,
                     int n, double *dist)
{
	size_t cells = (size_t)w->ref.w * w->ref.h;

	for (int k = 0; k < n; k++)
		ref_flood(&w->ref, pol, w->wx, w->wy, &p[k].x, &p[k].y, 1,
		          dist + k * cells, NULL);
}

static astar_wrap wrap_of(int wx, int wy)
{
	return wx && wy ? ASTAR_WRAP_XY
	       : wx     ? ASTAR_WRAP_X
	       : wy     ? ASTAR_WRAP_Y
	                : ASTAR_WRAP_NONE;
}

/* r's end is its path's last cell, and the query again under
 * options.no_path gives everything r says but the cells, and no cells. */
static void many_no_path(astar_ctx *ctx, world *w, const astar_point *st,
                         int ns, const astar_point *go, int ng,
                         astar_options o, const astar_result *r)
{
	astar_result a = *r, b;
	astar_status rc;

	CHECK(a.path != NULL && a.path_len > 0 &&
	              a.path[a.path_len - 1].x == a.end.x &&
	              a.path[a.path_len - 1].y == a.end.y,
	      "the end (%d, %d) is not the path's last cell", a.end.x,
	      a.end.y);
	o.no_path = 1;
	rc = astar_search_many(ctx, w->grid, st, (size_t)ns, go, (size_t)ng, &o,
	                       &b);
	CHECK(rc == ASTAR_OK && b.found == a.found &&
	              b.reached_goal == a.reached_goal &&
	              memcmp(&b.cost, &a.cost, sizeof a.cost) == 0 &&
	              b.path_len == a.path_len && b.end.x == a.end.x &&
	              b.end.y == a.end.y && b.start_index == a.start_index &&
	              b.goal_index == a.goal_index &&
	              b.expanded == a.expanded && b.generated == a.generated,
	      "no_path: status %d cost %.17g len %zu goal %zu, without it "
	      "%.17g %zu %zu", rc, b.cost, b.path_len, b.goal_index, a.cost,
	      a.path_len, a.goal_index);
	CHECK(b.path == NULL, "no_path: the path's cells were listed");
}

/* One several-goals query of w against the single-pair costs. */
static void goals_case(astar_ctx *ctx, world *w, uint64_t *s,
                       astar_diagonal pol, astar_algorithm algo)
{
	astar_point st[3], go[24];
	static double dist[3 * MAXC];
	int ns = open_cells(&w->ref, s, st, 1 + rng_int(s, 3));
	int ng = open_cells(&w->ref, s, go, rng_int(s, 4) ? 1 + rng_int(s, 5)
	                                                  : 24);
	double best = INFINITY;
	int bg = -1;
	astar_options o;
	astar_result r;
	astar_status rc;
	size_t cells = (size_t)w->ref.w * w->ref.h;

	if (ns == 0 || ng == 0)
		return;
	astar_options_init(&o);
	o.diagonal = pol;
	o.algorithm = algo;
	o.wrap = wrap_of(w->wx, w->wy);
	ref_each(w, pol, st, ns, dist);
	for (int g = 0; g < ng; g++)
		for (int k = 0; k < ns; k++) {
			double d = dist[k * cells + go[g].y * w->ref.w + go[g].x];
			if (isfinite(d) && (bg < 0 || (d < best && !near(d, best)))) {
				best = d;
				bg = g;
			}
		}
	check_begin("many goals seed %llu %s %s: %d starts %d goals",
	            (unsigned long long)w->seed, diag_name(pol),
	            algo == ASTAR_ALGO_JPS ? "jps" : algo_name(algo), ns, ng);
	check_context(world_dump, w);
	rc = astar_search_many(ctx, w->grid, st, (size_t)ns, go, (size_t)ng, &o,
	                       &r);
	CHECK(rc == ASTAR_OK, "status %d", rc);
	CHECK(r.found == (bg >= 0), "found %d, reference %d", r.found, bg >= 0);
	if (rc != ASTAR_OK || !r.found || bg < 0)
		return;
	CHECK(near(r.cost, best), "cost %.12g, least single %.12g", r.cost,
	      best);
	CHECK(r.goal_index == (size_t)bg, "goal_index %zu, first least %d",
	      r.goal_index, bg);
	CHECK(r.start_index < (size_t)ns &&
	              near(dist[r.start_index * cells +
	                        go[r.goal_index].y * w->ref.w +
	                        go[r.goal_index].x],
	                   r.cost),
	      "start_index %zu does not give the cost", r.start_index);
	CHECK(replay(&w->ref, pol, w->wx, w->wy, &r, st[r.start_index],
	             go[r.goal_index]),
	      "the path is not a legal path of its cost");
	many_no_path(ctx, w, st, ns, go, ng, o, &r);
}

static void test_goals(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 300; seed++) {
		world w;
		uint64_t s = seed * 7919;

		memset(&w, 0, sizeof w);
		world_make(&w, seed, seed % 2);
		for (int pol = 0; pol < 4; pol++) {
			goals_case(ctx, &w, &s, pol, ASTAR_ALGO_ASTAR);
			goals_case(ctx, &w, &s, pol, ASTAR_ALGO_DIJKSTRA);
			if (seed % 2 == 0 && (pol == ASTAR_DIAG_NEVER ||
			                      pol == ASTAR_DIAG_NO_OBSTACLES))
				goals_case(ctx, &w, &s, pol, ASTAR_ALGO_JPS);
			w.wx = (int)(seed % 3 == 1);
			w.wy = (int)(seed % 5 == 1);
			goals_case(ctx, &w, &s, pol, ASTAR_ALGO_ASTAR);
			w.wx = w.wy = 0;
		}
		astar_grid_free(w.grid);
	}
	astar_ctx_free(ctx);
}

/* Walks the flow field from (x, y): legal steps to a cell whose cost
 * is 0.  *sum is the walk's cost taken the other way, from the source
 * (each step costing the cell it leaves here), which is what the map
 * holds.  Returns 1 when it gets there. */
static int follow(const world *w, astar_diagonal pol,
                  const astar_flood_result *f, int x, int y, double *sum)
{
	*sum = 0.0;
	for (int steps = 0; steps <= w->ref.w * w->ref.h; steps++) {
		int code = f->flow[y * w->ref.w + x], nx, ny;
		int dx = astar_flow_dx(code), dy = astar_flow_dy(code);

		if (code == ASTAR_FLOW_NONE)
			return f->dist[y * w->ref.w + x] == 0.0;
		if (!ref_wrap_legal(&w->ref, pol, w->wx, w->wy, x, y, dx, dy,
		                    &nx, &ny))
			return 0;
		*sum += ref_cost(&w->ref, x, y) * (dx && dy ? sqrt(2.0) : 1);
		x = nx;
		y = ny;
	}
	return 0;
}

/* Every cell of the map f holds the reference's cost (-1 where none
 * reaches), and from every reached cell the flow field walks legal
 * steps to a source at that cost. */
static void flood_check_map(const world *w, astar_diagonal pol,
                            const astar_flood_result *f, const double *dist)
{
	for (int y = 0; y < w->ref.h; y++)
		for (int x = 0; x < w->ref.w; x++) {
			double d = f->dist[y * w->ref.w + x];
			double want = dist[y * w->ref.w + x];
			double sum;
			if (!CHECK(isfinite(want) ? near(d, want) : d == -1.0,
			           "(%d,%d): %.12g, reference %.12g", x, y, d,
			           want))
				continue;
			if (isfinite(want))
				CHECK(follow(w, pol, f, x, y, &sum) &&
				              near(sum, d),
				      "(%d,%d): the flow does not walk to a "
				      "source at %.12g",
				      x, y, d);
		}
}

/* A single-pair search from the n sources to each open cell finds the
 * mapped cost (or none); the map is copied first, as the search reuses
 * the context that holds it. */
static void flood_check_searches(astar_ctx *ctx, const world *w,
                                 const astar_point *src, int n,
                                 const astar_options *o,
                                 const astar_flood_result *f)
{
	static double mapped[MAXC];

	memcpy(mapped, f->dist, (size_t)w->ref.w * w->ref.h * sizeof *mapped);
	for (int y = 0; y < w->ref.h; y++)
		for (int x = 0; x < w->ref.w; x++) {
			astar_point t = {x, y};
			astar_result r;
			double d = mapped[y * w->ref.w + x];
			astar_status rc;
			if (!ref_open(&w->ref, x, y))
				continue;
			rc = astar_search_many(ctx, w->grid, src, (size_t)n, &t,
			                       1, o, &r);
			CHECK(rc == ASTAR_OK && r.found == (d >= 0) &&
			              (!r.found || near(r.cost, d)),
			      "(%d,%d): search %d found %d cost %.12g, "
			      "map %.12g",
			      x, y, rc, r.found, r.cost, d);
		}
}

/* One distance map of w from random sources against the reference, a
 * single-pair search per cell and the flow field's walks. */
static void flood_case(astar_ctx *ctx, world *w, uint64_t *s,
                       astar_diagonal pol)
{
	astar_point src[3];
	int sx[3], sy[3];
	static double dist[MAXC];
	int n = open_cells(&w->ref, s, src, 1 + rng_int(s, 3));
	astar_options o;
	astar_flood_result f;
	astar_status rc;

	if (n == 0)
		return;
	for (int k = 0; k < n; k++) {
		sx[k] = src[k].x;
		sy[k] = src[k].y;
	}
	astar_options_init(&o);
	o.diagonal = pol;
	o.wrap = wrap_of(w->wx, w->wy);
	ref_flood(&w->ref, pol, w->wx, w->wy, sx, sy, n, dist, NULL);
	check_begin("flood seed %llu %s wrap %d%d: %d sources",
	            (unsigned long long)w->seed, diag_name(pol), w->wx, w->wy,
	            n);
	check_context(world_dump, w);
	rc = astar_flood(ctx, w->grid, src, (size_t)n, &o, &f);
	CHECK(rc == ASTAR_OK, "status %d", rc);
	if (rc != ASTAR_OK)
		return;
	CHECK(f.width == w->ref.w && f.height == w->ref.h, "size %dx%d",
	      f.width, f.height);
	flood_check_map(w, pol, &f, dist);
	flood_check_searches(ctx, w, src, n, &o, &f);
}

static void test_flood(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 200; seed++) {
		world w;
		uint64_t s = seed * 104729;

		memset(&w, 0, sizeof w);
		world_make(&w, seed, seed % 2);
		for (int pol = 0; pol < 4; pol++) {
			w.wx = rng_int(&s, 2);
			w.wy = rng_int(&s, 2);
			flood_case(ctx, &w, &s, pol);
		}
		astar_grid_free(w.grid);
	}
	astar_ctx_free(ctx);
}

/* Uniform grids (one cell cost, 1 to 9) that do not wrap, the flood's
 * fast path, against the reference and single-pair searches under every
 * policy. */
static void test_flood_uniform(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 120; seed++) {
		world w;
		uint64_t s = seed * 7919;
		uint8_t c = (uint8_t)(1 + rng_int(&s, 9));

		memset(&w, 0, sizeof w);
		world_make(&w, seed, 0);
		for (int i = 0; i < w.ref.w * w.ref.h; i++)
			if (w.cost[i] != 0) {
				w.cost[i] = c;
				astar_grid_set(w.grid, i % w.ref.w,
				               i / w.ref.w, c);
			}
		for (int pol = 0; pol < 4; pol++)
			flood_case(ctx, &w, &s, pol);
		astar_grid_free(w.grid);
	}
	astar_ctx_free(ctx);
}

/* Whether cell (x, y) of a shaped grid (see uniform_pair) is a wall:
 * shape 0 random walls, 1 an open field with a few, 2 corridors (wall
 * rows with gaps, and some columns), 3 rooms (open, with rectangles of
 * wall), where a flood's shortcuts around walls and its ties count. */
static int shaped_wall(uint64_t *s, int shape, int block, int x, int y)
{
	switch (shape) {
	case 1:
		return rng_int(s, 100) < block / 8;
	case 2:
		return (y % 3 == 1 && rng_int(s, 100) < 90) ||
		       (x % 7 == 3 && rng_int(s, 100) < block);
	default:
		return rng_int(s, 100) < block;
	}
}

/* Walls of rooms: a few rectangles on an open grid. */
static void shaped_rooms(uint64_t *s, astar_grid *u, astar_grid *g, int w,
                         int h)
{
	for (int r = rng_int(s, 6); r > 0; r--) {
		int x0 = rng_int(s, w), y0 = rng_int(s, h);
		int x1 = x0 + rng_int(s, 8), y1 = y0 + rng_int(s, 8);
		for (int y = y0; y <= y1 && y < h; y++)
			for (int x = x0; x <= x1 && x < w; x++) {
				astar_grid_set(u, x, y, 0);
				astar_grid_set(g, x, y, 0);
			}
	}
}

/* A source: anywhere, or on a border, or beside a wall. */
static int shaped_source(uint64_t *s, const astar_grid *u, int w, int h,
                         astar_point *p)
{
	int kind = rng_int(s, 3);

	p->x = rng_int(s, w);
	p->y = rng_int(s, h);
	if (kind == 1) {
		if (rng_int(s, 2))
			p->x = rng_int(s, 2) ? 0 : w - 1;
		else
			p->y = rng_int(s, 2) ? 0 : h - 1;
	}
	if (astar_grid_get(u, p->x, p->y) == 0)
		return 0;
	if (kind == 2) { /* beside a wall or a border: one of 8 blocked */
		for (int d = 0; d < 9; d++)
			if (d == 8 ||
			    !astar_grid_contains(u, p->x + d % 3 - 1,
			                         p->y + d / 3 - 1) ||
			    astar_grid_get(u, p->x + d % 3 - 1,
			                   p->y + d / 3 - 1) == 0)
				return d < 8;
	}
	return 1;
}

/* A uniform grid (up to 60 x 60 random, up to 110 x 110 shaped: big
 * enough that the open lists grow) and the same with a walled-off cell
 * of another cost beside it, which sends the flood down the general
 * path: the two maps agree bit for bit, flow, counts and ties between
 * sources included. */
static void uniform_pair(astar_ctx *ctx, uint64_t seed, astar_diagonal pol,
                         int shape)
{
	uint64_t s = seed;
	int big = shape == 0 ? 60 : 110;
	int w = 1 + rng_int(&s, big), h = 1 + rng_int(&s, big);
	int block = rng_int(&s, 40), n = 1 + rng_int(&s, 4), k = 0;
	uint8_t c = (uint8_t)(1 + rng_int(&s, 255));
	astar_grid *u = astar_grid_new(w, h, NULL);
	astar_grid *g = astar_grid_new(w + 2, h, NULL);
	astar_point src[4];
	astar_options o;
	astar_flood_result fu, fg;
	double *dist = malloc((size_t)w * h * sizeof *dist);
	uint8_t *flow = malloc((size_t)w * h);
	int same = 1;

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			uint8_t v = shaped_wall(&s, shape, block, x, y) ? 0 : c;
			astar_grid_set(u, x, y, v);
			astar_grid_set(g, x, y, v);
		}
	if (shape == 3)
		shaped_rooms(&s, u, g, w, h);
	astar_grid_set(g, w + 1, 0, c == 255 ? 254 : (uint8_t)(c + 1));
	for (int t = 0; k < n && t < 100; t++)
		k += shaped_source(&s, u, w, h, &src[k]);
	astar_options_init(&o);
	o.diagonal = pol;
	check_begin("uniform flood seed %llu %s shape %d: %dx%d cost %d, "
	            "%d sources",
	            (unsigned long long)seed, diag_name(pol), shape, w, h, c,
	            k);
	if (k > 0 && CHECK(astar_flood(ctx, u, src, (size_t)k, &o, &fu) ==
	                           ASTAR_OK, "uniform flood")) {
		memcpy(dist, fu.dist, (size_t)w * h * sizeof *dist);
		memcpy(flow, fu.flow, (size_t)w * h);
		if (CHECK(astar_flood(ctx, g, src, (size_t)k, &o, &fg) ==
		                  ASTAR_OK, "general flood")) {
			for (int y = 0; y < h; y++)
				for (int x = 0; x < w; x++)
					same &= memcmp(&dist[y * w + x],
					               &fg.dist[y * (w + 2) + x],
					               sizeof *dist) == 0 &&
					        flow[y * w + x] ==
					                fg.flow[y * (w + 2) + x];
			CHECK(same && fu.reached == fg.reached &&
			              fu.expanded == fg.expanded,
			      "maps differ (same %d), reached %zu and %zu, "
			      "expanded %llu and %llu", same, fu.reached,
			      fg.reached, (unsigned long long)fu.expanded,
			      (unsigned long long)fg.expanded);
		}
	}
	free(dist);
	free(flow);
	astar_grid_free(u);
	astar_grid_free(g);
}

static void test_flood_paths(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 150; seed++)
		for (int pol = 0; pol < 4; pol++)
			for (int shape = 0; shape < 4; shape++)
				uniform_pair(ctx,
				             seed * 65537 + (uint64_t)pol +
				                     (uint64_t)shape * 7919,
				             pol, shape);
	astar_ctx_free(ctx);
}

/* A size-N agent on w: the library's footprint grid is the rule's, and
 * its searches are the reference's searches of that grid. */
static void size_case(astar_ctx *ctx, world *w, uint64_t *s, int size,
                      astar_diagonal pol, astar_algorithm algo)
{
	static uint8_t fcost[MAXC];
	static double dist[MAXC];
	ref_grid fp = {0, 0, fcost};
	astar_point p[2];
	astar_options o;
	astar_result r;
	astar_status rc;
	astar_grid *lib;

	ref_footprint(&w->ref, size, w->wx, w->wy, &fp);
	check_begin("size %d seed %llu %s %s wrap %d%d", size,
	            (unsigned long long)w->seed, diag_name(pol),
	            algo == ASTAR_ALGO_JPS ? "jps" : algo_name(algo), w->wx,
	            w->wy);
	check_context(world_dump, w);
	lib = astar_grid_footprint(w->grid, size, wrap_of(w->wx, w->wy), &rc);
	CHECK(lib != NULL, "footprint status %d", rc);
	for (int y = 0; lib && y < w->ref.h; y++)
		for (int x = 0; x < w->ref.w; x++)
			CHECK(astar_grid_get(lib, x, y) == fcost[y * w->ref.w + x],
			      "footprint (%d,%d): %d, rule %d", x, y,
			      astar_grid_get(lib, x, y), fcost[y * w->ref.w + x]);
	astar_grid_free(lib);
	if (open_cells(&fp, s, p, 2) < 2)
		return;
	astar_options_init(&o);
	o.diagonal = pol;
	o.algorithm = algo;
	o.size = size;
	o.wrap = wrap_of(w->wx, w->wy);
	ref_flood(&fp, pol, w->wx, w->wy, &p[0].x, &p[0].y, 1, dist, NULL);
	rc = astar_search(ctx, w->grid, p[0], p[1], &o, &r);
	CHECK(rc == ASTAR_OK, "status %d", rc);
	{
		double want = dist[p[1].y * w->ref.w + p[1].x];
		CHECK(r.found == isfinite(want) && (!r.found || near(r.cost, want)),
		      "(%d,%d)->(%d,%d): found %d cost %.12g, derived grid %.12g",
		      p[0].x, p[0].y, p[1].x, p[1].y, r.found, r.cost, want);
		if (r.found)
			CHECK(replay(&fp, pol, w->wx, w->wy, &r, p[0], p[1]),
			      "the path is not a legal path of the derived grid");
	}
}

static void test_size(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 300; seed++) {
		world w;
		uint64_t s = seed * 15485863;
		int size = 2 + rng_int(&s, 3);

		memset(&w, 0, sizeof w);
		world_make(&w, seed, seed % 2);
		w.wx = seed % 4 == 1;
		w.wy = seed % 6 == 1;
		for (int pol = 0; pol < 4; pol++) {
			size_case(ctx, &w, &s, size, pol, ASTAR_ALGO_ASTAR);
			size_case(ctx, &w, &s, size, pol, ASTAR_ALGO_DIJKSTRA);
			if (seed % 2 == 0 && !w.wx && !w.wy &&
			    (pol == ASTAR_DIAG_NEVER ||
			     pol == ASTAR_DIAG_NO_OBSTACLES))
				size_case(ctx, &w, &s, size, pol, ASTAR_ALGO_JPS);
		}
		astar_grid_free(w.grid);
	}
	astar_ctx_free(ctx);
}

/* Searches of wrapped grids under every admissible heuristic. */
static void test_wrap(void)
{
	astar_ctx *ctx = astar_ctx_new();
	static double dist[MAXC];

	for (uint64_t seed = 1; seed <= 300; seed++) {
		world w;
		uint64_t s = seed * 2654435761u;

		memset(&w, 0, sizeof w);
		world_make(&w, seed, seed % 2);
		w.wx = seed % 3 != 1; /* x, y, then both */
		w.wy = seed % 3 != 0;
		for (int pol = 0; pol < 4; pol++)
			for (int h = 0; h <= ASTAR_H_ZERO; h++) {
				astar_point p[2];
				astar_options o;
				astar_result r;
				astar_status rc;
				double want;

				if (!astar_heuristic_admissible(h, pol) ||
				    open_cells(&w.ref, &s, p, 2) < 2)
					continue;
				astar_options_init(&o);
				o.diagonal = pol;
				o.heuristic = h;
				o.wrap = wrap_of(w.wx, w.wy);
				ref_flood(&w.ref, pol, w.wx, w.wy, &p[0].x,
				          &p[0].y, 1, dist, NULL);
				want = dist[p[1].y * w.ref.w + p[1].x];
				check_begin("wrap %d%d seed %llu %s %s", w.wx,
				            w.wy, (unsigned long long)seed,
				            diag_name(pol), heur_name(h));
				check_context(world_dump, &w);
				rc = astar_search(ctx, w.grid, p[0], p[1], &o, &r);
				CHECK(rc == ASTAR_OK, "status %d", rc);
				CHECK(r.found == isfinite(want) &&
				              (!r.found || near(r.cost, want)),
				      "(%d,%d)->(%d,%d): found %d cost %.12g, "
				      "reference %.12g", p[0].x, p[0].y, p[1].x,
				      p[1].y, r.found, r.cost, want);
				if (r.found)
					CHECK(replay(&w.ref, pol, w.wx, w.wy, &r,
					             p[0], p[1]),
					      "the path is not legal");
			}
		astar_grid_free(w.grid);
	}
	astar_ctx_free(ctx);
}

/* The region of open cell c = (x, y), by the reference's flood from
 * it: its cells are marked seen, and every open cell has c's label
 * exactly when the flood reaches it. */
static void regions_check_one(const world *w, astar_diagonal pol,
                              const uint32_t *lab, int c, int *seen)
{
	static double dist[MAXC];
	int cells = w->ref.w * w->ref.h;
	int x = c % w->ref.w, y = c / w->ref.w;

	ref_flood(&w->ref, pol, w->wx, w->wy, &x, &y, 1, dist, NULL);
	for (int k = 0; k < cells; k++) {
		if (isfinite(dist[k]))
			seen[k] = 1;
		if (ref_open(&w->ref, k % w->ref.w, k / w->ref.w))
			CHECK((lab[k] == lab[c]) == !!isfinite(dist[k]),
			      "(%d,%d) and (%d,%d): labels %u %u", x, y,
			      k % w->ref.w, k / w->ref.w, lab[c], lab[k]);
	}
}

/* The regions of w under one diagonal policy: blocked cells have label
 * 0, each region not yet seen is checked from its first open cell, and
 * the count is the number of such cells. */
static void regions_case(astar_ctx *ctx, world *w, astar_diagonal pol)
{
	static int seen[MAXC];
	const uint32_t *lab;
	size_t count, want = 0;
	astar_options o;
	astar_status rc;
	int cells = w->ref.w * w->ref.h;

	astar_options_init(&o);
	o.diagonal = pol;
	o.wrap = wrap_of(w->wx, w->wy);
	check_begin("regions seed %llu %s wrap %d%d",
	            (unsigned long long)w->seed, diag_name(pol), w->wx, w->wy);
	check_context(world_dump, w);
	rc = astar_regions(ctx, w->grid, &o, &count, &lab);
	CHECK(rc == ASTAR_OK, "status %d", rc);
	if (rc != ASTAR_OK)
		return;
	memset(seen, 0, sizeof seen);
	for (int c = 0; c < cells; c++) {
		int x = c % w->ref.w, y = c / w->ref.w;
		if (!ref_open(&w->ref, x, y)) {
			CHECK(lab[c] == 0, "(%d,%d) blocked, label %u", x, y,
			      lab[c]);
			continue;
		}
		if (seen[c])
			continue;
		want++;
		regions_check_one(w, pol, lab, c, seen);
	}
	CHECK(count == want, "%zu regions, reference %zu", count, want);
}

/* Region counts and labels against the reference's reachability. */
static void test_regions(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 200; seed++) {
		world w;

		memset(&w, 0, sizeof w);
		world_make(&w, seed, seed % 2);
		w.wx = seed % 3 == 1;
		w.wy = seed % 4 == 1;
		for (int pol = 0; pol < 4; pol++)
			regions_case(ctx, &w, pol);
		astar_grid_free(w.grid);
	}
	astar_ctx_free(ctx);
}

/* No starts, no goals, a goal outside, blocked ends: refused by the
 * several-goals search and by the flood, under the default options. */
static void status_bad_ends(astar_ctx *ctx, astar_grid *g)
{
	astar_point a = {0, 0}, b = {3, 2}, blocked = {1, 1}, out = {4, 0};
	astar_point two[2] = {{0, 0}, {3, 2}};
	astar_options o;
	astar_result r;
	astar_flood_result f;

	astar_options_init(&o);
	CHECK(astar_search_many(ctx, g, &a, 0, &b, 1, &o, &r) == ASTAR_EINVAL,
	      "no starts");
	CHECK(astar_search_many(ctx, g, &a, 1, &b, 0, &o, &r) == ASTAR_EINVAL,
	      "no goals");
	CHECK(astar_search_many(ctx, g, &a, 1, &out, 1, &o, &r) == ASTAR_ERANGE,
	      "goal outside");
	CHECK(astar_search_many(ctx, g, two, 2, &blocked, 1, &o, &r) ==
	              ASTAR_EGOAL_BLOCKED,
	      "goal blocked");
	CHECK(astar_search_many(ctx, g, &blocked, 1, two, 2, &o, &r) ==
	              ASTAR_ESTART_BLOCKED,
	      "start blocked");
	CHECK(astar_flood(ctx, g, &a, 0, &o, &f) == ASTAR_EINVAL,
	      "flood without sources");
	CHECK(astar_flood(ctx, g, &blocked, 1, &o, &f) == ASTAR_ESTART_BLOCKED,
	      "flood from a blocked cell");
}

/* A flood is by Dijkstra's order: JPS and greedy search are refused. */
static void status_flood_algorithms(astar_ctx *ctx, astar_grid *g)
{
	astar_point a = {0, 0};
	astar_options o;
	astar_flood_result f;

	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_JPS;
	CHECK(astar_flood(ctx, g, &a, 1, &o, &f) == ASTAR_EUNSUPPORTED,
	      "flood by JPS");
	o.algorithm = ASTAR_ALGO_GREEDY;
	CHECK(astar_flood(ctx, g, &a, 1, &o, &f) == ASTAR_EUNSUPPORTED,
	      "flood by greedy search");
}

/* What a wrapping grid does not support (JPS, --adjacent), a wrap out
 * of range, a negative agent size and a footprint of size 0. */
static void status_wrap_and_size(astar_ctx *ctx, astar_grid *g)
{
	astar_point a = {0, 0}, b = {3, 2};
	astar_options o;
	astar_result r;
	size_t n;
	astar_status rc;

	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_JPS;
	o.wrap = ASTAR_WRAP_X;
	rc = astar_search(ctx, g, a, b, &o, &r);
	CHECK(rc == ASTAR_EUNSUPPORTED, "JPS on a wrapping grid: %d", rc);
	CHECK(!astar_supported(g, &o), "astar_supported says JPS wraps");
	o.algorithm = ASTAR_ALGO_ASTAR;
	o.adjacent = 1;
	CHECK(astar_search(ctx, g, a, b, &o, &r) == ASTAR_EUNSUPPORTED,
	      "adjacent on a wrapping grid");
	o.adjacent = 0;
	o.wrap = 7;
	CHECK(astar_search(ctx, g, a, b, &o, &r) == ASTAR_EINVAL,
	      "wrap out of range");
	o.wrap = ASTAR_WRAP_NONE;
	o.size = -1;
	CHECK(astar_regions(ctx, g, &o, &n, NULL) == ASTAR_EINVAL,
	      "negative size");
	CHECK(astar_grid_footprint(g, 0, ASTAR_WRAP_NONE, &rc) == NULL &&
	              rc == ASTAR_EINVAL,
	      "footprint of size 0");
}

/* Wrapped: (0,0) to (3,2) is one diagonal step across both borders. */
static void status_across_borders(astar_ctx *ctx, astar_grid *g)
{
	astar_point a = {0, 0}, b = {3, 2};
	astar_options o;
	astar_result r;
	astar_status rc;

	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_ALWAYS;
	o.wrap = ASTAR_WRAP_XY;
	rc = astar_search(ctx, g, a, b, &o, &r);
	CHECK(rc == ASTAR_OK && r.found && r.path_len == 2 &&
	              fabs(r.cost - sqrt(2.0)) < 1e-12,
	      "across both borders: %d found %d len %zu cost %g", rc, r.found,
	      r.path_len, r.cost);
}

/* The nearest goal wins; ties go to the goal given first (both goals
 * of the second query are 3 steps away). */
static void status_goal_ties(astar_ctx *ctx, astar_grid *g)
{
	astar_point goals[2] = {{3, 0}, {0, 2}}, mid = {0, 0};
	astar_point goals2[3] = {{3, 1}, {0, 2}, {3, 0}};
	astar_options o;
	astar_result r;
	astar_status rc;

	astar_options_init(&o);
	rc = astar_search_many(ctx, g, &mid, 1, goals2, 3, &o, &r);
	CHECK(rc == ASTAR_OK && r.goal_index == 1 && r.cost == 2.0,
	      "nearest goal: %d index %zu cost %g", rc, r.goal_index, r.cost);
	goals[1] = (astar_point){2, 1};
	rc = astar_search_many(ctx, g, &mid, 1, goals, 2, &o, &r);
	CHECK(rc == ASTAR_OK && r.goal_index == 0 && r.cost == 3.0,
	      "tie: %d index %zu cost %g", rc, r.goal_index, r.cost);
}

/* The statuses of bad calls, and two small answers, on one 4x3 grid of
 * cost 1 with (1,1) blocked; one case.  Each helper starts from the
 * default options, so no setting leaks from one kind to the next. */
static void test_status(void)
{
	astar_ctx *ctx = astar_ctx_new();
	astar_grid *g = astar_grid_new(4, 3, NULL);

	for (int y = 0; y < 3; y++)
		for (int x = 0; x < 4; x++)
			astar_grid_set(g, x, y, x == 1 && y == 1 ? 0 : 1);
	check_begin("one-to-many statuses");
	status_bad_ends(ctx, g);
	status_flood_algorithms(ctx, g);
	status_wrap_and_size(ctx, g);
	status_across_borders(ctx, g);
	status_goal_ties(ctx, g);
	astar_grid_free(g);
	astar_ctx_free(ctx);
}

void test_many(void)
{
	test_status();
	test_goals();
	test_flood();
	test_flood_uniform();
	test_flood_paths();
	test_size();
	test_wrap();
	test_regions();
}
