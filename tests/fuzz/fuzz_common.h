/*
 * fuzz_common.h - what the libFuzzer targets share: the decoding of the
 * option bytes, a model of the grid over the unit tests' reference
 * (tests/unit/reference.c: the movement rules and a plain Dijkstra) with
 * a breadth-first search for step counts, and fz_check_search, which runs
 * one query through astar_search and checks every invariant of its result.
 *
 * Everything here is written from the contracts in include/astar.h and
 * src/map.h, not from the library's code: the model reads the grid only
 * through astar_grid_get, keeps no padding and shares nothing with src/.
 *
 * A violated invariant prints one line naming it and then executes
 * __builtin_trap(), which libFuzzer reports as a crash (SIGILL).
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "map.h"
#include "reference.h"

/* The harness's own loops are kept out of the coverage feedback (and
 * fast): only the library's code should steer the fuzzer.  ASan and UBSan
 * still apply. */
#if defined(__clang__)
#define FZ_NOCOV __attribute__((no_sanitize("coverage")))
#else
#define FZ_NOCOV
#endif
/* The same for the entry points the targets call, kept out of line so
 * that inlining does not bring them under their caller's coverage. */
#define FZ_NOCOV_ENTRY FZ_NOCOV __attribute__((noinline, unused))

/* Searches are skipped on maps with more cells than this. */
#define FZ_SEARCH_MAX_CELLS 250000L

/* The largest blown-up copy fz_scaled makes (searching it takes up to
 * about 0.3 s with the sanitizers). */
#define FZ_SCALED_MAX_CELLS 65536L

/* Queries of a JSON map searched per input. */
#define FZ_MAX_QUERIES 8

static inline void fz_fail(const char *what, const char *file, int line)
{
	fprintf(stderr, "fuzz invariant violated: %s (%s:%d)\n", what, file,
	        line);
	fflush(stderr);
	__builtin_trap();
}

#define FZ_CHECK(c)                                      \
	do {                                             \
		if (!(c))                                \
			fz_fail(#c, __FILE__, __LINE__); \
	} while (0)

/*
 * Known findings: FZ_KNOWN="tag1,tag2" in the environment makes the
 * targets skip the inputs that show a finding already reported (tags in
 * README), so that a long run can look for new ones.  Unset, every
 * check is strict: that is how run.sh and CI run them.
 */
static inline int fz_known(const char *tag)
{
	static const char *known;
	static int init;
	size_t n = strlen(tag);

	if (!init) {
		known = getenv("FZ_KNOWN");
		init = 1;
	}
	if (known == NULL)
		return 0;
	for (const char *p = known; (p = strstr(p, tag)) != NULL; p += n)
		if ((p == known || p[-1] == ',') &&
		    (p[n] == '\0' || p[n] == ','))
			return 1;
	return 0;
}

/* Allocation that cannot fail quietly: an input that makes the target
 * itself run out of memory is not a finding. */
static inline void *fz_alloc(size_t n)
{
	void *p = calloc(n ? n : 1, 1);

	if (p == NULL)
		abort();
	return p;
}

/* a and b equal within 1e-9 relative (absolute near zero). */
static inline int fz_close(double a, double b)
{
	double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);

	return fabs(a - b) <= 1e-9 * (m > 1.0 ? m : 1.0);
}

/* ------------------------------------------------------ option bytes */

/*
 * Two bytes choose the options of a search:
 *   b0 bits 0-1  diagonal policy (never, always, one-obstacle, no-obstacles)
 *   b0 bits 2-4  heuristic, modulo 6 (default .. zero)
 *   b0 bits 5-6  algorithm (astar, dijkstra, bfs, greedy)
 *   b0 bit  7    weight 2 instead of 1
 *   b1 bit  0    adjacent
 *   b1 bit  1    closest
 *   b1 bit  2    explored
 *   b1 bits 3-4  the reader's max_cells (see fz_max_cells)
 *   b1 bits 5-6  fuzz_ascii only: also search the map blown up 4, 12 or 40x
 *   b1 bit  7    Jump Point Search instead of b0's algorithm (refused with
 *                ASTAR_EUNSUPPORTED where it does not apply: fz_jps_applies)
 */
static inline void fz_decode_options(uint8_t b0, uint8_t b1, astar_options *o)
{
	astar_options_init(o);
	o->diagonal = (astar_diagonal)(b0 & 3);
	o->heuristic = (astar_heuristic)(((b0 >> 2) & 7) % 6);
	o->algorithm = (astar_algorithm)((b0 >> 5) & 3);
	o->weight = (b0 & 0x80) ? 2.0 : 1.0;
	o->adjacent = b1 & 1;
	o->closest = (b1 >> 1) & 1;
	o->explored = (b1 >> 2) & 1;
	if (b1 & 0x80)
		o->algorithm = ASTAR_ALGO_JPS;
}

/*
 * Whether Jump Point Search applies (astar.h): 4-connected or the Moving
 * AI rule, the movement's own heuristic, weight 1, and a grid whose open
 * cells all cost the same as far as its cost bounds tell.
 */
static inline int fz_jps_applies(const astar_grid *g, const astar_options *o)
{
	astar_options d = *o;

	d.heuristic = ASTAR_H_DEFAULT;
	if (o->diagonal != ASTAR_DIAG_NEVER &&
	    o->diagonal != ASTAR_DIAG_NO_OBSTACLES)
		return 0;
	if (o->heuristic != ASTAR_H_DEFAULT &&
	    o->heuristic != astar_effective_heuristic(&d))
		return 0;
	if (o->weight != 1.0)
		return 0;
	return astar_grid_max_cost(g) == 0 || astar_grid_min_cost(g) == astar_grid_max_cost(g);
}

/* Whether the options promise a shortest path. */
static inline int fz_optimal(const astar_options *o)
{
	return o->algorithm == ASTAR_ALGO_DIJKSTRA ||
	       o->algorithm == ASTAR_ALGO_JPS ||
	       (o->algorithm == ASTAR_ALGO_ASTAR && o->weight == 1.0 &&
	        astar_heuristic_admissible(astar_effective_heuristic(o),
	                                   o->diagonal));
}

static inline size_t fz_max_cells(uint8_t b1)
{
	static const size_t limits[4] = {(size_t)1 << 20, 16, 1000,
	                                 MAP_MAX_CELLS_DEFAULT};

	return limits[(b1 >> 3) & 3];
}

/* ------------------------------------------------------ reader checks */

/* A reader's error: a terminated message that says something, and a
 * location that is not negative. */
static inline void fz_check_error(const map_error *err)
{
	FZ_CHECK(memchr(err->msg, '\0', sizeof err->msg) != NULL);
	FZ_CHECK(err->msg[0] != '\0');
	FZ_CHECK(err->line >= 0 && err->col >= 0);
}

/* An error's place, when it has one (line > 0; col 0 names the whole
 * line), lies in the text after its byte order mark or just past its
 * last byte: line at most one more than the newlines, col at most one
 * past the end of that line. */
static inline void fz_check_error_place(const map_error *err, const char *buf,
                                        size_t len)
{
	size_t i = 0, bol;
	long line = 1;

	if (err->line <= 0) {
		FZ_CHECK(err->line == 0 && err->col == 0);
		return;
	}
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	for (bol = i; i < len && line < err->line; i++)
		if (buf[i] == '\n') {
			line++;
			bol = i + 1;
		}
	FZ_CHECK(line == err->line);
	for (i = bol; i < len && buf[i] != '\n'; i++)
		;
	FZ_CHECK(err->col >= 0 && (size_t)err->col <= i - bol + 1);
}

/* After a failed read the map is left empty. */
static inline void fz_check_empty_map(const map *m)
{
	FZ_CHECK(m->grid == NULL && m->voxels == NULL && m->vlevel == NULL);
	FZ_CHECK(m->queries == NULL && m->nqueries == 0);
	FZ_CHECK(!m->has_start && !m->has_goal);
}

/* Invariants of a map a reader returned. */
static FZ_NOCOV_ENTRY void fz_check_map(const map *m, size_t max_cells)
{
	int32_t w, h;
	uint8_t lo = ASTAR_COST_MAX, hi = 0;

	FZ_CHECK(m->grid != NULL);
	w = astar_grid_width(m->grid);
	h = astar_grid_height(m->grid);
	FZ_CHECK(w >= 1 && w <= ASTAR_DIM_MAX);
	FZ_CHECK(h >= 1 && h <= ASTAR_DIM_MAX);
	FZ_CHECK((uint64_t)w * (uint64_t)h <= (uint64_t)max_cells);
	if (m->has_start)
		FZ_CHECK(astar_grid_contains(m->grid, m->start.x, m->start.y));
	if (m->has_goal)
		FZ_CHECK(astar_grid_contains(m->grid, m->goal.x, m->goal.y));
	FZ_CHECK((m->queries == NULL) == (m->nqueries == 0));
	for (size_t i = 0; i < m->nqueries; i++) {
		const map_query *q = &m->queries[i];
		FZ_CHECK(astar_grid_contains(m->grid, q->start.x, q->start.y));
		FZ_CHECK(astar_grid_contains(m->grid, q->goal.x, q->goal.y));
		if (q->expect.has_cost)
			FZ_CHECK(isfinite(q->expect.cost) &&
			         q->expect.cost >= 0);
		if (q->expect.has_max_cost)
			FZ_CHECK(isfinite(q->expect.max_cost) &&
			         q->expect.max_cost >= 0);
		if (q->expect.has_steps)
			FZ_CHECK(q->expect.steps >= 0);
		if (q->expect.has_reachable)
			FZ_CHECK(q->expect.reachable == 0 ||
			         q->expect.reachable == 1);
	}
	/* The cost bounds are exact after a reader's astar_grid_recount, and
	 * outside cells read as blocked. */
	if ((int64_t)w * h <= FZ_SEARCH_MAX_CELLS) {
		for (int32_t y = 0; y < h; y++)
			for (int32_t x = 0; x < w; x++) {
				uint8_t c = astar_grid_get(m->grid, x, y);
				if (c != 0 && c < lo)
					lo = c;
				if (c > hi)
					hi = c;
			}
		FZ_CHECK(astar_grid_min_cost(m->grid) == lo);
		FZ_CHECK(astar_grid_max_cost(m->grid) == hi);
	}
	FZ_CHECK(astar_grid_get(m->grid, -1, 0) == 0 &&
	         astar_grid_get(m->grid, 0, -1) == 0);
	FZ_CHECK(astar_grid_get(m->grid, w, 0) == 0 && astar_grid_get(m->grid, 0, h) == 0);
	FZ_CHECK(astar_grid_row(m->grid, -1) == NULL && astar_grid_row(m->grid, h) == NULL);
}

/* ---------------------------------------------------- the model */

typedef struct fz_model {
	const astar_grid *g;
	int32_t w, h;
	size_t n;
	uint8_t *cost; /* w * h costs read once through astar_grid_get */
	ref_grid rg;   /* the same cells, for tests/unit/reference.c */
} fz_model;

static inline FZ_NOCOV void fz_model_init(fz_model *M, const astar_grid *g)
{
	M->g = g;
	M->w = astar_grid_width(g);
	M->h = astar_grid_height(g);
	M->n = (size_t)M->w * (size_t)M->h;
	M->cost = fz_alloc(M->n);
	for (int32_t y = 0; y < M->h; y++)
		for (int32_t x = 0; x < M->w; x++)
			M->cost[(size_t)y * (size_t)M->w + (size_t)x] =
				astar_grid_get(g, x, y);
	M->rg.w = M->w;
	M->rg.h = M->h;
	M->rg.cost = M->cost;
}

/* The movement rules are tests/unit/reference.c's, the unit tests'
 * oracle, written from the specification and not from src/. */
static inline FZ_NOCOV int fz_open(const fz_model *M, int32_t x, int32_t y)
{
	return ref_open(&M->rg, x, y);
}

/*
 * Nonzero when the step (x, y) -> (x + dx, y + dy) is legal under pol
 * (ref_move_legal), the cell `as_open`, when given, entered as if open.
 */
static inline FZ_NOCOV int fz_legal(const fz_model *M, astar_diagonal pol,
                                    int32_t x, int32_t y, int dx, int dy,
                                    const astar_point *as_open)
{
	return ref_move_legal(&M->rg, pol, x, y, dx, dy,
	                      as_open ? as_open->x : -1,
	                      as_open ? as_open->y : -1);
}

static inline FZ_NOCOV double fz_step_cost(const fz_model *M, int32_t x,
                                           int32_t y, int dx, int dy)
{
	return ref_step_cost(&M->rg, x, y, dx, dy);
}

/* Single-source shortest costs (dist, INFINITY when unreachable: the
 * reference Dijkstra) and fewest steps (steps, -1 when unreachable: a
 * breadth-first search here) from s. */
typedef struct fz_reach {
	double *dist;
	long *steps;
	size_t nreach;
} fz_reach;

static inline FZ_NOCOV void fz_reach_compute(const fz_model *M,
                                             astar_diagonal pol, astar_point s,
                                             fz_reach *R)
{
	size_t *queue, qh = 0, qt = 0;

	R->dist = fz_alloc(M->n * sizeof *R->dist);
	R->steps = fz_alloc(M->n * sizeof *R->steps);
	if (!ref_dijkstra(&M->rg, pol, s.x, s.y, R->dist, NULL))
		abort();
	R->nreach = 0;
	for (size_t i = 0; i < M->n; i++) {
		R->nreach += R->dist[i] != INFINITY;
		R->steps[i] = -1;
	}
	/* Breadth-first for the steps. */
	queue = fz_alloc(M->n * sizeof *queue);
	{
		size_t si = (size_t)s.y * (size_t)M->w + (size_t)s.x;
		R->steps[si] = 0;
		queue[qt++] = si;
	}
	while (qh < qt) {
		size_t i = queue[qh++];
		int32_t x = (int32_t)(i % (size_t)M->w);
		int32_t y = (int32_t)(i / (size_t)M->w);
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				size_t j;
				if (!fz_legal(M, pol, x, y, dx, dy, NULL))
					continue;
				j = (size_t)(y + dy) * (size_t)M->w +
				    (size_t)(x + dx);
				if (R->steps[j] < 0) {
					R->steps[j] = R->steps[i] + 1;
					queue[qt++] = j;
				}
			}
	}
	FZ_CHECK(qt == R->nreach);
	free(queue);
}

static inline FZ_NOCOV void fz_reach_free(fz_reach *R)
{
	free(R->dist);
	free(R->steps);
}

/* Nonzero when cell (x, y) ends a search for target t: t itself, or in
 * adjacent mode an open cell from which one legal step enters t (seen as
 * open), or the start when it is the target. */
static inline FZ_NOCOV int fz_is_goal(const fz_model *M, const astar_options *o,
                                      astar_point s, astar_point t, int32_t x,
                                      int32_t y)
{
	if (!o->adjacent)
		return x == t.x && y == t.y && fz_open(M, x, y);
	if (s.x == t.x && s.y == t.y)
		return x == s.x && y == s.y;
	if (!fz_open(M, x, y))
		return 0;
	return fz_legal(M, o->diagonal, x, y, t.x - x, t.y - y, &t);
}

/* ---------------------------------------------------- one search */

/* A failed search zeroes its result. */
static inline void fz_check_zeroed(const astar_result *r)
{
	FZ_CHECK(!r->found && !r->reached_goal && r->cost == 0.0);
	FZ_CHECK(r->path == NULL && r->path_len == 0);
	FZ_CHECK(r->expanded == 0 && r->generated == 0);
	FZ_CHECK(r->explored == NULL && r->explored_len == 0);
}

/* The errors astar.h promises for a coordinate outside the grid and for
 * options out of range (one wrong thing at a time). */
static inline void fz_check_misuse(astar_ctx *ctx, const astar_grid *g,
                                   astar_point s, astar_point t,
                                   const astar_options *o)
{
	astar_result r;
	astar_options bad;
	astar_point out = {astar_grid_width(g), t.y}, neg = {s.x, -1};
	astar_status st;

	/* Only where no other error applies: the header gives no order. */
	if (astar_grid_get(g, s.x, s.y) == 0 || astar_grid_get(g, t.x, t.y) == 0)
		return;
	if (o->algorithm != ASTAR_ALGO_JPS || fz_jps_applies(g, o)) {
		memset(&r, 0xa5, sizeof r);
		FZ_CHECK(astar_search(ctx, g, s, out, o, &r) == ASTAR_ERANGE);
		fz_check_zeroed(&r);
		memset(&r, 0xa5, sizeof r);
		FZ_CHECK(astar_search(ctx, g, neg, t, o, &r) == ASTAR_ERANGE);
		fz_check_zeroed(&r);
	}
	for (int k = 0; k < 5; k++) {
		bad = *o;
		switch (k) {
		case 0:
			bad.weight = 0.5;
			break;
		case 1:
			bad.weight = NAN;
			break;
		case 2:
			bad.weight = INFINITY;
			break;
		case 3:
			bad.diagonal = (astar_diagonal)4;
			break;
		default:
			bad.heuristic = (astar_heuristic)6;
			break;
		}
		memset(&r, 0xa5, sizeof r);
		st = astar_search(ctx, g, s, t, &bad, &r);
		FZ_CHECK(st == ASTAR_EINVAL);
		fz_check_zeroed(&r);
	}
	for (int k = 0; k <= (int)ASTAR_EUNSUPPORTED; k++) {
		const char *m = astar_strerror((astar_status)k);
		FZ_CHECK(m != NULL && m[0] != '\0');
	}
}

/*
 * Runs astar_search(ctx, g, s, t, o) and checks its outcome against the
 * model: the status, the path (starts at s, legal steps only, cost
 * recomputed), reachability, the expansion counts, the explored list, the
 * closest fallback, and optimality where the options promise it (A* with
 * weight 1 and an admissible heuristic, Dijkstra), against both the model
 * and the library's own Dijkstra; bounded suboptimality for weight 2; the
 * fewest steps for breadth-first search.
 */
static FZ_NOCOV_ENTRY void fz_check_search(astar_ctx *ctx, const astar_grid *g,
                                           astar_point s, astar_point t,
                                           const astar_options *o)
{
	fz_model M;
	astar_result r;
	astar_status st;
	fz_reach R;
	int reach_goal = 0, admissible, optimal, jps, twice;
	double opt = INFINITY, rcost;
	long minsteps = -1;
	int64_t best_d2 = -1;
	int rfound, rreached;
	astar_point rend;

	if ((int64_t)astar_grid_width(g) * astar_grid_height(g) > FZ_SEARCH_MAX_CELLS)
		return;
	fz_model_init(&M, g);

	fz_check_misuse(ctx, g, s, t, o);
	st = astar_search(ctx, g, s, t, o, &r);
	jps = o->algorithm == ASTAR_ALGO_JPS;
	/* The grid's cost bounds hold every open cell's cost. */
	for (size_t i = 0; i < M.n; i++)
		FZ_CHECK(M.cost[i] == 0 || (M.cost[i] >= astar_grid_min_cost(g) &&
		                            M.cost[i] <= astar_grid_max_cost(g)));
	if (jps && !fz_jps_applies(g, o)) {
		FZ_CHECK(st == ASTAR_EUNSUPPORTED);
		fz_check_zeroed(&r);
		free(M.cost);
		return;
	}
	if (!astar_grid_contains(g, s.x, s.y) || !astar_grid_contains(g, t.x, t.y)) {
		FZ_CHECK(st == ASTAR_ERANGE);
		fz_check_zeroed(&r);
		free(M.cost);
		return;
	}
	if (!fz_open(&M, s.x, s.y)) {
		FZ_CHECK(st == ASTAR_ESTART_BLOCKED);
		fz_check_zeroed(&r);
		free(M.cost);
		return;
	}
	if (!fz_open(&M, t.x, t.y) && !o->adjacent && !o->closest) {
		FZ_CHECK(st == ASTAR_EGOAL_BLOCKED);
		fz_check_zeroed(&r);
		free(M.cost);
		return;
	}
	FZ_CHECK(st == ASTAR_OK);

	fz_reach_compute(&M, o->diagonal, s, &R);
	for (int32_t y = 0; y < M.h; y++)
		for (int32_t x = 0; x < M.w; x++) {
			size_t i = (size_t)y * (size_t)M.w + (size_t)x;
			int64_t dx = (int64_t)x - t.x, dy = (int64_t)y - t.y;
			if (R.steps[i] < 0)
				continue;
			if (best_d2 < 0 || dx * dx + dy * dy < best_d2)
				best_d2 = dx * dx + dy * dy;
			if (!fz_is_goal(&M, o, s, t, x, y))
				continue;
			reach_goal = 1;
			if (R.dist[i] < opt)
				opt = R.dist[i];
			if (minsteps < 0 || R.steps[i] < minsteps)
				minsteps = R.steps[i];
		}

	/* Shape of the result. */
	FZ_CHECK(r.reached_goal == reach_goal);
	FZ_CHECK(r.found == (reach_goal || o->closest));
	FZ_CHECK(!r.reached_goal || r.found);
	FZ_CHECK(r.expanded >= 1 && r.expanded <= r.generated);
	/* JPS in closest mode searches a second time, to the nearest cell,
	 * and counts (and lists) both searches' expansions. */
	twice = jps && !r.reached_goal && o->closest;
	if (!twice)
		FZ_CHECK(r.expanded <= R.nreach);
	if (!r.reached_goal && !jps) /* the whole component was searched */
		FZ_CHECK(r.expanded == R.nreach);
	if (o->explored) {
		unsigned char *seen = fz_alloc(M.n);
		FZ_CHECK(r.explored != NULL && r.explored_len == r.expanded);
		FZ_CHECK(r.explored[0].x == s.x && r.explored[0].y == s.y);
		for (size_t k = 0; k < r.explored_len; k++) {
			astar_point p = r.explored[k];
			size_t i;
			FZ_CHECK(astar_grid_contains(g, p.x, p.y));
			i = (size_t)p.y * (size_t)M.w + (size_t)p.x;
			FZ_CHECK(R.steps[i] >= 0);   /* reachable, so open */
			FZ_CHECK(twice || !seen[i]); /* expanded once */
			seen[i] = 1;
		}
		if (r.reached_goal)
			FZ_CHECK(r.explored[r.explored_len - 1].x == r.end.x &&
			         r.explored[r.explored_len - 1].y == r.end.y);
		free(seen);
	} else {
		FZ_CHECK(r.explored_len == 0);
	}

	if (!r.found) {
		FZ_CHECK(r.path_len == 0 && r.cost == 0.0);
	} else {
		double cost = 0.0;
		size_t ei;
		FZ_CHECK(r.path != NULL && r.path_len >= 1);
		FZ_CHECK(r.path[0].x == s.x && r.path[0].y == s.y);
		FZ_CHECK(r.path[r.path_len - 1].x == r.end.x &&
		         r.path[r.path_len - 1].y == r.end.y);
		for (size_t k = 1; k < r.path_len; k++) {
			astar_point a = r.path[k - 1], b = r.path[k];
			int dx = (int)(b.x - a.x), dy = (int)(b.y - a.y);
			FZ_CHECK(fz_legal(&M, o->diagonal, a.x, a.y, dx, dy,
			                  NULL));
			cost += fz_step_cost(&M, a.x, a.y, dx, dy);
		}
		FZ_CHECK(isfinite(r.cost) && r.cost >= 0);
		FZ_CHECK(fz_close(cost, r.cost));
		ei = (size_t)r.end.y * (size_t)M.w + (size_t)r.end.x;
		FZ_CHECK(R.steps[ei] >= 0);
		/* No path beats the shortest. */
		FZ_CHECK(r.cost >= R.dist[ei] - 1e-9 * (R.dist[ei] + 1));
		FZ_CHECK((int64_t)r.path_len - 1 >= R.steps[ei]);
		if (r.reached_goal) {
			FZ_CHECK(fz_is_goal(&M, o, s, t, r.end.x, r.end.y));
			if (!o->adjacent)
				FZ_CHECK(r.end.x == t.x && r.end.y == t.y);
		} else {
			/* closest: a reachable cell nearest the target */
			int64_t dx = (int64_t)r.end.x - t.x,
				dy = (int64_t)r.end.y - t.y;
			FZ_CHECK(dx * dx + dy * dy == best_d2);
		}
	}

	admissible = astar_heuristic_admissible(astar_effective_heuristic(o),
	                                        o->diagonal);
	optimal = fz_optimal(o);
	if (r.reached_goal) {
		if (optimal)
			FZ_CHECK(fz_close(r.cost, opt));
		if (o->algorithm == ASTAR_ALGO_ASTAR && admissible)
			FZ_CHECK(r.cost <= o->weight * opt * (1 + 1e-9) + 1e-9);
		if (o->algorithm == ASTAR_ALGO_BFS)
			FZ_CHECK((long)r.path_len - 1 == minsteps);
	} else if (r.found && optimal) {
		/* closest: the path to the chosen cell is a shortest one, and
		 * no cell as near costs less */
		size_t ei = (size_t)r.end.y * (size_t)M.w + (size_t)r.end.x;
		FZ_CHECK(fz_close(r.cost, R.dist[ei]));
		for (int32_t y = 0; y < M.h; y++)
			for (int32_t x = 0; x < M.w; x++) {
				size_t i = (size_t)y * (size_t)M.w + (size_t)x;
				int64_t dx = (int64_t)x - t.x,
					dy = (int64_t)y - t.y;
				if (R.steps[i] >= 0 &&
				    dx * dx + dy * dy == best_d2)
					FZ_CHECK(r.cost <=
					         R.dist[i] * (1 + 1e-9) + 1e-9);
			}
	}

	/* The library's own Dijkstra as a second reference, on the same
	 * context (r's arrays are dead after this). */
	rfound = r.found;
	rreached = r.reached_goal;
	rcost = r.cost;
	rend = r.end;
	{
		astar_options d = *o;
		astar_result dr;
		d.algorithm = ASTAR_ALGO_DIJKSTRA;
		d.weight = 1.0;
		d.explored = 0;
		FZ_CHECK(astar_search(ctx, g, s, t, &d, &dr) == ASTAR_OK);
		FZ_CHECK(dr.found == rfound && dr.reached_goal == rreached);
		if (dr.reached_goal)
			FZ_CHECK(fz_close(dr.cost, opt));
		if (optimal && rreached)
			FZ_CHECK(fz_close(rcost, dr.cost));
		if (optimal && rfound && !rreached) {
			FZ_CHECK(dr.end.x == rend.x && dr.end.y == rend.y);
			FZ_CHECK(fz_close(rcost, dr.cost));
		}
	}
	fz_reach_free(&R);
	free(M.cost);
}

/*
 * A copy of g with every cell blown up to a k x k block of the same cost
 * (built with astar_grid_set), so that small inputs make grids large enough to
 * grow the context and the open list; NULL when it would have more than
 * FZ_SCALED_MAX_CELLS cells.
 */
static FZ_NOCOV_ENTRY astar_grid *fz_scaled(const astar_grid *g, int32_t k)
{
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	astar_grid *sg;
	astar_status st;

	if ((int64_t)w * h * k * k > FZ_SCALED_MAX_CELLS)
		return NULL;
	sg = astar_grid_new(w * k, h * k, &st);
	FZ_CHECK(sg != NULL && st == ASTAR_OK);
	for (int32_t y = 0; y < h * k; y++)
		for (int32_t x = 0; x < w * k; x++)
			astar_grid_set(sg, x, y, astar_grid_get(g, x / k, y / k));
	return sg;
}

/*
 * The same query on the transposed grid (built cell by cell with astar_grid_new
 * and astar_grid_set, and searched on the same context, whose stride changes):
 * transposition keeps every step's length and every corner rule, so the
 * status, reachability and, where the options promise optimality, the
 * cost (and for breadth-first search the number of steps) must not
 * change.  The grid's cost bounds must be those of the original.
 */
static FZ_NOCOV_ENTRY void fz_check_transposed(astar_ctx *ctx,
                                               const astar_grid *g,
                                               astar_point s, astar_point t,
                                               const astar_options *o)
{
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	astar_grid *tg;
	astar_status st, st1, st2;
	astar_options q = *o;
	astar_result r;
	astar_point ts = {s.y, s.x}, tt = {t.y, t.x};
	int found, reached, optimal;
	double cost;
	size_t len;

	if ((int64_t)w * h > FZ_SEARCH_MAX_CELLS)
		return;
	tg = astar_grid_new(h, w, &st);
	FZ_CHECK(tg != NULL && st == ASTAR_OK);
	for (int32_t y = 0; y < h; y++)
		for (int32_t x = 0; x < w; x++)
			astar_grid_set(tg, y, x, astar_grid_get(g, x, y));
	FZ_CHECK(astar_grid_min_cost(tg) == astar_grid_min_cost(g));
	FZ_CHECK(astar_grid_max_cost(tg) == astar_grid_max_cost(g));

	q.explored = 0;
	st1 = astar_search(ctx, g, s, t, &q, &r);
	found = r.found;
	reached = r.reached_goal;
	cost = r.cost;
	len = r.path_len;
	st2 = astar_search(ctx, tg, ts, tt, &q, &r);
	FZ_CHECK(st1 == st2);
	FZ_CHECK(r.found == found && r.reached_goal == reached);
	optimal = fz_optimal(&q);
	if (optimal && found)
		FZ_CHECK(fz_close(r.cost, cost));
	if (q.algorithm == ASTAR_ALGO_BFS && reached)
		FZ_CHECK(r.path_len == len);
	astar_grid_free(tg);
}

/* The query a map file holds: its start and goal, or else the corners
 * (top-left to bottom-right). */
static inline void fz_endpoints(const map *m, astar_point *s, astar_point *t)
{
	s->x = 0;
	s->y = 0;
	t->x = astar_grid_width(m->grid) - 1;
	t->y = astar_grid_height(m->grid) - 1;
	if (m->has_start)
		*s = m->start;
	if (m->has_goal)
		*t = m->goal;
}

#endif
