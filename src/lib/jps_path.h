/*
 * jps_path.h - the path of a Jump Point Search (jps_path.c), private to
 * the library: rebuilt from its jump points, and the cells closest mode
 * aims at when the goal is unreachable.
 */
#ifndef ASTAR_JPS_PATH_H
#define ASTAR_JPS_PATH_H

#include "jps_types.h"

/* The path from padded index start to node end into ctx->path, and its
 * cost's sums (see jps_path.c); with r NULL the sums alone. */
astar_status jps_build_path(jps *s, const astar_grid *g, size_t start,
                            size_t end, uint64_t *orth, uint64_t *diag,
                            astar_result *r);

/* The cells of the start's component nearest the target t, into a new
 * array *out; how many, or -1 when out of memory. */
long jps_nearest_cells(jps *s, size_t start, astar_point t, astar_point **out);

#endif
