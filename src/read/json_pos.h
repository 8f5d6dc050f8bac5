/*
 * json_pos.h - where the values of a JSON document are in its text.
 *
 * jansson keeps no positions of the values it parses, so that the JSON
 * map reader could only name a bad value by its JSON path
 * ("queries[1].start").  This is a second pass over the text, made only
 * when a place is needed: a walk of the document's structure (objects,
 * arrays, strings, scalars), which knows at each value the path that
 * leads to it and its line and column.  It finds a value by its path,
 * never by searching the text for the value itself, which may be
 * written many times.
 *
 * Lines and columns count from 1, columns in bytes, as every reader of
 * astar counts them; the text is the one jansson read (a byte order mark
 * already left out).  The walk takes text jansson accepted: on anything
 * else it stops where it cannot go on, having visited what came before.
 */
#ifndef ASTAR_JSON_POS_H
#define ASTAR_JSON_POS_H

#include <stddef.h>

/* A place in a text: line and column from 1; 0 and 0 when unknown. */
typedef struct json_place {
	long line, col;
} json_place;

/* A step of a path: the member of an object with key (NUL-terminated,
 * UTF-8), or, key NULL, the element of an array at index, or the byte at
 * index of a string's value (as jansson gives it, escapes decoded). */
typedef struct json_step {
	const char *key;
	size_t index;
} json_step;

/* The longest path json_pos_find and the walk's visitors see. */
#define JSON_PATH_MAX 16

/*
 * The place of the value at path (n steps; n = 0 is the document), or,
 * when key is set and the last step is a member, of that member's key.
 * Returns 0 with *at set, or -1 when the text has no such value.
 */
int json_pos_find(const char *buf, size_t len, const json_step *path, int n,
                  int key, json_place *at);

/*
 * The longest part of path that the text has (0 steps: the document,
 * which a text jansson accepted always has), its place in *at: so that a
 * message about a value the text lacks (a missing key) is placed at the
 * object that lacks it.  Returns the number of steps found, or -1 when
 * the text holds no value at all.
 */
int json_pos_nearest(const char *buf, size_t len, const json_step *path, int n,
                     int key, json_place *at);

/*
 * Reads a JSON path as the map reader's messages write it, "queries[1]",
 * "queries[1].expect.cost", "rows[2][4]", "legend.~", at the start of
 * s up to len bytes, into at most max steps whose keys are copied into
 * keys (keysize bytes).  A member of "legend" is its one character,
 * whatever it is.  Returns the number of steps, or -1 when s does not
 * start with such a path (a message of the whole document, such as
 * "missing key 'rows' or 'cells'").
 */
int json_path_parse(const char *s, size_t len, json_step *steps, int max,
                    char *keys, size_t keysize);

/* What a visitor returns for each value the walk comes to. */
enum json_walk { JSON_WALK_SKIP, JSON_WALK_ENTER, JSON_WALK_STOP };

/*
 * Called for each value the walk comes to, depth steps deep (path holds
 * the first JSON_PATH_MAX of them), at place at; its key's place in key
 * for a member (line 0 otherwise).  Returns whether to enter the value
 * (an object's members or an array's elements), to pass over it, or to
 * end the walk.
 */
typedef enum json_walk (*json_visit)(void *arg, const json_step *path,
                                     int depth, json_place at, json_place key);

/* Walks the document in buf, calling visit as above; returns 0, or -1
 * when the text stopped it (not JSON). */
int json_pos_walk(const char *buf, size_t len, json_visit visit, void *arg);

#endif
