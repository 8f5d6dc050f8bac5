/*
 * map_json_values.h - the plain values every part of the JSON map reader
 * reads: keys named in messages, an object's known keys, integers in a
 * range, flags and agent sizes (map_json_values.c).  The lowest of the
 * reader's files: it calls none of the others.
 */
#ifndef ASTAR_MAP_JSON_VALUES_H
#define ASTAR_MAP_JSON_VALUES_H

#include <jansson.h>

#include "map.h"

/* Largest number of bytes of a key quoted in a message. */
#define MAP_JSON_KEY_SHOWN 40
/* Room for a key as map_json_key_name writes it. */
#define MAP_JSON_KEY_MAX   (MAP_JSON_KEY_SHOWN + 16)

/* key as text fit for a message, written into out; returns out. */
const char *map_json_key_name(const char *key, char out[MAP_JSON_KEY_MAX]);

/* Fails on the first key of obj not in keys[] (NULL-ended); where is
 * the path of obj, "" at the top level. */
int map_json_check_keys(json_t *obj, const char *const *keys, const char *where,
                        map_error *err);

/* An integer from lo to hi into *out, or -1 (no message). */
int map_json_int(json_t *v, json_int_t lo, json_int_t hi, json_int_t *out);

/* An optional true or false at key of obj into *out; where names obj. */
int map_json_flag(json_t *obj, const char *key, const char *where, int *out,
                  map_error *err);

/* An agent size: an integer from 1 to the map's smaller side; where is
 * the path before "size" ("" or "queries[2]."). */
int map_json_size(json_t *v, const char *where, long width, long height,
                  int32_t *out, map_error *err);

#endif
