/*
 * solve_voxel_level.h - a JSON voxel level's queries and checks: their
 * blocks, ends, --only, --update, reach and regions
 * (solve_voxel_level.c).
 */
#ifndef ASTAR_SOLVE_VOXEL_LEVEL_H
#define ASTAR_SOLVE_VOXEL_LEVEL_H

#include "driver.h"
#include "update.h"

/* --update: query mq's (number i, named label; in file) new expectation
 * from its result res into u, by the grid's rules; 0, or -1 out of
 * memory. */
int update_vquery(sink *k, const char *label, const char *file,
                  const map_vquery *mq, size_t i, const astar_result *res,
                  update_query *u);

/* A query's "block": its voxels made blocked (set 1), their costs kept
 * in *saved, or given back (set 0).  0, or -1 out of memory. */
int vquery_blocks(const map_vquery *mq, astar_voxels *v, uint8_t **saved,
                  int set);

/* Whether query mq (where: "queries[i]: ") can run on v with options
 * o, its blocks in place, from ss to ts: 0, or -1 (reported at the
 * query, its start or its goal). */
int valid_vquery(const map_vquery *mq, const astar_voxels *v, const char *name,
                 const char *where, const astar_options *o,
                 const astar_place *ss, size_t ns, const astar_place *ts,
                 size_t ng);

/* Whether --only chooses query mq (every query without it). */
int vonly_chosen(sink *k, const map_vquery *mq);

/* A level's reach assertions and its "expect": {"regions": N}
 * (--check), each a checked case; with --update a failure is warned
 * of, left as written. */
void voxel_reach(sink *k, astar_ctx *ctx, const map *m, const char *name,
                 const astar_options *o);
void voxel_regions(sink *k, astar_ctx *ctx, const map *m, const char *name,
                   const astar_options *o);

#endif
