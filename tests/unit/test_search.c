/*
 * test_search.c - A*, Dijkstra, BFS and greedy search against the
 * reference model (reference.c).
 *
 * Hand-written known-answer searches and status codes, and seeded
 * property tests that compare astar_search against the independent
 * Dijkstra in reference.c on thousands of random grids, for every diagonal
 * policy and every heuristic the library calls admissible, plus weighted
 * A*, --adjacent, --closest and both combined.  Every returned path is
 * replayed step by step under the movement rules, and every query is
 * asked again with options.no_path, which must give the same answer and
 * counts without the cells.  One astar_ctx is shared
 * by all queries (grid sizes change between them); determinism is checked
 * by repeating queries on it and on fresh contexts, also across the wrap
 * of a context's generation counter.
 *
 * Failures go to stderr with the seed, the grid as ASCII and the query.
 * The runner (main.c) runs it as the module "search".
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "ctx.h" /* the generation counter, set near its wrap */
#include "reference.h"
#include "rng.h"
#include "names.h"
#include "unit.h"

#define N_GRIDS   3000
#define BASE_SEED 0xA57A0000ULL

/* The context shared by nearly every query in this file. */
static astar_ctx *ctx;

/* ------------------------------------------------------------ helpers */

static astar_point pt(int x, int y)
{
	astar_point p;

	p.x = x;
	p.y = y;
	return p;
}

static int pt_eq(astar_point a, astar_point b)
{
	return a.x == b.x && a.y == b.y;
}

static size_t cell_index(const ref_grid *g, astar_point p)
{
	return (size_t)p.y * (size_t)g->w + (size_t)p.x;
}

static int cost_eq(double got, double want)
{
	return fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want));
}

static long long sqdist(astar_point a, astar_point b)
{
	long long dx = (long long)a.x - b.x, dy = (long long)a.y - b.y;

	return dx * dx + dy * dy;
}

/* ------------------------------------------------------- reference */

/* Exact costs of the latest reference() run; closest_cell() uses them to
 * recognise ties.  Every dist array handed to the checks below comes from
 * the latest reference() call. */
static ref_exact *ref_ex;
static size_t ref_ex_cap;

static void reference(const ref_grid *g, astar_diagonal pol, astar_point s,
                      double *dist)
{
	size_t n = (size_t)g->w * (size_t)g->h;

	if (ref_ex_cap < n) {
		free(ref_ex);
		ref_ex = malloc(n * sizeof *ref_ex);
		if (!ref_ex)
			exit(2);
		ref_ex_cap = n;
	}
	if (!ref_dijkstra(g, pol, (int)s.x, (int)s.y, dist, ref_ex))
		exit(2);
}

/* ----------------------------------------------------- query context */

typedef struct query {
	const char *kind;
	unsigned long long seed; /* 0: a hand-written test */
	const ref_grid *g;
	astar_point start, goal;
	astar_options opts;
} query;

static query cur_q;

static void print_grid(const ref_grid *g, astar_point s, astar_point t)
{
	int x, y;

	if ((long long)g->w * g->h > 20000) {
		fprintf(stderr, "    (grid %dx%d too large to show)\n", g->w,
		        g->h);
		return;
	}
	fprintf(stderr,
	        "    grid %dx%d (# wall, . cost 1, 2-9 cost, + cost > 9, "
	        "S start, G goal/target, @ target on a wall):\n",
	        g->w, g->h);
	for (y = 0; y < g->h; y++) {
		fputs("    ", stderr);
		for (x = 0; x < g->w; x++) {
			int c = ref_cost(g, x, y);
			int ch = c == 0   ? '#'
			         : c == 1 ? '.'
			         : c <= 9 ? '0' + c
			                  : '+';

			if (x == t.x && y == t.y)
				ch = c ? 'G' : '@';
			if (x == s.x && y == s.y)
				ch = 'S';
			fputc(ch, stderr);
		}
		fprintf(stderr, "   %d\n", y);
	}
}

static void dump_query(void *arg)
{
	const query *q = arg;

	if (q->seed)
		fprintf(stderr, "    seed %llu (0x%llx)\n", q->seed, q->seed);
	fprintf(stderr,
	        "    query: start (%d,%d) goal (%d,%d) diagonal=%s "
	        "heuristic=%s algorithm=%s weight=%g adjacent=%d closest=%d "
	        "explored=%d\n",
	        (int)q->start.x, (int)q->start.y, (int)q->goal.x,
	        (int)q->goal.y, diag_name(q->opts.diagonal),
	        heur_name(q->opts.heuristic), algo_name(q->opts.algorithm),
	        q->opts.weight, q->opts.adjacent, q->opts.closest,
	        q->opts.explored);
	if (q->g)
		print_grid(q->g, q->start, q->goal);
}

static void begin_query(const query *q)
{
	cur_q = *q;
	check_begin("%s seed=%llu %dx%d (%d,%d)->(%d,%d) %s/%s/%s w=%g adj=%d "
	            "closest=%d",
	            q->kind, q->seed, q->g ? q->g->w : 0, q->g ? q->g->h : 0,
	            (int)q->start.x, (int)q->start.y, (int)q->goal.x,
	            (int)q->goal.y, diag_name(q->opts.diagonal),
	            heur_name(q->opts.heuristic), algo_name(q->opts.algorithm),
	            q->opts.weight, q->opts.adjacent, q->opts.closest);
	check_context(dump_query, &cur_q);
}

/* -------------------------------------------------------- grid setup */

/* A library grid with the reference grid's cells, filled cell by cell
 * with astar_grid_set or row by row through astar_grid_row. */
static astar_grid *lib_grid(const ref_grid *g, int via_rows)
{
	astar_status st = ASTAR_OK;
	astar_grid *lg = astar_grid_new(g->w, g->h, &st);
	int x, y, minc = 0;

	if (!lg) {
		fprintf(stderr, "astar_grid_new(%d, %d) failed: %s\n", g->w, g->h,
		        astar_strerror(st));
		exit(2);
	}
	for (y = 0; y < g->h; y++) {
		if (via_rows) {
			uint8_t *row = astar_grid_row(lg, y);

			memcpy(row, g->cost + (size_t)y * (size_t)g->w,
			       (size_t)g->w);
		}
		for (x = 0; x < g->w; x++) {
			int c = ref_cost(g, x, y);

			if (!via_rows)
				astar_grid_set(lg, x, y, (uint8_t)c);
			if (c && (minc == 0 || c < minc))
				minc = c;
		}
	}
	if (via_rows)
		astar_grid_recount(lg);
	return lg;
}

static int ref_min_cost(const ref_grid *g)
{
	size_t i, n = (size_t)g->w * (size_t)g->h;
	int m = 0;

	for (i = 0; i < n; i++)
		if (g->cost[i] && (m == 0 || g->cost[i] < m))
			m = g->cost[i];
	return m;
}

/* A reference grid from ASCII rows: # wall, . cost 1, 1-9 cost. */
static void ref_from_rows(ref_grid *g, const char *const *rows, int h)
{
	int x, y;

	g->w = (int)strlen(rows[0]);
	g->h = h;
	g->cost = malloc((size_t)g->w * (size_t)h);
	if (!g->cost)
		exit(2);
	for (y = 0; y < h; y++) {
		for (x = 0; x < g->w; x++) {
			char c = rows[y][x];

			g->cost[(size_t)y * (size_t)g->w + (size_t)x] =
				(uint8_t)(c == '#'   ? 0
			                  : c == '.' ? 1
			                             : c - '0');
		}
	}
}

/* -------------------------------------------------- result checks */

/* Replays r's path under the rules; returns 1 when it is valid. */
static int check_path(const query *q, const astar_result *r)
{
	const ref_grid *g = q->g;
	double sum = 0.0;
	size_t i;

	if (!CHECK(r->path_len >= 1 && r->path != NULL,
	           "found=1 but path_len %zu, path %p", r->path_len,
	           (const void *)r->path))
		return 0;
	if (!CHECK(pt_eq(r->path[0], q->start),
	           "path starts at (%d,%d), expected the start (%d,%d)",
	           (int)r->path[0].x, (int)r->path[0].y, (int)q->start.x,
	           (int)q->start.y))
		return 0;
	if (!CHECK(pt_eq(r->path[r->path_len - 1], r->end),
	           "path ends at (%d,%d) but result.end is (%d,%d)",
	           (int)r->path[r->path_len - 1].x,
	           (int)r->path[r->path_len - 1].y, (int)r->end.x,
	           (int)r->end.y))
		return 0;
	for (i = 0; i + 1 < r->path_len; i++) {
		astar_point a = r->path[i], b = r->path[i + 1];
		int dx = (int)(b.x - a.x), dy = (int)(b.y - a.y);

		if (!CHECK(ref_move_legal(g, q->opts.diagonal, (int)a.x,
		                          (int)a.y, dx, dy, -1, -1),
		           "path step %zu (%d,%d)->(%d,%d) is not a legal move "
		           "under diagonal=%s",
		           i, (int)a.x, (int)a.y, (int)b.x, (int)b.y,
		           diag_name(q->opts.diagonal)))
			return 0;
		sum += ref_step_cost(g, (int)a.x, (int)a.y, dx, dy);
	}
	return CHECK(cost_eq(r->cost, sum),
	             "result.cost %.12g but the path's steps sum to %.12g "
	             "(path_len %zu)",
	             r->cost, sum, r->path_len);
}

static void check_not_found(const astar_result *r)
{
	CHECK(r->found == 0, "found %d, expected 0 (no path)", r->found);
	CHECK(r->reached_goal == 0, "reached_goal %d, expected 0",
	      r->reached_goal);
	CHECK(r->path_len == 0, "path_len %zu with found=0", r->path_len);
}

/* The per-cell stamps used to test explored lists for duplicates. */
static unsigned *seen;
static size_t seen_cap;
static unsigned seen_stamp;

static void check_explored(const query *q, const double *dist,
                           const astar_result *r)
{
	const ref_grid *g = q->g;
	size_t i, n = (size_t)g->w * (size_t)g->h;

	if (!q->opts.explored) {
		CHECK(r->explored_len == 0,
		      "explored_len %zu without options.explored",
		      r->explored_len);
		return;
	}
	CHECK((uint64_t)r->explored_len == r->expanded,
	      "explored_len %zu != expanded %llu", r->explored_len,
	      (unsigned long long)r->expanded);
	if (r->explored_len == 0)
		return;
	if (!CHECK(r->explored != NULL, "explored_len %zu, explored NULL",
	           r->explored_len))
		return;
	CHECK(pt_eq(r->explored[0], q->start),
	      "explored[0] is (%d,%d), expected the start (%d,%d)",
	      (int)r->explored[0].x, (int)r->explored[0].y, (int)q->start.x,
	      (int)q->start.y);
	if (seen_cap < n) {
		free(seen);
		seen = calloc(n, sizeof *seen);
		if (!seen)
			exit(2);
		seen_cap = n;
		seen_stamp = 0;
	}
	seen_stamp++;
	for (i = 0; i < r->explored_len; i++) {
		astar_point p = r->explored[i];
		size_t k;

		if (!CHECK(p.x >= 0 && p.y >= 0 && p.x < g->w && p.y < g->h,
		           "explored[%zu] (%d,%d) outside the grid", i,
		           (int)p.x, (int)p.y))
			return;
		k = cell_index(g, p);
		if (!CHECK(seen[k] != seen_stamp,
		           "explored[%zu] (%d,%d) was already expanded", i,
		           (int)p.x, (int)p.y))
			return;
		seen[k] = seen_stamp;
		if (dist && !CHECK(isfinite(dist[k]),
		                   "explored[%zu] (%d,%d) is not reachable", i,
		                   (int)p.x, (int)p.y))
			return;
	}
}

/*
 * A search towards an open goal.  bound: 1 for an exact (admissible,
 * unweighted) search, the weight for weighted A*, INFINITY when only
 * validity and reachability can be promised.
 */
static void expect_goal(const query *q, const double *dist, astar_status st,
                        const astar_result *r, double bound)
{
	double opt = dist[cell_index(q->g, q->goal)];
	int reach = isfinite(opt);

	if (!CHECK(st == ASTAR_OK, "status %d (%s), expected ASTAR_OK", (int)st,
	           astar_strerror(st)))
		return;
	if (!CHECK(r->found == reach,
	           "found %d, reference says reachable=%d (reference cost "
	           "%.12g)",
	           r->found, reach, opt))
		return;
	if (!reach) {
		check_not_found(r);
		return;
	}
	CHECK(r->reached_goal == 1, "reached_goal %d, expected 1",
	      r->reached_goal);
	CHECK(pt_eq(r->end, q->goal), "end (%d,%d), expected the goal (%d,%d)",
	      (int)r->end.x, (int)r->end.y, (int)q->goal.x, (int)q->goal.y);
	if (bound == 1.0) {
		CHECK(cost_eq(r->cost, opt), "cost %.12g, reference %.12g",
		      r->cost, opt);
	} else {
		CHECK(r->cost >= opt - 1e-9 * fmax(1.0, opt),
		      "cost %.12g below the optimum %.12g", r->cost, opt);
		if (isfinite(bound))
			CHECK(r->cost <= bound * opt + 1e-9 * fmax(1.0, opt),
			      "cost %.12g exceeds %g x optimum %.12g", r->cost,
			      bound, opt);
	}
	if (pt_eq(q->start, q->goal))
		CHECK(r->path_len == 1 && r->cost == 0.0,
		      "start == goal: path_len %zu cost %.12g, expected 1 and 0",
		      r->path_len, r->cost);
	check_path(q, r);
}

/* A goal cell for --adjacent: open, not the target, and one legal move
 * (target treated as passable) reaches the target. */
static int adjacent_goal_cell(const ref_grid *g, astar_diagonal pol,
                              astar_point a, astar_point t)
{
	if (pt_eq(a, t) || !ref_open(g, (int)a.x, (int)a.y))
		return 0;
	return ref_move_legal(g, pol, (int)a.x, (int)a.y, (int)(t.x - a.x),
	                      (int)(t.y - a.y), (int)t.x, (int)t.y);
}

/* The --closest fallback: the reachable cell nearest the target, ties by
 * lower cost, then lower y, then lower x. */
static astar_point closest_cell(const ref_grid *g, const double *dist,
                                astar_point t)
{
	astar_point best = pt(-1, -1);
	long long bd = -1;
	double bc = 0.0;
	ref_exact be = {0, 0};
	int x, y;

	for (y = 0; y < g->h; y++) {
		for (x = 0; x < g->w; x++) {
			size_t k = (size_t)y * (size_t)g->w + (size_t)x;
			double c = dist[k];
			long long d = sqdist(pt(x, y), t);

			if (!isfinite(c))
				continue;
			/* Exactly equal costs tie, and row-major order breaks
			 * the tie by y, then x; otherwise the cheaper wins. */
			if (bd < 0 || d < bd ||
			    (d == bd && c < bc &&
			     !(ref_ex[k].a == be.a && ref_ex[k].b == be.b))) {
				best = pt(x, y);
				bd = d;
				bc = c;
				be = ref_ex[k];
			}
		}
	}
	return best;
}

static void expect_fallback(const query *q, const double *dist,
                            const astar_result *r)
{
	astar_point want = closest_cell(q->g, dist, q->goal);
	double wc = dist[cell_index(q->g, want)];

	if (!CHECK(r->found == 1,
	           "found %d, expected 1 (closest fallback to (%d,%d))",
	           r->found, (int)want.x, (int)want.y))
		return;
	CHECK(r->reached_goal == 0, "reached_goal %d for a closest fallback",
	      r->reached_goal);
	if (!pt_eq(r->end, want)) {
		int inside = r->end.x >= 0 && r->end.y >= 0 &&
		             r->end.x < q->g->w && r->end.y < q->g->h;
		ref_exact ge = inside ? ref_ex[cell_index(q->g, r->end)]
		                      : (ref_exact){-1, -1};
		ref_exact we = ref_ex[cell_index(q->g, want)];

		CHECK(0,
		      "closest fallback ends at (%d,%d) (sqdist %lld, reference "
		      "cost %.17g = %lld + %lld*sqrt2, library cost %.17g), "
		      "expected (%d,%d) (sqdist %lld, cost %.17g = %lld + "
		      "%lld*sqrt2)",
		      (int)r->end.x, (int)r->end.y, sqdist(r->end, q->goal),
		      inside ? dist[cell_index(q->g, r->end)] : NAN,
		      (long long)ge.a, (long long)ge.b, r->cost, (int)want.x,
		      (int)want.y, sqdist(want, q->goal), wc, (long long)we.a,
		      (long long)we.b);
		return;
	}
	CHECK(cost_eq(r->cost, wc), "fallback cost %.12g, reference %.12g",
	      r->cost, wc);
	check_path(q, r);
}

/* --adjacent, alone or with --closest. */
static void expect_adjacent(const query *q, const double *dist, astar_status st,
                            const astar_result *r)
{
	const ref_grid *g = q->g;
	astar_diagonal pol = q->opts.diagonal;
	astar_point t = q->goal;
	int start_ok =
		pt_eq(q->start, t) || adjacent_goal_cell(g, pol, q->start, t);
	double best = INFINITY;
	int x, y;

	if (!CHECK(st == ASTAR_OK, "status %d (%s), expected ASTAR_OK", (int)st,
	           astar_strerror(st)))
		return;
	for (y = 0; y < g->h; y++)
		for (x = 0; x < g->w; x++)
			if (adjacent_goal_cell(g, pol, pt(x, y), t) &&
			    dist[(size_t)y * (size_t)g->w + (size_t)x] < best)
				best = dist[(size_t)y * (size_t)g->w +
				            (size_t)x];
	if (start_ok) {
		if (!CHECK(r->found == 1 && r->reached_goal == 1,
		           "start on/next to the target: found %d reached_goal "
		           "%d, expected 1 1",
		           r->found, r->reached_goal))
			return;
		CHECK(r->path_len == 1 && r->cost == 0.0,
		      "start on/next to the target: path_len %zu cost %.12g, "
		      "expected 1 and 0",
		      r->path_len, r->cost);
		check_path(q, r);
		return;
	}
	if (isfinite(best)) {
		if (!CHECK(r->found == 1 && r->reached_goal == 1,
		           "found %d reached_goal %d, expected 1 1 (reference "
		           "cost %.12g)",
		           r->found, r->reached_goal, best))
			return;
		CHECK(cost_eq(r->cost, best), "cost %.12g, reference %.12g",
		      r->cost, best);
		CHECK(adjacent_goal_cell(g, pol, r->end, t),
		      "path ends at (%d,%d), which is not a legal move away "
		      "from the target",
		      (int)r->end.x, (int)r->end.y);
		check_path(q, r);
		return;
	}
	if (q->opts.closest)
		expect_fallback(q, dist, r);
	else
		check_not_found(r);
}

/* --closest without --adjacent. */
static void expect_closest(const query *q, const double *dist, astar_status st,
                           const astar_result *r)
{
	size_t k = cell_index(q->g, q->goal);

	if (ref_open(q->g, (int)q->goal.x, (int)q->goal.y) &&
	    isfinite(dist[k])) {
		expect_goal(q, dist, st, r, 1.0);
		return;
	}
	if (!CHECK(st == ASTAR_OK, "status %d (%s), expected ASTAR_OK", (int)st,
	           astar_strerror(st)))
		return;
	expect_fallback(q, dist, r);
}

/* The bound expect_goal may promise for q's options. */
static double bound_for(const query *q)
{
	astar_heuristic h = astar_effective_heuristic(&q->opts);

	if (!astar_heuristic_admissible(h, q->opts.diagonal))
		return INFINITY;
	return q->opts.weight;
}

/* q again with options.no_path: everything a (q's result, status sa)
 * gave but the cells, which must not be there. */
static void check_no_path(const query *q, const astar_grid *lg,
                          astar_status sa, const astar_result *a)
{
	astar_options o = q->opts;
	astar_result b;
	astar_status sb;

	o.no_path = 1;
	sb = astar_search(ctx, lg, q->start, q->goal, &o, &b);
	CHECK(sa == sb, "no_path: status %d vs %d", (int)sa, (int)sb);
	CHECK(a->found == b.found && a->reached_goal == b.reached_goal,
	      "no_path: found/reached %d/%d vs %d/%d", a->found,
	      a->reached_goal, b.found, b.reached_goal);
	CHECK(a->cost == b.cost && a->path_len == b.path_len &&
	              (!a->found || pt_eq(a->end, b.end)),
	      "no_path: cost %.17g len %zu vs %.17g len %zu", a->cost,
	      a->path_len, b.cost, b.path_len);
	CHECK(a->expanded == b.expanded && a->generated == b.generated &&
	              a->explored_len == b.explored_len,
	      "no_path: expanded/generated %llu/%llu vs %llu/%llu",
	      (unsigned long long)a->expanded, (unsigned long long)a->generated,
	      (unsigned long long)b.expanded, (unsigned long long)b.generated);
	CHECK(b.path == NULL, "no_path: the path's cells were listed");
}

/* Runs q on the shared context and checks it against dist (the
 * reference distances from q->start under q's policy) as one case;
 * then again without the path's cells (check_no_path). */
static void run_and_verify(const query *q, const astar_grid *lg,
                           const double *dist)
{
	astar_result r;
	astar_status st;

	begin_query(q);
	st = astar_search(ctx, lg, q->start, q->goal, &q->opts, &r);
	if (q->opts.adjacent)
		expect_adjacent(q, dist, st, &r);
	else if (q->opts.closest)
		expect_closest(q, dist, st, &r);
	else
		expect_goal(q, dist, st, &r, bound_for(q));
	if (st == ASTAR_OK) {
		if (r.found)
			CHECK(pt_eq(r.end, r.path[r.path_len - 1]),
			      "end is not the last path cell");
		check_explored(q, dist, &r);
	}
	check_no_path(q, lg, st, &r);
	check_end();
}

/* Same query twice on the shared context and once on a fresh one: the
 * paths, explored lists and counts must be identical. */
static void compare_results(const char *what, astar_status sa,
                            const astar_result *a, const astar_point *pa,
                            const astar_point *ea, astar_status sb,
                            const astar_result *b)
{
	CHECK(sa == sb, "%s: status %d vs %d", what, (int)sa, (int)sb);
	CHECK(a->found == b->found && a->reached_goal == b->reached_goal,
	      "%s: found/reached %d/%d vs %d/%d", what, a->found,
	      a->reached_goal, b->found, b->reached_goal);
	CHECK(a->cost == b->cost, "%s: cost %.17g vs %.17g", what, a->cost,
	      b->cost);
	CHECK(a->expanded == b->expanded && a->generated == b->generated,
	      "%s: expanded/generated %llu/%llu vs %llu/%llu", what,
	      (unsigned long long)a->expanded, (unsigned long long)a->generated,
	      (unsigned long long)b->expanded,
	      (unsigned long long)b->generated);
	if (CHECK(a->path_len == b->path_len, "%s: path_len %zu vs %zu", what,
	          a->path_len, b->path_len) &&
	    a->path_len)
		CHECK(memcmp(pa, b->path, a->path_len * sizeof *pa) == 0,
		      "%s: path arrays differ", what);
	if (CHECK(a->explored_len == b->explored_len,
	          "%s: explored_len %zu vs %zu", what, a->explored_len,
	          b->explored_len) &&
	    a->explored_len)
		CHECK(memcmp(ea, b->explored, a->explored_len * sizeof *ea) ==
		              0,
		      "%s: explored arrays differ", what);
}

static void check_repeat(const query *q0, const astar_grid *lg)
{
	query q = *q0;
	astar_result a, b;
	astar_status sa, sb;
	astar_point *pa = NULL, *ea = NULL;
	astar_ctx *fresh;

	q.kind = "determinism";
	q.opts.explored = 1;
	begin_query(&q);
	sa = astar_search(ctx, lg, q.start, q.goal, &q.opts, &a);
	if (a.path_len) {
		pa = malloc(a.path_len * sizeof *pa);
		if (!pa)
			exit(2);
		memcpy(pa, a.path, a.path_len * sizeof *pa);
	}
	if (a.explored_len) {
		ea = malloc(a.explored_len * sizeof *ea);
		if (!ea)
			exit(2);
		memcpy(ea, a.explored, a.explored_len * sizeof *ea);
	}
	sb = astar_search(ctx, lg, q.start, q.goal, &q.opts, &b);
	compare_results("same context, twice", sa, &a, pa, ea, sb, &b);
	fresh = astar_ctx_new();
	if (CHECK(fresh != NULL, "astar_ctx_new returned NULL")) {
		sb = astar_search(fresh, lg, q.start, q.goal, &q.opts, &b);
		compare_results("shared vs fresh context", sa, &a, pa, ea, sb,
		                &b);
		astar_ctx_free(fresh);
	}
	free(pa);
	free(ea);
	check_end();
}

/* ------------------------------------------------- random grids */

static int pick_dim(uint64_t *rng)
{
	if (rng_below(rng, 10) < 3)
		return 1 + (int)rng_below(rng, 5);
	return 1 + (int)rng_below(rng, 40);
}

static uint8_t pick_cost(uint64_t *rng, unsigned mode, uint8_t uni)
{
	switch (mode) {
	case 0:
		return 1;
	case 1:
		return uni;
	case 2:
		return (uint8_t)(1 + rng_below(rng, 9));
	case 3:
		return (uint8_t)(2 + rng_below(rng, 8));
	default:
		return (uint8_t)(1 + rng_below(rng, ASTAR_COST_MAX));
	}
}

/* A random grid: size 1x1..40x40, 0..50% walls, uniform or varied
 * costs, sometimes wall lines with gaps; at least one open cell. */
static void gen_grid(uint64_t *rng, ref_grid *g, int w, int h)
{
	unsigned density = rng_below(rng, 51);
	unsigned r = rng_below(rng, 10);
	unsigned mode = r < 4 ? 0 : r < 6 ? 1 : r < 8 ? 2 : r < 9 ? 3 : 4;
	uint8_t uni = (uint8_t)(2 + rng_below(rng, 8));
	size_t i, n;
	int open = 0;

	g->w = w > 0 ? w : pick_dim(rng);
	g->h = h > 0 ? h : pick_dim(rng);
	n = (size_t)g->w * (size_t)g->h;
	g->cost = malloc(n);
	if (!g->cost)
		exit(2);
	for (i = 0; i < n; i++)
		g->cost[i] = rng_below(rng, 100) < density
		                     ? 0
		                     : pick_cost(rng, mode, uni);
	if (rng_below(rng, 4) == 0) {
		unsigned k, lines = 1 + rng_below(rng, 3);

		for (k = 0; k < lines; k++) {
			int vertical = (int)rng_below(rng, 2);
			int len = vertical ? g->h : g->w;
			int at = (int)rng_below(
				rng, (unsigned)(vertical ? g->w : g->h));
			int gap = (int)rng_below(rng, (unsigned)len);
			int nogap = rng_below(rng, 4) == 0;
			int j;

			for (j = 0; j < len; j++) {
				size_t c = vertical
				                   ? (size_t)j * (size_t)g->w +
				                             (size_t)at
				                   : (size_t)at * (size_t)g->w +
				                             (size_t)j;

				if (j == gap && !nogap)
					g->cost[c] = pick_cost(rng, mode, uni);
				else
					g->cost[c] = 0;
			}
		}
	}
	for (i = 0; i < n; i++)
		open += g->cost[i] != 0;
	if (!open)
		g->cost[rng_below(rng, (unsigned)n)] =
			pick_cost(rng, mode, uni);
}

/* want: 0 any cell, 1 open cell, 2 blocked cell, 3 cell with infinite
 * dist; falls back to any cell when none qualifies. */
static astar_point random_cell(uint64_t *rng, const ref_grid *g, int want,
                               const double *dist)
{
	size_t i, n = (size_t)g->w * (size_t)g->h, count = 0, k;

	for (i = 0; i < n; i++)
		count += want == 0 || (want == 1 && g->cost[i]) ||
		         (want == 2 && !g->cost[i]) ||
		         (want == 3 && !isfinite(dist[i]));
	if (count == 0)
		return random_cell(rng, g, 0, dist);
	k = rng_below(rng, (unsigned)count);
	for (i = 0; i < n; i++) {
		if (want == 0 || (want == 1 && g->cost[i]) ||
		    (want == 2 && !g->cost[i]) ||
		    (want == 3 && !isfinite(dist[i]))) {
			if (k-- == 0)
				break;
		}
	}
	return pt((int)(i % (size_t)g->w), (int)(i / (size_t)g->w));
}

/* A random heuristic the library says is admissible under pol, and
 * sometimes Dijkstra. */
static void pick_admissible(uint64_t *rng, astar_options *o)
{
	for (;;) {
		o->heuristic = (astar_heuristic)rng_below(rng, 6);
		o->algorithm = rng_below(rng, 4) == 0 ? ASTAR_ALGO_DIJKSTRA
		                                      : ASTAR_ALGO_ASTAR;
		if (astar_heuristic_admissible(astar_effective_heuristic(o),
		                               o->diagonal))
			return;
	}
}

static void check_grid_matches(unsigned long long seed, const ref_grid *g,
                               const astar_grid *lg, int via_rows)
{
	int x, y, bad = 0;

	check_begin("grid seed=%llu %dx%d via %s", seed, g->w, g->h,
	            via_rows ? "astar_grid_row" : "astar_grid_set");
	CHECK(astar_grid_width(lg) == g->w && astar_grid_height(lg) == g->h,
	      "grid is %dx%d, expected %dx%d", (int)astar_grid_width(lg),
	      (int)astar_grid_height(lg), g->w, g->h);
	for (y = -1; y <= g->h && !bad; y++) {
		for (x = -1; x <= g->w && !bad; x++) {
			int inside = x >= 0 && y >= 0 && x < g->w && y < g->h;

			bad |= !CHECK(
				astar_grid_get(lg, x, y) == ref_cost(g, x, y),
				"seed %llu: astar_grid_get(%d,%d) = %d, expected %d",
				seed, x, y, astar_grid_get(lg, x, y),
				ref_cost(g, x, y));
			bad |= !CHECK(!astar_grid_contains(lg, x, y) == !inside,
			              "astar_grid_contains(%d,%d) = %d", x, y,
			              astar_grid_contains(lg, x, y));
		}
	}
	CHECK(astar_grid_min_cost(lg) == ref_min_cost(g),
	      "seed %llu: astar_grid_min_cost %d, smallest open cost %d", seed,
	      astar_grid_min_cost(lg), ref_min_cost(g));
	check_end();
}

/* Every heuristic under A*; the answer must be exact where the heuristic
 * is admissible, within bound_for's factor elsewhere. */
static void query_every_heuristic(query *q, uint64_t *rng, const astar_grid *lg,
                                  const double *dist)
{
	int h;

	for (h = ASTAR_H_DEFAULT; h <= ASTAR_H_ZERO; h++) {
		q->opts.heuristic = (astar_heuristic)h;
		q->opts.algorithm = ASTAR_ALGO_ASTAR;
		q->opts.explored = rng_below(rng, 4) == 0;
		q->kind = bound_for(q) == 1.0 ? "exact" : "inadmissible";
		run_and_verify(q, lg, dist);
	}
}

/* Dijkstra with any heuristic (which it must ignore); repeated on every
 * tenth grid to check determinism. */
static void query_dijkstra(query *q, uint64_t *rng, const astar_grid *lg,
                           const double *dist, int repeat)
{
	q->opts.heuristic = (astar_heuristic)rng_below(rng, 6);
	q->opts.algorithm = ASTAR_ALGO_DIJKSTRA;
	q->opts.explored = rng_below(rng, 4) == 0;
	q->kind = "dijkstra";
	run_and_verify(q, lg, dist);
	if (repeat)
		check_repeat(q, lg);
}

/* Weighted A* at each weight, with an admissible heuristic, so that the
 * cost is held to weight times the optimum. */
static void query_weighted(query *q, uint64_t *rng, const astar_grid *lg,
                           const double *dist)
{
	static const double weights[] = {1.5, 2.0, 5.0};
	int k;

	q->opts.explored = 0;
	for (k = 0; k < 3; k++) {
		pick_admissible(rng, &q->opts);
		q->opts.algorithm = ASTAR_ALGO_ASTAR;
		if (!astar_heuristic_admissible(
			    astar_effective_heuristic(&q->opts),
			    q->opts.diagonal))
			q->opts.heuristic = ASTAR_H_DEFAULT;
		q->opts.weight = weights[k];
		q->kind = "weighted";
		run_and_verify(q, lg, dist);
	}
	q->opts.weight = 1.0;
}

/* --adjacent, --closest and both, against targets that are anything,
 * walls, or unreachable; the last one repeated on every tenth grid. */
static void query_adjacent_closest(query *q, uint64_t *rng,
                                   const astar_grid *lg, const double *dist,
                                   int repeat)
{
	int k;

	for (k = 0; k < 6; k++) {
		q->opts.adjacent = k < 2 || k >= 4;
		q->opts.closest = k >= 2;
		q->kind = k < 2   ? "adjacent"
		          : k < 4 ? "closest"
		                  : "closest+adjacent";
		q->goal = random_cell(rng, q->g,
		                      k % 2 == 0 ? 0 : (k < 2 ? 2 : 3), dist);
		pick_admissible(rng, &q->opts);
		q->opts.explored = rng_below(rng, 4) == 0;
		run_and_verify(q, lg, dist);
		if (repeat && k == 5)
			check_repeat(q, lg);
	}
}

/* Property grid number i: its library copy checked cell by cell, then
 * one start and goal asked under each diagonal policy in every way above.
 * All draws come from the grid's own seed, in a fixed order, so that a
 * failure's seed replays it. */
static void property_grid(int i, double *dist)
{
	unsigned long long seed = BASE_SEED + (unsigned long long)i;
	uint64_t rng = seed;
	int via_rows = (int)rng_below(&rng, 2);
	ref_grid g;
	astar_grid *lg;
	astar_point start, goal;
	int pol;

	gen_grid(&rng, &g, 0, 0);
	lg = lib_grid(&g, via_rows);
	check_grid_matches(seed, &g, lg, via_rows);
	start = random_cell(&rng, &g, 1, NULL);
	goal = rng_below(&rng, 20) == 0 ? start
	                                : random_cell(&rng, &g, 1, NULL);
	for (pol = 0; pol < 4; pol++) {
		query q;

		reference(&g, (astar_diagonal)pol, start, dist);
		memset(&q, 0, sizeof q);
		q.seed = seed;
		q.g = &g;
		q.start = start;
		q.goal = goal;
		astar_options_init(&q.opts);
		q.opts.diagonal = (astar_diagonal)pol;
		query_every_heuristic(&q, &rng, lg, dist);
		query_dijkstra(&q, &rng, lg, dist, i % 10 == 0);
		query_weighted(&q, &rng, lg, dist);
		query_adjacent_closest(&q, &rng, lg, dist, i % 10 == 0);
	}
	astar_grid_free(lg);
	free(g.cost);
}

static void property_tests(void)
{
	double *dist = malloc(40 * 40 * sizeof *dist);
	int i;

	if (!dist)
		exit(2);
	for (i = 0; i < N_GRIDS; i++)
		property_grid(i, dist);
	free(dist);
}

/* A few larger grids queried in turn on the shared context, so that it
 * grows and shrinks between queries, each checked against the reference
 * and against a fresh context. */
static void resize_tests(void)
{
	static const int dims[][2] = {{40, 40}, {1, 1},   {3, 60},  {120, 90},
	                              {5, 5},   {250, 4}, {40, 40}, {200, 200},
	                              {2, 2},   {1, 300}, {64, 64}, {1, 1}};
	size_t d;

	for (d = 0; d < sizeof dims / sizeof dims[0]; d++) {
		unsigned long long seed = BASE_SEED + 0x100000ULL + d;
		uint64_t rng = seed;
		ref_grid g;
		astar_grid *lg;
		double *dist;
		query q;
		int pol;

		gen_grid(&rng, &g, dims[d][0], dims[d][1]);
		lg = lib_grid(&g, 0);
		dist = malloc((size_t)g.w * (size_t)g.h * sizeof *dist);
		if (!dist)
			exit(2);
		memset(&q, 0, sizeof q);
		q.seed = seed;
		q.g = &g;
		q.start = random_cell(&rng, &g, 1, NULL);
		for (pol = 0; pol < 4; pol++) {
			astar_options_init(&q.opts);
			q.opts.diagonal = (astar_diagonal)pol;
			reference(&g, q.opts.diagonal, q.start, dist);
			q.goal = random_cell(&rng, &g, 1, NULL);
			q.opts.explored = 1;
			q.kind = "resize";
			run_and_verify(&q, lg, dist);
			check_repeat(&q, lg);
			q.opts.closest = 1;
			q.goal = random_cell(&rng, &g, 3, dist);
			q.kind = "resize closest";
			run_and_verify(&q, lg, dist);
		}
		free(dist);
		astar_grid_free(lg);
		free(g.cost);
	}
}

/* known()'s options for heuristic hh, or Dijkstra past ASTAR_H_ZERO;
 * 0 when that heuristic is not admissible under pol (nothing to hold it
 * to). */
static int known_options(astar_options *o, int hh, astar_diagonal pol,
                         int adjacent, int closest)
{
	astar_options_init(o);
	o->diagonal = pol;
	o->adjacent = adjacent;
	o->closest = closest;
	o->explored = 1;
	if (hh > ASTAR_H_ZERO)
		o->algorithm = ASTAR_ALGO_DIJKSTRA;
	else
		o->heuristic = (astar_heuristic)hh;
	return astar_heuristic_admissible(astar_effective_heuristic(o), pol);
}

/* What known() expects of a search that returned ASTAR_OK: no path when
 * want < 0, else the cost, reached_goal, the end (unless end_x < 0) and
 * a legal path. */
static void check_known_path(const query *q, const astar_result *r, double want,
                             int want_reached, int end_x, int end_y)
{
	if (want < 0) {
		check_not_found(r);
	} else if (CHECK(r->found == 1, "found 0, expected cost %.12g", want)) {
		CHECK(r->reached_goal == want_reached,
		      "reached_goal %d, expected %d", r->reached_goal,
		      want_reached);
		CHECK(cost_eq(r->cost, want), "cost %.12g, expected %.12g",
		      r->cost, want);
		if (end_x >= 0)
			CHECK(pt_eq(r->end, pt(end_x, end_y)),
			      "end (%d,%d), expected (%d,%d)", (int)r->end.x,
			      (int)r->end.y, end_x, end_y);
		check_path(q, r);
	}
}

/* One query on a hand-written grid with a known answer, by every
 * admissible heuristic and Dijkstra.  want < 0: no path.  end_x/end_y:
 * where the path must end (-1: don't care). */
static void known(const char *name, const char *const *rows, int h,
                  astar_point s, astar_point t, astar_diagonal pol,
                  int adjacent, int closest, double want, int want_reached,
                  int end_x, int end_y)
{
	ref_grid g;
	astar_grid *lg;
	astar_options o;
	astar_result r;
	astar_status st;
	query q;
	int hh;

	ref_from_rows(&g, rows, h);
	lg = lib_grid(&g, 0);
	for (hh = ASTAR_H_DEFAULT; hh <= ASTAR_H_ZERO + 1; hh++) {
		if (!known_options(&o, hh, pol, adjacent, closest))
			continue;
		memset(&q, 0, sizeof q);
		q.kind = name;
		q.g = &g;
		q.start = s;
		q.goal = t;
		q.opts = o;
		begin_query(&q);
		st = astar_search(ctx, lg, s, t, &o, &r);
		if (CHECK(st == ASTAR_OK, "status %d (%s)", (int)st,
		          astar_strerror(st))) {
			check_known_path(&q, &r, want, want_reached, end_x,
			                 end_y);
			check_explored(&q, NULL, &r);
		}
		check_end();
	}
	astar_grid_free(lg);
	free(g.cost);
}

/* A wall splitting a 5x3 grid: the right column is cut off. */
static const char *const known_split[] = {"...#.", "..##.", "...#."};

/* Open floor: corner to corner, a knight's move, no move at all. */
static void known_open(astar_diagonal p)
{
	static const char *const open5[] = {".....", ".....", ".....", ".....",
	                                    "....."};
	static const char *const one[] = {"."};
	const double r2 = sqrt(2.0);
	int d = (int)p;

	known("open 5x5 corner to corner", open5, 5, pt(0, 0), pt(4, 4), p, 0,
	      0, d == 0 ? 8.0 : 4.0 * r2, 1, 4, 4);
	known("open 5x5 knight", open5, 5, pt(0, 0), pt(2, 1), p, 0, 0,
	      d == 0 ? 3.0 : 1.0 + r2, 1, 2, 1);
	known("start == goal", open5, 5, pt(2, 3), pt(2, 3), p, 0, 0, 0.0, 1, 2,
	      3);
	known("1x1", one, 1, pt(0, 0), pt(0, 0), p, 0, 0, 0.0, 1, 0, 0);
	known("1x1 adjacent", one, 1, pt(0, 0), pt(0, 0), p, 1, 0, 0.0, 1, 0,
	      0);
	known("1x1 closest", one, 1, pt(0, 0), pt(0, 0), p, 0, 1, 0.0, 1, 0, 0);
}

/* Corners cut or not by the diagonal rule, and cells of other costs. */
static void known_corners_and_terrain(astar_diagonal p)
{
	static const char *const pinch[] = {".#", "#."};
	static const char *const half[] = {".#", ".."};
	static const char *const line[] = {"195"};
	static const char *const diagt[] = {"13", "45"};
	static const char *const dear[] = {".....", ".999.", "....."};
	const double r2 = sqrt(2.0);
	int d = (int)p;

	known("pinched diagonal", pinch, 2, pt(0, 0), pt(1, 1), p, 0, 0,
	      d == ASTAR_DIAG_ALWAYS ? r2 : -1.0, 1, 1, 1);
	known("half-open corner", half, 2, pt(0, 0), pt(1, 1), p, 0, 0,
	      d == ASTAR_DIAG_ALWAYS || d == ASTAR_DIAG_ONE_OBSTACLE ? r2 : 2.0,
	      1, 1, 1);
	known("terrain line", line, 1, pt(0, 0), pt(2, 0), p, 0, 0, 14.0, 1, 2,
	      0);
	known("terrain line back", line, 1, pt(2, 0), pt(0, 0), p, 0, 0, 10.0,
	      1, 0, 0);
	known("terrain diagonal", diagt, 2, pt(0, 0), pt(1, 1), p, 0, 0,
	      d == 0 ? 8.0 : 5.0 * r2, 1, 1, 1);
	known("detour around 9s", dear, 3, pt(0, 1), pt(4, 1), p, 0, 0,
	      d == 0 ? 6.0 : 2.0 + 2.0 * r2, 1, 4, 1);
}

/* --adjacent around a walled target. */
static void known_adjacent(astar_diagonal p)
{
	static const char *const ring[] = {"...", ".#.", "..."};
	static const char *const ring2[] = {".#.", ".#.", "..."};
	int d = (int)p;

	known("adjacent ring", ring, 3, pt(0, 0), pt(1, 1), p, 1, 0,
	      d == 0 ? 1.0 : 0.0, 1, d == 0 ? -1 : 0, 0);
	known("adjacent ring, wall above", ring2, 3, pt(0, 0), pt(1, 1), p, 1,
	      0, d == 0 || d == ASTAR_DIAG_NO_OBSTACLES ? 1.0 : 0.0, 1, 0,
	      d == 0 || d == ASTAR_DIAG_NO_OBSTACLES ? 1 : 0);
	known("adjacent on the target", ring2, 3, pt(2, 2), pt(2, 2), p, 1, 0,
	      0.0, 1, 2, 2);
	known("adjacent unreachable", known_split, 3, pt(0, 0), pt(4, 1), p, 1,
	      0, -1.0, 0, -1, -1);
}

/* --closest ties: equal distance and cost -> lower y; equal distance,
 * different cost -> cheaper. */
static void known_closest(astar_diagonal p)
{
	const double r2 = sqrt(2.0);
	int d = (int)p;

	known("closest tie by y", known_split, 3, pt(0, 1), pt(3, 1), p, 0, 1,
	      d == 0 ? 3.0 : 1.0 + r2, 0, 2, 0);
	known("closest tie by cost", known_split, 3, pt(0, 2), pt(3, 1), p, 0,
	      1, 2.0, 0, 2, 2);
	known("closest to an unreachable open cell", known_split, 3, pt(0, 0),
	      pt(4, 1), p, 0, 1, 2.0, 0, 2, 0);
	known("closest+adjacent fallback", known_split, 3, pt(0, 0), pt(4, 1),
	      p, 1, 1, 2.0, 0, 2, 0);
	known("closest when start is nearest", known_split, 3, pt(2, 0),
	      pt(4, 0), p, 0, 1, 0.0, 0, 2, 0);
}

/* (1,0) and (0,1) are both at distance 1 from the walled target and both
 * cost 1 + 2 sqrt 2, but summed in different orders ((r2 + r2) + 1 vs
 * (r2 + 1) + r2, one ulp apart): still a tie, so the lower y wins. */
static void known_closest_sum_order(void)
{
	static const char *const sumorder[] = {"#.#.#", "..##.", "....#",
	                                       "#.#.#"};
	const double r2 = sqrt(2.0);
	int d;

	for (d = ASTAR_DIAG_ALWAYS; d <= ASTAR_DIAG_ONE_OBSTACLE; d++)
		known("closest tie, costs summed in different orders", sumorder,
		      4, pt(3, 3), pt(0, 0), (astar_diagonal)d, 0, 1,
		      1.0 + 2.0 * r2, 0, 1, 0);
}

/* Hand-written grids with known answers, one helper per kind of case,
 * under each diagonal rule. */
static void test_known_answers(void)
{
	int d;

	for (d = 0; d < 4; d++) {
		known_open((astar_diagonal)d);
		known_corners_and_terrain((astar_diagonal)d);
		known_adjacent((astar_diagonal)d);
		known_closest((astar_diagonal)d);
	}
	known_closest_sum_order();
}

static void check_zeroed(const astar_result *r)
{
	CHECK(r->found == 0 && r->reached_goal == 0 && r->cost == 0.0 &&
	              r->end.x == 0 && r->end.y == 0 && r->path == NULL &&
	              r->path_len == 0 && r->expanded == 0 &&
	              r->generated == 0 && r->explored == NULL &&
	              r->explored_len == 0,
	      "result not zeroed on failure (found %d path_len %zu cost %g)",
	      r->found, r->path_len, r->cost);
}

static void expect_status(const char *name, const astar_grid *lg, astar_point s,
                          astar_point t, const astar_options *o,
                          astar_status want)
{
	astar_result r;
	astar_status st;

	memset(&r, 0xA5, sizeof r);
	check_begin("status: %s", name);
	st = astar_search(ctx, lg, s, t, o, &r);
	CHECK(st == want, "%s: status %d (%s), expected %d (%s)", name, (int)st,
	      astar_strerror(st), (int)want, astar_strerror(want));
	if (want != ASTAR_OK)
		check_zeroed(&r);
	check_end();
}

/* Start or goal outside the 3x3 grid, also with --adjacent / --closest
 * (which must not excuse a point off the grid). */
static void status_out_of_range(const astar_grid *lg)
{
	static const astar_point outs[] = {
		{-1, 0}, {0, -1},        {3, 0},        {0, 3},
		{3, 3},  {INT32_MIN, 0}, {0, INT32_MAX}};
	astar_options o;
	size_t i;
	int k;

	for (k = 0; k < 3; k++) {
		astar_options_init(&o);
		o.adjacent = k == 1;
		o.closest = k == 2;
		for (i = 0; i < sizeof outs / sizeof outs[0]; i++) {
			expect_status("start out of range", lg, outs[i],
			              pt(1, 1), &o, ASTAR_ERANGE);
			expect_status("goal out of range", lg, pt(0, 0),
			              outs[i], &o, ASTAR_ERANGE);
		}
	}
}

/* A wall under the start or the goal, under every diagonal policy: a
 * blocked goal is fine with --adjacent or --closest, a blocked start
 * never is. */
static void status_blocked(const astar_grid *lg)
{
	astar_options o;
	int k;

	for (k = 0; k < 4; k++) {
		astar_options_init(&o);
		o.diagonal = (astar_diagonal)k;
		expect_status("start blocked", lg, pt(2, 0), pt(1, 1), &o,
		              ASTAR_ESTART_BLOCKED);
		expect_status("goal blocked", lg, pt(0, 0), pt(0, 2), &o,
		              ASTAR_EGOAL_BLOCKED);
		o.adjacent = 1;
		expect_status("goal blocked, adjacent", lg, pt(0, 0), pt(0, 2),
		              &o, ASTAR_OK);
		expect_status("start blocked, adjacent", lg, pt(2, 0), pt(1, 1),
		              &o, ASTAR_ESTART_BLOCKED);
		o.adjacent = 0;
		o.closest = 1;
		expect_status("goal blocked, closest", lg, pt(0, 0), pt(0, 2),
		              &o, ASTAR_OK);
		expect_status("start blocked, closest", lg, pt(2, 0), pt(1, 1),
		              &o, ASTAR_ESTART_BLOCKED);
	}
}

/* Weights below 1 or not finite are refused; 1 and 1e6 are taken. */
static void status_weights(const astar_grid *lg)
{
	static const double bad_w[] = {0.5, 0.0,      -1.0,     0.999999,
	                               NAN, INFINITY, -INFINITY};
	astar_options o;
	size_t i;

	for (i = 0; i < sizeof bad_w / sizeof bad_w[0]; i++) {
		astar_options_init(&o);
		o.weight = bad_w[i];
		expect_status("bad weight", lg, pt(0, 0), pt(2, 2), &o,
		              ASTAR_EINVAL);
	}
	astar_options_init(&o);
	o.weight = 1.0;
	expect_status("weight 1", lg, pt(0, 0), pt(2, 2), &o, ASTAR_OK);
	o.weight = 1e6;
	expect_status("weight 1e6", lg, pt(0, 0), pt(2, 2), &o, ASTAR_OK);
}

/* Diagonal policy, heuristic and algorithm values just past either end
 * of their enums. */
static void status_bad_enums(const astar_grid *lg)
{
	astar_options o;

	astar_options_init(&o);
	o.diagonal = (astar_diagonal)4;
	expect_status("diagonal 4", lg, pt(0, 0), pt(2, 2), &o, ASTAR_EINVAL);
	o.diagonal = (astar_diagonal)-1;
	expect_status("diagonal -1", lg, pt(0, 0), pt(2, 2), &o, ASTAR_EINVAL);
	astar_options_init(&o);
	o.heuristic = (astar_heuristic)6;
	expect_status("heuristic 6", lg, pt(0, 0), pt(2, 2), &o, ASTAR_EINVAL);
	o.heuristic = (astar_heuristic)-1;
	expect_status("heuristic -1", lg, pt(0, 0), pt(2, 2), &o, ASTAR_EINVAL);
	astar_options_init(&o);
	o.algorithm = (astar_algorithm)99;
	expect_status("algorithm 99", lg, pt(0, 0), pt(2, 2), &o, ASTAR_EINVAL);
	o.algorithm = (astar_algorithm)-1;
	expect_status("algorithm -1", lg, pt(0, 0), pt(2, 2), &o, ASTAR_EINVAL);
}

/* The shared context still gives the reference's answer after all the
 * failures above. */
static void status_after_errors(const ref_grid *g, const astar_grid *lg)
{
	double *dist = malloc(9 * sizeof *dist);
	query q;

	if (!dist)
		exit(2);
	memset(&q, 0, sizeof q);
	q.kind = "after errors";
	q.g = g;
	q.start = pt(0, 0);
	q.goal = pt(2, 2);
	astar_options_init(&q.opts);
	reference(g, q.opts.diagonal, q.start, dist);
	run_and_verify(&q, lg, dist);
	free(dist);
}

/* A 1x1 grid whose one cell is a wall. */
static void status_1x1_blocked(void)
{
	astar_grid *blocked = astar_grid_new(1, 1, NULL);
	astar_options o;

	astar_options_init(&o);
	expect_status("1x1 blocked start", blocked, pt(0, 0), pt(0, 0), &o,
	              ASTAR_ESTART_BLOCKED);
	expect_status("1x1 goal outside", blocked, pt(0, 0), pt(1, 0), &o,
	              ASTAR_ERANGE);
	astar_grid_free(blocked);
}

static void test_status_codes(void)
{
	static const char *const rows[] = {"..#", "...", "#.."};
	ref_grid g;
	astar_grid *lg;
	astar_options o;

	ref_from_rows(&g, rows, 3);
	lg = lib_grid(&g, 0);
	astar_options_init(&o);
	expect_status("plain query", lg, pt(0, 0), pt(2, 2), &o, ASTAR_OK);
	status_out_of_range(lg);
	status_blocked(lg);
	status_weights(lg);
	status_bad_enums(lg);
	status_after_errors(&g, lg);
	astar_grid_free(lg);
	free(g.cost);
	status_1x1_blocked();
}

/* The explored flag must not change the search: q searched with it and
 * without it expands as many cells and finds the same path. */
static void check_explored_changes_nothing(query *q, const astar_grid *lg)
{
	astar_result a, b;
	astar_point *pa;
	size_t len;
	uint64_t ex;

	begin_query(q);
	astar_search(ctx, lg, q->start, q->goal, &q->opts, &a);
	CHECK(a.explored_len > 0 && a.expanded > 0,
	      "explored_len %zu expanded %llu", a.explored_len,
	      (unsigned long long)a.expanded);
	len = a.path_len;
	ex = a.expanded;
	pa = malloc(len * sizeof *pa + 1);
	if (!pa)
		exit(2);
	memcpy(pa, a.path, len * sizeof *pa);
	q->opts.explored = 0;
	astar_search(ctx, lg, q->start, q->goal, &q->opts, &b);
	CHECK(b.explored_len == 0, "explored_len %zu without explored",
	      b.explored_len);
	CHECK(b.expanded == ex, "expanded %llu vs %llu with explored",
	      (unsigned long long)b.expanded, (unsigned long long)ex);
	CHECK(b.path_len == len && memcmp(pa, b.path, len * sizeof *pa) == 0,
	      "path differs with and without explored");
	free(pa);
}

/* One search with the explored list under each diagonal rule, checked
 * against the reference, repeated, and searched again without it. */
static void test_explored_and_determinism(void)
{
	static const char *const rows[] = {
		"..........", ".####.###.", "..........", "###.####..",
		"....2.....", ".##.####.#", ".........."};
	ref_grid g;
	astar_grid *lg;
	double *dist;
	query q;
	int d;

	ref_from_rows(&g, rows, 7);
	lg = lib_grid(&g, 1);
	dist = malloc((size_t)g.w * (size_t)g.h * sizeof *dist);
	if (!dist)
		exit(2);
	for (d = 0; d < 4; d++) {
		memset(&q, 0, sizeof q);
		q.kind = "explored";
		q.g = &g;
		q.start = pt(0, 0);
		q.goal = pt(9, 6);
		astar_options_init(&q.opts);
		q.opts.diagonal = (astar_diagonal)d;
		q.opts.explored = 1;
		reference(&g, q.opts.diagonal, q.start, dist);
		run_and_verify(&q, lg, dist);
		check_repeat(&q, lg);
		check_explored_changes_nothing(&q, lg);
		check_end();
	}
	free(dist);
	astar_grid_free(lg);
	free(g.cost);
}

/* A w x h grid of floor that costs 1, or NULL when astar_grid_new failed. */
static astar_grid *open_floor(int32_t w, int32_t h)
{
	astar_grid *lg = astar_grid_new(w, h, NULL);
	int32_t y;

	if (lg == NULL)
		return NULL;
	for (y = 0; y < h; y++)
		memset(astar_grid_row(lg, y), 1, (size_t)w);
	astar_grid_recount(lg);
	return lg;
}

/* A 1 x ASTAR_DIM_MAX corridor and its transpose: the context grows to a
 * million cells, then shrinks back to a small grid. */
static void test_huge_corridor(void)
{
	int t;

	for (t = 0; t < 2; t++) {
		int32_t w = t ? 1 : ASTAR_DIM_MAX, h = t ? ASTAR_DIM_MAX : 1;
		astar_grid *lg = open_floor(w, h);
		astar_options o;
		astar_result r;
		astar_status st;
		astar_point goal =
			t ? pt(0, ASTAR_DIM_MAX - 1) : pt(ASTAR_DIM_MAX - 1, 0);

		check_begin("corridor %dx%d", (int)w, (int)h);
		if (!CHECK(lg != NULL, "astar_grid_new failed"))
			continue;
		astar_options_init(&o);
		o.diagonal = t ? ASTAR_DIAG_ALWAYS : ASTAR_DIAG_NEVER;
		st = astar_search(ctx, lg, pt(0, 0), goal, &o, &r);
		if (CHECK(st == ASTAR_OK, "status %s", astar_strerror(st)) &&
		    CHECK(r.found == 1, "no path along the corridor")) {
			CHECK(r.cost == (double)(ASTAR_DIM_MAX - 1),
			      "cost %.12g", r.cost);
			CHECK(r.path_len == ASTAR_DIM_MAX, "path_len %zu",
			      r.path_len);
			CHECK(pt_eq(r.path[r.path_len - 1], goal) &&
			              pt_eq(r.path[0], pt(0, 0)),
			      "path ends wrong");
		}
		/* An unreachable goal on a huge grid: the wall is near the
		 * start, so the search must stay small. */
		astar_grid_set(lg, t ? 0 : 5, t ? 5 : 0, 0);
		st = astar_search(ctx, lg, pt(0, 0), goal, &o, &r);
		CHECK(st == ASTAR_OK && r.found == 0 && r.expanded <= 5,
		      "walled corridor: status %d found %d expanded %llu",
		      (int)st, r.found, (unsigned long long)r.expanded);
		o.closest = 1;
		st = astar_search(ctx, lg, pt(0, 0), goal, &o, &r);
		CHECK(st == ASTAR_OK && r.found == 1 && r.reached_goal == 0 &&
		              r.cost == 4.0 &&
		              pt_eq(r.end, t ? pt(0, 4) : pt(4, 0)),
		      "walled corridor closest: status %d found %d reached %d "
		      "cost %g end (%d,%d)",
		      (int)st, r.found, r.reached_goal, r.cost, (int)r.end.x,
		      (int)r.end.y);
		check_end();
		astar_grid_free(lg);
	}
}

/* The same query by JPS, which sums in the same units: the start's walk
 * meets the goal's row or column, and jumps there. */
static void check_exact_tie_jps(const astar_grid *lg, astar_point a,
                                astar_point b, astar_options o, double want,
                                int32_t hi)
{
	astar_result r;
	astar_status st;

	o.algorithm = ASTAR_ALGO_JPS;
	st = astar_search(ctx, lg, a, b, &o, &r);
	CHECK(st == ASTAR_OK && r.found && r.cost == want &&
	              r.path_len == (size_t)hi + 1 && r.expanded <= 2,
	      "jps (%d,%d) -> (%d,%d): status %d, cost %.17g, "
	      "%zu cells, %llu expanded",
	      (int)a.x, (int)a.y, (int)b.x, (int)b.y, (int)st,
	      st == ASTAR_OK ? r.cost : -1.0, st == ASTAR_OK ? r.path_len : 0,
	      st == ASTAR_OK ? (unsigned long long)r.expanded : 0ULL);
}

/* Query k from a to b on open floor, under the diagonal rule k picks: the
 * exact octile cost, and nothing expanded off the path. */
static void check_exact_tie(const astar_grid *lg, astar_point a, astar_point b,
                            int k)
{
	int32_t dx = abs(a.x - b.x), dy = abs(a.y - b.y);
	int32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
	double want = (double)(hi - lo) + 1.41421356237309504880 * (double)lo;
	astar_options o;
	astar_result r;
	astar_status st;

	astar_options_init(&o);
	o.diagonal = k % 3 == 0   ? ASTAR_DIAG_NO_OBSTACLES
	             : k % 3 == 1 ? ASTAR_DIAG_ALWAYS
	                          : ASTAR_DIAG_ONE_OBSTACLE;
	st = astar_search(ctx, lg, a, b, &o, &r);
	if (!CHECK(st == ASTAR_OK && r.found,
	           "(%d,%d) -> (%d,%d): status %d found %d", (int)a.x, (int)a.y,
	           (int)b.x, (int)b.y, (int)st, st == ASTAR_OK ? r.found : -1))
		return;
	CHECK(r.cost == want && r.path_len == (size_t)hi + 1,
	      "(%d,%d) -> (%d,%d): cost %.17g, %zu cells; "
	      "expected %.17g, %d",
	      (int)a.x, (int)a.y, (int)b.x, (int)b.y, r.cost, r.path_len, want,
	      (int)hi + 1);
	CHECK(r.expanded == r.path_len,
	      "diagonal %d, (%d,%d) -> (%d,%d): %llu expanded for "
	      "a path of %zu cells",
	      (int)o.diagonal, (int)a.x, (int)a.y, (int)b.x, (int)b.y,
	      (unsigned long long)r.expanded, r.path_len);
	if (o.diagonal == ASTAR_DIAG_NO_OBSTACLES)
		check_exact_tie_jps(lg, a, b, o, want, hi);
}

/*
 * Exact ties.  On open floor of cost 1, with diagonal steps under any of
 * the three rules that allow them and the octile heuristic (their
 * default), every cell on a cheapest path has the same f, and the larger g
 * wins each tie, so the search walks the path and expands nothing else:
 * expanded equals the path's cells.  With costs summed as doubles, two
 * equal costs could end a rounding apart and the rounding broke the tie
 * instead (25 of these queries expanded more).  The search's units are
 * 2^-42 up to 1448 x 1448 and coarser beyond (2^-41 at 3000 x 1000, 2^-40
 * at 6000 x 1000; see ctx_exact_units).
 */
static void test_exact_ties(void)
{
	static const int32_t sides[][2] = {
		{40, 40}, {200, 3}, {1448, 1448}, {3000, 1000}, {6000, 1000}};
	uint64_t rng = 20261124;
	size_t t;

	for (t = 0; t < sizeof sides / sizeof sides[0]; t++) {
		int32_t w = sides[t][0], h = sides[t][1];
		astar_grid *lg = open_floor(w, h);
		int k;

		check_begin("exact ties on open %dx%d", (int)w, (int)h);
		if (!CHECK(lg != NULL, "astar_grid_new failed"))
			continue;
		for (k = 0; k < (w > 100 && h > 100 ? 6 : 120); k++) {
			astar_point a = pt((int)rng_below(&rng, (unsigned)w),
			                   (int)rng_below(&rng, (unsigned)h));
			astar_point b = pt((int)rng_below(&rng, (unsigned)w),
			                   (int)rng_below(&rng, (unsigned)h));

			check_exact_tie(lg, a, b, k);
		}
		check_end();
		astar_grid_free(lg);
	}
}

/* The 40x30 grid of the generation wrap test: a quarter walls, its
 * corner open. */
static void wrap_grid(uint64_t *rng, ref_grid *g)
{
	size_t i;

	g->w = 40;
	g->h = 30;
	g->cost = malloc((size_t)g->w * (size_t)g->h);
	if (!g->cost)
		exit(2);
	for (i = 0; i < (size_t)g->w * (size_t)g->h; i++)
		g->cost[i] = rng_below(rng, 100) < 25 ? 0 : 1;
	g->cost[0] = 1;
}

/* A copy of n points, NULL when there are none. */
static astar_point *copy_points(const astar_point *p, size_t n)
{
	astar_point *c = NULL;

	if (n && !(c = malloc(n * sizeof *c)))
		exit(2);
	if (c)
		memcpy(c, p, n * sizeof *c);
	return c;
}

/* Query k, by the algorithm and diagonal rule k picks, on the wrapped
 * context and on a fresh one: the same answer. */
static void wrap_query(astar_ctx *wrapped, astar_ctx *fresh,
                       const astar_grid *lg, const ref_grid *g, uint64_t *rng,
                       int k)
{
	query q;
	astar_result a, b;
	astar_status sa, sb;
	astar_point *pa, *ea;

	memset(&q, 0, sizeof q);
	q.kind = "generation wrap";
	q.g = g;
	q.start = random_cell(rng, g, 1, NULL);
	q.goal = random_cell(rng, g, 1, NULL);
	astar_options_init(&q.opts);
	q.opts.algorithm = (astar_algorithm)(k % 5);
	q.opts.diagonal = q.opts.algorithm == ASTAR_ALGO_JPS
	                          ? (k / 5 % 2 ? ASTAR_DIAG_NO_OBSTACLES
	                                       : ASTAR_DIAG_NEVER)
	                          : (astar_diagonal)(k / 5 % 4);
	q.opts.explored = 1;
	begin_query(&q);
	sa = astar_search(wrapped, lg, q.start, q.goal, &q.opts, &a);
	pa = copy_points(a.path, a.path_len);
	ea = copy_points(a.explored, a.explored_len);
	sb = astar_search(fresh, lg, q.start, q.goal, &q.opts, &b);
	CHECK(sa == ASTAR_OK, "status %d", (int)sa);
	compare_results("across the wrap vs fresh context", sa, &a, pa, ea, sb,
	                &b);
	free(pa);
	free(ea);
	check_end();
}

/*
 * A context's generation counter wrapping around (after 2^32 - 1
 * searches) must clear its records, or the records of its first searches
 * would pass for the new ones' when their generations come round again.
 * Searches across the wrap, by every algorithm, give exactly what a
 * fresh context gives.
 */
static void test_generation_wrap(void)
{
	uint64_t rng = BASE_SEED ^ 0x9E3779B97F4A7C15ULL;
	ref_grid g;
	astar_grid *lg;
	astar_ctx *wrapped = astar_ctx_new(), *fresh = astar_ctx_new();
	astar_result r;
	int k;

	if (!wrapped || !fresh)
		exit(2);
	wrap_grid(&rng, &g);
	lg = lib_grid(&g, 0);
	/* Generations 1 to 6: floods that leave records all over the grid. */
	for (k = 0; k < 6; k++) {
		astar_options o;
		astar_options_init(&o);
		o.algorithm = ASTAR_ALGO_DIJKSTRA;
		o.diagonal = (astar_diagonal)(k % 4);
		astar_search(wrapped, lg, random_cell(&rng, &g, 1, NULL),
		             random_cell(&rng, &g, 1, NULL), &o, &r);
	}
	wrapped->gen = UINT32_MAX - 4;
	for (k = 0; k < 30; k++)
		wrap_query(wrapped, fresh, lg, &g, &rng, k);
	check_begin("generation wrap: the counter");
	CHECK(wrapped->gen >= 1 && wrapped->gen < 100,
	      "the generation did not wrap: %u", (unsigned)wrapped->gen);
	check_end();
	astar_ctx_free(wrapped);
	astar_ctx_free(fresh);
	astar_grid_free(lg);
	free(g.cost);
}

void test_search(void)
{
	ctx = astar_ctx_new();
	if (!ctx) {
		CHECK(0, "astar_ctx_new failed");
		return;
	}
	test_status_codes();
	test_known_answers();
	test_explored_and_determinism();
	test_huge_corridor();
	test_exact_ties();
	test_generation_wrap();
	resize_tests();
	property_tests();
	/* After the property tests the context has seen many sizes; the
	 * hand-written cases must still hold on it. */
	test_known_answers();
	astar_ctx_free(ctx);
	astar_ctx_free(NULL);
	free(seen);
	free(ref_ex);
}
