/*
 * jps_jump.c - the diagonal walks of Jump Point Search.
 *
 * A diagonal jump (4-connected: a horizontal one) walks from the node
 * being expanded while its steps are legal and jumps straight
 * (jps_jump.h) along both components of its direction from every cell it
 * reaches; the jump points found become successors of the node, so the
 * walk's cells never enter the open list.  Without corner cutting
 * diagonal moves have no forced neighbours.  Once a grid's walk maps are
 * made, walk_fast goes from one cell where a straight jump finds
 * something to the next, 64 cells at a time, instead of cell by cell.
 */
#include <stdlib.h>

#include "jps_jump.h"

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

/* The walk maps' line of walk_fast's walk from (x, y) by (dx, dy), and
 * the row of the line's bit 0 (see diag_word0) into *base. */
ALWAYS_INLINE const uint64_t *walk_line(const jps *s, int32_t x, int32_t y,
                                        const int dx, const int dy,
                                        int32_t *base)
{
	size_t l;

	*base = 0;
	if (!dy)
		return s->hwalk + (size_t)y * s->rw;
	l = dx == dy ? (size_t)(x - y + s->nrows - 1) : (size_t)(x + y);
	if (s->dw < s->cw) /* a grid taller than wide */
		*base = (int32_t)diag_word0(l, dx == dy, (size_t)s->stride,
		                            (size_t)s->nrows, s->cw, s->dw) *
		        64;
	return (dx == dy ? s->diag : s->anti) + l * s->dw * 2 +
	       (dy > 0 ? 0 : 1);
}

/* The steps of walk_fast's walk from (x, y) by (dx, dy) at which it must
 * stop for a goal cell (on its row or column), in order, into special;
 * returns how many.  *kgoal is the step that lands on a goal cell, or
 * INT32_MAX. */
ALWAYS_INLINE int walk_specials(const jps *s, int32_t x, int32_t y,
                                const int dx, const int dy, int32_t *special,
                                int32_t *kgoal)
{
	int nspecial = 0;

	*kgoal = INT32_MAX;
	for (int n = 0; n < s->ngoals; n++) {
		int32_t kx = (s->gx[n] - x) * dx;
		int32_t ky =
			dy ? (s->gy[n] - y) * dy : (s->gy[n] == y ? kx : 0);
		if (kx > 0 && kx == ky && kx < *kgoal)
			*kgoal = kx;
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
	return nspecial;
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
	/* The maps of the jumps made at a stop: along dx (4-connected:
	 * north) and along dy (south). */
	const int fa = !dy ? JP_N : dx > 0 ? JP_E : JP_W;
	const int fb = dy < 0 ? JP_N : JP_S;
	int32_t special[16], kgoal, k = 0, base; /* see walk_line */
	const uint64_t *line = walk_line(s, x, y, dx, dy, &base);
	int32_t pos = (dy ? y : x) - base;
	int nspecial = walk_specials(s, x, y, dx, dy, special, &kgoal);
	int next = 0;

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
		if (both || finds_jump_point(s, fa, cx, cy)) {
			if (dy)
				jump_h(s, i, g + (jps_cost)k * unit, cx, cy, dx,
				       k);
			else
				jump_v(s, i, g + (jps_cost)k * unit, cx, cy, -1,
				       k);
		}
		if (both || finds_jump_point(s, fb, cx, cy))
			jump_v(s, i, g + (jps_cost)k * unit, cx, cy,
			       dy ? dy : 1, k);
		if (s->probe && s->nprobe)
			return;
	}
}

void jps_walk(jps *s, uint32_t i, jps_cost g, int32_t x, int32_t y, int dx,
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
void jps_walk_start(jps *s, uint32_t i, jps_cost g, int32_t x, int32_t y,
                    int dx, int dy)
{
	if (s->upper != COST_NONE &&
	    g + (dy ? s->dc : s->c) + jps_h(s, x + dx, y + dy) >
	            s->upper + s->margin)
		return;
	jps_walk(s, i, g, x, y, dx, dy);
}
