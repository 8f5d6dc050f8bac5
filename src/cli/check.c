/*
 * check.c - expectations against results, for level-data regression
 * checks in CI.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "write/output.h"

/* The tolerance for a cost written with `decimals` digits after the point
 * (-1: unknown): max(1e-3, half a unit of the last digit). */
static double check_tolerance(int decimals)
{
	double half = decimals >= 0 ? 0.5 * pow(10.0, -decimals) : 0.0;

	return half > 1e-3 ? half : 1e-3;
}

int check_any(const map_expect *e)
{
	return e->has_reachable || e->has_cost || e->has_max_cost ||
	       e->has_steps || e->has_path;
}

/* Appends a mismatch to why (n of size bytes used so far), after a
 * "; " when it is not the first. */
static void mismatch(char *why, size_t size, size_t *n, const char *fmt,
                     const char *a, const char *b)
{
	int k;

	if (*n > 0 && *n + 2 < size) {
		memcpy(why + *n, "; ", 3);
		*n += 2;
	}
	if (*n + 1 >= size)
		return;
	k = snprintf(why + *n, size - *n, fmt, a, b);
	if (k > 0)
		*n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

int check_result(const map_expect *e, const astar_result *r, double tolerance,
                 char *why, size_t size)
{
	char a[64], b[64];
	double tol =
		tolerance >= 0 ? tolerance : check_tolerance(e->cost_decimals);
	int reached = r->reached_goal;
	int want_reach = e->has_reachable ? e->reachable
	                                  : (e->has_cost || e->has_steps ||
	                                     e->has_max_cost || e->has_path);
	size_t n = 0;

	if (size > 0)
		why[0] = '\0';
	if ((e->has_reachable || want_reach) && reached != want_reach) {
		mismatch(why, size, &n, "expected %s, got %s",
		         want_reach ? "a path" : "no path",
		         reached ? "a path" : "no path");
		return 0;
	}
	if (!reached)
		return 1;
	if (e->has_cost && fabs(r->cost - e->cost) > tol) {
		output_cost(a, sizeof a, e->cost);
		output_cost(b, sizeof b, r->cost);
		mismatch(why, size, &n, "expected cost %s, got %s", a, b);
	}
	if (e->has_max_cost && r->cost > e->max_cost + tol) {
		output_cost(a, sizeof a, e->max_cost);
		output_cost(b, sizeof b, r->cost);
		mismatch(why, size, &n, "expected cost at most %s, got %s", a,
		         b);
	}
	if (e->has_steps && (long)r->path_len - 1 != e->steps) {
		snprintf(a, sizeof a, "%ld", e->steps);
		snprintf(b, sizeof b, "%ld", (long)r->path_len - 1);
		mismatch(why, size, &n, "expected %s steps, got %s", a, b);
	}
	if (e->has_path) {
		size_t k = 0;
		while (k < e->path_len && k < r->path_len &&
		       e->path[k].x == r->path[k].x &&
		       e->path[k].y == r->path[k].y)
			k++;
		if (k < e->path_len && k < r->path_len) {
			snprintf(a, sizeof a, "cell %zu of the path at %d,%d",
			         k, (int)(e->path[k].x + e->ox),
			         (int)(e->path[k].y + e->oy));
			snprintf(b, sizeof b, "%d,%d",
			         (int)(r->path[k].x + e->ox),
			         (int)(r->path[k].y + e->oy));
			mismatch(why, size, &n, "expected %s, got %s", a, b);
		} else if (e->path_len != r->path_len) {
			snprintf(a, sizeof a, "%zu", e->path_len);
			snprintf(b, sizeof b, "%zu", r->path_len);
			mismatch(why, size, &n,
			         "expected a path of %s cells, got %s", a, b);
		}
	}
	return n == 0;
}
