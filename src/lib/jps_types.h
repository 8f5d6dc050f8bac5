/*
 * jps_types.h - what the files of Jump Point Search share, private to the
 * library: the bit maps' layout and the cache that holds them
 * (jps_bits.c), the successor memo's records (jps_memo.c), the search's
 * state, and the small helpers every part uses.  jps.c has the overview
 * of the search.
 *
 * A header of its own, owned by no .c: every JPS file, from the maps up
 * to the search, includes it, and its helpers call nothing of theirs.
 *
 * Coordinates are padded throughout: the grid's cell (x, y) is (x + 1,
 * y + 1) here, so that a cell's index is y * stride + x.
 */
#ifndef ASTAR_JPS_TYPES_H
#define ASTAR_JPS_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "ctx.h"

/* ------------------------------------------------------------ bit maps */

/*
 * The maps, one bit per padded cell, stored by lines: rows (for jumps
 * east and west) and columns (the transposed grid, for jumps south and
 * north), so that a jump reads consecutive words of one line.  Word k of
 * a line has three maps side by side, at 3k + FWD, BWD and OPEN:
 *
 * - OPEN: the cell is open;
 * - FWD, BWD: a jump toward higher (lower) bits must stop at the cell:
 *   it is blocked, or a side neighbour is open whose predecessor along
 *   the jump is blocked (a forced neighbour).
 *
 * A jump finds its stop, and whether the stop is open, in the same cache
 * line.  The padding sets the stop bits of the border, so every jump
 * meets a stop.
 *
 * From a grid's second query on, the walk maps are added (jps_bits.c):
 * for each diagonal direction, the cells where a diagonal walk must stop,
 * stored by diagonals, and for 4-connected walks, by rows, the cells
 * blocked or with a vertical jump point.  The four maps those are made of
 * are kept, by rows: for each straight direction, the cells from which a
 * jump finds a jump point (jps_cache's jp, indexed by JP_E ...), so that
 * a walk stopped at a cell makes only the jumps that find something.
 */
enum { FWD, BWD, OPEN, NSLOTS };
enum { JP_E, JP_W, JP_S, JP_N };

/* Costs, in fixed point: a straight step is jps's c, a diagonal one its dc
 * (ctx_exact_units' one and sqrt2).  Sums of them are exact. */
typedef uint64_t jps_cost;

/* No cost yet (jps's upper). */
#define COST_NONE UINT64_MAX

/* Words of padding before and after the maps, which next_stop and
 * prev_stop may read (and ignore) beyond either end of a line. */
#define PAD 8

/* ----------------------------------------------------- successor memo */

/* One successor of a kept expansion (jps_memo.c), as it is replayed. */
typedef struct memo_succ {
	uint32_t j;   /* the jump point's index */
	int32_t x, y; /* and padded coordinates */
	uint8_t cls;  /* the class of the step to it: its dir field's top
	                  bits (see offer), shifted down */
	uint8_t b;    /* its byte of the barren table (see relax), once
	                  read; 0 until then */
	jps_cost d;   /* the cost of the steps to it */
} memo_succ;

/* One kept expansion: the memo's hash table holds these. */
typedef struct memo_entry {
	uint64_t key;      /* cell * 8 + arrival + 1; 0: empty */
	uint32_t first;    /* successors succ[first .. first + n) */
	uint32_t sweep;    /* its sweep is sweeps[sweep - 1]; 0: not made */
	uint16_t reach[4]; /* by quadrant (quadrant_of), how far its walks
	                       went (0: none; 0xFFFF: that far or further) */
	uint16_t n;        /* how many successors */
	uint8_t lines;     /* the node's own jumps: a bit per LINE_ */
} memo_entry;

/* The straight directions, and their steps: of the node's own jumps
 * (memo_entry's lines) and of the steps that reach a node (below). */
enum { LINE_E, LINE_W, LINE_S, LINE_N };

/*
 * Where the goal would change a kept expansion, in full (see memo_valid):
 * for each of the node's own jumps, how many cells it passes (0: not
 * made), and for each quadrant, how many cells the walk into it entered
 * (0: none) and how far from the node, along x and along y, the jumps
 * from those cells went.  Each is saturated: 0xFFFF stands for that far
 * or further.  Made for an entry when the goal first comes within its
 * reach (most never need one).
 */
typedef struct memo_sweep {
	uint16_t line[4];    /* by LINE_ */
	uint16_t walk[4][3]; /* by quadrant: cells, reach along x, along y */
} memo_sweep;

/* What a context keeps between queries (its cache field, see jps.h): the
 * maps of the last grid searched, and the memo and the barren table
 * built on them; jps_bits.c makes and frees it. */
struct jps_cache {
	int32_t width, height;
	size_t ncells;
	uint64_t id, version; /* the grid's, when the maps were built */
	int valid;
	size_t rw, cw;   /* words per row line, per column line */
	uint64_t *rows;  /* height + 2 lines of rw triples */
	uint64_t *cols;  /* width + 2 lines of cw triples */
	uint64_t *words; /* their allocation */
	size_t words_cap;
	int walks;            /* the walk maps are built */
	uint64_t *anti;       /* lines x + y, bits by y: dw pairs {SW, NE}
	                         from word diag_word0 (see there) */
	uint64_t *diag;       /* lines x - y + height + 1, the same {SE, NW} */
	size_t dw;            /* words per diagonal line (pairs) */
	uint64_t *hwalk;      /* rows, rw words each */
	uint64_t *jp[4];      /* rows, rw words each: a jump E, W, S, N
	                         (JP_E ...) from the cell finds a jump
	                         point */
	uint64_t *walk_words; /* their allocation, with scratch space */
	size_t walk_cap;
	uint32_t *stack; /* the search's stack of nodes (see relax) */
	size_t stack_cap;
	memo_entry *memo; /* open addressing, memo_cap a power of two */
	size_t memo_cap, memo_n;
	memo_succ *succ;
	size_t nsucc, succ_cap;
	memo_sweep *sweeps; /* at most one for each entry */
	uint8_t *barren;    /* barren_n bytes (see relax); 0: not made yet */
	size_t barren_n, barren_cap;
	size_t nsweeps, sweeps_cap;
	int memo_off; /* given up on for this grid (memo_count) */
	unsigned memo_looks, memo_hits; /* in the current window */
};

typedef struct jps_cache jps_cache;

/* ------------------------------------------------------ search state */

/* A jump point found, to be relaxed (see offer). */
typedef struct found_point {
	jps_cost g;
	uint32_t parent, j;
	int32_t x, y;
	uint32_t tag;
} found_point;

#define FOUND_MAX 64

/* The search's state; coordinates are padded (the cell (x, y) of the
 * grid is (x + 1, y + 1) here), so index = y * stride + x. */
typedef struct jps {
	astar_ctx *ctx;
	const uint8_t *cells;
	const uint64_t *rows, *cols; /* the maps, see jps_cache */
	const uint64_t *anti, *diag, *hwalk;
	const uint64_t *jp[4];
	int walks; /* the walk maps are there */
	size_t rw, cw;
	size_t dw;     /* words of a diagonal line (see diag_word0) */
	int32_t nrows; /* height + 2 */
	node *nodes;
	uint32_t *pos;
	uint32_t gen;
	uint32_t dmask; /* the parent's bits of a node's dir field */
	int32_t stride;
	const astar_grid *grid;
	uint64_t inv;   /* ctx_stride_inverse, to split indices into x, y */
	int eight;      /* 8-connected; 4-connected otherwise */
	int no_path;    /* options.no_path: the result without its cells */
	jps_cost c, dc; /* a straight and a diagonal step's cost (see search) */
	jps_cost margin; /* see jps_walk_start */
	jps_cost gmax;   /* see relax */
	int32_t tx, ty;  /* the heuristic's target */
	jps_cost slack;  /* adjacent mode: subtracted from the heuristic */
	/* The goal cells and their bounding box, gx0 .. gx0 + gxs (none:
	 * gx0 = gy0 = -2, outside every padded line). */
	int ngoals;
	int32_t gx[8], gy[8];
	int32_t gx0, gy0;
	uint32_t gxs, gys;
	jps_cost fcur;  /* f of the node being expanded */
	jps_cost upper; /* the least cost a goal cell was offered at, or
	                   COST_NONE */
	/* Pruning barren jump points (see relax): on in this run, the
	 * table (jps_cache's), and probing (jps_barren_probe) with the jump
	 * points found so far. */
	int prune, probe;
	uint8_t *barren;
	unsigned nprobe;
	int nfound;
	jps_cache *cache; /* holds the stack */
	size_t nstack;
	uint64_t generated;
	int nomem;
	/* Recording an expansion for the memo: how far its walks went and
	 * which jumps the node made, as memo_entry's; rec_lost when a
	 * successor could not be kept. */
	int rec, rec_lost;
	int32_t reach[4];
	unsigned lines;
	int memo_on; /* expand_memo serves this run (memo_serves) */
	/* Makes the barren table's entry of a node (jps_barren_probe,
	 * jps_prune.c).  Passed in by the search: a probe makes an
	 * expansion, which is above the jumps that relax the nodes, so they
	 * would otherwise call up. */
	uint8_t (*probe_barren)(struct jps *s, uint32_t j, int32_t x, int32_t y,
	                        uint32_t a);
	/* Last, so that a new search clears only the fields above. */
	found_point found[FOUND_MAX]; /* jump points not yet relaxed */
} jps;

/* pos[] of a node on the stack rather than in the heap. */
#define ON_STACK (CLOSED - 1)

/* A node's dir field: its parent's index in the low PARENT_BITS, and in
 * runs that use the memo or the pruning (so on grids of at most
 * 2^PARENT_BITS padded cells) the class of the step from the parent
 * above them. */
#define PARENT_BITS 29

/* The dir field's top bits of memo successor m (see offer). */
static inline uint32_t succ_tag(const memo_succ *m)
{
	return (uint32_t)m->cls << PARENT_BITS;
}

static inline uint32_t parent_of(const jps *s, uint32_t i)
{
	return s->nodes[i].dir & s->dmask;
}

/*
 * The class of the step from a node to a jump point it offers: the
 * direction (LINE_E ... LINE_N) of the straight jump it ends with, or 4
 * to 7 when it is diagonal all the way (NW, SW, NE, SE; only a goal is
 * reached so).  The jump point's own expansion depends on it
 * (expand_from), not on the rest of the step.  Formed in 8-connected runs
 * only (the memo and the pruning, which use it, are).
 */
#define ARRIVE_DIAG(dx, dy) (4 + 2 * ((dx) > 0) + ((dy) > 0))

/* The steps of the straight directions LINE_E ... LINE_N. */
static inline int line_dx(int d)
{
	return d == LINE_E ? 1 : d == LINE_W ? -1 : 0;
}

static inline int line_dy(int d)
{
	return d == LINE_S ? 1 : d == LINE_N ? -1 : 0;
}

/* Directions N E S W, NE SE SW NW, as in search_loop.c. */
static inline int dir_dx(int d)
{
	static const int v[8] = {0, 1, 0, -1, 1, 1, -1, -1};

	return v[d];
}

static inline int dir_dy(int d)
{
	static const int v[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

	return v[d];
}

/* The heuristic: octile, or Manhattan where dc is two straight steps
 * (4-connected; see search), less the slack. */
static inline jps_cost jps_h(const jps *s, int32_t x, int32_t y)
{
	jps_cost v = ctx_octile_fixed((uint32_t)abs(x - s->tx),
	                              (uint32_t)abs(y - s->ty), s->c, s->dc);

	return v > s->slack ? v - s->slack : 0;
}

/* The padded coordinates of index i: ctx_point_fast's, which are the
 * grid's, plus the padding. */
static inline void coords(const jps *s, uint32_t i, int32_t *x, int32_t *y)
{
	astar_point p = ctx_point_fast(s->grid, s->inv, i);

	*x = p.x + 1;
	*y = p.y + 1;
}

static inline int is_goal(const jps *s, int32_t x, int32_t y)
{
	if ((uint32_t)(x - s->gx0) > s->gxs || (uint32_t)(y - s->gy0) > s->gys)
		return 0;
	for (int k = 0; k < s->ngoals; k++)
		if (s->gx[k] == x && s->gy[k] == y)
			return 1;
	return 0;
}
/* Whether every goal cell is more than r cells from (x, y) along x or y. */
static inline int goals_beyond(const jps *s, int32_t x, int32_t y, int32_t r)
{
	for (int k = 0; k < s->ngoals; k++) {
		int32_t dx = abs(s->gx[k] - x), dy = abs(s->gy[k] - y);
		if ((dx > dy ? dx : dy) <= r)
			return 0;
	}
	return 1;
}
static inline int sign(int32_t v)
{
	return (v > 0) - (v < 0);
}

/* The quadrant of a diagonal direction, or of an offset with both parts
 * nonzero, for memo_entry's reach. */
ALWAYS_INLINE int quadrant_of(int32_t dx, int32_t dy)
{
	return 2 * (dx > 0) + (dy > 0);
}

/*
 * A diagonal line holds only the words of its own cells: a line crosses
 * at most stride rows, so dw words hold it (dw <= cw, fewer on a grid
 * taller than wide, where lines of cw words would take memory and time
 * growing with the square of the height).  Line l (x + y = l, or x - y +
 * height + 1 = l when diag) keeps words diag_word0 .. + dw of the cw a
 * column has: bit y of the line is bit y - 64 * diag_word0 of its words.
 */
static inline size_t diag_word0(size_t l, int diag, size_t stride, size_t nrows,
                                size_t cw, size_t dw)
{
	size_t y0; /* the line's first row */
	size_t k;

	if (diag)
		y0 = l + 1 < nrows ? nrows - 1 - l : 0;
	else
		y0 = l + 1 > stride ? l + 1 - stride : 0;
	k = y0 >> 6;
	return k < cw - dw ? k : cw - dw;
}

/* Nonzero when one legal step leads from padded index a in direction d
 * (the cell entered taken as open). */
static inline int step_ok(const jps *s, size_t a, int d)
{
	if (d < 4)
		return 1;
	return s->cells[a + (ptrdiff_t)dir_dy(d) * s->stride] != 0 &&
	       s->cells[a + dir_dx(d)] != 0;
}

#endif
