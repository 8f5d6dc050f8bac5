/*
 * test_choose.c - astar_choose and astar_grid_corners (the library side
 * of --algorithm=auto).
 *
 * Small crafted grids whose corner counts are known by hand: one pillar,
 * a wall, an open grid, the grid's border (which makes no corner).  Then
 * the choice: JPS on open grids, walls and rooms, A* on a dense scatter
 * of single blocked cells, and never JPS where it does not apply
 * (terrain costs, the always and at-most-one-obstacle policies, another
 * heuristic, a weight, wrapping, an agent of several cells).  A context
 * keeps its judgement only while the grid is unchanged.  Last, the
 * property: on seeded random grids, scattered or walled, under every
 * policy and with terrain, a search with the algorithm astar_choose
 * picks costs what the reference Dijkstra says.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "astar.h"
#include "check.h"
#include "reference.h"
#include "rng.h"
#include "unit.h"

#define CHOOSE_GRIDS 300
#define CHOOSE_SEED  0xC4005E00ULL

static astar_grid *open_grid(int w, int h)
{
	astar_status st;
	astar_grid *g = astar_grid_new(w, h, &st);

	for (int y = 0; g != NULL && y < h; y++)
		for (int x = 0; x < w; x++)
			astar_grid_set(g, x, y, 1);
	return g;
}

static void corners_of(const astar_grid *g, uint32_t want_open,
                       uint32_t want_blocked, const char *what)
{
	uint32_t po = 7, pb = 7;

	astar_grid_corners(g, &po, &pb);
	CHECK(po == want_open, "%s: per open %u, want %u", what, po, want_open);
	CHECK(pb == want_blocked, "%s: per blocked %u, want %u", what, pb,
	      want_blocked);
}

/* Corner counts known by hand. */
static void test_counts(void)
{
	astar_grid *g = open_grid(5, 5);

	check_begin("choose: corner counts");
	corners_of(g, 0, 0, "open 5x5");
	/* One pillar in the middle: its four diagonal neighbours are
	 * corners (24 open cells), and it makes four of them. */
	astar_grid_set(g, 2, 2, 0);
	corners_of(g, 166667, 4000000, "pillar");
	/* A wall across row 2: no open cell has a blocked diagonal with
	 * both sides open (the sides toward the wall are wall). */
	for (int x = 0; x < 5; x++)
		astar_grid_set(g, x, 2, 0);
	corners_of(g, 0, 0, "wall");
	/* A wall with a gap at x = 2: the cells just above and below the
	 * gap, each at two wall ends (21 open cells, 4 blocked). */
	astar_grid_set(g, 2, 2, 1);
	corners_of(g, 95238, 500000, "gap");
	astar_grid_free(g);
	g = open_grid(1, 1);
	astar_grid_set(g, 0, 0, 0);
	corners_of(g, 0, 0, "no open cell");
	astar_grid_free(g);
	check_end();
}

/* A grid of w x h with a single blocked cell every `every` cells of
 * every `every`-th row and column (a regular scatter). */
static astar_grid *scatter(int w, int h, int every)
{
	astar_grid *g = open_grid(w, h);

	for (int y = 1; y < h; y += every)
		for (int x = 1; x < w; x += every)
			astar_grid_set(g, x, y, 0);
	return g;
}

/* Rooms: walls every 10 cells, each with a door. */
static astar_grid *rooms(int w, int h)
{
	astar_grid *g = open_grid(w, h);

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			if ((x % 10 == 9 && y % 10 != 4) ||
			    (y % 10 == 9 && x % 10 != 4))
				astar_grid_set(g, x, y, 0);
	return g;
}

static astar_options eight(void)
{
	astar_options o;

	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	return o;
}

#define PICKS(g, o, want, what)                                           \
	CHECK(astar_choose(NULL, (g), &(o)) == (want), "%s: picked %d", \
	      (what), (int)astar_choose(NULL, (g), &(o)))

/* What it picks, and that it never picks JPS where JPS cannot run. */
static void test_picks(void)
{
	astar_grid *open = open_grid(40, 30), *sc = scatter(40, 30, 3);
	astar_grid *rm = rooms(40, 30);
	astar_options o = eight();

	check_begin("choose: picks");
	PICKS(open, o, ASTAR_ALGO_JPS, "open");
	PICKS(rm, o, ASTAR_ALGO_JPS, "rooms");
	PICKS(sc, o, ASTAR_ALGO_ASTAR, "scatter");
	o.diagonal = ASTAR_DIAG_NEVER;
	PICKS(rm, o, ASTAR_ALGO_JPS, "rooms, 4-connected");
	o.algorithm = ASTAR_ALGO_DIJKSTRA; /* the field is not asked */
	PICKS(rm, o, ASTAR_ALGO_JPS, "rooms, dijkstra asked");
	o = eight();
	o.diagonal = ASTAR_DIAG_ALWAYS;
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "always");
	o.diagonal = ASTAR_DIAG_ONE_OBSTACLE;
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "at most one obstacle");
	o = eight();
	o.heuristic = ASTAR_H_EUCLIDEAN;
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "euclidean");
	o = eight();
	o.weight = 2.0;
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "weight 2");
	o = eight();
	o.wrap = ASTAR_WRAP_X;
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "wrap");
	o = eight();
	o.size = 2;
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "size 2");
	o = eight();
	o.weight = 0.5;
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "invalid options");
	o = eight();
	astar_grid_set(rm, 0, 0, 3); /* terrain */
	PICKS(rm, o, ASTAR_ALGO_ASTAR, "terrain");
	astar_grid_free(open);
	astar_grid_free(sc);
	astar_grid_free(rm);
	check_end();
}

/* A context's judgement follows the grid's edits. */
static void test_ctx(void)
{
	astar_ctx *ctx = astar_ctx_new();
	astar_grid *g = open_grid(40, 30), *other = scatter(40, 30, 3);
	astar_options o = eight();

	check_begin("choose: context");
	CHECK(astar_choose(ctx, g, &o) == ASTAR_ALGO_JPS, "open");
	CHECK(astar_choose(ctx, other, &o) == ASTAR_ALGO_ASTAR, "other");
	CHECK(astar_choose(ctx, g, &o) == ASTAR_ALGO_JPS, "open again");
	for (int y = 1; y < 30; y += 3)
		for (int x = 1; x < 40; x += 3)
			astar_grid_set(g, x, y, 0);
	CHECK(astar_choose(ctx, g, &o) == ASTAR_ALGO_ASTAR, "edited");
	o.wrap = ASTAR_WRAP_Y;
	CHECK(astar_choose(ctx, other, &o) == ASTAR_ALGO_ASTAR, "wrap");
	astar_grid_free(g);
	astar_grid_free(other);
	astar_ctx_free(ctx);
	check_end();
}

/* A random grid: scattered cells (kind 0) or walls with doors (kind 1),
 * with terrain costs on one grid in four. */
static void fill(uint64_t *rs, ref_grid *r, astar_grid *g, int kind)
{
	int pct = 3 + rng_int(rs, 30), terrain = rng_int(rs, 4) == 0;

	for (int y = 0; y < r->h; y++)
		for (int x = 0; x < r->w; x++) {
			int blocked = kind == 0 ? rng_int(rs, 100) < pct
			                        : (x % 7 == 6 && y % 7 != 3) ||
			                                  (y % 7 == 6 &&
			                                   x % 7 != 3);
			int c = blocked ? 0 : terrain ? 1 + rng_int(rs, 5) : 1;
			r->cost[y * r->w + x] = (uint8_t)c;
			astar_grid_set(g, x, y, (uint8_t)c);
		}
}

/* One query of the property, against dist from the reference. */
static void one_query(astar_ctx *ctx, const astar_grid *g, const ref_grid *r,
                      astar_options *o, int sx, int sy, int tx, int ty,
                      const double *dist)
{
	astar_result res;
	astar_point s = {sx, sy}, t = {tx, ty};
	astar_status st = astar_search(ctx, g, s, t, o, &res);
	double want = dist[ty * r->w + tx];

	CHECK(st == ASTAR_OK, "status %d", (int)st);
	CHECK(res.found == !isinf(want), "found %d, want %g", res.found, want);
	if (res.found && !isinf(want))
		CHECK(fabs(res.cost - want) <= 1e-9 * (1.0 + want),
		      "cost %.12g, want %.12g (%s)", res.cost, want,
		      o->algorithm == ASTAR_ALGO_JPS ? "jps" : "astar");
}

static void test_property(void)
{
	static const astar_diagonal pols[] = {
		ASTAR_DIAG_NEVER, ASTAR_DIAG_ALWAYS, ASTAR_DIAG_ONE_OBSTACLE,
		ASTAR_DIAG_NO_OBSTACLES};
	astar_ctx *ctx = astar_ctx_new();
	int picked[2] = {0, 0};

	for (int k = 0; k < CHOOSE_GRIDS; k++) {
		uint64_t rs = CHOOSE_SEED + (uint64_t)k;
		ref_grid r;
		astar_status st;
		r.w = 8 + rng_int(&rs, 40);
		r.h = 8 + rng_int(&rs, 40);
		r.cost = malloc((size_t)r.w * (size_t)r.h);
		double *dist = malloc(sizeof *dist * (size_t)r.w * (size_t)r.h);
		astar_grid *g = astar_grid_new(r.w, r.h, &st);
		astar_options o;
		fill(&rs, &r, g, k % 2);
		astar_options_init(&o);
		o.diagonal = pols[rng_int(&rs, 4)];
		o.algorithm = astar_choose(ctx, g, &o);
		picked[o.algorithm == ASTAR_ALGO_JPS]++;
		check_begin("choose: grid %d (seed %llx)", k,
		            (unsigned long long)(CHOOSE_SEED + (uint64_t)k));
		for (int q = 0; q < 8; q++) {
			int sx = rng_int(&rs, r.w), sy = rng_int(&rs, r.h);
			int tx = rng_int(&rs, r.w), ty = rng_int(&rs, r.h);
			if (!ref_open(&r, sx, sy) || !ref_open(&r, tx, ty))
				continue;
			CHECK(ref_dijkstra(&r, o.diagonal, sx, sy, dist, NULL),
			      "reference out of memory");
			one_query(ctx, g, &r, &o, sx, sy, tx, ty, dist);
		}
		check_end();
		astar_grid_free(g);
		free(dist);
		free(r.cost);
	}
	/* Both picks were made, so both were compared. */
	CHECK(picked[0] > 20 && picked[1] > 20, "picked A* %d, JPS %d times",
	      picked[0], picked[1]);
	astar_ctx_free(ctx);
}

void test_choose(void)
{
	test_counts();
	test_picks();
	test_ctx();
	test_property();
}
