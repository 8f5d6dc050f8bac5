/*
 * jps_succ.h - successor generation, inline, private to the library.
 *
 * A node's successors are the jump points its expansion finds: the
 * straight jumps and diagonal walks that its arrival direction allows
 * (the natural and forced neighbours of JPS's pruning rules), or, where
 * the successor memo (jps_memo.c) holds that expansion and the goal
 * cannot have changed it, the same points replayed.  Each is relaxed
 * (opened, or its cost lowered) by relax_as.  The search loop inlines
 * all of it, so it lives here; jps_succ.c holds the one expansion made
 * out of the loop's line, the memo's miss.  It sits between the jumps
 * (jps_jump.h, jps_jump.c) below and the search (jps.c) above, and calls
 * neither the search nor the pruning's probe, which calls it.
 */
#ifndef ASTAR_JPS_SUCC_H
#define ASTAR_JPS_SUCC_H

#include "jps_jump.h"
#include "jps_memo.h"

/* jps_succ.c: node i = (x, y), of memo key key, which the memo did not
 * serve (found: it holds the expansion, but the goal may change it),
 * expanded online and recorded for the memo when it may keep it. */
void jps_memo_miss(jps *s, uint32_t i, int32_t x, int32_t y, uint64_t key,
                   int found);

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
