/*
 * jps_prune.c - pruning barren jump points.
 *
 * A barren jump point is one whose expansion, reached from the direction
 * it was, finds no successor without a goal (a dead end such as a
 * corridor's closed side).  Opening it would only take it off the open
 * list to no effect, so on 8-connected grids of MEMO_MIN_CELLS or more
 * (and of at most 2^PARENT_BITS padded cells) relax_as does not open it
 * when no goal cell lies within its reach: it is not expanded, counted
 * or listed, and the path and its cost are the same as without.  This
 * file keeps the table of that fact, one byte per cell and arrival
 * direction, filled on demand by probing the expansion once.
 *
 * The probe makes an expansion (jps_succ.h), whose jumps relax what they
 * find; so the jumps, below, get the probe from the search as a function
 * (jps's probe_barren) instead of calling up into this file.
 */
#include <stdlib.h>
#include <string.h>

#include "jps_prune.h"
#include "jps_succ.h"

/*
 * Makes the table's entry for node j = (x, y) reached by a step of class
 * a (LINE_E ... LINE_N), and returns it: 1 when the expansion finds
 * a jump point without a goal, or its jumps may go further than 253
 * cells; otherwise r + 2, where r bounds how far from j, along x or y,
 * its jumps and walks go (jps_sweep_make, on the ways this expansion goes).
 * The expansion is made as the search makes it (expand_from), without
 * the goal, counting what it finds and stopping at the first.  The state
 * of the expansion under way, which may be recording, is kept.
 */
uint8_t jps_barren_probe(jps *s, uint32_t j, int32_t x, int32_t y, uint32_t a)
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
	expand_from(s, j, x, y, UINT32_MAX, line_dx(a), line_dy(a), 0);
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
		jps_sweep_make(s, x, y, s->lines, used, &w);
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
int jps_barren_ready(jps_cache *c, const astar_grid *g)
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
