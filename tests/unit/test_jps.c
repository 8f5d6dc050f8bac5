/*
 * test_jps.c - Jump Point Search (ASTAR_ALGO_JPS) against the reference.
 *
 * This file owns the JPS tests.  Seeded random grids whose open cells all
 * cost the same (1, 3 or a random cost), from 1x1 to 130 cells across,
 * many of them 31 to 33, 62 to 66 or 126 to 130 cells wide or tall so
 * that lines end on, just before and just after the 64-bit words of the
 * search's bitmaps, with scattered walls of several densities, wall
 * segments and rooms.  On each, for 8-connected moves without corner
 * cutting and for 4-connected moves, every query's answer must equal the
 * independent Dijkstra of reference.c: the same found flag and, held
 * exactly as a + b * sqrt(2), the same cost.  The path is replayed step
 * by step under the rules and its cost summed again; the explored list
 * must hold only jump points (the start, the cell the search ended on, or
 * a cell where a straight move has a forced neighbour), each once.
 * --adjacent and --closest are held to the same rules as for A*.  Each
 * query is asked again with options.no_path on a second context: the
 * same answer and counts, without the cells.  One
 * context serves every query, the grids are edited between queries (cell
 * by cell and row by row), a grid is freed and another of the same size
 * made in its place, and some answers are repeated on a fresh context: a
 * stale cached bitmap would show.  Grids of 1 to 70 by 150 to 900 cells,
 * both ways round, test the walk maps' diagonal lines on long grids
 * (test_long_grids).  Larger grids (91 to 130 across) take
 * 48 queries each on one context, every answer compared with a fresh
 * context's to the bit, for the successor memo (test_memo_replay).  Then
 * the grids and options JPS refuses and the errors it shares with
 * astar_search.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "reference.h"
#include "rng.h"
#include "unit.h"

#define JPS_GRIDS  2500
#define JPS_SEED   0x1F5A0000ULL
#define MEMO_GRIDS 600
#define LONG_GRIDS 160
#define LONG_SEED  0x4C0E0000ULL
#define MEMO_SEED  0x3E3D0000ULL

/* A grid under test: the reference's cells and the library's copy. */
typedef struct tgrid {
	ref_grid ref;
	astar_grid *lib;
	uint8_t c; /* the cost of every open cell */
	unsigned long long seed;
} tgrid;

/* The query being checked, described on its first failure. */
typedef struct tquery {
	const tgrid *g;
	astar_options o;
	astar_point s, t;
} tquery;

static tquery cur;
static astar_ctx *jctx; /* the context of nearly every query */
static astar_ctx *nctx; /* check_no_path's: its memo serves later ones */
static double *dist;    /* the reference's answers from cur.s */
static ref_exact *ex;
static unsigned *stamp; /* duplicate test of explored lists */
static unsigned stamp_now;
static size_t cap;

static astar_point P(int x, int y)
{
	astar_point p;

	p.x = x;
	p.y = y;
	return p;
}

static int same(astar_point a, astar_point b)
{
	return a.x == b.x && a.y == b.y;
}

static size_t at(const ref_grid *g, astar_point p)
{
	return (size_t)p.y * (size_t)g->w + (size_t)p.x;
}

static int open_at(const ref_grid *g, int x, int y)
{
	return ref_open(g, x, y);
}

static void dump(void *arg)
{
	const tquery *q = arg;
	const ref_grid *g = &q->g->ref;

	fprintf(stderr,
	        "  seed %llu, %dx%d grid of cost %d, diagonal=%d heuristic=%d "
	        "adjacent=%d closest=%d, start (%d,%d) goal (%d,%d)\n",
	        q->g->seed, g->w, g->h, q->g->c, (int)q->o.diagonal,
	        (int)q->o.heuristic, q->o.adjacent, q->o.closest, (int)q->s.x,
	        (int)q->s.y, (int)q->t.x, (int)q->t.y);
	if (g->w > 140 || g->h > 140)
		return;
	for (int y = 0; y < g->h; y++) {
		fputs("  ", stderr);
		for (int x = 0; x < g->w; x++)
			fputc(same(P(x, y), q->s)   ? 'S'
			      : same(P(x, y), q->t) ? 'G'
			      : open_at(g, x, y)    ? '.'
			                            : '#',
			      stderr);
		fputc('\n', stderr);
	}
}

static void need(size_t n)
{
	if (n <= cap)
		return;
	free(dist);
	free(ex);
	free(stamp);
	dist = malloc(n * sizeof *dist);
	ex = malloc(n * sizeof *ex);
	stamp = calloc(n, sizeof *stamp);
	if (!dist || !ex || !stamp) {
		fprintf(stderr, "test_jps: out of memory\n");
		exit(2);
	}
	cap = n;
	stamp_now = 0;
}

/* The reference's costs from s under pol into dist and ex. */
static void reference(const tgrid *g, astar_diagonal pol, astar_point s)
{
	need((size_t)g->ref.w * (size_t)g->ref.h);
	if (!ref_dijkstra(&g->ref, pol, (int)s.x, (int)s.y, dist, ex)) {
		fprintf(stderr, "test_jps: reference out of memory\n");
		exit(2);
	}
}

static int exact_eq(ref_exact a, ref_exact b)
{
	return a.a == b.a && a.b == b.b;
}

static int reachable(const ref_grid *g, astar_point p)
{
	return ex[at(g, p)].a >= 0;
}

/*
 * Replays r's path from the start under the rules and sums its cost
 * exactly into *sum; checks that it ends on r->end and that r->cost is
 * that sum.  Returns 1 when the path is valid.
 */
static int replay(const tquery *q, const astar_result *r, ref_exact *sum)
{
	const ref_grid *g = &q->g->ref;
	double want;

	sum->a = sum->b = 0;
	if (!CHECK(r->path != NULL && r->path_len >= 1,
	           "found but path %p, path_len %zu", (const void *)r->path,
	           r->path_len))
		return 0;
	if (!CHECK(same(r->path[0], q->s), "path starts at (%d,%d)",
	           (int)r->path[0].x, (int)r->path[0].y))
		return 0;
	if (!CHECK(same(r->path[r->path_len - 1], r->end),
	           "path ends at (%d,%d), result.end (%d,%d)",
	           (int)r->path[r->path_len - 1].x,
	           (int)r->path[r->path_len - 1].y, (int)r->end.x,
	           (int)r->end.y))
		return 0;
	for (size_t i = 0; i + 1 < r->path_len; i++) {
		astar_point a = r->path[i], b = r->path[i + 1];
		int dx = (int)(b.x - a.x), dy = (int)(b.y - a.y);
		if (!CHECK(ref_move_legal(g, q->o.diagonal, (int)a.x, (int)a.y,
		                          dx, dy, -1, -1),
		           "step %zu (%d,%d)->(%d,%d) is not a legal move", i,
		           (int)a.x, (int)a.y, (int)b.x, (int)b.y))
			return 0;
		if (dx != 0 && dy != 0)
			sum->b += ref_cost(g, (int)b.x, (int)b.y);
		else
			sum->a += ref_cost(g, (int)b.x, (int)b.y);
	}
	want = (double)sum->a + sqrt(2.0) * (double)sum->b;
	return CHECK(fabs(r->cost - want) <= 1e-9 * (want > 1.0 ? want : 1.0),
	             "result.cost %.17g, the path's steps sum to %.17g",
	             r->cost, want);
}

/* Whether a straight move into (x, y) has a forced neighbour there: the
 * cell behind is open, and a side cell is open whose neighbour behind it
 * is blocked.  4-connected JPS turns only off vertical moves. */
static int jump_point(const ref_grid *g, int x, int y, int eight)
{
	static const int d[4][2] = {{0, -1}, {0, 1}, {1, 0}, {-1, 0}};

	for (int k = 0; k < (eight ? 4 : 2); k++) {
		int bx = x - d[k][0], by = y - d[k][1];
		int sx = d[k][1], sy = d[k][0]; /* perpendicular */
		if (!open_at(g, bx, by))
			continue;
		for (int side = -1; side <= 1; side += 2)
			if (open_at(g, x + side * sx, y + side * sy) &&
			    !open_at(g, bx + side * sx, by + side * sy))
				return 1;
	}
	return 0;
}

/* The explored list: as long as expanded, from the start, ending on the
 * end of the path when the goal was reached, every cell reachable and a
 * jump point, none twice.  `runs` is 0 when the query ran several
 * searches (a --closest fallback), whose lists only the length binds. */
static void check_explored(const tquery *q, const astar_result *r, int runs)
{
	const ref_grid *g = &q->g->ref;
	int eight = q->o.diagonal == ASTAR_DIAG_NO_OBSTACLES;

	if (!q->o.explored) {
		CHECK(r->explored_len == 0, "explored_len %zu without explored",
		      r->explored_len);
		return;
	}
	if (!CHECK(r->explored_len == r->expanded && r->explored != NULL,
	           "explored_len %zu, expanded %llu", r->explored_len,
	           (unsigned long long)r->expanded))
		return;
	if (!runs || r->explored_len == 0)
		return;
	CHECK(same(r->explored[0], q->s),
	      "explored[0] (%d,%d) is not the start", (int)r->explored[0].x,
	      (int)r->explored[0].y);
	if (r->reached_goal)
		CHECK(same(r->explored[r->explored_len - 1], r->end),
		      "last explored (%d,%d), path end (%d,%d)",
		      (int)r->explored[r->explored_len - 1].x,
		      (int)r->explored[r->explored_len - 1].y, (int)r->end.x,
		      (int)r->end.y);
	if (++stamp_now == 0) {
		memset(stamp, 0, cap * sizeof *stamp);
		stamp_now = 1;
	}
	for (size_t i = 0; i < r->explored_len; i++) {
		astar_point p = r->explored[i];
		if (!CHECK(p.x >= 0 && p.y >= 0 && p.x < g->w && p.y < g->h,
		           "explored[%zu] (%d,%d) outside", i, (int)p.x,
		           (int)p.y))
			return;
		if (!CHECK(reachable(g, p), "explored[%zu] (%d,%d) unreachable",
		           i, (int)p.x, (int)p.y))
			return;
		if (!CHECK(stamp[at(g, p)] != stamp_now,
		           "explored[%zu] (%d,%d) expanded twice", i, (int)p.x,
		           (int)p.y))
			return;
		stamp[at(g, p)] = stamp_now;
		if (i == 0 || (r->reached_goal && i + 1 == r->explored_len))
			continue;
		if (!CHECK(jump_point(g, (int)p.x, (int)p.y, eight),
		           "explored[%zu] (%d,%d) is not a jump point", i,
		           (int)p.x, (int)p.y))
			return;
	}
}

static void not_found(const astar_result *r)
{
	CHECK(r->found == 0 && r->reached_goal == 0 && r->path_len == 0,
	      "found %d reached_goal %d path_len %zu, expected no path",
	      r->found, r->reached_goal, r->path_len);
}

/* The path reaches cell `want` at the reference's cost. */
static void expect_path_to(const tquery *q, const astar_result *r,
                           astar_point want, int reached)
{
	const ref_grid *g = &q->g->ref;
	ref_exact sum, w = ex[at(g, want)];

	if (!CHECK(r->found == 1 && r->reached_goal == reached,
	           "found %d reached_goal %d, expected 1 %d (reference cost "
	           "%.12g)",
	           r->found, r->reached_goal, reached, dist[at(g, want)]))
		return;
	if (!CHECK(same(r->end, want), "ends at (%d,%d), expected (%d,%d)",
	           (int)r->end.x, (int)r->end.y, (int)want.x, (int)want.y))
		return;
	if (replay(q, r, &sum))
		CHECK(exact_eq(sum, w),
		      "path costs %lld + %lld*sqrt2, reference %lld + %lld*sqrt2",
		      (long long)sum.a, (long long)sum.b, (long long)w.a,
		      (long long)w.b);
}

/* The --closest fallback: the reachable cell nearest the target, then
 * the cheapest, then the first in row-major order. */
static void expect_fallback(const tquery *q, const astar_result *r)
{
	const ref_grid *g = &q->g->ref;
	astar_point best = P(-1, -1);
	long long bd = -1;

	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++) {
			size_t k = (size_t)y * (size_t)g->w + (size_t)x;
			long long dx = x - q->t.x, dy = y - q->t.y,
				  d = dx * dx + dy * dy;
			if (ex[k].a < 0)
				continue;
			if (bd < 0 || d < bd ||
			    (d == bd && !exact_eq(ex[k], ex[at(g, best)]) &&
			     dist[k] < dist[at(g, best)])) {
				best = P(x, y);
				bd = d;
			}
		}
	expect_path_to(q, r, best, 0);
}

/* The query again with options.no_path, on a context of its own (the
 * answer depends on the query alone): the same status, cost, length,
 * end and counts as r (status st), and no cells. */
static void check_no_path(const tquery *q, astar_status st,
                          const astar_result *r)
{
	astar_options o = q->o;
	astar_result b;
	astar_status sb;

	if (nctx == NULL && (nctx = astar_ctx_new()) == NULL)
		exit(2);
	o.no_path = 1;
	sb = astar_search(nctx, q->g->lib, q->s, q->t, &o, &b);
	CHECK(sb == st && b.found == r->found &&
	              b.reached_goal == r->reached_goal,
	      "no_path: status %d found %d reached %d, without it %d %d %d",
	      (int)sb, b.found, b.reached_goal, (int)st, r->found,
	      r->reached_goal);
	CHECK(b.cost == r->cost && b.path_len == r->path_len &&
	              (!r->found || same(b.end, r->end)),
	      "no_path: cost %.17g len %zu, without it %.17g len %zu", b.cost,
	      b.path_len, r->cost, r->path_len);
	CHECK(b.expanded == r->expanded && b.generated == r->generated &&
	              b.explored_len == r->explored_len,
	      "no_path: expanded %llu generated %llu, without it %llu %llu",
	      (unsigned long long)b.expanded, (unsigned long long)b.generated,
	      (unsigned long long)r->expanded,
	      (unsigned long long)r->generated);
	CHECK(b.path == NULL, "no_path: the path's cells were listed");
}

/* Whether one legal move takes (x, y) into the target (counted as open). */
static int moves_into_target(const tquery *q, int x, int y)
{
	return ref_move_legal(&q->g->ref, q->o.diagonal, x, y,
	                      (int)(q->t.x - x), (int)(q->t.y - y), (int)q->t.x,
	                      (int)q->t.y);
}

/* The --adjacent goal cells: open, not the target, one legal move from
 * it.  Puts the cheapest reachable one in *best (x < 0: none) and returns
 * whether the start is one of them or the target itself. */
static int adjacent_goals(const tquery *q, astar_point *best)
{
	const ref_grid *g = &q->g->ref;
	int start_ok = same(q->s, q->t);

	*best = P(-1, -1);
	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++) {
			size_t k = (size_t)y * (size_t)g->w + (size_t)x;
			if (same(P(x, y), q->t) || !open_at(g, x, y) ||
			    !moves_into_target(q, x, y))
				continue;
			if (same(P(x, y), q->s))
				start_ok = 1;
			if (ex[k].a >= 0 &&
			    (best->x < 0 || dist[k] < dist[at(g, *best)]))
				*best = P(x, y);
		}
	return start_ok;
}

/* An --adjacent path to a goal cell as cheap as best: any such will do. */
static void expect_adjacent_path(const tquery *q, const astar_result *r,
                                 astar_point best)
{
	const ref_grid *g = &q->g->ref;
	ref_exact sum;
	size_t e = at(g, r->end);

	if (CHECK(r->found && r->reached_goal, "no path, reference %g",
	          dist[at(g, best)]) &&
	    CHECK(r->end.x >= 0 && r->end.y >= 0 && r->end.x < g->w &&
	                  r->end.y < g->h && !same(r->end, q->t) &&
	                  moves_into_target(q, (int)r->end.x, (int)r->end.y),
	          "ends at (%d,%d), not next to the target", (int)r->end.x,
	          (int)r->end.y) &&
	    replay(q, r, &sum))
		CHECK(exact_eq(sum, ex[at(g, best)]) &&
		              exact_eq(ex[e], ex[at(g, best)]),
		      "cost %lld + %lld*sqrt2, reference %g", (long long)sum.a,
		      (long long)sum.b, dist[at(g, best)]);
}

/* An --adjacent query (status ASTAR_OK): a path of one cell when the
 * start already is a goal cell, else the cheapest goal cell's cost, else
 * the --closest fallback or no path. */
static void check_adjacent(const tquery *q, const astar_result *r)
{
	astar_point best;
	int start_ok = adjacent_goals(q, &best);

	if (start_ok) {
		CHECK(r->found && r->reached_goal && r->path_len == 1 &&
		              r->cost == 0.0 && same(r->end, q->s),
		      "start at/next to the target: found %d reached %d "
		      "path_len %zu cost %g",
		      r->found, r->reached_goal, r->path_len, r->cost);
	} else if (best.x >= 0) {
		expect_adjacent_path(q, r, best);
	} else if (q->o.closest) {
		expect_fallback(q, r);
		check_explored(q, r, 0);
		return;
	} else {
		not_found(r);
	}
	check_explored(q, r, 1);
}

/* Runs cur on jctx and checks it against the reference (already run from
 * cur.s under cur.o.diagonal). */
static void run_query(void)
{
	const tquery *q = &cur;
	const ref_grid *g = &q->g->ref;
	astar_result r;
	astar_status st = astar_search(jctx, q->g->lib, q->s, q->t, &q->o, &r);
	int t_open = open_at(g, (int)q->t.x, (int)q->t.y);

	check_context(dump, &cur);
	check_no_path(q, st, &r);
	if (!q->o.adjacent && !q->o.closest && !t_open) {
		CHECK(st == ASTAR_EGOAL_BLOCKED,
		      "status %d, expected goal blocked", (int)st);
		return;
	}
	if (!CHECK(st == ASTAR_OK, "status %d (%s)", (int)st,
	           astar_strerror(st)))
		return;
	if (q->o.adjacent) {
		check_adjacent(q, &r);
	} else if (t_open && reachable(g, q->t)) {
		expect_path_to(q, &r, q->t, 1);
		check_explored(q, &r, 1);
	} else if (q->o.closest) {
		expect_fallback(q, &r);
		check_explored(q, &r, 0);
	} else {
		not_found(&r);
		check_explored(q, &r, 1);
	}
}

/* ---------------------------------------------------------- grids */

/* Copies the reference cells into the library grid, cell by cell or
 * row by row. */
static void fill_lib(tgrid *g, int via_rows)
{
	for (int y = 0; y < g->ref.h; y++) {
		const uint8_t *src = g->ref.cost + (size_t)y * (size_t)g->ref.w;
		if (via_rows) {
			memcpy(astar_grid_row(g->lib, y), src, (size_t)g->ref.w);
			continue;
		}
		for (int x = 0; x < g->ref.w; x++)
			astar_grid_set(g->lib, x, y, src[x]);
	}
	if (via_rows)
		astar_grid_recount(g->lib);
}

static void make_lib(tgrid *g, int via_rows)
{
	astar_status st;

	g->lib = astar_grid_new(g->ref.w, g->ref.h, &st);
	if (g->lib == NULL) {
		fprintf(stderr, "test_jps: astar_grid_new: %s\n", astar_strerror(st));
		exit(2);
	}
	fill_lib(g, via_rows);
}

static void put(tgrid *g, int x, int y, int open)
{
	if (x >= 0 && y >= 0 && x < g->ref.w && y < g->ref.h)
		g->ref.cost[(size_t)y * (size_t)g->ref.w + (size_t)x] =
			open ? g->c : 0;
}

static void fill(uint64_t *rng, tgrid *g, int w, int h);

static void gen(uint64_t *rng, tgrid *g)
{
	static const int edge[] = {31, 32,  33,  62,  63,  64, 65,
	                           66, 126, 127, 128, 129, 130};
	const int ne = (int)(sizeof edge / sizeof edge[0]);
	int kind = rng_int(rng, 10), w, h;

	if (kind < 2) {
		w = edge[rng_int(rng, ne)];
		h = 1 + rng_int(rng, 24);
	} else if (kind < 4) {
		h = edge[rng_int(rng, ne)];
		w = 1 + rng_int(rng, 24);
	} else if (kind < 5) {
		w = 1 + rng_int(rng, 5);
		h = 1 + rng_int(rng, 5);
	} else if (kind < 6) {
		w = 60 + rng_int(rng, 8);
		h = 60 + rng_int(rng, 8);
	} else {
		w = 1 + rng_int(rng, 45);
		h = 1 + rng_int(rng, 45);
	}
	fill(rng, g, w, h);
}

/* A w x h grid of one random cost, with walls of a random density, wall
 * segments and rooms, as gen describes. */
static void fill(uint64_t *rng, tgrid *g, int w, int h)
{
	static const int density[] = {0, 5, 12, 20, 30, 40, 48};
	int dens;

	switch (rng_int(rng, 4)) {
	case 0:
		g->c = (uint8_t)(1 + rng_int(rng, 255));
		break;
	case 1:
		g->c = 3;
		break;
	default:
		g->c = 1;
	}
	g->ref.w = w;
	g->ref.h = h;
	g->ref.cost = malloc((size_t)w * (size_t)h);
	if (g->ref.cost == NULL) {
		fprintf(stderr, "test_jps: out of memory\n");
		exit(2);
	}
	dens = density[rng_int(rng, (int)(sizeof density / sizeof density[0]))];
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			put(g, x, y, rng_int(rng, 100) >= dens);
	if (rng_int(rng, 3) == 0) { /* wall segments */
		int n = rng_int(rng, 1 + (w + h) / 3);
		for (int k = 0; k < n; k++) {
			int horiz = rng_int(rng, 2), x = rng_int(rng, w),
			    y = rng_int(rng, h);
			int len = 1 + rng_int(rng, horiz ? w : h);
			for (int i = 0; i < len; i++)
				put(g, horiz ? x + i : x, horiz ? y : y + i, 0);
		}
	}
	if (rng_int(rng, 5) == 0) { /* rooms with doors */
		int sx = 3 + rng_int(rng, 8), sy = 3 + rng_int(rng, 8);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++)
				if ((x % sx == 0 || y % sy == 0) &&
				    rng_int(rng, 6) != 0)
					put(g, x, y, 0);
	}
	make_lib(g, rng_int(rng, 2));
}

static int random_open(uint64_t *rng, const tgrid *g, astar_point *p)
{
	for (int tries = 0; tries < 64; tries++) {
		*p = P(rng_int(rng, g->ref.w), rng_int(rng, g->ref.h));
		if (open_at(&g->ref, (int)p->x, (int)p->y))
			return 1;
	}
	for (int y = 0; y < g->ref.h; y++)
		for (int x = 0; x < g->ref.w; x++)
			if (open_at(&g->ref, x, y)) {
				*p = P(x, y);
				return 1;
			}
	return 0;
}

/* A goal for the start s: often on its row, column or diagonal, where
 * straight jumps and diagonal walks have to notice it. */
static astar_point pick_goal(uint64_t *rng, const tgrid *g, astar_point s)
{
	astar_point t;
	int k = rng_int(rng, 6), d = 1 + rng_int(rng, 64);

	if (!random_open(rng, g, &t))
		return s;
	if (k == 0)
		t.y = s.y;
	else if (k == 1)
		t.x = s.x;
	else if (k == 2) {
		int sx = rng_int(rng, 2) ? 1 : -1,
		    sy = rng_int(rng, 2) ? 1 : -1;
		t = P((int)s.x + sx * d, (int)s.y + sy * d);
		if (t.x < 0 || t.y < 0 || t.x >= g->ref.w || t.y >= g->ref.h)
			t = s;
	}
	return t;
}

static void base_options(uint64_t *rng, astar_options *o, astar_diagonal pol)
{
	astar_options_init(o);
	o->algorithm = ASTAR_ALGO_JPS;
	o->diagonal = pol;
	o->explored = rng_int(rng, 5) != 0;
	if (rng_int(rng, 4) == 0) /* the movement's own heuristic, named */
		o->heuristic = pol == ASTAR_DIAG_NEVER ? ASTAR_H_MANHATTAN
		                                       : ASTAR_H_OCTILE;
}

/* Queries from one start under pol: plain ones, --adjacent (with and
 * without --closest) and --closest, against one reference run. */
static void queries_from(uint64_t *rng, tgrid *g, astar_diagonal pol,
                         int nplain)
{
	astar_point s;

	if (!random_open(rng, g, &s))
		return;
	reference(g, pol, s);
	cur.g = g;
	cur.s = s;
	for (int k = 0; k < nplain + 3; k++) {
		base_options(rng, &cur.o, pol);
		if (k < nplain) {
			cur.t = pick_goal(rng, g, s);
		} else {
			cur.t = P(rng_int(rng, g->ref.w),
			          rng_int(rng, g->ref.h));
			cur.o.adjacent = k == nplain || k == nplain + 1;
			cur.o.closest = k != nplain;
		}
		check_begin("jps grid %llu %dx%d pol %d query %d", g->seed,
		            g->ref.w, g->ref.h, (int)pol, k);
		run_query();
		check_end();
	}
}

/* Opens or blocks a few cells of both copies, cell by cell through
 * astar_grid_set or by writing through astar_grid_row and calling astar_grid_recount. */
static void edit(uint64_t *rng, tgrid *g)
{
	int n = 1 + rng_int(rng, 8), rows = rng_int(rng, 2);

	for (int k = 0; k < n; k++) {
		int x = rng_int(rng, g->ref.w), y = rng_int(rng, g->ref.h);
		int open = !open_at(&g->ref, x, y);
		put(g, x, y, open);
		if (rows)
			astar_grid_row(g->lib, y)[x] = open ? g->c : 0;
		else
			astar_grid_set(g->lib, x, y, open ? g->c : 0);
	}
	if (rows)
		astar_grid_recount(g->lib);
}

/* A result's path and explored list, copied out of its context. */
typedef struct kept {
	astar_status st;
	astar_result r;
	astar_point *path, *explored;
} kept;

static void keep(kept *k, astar_status st, const astar_result *r)
{
	size_t np = r->path_len ? r->path_len : 1;
	size_t ne = r->explored_len ? r->explored_len : 1;

	k->st = st;
	k->r = *r;
	k->path = malloc(np * sizeof *k->path);
	k->explored = malloc(ne * sizeof *k->explored);
	if (k->path == NULL || k->explored == NULL) {
		fprintf(stderr, "test_jps: out of memory\n");
		exit(2);
	}
	if (r->path_len)
		memcpy(k->path, r->path, r->path_len * sizeof *k->path);
	if (r->explored_len)
		memcpy(k->explored, r->explored,
		       r->explored_len * sizeof *k->explored);
}

static void unkeep(kept *k)
{
	free(k->path);
	free(k->explored);
}

/* The same query on a fresh context gives the same answer, path and
 * expansions as on the shared one, whose cache has seen other grids; so
 * does a context that astar_prepare readied (its first search then has
 * the maps that otherwise come from a grid's second query on). */
static void fresh_context_agrees(tgrid *g, astar_diagonal pol, astar_point s,
                                 astar_point t)
{
	astar_ctx *fresh = astar_ctx_new(), *prep = astar_ctx_new();
	astar_options o;
	astar_result r, b, c;
	astar_status sb, sc, sp = ASTAR_EINVAL;
	kept a;
	size_t n;

	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_JPS;
	o.diagonal = pol;
	check_begin("jps grid %llu: fresh context agrees", g->seed);
	if (!CHECK(fresh != NULL && prep != NULL, "astar_ctx_new failed")) {
		astar_ctx_free(fresh);
		astar_ctx_free(prep);
		return;
	}
	keep(&a, astar_search(jctx, g->lib, s, t, &o, &r), &r);
	n = a.r.path_len;
	sb = astar_search(fresh, g->lib, s, t, &o, &b);
	CHECK(a.st == sb && a.r.found == b.found && a.r.cost == b.cost &&
	              a.r.expanded == b.expanded && n == b.path_len &&
	              (n == 0 ||
	               memcmp(a.path, b.path, n * sizeof *a.path) == 0),
	      "status %d/%d found %d/%d cost %.17g/%.17g expanded %llu/%llu",
	      (int)a.st, (int)sb, a.r.found, b.found, a.r.cost, b.cost,
	      (unsigned long long)a.r.expanded, (unsigned long long)b.expanded);
	sp = astar_prepare(prep, g->lib, &o);
	sc = astar_search(prep, g->lib, s, t, &o, &c);
	CHECK(sp == ASTAR_OK && a.st == sc && a.r.found == c.found &&
	              a.r.cost == c.cost && a.r.expanded == c.expanded &&
	              n == c.path_len &&
	              (n == 0 ||
	               memcmp(a.path, c.path, n * sizeof *a.path) == 0),
	      "prepared: prepare %d, status %d/%d found %d/%d cost "
	      "%.17g/%.17g expanded %llu/%llu",
	      (int)sp, (int)a.st, (int)sc, a.r.found, c.found, a.r.cost, c.cost,
	      (unsigned long long)a.r.expanded, (unsigned long long)c.expanded);
	unkeep(&a);
	astar_ctx_free(fresh);
	astar_ctx_free(prep);
	check_end();
}

static void property_tests(void)
{
	for (int i = 0; i < JPS_GRIDS; i++) {
		unsigned long long seed = JPS_SEED + (unsigned long long)i;
		uint64_t rng = seed;
		tgrid g;
		astar_point s, t;

		memset(&g, 0, sizeof g);
		g.seed = seed;
		gen(&rng, &g);
		queries_from(&rng, &g, ASTAR_DIAG_NO_OBSTACLES, 4);
		queries_from(&rng, &g, ASTAR_DIAG_NEVER, 3);
		for (int round = 0; round < 2; round++) {
			edit(&rng, &g);
			queries_from(&rng, &g,
			             rng_int(&rng, 2) ? ASTAR_DIAG_NEVER
			                              : ASTAR_DIAG_NO_OBSTACLES,
			             3);
		}
		if (i % 16 == 0 && random_open(&rng, &g, &s) &&
		    random_open(&rng, &g, &t))
			fresh_context_agrees(&g,
			                     rng_int(&rng, 2)
			                             ? ASTAR_DIAG_NEVER
			                             : ASTAR_DIAG_NO_OBSTACLES,
			                     s, t);
		astar_grid_free(g.lib);
		free(g.ref.cost);
	}
}

/*
 * Grids far taller than wide, and far wider than tall (1 to 70 cells one
 * way, 150 to 900 the other): a diagonal line of the walk maps crosses
 * at most a row's width of cells, and holds only their words (jps.c,
 * diag_word0), from a different first word on each line of a tall grid.
 * The same checks as property_tests.
 */
static void test_long_grids(void)
{
	for (int i = 0; i < LONG_GRIDS; i++) {
		unsigned long long seed = LONG_SEED + (unsigned long long)i;
		uint64_t rng = seed;
		int a = 1 + rng_int(&rng, 70), b = 150 + rng_int(&rng, 751);
		tgrid g;
		astar_point s, t;

		memset(&g, 0, sizeof g);
		g.seed = seed;
		if (i % 4 == 3)
			fill(&rng, &g, b, a);
		else
			fill(&rng, &g, a, b);
		queries_from(&rng, &g, ASTAR_DIAG_NO_OBSTACLES, 8);
		queries_from(&rng, &g, ASTAR_DIAG_NO_OBSTACLES, 8);
		queries_from(&rng, &g, ASTAR_DIAG_NEVER, 3);
		edit(&rng, &g);
		queries_from(&rng, &g, ASTAR_DIAG_NO_OBSTACLES, 4);
		if (random_open(&rng, &g, &s) && random_open(&rng, &g, &t))
			fresh_context_agrees(&g, ASTAR_DIAG_NO_OBSTACLES, s, t);
		astar_grid_free(g.lib);
		free(g.ref.cost);
	}
}

/* ----------------------------------------------------------- memo */

/* A*'s answer c has JPS's (a) status, found flags, cost to the bit and
 * path length. */
static void expect_astar_agrees(const kept *c, const kept *a)
{
	CHECK(c->st == a->st && c->r.found == a->r.found &&
	              c->r.reached_goal == a->r.reached_goal &&
	              memcmp(&c->r.cost, &a->r.cost, sizeof c->r.cost) == 0 &&
	              c->r.path_len == a->r.path_len,
	      "A*: status %d found %d cost %.17g path %zu, "
	      "JPS: %d %d %.17g %zu",
	      (int)c->st, c->r.found, c->r.cost, c->r.path_len, (int)a->st,
	      a->r.found, a->r.cost, a->r.path_len);
}

/* The memo's answer a is the fresh context's b to the bit: status, cost,
 * counts, then (when as long) the path and the explored list in order. */
static void expect_same_bits(const kept *a, const kept *b)
{
	CHECK(a->st == b->st && a->r.found == b->r.found &&
	              a->r.reached_goal == b->r.reached_goal &&
	              memcmp(&a->r.cost, &b->r.cost, sizeof a->r.cost) == 0 &&
	              a->r.expanded == b->r.expanded &&
	              a->r.generated == b->r.generated &&
	              a->r.path_len == b->r.path_len &&
	              a->r.explored_len == b->r.explored_len,
	      "status %d/%d found %d/%d cost %.17g/%.17g expanded "
	      "%llu/%llu generated %llu/%llu path %zu/%zu",
	      (int)a->st, (int)b->st, a->r.found, b->r.found, a->r.cost,
	      b->r.cost, (unsigned long long)a->r.expanded,
	      (unsigned long long)b->r.expanded,
	      (unsigned long long)a->r.generated,
	      (unsigned long long)b->r.generated, a->r.path_len, b->r.path_len);
	if (a->r.path_len == b->r.path_len && a->r.path_len)
		CHECK(memcmp(a->path, b->path,
		             a->r.path_len * sizeof *a->path) == 0,
		      "the paths differ");
	if (a->r.explored_len == b->r.explored_len && a->r.explored_len)
		CHECK(memcmp(a->explored, b->explored,
		             a->r.explored_len * sizeof *a->explored) == 0,
		      "the explored lists differ");
}

/* One memo query, o JPS's (left as A*'s): on mctx, whose memo has seen
 * the grid's earlier queries, on a fresh prepared context, and by A* on
 * actx.  Returns 0 when no fresh context could be made. */
static int memo_query(astar_ctx *mctx, astar_ctx *actx, const tgrid *g, int q,
                      astar_point s, astar_point t, astar_options *o)
{
	astar_ctx *fresh;
	astar_result r;
	kept a, b, c;

	check_begin("jps memo grid %llu %dx%d query %d: "
	            "%d,%d -> %d,%d%s%s",
	            g->seed, g->ref.w, g->ref.h, q, (int)s.x, (int)s.y,
	            (int)t.x, (int)t.y, o->closest ? " closest" : "",
	            o->adjacent ? " adjacent" : "");
	keep(&a, astar_search(mctx, g->lib, s, t, o, &r), &r);
	fresh = astar_ctx_new();
	if (!CHECK(fresh != NULL && astar_prepare(fresh, g->lib, o) == ASTAR_OK,
	           "fresh context")) {
		astar_ctx_free(fresh);
		unkeep(&a);
		check_end();
		return 0;
	}
	keep(&b, astar_search(fresh, g->lib, s, t, o, &r), &r);
	astar_ctx_free(fresh);
	o->algorithm = ASTAR_ALGO_ASTAR;
	keep(&c, astar_search(actx, g->lib, s, t, o, &r), &r);
	expect_astar_agrees(&c, &a);
	unkeep(&c);
	expect_same_bits(&a, &b);
	unkeep(&a);
	unkeep(&b);
	check_end();
	return 1;
}

/* Grid i of test_memo_replay: 48 queries, six from each start, with
 * edits before the 25th and the 37th. */
static void memo_grid(astar_ctx *mctx, astar_ctx *actx, int i)
{
	unsigned long long seed = MEMO_SEED + (unsigned long long)i;
	uint64_t rng = seed;
	tgrid g;
	astar_point s = P(0, 0), t;

	memset(&g, 0, sizeof g);
	g.seed = seed;
	/* At least 91x91: the memo leaves smaller grids alone. */
	fill(&rng, &g, 91 + rng_int(&rng, 40), 91 + rng_int(&rng, 40));
	for (int q = 0; q < 48; q++) {
		astar_options o;

		if (q == 24 || q == 36)
			edit(&rng, &g);
		/* Six goals from each start, so that the same nodes are
		 * expanded for goals on other rows and columns. */
		if (q % 6 == 0 && !random_open(&rng, &g, &s))
			break;
		astar_options_init(&o);
		o.algorithm = ASTAR_ALGO_JPS;
		o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
		o.explored = 1;
		t = pick_goal(&rng, &g, s);
		o.closest = rng_int(&rng, 8) == 0;
		o.adjacent = rng_int(&rng, 8) == 0;
		if (!memo_query(mctx, actx, &g, q, s, t, &o))
			break;
	}
	astar_grid_free(g.lib);
	free(g.ref.cost);
}

/*
 * The successor memo (jps.c) replays an expansion seen before when the
 * goal cannot have changed it.  Many queries on one grid of 91 to 130
 * cells across (the memo serves grids of 8192 cells or more) and one
 * context, 8-connected (where the memo works), with goals often on the
 * start's row, column or diagonal (pick_goal), some of them --closest or
 * --adjacent, and edits between rounds (which must empty the memo):
 * every answer must be the one a fresh context gives, readied by
 * astar_prepare and so with the same maps and an empty memo, to the bit:
 * status, cost, path, expansions, generated count and the explored list
 * in order.  These grids are also where barren jump points are pruned
 * (jps.c, relax), whose table a context keeps as it keeps the memo: the
 * cost must also be A*'s, to the bit, and the path as long.
 */
static void test_memo_replay(void)
{
	astar_ctx *mctx = astar_ctx_new(), *actx = astar_ctx_new();

	if (!CHECK(mctx != NULL && actx != NULL, "astar_ctx_new failed")) {
		astar_ctx_free(mctx);
		astar_ctx_free(actx);
		return;
	}
	for (int i = 0; i < MEMO_GRIDS; i++)
		memo_grid(mctx, actx, i);
	astar_ctx_free(mctx);
	astar_ctx_free(actx);
}

/* ------------------------------------------------------ hand-made */

static astar_grid *open_grid(int w, int h, uint8_t c)
{
	astar_grid *lg = astar_grid_new(w, h, NULL);

	if (lg == NULL) {
		fprintf(stderr, "test_jps: astar_grid_new failed\n");
		exit(2);
	}
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			astar_grid_set(lg, x, y, c);
	return lg;
}

static astar_status jps(const astar_grid *lg, astar_point s, astar_point t,
                        astar_diagonal pol, astar_result *r)
{
	astar_options o;

	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_JPS;
	o.diagonal = pol;
	return astar_search(jctx, lg, s, t, &o, r);
}

/* On open ground a straight or diagonal line is found with two
 * expansions, the start and the goal, where A* expands every cell. */
static void test_open_ground(void)
{
	astar_grid *lg = open_grid(200, 130, 1);
	astar_result r;
	astar_status st;

	check_begin("jps open ground");
	st = jps(lg, P(0, 5), P(199, 5), ASTAR_DIAG_NO_OBSTACLES, &r);
	CHECK(st == ASTAR_OK && r.found && r.cost == 199.0 &&
	              r.path_len == 200 && r.expanded == 2,
	      "row: status %d found %d cost %g path_len %zu expanded %llu",
	      (int)st, r.found, r.cost, r.path_len,
	      (unsigned long long)r.expanded);
	st = jps(lg, P(3, 0), P(3, 129), ASTAR_DIAG_NEVER, &r);
	CHECK(st == ASTAR_OK && r.found && r.cost == 129.0 &&
	              r.path_len == 130 && r.expanded == 2,
	      "column: status %d found %d cost %g path_len %zu expanded %llu",
	      (int)st, r.found, r.cost, r.path_len,
	      (unsigned long long)r.expanded);
	st = jps(lg, P(150, 0), P(21, 129), ASTAR_DIAG_NO_OBSTACLES, &r);
	CHECK(st == ASTAR_OK && r.found && r.path_len == 130 &&
	              fabs(r.cost - 129 * sqrt(2.0)) < 1e-9 && r.expanded == 2,
	      "diagonal: status %d found %d cost %.17g path_len %zu "
	      "expanded %llu",
	      (int)st, r.found, r.cost, r.path_len,
	      (unsigned long long)r.expanded);
	check_end();
	astar_grid_free(lg);
}

/* A wall drawn between two queries on a grid whose maps are all built:
 * cell by cell, then closed through astar_grid_row. */
static void edits_in_place(void)
{
	astar_grid *lg = open_grid(70, 20, 1);
	astar_result r;
	astar_status st;

	st = jps(lg, P(0, 0), P(69, 0), ASTAR_DIAG_NEVER, &r);
	CHECK(st == ASTAR_OK && r.cost == 69.0, "before: cost %g", r.cost);
	st = jps(lg, P(0, 0), P(69, 0), ASTAR_DIAG_NEVER, &r); /* walk maps */
	CHECK(st == ASTAR_OK && r.cost == 69.0, "again: cost %g", r.cost);
	{ /* every map built now, and left stale by the edits below */
		astar_options o;
		astar_options_init(&o);
		o.algorithm = ASTAR_ALGO_JPS;
		CHECK(astar_prepare(jctx, lg, &o) == ASTAR_OK,
		      "astar_prepare failed");
	}
	for (int y = 0; y < 19; y++) /* a wall at x = 64, open at the bottom */
		astar_grid_set(lg, 64, y, 0);
	st = jps(lg, P(0, 0), P(69, 0), ASTAR_DIAG_NEVER, &r);
	CHECK(st == ASTAR_OK && r.cost == 69.0 + 2 * 19,
	      "wall by astar_grid_set: cost %g, expected %d", r.cost,
	      69 + 2 * 19);
	astar_grid_row(lg, 19)[64] = 0; /* closed: no way through */
	astar_grid_recount(lg);
	st = jps(lg, P(0, 0), P(69, 0), ASTAR_DIAG_NEVER, &r);
	CHECK(st == ASTAR_OK && !r.found,
	      "closed by astar_grid_row: found %d cost %g", r.found, r.cost);
	astar_grid_free(lg);
}

/* Two grids of one size, the first freed before the second is made,
 * each filled by one astar_grid_row per row and an astar_grid_recount:
 * the first open, the second an L along its left column and bottom row,
 * where no diagonal step is legal. */
static void regrown_grids(void)
{
	astar_grid *lg;
	astar_result r;
	astar_status st;
	uintptr_t first = 0;

	for (int round = 0; round < 2; round++) {
		lg = astar_grid_new(70, 20, NULL);
		if (!CHECK(lg != NULL, "astar_grid_new failed"))
			return;
		for (int y = 0; y < 20; y++) {
			uint8_t *row = astar_grid_row(lg, y);
			memset(row, round == 0 || y == 19, 70);
			row[0] = 1;
		}
		astar_grid_recount(lg);
		for (int k = 0; k < 2;
		     k++) /* the second builds the walk maps */
			st = jps(lg, P(0, 0), P(69, 19),
			         ASTAR_DIAG_NO_OBSTACLES, &r);
		if (round == 0) {
			CHECK(st == ASTAR_OK &&
			              fabs(r.cost - (50 + 19 * sqrt(2.0))) <
			                      1e-9,
			      "open grid: status %d cost %.17g", (int)st,
			      r.cost);
			first = (uintptr_t)lg;
		} else {
			CHECK(st == ASTAR_OK && r.cost == 88.0 &&
			              r.path_len == 89,
			      "L grid%s: status %d cost %.17g path_len %zu",
			      (uintptr_t)lg == first
			              ? " (at the first's address)"
			              : "",
			      (int)st, r.cost, r.path_len);
		}
		astar_grid_free(lg);
	}
}

/* Edits the cache must see: a wall drawn between two queries, cell by
 * cell, then row by row; and a grid freed and another of the same size,
 * filled by as many calls, made (most likely at the same address, where
 * a cache keyed on the address and the count of edits would be fooled).
 * All one case. */
static void test_edits_seen(void)
{
	check_begin("jps sees edits and new grids");
	edits_in_place();
	regrown_grids();
	check_end();
}

/* Two grids searched in turn on one context, and A* between them. */
static void test_alternating(void)
{
	astar_grid *a = open_grid(40, 3, 1), *b = open_grid(40, 3, 1);
	astar_options o;
	astar_result r;
	astar_status st;

	for (int y = 0; y < 2; y++)
		astar_grid_set(b, 20, y, 0); /* b: a wall, open at the bottom */
	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	check_begin("jps alternating grids");
	for (int k = 0; k < 3; k++) {
		o.algorithm = ASTAR_ALGO_JPS;
		st = astar_search(jctx, a, P(0, 0), P(39, 0), &o, &r);
		CHECK(st == ASTAR_OK && r.cost == 39.0, "a: cost %g", r.cost);
		st = astar_search(jctx, b, P(0, 0), P(39, 0), &o, &r);
		CHECK(st == ASTAR_OK &&
		              fabs(r.cost - (35 + 4 * sqrt(2.0))) < 1e-9,
		      "b: cost %.17g", r.cost);
		o.algorithm = ASTAR_ALGO_ASTAR;
		st = astar_search(jctx, b, P(0, 0), P(39, 0), &o, &r);
		CHECK(st == ASTAR_OK &&
		              fabs(r.cost - (35 + 4 * sqrt(2.0))) < 1e-9,
		      "b by A*: cost %.17g", r.cost);
	}
	check_end();
	astar_grid_free(a);
	astar_grid_free(b);
}

/*
 * Long jumps, over hundreds of words of the maps: a map 40000 cells long
 * and 3 wide, whose first line opens 35000 cells along, so that the jump
 * along the middle line finds its jump point 35000 cells away, and the
 * jumps along the last line a dead end 40000 away (from the start's
 * expansion and from its diagonal walk).  Across and along, each searched
 * three times (the second and third with the walk maps), by JPS and by
 * A*, which must agree on the cost and the path's length.
 */
static void test_far_jumps(void)
{
	check_begin("jps long jumps");
	for (int across = 0; across < 2; across++) {
		const int n = 40000, open_from = 35000;
		astar_grid *lg =
			across ? open_grid(n, 3, 1) : open_grid(3, n, 1);
		astar_point s = across ? P(0, 1) : P(1, 0);
		astar_point t = across ? P(n - 1, 0) : P(0, n - 1);
		astar_options o;
		astar_result a, r;
		astar_status st;

		for (int k = 0; k < open_from; k++)
			astar_grid_set(lg, across ? k : 0, across ? 0 : k, 0);
		astar_options_init(&o);
		o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
		st = astar_search(jctx, lg, s, t, &o, &a);
		CHECK(st == ASTAR_OK && a.found &&
		              a.cost == (double)(n - 2) + sqrt(2.0),
		      "%s: A*: status %d cost %.17g",
		      across ? "across" : "along", (int)st, a.cost);
		for (int k = 0; k < 3; k++) {
			st = jps(lg, s, t, ASTAR_DIAG_NO_OBSTACLES, &r);
			CHECK(st == ASTAR_OK && r.found && r.cost == a.cost &&
			              r.path_len == a.path_len,
			      "%s, search %d: status %d cost %.17g (A* %.17g) "
			      "path_len %zu (A* %zu)",
			      across ? "across" : "along", k + 1, (int)st,
			      r.cost, a.cost, r.path_len, a.path_len);
		}
		astar_grid_free(lg);
	}
	check_end();
}

/*
 * The start's walks that cannot matter are not made (jps.c, walk_start):
 * on open ground with four pillars, whose corners hold jump points for
 * every walk from the middle, a walk whose first cell's f is more than
 * the cost of a goal cell already offered is left out, which only the
 * generated count shows.  All made, the walks would generate 10 points
 * in each case.
 */
static void test_start_walks(void)
{
	astar_grid *lg = open_grid(30, 30, 1);
	const struct {
		int tx, ty;
		astar_diagonal pol;
		double cost;
		uint64_t generated;
	} c[] = {
		/* east, found by the jump east: no walk made */
		{28, 15, ASTAR_DIAG_NO_OBSTACLES, 13.0, 2},
		/* south-east, off the diagonal: the walk that way first,
		 * which finds it (and the two points by the pillar further
		 * on), then no other */
		{27, 20, ASTAR_DIAG_NO_OBSTACLES, 7.0 + 5.0 * sqrt(2.0), 4},
		/* 4-connected east: the walk east goes on past the pillars
		 * (f stays 13 along it), the one west is not made */
		{28, 15, ASTAR_DIAG_NEVER, 13.0, 6},
	};

	check_begin("jps: the start's walks beyond a goal found are left out");
	astar_grid_set(lg, 5, 5, 0);
	astar_grid_set(lg, 25, 5, 0);
	astar_grid_set(lg, 5, 25, 0);
	astar_grid_set(lg, 25, 25, 0);
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		astar_result r;
		astar_status st =
			jps(lg, P(15, 15), P(c[k].tx, c[k].ty), c[k].pol, &r);
		CHECK(st == ASTAR_OK && r.found &&
		              fabs(r.cost - c[k].cost) < 1e-9 &&
		              r.expanded == 2 && r.generated == c[k].generated,
		      "to (%d,%d), policy %d: status %d found %d cost %.17g "
		      "(%.17g) expanded %llu (2) generated %llu (%llu)",
		      c[k].tx, c[k].ty, (int)c[k].pol, (int)st, r.found, r.cost,
		      c[k].cost, (unsigned long long)r.expanded,
		      (unsigned long long)r.generated,
		      (unsigned long long)c[k].generated);
	}
	check_end();
	astar_grid_free(lg);
}

static void zeroed(const astar_result *r)
{
	CHECK(r->found == 0 && r->path == NULL && r->path_len == 0 &&
	              r->expanded == 0 && r->generated == 0 &&
	              r->explored == NULL && r->explored_len == 0 &&
	              r->cost == 0.0,
	      "result not zeroed after a failure");
}

static void expect_status(const char *what, const astar_grid *lg, astar_point s,
                          astar_point t, const astar_options *o,
                          astar_status want)
{
	astar_result r;
	astar_status st;

	astar_ctx *prep;
	/* astar_prepare has no query: it fails on the options alone. */
	astar_status pwant = want == ASTAR_EINVAL || want == ASTAR_EUNSUPPORTED
	                             ? want
	                             : ASTAR_OK;

	memset(&r, 0x5a, sizeof r);
	st = astar_search(jctx, lg, s, t, o, &r);
	check_begin("jps status: %s", what);
	CHECK(st == want, "status %d (%s), expected %d (%s)", (int)st,
	      astar_strerror(st), (int)want, astar_strerror(want));
	if (want != ASTAR_OK)
		zeroed(&r);
	/* The same on a context prepared first, whether or not the
	 * preparation could be done. */
	prep = astar_ctx_new();
	if (CHECK(prep != NULL, "astar_ctx_new failed")) {
		st = astar_prepare(prep, lg, o);
		CHECK(st == pwant, "astar_prepare: status %d (%s), expected %d",
		      (int)st, astar_strerror(st), (int)pwant);
		st = astar_search(prep, lg, s, t, o, &r);
		CHECK(st == want, "after astar_prepare: status %d, expected %d",
		      (int)st, (int)want);
		astar_ctx_free(prep);
	}
	check_end();
}

/* The diagonal policies JPS refuses (o: JPS, 8-connected). */
static void refused_diagonals(const astar_grid *lg, astar_options o)
{
	o.diagonal = ASTAR_DIAG_ALWAYS;
	expect_status("diagonal always", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_EUNSUPPORTED);
	o.diagonal = ASTAR_DIAG_ONE_OBSTACLE;
	expect_status("diagonal one obstacle", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_EUNSUPPORTED);
	o.diagonal = (astar_diagonal)7;
	expect_status("diagonal 7", lg, P(0, 0), P(5, 4), &o, ASTAR_EINVAL);
}

/* Weights: above 1 refused, below 1 or NaN invalid. */
static void refused_weights(const astar_grid *lg, astar_options o)
{
	o.weight = 1.5;
	expect_status("weight 1.5", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_EUNSUPPORTED);
	o.weight = 0.5;
	expect_status("weight 0.5", lg, P(0, 0), P(5, 4), &o, ASTAR_EINVAL);
	o.weight = NAN;
	expect_status("weight NaN", lg, P(0, 0), P(5, 4), &o, ASTAR_EINVAL);
}

/* Heuristics: only the movement's own (octile 8-connected, Manhattan
 * 4-connected) is taken. */
static void heuristics_by_movement(const astar_grid *lg, astar_options o)
{
	o.heuristic = ASTAR_H_OCTILE;
	expect_status("octile, 8-connected", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_OK);
	o.heuristic = ASTAR_H_MANHATTAN;
	expect_status("manhattan, 8-connected", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_EUNSUPPORTED);
	o.heuristic = ASTAR_H_EUCLIDEAN;
	expect_status("euclidean", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_EUNSUPPORTED);
	o.heuristic = ASTAR_H_ZERO;
	expect_status("zero", lg, P(0, 0), P(5, 4), &o, ASTAR_EUNSUPPORTED);
	o.heuristic = (astar_heuristic)42;
	expect_status("heuristic 42", lg, P(0, 0), P(5, 4), &o, ASTAR_EINVAL);
	o.diagonal = ASTAR_DIAG_NEVER;
	o.heuristic = ASTAR_H_MANHATTAN;
	expect_status("manhattan, 4-connected", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_OK);
	o.heuristic = ASTAR_H_OCTILE;
	expect_status("octile, 4-connected", lg, P(0, 0), P(5, 4), &o,
	              ASTAR_EUNSUPPORTED);
}

/* The query's errors, shared with astar_search (lg blocked at (2,2)). */
static void query_errors(const astar_grid *lg, astar_options o)
{
	expect_status("start outside", lg, P(6, 0), P(5, 4), &o, ASTAR_ERANGE);
	expect_status("goal outside", lg, P(0, 0), P(0, -1), &o, ASTAR_ERANGE);
	expect_status("start blocked", lg, P(2, 2), P(5, 4), &o,
	              ASTAR_ESTART_BLOCKED);
	expect_status("goal blocked", lg, P(0, 0), P(2, 2), &o,
	              ASTAR_EGOAL_BLOCKED);
	o.adjacent = 1;
	expect_status("goal blocked, adjacent", lg, P(0, 0), P(2, 2), &o,
	              ASTAR_OK);
}

/* Uniform costs other than 1 are searched; terrain (lg given a cell of
 * cost 2 here) is refused by JPS, not by A*. */
static void terrain_costs(astar_grid *lg, const astar_grid *three,
                          astar_options o)
{
	astar_result r;
	astar_status st;

	/* Every open cell costs 3: uniform, so searched, at 3 a step. */
	st = astar_search(jctx, three, P(0, 0), P(5, 0), &o, &r);
	check_begin("jps status: uniform cost 3");
	CHECK(st == ASTAR_OK && r.cost == 15.0, "status %d cost %g", (int)st,
	      r.cost);
	check_end();
	/* One cell of cost 2 among cost 1: terrain, refused, whether or not
	 * the search would cross it; a grid only looks uniform again once
	 * astar_grid_recount has seen it back at 1. */
	astar_grid_set(lg, 5, 4, 2);
	expect_status("terrain cost", lg, P(0, 0), P(1, 0), &o,
	              ASTAR_EUNSUPPORTED);
	astar_grid_set(lg, 5, 4, 1);
	expect_status("terrain undone, bounds still wide", lg, P(0, 0), P(1, 0),
	              &o, ASTAR_EUNSUPPORTED);
	astar_grid_recount(lg);
	expect_status("terrain undone, recounted", lg, P(0, 0), P(1, 0), &o,
	              ASTAR_OK);
	o.algorithm = ASTAR_ALGO_ASTAR;
	astar_grid_set(lg, 5, 4, 2);
	expect_status("terrain cost, A*", lg, P(0, 0), P(5, 4), &o, ASTAR_OK);
}

/* What JPS refuses (terrain costs, other diagonal policies, heuristics
 * and weights) and the errors it shares with astar_search.  Each helper
 * takes the options by value, changing them only for its own cases. */
static void test_statuses(void)
{
	astar_grid *lg = open_grid(6, 5, 1), *three = open_grid(6, 5, 3);
	astar_options o;

	astar_grid_set(lg, 2, 2, 0);
	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_JPS;
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	expect_status("plain", lg, P(0, 0), P(5, 4), &o, ASTAR_OK);
	refused_diagonals(lg, o);
	refused_weights(lg, o);
	heuristics_by_movement(lg, o);
	/* The query errors and the cost cases are asked 4-connected. */
	o.diagonal = ASTAR_DIAG_NEVER;
	query_errors(lg, o);
	terrain_costs(lg, three, o);
	astar_grid_free(lg);
	astar_grid_free(three);
}

/* astar_supported with and without a grid: the options alone, then a
 * grid's costs, decide whether JPS applies. */
static void test_supported(void)
{
	astar_options o;
	astar_grid *g = astar_grid_new(3, 1, NULL);

	if (!CHECK(g != NULL, "astar_grid_new failed"))
		return;
	check_begin("astar_supported");
	for (int32_t x = 0; x < 3; x++)
		astar_grid_set(g, x, 0, 1);
	astar_options_init(&o);
	o.algorithm = ASTAR_ALGO_JPS;
	CHECK(astar_supported(NULL, &o), "JPS, never, no grid");
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	CHECK(astar_supported(NULL, &o), "JPS, no-obstacles, no grid");
	CHECK(astar_supported(g, &o), "JPS on a uniform grid");
	o.weight = 2.0;
	CHECK(!astar_supported(NULL, &o), "JPS with weight 2");
	o.weight = 1.0;
	o.heuristic = ASTAR_H_EUCLIDEAN;
	CHECK(!astar_supported(NULL, &o), "JPS with another heuristic");
	o.heuristic = ASTAR_H_DEFAULT;
	o.diagonal = ASTAR_DIAG_ALWAYS;
	CHECK(!astar_supported(NULL, &o), "JPS, always");
	o.algorithm = ASTAR_ALGO_ASTAR;
	CHECK(astar_supported(NULL, &o), "A*, always");
	o.algorithm = ASTAR_ALGO_JPS;
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	astar_grid_set(g, 1, 0, 5);
	CHECK(!astar_supported(g, &o), "JPS on terrain costs");
	CHECK(astar_supported(NULL, &o), "the same options, no grid");
	astar_grid_free(g);
}

void test_jps(void)
{
	jctx = astar_ctx_new();
	if (!CHECK(jctx != NULL, "astar_ctx_new failed"))
		return;
	test_statuses();
	test_supported();
	test_open_ground();
	test_edits_seen();
	test_alternating();
	test_far_jumps();
	test_start_walks();
	property_tests();
	test_long_grids();
	test_memo_replay();
	/* The context has served every size: the hand-made cases again. */
	test_open_ground();
	test_edits_seen();
	astar_ctx_free(jctx);
	astar_ctx_free(nctx);
	jctx = nctx = NULL;
	free(dist);
	free(ex);
	free(stamp);
	dist = NULL;
	ex = NULL;
	stamp = NULL;
	cap = 0;
}
