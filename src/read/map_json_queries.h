/*
 * map_json_queries.h - a JSON map's "queries" (map_json_queries.c).
 */
#ifndef ASTAR_MAP_JSON_QUERIES_H
#define ASTAR_MAP_JSON_QUERIES_H

#include <jansson.h>

#include "map.h"

/* Reads "queries" into a new array (*out, NULL when empty) of *count;
 * m gives the named points and the editor's origin. */
int map_json_queries(json_t *arr, long width, long height, const map *m,
                     map_query **out, size_t *count, map_error *err);

/* A query's optional "name" (q's, at path where) into a new string
 * (*out, NULL when there is none): not empty, no control characters. */
int map_json_query_name(json_t *q, const char *where, char **out,
                        map_error *err);

/* Fails when two of the n names (NULL: a query without one) are the
 * same: at the second of the first such pair in document order, naming
 * the first.  A sort, so that a file of many queries costs n log n. */
int map_json_unique_names(const char *const *names, size_t n,
                          map_error *err);

#endif
