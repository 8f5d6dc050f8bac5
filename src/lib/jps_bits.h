/*
 * jps_bits.h - the bit maps of Jump Point Search, private to the library:
 * building them into the context's cache (jps_bits.c), and reading a
 * line of them to its next stop (inline: every jump and every sweep of
 * the memo reads them so, in the one body of each caller).  The layout
 * is jps_types.h's.
 */
#ifndef ASTAR_JPS_BITS_H
#define ASTAR_JPS_BITS_H

#include "jps_types.h"

/* The maps of grid g in *slot, made or kept (see jps_bits.c). */
astar_status jps_cache_get(jps_cache **slot, const astar_grid *g);
/* Adds the walk maps to c, built from g. */
astar_status jps_build_walks(jps_cache *c, const astar_grid *g);
/* Frees a cache jps_search left in a context; NULL is ignored. */
void jps_cache_free(void *cache);

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

#endif
