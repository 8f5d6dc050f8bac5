/*
 * jps.c - Jump Point Search on grids of uniform cost.
 *
 * Owns jps_search and the bitmaps it scans.  The search is A* over jump
 * points (D. Harabor and A. Grastien, "Online Graph Pruning for
 * Pathfinding on Grid Maps", AAAI 2011) with the block-based jumping and
 * the skipped diagonal jump points of "Improving Jump Point Search"
 * (ICAPS 2014):
 *
 * - Paths are canonical: from a jump point, diagonal steps first, then
 *   straight ones (4-connected: horizontal first, then vertical).  A
 *   node's parent is therefore enough to rebuild the cells in between,
 *   and the node record's dir field holds the parent's index.
 * - A straight jump stops at an obstacle (a dead end), at a goal cell, or
 *   at a cell whose side neighbour is open while the one behind it was
 *   blocked (a forced neighbour: only there may the path turn that way).
 *   It reads 64 cells per step from a bit-packed copy of the grid, rows
 *   for horizontal jumps and columns (the transposed bitmap) for vertical
 *   ones, and finds the stop with count-trailing (leading) zeros.
 * - A diagonal jump (4-connected: a horizontal one) walks cell by cell
 *   and jumps straight from every cell (once a grid's walk maps are
 *   made, walk_fast goes from one cell where a straight jump finds
 *   something to the next instead); the jump points found become
 *   successors of the node being expanded, so the diagonal cells never
 *   enter the open list.  Without corner cutting diagonal moves have no
 *   forced neighbours.
 *
 * Every step costs the grid's one cell cost c (times sqrt(2) diagonally),
 * so the heuristic is octile (4-connected: Manhattan) times c.  The search
 * counts in steps rather than in c, which orders the same, and sums them
 * in fixed point (ctx_exact_units, as search.c's exact instance does):
 * equal costs are equal integers, so a tie of f goes to the larger g as
 * the heap orders it, never to a rounding.  The cost reported is formed
 * as search.c forms it, from the whole-number sums of the cells entered
 * by straight and by diagonal steps (here c times their counts), so it
 * equals A*'s to the bit when the two paths cost the same.
 *
 * A context that searches one grid many times keeps the successors of
 * the expansions it made and replays them when the goal cannot have
 * changed them (the successor memo, below).
 *
 * On 8-connected grids of MEMO_MIN_CELLS or more (and of at most
 * 2^PARENT_BITS cells with the padding), a jump point whose expansion
 * would find nothing (a barren one: a dead end such as a corridor's
 * closed side) is not opened at all (relax): it would only be taken off
 * the open list to no effect.  So explored leaves it out, and
 * the expanded and generated counts do not count it; the path and its
 * cost are the same as without.  A quarter to a third of the expansions
 * of the Dragon Age batches were barren ones.
 *
 * The bitmaps are cached (struct jps_cache, in the context's cache field)
 * and rebuilt only when another grid comes or the grid has changed: the
 * cache remembers the grid's id and version (grid.h), which astar_grid_new
 * makes unique and every call that may change a cell bumps, so one
 * comparison per query sees edits between queries, and a new grid at a
 * freed grid's address.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "jps.h"

#if defined(__SSE2__) && !defined(ASTAR_PORTABLE)
#include <emmintrin.h>
#endif

/* ------------------------------------------------------------ bitmaps */

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
 * From a grid's second query on, the walk maps are added (build_walks):
 * for each diagonal direction, the cells where a diagonal walk must stop
 * (the step into the cell is illegal, or a straight jump from it along
 * one of the walk's two components finds a jump point), stored by
 * diagonals, so that a walk skips 64 uninteresting cells at a time; and
 * for 4-connected walks, by rows, the cells blocked or with a vertical
 * jump point.  The four maps those are made of are kept, by rows: for
 * each straight direction, the cells from which a jump finds a jump
 * point (struct jps_cache's fruit), so that a walk stopped at a cell
 * makes only the jumps that find something.
 */
enum { FWD, BWD, OPEN, NSLOTS };
enum { FRUIT_E, FRUIT_W, FRUIT_S, FRUIT_N };

/* Costs, in fixed point: a straight step is jps's c, a diagonal one its dc
 * (ctx_exact_units' one and sqrt2).  Sums of them are exact. */
typedef uint64_t jps_cost;

/* No cost yet (jps's upper). */
#define COST_NONE UINT64_MAX

/* Words of padding before and after the maps, which next_stop and
 * prev_stop may read (and ignore) beyond either end of a line. */
#define PAD 8

/*
 * The successor memo.  Which jump points an expansion finds, and at what
 * distance, depends on the node, the direction it was reached from and
 * the maps, and on the goal only where one of its jumps may pass over
 * the goal (memo_valid).  A batch expands the same few thousand nodes
 * over and over (brc202d: 2141 distinct expansions in 874027), so an
 * expansion that the goal did not touch is kept: its successors in the
 * order they were found, and how far its walks went.  A later query
 * replays it when its own goal keeps clear of them too, and makes it anew
 * otherwise.  The replay offers the same points in the same order at the
 * same costs, to the bit, so results do not depend on what was searched
 * before.
 *
 * The memo's key is the node and the class of the step that reached it
 * (LINE_E ..., ARRIVE_DIAG).  The class rides in the top bits of the node's dir
 * field, above the parent's index (PARENT_BITS), set by the relax that
 * sets the parent: the key is then formed from the node's record alone
 * when the node leaves the open list.
 */
typedef struct memo_succ {
	uint32_t j;   /* the jump point's index */
	int32_t x, y; /* and padded coordinates */
	uint8_t cls;  /* the class of the step to it: its dir field's top
	                  bits (see offer), shifted down */
	uint8_t b;    /* its byte of the barren table (see relax), once
	                  read; 0 until then */
	jps_cost d;   /* the cost of the steps to it */
} memo_succ;

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
static const int line_dx[4] = {1, -1, 0, 0}, line_dy[4] = {0, 0, 1, -1};

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
	uint64_t *fruit[4];   /* rows, rw words each: a jump E, W, S, N
	                         (FRUIT_E ...) from the cell finds a jump
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

void jps_cache_free(void *cache)
{
	jps_cache *c = cache;

	if (c == NULL)
		return;
	free(c->words);
	free(c->walk_words);
	free(c->stack);
	free(c->memo);
	free(c->succ);
	free(c->sweeps);
	free(c->barren);
	free(c);
}

/* Grows *p to n words (contents dropped); 0 or -1. */
static int grow_words(uint64_t **p, size_t *cap, size_t n)
{
	if (n <= *cap)
		return 0;
	free(*p);
	*cap = 0;
	if ((*p = malloc(n * sizeof **p)) == NULL)
		return -1;
	*cap = n;
	return 0;
}

/* The open cells among n (<= 64) bytes as bits. */
static inline uint64_t pack_bits(const uint8_t *p, size_t n)
{
	uint64_t m = 0;
	size_t k = 0;

#if defined(__SSE2__) && !defined(ASTAR_PORTABLE)
	const __m128i zero = _mm_setzero_si128();
	for (; k + 16 <= n; k += 16) {
		__m128i v =
			_mm_loadu_si128((const __m128i *)(const void *)(p + k));
		uint32_t z =
			(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero));
		m |= (uint64_t)(~z & 0xffffu) << k;
	}
#endif
	for (; k < n; k++)
		m |= (uint64_t)(p[k] != 0) << k;
	return m;
}

/* Transposes a 64 x 64 bit matrix: bit c of a[r] trades with bit r of
 * a[c] (H. S. Warren, Hacker's Delight, 7-3, for low-bit-first order). */
static void transpose64(uint64_t a[64])
{
	uint64_t m = 0x00000000ffffffffULL;

	for (unsigned j = 32; j != 0; j >>= 1, m ^= m << j) {
		for (unsigned k = 0; k < 64; k = (k + j + 1) & ~j) {
			uint64_t t = ((a[k] >> j) ^ a[k + j]) & m;
			a[k + j] ^= t;
			a[k] ^= t << j;
		}
	}
}

/*
 * Transposes a bit matrix of nl lines of nb bits, whose line l has word k
 * at src[(l * sw + k) * ss], into nb lines of nl bits, line b's word k
 * going to dst[(b * dw + k) * ds].  sw * 64 >= nb and dw * 64 >= nl.
 */
static void transpose_bits(const uint64_t *src, size_t nl, size_t sw, size_t ss,
                           uint64_t *dst, size_t nb, size_t dw, size_t ds)
{
	uint64_t block[64];

	for (size_t lb = 0; lb < dw; lb++) {
		for (size_t k = 0; k < sw; k++) {
			for (size_t i = 0; i < 64; i++) {
				size_t l = lb * 64 + i;
				block[i] = l < nl ? src[(l * sw + k) * ss] : 0;
			}
			transpose64(block);
			for (size_t i = 0; i < 64 && k * 64 + i < nb; i++)
				dst[((k * 64 + i) * dw + lb) * ds] = block[i];
		}
	}
}

/*
 * Fills the FWD and BWD maps of nlines lines of nw triples from their
 * OPEN maps.  The first and last lines (the padding, never jumped along)
 * stop everywhere.
 */
static void stop_maps(uint64_t *lines, size_t nlines, size_t nw)
{
	const size_t n = nw * NSLOTS;

	for (size_t w = 0; w < nw; w++) {
		uint64_t *first = lines + w * NSLOTS;
		uint64_t *last = lines + (nlines - 1) * n + w * NSLOTS;
		first[FWD] = first[BWD] = last[FWD] = last[BWD] = ~0ULL;
	}
	for (size_t l = 1; l + 1 < nlines; l++) {
		const uint64_t *a = lines + (l - 1) * n + OPEN, *b = a + 2 * n;
		uint64_t *c = lines + l * n;
		for (size_t w = 0; w < nw; w++) {
			size_t k = w * NSLOTS;
			uint64_t aw = a[k], bw = b[k];
			uint64_t ap = w ? a[k - NSLOTS] >> 63 : 0;
			uint64_t bp = w ? b[k - NSLOTS] >> 63 : 0;
			uint64_t an = w + 1 < nw ? a[k + NSLOTS] << 63 : 0;
			uint64_t bn = w + 1 < nw ? b[k + NSLOTS] << 63 : 0;
			c[k + FWD] = ~c[k + OPEN] | (aw & ~((aw << 1) | ap)) |
			             (bw & ~((bw << 1) | bp));
			c[k + BWD] = ~c[k + OPEN] | (aw & ~((aw >> 1) | an)) |
			             (bw & ~((bw >> 1) | bn));
		}
	}
}

/* Builds the jump maps of g into c (whose old contents are dropped). */
static astar_status cache_build(jps_cache *c, const astar_grid *g)
{
	size_t stride = (size_t)g->stride, nrows = (size_t)g->height + 2;
	size_t rw = (stride + 63) / 64, cw = (nrows + 63) / 64;
	size_t nr = nrows * rw * NSLOTS, nc = stride * cw * NSLOTS;
	size_t need = nr + nc + 2 * PAD;

	c->valid = c->walks = 0;
	free(c->memo); /* its successors are the old grid's */
	c->memo = NULL;
	c->memo_cap = c->memo_n = c->nsucc = c->nsweeps = 0;
	c->memo_off = 0;
	c->memo_looks = c->memo_hits = 0;
	if (grow_words(&c->words, &c->words_cap, need) != 0)
		return ASTAR_ENOMEM;
	c->barren_n = 0; /* its facts are the old grid's */
	c->id = g->id;
	c->version = g->version;
	memset(c->words, 0, PAD * sizeof *c->words);
	memset(c->words + need - PAD, 0, PAD * sizeof *c->words);
	c->rows = c->words + PAD;
	c->cols = c->rows + nr;
	c->rw = rw;
	c->cw = cw;
	for (size_t y = 0; y < nrows; y++) {
		const uint8_t *row = g->cells + y * stride;
		for (size_t k = 0; k < rw; k++) {
			size_t n = stride - k * 64 < 64 ? stride - k * 64 : 64;
			c->rows[(y * rw + k) * NSLOTS + OPEN] =
				pack_bits(row + k * 64, n);
		}
	}
	transpose_bits(c->rows + OPEN, nrows, rw, NSLOTS, c->cols + OPEN,
	               stride, cw, NSLOTS);
	stop_maps(c->rows, nrows, rw);
	stop_maps(c->cols, stride, cw);
	c->width = g->width;
	c->height = g->height;
	c->ncells = g->ncells;
	c->valid = 1;
	return ASTAR_OK;
}

/*
 * The jump maps of one line of nw words (word k's stops at stop[k * ss],
 * its open cells at open[k * ss]) into out[0 .. nw): bit i set when a
 * jump from cell i toward higher bits (fwd) or lower bits (!fwd) stops on
 * an open cell, that is finds a jump point rather than a dead end.
 *
 * Bit i takes the open bit of the nearest stop beyond it, found for all
 * 64 bits of a word at once by doubling: after the step of shift k, bit i
 * knows the nearest stop within 2k cells (found) and whether it is open
 * (val).  Bits with no stop beyond them in their word take the nearest
 * stop's in the words further on (v, carried from word to word).
 */
static void jump_line(const uint64_t *stop, const uint64_t *open, size_t nw,
                      size_t ss, int fwd, uint64_t *out)
{
	uint64_t v = 0; /* whether the nearest stop beyond the word is open */

	for (size_t n = 0; n < nw; n++) {
		size_t k = fwd ? nw - 1 - n : n;
		uint64_t st = stop[k * ss], jp = st & open[k * ss];
		uint64_t found = fwd ? st >> 1 : st << 1;
		uint64_t val = fwd ? jp >> 1 : jp << 1;

		for (unsigned sh = 1; sh < 64; sh <<= 1) {
			val |= ~found & (fwd ? val >> sh : val << sh);
			found |= fwd ? found >> sh : found << sh;
		}
		out[k] = val | (~found & (0 - v));
		if (st != 0) { /* the stop nearest the words still to come */
			unsigned near = fwd ? (unsigned)port_ctz64(st)
			                    : 63u - (unsigned)port_clz64(st);
			v = (jp >> near) & 1;
		}
	}
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

/* Bits x0 .. x0 + 63 of a line of nw words, those outside it 0. */
static inline uint64_t bits_from(const uint64_t *row, size_t nw, ptrdiff_t x0)
{
	ptrdiff_t q = x0 >= 0 ? x0 / 64 : -((63 - x0) / 64), n = (ptrdiff_t)nw;
	unsigned r = (unsigned)(x0 - q * 64);
	uint64_t lo = q >= 0 && q < n ? row[q] : 0;
	uint64_t hi = q + 1 >= 0 && q + 1 < n ? row[q + 1] : 0;

	return r ? lo >> r | hi << (64 - r) : lo;
}

/*
 * Adds the walk maps to c, built from g's (see the top of this section).
 * For a diagonal direction (dx, dy), a walk stops at cell m when the step
 * into m is illegal (m, its neighbour against dx and its neighbour
 * against dy not all open) or a jump from m along dx or along dy finds a
 * jump point.  Those bits are formed by rows (t), then gathered into the
 * diagonal lines 64 rows and 64 lines at a time: row y's bit x belongs to
 * line x + y (x - y + height + 1), so a block of 64 rows is a 64 x 64
 * bit matrix in each run of 64 lines it crosses, and transposed.
 */
static astar_status build_walks(jps_cache *c, const astar_grid *g)
{
	const size_t stride = (size_t)g->stride, nrows = (size_t)g->height + 2;
	const size_t rw = c->rw, cw = c->cw, nd = stride + nrows - 1;
	const size_t dw =
		cw < (stride + 63) / 64 + 1 ? cw : (stride + 63) / 64 + 1;
	const size_t nr = nrows * rw, ncl = stride * cw, fam = nd * dw * 2;
	const uint64_t last = stride % 64 ? ~0ULL >> (64 - stride % 64) : ~0ULL;
	size_t keep = 2 * fam + 5 * nr + 2 * PAD;
	size_t need = keep + nr + 2 * ncl;
	uint64_t *je, *jw, *jn, *js, *t, *cn, *cs, *w;
	/* The four directions: (dx, dy), the family and its slot. */
	static const int dirs[4][4] = {
		{-1, 1, 0, 0}, {1, -1, 0, 1}, {1, 1, 1, 0}, {-1, -1, 1, 1}};

	if (grow_words(&c->walk_words, &c->walk_cap, need) != 0)
		return ASTAR_ENOMEM;
	w = c->walk_words;
	memset(w, 0, PAD * sizeof *w);
	c->anti = w + PAD;
	c->diag = c->anti + fam;
	c->dw = dw;
	memset(c->anti, 0, 2 * fam * sizeof *w);
	c->hwalk = c->diag + fam;
	memset(c->hwalk + nr, 0, PAD * sizeof *w);
	je = c->fruit[FRUIT_E] = c->hwalk + nr + PAD; /* kept */
	jw = c->fruit[FRUIT_W] = je + nr;
	js = c->fruit[FRUIT_S] = jw + nr;
	jn = c->fruit[FRUIT_N] = js + nr;
	t = w + keep; /* scratch from here on */
	cn = t + nr;
	cs = cn + ncl;

	for (size_t y = 0; y < nrows; y++) {
		const uint64_t *l = c->rows + y * rw * NSLOTS;
		jump_line(l + FWD, l + OPEN, rw, NSLOTS, 1, je + y * rw);
		jump_line(l + BWD, l + OPEN, rw, NSLOTS, 0, jw + y * rw);
	}
	for (size_t x = 0; x < stride; x++) {
		const uint64_t *l = c->cols + x * cw * NSLOTS;
		jump_line(l + FWD, l + OPEN, cw, NSLOTS, 1, cs + x * cw);
		jump_line(l + BWD, l + OPEN, cw, NSLOTS, 0, cn + x * cw);
	}
	transpose_bits(cs, stride, cw, 1, js, nrows, rw, 1);
	transpose_bits(cn, stride, cw, 1, jn, nrows, rw, 1);
	for (size_t i = 0; i < nr; i++)
		c->hwalk[i] = ~c->rows[i * NSLOTS + OPEN] | jn[i] | js[i];

	for (int d = 0; d < 4; d++) {
		const int dx = dirs[d][0], dy = dirs[d][1], isdiag = dirs[d][2];
		const uint64_t *jh = dx > 0 ? je : jw, *jv = dy > 0 ? js : jn;
		uint64_t *lines = (isdiag ? c->diag : c->anti) + dirs[d][3];
		const ptrdiff_t row_words = (ptrdiff_t)(rw * NSLOTS);

		for (size_t y = 0; y < nrows; y++) {
			const uint64_t *o = c->rows + y * rw * NSLOTS + OPEN;
			int has_side = !(dy > 0 ? y == 0 : y + 1 == nrows);
			const uint64_t *os = has_side ? o - dy * row_words : o;
			for (size_t k = 0; k < rw; k++) {
				uint64_t ow = o[k * NSLOTS], back, legal;
				uint64_t before = k ? o[(k - 1) * NSLOTS] : 0;
				uint64_t after =
					k + 1 < rw ? o[(k + 1) * NSLOTS] : 0;
				if (dx > 0)
					back = (ow << 1) | (before >> 63);
				else
					back = (ow >> 1) | (after << 63);
				legal = ow & back &
				        (has_side ? os[k * NSLOTS] : 0);
				t[y * rw + k] = ~legal | jh[y * rw + k] |
				                jv[y * rw + k];
			}
			t[y * rw + rw - 1] &= last; /* no cells beyond */
		}
		/* Row y's bit x is line l = x + sh(y)'s bit y, sh(y) = y
		 * (anti) or height + 1 - y (diag). */
		for (size_t a = 0; a < cw; a++) {
			size_t y0 = a * 64,
			       y1 = y0 + 64 < nrows ? y0 + 63 : nrows - 1;
			size_t lo = isdiag ? nrows - 1 - y1 : y0;
			size_t hi = (isdiag ? nrows - 1 - y0 : y1) + stride - 1;
			for (size_t b = lo / 64; b <= hi / 64 && b * 64 < nd;
			     b++) {
				uint64_t block[64];
				for (size_t i = 0; i < 64; i++) {
					size_t y = y0 + i, sh;
					if (y >= nrows) {
						block[i] = 0;
						continue;
					}
					sh = isdiag ? nrows - 1 - y : y;
					block[i] = bits_from(
						t + y * rw, rw,
						(ptrdiff_t)(b * 64) -
							(ptrdiff_t)sh);
				}
				transpose64(block);
				for (size_t j = 0; j < 64 && b * 64 + j < nd;
				     j++) {
					size_t l = b * 64 + j;
					size_t k0 =
						diag_word0(l, isdiag, stride,
					                   nrows, cw, dw);
					if (a >= k0 && a < k0 + dw)
						lines[(l * dw + a - k0) * 2] =
							block[j];
				}
			}
		}
	}
	c->walks = 1;
	return ASTAR_OK;
}

/* Makes *slot hold the maps of g: kept when they were built from the same
 * grid at the same version, otherwise (re)built; the walk maps are added
 * on the second query, so that a grid searched once, or edited between
 * every two queries, does not pay for them. */
static astar_status cache_get(jps_cache **slot, const astar_grid *g)
{
	jps_cache *c = *slot;

	if (c == NULL) {
		if ((c = calloc(1, sizeof *c)) == NULL)
			return ASTAR_ENOMEM;
		*slot = c;
	}
	if (c->valid && c->id == g->id && c->version == g->version &&
	    c->width == g->width && c->height == g->height) {
		if (!c->walks)
			build_walks(c, g); /* without them (out of memory), the
			                      search walks cell by cell */
		return ASTAR_OK;
	}
	return cache_build(c, g);
}

/*
 * The first stop of a line after `from`, and the last before it; line
 * points at the first word of the map, whose words are ss apart.  The
 * border's stops end every search.  Most jumps stop within two words, so
 * both are read at once and the choice between them made without a
 * branch; the word beyond either end of a line is the next line's, or
 * the padding.
 */
ALWAYS_INLINE uint32_t next_stop(const uint64_t *line, uint32_t from,
                                 const size_t ss)
{
	size_t w = (from + 1) >> 6;
	uint64_t m0 = line[w * ss] & (~0ULL << ((from + 1) & 63));
	uint64_t m1 = line[(w + 1) * ss], z;

	while ((m0 | m1) == 0) {
		w += 2;
		m0 = line[w * ss];
		m1 = line[(w + 1) * ss];
	}
	z = m0 == 0;
	m0 |= m1 & (0 - z);
	return (uint32_t)((w + z) << 6) + (uint32_t)port_ctz64(m0);
}

ALWAYS_INLINE uint32_t prev_stop(const uint64_t *line, uint32_t from,
                                 const size_t ss)
{
	/* Signed: the word before the first is the padding's, at index
	 * -ss (an unsigned index would wrap the pointer). */
	ptrdiff_t w = (ptrdiff_t)((from - 1) >> 6), d = (ptrdiff_t)ss;
	uint64_t m0 = line[w * d] & (~0ULL >> (63 - ((from - 1) & 63)));
	uint64_t m1 = line[(w - 1) * d], z;

	while ((m0 | m1) == 0) {
		w -= 2;
		m0 = line[w * d];
		m1 = line[(w - 1) * d];
	}
	z = m0 == 0;
	m0 |= m1 & (0 - z);
	return (uint32_t)((w - z) << 6) + 63u - (uint32_t)port_clz64(m0);
}

/* Whether cell i of a row or column line is open. */
static inline int line_open(const uint64_t *line, uint32_t i)
{
	return (int)(line[(i >> 6) * NSLOTS + OPEN] >> (i & 63)) & 1;
}

/* Where a straight jump from cell `at` of a line (a row or a column of
 * the maps) stops, going toward higher cells (d > 0) or lower ones. */
ALWAYS_INLINE int32_t line_stop(const uint64_t *line, int32_t at, int d)
{
	return (int32_t)(d > 0 ? next_stop(line + FWD, (uint32_t)at, NSLOTS)
	                       : prev_stop(line + BWD, (uint32_t)at, NSLOTS));
}

/* ------------------------------------------------------------- search */

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
	const uint64_t *fruit[4];
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
	jps_cost c, dc; /* a straight and a diagonal step's cost (see search) */
	jps_cost margin; /* see walk_start */
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
	 * table (jps_cache's), and probing (barren_probe) with the jump
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

static void stack_push(jps *s, uint32_t j)
{
	jps_cache *c = s->cache;

	if (s->nstack == c->stack_cap) {
		size_t n = c->stack_cap ? 2 * c->stack_cap : 64;
		uint32_t *a = realloc(c->stack, n * sizeof *a);
		if (a == NULL) {
			s->nomem = 1;
			return;
		}
		c->stack = a;
		c->stack_cap = n;
	}
	c->stack[s->nstack++] = j;
	s->pos[j] = ON_STACK;
}

static uint8_t barren_probe(jps *s, uint32_t j, int32_t x, int32_t y,
                            uint32_t a);

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

/*
 * Offers jump point j = (x, y) at cost g, reached from node `parent` by
 * a step of class tag (its dir field's top bits, 0 where unused).
 *
 * A new node whose f is no more than the f of the node being expanded (so
 * equal to it, the heuristic being consistent, and the least of all)
 * would leave the heap next: it goes on a stack that the search empties
 * before it looks at the heap again, and skips the heap altogether.
 *
 * A new node that is barren is not opened at all (prune: 8-connected
 * runs on grids of MEMO_MIN_CELLS or more and of at most 2^PARENT_BITS
 * padded cells): its expansion, reached so, would find no jump point.
 * That is known when the table (barren, made by barren_probe the first
 * time it is asked) says that the expansion finds none without a goal
 * and that its jumps all stay within r cells of it, and no goal cell is
 * within r.  Such a node would be
 * taken off the open list and offer nothing, so leaving it out changes
 * no other node, the path or its cost; it is not counted, expanded or
 * listed.  The table holds facts of the grid alone, so what is pruned
 * depends on the query and the grid only, not on what was searched
 * before.  A node already open is never pruned, whatever the class of a
 * later, shorter way to it.  Where the caller keeps the node's byte of the
 * table (known, a memo successor's), it is read there, and stored there
 * once the table gave it.
 *
 * A new node dearer than gmax, as many diagonal steps as the grid has
 * cells (padding included), is not opened either: no path that enters a
 * cell at most once costs that much, so it is on no cheapest path to the
 * goal and would only leave the open list after the goal.  That keeps
 * every sum the search forms (an open node's g plus a jump, plus the
 * heuristic) within the fixed-point units' room (ctx_exact_units),
 * whatever jump points a search strings together.
 */
ALWAYS_INLINE void relax_as(jps *s, uint32_t parent, jps_cost g, uint32_t j,
                            int32_t x, int32_t y, uint32_t tag, uint8_t *known)
{
	node *n = &s->nodes[j];

	if (n->gen != s->gen) {
		uint32_t a = tag >> PARENT_BITS;
		if (g > s->gmax)
			return;
		if (s->prune && a <= LINE_N) {
			uint8_t b = known != NULL ? *known : 0;
			if (b == 0) {
				b = s->barren[(size_t)j * 4 + a];
				if (b == 0)
					b = barren_probe(s, j, x, y, a);
				if (known != NULL)
					*known = b;
			}
			if (b >= 2 && goals_beyond(s, x, y, b - 2))
				return;
		}
		jps_cost f = g + jps_h(s, x, y);
		n->gen = s->gen;
		n->gx = g;
		n->dir = parent | tag;
		if (f <= s->fcur)
			stack_push(s, j);
		else if (heap_push_key(&s->ctx->open,
		                       heap_make_key_fixed(j, f, g)) != 0)
			s->nomem = 1;
		s->generated++;
	} else if (g < n->gx && s->pos[j] != CLOSED) {
		n->gx = g;
		n->dir = parent | tag;
		if (s->pos[j] != ON_STACK)
			heap_decrease_key(
				&s->ctx->open,
				heap_make_key_fixed(j, g + jps_h(s, x, y), g));
		s->generated++;
	}
}

/* relax, the barren table's byte to be read (see relax_as). */
ALWAYS_INLINE void relax(jps *s, uint32_t parent, jps_cost g, uint32_t j,
                         int32_t x, int32_t y, uint32_t tag)
{
	relax_as(s, parent, g, j, x, y, tag, NULL);
}

/*
 * The jump points found while expanding a node are relaxed together when
 * it is done (or the buffer is full): their records, most likely out of
 * the cache, are fetched meanwhile.
 */
static void flush(jps *s)
{
	for (int k = 0; k < s->nfound; k++)
		relax(s, s->found[k].parent, s->found[k].g, s->found[k].j,
		      s->found[k].x, s->found[k].y, s->found[k].tag);
	s->nfound = 0;
}

/* Keeps a successor of the expansion being recorded. */
static void memo_note(jps *s, uint32_t j, int32_t x, int32_t y, uint32_t tag,
                      int32_t k, int32_t m)
{
	jps_cache *c = s->cache;

	if (c->nsucc == c->succ_cap) {
		size_t n = c->succ_cap ? 2 * c->succ_cap : 256;
		memo_succ *a = n <= UINT32_MAX ? realloc(c->succ, n * sizeof *a)
		                               : NULL;
		if (a == NULL) {
			s->rec_lost = 1;
			return;
		}
		c->succ = a;
		c->succ_cap = n;
	}
	c->succ[c->nsucc++] =
		(memo_succ){.j = j,
	                    .x = x,
	                    .y = y,
	                    .cls = (uint8_t)(tag >> PARENT_BITS),
	                    .d = (jps_cost)k * s->dc + (jps_cost)m * s->c};
}

/* Offers jump point j = (x, y), k diagonal and then m straight steps
 * from the node being expanded, at cost g, by a step of class arr
 * (LINE_E ..., ARRIVE_DIAG: kept in the node's record only where the memo
 * or the pruning may use it).  A probe only counts it. */
ALWAYS_INLINE void offer(jps *s, uint32_t parent, jps_cost g, uint32_t j,
                         int32_t x, int32_t y, int32_t k, int32_t m,
                         uint32_t arr)
{
	found_point *f = &s->found[s->nfound];
	uint32_t tag = s->prune ? arr << PARENT_BITS : 0;

	if (s->probe) {
		s->nprobe++;
		return;
	}

	if (s->rec)
		memo_note(s, j, x, y, tag, k, m);

	PREFETCH(&s->nodes[j]);
	if (s->prune)
		PREFETCH(&s->barren[(size_t)j * 4]);
	f->parent = parent;
	f->g = g;
	f->j = j;
	f->x = x;
	f->y = y;
	f->tag = tag;
	if (++s->nfound == FOUND_MAX)
		flush(s);
}

/* A goal cell is offered at cost g: the least such cost is kept (see
 * walk_start). */
ALWAYS_INLINE void goal_offered(jps *s, jps_cost g)
{
	s->upper = g < s->upper ? g : s->upper;
}

/*
 * The nearest goal cell on line `at` (a row when horiz, else a column)
 * strictly after `from` and no further than `to` in the direction of
 * step (+1 or -1); -1 when there is none.
 */
static inline int32_t goal_on_line(const jps *s, int horiz, int32_t at,
                                   int32_t from, int32_t to, int step)
{
	int32_t best = -1;

	if (horiz ? (uint32_t)(at - s->gy0) > s->gys
	          : (uint32_t)(at - s->gx0) > s->gxs)
		return -1;
	for (int k = 0; k < s->ngoals; k++) {
		int32_t line = horiz ? s->gy[k] : s->gx[k];
		int32_t p = horiz ? s->gx[k] : s->gy[k];
		if (line != at)
			continue;
		if (step > 0 ? (p > from && p <= to && (best < 0 || p < best))
		             : (p < from && p >= to && (best < 0 || p > best)))
			best = p;
	}
	return best;
}

/* Jumps horizontally from (x, y), k diagonal steps from the node being
 * expanded, by step dx, offering the jump point found (if any) at cost
 * g0 plus the distance. */
ALWAYS_INLINE void jump_h(jps *s, uint32_t parent, jps_cost g0, int32_t x,
                          int32_t y, const int dx, int32_t k)
{
	const uint64_t *line = s->rows + (size_t)y * s->rw * NSLOTS;
	int32_t q = line_stop(line, x, dx);
	int32_t gq = goal_on_line(s, 1, y, x, q, dx);
	jps_cost g;

	if (gq >= 0)
		q = gq;
	else if (!line_open(line, (uint32_t)q))
		return; /* a dead end */
	g = g0 + (jps_cost)((q - x) * dx) * s->c;
	if (q == gq)
		goal_offered(s, g);
	offer(s, parent, g, (uint32_t)y * (uint32_t)s->stride + (uint32_t)q, q,
	      y, k, (q - x) * dx, dx > 0 ? LINE_E : LINE_W);
}

ALWAYS_INLINE void jump_v(jps *s, uint32_t parent, jps_cost g0, int32_t x,
                          int32_t y, const int dy, int32_t k)
{
	const uint64_t *line = s->cols + (size_t)x * s->cw * NSLOTS;
	int32_t q = line_stop(line, y, dy);
	int32_t gq = goal_on_line(s, 0, x, y, q, dy);
	jps_cost g;

	if (gq >= 0)
		q = gq;
	else if (!line_open(line, (uint32_t)q))
		return;
	g = g0 + (jps_cost)((q - y) * dy) * s->c;
	if (q == gq)
		goal_offered(s, g);
	offer(s, parent, g, (uint32_t)q * (uint32_t)s->stride + (uint32_t)x, x,
	      q, k, (q - y) * dy, dy > 0 ? LINE_S : LINE_N);
}

/*
 * jump_h and jump_v, made only when they may find a jump point: the walk
 * maps are not there yet, the jump's line holds a goal cell, or the maps
 * say that the jump finds one (a dead end is only read, never offered).
 * Recording or probing, the way is noted (memo_entry's lines); a probe
 * stops at the first jump point found, here and in the walks.
 */
ALWAYS_INLINE int fruitful(const jps *s, int map, int32_t x, int32_t y)
{
	const uint64_t *m = s->fruit[map];

	return (int)(m[(size_t)y * s->rw + ((uint32_t)x >> 6)] >> (x & 63)) & 1;
}

ALWAYS_INLINE void jump_h_if(jps *s, uint32_t parent, jps_cost g0, int32_t x,
                             int32_t y, int dx)
{
	if (s->rec || s->probe)
		s->lines |= 1u << (dx > 0 ? LINE_E : LINE_W);
	if (s->probe && s->nprobe)
		return;
	if (!s->walks || (uint32_t)(y - s->gy0) <= s->gys ||
	    fruitful(s, dx > 0 ? FRUIT_E : FRUIT_W, x, y))
		jump_h(s, parent, g0, x, y, dx, 0);
}

ALWAYS_INLINE void jump_v_if(jps *s, uint32_t parent, jps_cost g0, int32_t x,
                             int32_t y, int dy)
{
	if (s->rec || s->probe)
		s->lines |= 1u << (dy > 0 ? LINE_S : LINE_N);
	if (s->probe && s->nprobe)
		return;
	if (!s->walks || (uint32_t)(x - s->gx0) <= s->gxs ||
	    fruitful(s, dy > 0 ? FRUIT_S : FRUIT_N, x, y))
		jump_v(s, parent, g0, x, y, dy, 0);
}

/*
 * 8-connected: walks diagonally from node i = (x, y) while the steps are
 * legal (both orthogonal neighbours open), jumping straight along both
 * components from every cell reached.  4-connected (dy == 0): walks
 * horizontally, jumping vertically both ways from every cell.  Inlined
 * once per direction (see walk), so that the directions are constants.
 */
ALWAYS_INLINE void walk_dir(jps *s, uint32_t i, jps_cost g, int32_t x,
                            int32_t y, const int dx, const int dy)
{
	const uint8_t *cells = s->cells;
	const ptrdiff_t sy = (ptrdiff_t)dy * s->stride, step = dx + sy;
	const jps_cost unit = dy ? s->dc : s->c;
	size_t j = i;
	int32_t k = 0, kgoal = INT32_MAX;

	/* The step that would land on a goal cell, if any does. */
	for (int n = 0; n < s->ngoals; n++) {
		int32_t kx = (s->gx[n] - x) * dx,
			ky = (s->gy[n] - y) * (dy ? dy : 1);
		if (kx > 0 && (dy ? ky == kx : ky == 0) && kx < kgoal)
			kgoal = kx;
	}
	for (;;) {
		/* Open cells all hold the same cost, so one AND tests all
		 * three cells of a diagonal step. */
		if (dy ? !(cells[j + step] & cells[j + dx] & cells[j + sy])
		       : !cells[j + step])
			return;
		j += step;
		x += dx;
		y += dy;
		k++;
		if (k == kgoal) {
			goal_offered(s, g + (jps_cost)k * unit);
			offer(s, i, g + (jps_cost)k * unit, (uint32_t)j, x, y,
			      k, 0, ARRIVE_DIAG(dx, dy));
			return;
		}
		if (dy) {
			jump_h(s, i, g + (jps_cost)k * unit, x, y, dx, k);
			jump_v(s, i, g + (jps_cost)k * unit, x, y, dy, k);
		} else {
			jump_v(s, i, g + (jps_cost)k * unit, x, y, -1, k);
			jump_v(s, i, g + (jps_cost)k * unit, x, y, 1, k);
		}
	}
}

/* The quadrant of a diagonal direction, or of an offset with both parts
 * nonzero, for memo_entry's reach. */
ALWAYS_INLINE int quadrant_of(int32_t dx, int32_t dy)
{
	return 2 * (dx > 0) + (dy > 0);
}

/*
 * The same walk over the walk maps: from one stop to the next, 64 cells
 * at a time, jumping straight only where a jump point is known to be
 * found.  The maps know nothing of the goal cells, so the walk also
 * stops, as if it were interesting, where it crosses a goal's row or
 * column (a jump from there may find the goal) and ends on a goal cell.
 */
ALWAYS_INLINE void walk_fast(jps *s, uint32_t i, jps_cost g, int32_t x,
                             int32_t y, const int dx, const int dy)
{
	const uint8_t *cells = s->cells;
	const ptrdiff_t sy = (ptrdiff_t)dy * s->stride, step = dx + sy;
	const jps_cost unit = dy ? s->dc : s->c;
	const uint64_t *line;
	/* The maps of the jumps made at a stop: along dx (4-connected:
	 * north) and along dy (south). */
	const int fa = !dy ? FRUIT_N : dx > 0 ? FRUIT_E : FRUIT_W;
	const int fb = dy < 0 ? FRUIT_N : FRUIT_S;
	int32_t special[16], kgoal = INT32_MAX, k = 0, pos = dy ? y : x;
	int32_t base = 0; /* a diagonal line's bit 0 is row base's */
	int nspecial = 0, next = 0;

	if (!dy) {
		line = s->hwalk + (size_t)y * s->rw;
	} else {
		size_t l = dx == dy ? (size_t)(x - y + s->nrows - 1)
		                    : (size_t)(x + y);
		line = (dx == dy ? s->diag : s->anti) + l * s->dw * 2 +
		       (dy > 0 ? 0 : 1);
		if (s->dw < s->cw) { /* a grid taller than wide */
			base = (int32_t)diag_word0(
				       l, dx == dy, (size_t)s->stride,
				       (size_t)s->nrows, s->cw, s->dw) *
			       64;
			pos -= base;
		}
	}
	for (int n = 0; n < s->ngoals; n++) {
		int32_t kx = (s->gx[n] - x) * dx;
		int32_t ky =
			dy ? (s->gy[n] - y) * dy : (s->gy[n] == y ? kx : 0);
		if (kx > 0 && kx == ky && kx < kgoal)
			kgoal = kx;
		if (kx > 0)
			special[nspecial++] = kx;
		if (dy && ky > 0)
			special[nspecial++] = ky;
	}
	for (int a = 1; a < nspecial; a++) /* sort the few specials */
		for (int b = a; b > 0 && special[b] < special[b - 1]; b--) {
			int32_t t = special[b];
			special[b] = special[b - 1];
			special[b - 1] = t;
		}
	for (;;) {
		const int d = dy ? dy : dx;
		const size_t ss = dy ? 2 : 1;
		int32_t q =
			(int32_t)(d > 0 ? next_stop(line, (uint32_t)pos, ss)
		                        : prev_stop(line, (uint32_t)pos, ss));
		int32_t kstop = k + (q - pos) * d, cx, cy;
		size_t j;
		int both = 1; /* a goal's row or column: both jumps */

		if (s->rec) { /* the walk goes up to the stop, at most (the
		                 memo records 8-connected walks only) */
			int qd = quadrant_of(dx, dy);
			s->reach[qd] =
				kstop > s->reach[qd] ? kstop : s->reach[qd];
		}

		while (next < nspecial && special[next] <= k)
			next++;
		if (next < nspecial && special[next] < kstop) {
			k = special[next];
			j = (size_t)((ptrdiff_t)i + (ptrdiff_t)k * step);
		} else {
			k = kstop;
			j = (size_t)((ptrdiff_t)i + (ptrdiff_t)k * step);
			if (dy ? !(cells[j] & cells[j - dx] & cells[j - sy])
			       : !cells[j])
				return;
			both = next < nspecial && special[next] == k;
		}
		cx = x + k * dx;
		cy = y + k * dy;
		pos = dy ? cy - base : cx;
		if (k == kgoal) {
			goal_offered(s, g + (jps_cost)k * unit);
			offer(s, i, g + (jps_cost)k * unit, (uint32_t)j, cx, cy,
			      k, 0, ARRIVE_DIAG(dx, dy));
			return;
		}
		if (both || fruitful(s, fa, cx, cy)) {
			if (dy)
				jump_h(s, i, g + (jps_cost)k * unit, cx, cy, dx,
				       k);
			else
				jump_v(s, i, g + (jps_cost)k * unit, cx, cy, -1,
				       k);
		}
		if (both || fruitful(s, fb, cx, cy))
			jump_v(s, i, g + (jps_cost)k * unit, cx, cy,
			       dy ? dy : 1, k);
		if (s->probe && s->nprobe)
			return;
	}
}

static void walk(jps *s, uint32_t i, jps_cost g, int32_t x, int32_t y, int dx,
                 int dy)
{
	if (s->probe && dy != 0)
		s->reach[quadrant_of(dx, dy)] = 1;
	if (s->probe && s->nprobe)
		return;
#define WALK(DX, DY)                                      \
	do {                                              \
		if (s->walks)                             \
			walk_fast(s, i, g, x, y, DX, DY); \
		else                                      \
			walk_dir(s, i, g, x, y, DX, DY);  \
	} while (0)
	if (dy < 0) {
		if (dx > 0)
			WALK(1, -1);
		else
			WALK(-1, -1);
	} else if (dy > 0) {
		if (dx > 0)
			WALK(1, 1);
		else
			WALK(-1, 1);
	} else if (dx > 0) {
		WALK(1, 0);
	} else {
		WALK(-1, 0);
	}
#undef WALK
}

static inline int sign(int32_t v)
{
	return (v > 0) - (v < 0);
}

/*
 * One of the start's walks, by (dx, dy), unless a goal cell has already
 * been offered (by the start's expansion, which is the first) at a cost
 * less than the f of the walk's first cell.  Every point the walk would
 * find, at that cell or beyond, has an f no less than the cell's (the
 * heuristic is consistent), so more than the goal's: it would leave the
 * open list after the goal, which ends the search, and would only be
 * generated.  So the walk is not made, which changes the generated count
 * alone.  "Less" is by the margin at least: a quarter of a step, and the
 * most by which the fixed-point sums of two costs can err together
 * (ctx_exact_units: half a unit a diagonal step each, and a cost counts
 * at most ctx_exact_counts steps).  So an f equal to the goal's cost
 * never counts as more, and every point of a walk left out has, as the
 * search sums it, an f above the goal's, on grids of any size.
 *
 * The start's walks go toward the heuristic's target first, as that one
 * most often finds the goal; on open maps the others are then seldom
 * made.  The order changes nothing else.  A walk finds points in its own
 * quadrant only, off the start's row and column, so no point is found by
 * two; and the order in which points are found counts only among those
 * of the start's f, which go on the stack (relax), and only the walk
 * toward the target can find one.
 */
static void walk_start(jps *s, uint32_t i, jps_cost g, int32_t x, int32_t y,
                       int dx, int dy)
{
	if (s->upper != COST_NONE &&
	    g + (dy ? s->dc : s->c) + jps_h(s, x + dx, y + dy) >
	            s->upper + s->margin)
		return;
	walk(s, i, g, x, y, dx, dy);
}

/* Generates the successors of node i = (x, y) at cost g, reached from p
 * (i itself: the start, every way) by a step of ax columns and ay rows. */
ALWAYS_INLINE void expand_from(jps *s, uint32_t i, int32_t x, int32_t y,
                               uint32_t p, int32_t ax, int32_t ay, jps_cost g)
{
	const uint8_t *cells = s->cells;
	const int32_t st = s->stride;
	int dx, dy;

	dx = sign(ax);
	dy = sign(ay);

	if (p == i) { /* the start: every direction */
		int ex = s->tx >= x ? 1 : -1, ey = s->ty >= y ? 1 : -1;
		jump_v_if(s, i, g, x, y, -1);
		jump_v_if(s, i, g, x, y, 1);
		if (s->eight) {
			jump_h_if(s, i, g, x, y, -1);
			jump_h_if(s, i, g, x, y, 1);
			walk_start(s, i, g, x, y, ex, ey);
			walk_start(s, i, g, x, y, ex, -ey);
			walk_start(s, i, g, x, y, -ex, ey);
			walk_start(s, i, g, x, y, -ex, -ey);
		} else {
			walk_start(s, i, g, x, y, ex, 0);
			walk_start(s, i, g, x, y, -ex, 0);
		}
		return;
	}
	if (!s->eight) {
		if (ay == 0) { /* arrived horizontally: only the goal does */
			walk(s, i, g, x, y, dx, 0);
			jump_v_if(s, i, g, x, y, -1);
			jump_v_if(s, i, g, x, y, 1);
			return;
		}
		/* Arrived vertically: on, or turn where a side opens. */
		size_t b = i - (size_t)((ptrdiff_t)dy * st);
		jump_v_if(s, i, g, x, y, dy);
		if (!cells[b - 1] && cells[i - 1])
			walk(s, i, g, x, y, -1, 0);
		if (!cells[b + 1] && cells[i + 1])
			walk(s, i, g, x, y, 1, 0);
	} else if (abs(ax) > abs(ay)) {
		/* Arrived horizontally: on, and where the row above (below)
		 * opens after a blocked cell, up (down) both straight and
		 * diagonally. */
		size_t b = i - (size_t)(ptrdiff_t)dx;
		jump_h_if(s, i, g, x, y, dx);
		if (!cells[b - st] && cells[i - st]) {
			jump_v_if(s, i, g, x, y, -1);
			walk(s, i, g, x, y, dx, -1);
		}
		if (!cells[b + st] && cells[i + st]) {
			jump_v_if(s, i, g, x, y, 1);
			walk(s, i, g, x, y, dx, 1);
		}
	} else if (abs(ay) > abs(ax)) {
		size_t b = i - (size_t)((ptrdiff_t)dy * st);
		jump_v_if(s, i, g, x, y, dy);
		if (!cells[b - 1] && cells[i - 1]) {
			jump_h_if(s, i, g, x, y, -1);
			walk(s, i, g, x, y, -1, dy);
		}
		if (!cells[b + 1] && cells[i + 1]) {
			jump_h_if(s, i, g, x, y, 1);
			walk(s, i, g, x, y, 1, dy);
		}
	} else {
		/* Arrived diagonally (only the goal does): no forced
		 * neighbours without corner cutting. */
		jump_h_if(s, i, g, x, y, dx);
		jump_v_if(s, i, g, x, y, dy);
		walk(s, i, g, x, y, dx, dy);
	}
}

/* Generates the successors of node i = (x, y).  Inlined into the search
 * loop, where the memo is not used. */
ALWAYS_INLINE void expand_online(jps *s, uint32_t i, int32_t x, int32_t y)
{
	uint32_t p = parent_of(s, i);
	int32_t px, py;

	coords(s, p, &px, &py);
	expand_from(s, i, x, y, p, x - px, y - py, s->nodes[i].gx);
}

/* ------------------------------------------------------------- memo */

/* The key of node i reached by a step of class tag (a dir field, or its
 * top bits: the parent's bits are shifted out), and the slot where the
 * table's search for it starts. */
static inline uint64_t memo_key(uint32_t i, uint32_t tag)
{
	return (uint64_t)i * 8 + (tag >> PARENT_BITS) + 1;
}

static inline size_t memo_home(const jps_cache *c, uint64_t key)
{
	return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 32) &
	       (c->memo_cap - 1);
}

/* The entry of key, or the empty slot where it would go; NULL when the
 * table is not there. */
static memo_entry *memo_slot(const jps_cache *c, uint64_t key)
{
	size_t mask, h;

	if (c->memo == NULL)
		return NULL;
	mask = c->memo_cap - 1;
	h = memo_home(c, key);
	while (c->memo[h].key != 0 && c->memo[h].key != key)
		h = (h + 1) & mask;
	return &c->memo[h];
}

/* Entries the memo may hold: a few hundred kilobytes, so that it stays
 * in the cache beside the maps.  Where it cannot hold most of a batch's
 * expansions (mazes and random maps expand tens of thousands of distinct
 * nodes), its lookups and its replays cost more than the expansions they
 * save, and memo_count gives it up. */
#define MEMO_MAX       4096
#define MEMO_WINDOW    4096
/* Smaller grids are left without: their walks are short and their maps
 * all in the nearest cache, so an expansion costs little more than the
 * memo's own lookup and recording (arena, 49x49: +6 to +15% search time
 * with the memo; the 32x32 maps of mapf/: 0 to +11%).  The pruning of
 * barren jump points (relax) keeps to the same grids: on small ones its
 * probes cost more than a batch's expansions of them. */
#define MEMO_MIN_CELLS 8192

static int memo_open(const jps_cache *c)
{
	return c->memo_n < MEMO_MAX;
}

/* Counts a lookup (hit or not).  Once the memo is full, a window of
 * lookups of which fewer than nine in ten hit turns it off for the grid,
 * and frees it. */
static void memo_count(jps_cache *c, int hit)
{
	c->memo_looks++;
	c->memo_hits += (unsigned)hit;
	if (c->memo_looks < MEMO_WINDOW)
		return;
	if (!memo_open(c) && c->memo_hits < c->memo_looks / 10 * 9) {
		free(c->memo);
		free(c->succ);
		free(c->sweeps);
		c->memo = NULL;
		c->succ = NULL;
		c->sweeps = NULL;
		c->memo_cap = c->memo_n = c->nsucc = c->succ_cap = 0;
		c->nsweeps = c->sweeps_cap = 0;
		c->memo_off = 1;
	}
	c->memo_looks = c->memo_hits = 0;
}

/* Room for one more entry, the table at most half full: 0, or -1 when
 * there is none. */
static int memo_room(jps_cache *c)
{
	memo_entry *t, *old = c->memo;
	size_t n, oldcap = c->memo_cap;

	if (!memo_open(c))
		return -1;
	if (c->memo != NULL && 2 * (c->memo_n + 1) <= c->memo_cap)
		return 0;
	n = c->memo_cap ? 2 * c->memo_cap : 64;
	if ((t = calloc(n, sizeof *t)) == NULL)
		return -1;
	c->memo = t;
	c->memo_cap = n;
	for (size_t k = 0; k < oldcap; k++)
		if (old[k].key != 0)
			*memo_slot(c, old[k].key) = old[k];
	free(old);
	return 0;
}

/*
 * Whether the goal can change the expansion of node (x, y): whether one
 * of its jumps may pass over the goal.  The goal changes an expansion
 * only there:
 *
 * - The node's own jumps run along its row and column, and along the
 *   goal's row or column they are made even where the maps say they find
 *   nothing (jump_h_if, jump_v_if), and stop at the goal if they pass it.
 * - A walk into quadrant (dx, dy) ends on the goal if the goal is on it,
 *   and stops where it crosses the goal's row or column (walk_fast).
 *   From each cell it reaches, it jumps only along dx and dy, so the jump
 *   from the cell k steps out finds the goal only at u = (gx - x) * dx
 *   and v = (gy - y) * dy with min(u, v) = k and the other no less.
 *   Where the goal is not, an extra stop's jumps find only what the maps
 *   say, which is nothing unless the cell was a stop anyway.
 *
 * The first test, from the entry alone (reach: a walk's last stop, the
 * goal where the walk ends on it, or else the blocked step that ends it),
 * clears a goal off the node's row and column and, in its quadrant,
 * further than the walk went along its nearer axis.  The rest is decided
 * by the sweep (memo_sweep): how far the jumps actually go.
 */
static inline int memo_far(const jps *s, int32_t x, int32_t y,
                           const uint16_t reach[4])
{
	int32_t u = s->gx[0] - x, v = s->gy[0] - y, au = abs(u), av = abs(v);

	return u != 0 && v != 0 &&
	       (au < av ? au : av) > (int32_t)reach[quadrant_of(u, v)];
}

static uint16_t sat16(int32_t v)
{
	return v < 0xFFFF ? (uint16_t)v : 0xFFFF;
}

/* Whether t cells lie within a saturated count. */
static int within(int32_t t, uint16_t n)
{
	return n == 0xFFFF || t <= (int32_t)n;
}

/* How many cells a jump from (x, y) along dx (horiz) or dy passes, up to
 * and with its stop, as jump_h and jump_v find it without a goal.  (A
 * goal on the stop changes nothing, the stop being found anyway when
 * open, so the sweeps err by one cell toward making an expansion anew.) */
static int32_t jump_length(const jps *s, int horiz, int32_t x, int32_t y, int d)
{
	const uint64_t *line = horiz ? s->rows + (size_t)y * s->rw * NSLOTS
	                             : s->cols + (size_t)x * s->cw * NSLOTS;
	int32_t at = horiz ? x : y;

	return (line_stop(line, at, d) - at) * d;
}

/* The sweep of the expansion of node (x, y) whose own jumps went the
 * ways in lines and whose walks went reach (memo_entry's). */
static void sweep_make(const jps *s, int32_t x, int32_t y, unsigned lines,
                       const uint16_t reach[4], memo_sweep *w)
{
	const uint8_t *cells = s->cells;

	for (int d = 0; d < 4; d++)
		w->line[d] =
			lines >> d & 1
				? sat16(jump_length(s, line_dy[d] == 0, x, y,
		                                    line_dx[d] + line_dy[d]))
				: 0;
	for (int q = 0; q < 4; q++) {
		const int dx = q & 2 ? 1 : -1, dy = q & 1 ? 1 : -1;
		const ptrdiff_t sy = (ptrdiff_t)dy * s->stride, step = dx + sy;
		size_t j = (size_t)y * (size_t)s->stride + (size_t)x;
		int32_t k = 0, ux = 0, uy = 0;

		/* As walk_dir steps, and every jump from where it goes. */
		while (reach[q] != 0 &&
		       (cells[j + step] & cells[j + dx] & cells[j + sy])) {
			int32_t a, b;
			j += step;
			k++;
			a = k + jump_length(s, 1, x + k * dx, y + k * dy, dx);
			b = k + jump_length(s, 0, x + k * dx, y + k * dy, dy);
			ux = a > ux ? a : ux;
			uy = b > uy ? b : uy;
		}
		w->walk[q][0] = sat16(k);
		w->walk[q][1] = sat16(ux);
		w->walk[q][2] = sat16(uy);
	}
}

/* Whether a jump of the expansion swept by w passes over the goal. */
static int sweep_touches(const jps *s, int32_t x, int32_t y,
                         const memo_sweep *w)
{
	int32_t u = s->gx[0] - x, v = s->gy[0] - y, au = abs(u), av = abs(v);
	const uint16_t *k;

	if (v == 0)
		return u == 0 || within(au, w->line[u > 0 ? LINE_E : LINE_W]);
	if (u == 0)
		return within(av, w->line[v > 0 ? LINE_S : LINE_N]);
	k = w->walk[quadrant_of(u, v)]; /* k[0] == 0: no walk, no test holds */
	if (au == av)
		return within(au, k[0]);
	if (au > av)
		return within(av, k[0]) && within(au, k[1]);
	return within(au, k[0]) && within(av, k[2]);
}

/*
 * memo_valid's second test, by the sweep of entry e: made when it has
 * none, and kept when there is room (if not, it is made again next time).
 */
static NOINLINE int memo_clear(const jps *s, jps_cache *c, memo_entry *e,
                               int32_t x, int32_t y)
{
	memo_sweep w;

	if (e->sweep != 0)
		return !sweep_touches(s, x, y, &c->sweeps[e->sweep - 1]);
	sweep_make(s, x, y, e->lines, e->reach, &w);
	if (c->nsweeps == c->sweeps_cap) {
		size_t n = c->sweeps_cap ? 2 * c->sweeps_cap : 64;
		memo_sweep *a = realloc(c->sweeps, n * sizeof *a);
		if (a == NULL)
			return !sweep_touches(s, x, y, &w);
		c->sweeps = a;
		c->sweeps_cap = n;
	}
	c->sweeps[c->nsweeps++] = w;
	e->sweep = (uint32_t)c->nsweeps;
	return !sweep_touches(s, x, y, &w);
}

/* Whether entry e, kept or about to be, holds for this search's goal
 * (none: always). */
static inline int memo_valid(const jps *s, jps_cache *c, memo_entry *e,
                             int32_t x, int32_t y)
{
	return s->ngoals == 0 || memo_far(s, x, y, e->reach) ||
	       memo_clear(s, c, e, x, y);
}

/* ---------------------------------------------------------- pruning */

/*
 * Makes the table's entry for node j = (x, y) reached by a step of class
 * a (LINE_E ... LINE_N), and returns it: 1 when the expansion finds
 * a jump point without a goal, or its jumps may go further than 253
 * cells; otherwise r + 2, where r bounds how far from j, along x or y,
 * its jumps and walks go (sweep_make, on the ways this expansion goes).
 * The expansion is made as the search makes it (expand_from), without
 * the goal, counting what it finds and stopping at the first.  The state
 * of the expansion under way, which may be recording, is kept.
 */
static NOINLINE uint8_t barren_probe(jps *s, uint32_t j, int32_t x, int32_t y,
                                     uint32_t a)
{
	int rec = s->rec, ngoals = s->ngoals;
	unsigned lines = s->lines;
	int32_t reach[4];
	uint8_t v;

	memcpy(reach, s->reach, sizeof reach);
	memset(s->reach, 0, sizeof s->reach);
	s->lines = 0;
	s->probe = 1;
	s->rec = 0;
	s->nprobe = 0;
	/* Without goal cells (the goals' bounding box may still make a jump
	 * that the maps say finds nothing, and it finds nothing). */
	s->ngoals = 0;
	expand_from(s, j, x, y, UINT32_MAX, line_dx[a], line_dy[a], 0);
	s->probe = 0;
	s->rec = rec;
	s->ngoals = ngoals;
	if (s->nprobe != 0) {
		v = 1;
	} else {
		uint16_t used[4];
		struct memo_sweep w;
		int32_t r = 0;
		for (int q = 0; q < 4; q++)
			used[q] = s->reach[q] != 0;
		sweep_make(s, x, y, s->lines, used, &w);
		for (int d = 0; d < 4; d++)
			r = w.line[d] > r ? w.line[d] : r;
		for (int q = 0; q < 4; q++)
			for (int t = 0; t < 3; t++)
				r = w.walk[q][t] > r ? w.walk[q][t] : r;
		v = r > 253 ? 1 : (uint8_t)(r + 2);
	}
	memcpy(s->reach, reach, sizeof reach);
	s->lines = lines;
	s->barren[(size_t)j * 4 + a] = v;
	return v;
}

/* The table for grid g (zeroed: nothing known) unless the cache has it;
 * 0, or -1 without the memory. */
static int barren_ready(jps_cache *c, const astar_grid *g)
{
	size_t n = (size_t)g->stride * ((size_t)g->height + 2) * 4;

	if (c->barren_n == n)
		return 0;
	if (n > c->barren_cap) {
		uint8_t *b = realloc(c->barren, n);
		if (b == NULL)
			return -1;
		c->barren = b;
		c->barren_cap = n;
	}
	memset(c->barren, 0, n);
	c->barren_n = n;
	return 0;
}

/* expand_online, not inlined, for expand_memo. */
static void expand_apart(jps *s, uint32_t i, int32_t x, int32_t y)
{
	expand_online(s, i, x, y);
}

/* Whether expand_memo serves node i: in 8-connected runs with the walk
 * maps and at most one goal cell, on grids of MEMO_MIN_CELLS or more
 * (and with room for the class in dir fields, PARENT_BITS),
 * while the memo is on (memo_on, set by run and cleared when the memo is
 * given up); not the start, whose expansion goes every way. */
static inline int memo_serves(const jps *s, uint32_t i)
{
	return s->memo_on && parent_of(s, i) != i;
}

/*
 * Expands node i = (x, y) from the memo when it holds this expansion and
 * the goal allows (memo_valid), otherwise online, keeping the expansion
 * when the goal did not touch it.
 */
static void expand_memo(jps *s, uint32_t i, int32_t x, int32_t y)
{
	jps_cache *c = s->cache;
	uint64_t key = memo_key(i, s->nodes[i].dir);
	memo_entry *e;
	size_t first;
	int found, hit;

	e = memo_slot(c, key);
	found = e != NULL && e->key == key;
	hit = found && memo_valid(s, c, e, x, y);
	memo_count(c, hit); /* may give the memo up, and free it */
	s->memo_on = !c->memo_off;
	if (hit && !c->memo_off) {
		jps_cost g = s->nodes[i].gx;
		memo_succ *m = c->succ + e->first;
		/* Their records, their bytes of the barren table where the
		 * entry does not hold them yet, and where their own entries
		 * should be, which most of them will soon look up (not a
		 * barren one's: it is seldom opened at all). */
		for (uint32_t n = 0; n < e->n; n++) {
			PREFETCH(&s->nodes[m[n].j]);
			if (m[n].b == 0)
				PREFETCH(&s->barren[(size_t)m[n].j * 4]);
			if (m[n].b < 2)
				PREFETCH(&c->memo[memo_home(
					c, memo_key(m[n].j, succ_tag(&m[n])))]);
		}
		for (uint32_t n = 0; n < e->n; n++)
			relax_as(s, i, g + m[n].d, m[n].j, m[n].x, m[n].y,
			         succ_tag(&m[n]), &m[n].b);
		return;
	}
	if (found || !memo_open(c) || c->memo_off) {
		expand_apart(s, i, x, y);
		return;
	}
	first = c->nsucc;
	s->rec = 1;
	s->rec_lost = 0;
	s->lines = 0;
	memset(s->reach, 0, sizeof s->reach);
	expand_apart(s, i, x, y);
	s->rec = 0;
	{
		size_t nsweeps = c->nsweeps;
		memo_entry t = {.key = key,
		                .first = (uint32_t)first,
		                .n = (uint16_t)(c->nsucc - first),
		                .lines = (uint8_t)s->lines};
		for (int q = 0; q < 4; q++)
			t.reach[q] = sat16(s->reach[q]);
		if (!s->rec_lost && c->nsucc - first <= UINT16_MAX &&
		    memo_valid(s, c, &t, x, y) && memo_room(c) == 0) {
			*memo_slot(c, key) = t;
			c->memo_n++;
			return;
		}
		/* Touched by the goal, or no room: not kept. */
		c->nsucc = first;
		c->nsweeps = nsweeps;
	}
}

/* Runs the search from padded index start; *found_at is the goal cell
 * reached or SIZE_MAX.  Counts into r->expanded and r->generated and
 * appends to ctx->explored when asked. */
static astar_status run(jps *s, const astar_grid *grid, size_t start,
                        const astar_options *opts, size_t *found_at,
                        astar_result *r)
{
	astar_ctx *ctx = s->ctx;
	const uint32_t st = (uint32_t)s->stride;
	uint64_t expanded = r->expanded;

	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	s->gen = ctx->gen;
	s->nomem = 0;
	s->generated = r->generated;
	s->nodes[start].gx = 0;
	s->nodes[start].gen = s->gen;
	s->nodes[start].dir = (uint32_t)start;
	if (heap_push_key(&ctx->open,
	                  heap_make_key_fixed((uint32_t)start,
	                                      jps_h(s, (int32_t)(start % st),
	                                            (int32_t)(start / st)),
	                                      0)) != 0)
		return ASTAR_ENOMEM;
	s->generated++;
	*found_at = SIZE_MAX;
	s->upper = COST_NONE;
	s->nstack = 0;
	s->nfound = 0;
	s->memo_on = s->eight && s->walks && s->ngoals <= 1 &&
	             s->dmask != UINT32_MAX && !s->cache->memo_off &&
	             (size_t)s->grid->width * (size_t)s->grid->height >=
	                     MEMO_MIN_CELLS;
	for (;;) {
		uint32_t i;
		int32_t x, y;
		int from_stack = s->nstack > 0;

		if (from_stack) {
			i = s->cache->stack[--s->nstack];
		} else if (!heap_empty(&ctx->open)) {
			/* The key holds f as the relax that pushed it
			 * formed it: nodes[i].gx plus the heuristic. */
			s->fcur = heap_key_fx(heap_top(&ctx->open));
			i = heap_pop(&ctx->open);
		} else {
			break;
		}
		coords(s, i, &x, &y);

		s->pos[i] = CLOSED;
		if (opts->explored) {
			if (ctx_grow_points(&ctx->explored, &ctx->explored_cap,
			                    expanded + 1) != 0)
				return ASTAR_ENOMEM;
			ctx->explored[expanded] = ctx_point_of(grid, i);
		}
		expanded++;
		if (is_goal(s, x, y)) {
			*found_at = i;
			break;
		}
		if (from_stack)
			s->fcur = s->nodes[i].gx + jps_h(s, x, y);
		if (memo_serves(s, i))
			expand_memo(s, i, x, y);
		else
			expand_online(s, i, x, y);
		/* A replay from the memo relaxes its successors itself and
		 * leaves nothing here: most expansions skip the call. */
		if (s->nfound > 0)
			flush(s);
		if (s->nomem)
			return ASTAR_ENOMEM;
	}
	r->expanded = expanded;
	r->generated = s->generated;
	return ASTAR_OK;
}

/*
 * Writes n cells of a path into path[k - n .. k), the last first: the
 * padded cell (x, y), then each step (bx, by) back from it.  On
 * little-endian machines a cell's two coordinates are one 64-bit word,
 * and one subtraction steps both (neither goes below 0, so neither
 * borrows from the other).
 */
static inline void put_run(astar_point *path, size_t k, int32_t x, int32_t y,
                           int bx, int by, int32_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
	!defined(ASTAR_PORTABLE)
	_Static_assert(sizeof(astar_point) == 8 &&
	                       offsetof(astar_point, y) == 4,
	               "astar_point is two packed int32_t");
	uint64_t v = (uint64_t)(uint32_t)(x - 1) | (uint64_t)(uint32_t)(y - 1)
	                                                   << 32;
	uint64_t d = (uint64_t)(int64_t)bx + ((uint64_t)(int64_t)by << 32);

	for (astar_point *p = path + k, *e = p - n; p != e; v -= d)
		memcpy(--p, &v, sizeof v);
#else
	for (int32_t t = 0; t < n; t++) {
		path[k - 1 - (size_t)t].x = x - 1 - t * bx;
		path[k - 1 - (size_t)t].y = y - 1 - t * by;
	}
#endif
}

/*
 * Writes the path from the start to node end into ctx->path, expanding
 * each parent-to-node segment (diagonal steps, then straight ones; or
 * horizontal, then vertical), and sums its cost as search.c's build_path
 * does: *orth and *diag are the costs of the cells entered by straight
 * and by diagonal steps.  With r NULL only those sums are computed.
 */
static astar_status build_path(jps *s, const astar_grid *g, size_t start,
                               size_t end, uint64_t *orth, uint64_t *diag,
                               astar_result *r)
{
	astar_ctx *ctx = s->ctx;
	uint64_t nstraight = 0, ndiag = 0;
	size_t len, k;
	int32_t x, y, px, py;

	/* Every open cell costs the same (jps_supported), so the cells'
	 * sums are their counts times that, exactly: whole numbers. */
	coords(s, (uint32_t)end, &x, &y);
	for (size_t i = end; i != start; i = parent_of(s, (uint32_t)i)) {
		coords(s, parent_of(s, (uint32_t)i), &px, &py);
		int32_t ax = abs(x - px), ay = abs(y - py);
		int32_t nd = !s->eight ? 0 : ax < ay ? ax : ay;
		ndiag += (uint64_t)nd;
		nstraight += (uint64_t)(ax + ay - 2 * nd);
		x = px;
		y = py;
	}
	*orth = nstraight * g->min_cost;
	*diag = ndiag * g->min_cost;
	if (r == NULL)
		return ASTAR_OK;
	len = 1 + (size_t)(nstraight + ndiag);
	if (ctx_grow_points(&ctx->path, &ctx->path_cap, len) != 0)
		return ASTAR_ENOMEM;
	/* Segment by segment backwards from end: its last part first (the
	 * straight steps, 4-connected the vertical ones), then its first
	 * (the diagonal steps, or the horizontal ones). */
	k = len;
	coords(s, (uint32_t)end, &x, &y);
	for (size_t i = end; i != start;) {
		size_t p = parent_of(s, (uint32_t)i);
		coords(s, (uint32_t)p, &px, &py);
		int32_t ax = x - px, ay = y - py;
		int dx = sign(ax), dy = sign(ay);
		int32_t n = abs(ax), m = abs(ay), n1, n0;
		int b1x, b1y, b0x, b0y;

		if (s->eight) {
			n0 = n < m ? n : m;
			n1 = (n > m ? n : m) - n0;
			b1x = n > m ? dx : 0;
			b1y = n > m ? 0 : dy;
			b0x = dx;
			b0y = dy;
		} else {
			n1 = m;
			n0 = n;
			b1x = 0;
			b1y = dy;
			b0x = dx;
			b0y = 0;
		}
		put_run(ctx->path, k, x, y, b1x, b1y, n1);
		k -= (size_t)n1;
		put_run(ctx->path, k, x - n1 * b1x, y - n1 * b1y, b0x, b0y, n0);
		k -= (size_t)n0;
		i = p;
		x = px;
		y = py;
	}
	ctx->path[0] = ctx_point_of(g, start);
	r->path = ctx->path;
	r->path_len = len;
	r->cost = (double)*orth + SQRT2 * (double)*diag;
	r->end = ctx->path[len - 1];
	r->found = 1;
	return ASTAR_OK;
}

static void set_goals(jps *s, const astar_point *pts, int n)
{
	int32_t x0 = INT32_MAX, x1 = INT32_MIN, y0 = INT32_MAX, y1 = INT32_MIN;

	s->ngoals = n;
	for (int k = 0; k < n; k++) {
		int32_t x = pts[k].x + 1, y = pts[k].y + 1;
		s->gx[k] = x;
		s->gy[k] = y;
		x0 = x < x0 ? x : x0;
		x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0;
		y1 = y > y1 ? y : y1;
	}
	if (n == 0)
		x0 = x1 = y0 = y1 = -2;
	s->gx0 = x0;
	s->gy0 = y0;
	s->gxs = (uint32_t)(x1 - x0);
	s->gys = (uint32_t)(y1 - y0);
}

/* Directions N E S W, NE SE SW NW, as in search.c. */
static const int dir_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* Nonzero when one legal step leads from padded index a in direction d
 * (the cell entered taken as open). */
static int step_ok(const jps *s, size_t a, int d)
{
	if (d < 4)
		return 1;
	return s->cells[a + (ptrdiff_t)dir_dy[d] * s->stride] != 0 &&
	       s->cells[a + dir_dx[d]] != 0;
}

/*
 * closest mode, after the goal proved unreachable: the cells of the
 * start's component nearest the target t (squared Euclidean distance),
 * found by a flood fill that uses ctx->pos as its queue.  Sets *out to a
 * new array of them (the caller frees it) and returns how many, or -1
 * when out of memory.
 */
static long nearest_cells(jps *s, size_t start, astar_point t,
                          astar_point **out)
{
	astar_ctx *ctx = s->ctx;
	const uint32_t st = (uint32_t)s->stride;
	const int ndirs = s->eight ? 8 : 4;
	uint32_t *queue = ctx->pos;
	size_t head = 0, tail = 0;
	int64_t best = INT64_MAX;
	long n = 0;

	ctx_next_generation(ctx);
	s->nodes[start].gen = ctx->gen;
	queue[tail++] = (uint32_t)start;
	while (head < tail) {
		uint32_t i = queue[head++];
		int64_t dx = (int64_t)(i % st) - 1 - t.x;
		int64_t dy = (int64_t)(i / st) - 1 - t.y;
		int64_t d2 = dx * dx + dy * dy;

		if (d2 < best)
			best = d2;
		for (int d = 0; d < ndirs; d++) {
			size_t j = i + (ptrdiff_t)dir_dy[d] * s->stride +
			           dir_dx[d];
			if (s->cells[j] == 0 || s->nodes[j].gen == ctx->gen ||
			    !step_ok(s, i, d))
				continue;
			s->nodes[j].gen = ctx->gen;
			queue[tail++] = (uint32_t)j;
		}
	}
	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (size_t k = 0; k < tail; k++) {
			uint32_t i = queue[k];
			int64_t dx = (int64_t)(i % st) - 1 - t.x;
			int64_t dy = (int64_t)(i / st) - 1 - t.y;
			if (dx * dx + dy * dy != best)
				continue;
			if (pass == 1) {
				(*out)[n].x = (int32_t)(i % st) - 1;
				(*out)[n].y = (int32_t)(i / st) - 1;
			}
			n++;
		}
		if (pass == 0 &&
		    (*out = malloc((size_t)n * sizeof **out)) == NULL)
			return -1;
	}
	return n;
}

/* Searches from padded index start to cell p alone. */
static astar_status run_to(jps *s, const astar_grid *grid, size_t start,
                           astar_point p, const astar_options *opts,
                           size_t *found_at, astar_result *r)
{
	s->tx = p.x + 1;
	s->ty = p.y + 1;
	s->slack = 0;
	set_goals(s, &p, 1);
	return run(s, grid, start, opts, found_at, r);
}

/*
 * closest mode's path: to the cell of near[0..n) cheapest to reach, then
 * the topmost, then the leftmost, as search.c's nearest_offer chooses.
 * One search per candidate (there are few: lattice points on a circle).
 */
static astar_status closest_path(jps *s, const astar_grid *grid, size_t start,
                                 const astar_options *opts,
                                 const astar_point *near, long n,
                                 astar_result *r)
{
	long best = -1;
	uint64_t bo = 0, bd = 0, o, d;
	size_t found_at = SIZE_MAX;
	astar_status rc;

	for (long k = 0; k < n; k++) {
		int better;
		if ((rc = run_to(s, grid, start, near[k], opts, &found_at,
		                 r)) != ASTAR_OK)
			return rc;
		if (found_at == SIZE_MAX)
			continue; /* cannot happen: the fill reached it */
		build_path(s, grid, start, found_at, &o, &d, NULL);
		if (best < 0)
			better = 1;
		else if (o != bo || d != bd)
			better = (double)o + SQRT2 * (double)d <
			         (double)bo + SQRT2 * (double)bd;
		else
			better = near[k].y < near[best].y ||
			         (near[k].y == near[best].y &&
			          near[k].x < near[best].x);
		if (better) {
			best = k;
			bo = o;
			bd = d;
		}
	}
	if (best < 0)
		return ASTAR_OK;
	if (best != n - 1) { /* the last search was for another: again */
		if ((rc = run_to(s, grid, start, near[best], opts, &found_at,
		                 r)) != ASTAR_OK)
			return rc;
	} else {
		found_at = grid_index(grid, near[best].x, near[best].y);
	}
	return build_path(s, grid, start, found_at, &o, &d, r);
}

int jps_supported(const astar_grid *grid, const astar_options *opts)
{
	astar_heuristic own = opts->diagonal == ASTAR_DIAG_NEVER
	                              ? ASTAR_H_MANHATTAN
	                              : ASTAR_H_OCTILE;

	if (opts->diagonal != ASTAR_DIAG_NO_OBSTACLES &&
	    opts->diagonal != ASTAR_DIAG_NEVER)
		return 0;
	if (opts->heuristic != ASTAR_H_DEFAULT && opts->heuristic != own)
		return 0;
	if (opts->weight != 1.0)
		return 0;
	/* The bounds never overstate uniformity (astar.h); a grid with no
	 * open cell (max 0) is uniform, and its start is blocked anyway. */
	return grid->max_cost == 0 || grid->min_cost == grid->max_cost;
}

static astar_status search(astar_ctx *ctx, jps_cache **cache,
                           const astar_grid *grid, astar_point start,
                           astar_point goal, const astar_options *opts,
                           astar_result *r)
{
	jps s;
	astar_point goals[8];
	const uint8_t *cells = grid->cells;
	size_t st, t, found_at;
	int ngoals = 0;
	astar_status rc;

	if (!ctx_options_valid(opts))
		return ASTAR_EINVAL;
	if (!jps_supported(grid, opts))
		return ASTAR_EUNSUPPORTED;
	if ((rc = ctx_begin(ctx, grid, start, goal, opts, &st, &t)) != ASTAR_OK)
		return rc;
	if ((rc = cache_get(cache, grid)) != ASTAR_OK)
		return rc;

	memset(&s, 0, offsetof(jps, found));
	s.ctx = ctx;
	s.cells = cells;
	s.rows = (*cache)->rows;
	s.cols = (*cache)->cols;
	s.walks = (*cache)->walks;
	s.anti = (*cache)->anti;
	s.diag = (*cache)->diag;
	s.hwalk = (*cache)->hwalk;
	memcpy(s.fruit, (*cache)->fruit, sizeof s.fruit);
	s.nrows = grid->height + 2;
	s.cache = *cache;
	s.rw = (*cache)->rw;
	s.cw = (*cache)->cw;
	s.dw = (*cache)->dw;
	s.nodes = ctx->nodes;
	s.pos = ctx->pos;
	s.stride = grid->stride;
	s.dmask = (size_t)grid->stride * (size_t)(grid->height + 2) <=
	                          (size_t)1 << PARENT_BITS
	                  ? ((uint32_t)1 << PARENT_BITS) - 1
	                  : UINT32_MAX;
	s.grid = grid;
	s.inv = ctx_stride_inverse(grid);
	s.eight = opts->diagonal == ASTAR_DIAG_NO_OBSTACLES;
	ctx_exact_units(grid, &s.c, &s.dc);
	/* In diagonal steps (the units' room is counted in them). */
	s.gmax = (jps_cost)grid->ncells * s.dc;
	/* 4-connected, no step is diagonal, and a diagonal offset takes two
	 * straight steps: jps_h's octile form is then Manhattan. */
	if (!s.eight)
		s.dc = 2 * s.c;
	/* Two sums err by at most half a unit a diagonal step each. */
	s.margin = s.c / 4 + ctx_exact_counts(grid);
	s.tx = goal.x + 1;
	s.ty = goal.y + 1;

	/* The goal cells: the target when open, or in adjacent mode the
	 * open cells one legal step from it (the start alone when it is
	 * the target). */
	if (opts->adjacent && st != t) {
		for (int d = 0; d < (s.eight ? 8 : 4); d++) {
			size_t a = t - ((ptrdiff_t)dir_dy[d] * grid->stride +
			                dir_dx[d]);
			if (cells[a] == 0 || !step_ok(&s, a, d))
				continue;
			goals[ngoals] = ctx_point_of(grid, a);
			ngoals++;
		}
		s.slack = s.eight ? s.dc : s.c;
	} else if (cells[t] != 0) {
		goals[ngoals++] = goal;
	}
	set_goals(&s, goals, ngoals);
	s.prune = s.eight && s.dmask != UINT32_MAX &&
	          (size_t)grid->width * (size_t)grid->height >= MEMO_MIN_CELLS;
	if (s.prune && barren_ready(*cache, grid) != 0)
		return ASTAR_ENOMEM;
	s.barren = (*cache)->barren;

	rc = run(&s, grid, st, opts, &found_at, r);
	if (rc != ASTAR_OK)
		return rc;
	if (found_at != SIZE_MAX) {
		uint64_t o, d;
		if ((rc = build_path(&s, grid, st, found_at, &o, &d, r)) !=
		    ASTAR_OK)
			return rc;
		r->reached_goal = 1;
	} else if (opts->closest) {
		/* The reachable cells nearest the target; among them the
		 * cheapest to reach, then the topmost, then the leftmost, as
		 * search.c's nearest_offer chooses. */
		astar_point *near = NULL;
		long n = nearest_cells(&s, st, goal, &near);
		if (n < 0)
			return ASTAR_ENOMEM;
		rc = closest_path(&s, grid, st, opts, near, n, r);
		free(near);
		if (rc != ASTAR_OK)
			return rc;
	}
	if (opts->explored) {
		r->explored = ctx->explored;
		r->explored_len = (size_t)r->expanded;
	}
	return ASTAR_OK;
}

/* Hands the cache to the context, which frees it with the context. */
static void cache_keep(astar_ctx *ctx, jps_cache *cache)
{
	ctx->cache = cache;
	if (cache != NULL)
		ctx->cache_free = jps_cache_free;
}

astar_status jps_prepare(astar_ctx *ctx, const astar_grid *grid)
{
	jps_cache *cache = ctx->cache;
	astar_status rc = cache_get(&cache, grid);

	cache_keep(ctx, cache);
	if (rc == ASTAR_OK && !cache->walks)
		rc = build_walks(cache, grid);
	return rc;
}

astar_status jps_search(astar_ctx *ctx, const astar_grid *grid,
                        astar_point start, astar_point goal,
                        const astar_options *opts, astar_result *r)
{
	jps_cache *cache = ctx->cache;
	astar_status rc;

	memset(r, 0, sizeof *r);
	rc = search(ctx, &cache, grid, start, goal, opts, r);
	cache_keep(ctx, cache);
	if (rc != ASTAR_OK)
		memset(r, 0, sizeof *r);
	return rc;
}
