/*
 * test_grid.c - the astar_grid_* API: sizes refused and accepted, cells
 * and rows set and read back, costs, views and counts.
 * The runner (main.c) runs it as the module "grid".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "check.h"
#include "rng.h"
#include "unit.h"

/* Sizes out of range are refused, with or without a status. */
static void test_sizes_refused(void)
{
	static const int32_t bad[][2] = {{0, 5},
	                                 {5, 0},
	                                 {0, 0},
	                                 {-1, 5},
	                                 {5, -1},
	                                 {ASTAR_DIM_MAX + 1, 1},
	                                 {1, ASTAR_DIM_MAX + 1},
	                                 {INT32_MAX, INT32_MAX},
	                                 {INT32_MIN, 1}};
	astar_grid *g;
	astar_status st;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		check_begin("astar_grid_new(%ld, %ld)", (long)bad[i][0],
		            (long)bad[i][1]);
		st = ASTAR_OK;
		g = astar_grid_new(bad[i][0], bad[i][1], &st);
		CHECK(g == NULL, "returned a grid");
		CHECK(st == ASTAR_ETOOBIG, "status %d (%s), expected ETOOBIG",
		      (int)st, astar_strerror(st));
		astar_grid_free(g);
		g = astar_grid_new(bad[i][0], bad[i][1], NULL);
		CHECK(g == NULL, "returned a grid with status NULL");
		astar_grid_free(g);
		check_end();
	}
	astar_grid_free(NULL);
}

/* A new grid has the size asked for and every cell blocked. */
static void cells_new_blocked(astar_grid *g)
{
	int x, y;

	CHECK(astar_grid_width(g) == 4 && astar_grid_height(g) == 3,
	      "size %dx%d", (int)astar_grid_width(g),
	      (int)astar_grid_height(g));
	for (y = 0; y < 3; y++)
		for (x = 0; x < 4; x++)
			CHECK(astar_grid_get(g, x, y) == 0,
			      "(%d,%d) = %d, expected 0", x, y,
			      astar_grid_get(g, x, y));
}

/* Cells set inside read back; outside, get gives 0 and set is ignored,
 * leaving every other cell as it was; contains says which is which. */
static void cells_set_inside_and_outside(astar_grid *g)
{
	int x, y;

	astar_grid_set(g, 2, 1, 7);
	astar_grid_set(g, 3, 2, 255);
	CHECK(astar_grid_get(g, 2, 1) == 7, "(2,1) = %d",
	      astar_grid_get(g, 2, 1));
	CHECK(astar_grid_get(g, 3, 2) == 255, "(3,2) = %d",
	      astar_grid_get(g, 3, 2));
	astar_grid_set(g, -1, 0, 9);
	astar_grid_set(g, 4, 0, 9);
	astar_grid_set(g, 0, 3, 9);
	astar_grid_set(g, 0, -1, 9);
	astar_grid_set(g, INT32_MIN, INT32_MAX, 9);
	CHECK(astar_grid_get(g, -1, 0) == 0 && astar_grid_get(g, 4, 0) == 0 &&
	              astar_grid_get(g, 0, 3) == 0 &&
	              astar_grid_get(g, 0, -1) == 0 &&
	              astar_grid_get(g, INT32_MIN, 0) == 0 &&
	              astar_grid_get(g, 0, INT32_MAX) == 0 &&
	              astar_grid_get(g, INT32_MAX, INT32_MAX) == 0,
	      "astar_grid_get outside the grid is not 0");
	for (y = 0; y < 3; y++)
		for (x = 0; x < 4; x++)
			if (!((x == 2 && y == 1) || (x == 3 && y == 2)))
				CHECK(astar_grid_get(g, x, y) == 0,
				      "(%d,%d) = %d after out-of-range sets", x,
				      y, astar_grid_get(g, x, y));
	CHECK(astar_grid_contains(g, 0, 0) && astar_grid_contains(g, 3, 2),
	      "astar_grid_contains inside");
	CHECK(!astar_grid_contains(g, -1, 0) && !astar_grid_contains(g, 4, 0) &&
	              !astar_grid_contains(g, 0, 3) &&
	              !astar_grid_contains(g, 0, -1),
	      "astar_grid_contains outside");
}

/* astar_grid_row reads and writes the same cells; setting 0 blocks. */
static void cells_row(astar_grid *g)
{
	uint8_t *row = astar_grid_row(g, 1);

	if (CHECK(row != NULL, "astar_grid_row(1) NULL")) {
		CHECK(row[2] == 7, "astar_grid_row(1)[2] = %d", row[2]);
		row[0] = 3;
		CHECK(astar_grid_get(g, 0, 1) == 3,
		      "write through astar_grid_row lost");
	}
	astar_grid_set(g, 3, 2, 0);
	CHECK(astar_grid_get(g, 3, 2) == 0, "astar_grid_set 0 does not block");
}

/* astar_grid_row_view gives what astar_grid_get gives, sees later
 * writes and is NULL outside. */
static void cells_row_view(astar_grid *g)
{
	const uint8_t *view;
	int same = 1;
	int x, y;

	astar_grid_set(g, 1, 2, 4);
	for (y = 0; y < 3; y++) {
		view = astar_grid_row_view(g, y);
		if (!CHECK(view != NULL, "astar_grid_row_view(%d) NULL", y))
			break;
		for (x = 0; x < 4; x++)
			same &= view[x] == astar_grid_get(g, x, y);
	}
	CHECK(same, "astar_grid_row_view differs from astar_grid_get");
	view = astar_grid_row_view(g, 2);
	astar_grid_set(g, 1, 2, 6);
	CHECK(view != NULL && view[1] == 6,
	      "astar_grid_row_view does not see a later astar_grid_set");
	CHECK(astar_grid_row_view(g, -1) == NULL &&
	              astar_grid_row_view(g, 3) == NULL &&
	              astar_grid_row_view(g, INT32_MIN) == NULL &&
	              astar_grid_row_view(g, INT32_MAX) == NULL,
	      "astar_grid_row_view outside is not NULL");
}

/* Cells and rows set and read back, views and bounds: one case on one
 * 4x3 grid, each step seeing the cells the one before left. */
static void test_cells(void)
{
	astar_grid *g;
	astar_status st;

	check_begin("astar_grid_new(4, 3) starts blocked; get/set/contains");
	st = ASTAR_ENOMEM;
	g = astar_grid_new(4, 3, &st);
	if (CHECK(g != NULL, "astar_grid_new(4,3) failed: %s",
	          astar_strerror(st))) {
		cells_new_blocked(g);
		cells_set_inside_and_outside(g);
		cells_row(g);
		cells_row_view(g);
		astar_grid_free(g);
	}
	check_end();
}

/* The least and greatest open-cell costs as cells change. */
static void test_min_cost(void)
{
	astar_grid *g;
	int x, y;

	check_begin("astar_grid_min_cost");
	g = astar_grid_new(3, 3, NULL);
	if (CHECK(g != NULL, "astar_grid_new(3,3) failed")) {
		for (y = 0; y < 3; y++)
			for (x = 0; x < 3; x++)
				astar_grid_set(g, x, y, 5);
		CHECK(astar_grid_min_cost(g) == 5, "all 5: min cost %d",
		      astar_grid_min_cost(g));
		astar_grid_set(g, 1, 1, 0);
		CHECK(astar_grid_min_cost(g) == 5, "after blocking a cell: %d",
		      astar_grid_min_cost(g));
		astar_grid_set(g, 0, 0, 9);
		CHECK(astar_grid_min_cost(g) >= 1 &&
		              astar_grid_min_cost(g) <= 5,
		      "after raising a cell: %d", astar_grid_min_cost(g));
		astar_grid_set(g, 2, 2, 2);
		CHECK(astar_grid_min_cost(g) == 2, "after a 2: %d",
		      astar_grid_min_cost(g));
		astar_grid_set(g, 2, 1, 200);
		CHECK(astar_grid_min_cost(g) == 2, "after a 200: %d",
		      astar_grid_min_cost(g));
		astar_grid_set(g, 2, 2, 9);
		CHECK(astar_grid_min_cost(g) >= 1 &&
		              astar_grid_min_cost(g) <= 5,
		      "min cost %d overestimates the smallest open cost 5",
		      astar_grid_min_cost(g));
		/* astar_grid_recount makes both bounds exact: open costs are now
		 * 5 (five cells), 9 (two) and 200. */
		astar_grid_recount(g);
		CHECK(astar_grid_min_cost(g) == 5 &&
		              astar_grid_max_cost(g) == 200,
		      "astar_grid_recount: min %d max %d, expected 5 and 200",
		      astar_grid_min_cost(g), astar_grid_max_cost(g));
		astar_grid_set(g, 0, 1, 1);
		CHECK(astar_grid_min_cost(g) == 1,
		      "astar_grid_set(1) after astar_grid_recount: %d",
		      astar_grid_min_cost(g));
		astar_grid_free(g);
	}
	check_end();
}

/* The cost of cell (x, y) in a grid of the given kind, whose extreme
 * cell is (ex, ey); draws from rng only where the kind needs a draw. */
static int recount_cell_cost(uint64_t *rng, int kind, int x, int y, int ex,
                             int ey)
{
	switch (kind) {
	case 0: /* any cost */
		return rng_int(rng, 256);
	case 1: /* all blocked */
		return 0;
	case 2: /* 255 but one cell */
		return x == ex && y == ey ? rng_int(rng, 255) : 255;
	case 3: /* blocked but one cell */
		return x == ex && y == ey ? 1 + rng_int(rng, 255) : 0;
	default: /* 200..254, one lower */
		return x == ex && y == ey ? 1 + rng_int(rng, 199)
		                          : 200 + rng_int(rng, 55);
	}
}

/* Fills a w x h grid row by row and scans it plainly for the least open
 * cost (0 when no cell is open) and the greatest cost. */
static void recount_fill(astar_grid *rg, int w, int h, uint64_t *rng, int kind,
                         int ex, int ey, int *lo, int *hi)
{
	int x, y;

	*lo = 0;
	*hi = 0;
	for (y = 0; y < h; y++) {
		uint8_t *row = astar_grid_row(rg, y);
		for (x = 0; x < w; x++) {
			int c = recount_cell_cost(rng, kind, x, y, ex, ey);

			row[x] = (uint8_t)c;
			if (c != 0 && (*lo == 0 || c < *lo))
				*lo = c;
			*hi = c > *hi ? c : *hi;
		}
	}
}

/* One random grid: returns 1 when it could not be made or its recount
 * disagrees with the plain scan (the caller stops at the first). */
static int recount_one(uint64_t *rng)
{
	int w = 1 + rng_int(rng, 130), h = 1 + rng_int(rng, 6);
	int kind = rng_int(rng, 5), lo, hi;
	int ex = rng_int(rng, w), ey = rng_int(rng, h);
	astar_grid *rg = astar_grid_new(w, h, NULL);
	int bad;

	if (!CHECK(rg != NULL, "astar_grid_new(%d,%d) failed", w, h))
		return 1;
	recount_fill(rg, w, h, rng, kind, ex, ey, &lo, &hi);
	astar_grid_recount(rg);
	if (lo == 0) /* no open cell */
		lo = ASTAR_COST_MAX;
	bad = !CHECK(astar_grid_min_cost(rg) == lo &&
	                     astar_grid_max_cost(rg) == hi,
	             "%dx%d grid (kind %d): recount gives min "
	             "%d max %d, expected %d and %d",
	             w, h, kind, astar_grid_min_cost(rg),
	             astar_grid_max_cost(rg), lo, hi);
	astar_grid_free(rg);
	return bad;
}

/* astar_grid_recount against a plain scan: widths on both sides of its
 * 32-cell steps, so that rows have wide steps, a tail, or only a tail;
 * grids all blocked, all 255, and with the extreme cell alone at a random
 * place (first step, second half of a step, tail).  One case; it stops
 * at the first grid that fails. */
static void test_recount(void)
{
	uint64_t rng = 0x5eed0c0417ULL;
	int bad = 0;

	check_begin("astar_grid_recount: bounds of random grids");
	for (int t = 0; t < 3000 && !bad; t++)
		bad = recount_one(&rng);
	check_end();
}

/* The largest dimensions are accepted. */
static void test_dim_max(void)
{
	astar_grid *g;
	astar_status st;

	check_begin("astar_grid_new(ASTAR_DIM_MAX, 1) and (1, ASTAR_DIM_MAX)");
	st = ASTAR_OK;
	g = astar_grid_new(ASTAR_DIM_MAX, 1, &st);
	CHECK(g != NULL, "astar_grid_new(DIM_MAX, 1) failed: %s",
	      astar_strerror(st));
	astar_grid_free(g);
	g = astar_grid_new(1, ASTAR_DIM_MAX, &st);
	CHECK(g != NULL, "astar_grid_new(1, DIM_MAX) failed: %s",
	      astar_strerror(st));
	astar_grid_free(g);
	check_end();
}

void test_grid(void)
{
	test_sizes_refused();
	test_cells();
	test_min_cost();
	test_recount();
	test_dim_max();
}
