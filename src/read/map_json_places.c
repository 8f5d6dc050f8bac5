/*
 * map_json_places.c - where in a JSON map's text a message or a query
 * is.  A syntax error is placed at its byte's line and column; any other
 * message starts with the JSON path of the value at fault, which is
 * followed in the text (json_pos.h) to place it; the queries and checks
 * learn their places in one walk of the text, for the messages that come
 * later.  It works on the text and the finished map alone, so
 * map_json.c calls it after reading and it calls none of the reader's
 * other files (it takes only the size of a quoted key from
 * map_json_values.h).
 */
#include <string.h>

#include "json_pos.h"
#include "map_json_places.h"
#include "map_json_values.h"

/* Fails with msg at the line and (byte) column of offset off in buf. */
int map_json_fail_at(const char *buf, size_t off, const char *msg,
                     map_error *err)
{
	long line = 1;
	size_t bol = 0;

	for (size_t i = 0; i < off; i++)
		if (buf[i] == '\n') {
			line++;
			bol = i + 1;
		}
	return map_fail(err, line, (long)(off - bol) + 1, "%s", msg);
}

/* Sets err's place to that of the value at the JSON path p (plen bytes)
 * and then the member key when key is set (the nearest part of that
 * path that the text has), or of its key when key or at_key is set; a
 * path that is none places it at the document. */
void map_json_place_path(const char *buf, size_t len, const char *p,
                         size_t plen, const char *key, int at_key,
                         map_error *err)
{
	json_step st[JSON_PATH_MAX + 1];
	char keys[2 * MAP_MSG_MAX];
	json_place at;
	int n = plen > 0 ? json_path_parse(p, plen, st, JSON_PATH_MAX, keys,
	                                   sizeof keys)
	                 : 0;

	if (n < 0)
		n = 0;
	if (key != NULL && n < JSON_PATH_MAX) {
		st[n].key = key;
		st[n++].index = 0;
	}
	if (json_pos_nearest(buf, len, st, n, key != NULL || at_key, &at) >=
	    0) {
		err->line = at.line;
		err->col = at.col;
	}
}

/*
 * Places a content error (one without a place yet) at the value its
 * message's path names: "queries[1].start: expected [x, y]" at that
 * start, "queries[0]: unknown key 'x'" at the key, "missing key 'rows'
 * or 'cells'" at the document.  A message is about the value its path
 * names, by the reader's own rule; the path is followed in the text, the
 * value never searched for.
 */
void map_json_place_error(const char *buf, size_t len, map_error *err)
{
	const char *msg = err->msg, *sep = strstr(msg, ": ");
	const char *rest = msg, *uk;
	char key[MAP_JSON_KEY_MAX];
	size_t plen = 0;

	if (strcmp(msg, "out of memory") == 0 ||
	    strcmp(msg, astar_strerror(ASTAR_ENOMEM)) == 0)
		return;
	/* map_check_size's, about the width and height together: at the
	 * width, or at the rows or cells that give it */
	if (strncmp(msg, "the map has ", 12) == 0) {
		static const char *const keys[] = {"width", "rows", "cells"};
		json_place at;
		for (size_t i = 0; i < 3; i++) {
			json_step st = {keys[i], 0};
			if (json_pos_find(buf, len, &st, 1, 0, &at) == 0) {
				err->line = at.line;
				err->col = at.col;
				return;
			}
		}
		return;
	}
	/* a check file's level (map_check.c): "level FILE: ..." is about
	 * its "level" */
	if (strncmp(msg, "level ", 6) == 0) {
		map_json_place_path(buf, len, "level", 5, NULL, 0, err);
		return;
	}
	if (sep != NULL) {
		json_step st[JSON_PATH_MAX];
		char keys[2 * MAP_MSG_MAX];
		if (json_path_parse(msg, (size_t)(sep - msg), st, JSON_PATH_MAX,
		                    keys, sizeof keys) > 0) {
			plen = (size_t)(sep - msg);
			rest = sep + 2;
		}
	}
	/* An unknown key: the key itself, when the message gives it
	 * whole (not escaped, not cut short). */
	if (strncmp(rest, "unknown key '", 13) == 0) {
		size_t kl = strlen(rest + 13);
		uk = rest + 13;
		if (kl >= 1 && kl - 1 < sizeof key && uk[kl - 1] == '\'' &&
		    memchr(uk, '\\', kl) == NULL &&
		    (kl < 4 || memcmp(uk + kl - 4, "...'", 4) != 0)) {
			memcpy(key, uk, kl - 1);
			key[kl - 1] = '\0';
			map_json_place_path(buf, len, msg, plen, key, 0, err);
			return;
		}
	}
	/* The legend's keys are what is wrong with them. */
	map_json_place_path(buf, len, msg, plen, NULL,
	                    strncmp(rest, "key must be", 11) == 0 ||
	                            strstr(rest, "cannot be redefined") != NULL,
	                    err);
}

/* What map_json_place_queries' walk fills: the map whose queries it places. */
static enum json_walk query_visit(void *arg, const json_step *path, int depth,
                                  json_place at, json_place key)
{
	map *m = arg;
	map_query *q;

	(void)key;
	switch (depth) {
	case 0:
		return JSON_WALK_ENTER;
	case 1:
		if (strcmp(path[0].key, "start") == 0) {
			m->start_at.line = at.line;
			m->start_at.col = at.col;
		} else if (strcmp(path[0].key, "goal") == 0) {
			m->goal_at.line = at.line;
			m->goal_at.col = at.col;
		} else if (strcmp(path[0].key, "expect") == 0) {
			m->regions_at.line = at.line;
			m->regions_at.col = at.col;
		}
		return strcmp(path[0].key, "queries") == 0 ||
		                       strcmp(path[0].key, "reach") == 0
		               ? JSON_WALK_ENTER
		               : JSON_WALK_SKIP;
	case 2:
		if (strcmp(path[0].key, "reach") == 0) {
			if (path[1].index < m->nreach) {
				m->reach[path[1].index].at.line = at.line;
				m->reach[path[1].index].at.col = at.col;
			}
			return JSON_WALK_SKIP;
		}
		if (path[1].index >= m->nqueries)
			return JSON_WALK_STOP;
		q = &m->queries[path[1].index];
		q->line = at.line;
		q->col = at.col;
		return JSON_WALK_ENTER;
	default:
		q = &m->queries[path[1].index];
		if (strcmp(path[2].key, "start") == 0) {
			q->start_at.line = at.line;
			q->start_at.col = at.col;
		} else if (strcmp(path[2].key, "goal") == 0) {
			q->goal_at.line = at.line;
			q->goal_at.col = at.col;
		}
		return JSON_WALK_SKIP;
	}
}

/* The places of the map's start and goal, of its queries, their starts
 * and goals, and of its reach and expect checks, in one walk of the text
 * (json_pos.h). */
void map_json_place_queries(const char *buf, size_t len, map *m)
{
	(void)json_pos_walk(buf, len, query_visit, m);
}
