/*
 * jps_jump.h - straight jumps, inline, private to the library.
 *
 * A straight jump from a cell runs along its row or column of the bit
 * maps (jps_bits.h) to the first stop: an obstacle (a dead end), a
 * cell with a forced neighbour (a jump point), or a goal cell.  It reads
 * 64 cells per step and finds the stop by counting trailing (leading)
 * zeros.  A jump point found is offered as a successor of the node being
 * expanded, and relaxed (opened, or its cost lowered) once the expansion
 * is done.  Every expansion and every diagonal walk runs these, so they
 * are inline, in the one body of each caller.
 *
 * The jumps call nothing above them: the memo's records are below
 * (jps_memo.c), and the pruning's probe, which makes an expansion, is
 * passed in by the search (jps's probe_barren).
 */
#ifndef ASTAR_JPS_JUMP_H
#define ASTAR_JPS_JUMP_H

#include "jps_bits.h"
#include "jps_memo.h"

static inline void stack_push(jps *s, uint32_t j)
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
 * That is known when the table (barren, made by jps_barren_probe through
 * s->probe_barren the first time it is asked) says that the expansion
 * finds none without a goal and that its jumps all stay within r cells
 * of it, and no goal cell is within r.  Such a node would be taken off
 * the open list and offer nothing, so leaving it out changes
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
					b = s->probe_barren(s, j, x, y, a);
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
static inline void flush(jps *s)
{
	for (int k = 0; k < s->nfound; k++)
		relax(s, s->found[k].parent, s->found[k].g, s->found[k].j,
		      s->found[k].x, s->found[k].y, s->found[k].tag);
	s->nfound = 0;
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
		jps_memo_note(s, j, x, y, tag, k, m);

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
 * jps_walk_start). */
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
ALWAYS_INLINE int finds_jump_point(const jps *s, int map, int32_t x, int32_t y)
{
	const uint64_t *m = s->jp[map];

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
	    finds_jump_point(s, dx > 0 ? JP_E : JP_W, x, y))
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
	    finds_jump_point(s, dy > 0 ? JP_S : JP_N, x, y))
		jump_v(s, parent, g0, x, y, dy, 0);
}

/* jps_jump.c: the diagonal (4-connected: horizontal) walks from node i,
 * and the start's (see there). */
void jps_walk(jps *s, uint32_t i, jps_cost g, int32_t x, int32_t y, int dx,
              int dy);
void jps_walk_start(jps *s, uint32_t i, jps_cost g, int32_t x, int32_t y,
                    int dx, int dy);

#endif
