/*
 * jps_bits.c - the bit maps of the grid that Jump Point Search scans,
 * and the cache that keeps them between queries.
 *
 * The layout is described in jps_types.h.  The jump maps (rows and
 * columns) are built on a grid's first query; the walk maps, which only
 * pay off over many queries, on its second (or by jps_prepare).  The
 * cache remembers the grid's id and version (grid.h), which
 * astar_grid_new makes unique and every call that may change a cell
 * bumps, so one comparison per query sees edits between queries, and a
 * new grid at a freed grid's address.
 */
#include <stdlib.h>
#include <string.h>

#include "jps_bits.h"

#if defined(__SSE2__) && !defined(ASTAR_PORTABLE)
#include <emmintrin.h>
#endif

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
 * The jump-point maps of c (see jps_types.h), by rows: from the row
 * lines directly, from the column lines through cs and cn (scratch of a
 * column line's words per column) and a transposition.  Then hwalk, the
 * stops of 4-connected walks: blocked cells and vertical jump points.
 */
static void jp_maps(jps_cache *c, const astar_grid *g, uint64_t *cs,
                    uint64_t *cn)
{
	const size_t stride = (size_t)g->stride, nrows = (size_t)g->height + 2;
	const size_t rw = c->rw, cw = c->cw, nr = nrows * rw;
	uint64_t *je = c->jp[JP_E], *jw = c->jp[JP_W];
	uint64_t *js = c->jp[JP_S], *jn = c->jp[JP_N];

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
}

/*
 * The stops of a diagonal walk by (dx, dy), by rows, into t: a walk stops
 * at cell m when the step into m is illegal (m, its neighbour against dx
 * and its neighbour against dy not all open) or a jump from m along dx or
 * along dy finds a jump point.
 */
static void walk_stops(const jps_cache *c, const astar_grid *g, int dx, int dy,
                       uint64_t *t)
{
	const size_t stride = (size_t)g->stride, nrows = (size_t)g->height + 2;
	const size_t rw = c->rw;
	const uint64_t last = stride % 64 ? ~0ULL >> (64 - stride % 64) : ~0ULL;
	const uint64_t *jh = c->jp[dx > 0 ? JP_E : JP_W];
	const uint64_t *jv = c->jp[dy > 0 ? JP_S : JP_N];
	const ptrdiff_t row_words = (ptrdiff_t)(rw * NSLOTS);

	for (size_t y = 0; y < nrows; y++) {
		const uint64_t *o = c->rows + y * rw * NSLOTS + OPEN;
		int has_side = !(dy > 0 ? y == 0 : y + 1 == nrows);
		const uint64_t *os = has_side ? o - dy * row_words : o;
		for (size_t k = 0; k < rw; k++) {
			uint64_t ow = o[k * NSLOTS], back, legal;
			uint64_t before = k ? o[(k - 1) * NSLOTS] : 0;
			uint64_t after = k + 1 < rw ? o[(k + 1) * NSLOTS] : 0;
			if (dx > 0)
				back = (ow << 1) | (before >> 63);
			else
				back = (ow >> 1) | (after << 63);
			legal = ow & back & (has_side ? os[k * NSLOTS] : 0);
			t[y * rw + k] =
				~legal | jh[y * rw + k] | jv[y * rw + k];
		}
		t[y * rw + rw - 1] &= last; /* no cells beyond */
	}
}

/*
 * Gathers the rows of bits t into the diagonal lines of one family
 * (lines, every other pair's word: see jps_cache's anti and diag), 64
 * rows and 64 lines at a time: row y's bit x belongs to line l = x +
 * sh(y), sh(y) = y (anti) or height + 1 - y (diag), as its bit y, so a
 * block of 64 rows is a 64 x 64 bit matrix in each run of 64 lines it
 * crosses, and transposed.
 */
static void gather_lines(const jps_cache *c, const astar_grid *g,
                         const uint64_t *t, int isdiag, uint64_t *lines)
{
	const size_t stride = (size_t)g->stride, nrows = (size_t)g->height + 2;
	const size_t rw = c->rw, cw = c->cw, dw = c->dw;
	const size_t nd = stride + nrows - 1;

	for (size_t a = 0; a < cw; a++) {
		size_t y0 = a * 64, y1 = y0 + 64 < nrows ? y0 + 63 : nrows - 1;
		size_t lo = isdiag ? nrows - 1 - y1 : y0;
		size_t hi = (isdiag ? nrows - 1 - y0 : y1) + stride - 1;
		for (size_t b = lo / 64; b <= hi / 64 && b * 64 < nd; b++) {
			uint64_t block[64];
			for (size_t i = 0; i < 64; i++) {
				size_t y = y0 + i, sh;
				if (y >= nrows) {
					block[i] = 0;
					continue;
				}
				sh = isdiag ? nrows - 1 - y : y;
				block[i] = bits_from(t + y * rw, rw,
				                     (ptrdiff_t)(b * 64) -
				                             (ptrdiff_t)sh);
			}
			transpose64(block);
			for (size_t j = 0; j < 64 && b * 64 + j < nd; j++) {
				size_t l = b * 64 + j;
				size_t k0 = diag_word0(l, isdiag, stride, nrows,
				                       cw, dw);
				if (a >= k0 && a < k0 + dw)
					lines[(l * dw + a - k0) * 2] = block[j];
			}
		}
	}
}

/*
 * Adds the walk maps to c, built from g's (see jps_types.h): the
 * jump-point maps, then for each diagonal direction the stops of its
 * walks, by rows, gathered into its diagonal lines.
 */
astar_status jps_build_walks(jps_cache *c, const astar_grid *g)
{
	const size_t stride = (size_t)g->stride, nrows = (size_t)g->height + 2;
	const size_t rw = c->rw, cw = c->cw, nd = stride + nrows - 1;
	const size_t dw =
		cw < (stride + 63) / 64 + 1 ? cw : (stride + 63) / 64 + 1;
	const size_t nr = nrows * rw, ncl = stride * cw, fam = nd * dw * 2;
	size_t keep = 2 * fam + 5 * nr + 2 * PAD;
	size_t need = keep + nr + 2 * ncl;
	uint64_t *t, *w;
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
	c->jp[JP_E] = c->hwalk + nr + PAD; /* kept */
	c->jp[JP_W] = c->jp[JP_E] + nr;
	c->jp[JP_S] = c->jp[JP_W] + nr;
	c->jp[JP_N] = c->jp[JP_S] + nr;
	t = w + keep; /* scratch from here on */
	jp_maps(c, g, t + nr + ncl, t + nr);
	for (int d = 0; d < 4; d++) {
		const int isdiag = dirs[d][2];
		walk_stops(c, g, dirs[d][0], dirs[d][1], t);
		gather_lines(c, g, t, isdiag,
		             (isdiag ? c->diag : c->anti) + dirs[d][3]);
	}
	c->walks = 1;
	return ASTAR_OK;
}

/* Makes *slot hold the maps of g: kept when they were built from the same
 * grid at the same version, otherwise (re)built; the walk maps are added
 * on the second query, so that a grid searched once, or edited between
 * every two queries, does not pay for them. */
astar_status jps_cache_get(jps_cache **slot, const astar_grid *g)
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
			jps_build_walks(c,
			                g); /* without them (out of memory), the
			                      search walks cell by cell */
		return ASTAR_OK;
	}
	return cache_build(c, g);
}
