/*
 * test_voxel.c - voxel grids (astar_voxels_*) against a model of their
 * own written here: the rules of a move read from the specification (a
 * move changes each coordinate by -1, 0 or 1; it costs 1, sqrt(2) or
 * sqrt(3) times the cost of the voxel entered; under the box rule every
 * voxel of the box it spans must be open) and a plain O(n^2) Dijkstra
 * over them, knowing nothing of the library's code.
 *
 * Seeded random grids of up to 7 x 7 x 7 voxels, a fifth to a half
 * blocked, with and without terrain costs: every policy and heuristic,
 * A*, Dijkstra, breadth-first and greedy search, several starts and
 * goals, adjacent, closest, the distance map, its flow field and the
 * regions.  Every
 * path is replayed move by move.  Runs as the module "voxel".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "rng.h"
#include "unit.h"

#define VMAX 7
#define NMAX (VMAX * VMAX * VMAX)

typedef struct vworld {
	int w, h, d;
	uint8_t cost[NMAX];
	astar_voxels *v;
	uint64_t seed;
} vworld;

static int vw_at(const vworld *m, int x, int y, int z)
{
	if (x < 0 || y < 0 || z < 0 || x >= m->w || y >= m->h || z >= m->d)
		return 0;
	return m->cost[(z * m->h + y) * m->w + x];
}

static void vw_dump(void *arg)
{
	const vworld *m = arg;

	fprintf(stderr, "  seed %llu, %dx%dx%d\n", (unsigned long long)m->seed,
	        m->w, m->h, m->d);
	for (int z = 0; z < m->d; z++) {
		fprintf(stderr, "  z=%d\n", z);
		for (int y = 0; y < m->h; y++) {
			fputs("  ", stderr);
			for (int x = 0; x < m->w; x++) {
				int c = vw_at(m, x, y, z);
				fputc(c == 0 ? '#' : '0' + c, stderr);
			}
			fputc('\n', stderr);
		}
	}
}

static void vw_make(vworld *m, uint64_t seed, int terrain)
{
	uint64_t s = seed;
	int blocked;

	m->seed = seed;
	m->w = 1 + rng_int(&s, VMAX);
	m->h = 1 + rng_int(&s, VMAX);
	m->d = 1 + rng_int(&s, VMAX);
	blocked = 20 + rng_int(&s, 31);
	m->v = astar_voxels_new(m->w, m->h, m->d, NULL);
	for (int z = 0; z < m->d; z++)
		for (int y = 0; y < m->h; y++)
			for (int x = 0; x < m->w; x++) {
				int c = rng_int(&s, 100) < blocked ? 0
				        : terrain ? 1 + rng_int(&s, 5)
				                  : 1;
				m->cost[(z * m->h + y) * m->w + x] = (uint8_t)c;
				astar_voxels_set(m->v, x, y, z, (uint8_t)c);
			}
	check_context(vw_dump, m);
}

/* The model's rule: nonzero when the move from (x, y, z) by (dx, dy, dz)
 * is legal under pol; (px, py, pz) counts as open (the adjacent target),
 * as the voxel entered only. */
static int ref_legal(const vworld *m, astar_diagonal pol, int x, int y, int z,
                     int dx, int dy, int dz, int px, int py, int pz)
{
	int axes = (dx != 0) + (dy != 0) + (dz != 0);
	int tx = x + dx, ty = y + dy, tz = z + dz;

	if (axes == 0 || (pol == ASTAR_DIAG_NEVER && axes > 1))
		return 0;
	if (!(tx == px && ty == py && tz == pz) && vw_at(m, tx, ty, tz) == 0)
		return 0;
	if (tx < 0 || ty < 0 || tz < 0 || tx >= m->w || ty >= m->h ||
	    tz >= m->d)
		return 0;
	if (pol != ASTAR_DIAG_NO_OBSTACLES)
		return 1;
	for (int a = 0; a <= 1; a++)
		for (int b = 0; b <= 1; b++)
			for (int c = 0; c <= 1; c++) {
				int bx = a * dx, by = b * dy, bz = c * dz;
				if ((bx == 0 && by == 0 && bz == 0) ||
				    (bx == dx && by == dy && bz == dz))
					continue;
				if (vw_at(m, x + bx, y + by, z + bz) == 0)
					return 0;
			}
	return 1;
}

static double ref_len(int dx, int dy, int dz)
{
	return sqrt((double)(dx * dx + dy * dy + dz * dz));
}

/* Dijkstra from the sources (flat indices) into dist (INFINITY where
 * unreachable); unit: every move costs 1 (the fewest moves). */
static void ref_dijkstra3(const vworld *m, astar_diagonal pol, const int *src,
                          int nsrc, int unit, double *dist)
{
	int n = m->w * m->h * m->d;
	char done[NMAX];

	for (int i = 0; i < n; i++) {
		dist[i] = INFINITY;
		done[i] = 0;
	}
	for (int i = 0; i < nsrc; i++)
		dist[src[i]] = 0.0;
	for (;;) {
		int u = -1;
		for (int i = 0; i < n; i++)
			if (!done[i] && isfinite(dist[i]) &&
			    (u < 0 || dist[i] < dist[u]))
				u = i;
		if (u < 0)
			return;
		done[u] = 1;
		int x = u % m->w, y = u / m->w % m->h, z = u / (m->w * m->h);
		for (int dz = -1; dz <= 1; dz++)
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					if (!ref_legal(m, pol, x, y, z, dx, dy,
					               dz, -1, -1, -1))
						continue;
					int t = ((z + dz) * m->h + y + dy) *
					                m->w +
					        x + dx;
					double c =
						unit ? 1.0
						     : ref_len(dx, dy, dz) *
								vw_at(m, x + dx,
					                              y + dy,
					                              z + dz);
					if (dist[u] + c < dist[t])
						dist[t] = dist[u] + c;
				}
	}
}

static int flat(const vworld *m, astar_place p)
{
	return (p.z * m->h + p.y) * m->w + p.x;
}

static astar_place rand_place(const vworld *m, uint64_t *s, int open)
{
	astar_place p = {0, 0, 0, 0};

	for (int tries = 0; tries < 200; tries++) {
		p.x = rng_int(s, m->w);
		p.y = rng_int(s, m->h);
		p.z = rng_int(s, m->d);
		if (!open || vw_at(m, p.x, p.y, p.z) != 0)
			return p;
	}
	return p;
}

/* Replays r's path: it leaves one of the starts, each move legal, and
 * its cost is the sum of its moves'. */
static void replay(const vworld *m, astar_diagonal pol,
                   const astar_voxel_result *r, const astar_place *starts,
                   double *moves)
{
	double c = 0.0;
	const astar_place *p = r->path;

	CHECK(p != NULL && r->path_len >= 1, "no path");
	if (p == NULL || r->path_len == 0)
		return;
	CHECK(p[0].x == starts[r->start_index].x &&
	              p[0].y == starts[r->start_index].y &&
	              p[0].z == starts[r->start_index].z,
	      "path does not leave start %zu", r->start_index);
	for (size_t i = 1; i < r->path_len; i++) {
		int dx = p[i].x - p[i - 1].x, dy = p[i].y - p[i - 1].y,
		    dz = p[i].z - p[i - 1].z;
		int ok = abs(dx) <= 1 && abs(dy) <= 1 && abs(dz) <= 1 &&
		         ref_legal(m, pol, p[i - 1].x, p[i - 1].y, p[i - 1].z,
		                   dx, dy, dz, -1, -1, -1);
		CHECK(ok, "illegal move %zu", i);
		if (!ok)
			return;
		c += ref_len(dx, dy, dz) * vw_at(m, p[i].x, p[i].y, p[i].z);
	}
	CHECK(fabs(c - r->cost) <= 1e-9 * (1 + c),
	      "path costs %.12g, said %.12g", c, r->cost);
	CHECK(r->end.x == p[r->path_len - 1].x &&
	              r->end.y == p[r->path_len - 1].y &&
	              r->end.z == p[r->path_len - 1].z,
	      "end is not the path's last voxel");
	if (moves != NULL)
		*moves = (double)(r->path_len - 1);
}

static const astar_diagonal policies[3] = {ASTAR_DIAG_NEVER, ASTAR_DIAG_ALWAYS,
                                           ASTAR_DIAG_NO_OBSTACLES};

/* Several starts and goals under every policy, heuristic and exact
 * algorithm: the cost is the reference's least over the pairs, the goal
 * reached the first of those at that cost. */
static void test_exact(void)
{
	static const astar_heuristic hs[] = {
		ASTAR_H_DEFAULT,   ASTAR_H_OCTILE, ASTAR_H_EUCLIDEAN,
		ASTAR_H_CHEBYSHEV, ASTAR_H_ZERO,   ASTAR_H_MANHATTAN};
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 400; seed++) {
		vworld m;
		uint64_t s = seed * 7919;
		vw_make(&m, seed, seed % 3 == 0);
		astar_diagonal pol = policies[seed % 3];
		astar_heuristic h = hs[(seed / 3) % 6];
		if (h == ASTAR_H_MANHATTAN && pol != ASTAR_DIAG_NEVER)
			h = ASTAR_H_OCTILE; /* inadmissible there */
		size_t ns = 1 + rng_below(&s, 3), ng = 1 + rng_below(&s, 4);
		astar_place st[3], go[4];
		int src[3];
		for (size_t i = 0; i < ns; i++) {
			st[i] = rand_place(&m, &s, 1);
			src[i] = flat(&m, st[i]);
		}
		for (size_t i = 0; i < ng; i++)
			go[i] = rand_place(&m, &s, 1);
		if (vw_at(&m, st[0].x, st[0].y, st[0].z) == 0) {
			astar_voxels_free(m.v);
			continue;
		}
		int bad = 0;
		for (size_t i = 0; i < ns; i++)
			bad |= vw_at(&m, st[i].x, st[i].y, st[i].z) == 0;
		for (size_t i = 0; i < ng; i++)
			bad |= vw_at(&m, go[i].x, go[i].y, go[i].z) == 0;
		double dist[NMAX], best = INFINITY;
		size_t bi = 0;
		ref_dijkstra3(&m, pol, src, (int)ns, 0, dist);
		for (size_t i = 0; i < ng; i++)
			if (dist[flat(&m, go[i])] < best - 1e-9) {
				best = dist[flat(&m, go[i])];
				bi = i;
			}
		for (int algo = 0; algo < 2; algo++) {
			astar_options o;
			astar_voxel_result r;
			astar_options_init(&o);
			o.diagonal = pol;
			o.heuristic = h;
			o.algorithm =
				algo ? ASTAR_ALGO_DIJKSTRA : ASTAR_ALGO_ASTAR;
			check_begin("voxel exact seed %llu pol %d h %d algo %d",
			            (unsigned long long)seed, (int)pol, (int)h,
			            algo);
			astar_status e = astar_voxels_search(ctx, m.v, st, ns,
			                                     go, ng, &o, &r);
			if (bad) {
				CHECK(e == ASTAR_ESTART_BLOCKED ||
				              e == ASTAR_EGOAL_BLOCKED,
				      "blocked endpoint gave %d", (int)e);
			} else {
				CHECK(e == ASTAR_OK, "status %d", (int)e);
				CHECK(r.found == isfinite(best),
				      "found %d, ref %g", r.found, best);
				if (r.found && isfinite(best)) {
					CHECK(fabs(r.cost - best) <=
					              1e-9 * (1 + best),
					      "cost %.12g, ref %.12g", r.cost,
					      best);
					CHECK(r.goal_index == bi,
					      "goal %zu, first at that cost %zu",
					      r.goal_index, bi);
					replay(&m, pol, &r, st, NULL);
				}
			}
			check_end();
		}
		astar_voxels_free(m.v);
	}
	astar_ctx_free(ctx);
}

/* Breadth-first search takes the fewest moves and greedy search finds
 * a legal path whenever there is one. */
static void test_bfs_greedy(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1000; seed < 1200; seed++) {
		vworld m;
		uint64_t s = seed * 31;
		vw_make(&m, seed, seed % 2);
		astar_diagonal pol = policies[seed % 3];
		astar_place a = rand_place(&m, &s, 1),
			    b = rand_place(&m, &s, 1);
		if (vw_at(&m, a.x, a.y, a.z) == 0 ||
		    vw_at(&m, b.x, b.y, b.z) == 0) {
			astar_voxels_free(m.v);
			continue;
		}
		int src = flat(&m, a);
		double moves[NMAX];
		ref_dijkstra3(&m, pol, &src, 1, 1, moves);
		for (int algo = 0; algo < 2; algo++) {
			astar_options o;
			astar_voxel_result r;
			double n = 0;
			astar_options_init(&o);
			o.diagonal = pol;
			o.algorithm = algo ? ASTAR_ALGO_GREEDY : ASTAR_ALGO_BFS;
			check_begin("voxel %s seed %llu",
			            algo ? "greedy" : "bfs",
			            (unsigned long long)seed);
			CHECK(astar_voxels_search(ctx, m.v, &a, 1, &b, 1, &o,
			                          &r) == ASTAR_OK,
			      "status");
			CHECK(r.found == isfinite(moves[flat(&m, b)]),
			      "found %d", r.found);
			if (r.found) {
				replay(&m, pol, &r, &a, &n);
				if (!algo)
					CHECK(n == moves[flat(&m, b)],
					      "%g moves, fewest %g", n,
					      moves[flat(&m, b)]);
			}
			check_end();
		}
		astar_voxels_free(m.v);
	}
	astar_ctx_free(ctx);
}

/* adjacent: the cheapest voxel from which one legal move enters the
 * goal (seen as open); closest: a reachable voxel nearest the goal. */
static void test_adjacent_closest(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 2000; seed < 2300; seed++) {
		vworld m;
		uint64_t s = seed * 131;
		vw_make(&m, seed, seed % 2);
		astar_diagonal pol = policies[seed % 3];
		astar_place a = rand_place(&m, &s, 1),
			    b = rand_place(&m, &s, 0);
		if (vw_at(&m, a.x, a.y, a.z) == 0) {
			astar_voxels_free(m.v);
			continue;
		}
		int src = flat(&m, a);
		double dist[NMAX], best = INFINITY, near = INFINITY;
		ref_dijkstra3(&m, pol, &src, 1, 0, dist);
		for (int i = 0; i < m.w * m.h * m.d; i++) {
			int x = i % m.w, y = i / m.w % m.h, z = i / (m.w * m.h);
			double dx = x - b.x, dy = y - b.y, dz = z - b.z;
			if (isfinite(dist[i]) &&
			    dx * dx + dy * dy + dz * dz < near)
				near = dx * dx + dy * dy + dz * dz;
			if (!isfinite(dist[i]) ||
			    !ref_legal(&m, pol, x, y, z, b.x - x, b.y - y,
			               b.z - z, b.x, b.y, b.z) ||
			    abs(b.x - x) > 1 || abs(b.y - y) > 1 ||
			    abs(b.z - z) > 1)
				continue;
			if (dist[i] < best)
				best = dist[i];
		}
		if (a.x == b.x && a.y == b.y && a.z == b.z)
			best = 0.0;
		astar_options o;
		astar_voxel_result r;
		astar_options_init(&o);
		o.diagonal = pol;
		o.adjacent = 1;
		check_begin("voxel adjacent seed %llu",
		            (unsigned long long)seed);
		CHECK(astar_voxels_search(ctx, m.v, &a, 1, &b, 1, &o, &r) ==
		              ASTAR_OK,
		      "status");
		CHECK(r.reached_goal == isfinite(best), "reached %d, ref %g",
		      r.reached_goal, best);
		if (r.reached_goal && isfinite(best)) {
			CHECK(fabs(r.cost - best) <= 1e-9 * (1 + best),
			      "cost %.12g, ref %.12g", r.cost, best);
			replay(&m, pol, &r, &a, NULL);
		}
		check_end();
		o.adjacent = 0;
		o.closest = 1;
		check_begin("voxel closest seed %llu",
		            (unsigned long long)seed);
		CHECK(astar_voxels_search(ctx, m.v, &a, 1, &b, 1, &o, &r) ==
		              ASTAR_OK,
		      "status");
		CHECK(r.found, "closest found nothing");
		if (r.found) {
			double dx = r.end.x - b.x, dy = r.end.y - b.y,
			       dz = r.end.z - b.z;
			CHECK(dx * dx + dy * dy + dz * dz == near,
			      "ends %g from the goal, nearest %g",
			      dx * dx + dy * dy + dz * dz, near);
			replay(&m, pol, &r, &a, NULL);
			CHECK(fabs(r.cost - dist[flat(&m, r.end)]) <=
			              1e-9 * (1 + r.cost),
			      "closest path costs %.12g, shortest %.12g",
			      r.cost, dist[flat(&m, r.end)]);
		}
		check_end();
		astar_voxels_free(m.v);
	}
	astar_ctx_free(ctx);
}

/* The distance map is the reference's from the nearest source; the
 * regions join exactly the voxels that reach each other. */
static void test_flood_regions(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 3000; seed < 3150; seed++) {
		vworld m;
		uint64_t s = seed * 17;
		vw_make(&m, seed, seed % 2);
		astar_diagonal pol = policies[seed % 3];
		astar_place src[2] = {rand_place(&m, &s, 1),
		                      rand_place(&m, &s, 1)};
		int fs[2] = {flat(&m, src[0]), flat(&m, src[1])};
		int n = m.w * m.h * m.d;
		double dist[NMAX];
		const double *got;
		const uint32_t *labels;
		size_t reached, count, want_count = 0;
		astar_options o;
		astar_options_init(&o);
		o.diagonal = pol;
		check_begin("voxel flood seed %llu", (unsigned long long)seed);
		if (vw_at(&m, src[0].x, src[0].y, src[0].z) &&
		    vw_at(&m, src[1].x, src[1].y, src[1].z)) {
			ref_dijkstra3(&m, pol, fs, 2, 0, dist);
			CHECK(astar_voxels_flood(ctx, m.v, src, 2, &o, &got,
			                         &reached) == ASTAR_OK,
			      "status");
			size_t want = 0;
			for (int i = 0; i < n; i++) {
				want += isfinite(dist[i]);
				double d = isfinite(dist[i]) ? dist[i] : -1.0;
				CHECK(fabs(got[i] - d) <= 1e-9 * (1 + fabs(d)),
				      "voxel %d: %g, ref %g", i, got[i], d);
			}
			CHECK(reached == want, "reached %zu, ref %zu", reached,
			      want);
		}
		CHECK(astar_voxels_regions(ctx, m.v, &o, &count, &labels) ==
		              ASTAR_OK,
		      "regions status");
		for (int i = 0; i < n; i++) {
			if (m.cost[i] == 0) {
				CHECK(labels[i] == 0, "blocked voxel labelled");
				continue;
			}
			int first = 1;
			for (int j = 0; j < i; j++)
				if (m.cost[j] && labels[j] == labels[i])
					first = 0;
			want_count += first;
		}
		/* the same label iff reachable, from a few voxels */
		for (int k = 0; k < 3; k++) {
			astar_place p = rand_place(&m, &s, 1);
			int fp = flat(&m, p);
			if (m.cost[fp] == 0)
				continue;
			ref_dijkstra3(&m, pol, &fp, 1, 1, dist);
			for (int i = 0; i < n; i++)
				if (m.cost[i])
					CHECK((labels[i] == labels[fp]) ==
					              isfinite(dist[i]),
					      "voxel %d labelled %u, %d %u", i,
					      labels[i], fp, labels[fp]);
		}
		CHECK(count == want_count, "count %zu, labels say %zu", count,
		      want_count);
		check_end();
		astar_voxels_free(m.v);
	}
	astar_ctx_free(ctx);
}

/* The flow field: at every voxel with a cost, a legal move from a
 * neighbour whose reference distance plus the move's cost is the
 * voxel's; walked from any voxel, the steps reach a source at its
 * reference cost; NONE at the sources and where there is no cost. */
static void flow_walk(const vworld *m, astar_diagonal pol,
                      const uint8_t *flow, const double *dist, int start)
{
	int n = m->w * m->h * m->d, at = start;
	double c = 0.0;

	for (int steps = 0; steps <= n && dist[at] > 0.0; steps++) {
		int code = flow[at], dx = code % 3 - 1, dy = code / 3 % 3 - 1,
		    dz = code / 9 - 1;
		int x = at % m->w, y = at / m->w % m->h, z = at / (m->w * m->h);
		if (code == ASTAR_VOXEL_FLOW_NONE || code > 26 ||
		    !ref_legal(m, pol, x + dx, y + dy, z + dz, -dx, -dy, -dz,
		               -1, -1, -1)) {
			CHECK(0, "voxel %d: step %d is no legal move", at, code);
			return;
		}
		c += ref_len(dx, dy, dz) * m->cost[at];
		at = ((z + dz) * m->h + y + dy) * m->w + x + dx;
	}
	CHECK(dist[at] == 0.0, "voxel %d: the flow reaches no source", start);
	CHECK(fabs(c - dist[start]) <= 1e-9 * (1 + c),
	      "voxel %d: the flow's path costs %.12g, ref %.12g", start, c,
	      dist[start]);
}

static void test_flow(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 5000; seed < 5150; seed++) {
		vworld m;
		uint64_t s = seed * 29;
		vw_make(&m, seed, seed % 2);
		astar_diagonal pol = policies[seed % 3];
		astar_place src[2] = {rand_place(&m, &s, 1),
		                      rand_place(&m, &s, 1)};
		int fs[2] = {flat(&m, src[0]), flat(&m, src[1])};
		int n = m.w * m.h * m.d, ns = 1 + (int)(seed % 2);
		double dist[NMAX];
		const double *got;
		const uint8_t *flow = NULL;
		size_t reached;
		astar_options o;
		astar_options_init(&o);
		o.diagonal = pol;
		check_begin("voxel flow seed %llu", (unsigned long long)seed);
		if (m.cost[fs[0]] && m.cost[fs[1]]) {
			ref_dijkstra3(&m, pol, fs, ns, 0, dist);
			CHECK(astar_voxels_flood(ctx, m.v, src, (size_t)ns, &o,
			                         &got, &reached) == ASTAR_OK &&
			              astar_voxels_flow(ctx, m.v, &o, got,
			                                &flow) == ASTAR_OK,
			      "status");
			for (int i = 0; flow != NULL && i < n; i++) {
				if (!isfinite(dist[i]) || dist[i] == 0.0)
					CHECK(flow[i] == ASTAR_VOXEL_FLOW_NONE,
					      "voxel %d: step %d, no cost", i,
					      flow[i]);
				else
					flow_walk(&m, pol, flow, dist, i);
			}
		}
		CHECK(astar_voxels_flow(ctx, m.v, &o, NULL, &flow) ==
		              ASTAR_EINVAL &&
		              flow == NULL,
		      "a NULL distance map is refused");
		check_end();
		astar_voxels_free(m.v);
	}
	astar_ctx_free(ctx);
}

/* The 3D octile distance is exact on an open grid: A* expands only the
 * voxels of one shortest path. */
static void test_octile_exact(void)
{
	astar_ctx *ctx = astar_ctx_new();
	astar_voxels *v = astar_voxels_new(20, 30, 40, NULL);
	astar_place a = {1, 2, 3, 0}, b = {17, 9, 38, 0};
	astar_options o;
	astar_voxel_result r;

	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	check_begin("voxel octile exact on an open grid");
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) == ASTAR_OK,
	      "status");
	/* offsets 16, 7, 35: 7 corner, 9 edge and 19 face moves */
	double want = 7 * sqrt(3.0) + 9 * sqrt(2.0) + 19;
	CHECK(fabs(r.cost - want) < 1e-9, "cost %.12g, want %.12g", r.cost,
	      want);
	/* The f of the voxels on shortest paths differ by roundings, so a
	 * few beside the path go first; a weaker heuristic (Dijkstra: the
	 * whole box) expands thousands. */
	CHECK(r.expanded < 4 * r.path_len, "expanded %llu for a path of %zu",
	      (unsigned long long)r.expanded, r.path_len);
	check_end();
	astar_voxels_free(v);
	astar_ctx_free(ctx);
}

/* What is refused, and how. */
static void test_refusals(void)
{
	astar_ctx *ctx = astar_ctx_new();
	astar_voxels *v = astar_voxels_new(4, 4, 4, NULL);
	astar_place a = {0, 0, 0, 0}, b = {3, 3, 3, 0}, out = {0, 0, 4, 0};
	astar_options o;
	astar_voxel_result r;
	astar_status st;

	check_begin("voxel refusals");
	CHECK(astar_voxels_new(0, 3, 3, &st) == NULL && st == ASTAR_ETOOBIG,
	      "a size of 0");
	CHECK(astar_voxels_new(3, -1, 3, &st) == NULL && st == ASTAR_ETOOBIG,
	      "a negative size");
	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_ONE_OBSTACLE;
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) ==
	              ASTAR_EUNSUPPORTED,
	      "one-obstacle");
	CHECK(!astar_voxels_supported(&o), "one-obstacle supported");
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	o.algorithm = ASTAR_ALGO_JPS;
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) ==
	              ASTAR_EUNSUPPORTED,
	      "jps");
	o.algorithm = ASTAR_ALGO_ASTAR;
	CHECK(astar_voxels_search(ctx, v, &a, 1, &out, 1, &o, &r) ==
	              ASTAR_ERANGE,
	      "outside");
	astar_voxels_set(v, 3, 3, 3, 0);
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) ==
	              ASTAR_EGOAL_BLOCKED,
	      "goal blocked");
	CHECK(astar_voxels_search(ctx, v, &b, 1, &a, 1, &o, &r) ==
	              ASTAR_ESTART_BLOCKED,
	      "start blocked");
	CHECK(astar_voxels_get(v, 3, 3, 3) == 0 &&
	              astar_voxels_get(v, 2, 3, 3) == 1 &&
	              astar_voxels_get(v, -1, 0, 0) == 0,
	      "get");
	check_end();
	astar_voxels_free(v);
	astar_ctx_free(ctx);
}

void test_voxel(void)
{
	test_exact();
	test_bfs_greedy();
	test_adjacent_closest();
	test_flood_regions();
	test_flow();
	test_octile_exact();
	test_refusals();
}
