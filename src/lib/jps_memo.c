/*
 * jps_memo.c - the successor memo of Jump Point Search: the expansions a
 * context made, kept across queries and replayed (jps_succ.h).
 *
 * Which jump points an expansion finds, and at what distance, depends on
 * the node, the direction it was reached from and the maps, and on the
 * goal only where one of its jumps may pass over the goal (memo_valid).
 * A batch of queries on one map expands the same few nodes over and
 * over, so an expansion that the goal did not touch is kept: its
 * successors in the order they were found, and how far its walks went.
 * A later query replays it when its own goal keeps clear of them too,
 * and makes it anew otherwise.  The replay offers the same points in the
 * same order at the same costs, to the bit, so results do not depend on
 * what was searched before.
 *
 * The memo's key is the node and the class of the step that reached it
 * (LINE_E ..., ARRIVE_DIAG).  The class rides in the top bits of the
 * node's dir field, above the parent's index (PARENT_BITS), set by the
 * relax that sets the parent: the key is then formed from the node's
 * record alone when the node leaves the open list.
 *
 * This file keeps and judges expansions; making them, and replaying
 * them, is the successor generation's (jps_succ.h, jps_succ.c), which
 * calls it: so it reads the maps itself (jps_bits.h) for its sweeps.
 *
 * A sweep (memo_sweep) of an expansion is how far its jumps actually
 * go: for each of the node's own jumps, how many cells it passes, and
 * for each diagonal walk, how many cells it entered and how far the
 * jumps from those went.  It decides whether a goal near the node can
 * change the expansion, and is made only when a goal first comes that
 * near.
 */
#include <stdlib.h>
#include <string.h>

#include "jps_bits.h"
#include "jps_memo.h"

/* The end of a window of MEMO_WINDOW lookups (memo_count): once the
 * memo is full, a window of which fewer than nine in ten hit turns it off
 * for the grid, and frees it, as its lookups and replays then cost more
 * than the expansions they save. */
void jps_memo_window(jps_cache *c)
{
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

void jps_sweep_make(const jps *s, int32_t x, int32_t y, unsigned lines,
                    const uint16_t reach[4], memo_sweep *w)
{
	const uint8_t *cells = s->cells;

	for (int d = 0; d < 4; d++)
		w->line[d] =
			lines >> d & 1
				? sat16(jump_length(s, line_dy(d) == 0, x, y,
		                                    line_dx(d) + line_dy(d)))
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
int jps_memo_clear(const jps *s, jps_cache *c, memo_entry *e, int32_t x,
                   int32_t y)
{
	memo_sweep w;

	if (e->sweep != 0)
		return !sweep_touches(s, x, y, &c->sweeps[e->sweep - 1]);
	jps_sweep_make(s, x, y, e->lines, e->reach, &w);
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

/* Keeps a successor of the expansion being recorded. */
void jps_memo_note(jps *s, uint32_t j, int32_t x, int32_t y, uint32_t tag,
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

void jps_memo_keep(jps *s, jps_cache *c, uint64_t key, size_t first, int32_t x,
                   int32_t y)
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
