/*
 * test_landmarks.c - A* with landmarks (astar_options.landmarks) against
 * the reference Dijkstra (reference.c).
 *
 * Seeded property tests on random grids of every diagonal policy, of
 * uniform costs (1, or another single cost) and of terrain (costs 1..9
 * and 1..255), with 1 to 12 landmarks or the automatic choice, under the
 * default heuristic (on uniform costs the whole-number instance) or none
 * (the instance of doubles): every query's cost must equal the
 * reference's, a path must be found exactly when the reference reaches
 * the goal, and every path is replayed under the movement rules.  One
 * context serves many queries on a grid (its tables reused), then the
 * grid is changed in place, which must rebuild them; astar_prepare must
 * give the same answers as the first search building them.  Tables built
 * through a caller's loop (astar_prepare_on) and shared by another
 * context (astar_prepare_share) must search as a context's own, to the
 * expansion.  A winding corridor whose shortest paths take more steps
 * than the exact tables count (16 bits) must be searched as exactly.
 * The runner (main.c) runs it as the module "landmarks".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "names.h"
#include "reference.h"
#include "rng.h"
#include "unit.h"

#define N_GRIDS 700
#define QUERIES 6

/* A random grid: density of walls, and costs by kind (0 all 1, 1 all one
 * random cost, 2 costs 1..9, 3 costs 1..255). */
static void random_grid(ref_grid *g, uint64_t *r, int kind)
{
	int wall = rng_int(r, 45), one = 1 + rng_int(r, 9);

	g->w = 1 + rng_int(r, 40);
	g->h = 1 + rng_int(r, 40);
	g->cost = malloc((size_t)g->w * g->h);
	if (g->cost == NULL)
		exit(2);
	for (int i = 0; i < g->w * g->h; i++) {
		int c = kind == 0 ? 1 : kind == 1 ? one
		        : kind == 2               ? 1 + rng_int(r, 9)
		                                  : 1 + rng_int(r, 255);
		g->cost[i] = rng_int(r, 100) < wall ? 0 : (uint8_t)c;
	}
}

static astar_grid *lib_grid(const ref_grid *g)
{
	astar_grid *lg = astar_grid_new(g->w, g->h, NULL);

	if (lg == NULL)
		exit(2);
	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++)
			astar_grid_set(lg, x, y, g->cost[y * g->w + x]);
	return lg;
}

/* A random open cell into *p; 0 when none is open. */
static int open_cell(const ref_grid *g, uint64_t *r, astar_point *p)
{
	for (int tries = 0; tries < 200; tries++) {
		p->x = rng_int(r, g->w);
		p->y = rng_int(r, g->h);
		if (ref_open(g, p->x, p->y))
			return 1;
	}
	return 0;
}

/* Replays res's path under the rules; nonzero when legal from s to t at
 * its reported cost. */
static int path_ok(const ref_grid *g, astar_diagonal pol,
                   const astar_result *res, astar_point s, astar_point t)
{
	double sum = 0.0;

	if (res->path_len == 0 || res->path[0].x != s.x ||
	    res->path[0].y != s.y || res->path[res->path_len - 1].x != t.x ||
	    res->path[res->path_len - 1].y != t.y)
		return 0;
	for (size_t k = 1; k < res->path_len; k++) {
		int x = res->path[k - 1].x, y = res->path[k - 1].y;
		int dx = res->path[k].x - x, dy = res->path[k].y - y;
		if (dx < -1 || dx > 1 || dy < -1 || dy > 1 ||
		    (dx == 0 && dy == 0) ||
		    !ref_move_legal(g, pol, x, y, dx, dy, -1, -1))
			return 0;
		sum += ref_step_cost(g, x, y, dx, dy);
	}
	return fabs(sum - res->cost) <= 1e-9 * fmax(1.0, sum);
}

/* One query with landmarks against the reference distances dist from s. */
static void one_query(astar_ctx *ctx, const astar_grid *lg, const ref_grid *g,
                      const astar_options *o, astar_point s, astar_point t,
                      const double *dist, unsigned long long seed)
{
	astar_result res;
	astar_status st = astar_search(ctx, lg, s, t, o, &res);
	double want = dist[t.y * g->w + t.x];
	int reach = want != INFINITY;

	if (!CHECK(st == ASTAR_OK, "seed %llx: status %d", seed, (int)st))
		return;
	CHECK(res.found == reach, "seed %llx %s k=%d: found %d, reference %d",
	      seed, diag_name(o->diagonal), o->landmarks, res.found, reach);
	if (reach && res.found) {
		CHECK(fabs(res.cost - want) <= 1e-9 * fmax(1.0, want),
		      "seed %llx %s k=%d %d,%d->%d,%d: cost %.12g, reference "
		      "%.12g",
		      seed, diag_name(o->diagonal), o->landmarks, s.x, s.y, t.x,
		      t.y, res.cost, want);
		CHECK(path_ok(g, o->diagonal, &res, s, t),
		      "seed %llx: the path breaks the rules", seed);
	}
}

/* The queries of one grid, from random starts; then again after a cell
 * changed, on the same context. */
static void one_grid(astar_ctx *ctx, unsigned long long seed)
{
	uint64_t r = seed;
	ref_grid g;
	astar_options o;
	astar_grid *lg;
	double *dist;
	int k;

	random_grid(&g, &r, (int)(seed % 4));
	lg = lib_grid(&g);
	dist = malloc((size_t)g.w * g.h * sizeof *dist);
	if (dist == NULL)
		exit(2);
	astar_options_init(&o);
	o.diagonal = (astar_diagonal)rng_int(&r, 4);
	o.heuristic = rng_int(&r, 3) == 0 ? ASTAR_H_ZERO : ASTAR_H_DEFAULT;
	/* The automatic count (8, with exact tables; 12 on terrain whose
	 * costs do not fit them) often
	 * on its own: with every landmark in use, the bounds are read in
	 * one run (lm_best's other path) */
	k = rng_int(&r, 5);
	o.landmarks = k == 0   ? ASTAR_LANDMARKS_AUTO
	              : k == 1 ? (seed % 4 < 2 ? 8 : 12)
	                       : 1 + rng_int(&r, 12);
	if (rng_int(&r, 2))
		CHECK(astar_prepare(ctx, lg, &o) == ASTAR_OK, "prepare");
	for (int round = 0; round < 2; round++) {
		for (int q = 0; q < QUERIES; q++) {
			astar_point s, t;
			if (!open_cell(&g, &r, &s) || !open_cell(&g, &r, &t))
				break;
			if (!ref_dijkstra(&g, o.diagonal, s.x, s.y, dist, NULL))
				exit(2);
			one_query(ctx, lg, &g, &o, s, t, dist, seed);
		}
		/* change one cell: the tables must follow */
		int x = rng_int(&r, g.w), y = rng_int(&r, g.h);
		uint8_t c = rng_int(&r, 3) == 0 ? 0 : (uint8_t)(1 + rng_int(&r, 9));
		g.cost[y * g.w + x] = c;
		astar_grid_set(lg, x, y, c);
	}
	free(dist);
	free(g.cost);
	astar_grid_free(lg);
}

/* Options the landmark search leaves to the plain one, and a count out
 * of range. */
static void options_checks(void)
{
	astar_ctx *ctx = astar_ctx_new();
	astar_grid *g = astar_grid_new(4, 4, NULL);
	astar_options o;
	astar_result res;

	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++)
			astar_grid_set(g, x, y, 1);
	astar_options_init(&o);
	o.landmarks = ASTAR_LANDMARKS_MAX + 1;
	CHECK(astar_search(ctx, g, (astar_point){0, 0}, (astar_point){3, 3}, &o,
	                   &res) == ASTAR_EINVAL,
	      "too many landmarks must be refused");
	o.landmarks = ASTAR_LANDMARKS_AUTO - 1;
	CHECK(astar_prepare(ctx, g, &o) == ASTAR_EINVAL,
	      "a negative count other than automatic must be refused");
	o.landmarks = 4;
	o.adjacent = 1;
	CHECK(astar_search(ctx, g, (astar_point){0, 0}, (astar_point){3, 3}, &o,
	                   &res) == ASTAR_OK &&
	              res.found && res.end.x + res.end.y == 5,
	      "adjacent with landmarks: stops next to the goal");
	astar_grid_free(g);
	astar_ctx_free(ctx);
}

/* An astar_parallel loop that runs the jobs last first (on this thread):
 * the tables must not depend on the order. */
static void backwards(void *self, size_t n, void (*job)(void *, size_t),
                      void *arg)
{
	++*(int *)self;
	while (n-- > 0)
		job(arg, n);
}

/* Two searches must agree to the expansion: the same tables. */
static void same_search(const astar_result *a, const astar_result *b,
                        unsigned long long seed)
{
	int same = a->found == b->found && a->cost == b->cost &&
	           a->expanded == b->expanded &&
	           a->generated == b->generated && a->path_len == b->path_len;

	for (size_t k = 0; same && k < a->path_len; k++)
		same = a->path[k].x == b->path[k].x &&
		       a->path[k].y == b->path[k].y;
	CHECK(same,
	      "seed %llx: shared tables search differently: cost %.12g/%.12g, "
	      "expanded %llu/%llu",
	      seed, a->cost, b->cost, (unsigned long long)a->expanded,
	      (unsigned long long)b->expanded);
}

/*
 * astar_prepare_on and astar_prepare_share: tables built through a loop
 * (its jobs run last first) and shared into a fresh context, whose
 * builder is then freed, must search exactly as a context that built
 * its own with astar_prepare; sharing refuses other options.  Returns
 * the loop's calls (terrain grids use it).
 */
static int shared_grid(unsigned long long seed)
{
	uint64_t r = seed;
	ref_grid g;
	astar_options o, other;
	astar_grid *lg;
	astar_ctx *own = astar_ctx_new(), *built = astar_ctx_new(),
		  *user = astar_ctx_new();
	int calls = 0;

	random_grid(&g, &r, (int)(seed % 4));
	lg = lib_grid(&g);
	astar_options_init(&o);
	o.diagonal = (astar_diagonal)rng_int(&r, 4);
	o.landmarks = rng_int(&r, 3) == 0 ? ASTAR_LANDMARKS_AUTO
	                                   : 1 + rng_int(&r, 12);
	CHECK(astar_prepare(own, lg, &o) == ASTAR_OK, "prepare");
	CHECK(astar_prepare_on(built, lg, &o, backwards, &calls) == ASTAR_OK,
	      "prepare_on");
	other = o;
	other.landmarks = o.landmarks == 3 ? 4 : 3;
	CHECK(astar_prepare_share(user, built, lg, &other) == ASTAR_EINVAL,
	      "seed %llx: tables shared for another count", seed);
	other = o;
	other.landmarks = 0;
	CHECK(astar_prepare_share(user, built, lg, &other) == ASTAR_EINVAL,
	      "seed %llx: tables shared with landmarks off", seed);
	CHECK(astar_prepare_share(user, built, lg, &o) == ASTAR_OK,
	      "seed %llx: share", seed);
	astar_ctx_free(built); /* user keeps the tables */
	for (int q = 0; q < QUERIES; q++) {
		astar_point s, t;
		astar_result a, b;
		if (!open_cell(&g, &r, &s) || !open_cell(&g, &r, &t))
			break;
		if (!CHECK(astar_search(own, lg, s, t, &o, &a) == ASTAR_OK &&
		                   astar_search(user, lg, s, t, &o, &b) ==
		                           ASTAR_OK,
		           "seed %llx: search", seed))
			break;
		same_search(&a, &b, seed);
	}
	astar_ctx_free(own);
	astar_ctx_free(user);
	free(g.cost);
	astar_grid_free(lg);
	return calls;
}

/*
 * A corridor winding down a grid 400 wide, rows joined at alternate
 * ends, into a room with a wall across it: the room lies about 65,500
 * steps from the corridor's mouth, and its cells' step counts from there
 * straddle 65,536, beyond what the exact tables count (16 bits), so the
 * tables must be the rounded ones (counts cut to 16 bits would bound
 * the room's cells by wrong, large costs); every policy's costs across
 * the room and from the mouth must still be the reference's, with 8
 * landmarks, and on terrain (one cell costs 2) also with the automatic
 * count.
 */
static void long_paths(int terrain)
{
	ref_grid g = {400, 388, NULL};
	astar_grid *lg;
	astar_ctx *ctx = astar_ctx_new();
	double *dist = malloc((size_t)g.w * g.h * sizeof *dist);
	const astar_point mouth = {0, 0}, room[4] = {{5, 328}, {390, 386},
	                                             {395, 327}, {3, 387}};

	g.cost = malloc((size_t)g.w * g.h);
	if (ctx == NULL || dist == NULL || g.cost == NULL)
		exit(2);
	for (int y = 0; y < g.h; y++)
		for (int x = 0; x < g.w; x++) {
			int open = y >= 326 ? !(x == 200 && y < 380)
			           : y % 2 == 0 || x == (y % 4 == 1 ? g.w - 1 : 0);
			g.cost[y * g.w + x] = (uint8_t)open;
		}
	g.cost[2] = (uint8_t)(1 + terrain);
	lg = lib_grid(&g);
	for (int run = 0; run < 4 * (1 + terrain); run++) {
		astar_options o;
		astar_options_init(&o);
		o.diagonal = (astar_diagonal)(run % 4);
		o.landmarks = run < 4 ? 8 : ASTAR_LANDMARKS_AUTO;
		if (!ref_dijkstra(&g, o.diagonal, mouth.x, mouth.y, dist, NULL))
			exit(2);
		double lo = INFINITY, hi = 0.0;
		for (int i = 326 * g.w; i < g.w * g.h; i++)
			if (dist[i] != INFINITY) {
				lo = fmin(lo, dist[i]);
				hi = fmax(hi, dist[i]);
			}
		CHECK(lo < 65536.0 && hi > 65536.0,
		      "the room does not straddle 65,536 steps: %g to %g", lo,
		      hi);
		for (int k = 0; k < 4; k++)
			one_query(ctx, lg, &g, &o, mouth, room[k], dist, 0x10D9);
		for (int k = 0; k < 4; k++) {
			if (!ref_dijkstra(&g, o.diagonal, room[k].x, room[k].y,
			                  dist, NULL))
				exit(2);
			one_query(ctx, lg, &g, &o, room[k], room[3 - k], dist,
			          0x10DA);
			one_query(ctx, lg, &g, &o, room[k], room[(k + 1) % 4],
			          dist, 0x10DB);
		}
	}
	astar_ctx_free(ctx);
	astar_grid_free(lg);
	free(g.cost);
	free(dist);
}

void test_landmarks(void)
{
	int calls = 0;

	astar_ctx *ctx = astar_ctx_new();

	if (ctx == NULL)
		exit(2);
	for (unsigned long long k = 0; k < N_GRIDS; k++)
		one_grid(ctx, 0x1A4D0000ULL + k);
	astar_ctx_free(ctx);
	options_checks();
	long_paths(0);
	long_paths(1);
	for (unsigned long long k = 0; k < 300; k++)
		calls += shared_grid(0x5A4E0000ULL + k);
	CHECK(calls > 0, "astar_prepare_on never ran the loop on terrain");
}
