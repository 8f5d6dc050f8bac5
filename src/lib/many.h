/*
 * many.h - what the one-to-many files share, private to the library:
 * the context's block of arrays beside its records (many_ctx.c), the
 * engine that the several-goals search (many_search.c) and the distance
 * map (flood.c, flood_uniform.c) run on, the eight directions, and the
 * steps of worlds that wrap.
 *
 * Each cell's cost is kept exactly, as whole sums of the straight and the
 * diagonal steps' cell costs (a + b sqrt(2)), so that equal costs
 * compare equal and a distance map's cells are the very doubles a search
 * reports.
 */
#ifndef ASTAR_MANY_H
#define ASTAR_MANY_H

#include <stddef.h>
#include <stdint.h>

#include "ctx.h"
#include "fifos.h"
#include "port.h"

/* Directions: N E S W, then NE SE SW NW, as search_loop.c's. */
static const int dir_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* flood_uniform.c's open list, a ring: its cells and, beside each, the
 * step counts and the cost the cell had when pushed.  head and n count
 * the entries taken and pushed; an entry's slot is its count modulo cap,
 * a power of two. */
typedef struct ufifo {
	uint32_t *a;
	uint64_t *s;
	double *k;
	uint32_t head, n, cap;
} ufifo;

typedef struct many_bufs {
	size_t cap;            /* padded cells the arrays below hold */
	uint64_t *orth, *diag; /* a cell's exact cost (see above) */
	uint32_t *src;         /* the source its best path leaves */
	uint32_t *mark;        /* == mgen: the cell is a goal ... */
	uint32_t *goal;        /* ... the first given there */
	uint32_t mgen;
	size_t out_cap; /* width x height cells of the outputs */
	double *dist;
	uint8_t *flow;
	uint32_t *labels;
	fifos rq;       /* the flood's open list */
	size_t ucap;    /* padded cells of the uniform-cost flood's arrays */
	uint8_t *ust;   /* (flood_uniform.c): the cells' states, */
	double *ud;     /* their costs, */
	uint32_t *usrc; /* their sources, with several, */
	ufifo uq[2];    /* and its open list: straight, diagonal steps */
	astar_grid *fp; /* the agent-size grid last built, and of what */
	uint64_t fp_id, fp_version;
	int32_t fp_size;
	astar_wrap fp_wrap;
} many_bufs;

/* The context's block, its arrays as they are (flood_uniform.c keeps its
 * own); NULL when out of memory. */
many_bufs *many_block(astar_ctx *ctx);

/* The context's block, with room for grid's padded cells; NULL when out
 * of memory. */
many_bufs *many_bufs_get(astar_ctx *ctx, const astar_grid *grid);

/* Room for the outputs of a width x height grid (and the region labels
 * when labels); 0, or -1 when out of memory. */
int many_bufs_out(many_bufs *b, const astar_grid *grid, int labels);

/* The grid that opts' agent searches: grid itself, or its footprint grid
 * (clearance.c), kept in the block while grid and size stay the same;
 * NULL with *st set on failure. */
const astar_grid *many_agent_grid(astar_ctx *ctx, const astar_grid *grid,
                                  const astar_options *opts,
                                  astar_status *st);

typedef struct engine {
	astar_ctx *ctx;
	many_bufs *b;
	const astar_grid *g;
	astar_algorithm algo;
	astar_heuristic hk;
	double scale;             /* weight times the least cell cost */
	const astar_point *hgoal; /* the heuristic's targets, nh of them */
	size_t nh;
	int goals;    /* stop at a marked goal (else flood everything) */
	int explored; /* record expansions */
	uint64_t expanded, generated;
	size_t found_at; /* SIZE_MAX: none */
	double found_g;
} engine;

/* Checks the points (ASTAR_ERANGE, or blocked for a blocked one) and the
 * grid's size (ASTAR_ETOOBIG, as a search's). */
astar_status engine_check(const astar_grid *grid, const astar_point *src,
                          size_t nsrc, astar_status blocked);

/* Checks the points and readies the engine and the context for a new
 * generation.  blocked is the status of a blocked source. */
astar_status engine_start(engine *e, astar_ctx *ctx, const astar_grid *grid,
                          const astar_point *src, size_t nsrc,
                          astar_status blocked);

/* Writes source k's record at cost 0 and returns its padded index, or
 * SIZE_MAX when an earlier source holds the cell (the first counts). */
size_t engine_source(engine *e, const astar_point *src, size_t k);

/* The coordinate x + d on an axis of n cells, joined or not (-1 and n
 * are the padding, blocked). */
ALWAYS_INLINE int32_t along(int32_t x, int d, int32_t n, const int joined)
{
	x += d;
	if (joined)
		x = x < 0 ? x + n : x >= n ? x - n : x;
	return x;
}

/* Whether a diagonal step may pass its two orthogonal neighbours, open
 * when a and b are nonzero, under policy pol. */
ALWAYS_INLINE int corner(astar_diagonal pol, int a, int b)
{
	return pol == ASTAR_DIAG_ONE_OBSTACLE   ? a || b
	       : pol == ASTAR_DIAG_NO_OBSTACLES ? a && b
	                                        : 1;
}

/* The flow code of a cell reached by a step of direction dir (8: a
 * source): the way back is that step reversed. */
static inline uint8_t flood_flow_code(uint32_t dir)
{
	return dir == 8  ? ASTAR_FLOW_NONE
	       : dir < 4 ? (uint8_t)((dir + 2) % 4)
	                 : (uint8_t)(4 + (dir - 2) % 4);
}

/* Returns LOOP(e, P, wx, wy), the loop instantiated for the policy P and
 * the joined axes: the one switch of every loop of these files. */
#define MANY_DISPATCH(LOOP, e, pol, wrap)                                \
	do {                                                             \
		int wx_ = (wrap) == ASTAR_WRAP_X || (wrap) == ASTAR_WRAP_XY; \
		int wy_ = (wrap) == ASTAR_WRAP_Y || (wrap) == ASTAR_WRAP_XY; \
		switch ((pol) * 4 + wx_ * 2 + wy_) {                     \
		MANY_CASES(LOOP, e, ASTAR_DIAG_NEVER, 0)                 \
		MANY_CASES(LOOP, e, ASTAR_DIAG_ALWAYS, 1)                \
		MANY_CASES(LOOP, e, ASTAR_DIAG_ONE_OBSTACLE, 2)          \
		default:                                                 \
		MANY_CASES(LOOP, e, ASTAR_DIAG_NO_OBSTACLES, 3)          \
		}                                                        \
	} while (0)
#define MANY_CASES(LOOP, e, P, n)                \
	case (n) * 4:                            \
		return LOOP(e, P, 0, 0);         \
	case (n) * 4 + 1:                        \
		return LOOP(e, P, 0, 1);         \
	case (n) * 4 + 2:                        \
		return LOOP(e, P, 1, 0);         \
	case (n) * 4 + 3:                        \
		return LOOP(e, P, 1, 1);

#endif
