/*
 * jps_succ.h - successor generation, inline, private to the library.
 *
 * A node's successors are the jump points its expansion finds: the
 * straight jumps and diagonal walks that its arrival direction allows
 * (the natural and forced neighbours of JPS's pruning rules), or, where
 * the successor memo (jps_memo.c) holds that expansion and the goal
 * cannot have changed it, the same points replayed.  Each is relaxed
 * (opened, or its cost lowered) by relax_as.  The search loop inlines
 * all of it, so it lives here rather than in a file of its own.
 */
#ifndef ASTAR_JPS_SUCC_H
#define ASTAR_JPS_SUCC_H

#include "jps_jump.h"

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
			jps_walk_start(s, i, g, x, y, ex, ey);
			jps_walk_start(s, i, g, x, y, ex, -ey);
			jps_walk_start(s, i, g, x, y, -ex, ey);
			jps_walk_start(s, i, g, x, y, -ex, -ey);
		} else {
			jps_walk_start(s, i, g, x, y, ex, 0);
			jps_walk_start(s, i, g, x, y, -ex, 0);
		}
		return;
	}
	if (!s->eight) {
		if (ay == 0) { /* arrived horizontally: only the goal does */
			jps_walk(s, i, g, x, y, dx, 0);
			jump_v_if(s, i, g, x, y, -1);
			jump_v_if(s, i, g, x, y, 1);
			return;
		}
		/* Arrived vertically: on, or turn where a side opens. */
		size_t b = i - (size_t)((ptrdiff_t)dy * st);
		jump_v_if(s, i, g, x, y, dy);
		if (!cells[b - 1] && cells[i - 1])
			jps_walk(s, i, g, x, y, -1, 0);
		if (!cells[b + 1] && cells[i + 1])
			jps_walk(s, i, g, x, y, 1, 0);
	} else if (abs(ax) > abs(ay)) {
		/* Arrived horizontally: on, and where the row above (below)
		 * opens after a blocked cell, up (down) both straight and
		 * diagonally. */
		size_t b = i - (size_t)(ptrdiff_t)dx;
		jump_h_if(s, i, g, x, y, dx);
		if (!cells[b - st] && cells[i - st]) {
			jump_v_if(s, i, g, x, y, -1);
			jps_walk(s, i, g, x, y, dx, -1);
		}
		if (!cells[b + st] && cells[i + st]) {
			jump_v_if(s, i, g, x, y, 1);
			jps_walk(s, i, g, x, y, dx, 1);
		}
	} else if (abs(ay) > abs(ax)) {
		size_t b = i - (size_t)((ptrdiff_t)dy * st);
		jump_v_if(s, i, g, x, y, dy);
		if (!cells[b - 1] && cells[i - 1]) {
			jump_h_if(s, i, g, x, y, -1);
			jps_walk(s, i, g, x, y, -1, dy);
		}
		if (!cells[b + 1] && cells[i + 1]) {
			jump_h_if(s, i, g, x, y, 1);
			jps_walk(s, i, g, x, y, 1, dy);
		}
	} else {
		/* Arrived diagonally (only the goal does): no forced
		 * neighbours without corner cutting. */
		jump_h_if(s, i, g, x, y, dx);
		jump_v_if(s, i, g, x, y, dy);
		jps_walk(s, i, g, x, y, dx, dy);
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

/* Whether entry e, kept or about to be, holds for this search's goal
 * (none: always). */
static inline int memo_valid(const jps *s, jps_cache *c, memo_entry *e,
                             int32_t x, int32_t y)
{
	return s->ngoals == 0 || memo_far(s, x, y, e->reach) ||
	       jps_memo_clear(s, c, e, x, y);
}

/* Counts a lookup (hit or not); every MEMO_WINDOW lookups,
 * jps_memo_window judges whether the memo pays. */
static inline void memo_count(jps_cache *c, int hit)
{
	c->memo_looks++;
	c->memo_hits += (unsigned)hit;
	if (c->memo_looks >= MEMO_WINDOW)
		jps_memo_window(c);
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

/* Relaxes the successors of memo entry e, the expansion of node i. */
ALWAYS_INLINE void memo_replay(jps *s, jps_cache *c, const memo_entry *e,
                               uint32_t i)
{
	jps_cost g = s->nodes[i].gx;
	memo_succ *m = c->succ + e->first;

	/* Their records, their bytes of the barren table where the entry
	 * does not hold them yet, and where their own entries should be,
	 * which most of them will soon look up (not a barren one's: it is
	 * seldom opened at all). */
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
}

/*
 * Expands node i = (x, y) from the memo when it holds this expansion and
 * the goal allows (memo_valid), otherwise online (jps_memo_miss), keeping
 * the expansion when the goal did not touch it.
 */
ALWAYS_INLINE void expand_memo(jps *s, uint32_t i, int32_t x, int32_t y)
{
	jps_cache *c = s->cache;
	uint64_t key = memo_key(i, s->nodes[i].dir);
	memo_entry *e = memo_slot(c, key);
	int found = e != NULL && e->key == key;
	int hit = found && memo_valid(s, c, e, x, y);

	memo_count(c, hit); /* may give the memo up, and free it */
	s->memo_on = !c->memo_off;
	if (hit && !c->memo_off)
		memo_replay(s, c, e, i);
	else
		jps_memo_miss(s, i, x, y, key, found);
}

#endif
