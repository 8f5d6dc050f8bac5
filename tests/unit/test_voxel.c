/*
 * test_voxel.c - voxel grids (astar_voxels_*) against the tests' own
 * model (voxel_model.c): the rules of a move read from the specification
 * and a plain O(n^2) Dijkstra over them, knowing nothing of the
 * library's code.
 *
 * Seeded random grids of up to 7 x 7 x 7 voxels, a fifth to a half
 * blocked, with and without terrain costs: every policy and heuristic,
 * A*, Dijkstra, breadth-first and greedy search, several starts and
 * goals, adjacent, closest, the distance map, its flow field, the
 * regions, voxels blocked and given back between two searches of one
 * context; and the pruned search (jps) on larger, mostly open grids of
 * one cost.  Every path is replayed move by move.  Runs as the module
 * "voxel".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "rng.h"
#include "unit.h"
#include "voxel_model.h"

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

/* adjacent and closest under every policy, with and without terrain. */
static void test_adjacent_closest(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 2000; seed < 2300; seed++) {
		vworld m;
		uint64_t s = seed * 131;
		vw_make(&m, seed, seed % 2);
		astar_place a = rand_place(&m, &s, 1),
			    b = rand_place(&m, &s, 0);
		if (vw_at(&m, a.x, a.y, a.z) == 0) {
			astar_voxels_free(m.v);
			continue;
		}
		astar_options o;
		astar_options_init(&o);
		o.diagonal = policies[seed % 3];
		o.adjacent = 1;
		check_begin("voxel adjacent seed %llu",
		            (unsigned long long)seed);
		check_adjacent(ctx, &m, a, b, &o);
		check_end();
		o.adjacent = 0;
		o.closest = 1;
		check_begin("voxel closest seed %llu",
		            (unsigned long long)seed);
		check_closest(ctx, &m, a, b, &o);
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
	/* Pruned, the voxels of the path make their natural successors
	 * only: 1 to 7 where A* makes 26. */
	uint64_t astar_gen = r.generated;
	o.algorithm = ASTAR_ALGO_JPS;
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) == ASTAR_OK &&
	              fabs(r.cost - want) < 1e-9,
	      "jps: cost %.12g, want %.12g", r.cost, want);
	CHECK(2 * r.generated < astar_gen, "jps generated %llu, A* %llu",
	      (unsigned long long)r.generated, (unsigned long long)astar_gen);
	check_end();
	astar_voxels_free(v);
	astar_ctx_free(ctx);
}

/* One pruned search against the reference: its cost, the goal of that
 * cost given first, a legal path; *gen gets its generated count. */
static void jps_one(astar_ctx *ctx, const vworld *m, const astar_place *st,
                    size_t ns, const astar_place *go, size_t ng,
                    const astar_options *o, uint64_t *gen)
{
	int src[3];
	double dist[NMAX], best = INFINITY;
	size_t bi = 0;
	astar_voxel_result r;

	for (size_t i = 0; i < ns; i++)
		src[i] = flat(m, st[i]);
	ref_dijkstra3(m, ASTAR_DIAG_NO_OBSTACLES, src, (int)ns, 0, dist);
	for (size_t i = 0; i < ng; i++)
		if (dist[flat(m, go[i])] < best - 1e-9) {
			best = dist[flat(m, go[i])];
			bi = i;
		}
	CHECK(astar_voxels_search(ctx, m->v, st, ns, go, ng, o, &r) ==
	              ASTAR_OK,
	      "status");
	*gen += r.generated;
	CHECK(r.found == isfinite(best), "found %d, ref %g", r.found, best);
	if (!r.found || !isfinite(best))
		return;
	CHECK(fabs(r.cost - best) <= 1e-9 * (1 + best), "cost %.12g, ref %.12g",
	      r.cost, best);
	CHECK(r.goal_index == bi, "goal %zu, first at that cost %zu",
	      r.goal_index, bi);
	replay(m, ASTAR_DIAG_NO_OBSTACLES, &r, st, NULL);
}

/* The pruned search (jps) on mostly open grids of one cost, several
 * starts and goals: exactly the reference's costs, while it generates
 * fewer voxels than A* (it prunes). */
static void test_voxel_jps(void)
{
	astar_ctx *ctx = astar_ctx_new();
	uint64_t gen_jps = 0, gen_astar = 0;

	for (uint64_t seed = 5000; seed < 5250; seed++) {
		vworld m;
		uint64_t s = seed * 104729;
		vw_make_sparse(&m, seed);
		size_t ns = 1 + rng_below(&s, 3), ng = 1 + rng_below(&s, 4);
		astar_place st[3], go[4];
		int bad = 0;
		for (size_t i = 0; i < ns; i++) {
			st[i] = rand_place(&m, &s, 1);
			bad |= vw_at(&m, st[i].x, st[i].y, st[i].z) == 0;
		}
		for (size_t i = 0; i < ng; i++) {
			go[i] = rand_place(&m, &s, 1);
			bad |= vw_at(&m, go[i].x, go[i].y, go[i].z) == 0;
		}
		if (bad) {
			astar_voxels_free(m.v);
			continue;
		}
		astar_options o;
		astar_options_init(&o);
		o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
		o.heuristic = seed % 2 ? ASTAR_H_OCTILE : ASTAR_H_DEFAULT;
		check_begin("voxel jps seed %llu", (unsigned long long)seed);
		CHECK(astar_voxels_choose(m.v, &o) == ASTAR_ALGO_JPS,
		      "auto does not take jps");
		o.algorithm = ASTAR_ALGO_JPS;
		jps_one(ctx, &m, st, ns, go, ng, &o, &gen_jps);
		o.algorithm = ASTAR_ALGO_ASTAR;
		jps_one(ctx, &m, st, ns, go, ng, &o, &gen_astar);
		/* adjacent and closest toward any voxel, a blocked one too */
		astar_place b = rand_place(&m, &s, 0);
		o.algorithm = ASTAR_ALGO_JPS;
		o.adjacent = 1;
		check_adjacent(ctx, &m, st[0], b, &o);
		o.adjacent = 0;
		o.closest = 1;
		check_closest(ctx, &m, st[0], b, &o);
		check_end();
		astar_voxels_free(m.v);
	}
	check_begin("voxel jps prunes");
	CHECK(gen_jps < gen_astar, "jps generated %llu, A* %llu",
	      (unsigned long long)gen_jps, (unsigned long long)gen_astar);
	check_end();
	astar_ctx_free(ctx);
}

/* jps where its pruning would not be exact: refused, and auto takes A*. */
static void jps_refusals(astar_ctx *ctx, astar_voxels *v, astar_place a,
                         astar_place b)
{
	astar_options o;
	astar_voxel_result r;
	const double *dist;
	size_t reached;

	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_JPS;
	o.diagonal = ASTAR_DIAG_NEVER;
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) ==
	                      ASTAR_EUNSUPPORTED &&
	              astar_voxels_choose(v, &o) == ASTAR_ALGO_ASTAR,
	      "jps with 6 moves");
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	o.heuristic = ASTAR_H_EUCLIDEAN;
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) ==
	                      ASTAR_EUNSUPPORTED &&
	              astar_voxels_choose(v, &o) == ASTAR_ALGO_ASTAR,
	      "jps with the Euclidean heuristic");
	o.heuristic = ASTAR_H_DEFAULT;
	o.weight = 2.0;
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) ==
	              ASTAR_EUNSUPPORTED,
	      "jps with a weight");
	o.weight = 1.0;
	CHECK(astar_voxels_flood(ctx, v, &a, 1, &o, &dist, &reached) ==
	              ASTAR_EUNSUPPORTED,
	      "jps flood");
	astar_voxels_set(v, 1, 1, 1, 2);
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) ==
	                      ASTAR_EUNSUPPORTED &&
	              astar_voxels_choose(v, &o) == ASTAR_ALGO_ASTAR,
	      "jps over terrain");
	astar_voxels_set(v, 1, 1, 1, 1);
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
	CHECK(astar_voxels_search(ctx, v, &a, 1, &b, 1, &o, &r) == ASTAR_OK,
	      "jps under the box rule");
	jps_refusals(ctx, v, a, b);
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

/* One search of ctx from st to go on m (its model as it stands)
 * against the reference: found, and the cost; tag names the case. */
static void search_vs_ref(astar_ctx *ctx, const vworld *m, astar_place st,
                          astar_place go, const char *tag)
{
	astar_options o;
	astar_voxel_result r;
	double dist[NMAX];
	int src = flat(m, st);
	int open = vw_at(m, st.x, st.y, st.z) && vw_at(m, go.x, go.y, go.z);
	astar_status e;

	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	ref_dijkstra3(m, ASTAR_DIAG_NO_OBSTACLES, &src, 1, 0, dist);
	e = astar_voxels_search(ctx, m->v, &st, 1, &go, 1, &o, &r);
	CHECK(open ? e == ASTAR_OK
	           : e == ASTAR_ESTART_BLOCKED || e == ASTAR_EGOAL_BLOCKED,
	      "%s: status %d", tag, (int)e);
	if (e != ASTAR_OK || !open)
		return;
	double best = dist[flat(m, go)];
	CHECK(r.found == isfinite(best), "%s: found %d, ref %g", tag, r.found,
	      best);
	if (r.found && isfinite(best)) {
		CHECK(fabs(r.cost - best) <= 1e-9 * (1 + best),
		      "%s: cost %.12g, ref %.12g", tag, r.cost, best);
		replay(m, ASTAR_DIAG_NO_OBSTACLES, &r, &st, NULL);
	}
}

/* A query's blocked voxels (a JSON level's "block"): voxels set to 0
 * between two searches of one context, then given their costs back
 * last to first (a voxel named twice gets its own), as the CLI does.
 * The search sees each change: exact on the blocked grid, and on the
 * restored one exact as before. */
static void test_block_restore(void)
{
	astar_ctx *ctx = astar_ctx_new();

	for (uint64_t seed = 1; seed <= 200; seed++) {
		vworld m;
		uint64_t s = seed * 104729;
		astar_place b[6];
		uint8_t saved[6];
		vw_make(&m, seed, seed % 2 == 0);
		astar_place st = rand_place(&m, &s, 1);
		astar_place go = rand_place(&m, &s, 1);
		size_t nb = 1 + rng_below(&s, 6);
		check_begin("voxel block seed %llu", (unsigned long long)seed);
		search_vs_ref(ctx, &m, st, go, "before");
		for (size_t i = 0; i < nb; i++) {
			/* now and then the same voxel twice */
			b[i] = i > 0 && rng_below(&s, 4) == 0
			               ? b[i - 1]
			               : rand_place(&m, &s, 0);
			saved[i] = astar_voxels_get(m.v, b[i].x, b[i].y,
			                            b[i].z);
		}
		for (size_t i = nb; i-- > 0;) {
			astar_voxels_set(m.v, b[i].x, b[i].y, b[i].z, 0);
			m.cost[flat(&m, b[i])] = 0;
		}
		search_vs_ref(ctx, &m, st, go, "blocked");
		for (size_t i = nb; i-- > 0;) {
			astar_voxels_set(m.v, b[i].x, b[i].y, b[i].z,
			                 saved[i]);
			m.cost[flat(&m, b[i])] = saved[i];
		}
		search_vs_ref(ctx, &m, st, go, "restored");
		check_end();
		astar_voxels_free(m.v);
	}
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
	test_voxel_jps();
	test_refusals();
	test_block_restore();
}
