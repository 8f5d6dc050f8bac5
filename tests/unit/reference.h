/*
 * reference.h - an independent model of the movement rules and a plain
 * Dijkstra over it, used as the oracle for the library's search.
 *
 * This file owns the test's own reading of the rules, written from the
 * specification and not from src/: a cell holds the cost to enter it
 * (1..255, 0 = blocked), cells outside the grid are blocked, an orthogonal
 * step costs 1 and a diagonal step sqrt(2), times the cost of the cell
 * entered.  Diagonal policies: NEVER (no diagonal steps), ALWAYS (into any
 * open cell), ONE_OBSTACLE (at least one of the two orthogonal cells
 * sharing the corner is open), NO_OBSTACLES (both are open).
 */
#ifndef REFERENCE_H
#define REFERENCE_H

#include <stdint.h>

#include "astar.h"

typedef struct ref_grid {
	int w, h;
	uint8_t *cost; /* w * h cells, row-major */
} ref_grid;

/* Cost of entering (x, y); 0 when blocked or outside. */
int ref_cost(const ref_grid *g, int x, int y);

/* Nonzero when (x, y) is inside the grid and open. */
int ref_open(const ref_grid *g, int x, int y);

/*
 * Nonzero when the step (x, y) -> (x + dx, y + dy) is legal under pol.
 * (px, py) names a cell that counts as passable as a destination even when
 * blocked (the --adjacent target); pass (-1, -1) for none.  The corner
 * cells of a diagonal step are always judged by the grid itself.
 */
int ref_move_legal(const ref_grid *g, astar_diagonal pol, int x, int y, int dx,
                   int dy, int px, int py);

/* Cost of the (legal, destination-open) step (x, y) -> (x+dx, y+dy). */
double ref_step_cost(const ref_grid *g, int x, int y, int dx, int dy);

/*
 * A path cost held exactly as a + b * sqrt(2) (a counts orthogonal step
 * costs, b diagonal ones), so that mathematically equal costs compare
 * equal whatever order their floating-point sums were formed in.
 */
typedef struct ref_exact {
	int64_t a, b;
} ref_exact;

/*
 * Shortest-path costs from (sx, sy) to every cell into dist (w * h
 * entries; INFINITY when unreachable) and, when exact is not NULL, the
 * same costs exactly ({-1, -1} when unreachable).  Distinct exact costs on
 * grids of this size differ by far more than the rounding error of the
 * sums, so ordering by dist and tying by exact is sound.  Returns 0 when
 * out of memory.
 */
int ref_dijkstra(const ref_grid *g, astar_diagonal pol, int sx, int sy,
                 double *dist, ref_exact *exact);

/*
 * Worlds that wrap and several sources.  A joined axis (wx: x, wy: y)
 * has no border: a coordinate past one edge is the cell at the other.
 * ref_wrap_legal is ref_move_legal with that reading of coordinates (no
 * adjacent target); on success *nx, *ny is the cell entered.
 */
int ref_wrap_legal(const ref_grid *g, astar_diagonal pol, int wx, int wy,
                   int x, int y, int dx, int dy, int *nx, int *ny);

/* ref_dijkstra from n sources at once on a grid whose axes may be joined:
 * each cell's cost from its nearest source.  Returns 0 when out of
 * memory. */
int ref_flood(const ref_grid *g, astar_diagonal pol, int wx, int wy,
              const int *sx, const int *sy, int n, double *dist,
              ref_exact *exact);

/* The grid an N x N agent anchored at its top-left cell sees, by the
 * rule itself: a cell is open when all N x N cells of its square are
 * (the square wrapping on joined axes, otherwise blocked when it leaves
 * the grid), and costs the dearest.  out->cost must hold w * h cells. */
void ref_footprint(const ref_grid *g, int size, int wx, int wy, ref_grid *out);

#endif
