/*
 * check.h - comparing a result with what a query expects (--check).
 */
#ifndef ASTAR_CHECK_H
#define ASTAR_CHECK_H

#include <stddef.h>

#include "astar.h"
#include "read/map.h"

/*
 * Compares r with e.  Returns 1 when every expectation holds, else 0 with
 * the mismatches described in why, "; " between them ("expected cost 21,
 * got 19; expected 21 steps, got 19"): a path where none was expected,
 * or none where one was, alone.  An expected path must be r's cell for
 * cell; the first cell that differs is named.  tolerance < 0 means the
 * default for the expectation: max(1e-3, half a unit of the last digit of
 * its cost as written), 1e-3 when the digits are not known.
 */
int check_result(const map_expect *e, const astar_result *r, double tolerance,
                 char *why, size_t size);

/* Nonzero when e expects anything at all. */
int check_any(const map_expect *e);

#endif
