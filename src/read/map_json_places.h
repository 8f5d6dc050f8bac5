/*
 * map_json_places.h - where in a JSON map's text a message or a query
 * is: line and column (map_json_places.c).
 */
#ifndef ASTAR_MAP_JSON_PLACES_H
#define ASTAR_MAP_JSON_PLACES_H

#include <stddef.h>

#include "map.h"

/* Fails with msg at the line and (byte) column of offset off in buf. */
int map_json_fail_at(const char *buf, size_t off, const char *msg,
                     map_error *err);

/* Sets err's place to that of the value at the JSON path p (plen bytes),
 * then of its member key when key is set, or of the key itself when key
 * or at_key is set. */
void map_json_place_path(const char *buf, size_t len, const char *p,
                         size_t plen, const char *key, int at_key,
                         map_error *err);

/* Places a content error (one without a place yet) at the value its
 * message's path names. */
void map_json_place_error(const char *buf, size_t len, map_error *err);

/* The places of m's start and goal, of its queries, their starts and
 * goals, and of its reach and expect checks. */
void map_json_place_queries(const char *buf, size_t len, map *m);

#endif
