/*
 * check.h - comparing a result with what a query expects (--check).
 */
#ifndef ASTAR_CHECK_H
#define ASTAR_CHECK_H

#include <stddef.h>

#include "astar.h"
#include "map.h"

/* The tolerance for a cost written with `decimals` digits after the point
 * (-1: unknown): max(1e-3, half a unit of the last digit). */
double check_tolerance(int decimals);

/*
 * Compares r with e.  Returns 1 when every expectation holds, else 0 with
 * the first mismatch described in why ("expected cost 3.82842712, got
 * 4.24264069").  tolerance < 0 means check_tolerance of the expectation.
 */
int check_result(const map_expect *e, const astar_result *r, double tolerance,
                 char *why, size_t size);

/* Nonzero when e expects anything at all. */
int check_any(const map_expect *e);

#endif
