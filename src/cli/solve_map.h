/*
 * solve_map.h - the queries of a map file, run (solve_map.c).
 */
#ifndef ASTAR_SOLVE_MAP_H
#define ASTAR_SOLVE_MAP_H

#include "driver.h"

/* The map's own queries, each run into res with the map's options opts
 * (q filled but for the query); with --update their new expectations
 * are kept and the file rewritten when one changed. */
/* Whether --only chooses query mq (every query without --only). */
int only_chosen(sink *k, const map_query *mq);

void run_queries_and_update(sink *k, astar_ctx *ctx, const map *m,
                            query_report *q, const astar_options *opts,
                            astar_result *res, const char *name);

/* The one query of a map file (its marks, or --start and --goal), with
 * the algorithm --algorithm=auto chooses; t1 is when the search's time
 * starts.  0, or -1 when it could not run (reported); its lists are
 * kept in *ss and *ts, which the caller frees. */
int run_map_query(sink *k, astar_ctx *ctx, const map *m, query_report *q,
                  astar_result *res, double t1, astar_point **ss,
                  astar_point **ts);

/* --distances: the distance map (and flow field) from the starts; as
 * run_map_query, the starts kept in *ss. */
int run_distances(sink *k, astar_ctx *ctx, const map *m, query_report *q,
                  double t1, astar_point **ss);

#endif
