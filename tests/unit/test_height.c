/*
 * test_height.c - height maps (astar_heights_search) against a model
 * written here on the movement rules of reference.c (ref_move_legal, the
 * test's own reading of the diagonal policies): a step's cost is the
 * entered cell's cost times sqrt(dx^2 + dy^2 + dh^2), a step rising more
 * than max_climb or falling more than max_drop is not taken, and a plain
 * O(n^2) Dijkstra over that.  Seeded random grids with random heights
 * (smooth and rough), every policy and heuristic, A* and Dijkstra,
 * breadth-first and greedy search, several starts and goals; every path
 * replayed.  Adjacent (the model's goal set: cells one legal step from
 * the goal, the goal seen as open), closest (the model's nearest cell,
 * in the plane, then the cheapest) and regions (cells that reach each
 * other both ways, from the model's reach out of every cell), with the
 * climb and drop limits apart so that steps are one-way.  Runs as the
 * module "height".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "reference.h"
#include "rng.h"
#include "unit.h"

#define HW 12
#define HN (HW * HW)

typedef struct hworld {
	ref_grid ref;
	uint8_t cost[HN];
	double height[HN];
	astar_grid *grid;
	astar_heights hm;
	uint64_t seed;
} hworld;

static void hw_dump(void *arg)
{
	const hworld *m = arg;

	fprintf(stderr, "  seed %llu, %dx%d, climb %g drop %g\n",
	        (unsigned long long)m->seed, m->ref.w, m->ref.h,
	        m->hm.max_climb, m->hm.max_drop);
	for (int y = 0; y < m->ref.h; y++) {
		fputs("  ", stderr);
		for (int x = 0; x < m->ref.w; x++)
			fprintf(stderr, "%c%-4.1f ",
			        m->cost[y * m->ref.w + x]
			                ? '0' + m->cost[y * m->ref.w + x]
			                : '#',
			        m->height[y * m->ref.w + x]);
		fputc('\n', stderr);
	}
}

static void hw_make(hworld *m, uint64_t seed)
{
	uint64_t s = seed;
	int terrain = seed % 2, rough = seed % 3 == 0;

	m->seed = seed;
	m->ref.w = 2 + rng_int(&s, HW - 1);
	m->ref.h = 2 + rng_int(&s, HW - 1);
	m->ref.cost = m->cost;
	m->grid = astar_grid_new(m->ref.w, m->ref.h, NULL);
	for (int i = 0; i < m->ref.w * m->ref.h; i++) {
		int x = i % m->ref.w, y = i / m->ref.w;
		m->cost[i] = rng_int(&s, 100) < 20 ? 0
		             : terrain ? (uint8_t)(1 + rng_int(&s, 4))
		                       : 1;
		m->height[i] = rough ? rng_int(&s, 40) / 10.0
		                     : (x + y) * 0.3 + rng_int(&s, 5) / 10.0;
		astar_grid_set(m->grid, x, y, m->cost[i]);
	}
	m->hm.height = m->height;
	m->hm.max_climb = seed % 4 == 0 ? -1 : rng_int(&s, 30) / 10.0;
	m->hm.max_drop = seed % 5 == 0 ? -1 : rng_int(&s, 30) / 10.0;
	check_context(hw_dump, m);
}

static int step_ok(const hworld *m, astar_diagonal pol, int x, int y, int dx,
                   int dy)
{
	double dh;

	if (!ref_move_legal(&m->ref, pol, x, y, dx, dy, -1, -1))
		return 0;
	dh = m->height[(y + dy) * m->ref.w + x + dx] -
	     m->height[y * m->ref.w + x];
	return !(m->hm.max_climb >= 0 && dh > m->hm.max_climb) &&
	       !(m->hm.max_drop >= 0 && -dh > m->hm.max_drop);
}

static double step_cost(const hworld *m, int x, int y, int dx, int dy)
{
	double dh = m->height[(y + dy) * m->ref.w + x + dx] -
	            m->height[y * m->ref.w + x];

	return m->cost[(y + dy) * m->ref.w + x + dx] *
	       sqrt((double)(dx * dx + dy * dy) + dh * dh);
}

/* The model's Dijkstra from the sources (unit: every step costs 1). */
static void href(const hworld *m, astar_diagonal pol, const astar_point *src,
                 size_t n, int unit, double *dist)
{
	int cells = m->ref.w * m->ref.h;
	char done[HN] = {0};

	for (int i = 0; i < cells; i++)
		dist[i] = INFINITY;
	for (size_t i = 0; i < n; i++)
		dist[src[i].y * m->ref.w + src[i].x] = 0;
	for (;;) {
		int u = -1;
		for (int i = 0; i < cells; i++)
			if (!done[i] && isfinite(dist[i]) &&
			    (u < 0 || dist[i] < dist[u]))
				u = i;
		if (u < 0)
			return;
		done[u] = 1;
		int x = u % m->ref.w, y = u / m->ref.w;
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				if ((dx == 0 && dy == 0) ||
				    !step_ok(m, pol, x, y, dx, dy))
					continue;
				int v = (y + dy) * m->ref.w + x + dx;
				double c =
					unit ? 1 : step_cost(m, x, y, dx, dy);
				if (dist[u] + c < dist[v])
					dist[v] = dist[u] + c;
			}
	}
}

static void hreplay(const hworld *m, astar_diagonal pol, const astar_result *r,
                    const astar_point *starts)
{
	double c = 0;

	CHECK(r->path != NULL && r->path_len >= 1, "no path");
	if (r->path == NULL)
		return;
	CHECK(r->path[0].x == starts[r->start_index].x &&
	              r->path[0].y == starts[r->start_index].y,
	      "path does not leave its start");
	for (size_t i = 1; i < r->path_len; i++) {
		astar_point a = r->path[i - 1], b = r->path[i];
		int ok = abs(b.x - a.x) <= 1 && abs(b.y - a.y) <= 1 &&
		         step_ok(m, pol, a.x, a.y, b.x - a.x, b.y - a.y);
		CHECK(ok, "illegal step %zu", i);
		if (!ok)
			return;
		c += step_cost(m, a.x, a.y, b.x - a.x, b.y - a.y);
	}
	CHECK(fabs(c - r->cost) <= 1e-9 * (1 + c),
	      "path costs %.12g, said %.12g", c, r->cost);
}

static const astar_diagonal hpol[4] = {ASTAR_DIAG_NEVER, ASTAR_DIAG_ALWAYS,
                                       ASTAR_DIAG_ONE_OBSTACLE,
                                       ASTAR_DIAG_NO_OBSTACLES};

static astar_point hrand(const hworld *m, uint64_t *s)
{
	for (int k = 0; k < 100; k++) {
		astar_point p = {rng_int(s, m->ref.w), rng_int(s, m->ref.h)};
		if (m->cost[p.y * m->ref.w + p.x])
			return p;
	}
	return (astar_point){-1, -1};
}

/* A*, Dijkstra, BFS and greedy on random height maps against href. */
static void height_searches(astar_ctx *ctx)
{
	static const astar_heuristic hs[5] = {
		ASTAR_H_DEFAULT, ASTAR_H_EUCLIDEAN, ASTAR_H_CHEBYSHEV,
		ASTAR_H_ZERO, ASTAR_H_OCTILE};

	for (uint64_t seed = 1; seed <= 500; seed++) {
		hworld m;
		uint64_t s = seed * 977;
		hw_make(&m, seed);
		astar_diagonal pol = hpol[seed % 4];
		astar_heuristic h = hs[seed / 4 % 5];
		if (h == ASTAR_H_OCTILE && pol == ASTAR_DIAG_ALWAYS)
			h = ASTAR_H_DEFAULT;
		size_t ns = 1 + rng_below(&s, 2), ng = 1 + rng_below(&s, 3);
		astar_point st[2], go[3];
		int bad = 0;
		for (size_t i = 0; i < ns; i++)
			bad |= (st[i] = hrand(&m, &s)).x < 0;
		for (size_t i = 0; i < ng; i++)
			bad |= (go[i] = hrand(&m, &s)).x < 0;
		if (bad) {
			astar_grid_free(m.grid);
			continue;
		}
		double dist[HN], moves[HN], best = INFINITY;
		size_t bi = 0;
		href(&m, pol, st, ns, 0, dist);
		href(&m, pol, st, ns, 1, moves);
		for (size_t i = 0; i < ng; i++)
			if (dist[go[i].y * m.ref.w + go[i].x] < best - 1e-9) {
				best = dist[go[i].y * m.ref.w + go[i].x];
				bi = i;
			}
		for (int algo = 0; algo < 4; algo++) {
			static const astar_algorithm al[4] = {
				ASTAR_ALGO_ASTAR, ASTAR_ALGO_DIJKSTRA,
				ASTAR_ALGO_BFS, ASTAR_ALGO_GREEDY};
			astar_options o;
			astar_result r;
			astar_options_init(&o);
			o.diagonal = pol;
			o.heuristic = h;
			o.algorithm = al[algo];
			check_begin("height seed %llu pol %d h %d algo %d",
			            (unsigned long long)seed, (int)pol, (int)h,
			            algo);
			CHECK(astar_heights_search(ctx, m.grid, &m.hm, st, ns,
			                           go, ng, &o, &r) == ASTAR_OK,
			      "status");
			CHECK(r.found == isfinite(best), "found %d, ref %g",
			      r.found, best);
			if (r.found && isfinite(best)) {
				hreplay(&m, pol, &r, st);
				if (algo < 2) {
					CHECK(fabs(r.cost - best) <=
					              1e-9 * (1 + best),
					      "cost %.12g, ref %.12g", r.cost,
					      best);
					CHECK(r.goal_index == bi,
					      "goal %zu, first %zu",
					      r.goal_index, bi);
				}
				if (algo == 2 && ns == 1 && ng == 1)
					CHECK(r.path_len - 1 ==
					              moves[go[0].y * m.ref.w +
					                    go[0].x],
					      "%zu steps, fewest %g",
					      r.path_len - 1,
					      moves[go[0].y * m.ref.w +
					            go[0].x]);
			}
			check_end();
		}
		astar_grid_free(m.grid);
	}
}

/* Floods and their flow fields against href. */
static void height_floods(astar_ctx *ctx)
{
	for (uint64_t seed = 900; seed < 1100; seed++) {
		hworld m;
		uint64_t s = seed * 13;
		hw_make(&m, seed);
		astar_diagonal pol = hpol[seed % 4];
		astar_point src[2] = {hrand(&m, &s), hrand(&m, &s)};
		double dist[HN];
		astar_flood_result f;
		astar_options o;
		if (src[0].x < 0 || src[1].x < 0) {
			astar_grid_free(m.grid);
			continue;
		}
		astar_options_init(&o);
		o.diagonal = pol;
		href(&m, pol, src, 2, 0, dist);
		check_begin("height flood seed %llu pol %d",
		            (unsigned long long)seed, (int)pol);
		CHECK(astar_heights_flood(ctx, m.grid, &m.hm, src, 2, &o, &f) ==
		              ASTAR_OK,
		      "status");
		for (int i = 0; i < m.ref.w * m.ref.h; i++) {
			double d = isfinite(dist[i]) ? dist[i] : -1.0;
			CHECK(fabs(f.dist[i] - d) <= 1e-9 * (1 + fabs(d)),
			      "cell %d: %g, ref %g", i, f.dist[i], d);
			/* the flow steps to the cell the path came from */
			if (d > 0 && f.flow[i] != ASTAR_FLOW_NONE) {
				int x = i % m.ref.w, y = i / m.ref.w;
				int px = x + astar_flow_dx(f.flow[i]);
				int py = y + astar_flow_dy(f.flow[i]);
				CHECK(step_ok(&m, pol, px, py, x - px,
				              y - py) &&
				              fabs(dist[py * m.ref.w + px] +
				                   step_cost(&m, px, py, x - px,
				                             y - py) -
				                   d) <= 1e-9 * (1 + d),
				      "cell %d's flow is no last step of a shortest path",
				      i);
			}
		}
		check_end();
		astar_grid_free(m.grid);
	}
}

/* ------------------------------------------------ adjacent and closest */

static const astar_algorithm halgo[4] = {ASTAR_ALGO_ASTAR, ASTAR_ALGO_DIJKSTRA,
                                         ASTAR_ALGO_BFS, ASTAR_ALGO_GREEDY};

/* A goal for the adjacent and closest tests: often a blocked cell (there
 * the goal can only be stood beside, or come near). */
static astar_point hgoal_any(const hworld *m, uint64_t *s)
{
	if (rng_int(s, 2) == 0)
		for (int k = 0; k < 100; k++) {
			astar_point p = {rng_int(s, m->ref.w),
			                 rng_int(s, m->ref.h)};
			if (m->cost[p.y * m->ref.w + p.x] == 0)
				return p;
		}
	return (astar_point){rng_int(s, m->ref.w), rng_int(s, m->ref.h)};
}

/* The model's adjacent goal set: the open cells from which one step
 * would enter goal t, t counting as open (ref_move_legal's target) and
 * the climb or drop to t's height within the limits; the start alone
 * when it is the goal.  in[i] is 1 for such a cell. */
static void hadjacent_model(const hworld *m, astar_diagonal pol, astar_point s,
                            astar_point t, char *in)
{
	memset(in, 0, HN);
	if (s.x == t.x && s.y == t.y) {
		in[s.y * m->ref.w + s.x] = 1;
		return;
	}
	for (int y = 0; y < m->ref.h; y++)
		for (int x = 0; x < m->ref.w; x++) {
			int dx = t.x - x, dy = t.y - y;
			double dh;
			if (!m->cost[y * m->ref.w + x] ||
			    !ref_move_legal(&m->ref, pol, x, y, dx, dy, t.x,
			                    t.y))
				continue;
			dh = m->height[t.y * m->ref.w + t.x] -
			     m->height[y * m->ref.w + x];
			if ((m->hm.max_climb >= 0 && dh > m->hm.max_climb) ||
			    (m->hm.max_drop >= 0 && -dh > m->hm.max_drop))
				continue;
			in[y * m->ref.w + x] = 1;
		}
}

/* The model's cell nearest t among those reached (dist finite): the
 * least squared planar distance, then the cheaper (costs within 1e-9
 * being one), then the lower row, then the lower column. */
static int hnearest_model(const hworld *m, const double *dist, astar_point t)
{
	int best = -1;
	long bd2 = 0;

	for (int i = 0; i < m->ref.w * m->ref.h; i++) {
		long dx = i % m->ref.w - t.x, dy = i / m->ref.w - t.y;
		long d2 = dx * dx + dy * dy;
		if (!isfinite(dist[i]))
			continue;
		/* rows then columns: the first of a tie is kept */
		if (best < 0 || d2 < bd2 ||
		    (d2 == bd2 &&
		     dist[i] < dist[best] - 1e-9 * (1 + dist[best]))) {
			best = i;
			bd2 = d2;
		}
	}
	return best;
}

/* An admissible heuristic for pol, chosen by k. */
static astar_heuristic hadmissible(astar_diagonal pol, unsigned k)
{
	static const astar_heuristic hs[6] = {
		ASTAR_H_DEFAULT,   ASTAR_H_OCTILE, ASTAR_H_EUCLIDEAN,
		ASTAR_H_CHEBYSHEV, ASTAR_H_ZERO,   ASTAR_H_MANHATTAN};

	for (unsigned i = 0; i < 6; i++) {
		astar_heuristic h = hs[(k + i) % 6];
		if (h == ASTAR_H_DEFAULT || astar_heuristic_admissible(h, pol))
			return h;
	}
	return ASTAR_H_DEFAULT;
}

/* Adjacent: the cheapest path to the model's goal set, ending in it. */
static void hcheck_adjacent(const hworld *m, astar_diagonal pol, int algo,
                            astar_point s, const astar_result *r,
                            const char *in, const double *dist,
                            const double *moves)
{
	double best = INFINITY, fewest = INFINITY;

	for (int i = 0; i < m->ref.w * m->ref.h; i++)
		if (in[i]) {
			best = dist[i] < best ? dist[i] : best;
			fewest = moves[i] < fewest ? moves[i] : fewest;
		}
	CHECK(r->found == isfinite(best) && r->reached_goal == r->found,
	      "found %d reached %d, ref %g", r->found, r->reached_goal, best);
	if (!r->found || !isfinite(best))
		return;
	hreplay(m, pol, r, &s);
	CHECK(in[r->end.y * m->ref.w + r->end.x], "ends on %d,%d, no goal cell",
	      r->end.x, r->end.y);
	if (algo < 2)
		CHECK(fabs(r->cost - best) <= 1e-9 * (1 + best),
		      "cost %.12g, ref %.12g", r->cost, best);
	if (algo == 2)
		CHECK(r->path_len - 1 == fewest, "%zu steps, fewest %g",
		      r->path_len - 1, fewest);
}

/* Closest (with adjacent or not): the goal when it can be reached, else
 * the model's nearest cell. */
static void hcheck_closest(const hworld *m, astar_diagonal pol, int algo,
                           astar_point s, astar_point t, int adjacent,
                           const astar_result *r, const char *in,
                           const double *dist, const double *moves)
{
	double best = INFINITY;
	int near = hnearest_model(m, dist, t);

	for (int i = 0; i < m->ref.w * m->ref.h; i++)
		if (adjacent ? in[i] : i == t.y * m->ref.w + t.x)
			best = dist[i] < best ? dist[i] : best;
	if (isfinite(best) && adjacent) {
		hcheck_adjacent(m, pol, algo, s, r, in, dist, moves);
		return;
	}
	if (isfinite(best)) {
		CHECK(r->found && r->reached_goal && r->end.x == t.x &&
		              r->end.y == t.y,
		      "the goal is reachable (%g)", best);
		if (algo < 2)
			CHECK(fabs(r->cost - best) <= 1e-9 * (1 + best),
			      "cost %.12g, ref %.12g", r->cost, best);
	} else {
		long ex = r->end.x - t.x, ey = r->end.y - t.y;
		long nx = near % m->ref.w - t.x, ny = near / m->ref.w - t.y;
		CHECK(r->found && !r->reached_goal, "found %d reached %d",
		      r->found, r->reached_goal);
		CHECK(ex * ex + ey * ey == nx * nx + ny * ny,
		      "ends on %d,%d, nearest %d,%d", r->end.x, r->end.y,
		      near % m->ref.w, near / m->ref.w);
		if (algo == 2) { /* breadth first: then the fewest steps */
			double fewest = INFINITY;
			for (int i = 0; i < m->ref.w * m->ref.h; i++) {
				long dx = i % m->ref.w - t.x,
				     dy = i / m->ref.w - t.y;
				if (isfinite(dist[i]) &&
				    dx * dx + dy * dy == nx * nx + ny * ny &&
				    moves[i] < fewest)
					fewest = moves[i];
			}
			CHECK(r->path_len - 1 == fewest,
			      "%zu steps, fewest at that distance %g",
			      r->path_len - 1, fewest);
		}
		if (algo < 2) {
			CHECK(r->end.x == near % m->ref.w &&
			              r->end.y == near / m->ref.w,
			      "ends on %d,%d, the model %d,%d", r->end.x,
			      r->end.y, near % m->ref.w, near / m->ref.w);
			CHECK(fabs(r->cost - dist[near]) <=
			              1e-9 * (1 + dist[near]),
			      "cost %.12g, ref %.12g", r->cost, dist[near]);
		}
	}
	if (r->found)
		hreplay(m, pol, r, &s);
}

/* Adjacent, closest and both, every policy and algorithm, steps one-way
 * (climb and drop limits apart), goals often blocked. */
static void height_near(astar_ctx *ctx)
{
	for (uint64_t seed = 2000; seed < 2800; seed++) {
		hworld m;
		uint64_t s = seed * 31;
		hw_make(&m, seed);
		astar_diagonal pol = hpol[seed % 4];
		int mode = (int)(seed / 4 % 3); /* adjacent, closest, both */
		astar_point st = hrand(&m, &s), go = hgoal_any(&m, &s);
		double dist[HN], moves[HN];
		char in[HN];
		if (st.x < 0) {
			astar_grid_free(m.grid);
			continue;
		}
		if (seed % 7 == 0)
			go = st; /* already there */
		href(&m, pol, &st, 1, 0, dist);
		href(&m, pol, &st, 1, 1, moves);
		hadjacent_model(&m, pol, st, go, in);
		for (int algo = 0; algo < 4; algo++) {
			astar_options o;
			astar_result r;
			astar_options_init(&o);
			o.diagonal = pol;
			o.heuristic = hadmissible(pol, (unsigned)(seed / 12));
			o.algorithm = halgo[algo];
			o.adjacent = mode != 1;
			o.closest = mode != 0;
			check_begin("height near seed %llu pol %d h %d algo %d "
			            "adjacent %d closest %d goal %d,%d",
			            (unsigned long long)seed, (int)pol,
			            (int)o.heuristic, algo, o.adjacent,
			            o.closest, go.x, go.y);
			CHECK(astar_heights_search(ctx, m.grid, &m.hm, &st, 1,
			                           &go, 1, &o, &r) == ASTAR_OK,
			      "status");
			if (mode == 0)
				hcheck_adjacent(&m, pol, algo, st, &r, in, dist,
				                moves);
			else
				hcheck_closest(&m, pol, algo, st, go, mode == 2,
				               &r, in, dist, moves);
			check_end();
		}
		astar_grid_free(m.grid);
	}
}

/* Closest's tie of distance goes to the cheaper cell, not to the one A*
 * expands first: goal 5,0 walled off, (5,5) and (8,4) both 5 cells from
 * it; (5,5) costs more (its height) but its Manhattan heuristic is 5
 * against 7, so that A* expands it first. */
static void height_closest_tie(astar_ctx *ctx)
{
	static const char *rows[7] = {
		"###########", ".#########.", ".#########.", ".#########.",
		"..######...", "...........", "..........."};
	double hh[77] = {0};
	astar_grid *g = astar_grid_new(11, 7, NULL);
	astar_heights hm = {hh, -1, -1};
	astar_point s = {7, 6}, t = {5, 0};
	astar_options o;
	astar_result r;

	for (int y = 0; y < 7; y++)
		for (int x = 0; x < 11; x++)
			astar_grid_set(g, x, y, rows[y][x] == '.');
	hh[5 * 11 + 5] = 1.0;
	astar_options_init(&o);
	o.heuristic = ASTAR_H_MANHATTAN;
	o.closest = 1;
	check_begin("height closest tie to the cheaper");
	CHECK(astar_heights_search(ctx, g, &hm, &s, 1, &t, 1, &o, &r) ==
	              ASTAR_OK,
	      "status");
	CHECK(r.found && !r.reached_goal && r.end.x == 8 && r.end.y == 4 &&
	              fabs(r.cost - 3.0) < 1e-12,
	      "ends on %d,%d at %g, not 8,4 at 3", r.end.x, r.end.y, r.cost);
	check_end();
	astar_grid_free(g);
}

/* ------------------------------------------------------------- regions */

/* The model's reach: every cell reached from cell a by legal steps. */
static void hreach_model(const hworld *m, astar_diagonal pol, int a, char *seen)
{
	int queue[HN], head = 0, tail = 0;

	memset(seen, 0, HN);
	seen[a] = 1;
	queue[tail++] = a;
	while (head < tail) {
		int u = queue[head++], x = u % m->ref.w, y = u / m->ref.w;
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int v = (y + dy) * m->ref.w + x + dx;
				if ((dx || dy) &&
				    step_ok(m, pol, x, y, dx, dy) && !seen[v]) {
					seen[v] = 1;
					queue[tail++] = v;
				}
			}
	}
}

/* Regions: cells that reach each other both ways, numbered by their
 * first cell in rows, against the model's reach from every cell. */
static void height_regions(astar_ctx *ctx)
{
	static char reach[HN][HN];

	for (uint64_t seed = 3000; seed < 3300; seed++) {
		hworld m;
		hw_make(&m, seed);
		astar_diagonal pol = hpol[seed % 4];
		int n = m.ref.w * m.ref.h, label[HN], count = 0;
		const uint32_t *labels;
		size_t got;
		astar_options o;
		for (int a = 0; a < n; a++)
			hreach_model(&m, pol, a, reach[a]);
		for (int a = 0; a < n; a++) {
			label[a] = 0;
			if (!m.cost[a])
				continue;
			for (int b = 0; b < a && !label[a]; b++)
				if (m.cost[b] && reach[a][b] && reach[b][a])
					label[a] = label[b];
			if (!label[a])
				label[a] = ++count;
		}
		astar_options_init(&o);
		o.diagonal = pol;
		check_begin("height regions seed %llu pol %d",
		            (unsigned long long)seed, (int)pol);
		CHECK(astar_heights_regions(ctx, m.grid, &m.hm, &o, &got,
		                            &labels) == ASTAR_OK,
		      "status");
		CHECK(got == (size_t)count, "%zu regions, ref %d", got, count);
		for (int a = 0; a < n; a++)
			CHECK(labels[a] == (uint32_t)label[a],
			      "cell %d,%d: region %u, ref %d", a % m.ref.w,
			      a / m.ref.w, labels[a], label[a]);
		check_end();
		astar_grid_free(m.grid);
	}
}

/* What a height map refuses. */
static void height_refusals(astar_ctx *ctx)
{
	check_begin("height refusals");
	{
		astar_grid *g = astar_grid_new(2, 2, NULL);
		double hh[4] = {0, 0, 0, 0};
		astar_heights hm = {hh, -1, -1};
		astar_point a = {0, 0}, b = {1, 1};
		astar_options o;
		astar_result r;
		astar_options_init(&o);
		astar_grid_set(g, 0, 0, 1);
		astar_grid_set(g, 1, 1, 1);
		o.algorithm = ASTAR_ALGO_JPS;
		CHECK(astar_heights_search(ctx, g, &hm, &a, 1, &b, 1, &o, &r) ==
		              ASTAR_EUNSUPPORTED,
		      "jps");
		o.algorithm = ASTAR_ALGO_ASTAR;
		astar_grid_set(g, 1, 1, 0);
		CHECK(astar_heights_search(ctx, g, &hm, &a, 1, &b, 1, &o, &r) ==
		              ASTAR_EGOAL_BLOCKED,
		      "goal blocked");
		o.closest = 1; /* a blocked goal is come near */
		CHECK(astar_heights_search(ctx, g, &hm, &a, 1, &b, 1, &o, &r) ==
		                      ASTAR_OK &&
		              r.found && !r.reached_goal,
		      "closest to a blocked goal");
		astar_point two[2] = {{1, 1}, {0, 0}};
		CHECK(astar_heights_search(ctx, g, &hm, &a, 1, two, 2, &o,
		                           &r) == ASTAR_EUNSUPPORTED,
		      "closest with two goals");
		o.closest = 0;
		o.adjacent = 1;
		CHECK(astar_heights_search(ctx, g, &hm, two, 2, &b, 1, &o,
		                           &r) == ASTAR_EUNSUPPORTED,
		      "adjacent from two starts");
		o.adjacent = 0;
		size_t count;
		const uint32_t *labels;
		o.wrap = ASTAR_WRAP_X;
		CHECK(astar_heights_regions(ctx, g, &hm, &o, &count, &labels) ==
		                      ASTAR_EUNSUPPORTED &&
		              count == 0 && labels == NULL,
		      "regions with wrapping");
		o.wrap = ASTAR_WRAP_NONE;
		o.weight = 0.5;
		CHECK(astar_heights_regions(ctx, g, &hm, &o, &count, NULL) ==
		              ASTAR_EINVAL,
		      "regions with options out of range");
		astar_grid_free(g);
	}
	check_end();
}

void test_height(void)
{
	astar_ctx *ctx = astar_ctx_new();

	height_searches(ctx);
	height_floods(ctx);
	height_near(ctx);
	height_closest_tie(ctx);
	height_regions(ctx);
	height_refusals(ctx);
	astar_ctx_free(ctx);
}
