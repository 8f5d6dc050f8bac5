/*
 * jps_memo.h - the successor memo of Jump Point Search (jps_memo.c),
 * private to the library: its lookups, the tests of whether a kept
 * expansion holds for this search's goal, and the memo's parts off the
 * search's hot path.
 *
 * The memo only keeps and judges expansions; making them (online, or
 * replayed) is the successor generation's (jps_succ.h), above it.
 */
#ifndef ASTAR_JPS_MEMO_H
#define ASTAR_JPS_MEMO_H

#include "jps_types.h"

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
static inline memo_entry *memo_slot(const jps_cache *c, uint64_t key)
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
 * expansions (maps with many distinct expansions, such as mazes), its
 * lookups and its replays cost more than the expansions they save, and
 * memo_count gives it up. */
#define MEMO_MAX       4096
#define MEMO_WINDOW    4096
/* Smaller grids are left without: their walks are short and their maps
 * all in the nearest cache, so an expansion costs little more than the
 * memo's own lookup and recording (bench/RESULTS.md has the figures).
 * The pruning of barren jump points (jps_prune.c) keeps to the same
 * grids: on small ones its probes cost more than a batch's expansions of
 * them. */
#define MEMO_MIN_CELLS 8192

/* Keeps a successor of the expansion being recorded. */
void jps_memo_note(jps *s, uint32_t j, int32_t x, int32_t y, uint32_t tag,
                   int32_t k, int32_t m);
/* The end of a window of MEMO_WINDOW lookups (memo_count). */
void jps_memo_window(jps_cache *c);
/* memo_valid's second test, by the sweep of entry e. */
int jps_memo_clear(const jps *s, jps_cache *c, memo_entry *e, int32_t x,
                   int32_t y);
/* Keeps the expansion of node (x, y) just recorded (its successors from
 * first on) under key, unless the goal touched it or there is no room. */
void jps_memo_keep(jps *s, jps_cache *c, uint64_t key, size_t first, int32_t x,
                   int32_t y);
/* The sweep of the expansion of node (x, y) whose own jumps went the ways
 * in lines and whose walks went reach (memo_entry's). */
void jps_sweep_make(const jps *s, int32_t x, int32_t y, unsigned lines,
                    const uint16_t reach[4], memo_sweep *w);

/* Whether the memo may take one more entry. */
static inline int memo_open(const jps_cache *c)
{
	return c->memo_n < MEMO_MAX;
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

#endif
