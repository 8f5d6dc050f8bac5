/*
 * map_json.c - the JSON map reader.
 *
 * A JSON map is one object:
 *
 *   {
 *     "width": W, "height": H,
 *     "rows": ["S..#", ...],
 *     "cells": [[1, 1, 0, 9], ...],
 *     "legend": {"~": 3, "W": "blocked", "=": 1},
 *     "start": [x, y], "goal": [x, y],
 *     "diagonal": "no-obstacles",
 *     "points": {"spawn": [x, y], "chest": [[x, y], [x, y]]},
 *     "queries": [
 *       {"name": "spawn to exit",
 *        "start": [x, y], "goal": [x, y], "adjacent": false,
 *        "closest": false,
 *        "expect": {"reachable": true, "cost": 12.5, "max_cost": 20,
 *                   "steps": 10, "path": [[x, y], ...]}}
 *     ]
 *   }
 *
 * width, height  Required integers from 1 to 1000000 (ASTAR_DIM_MAX).
 * rows           H strings of W characters each in the ASCII legend:
 *                '.' floor, '#' wall, 'S' start, 'G' goal (both floor),
 *                '1'..'9' floor costing that much to enter, plus the
 *                legend's characters.  At most one S and one G.  Cells
 *                are ASCII characters; anything else is unknown.
 * cells          Instead of rows: H arrays of W integers, each the cost
 *                of entering the cell, 0 (blocked) to 255.  Exactly one
 *                of rows and cells must be given.
 * legend         Optional, only with rows: extra characters, each key
 *                one ASCII character mapped to a cost from 1 to 255 or
 *                to "blocked".  It may redefine '.', '#' and the digits,
 *                but not 'S' or 'G'.
 * points         Optional named points: each key a name (non-empty,
 *                without '@') for one cell [x, y] or several
 *                [[x, y], ...] inside the map.  Wherever a start or goal
 *                is accepted, "@name" may stand for the one cell a name
 *                holds.
 * start, goal    Optional [x, y] (0-based, x the column) inside the map,
 *                or "@name"; they override the S and G of rows.  Whether the cell is
 *                open is left to the caller.
 * diagonal       Optional: the diagonal policy the map's queries are
 *                meant for, by its --diagonal name.
 * wrap           Optional: which borders join, "none", "x", "y" or "xy"
 *                (--wrap).
 * size           Optional: the side of the N x N agent the queries are
 *                for, 1 to the map's smaller side (--size); a query may
 *                give its own.
 * reach          Optional reachability assertions for --check: each
 *                {"from": P, "to": T, "reachable": true}, P [x, y] or
 *                "@name" (all its cells: a target counts as reached
 *                from any), T one P, an array of them or "*" (every
 *                open cell); reachable (default true) false asserts
 *                that no target can be reached.
 * expect         Optional, for --check: {"regions": N}, the number of
 *                connected regions of open cells under the level's
 *                diagonal rule (and wrap and size).
 * queries        Optional array of queries, each an object with a
 *                required start and goal ([x, y] or "@name", every
 *                cell of the name), or instead starts and goals
 *                (non-empty arrays of those: the cheapest path from
 *                any start to any goal), an optional name (a non-empty
 *                string without control characters, unique within the
 *                file), an optional size, the
 *                optional flags adjacent and closest (true or false:
 *                the query asks for --adjacent, --closest) and an
 *                optional expect object whose keys are all optional:
 *                reachable (true or false), cost (a number >= 0),
 *                max_cost (a number >= 0), steps (an integer >= 0) and
 *                path (a non-empty array of [x, y] inside the map).
 *
 * Any other key, at the top level, in a query or in expect, is an error,
 * to catch typos; so is a duplicate key.  Numbers that must be integers
 * must be written without a fraction or exponent.  A UTF-8 byte order
 * mark before the object is ignored.
 *
 * Syntax errors carry the line and column (counted in bytes, as the other
 * readers count them) of the byte at fault; every other error names the
 * JSON path of the bad value at the start of its message
 * ("queries[3].goal: expected [x, y]", "rows[2][4]: ...", with 0-based
 * indexes) and carries the line and column of that value, found by its
 * path in the text (json_pos.h): of the object that lacks a key, of an
 * unknown key itself, of the document for a message about it as a
 * whole.  The queries carry the places of their objects, starts and
 * goals, for the messages about them that come later (a start on a
 * wall, a failed check).  The whole document is checked before the grid is
 * allocated; only a width and height over max_cells, when json_text_size finds
 * them, are refused before the document is parsed.  Unknown keys of an
 * object are reported before its values; the values are checked in the
 * order width, height, rows or cells (with legend first), points,
 * start, goal,
 * diagonal, queries.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/value.h"
#include "json_pos.h"
#include "json_text.h"
#include "map.h"

/* Largest number of bytes of a key quoted in a message. */
#define KEY_SHOWN 40

/* The ASCII legend plus the map's own: cost per character, 0 for a wall,
 * -1 when the character means nothing. */
typedef struct legend {
	int cost[128];
} legend;

static void legend_init(legend *lg)
{
	for (int c = 0; c < 128; c++)
		lg->cost[c] = -1;
	lg->cost['.'] = lg->cost['S'] = lg->cost['G'] = 1;
	lg->cost['#'] = 0;
	for (int c = '1'; c <= '9'; c++)
		lg->cost[c] = c - '0';
}

static int legend_cost(const legend *lg, int c)
{
	return c >= 0 && c < 128 ? lg->cost[c] : -1;
}

/* Writes key into out as text fit for a message: control characters
 * escaped, UTF-8 kept, cut after about KEY_SHOWN bytes with "...". */
static const char *key_name(const char *key, char out[KEY_SHOWN + 16])
{
	size_t n = 0;
	char cn[8];

	for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
		/* Stop at a character boundary once the budget is spent. */
		if (n >= KEY_SHOWN && (*p & 0xc0) != 0x80) {
			strcpy(out + n, "...");
			return out;
		}
		if (*p < 0x20 || *p == 0x7f) {
			map_char_name(*p, cn);
			strcpy(out + n, cn);
			n += strlen(cn);
		} else {
			out[n++] = (char)*p;
		}
	}
	out[n] = '\0';
	return out;
}

/* Fails on the first key of obj (in document order) not in keys[]; where
 * is the path of obj, "" at the top level. */
static int check_keys(json_t *obj, const char *const *keys, const char *where,
                      map_error *err)
{
	const char *key;
	json_t *v;
	char kn[KEY_SHOWN + 16];

	json_object_foreach(obj, key, v)
	{
		size_t i;
		for (i = 0; keys[i] != NULL; i++)
			if (strcmp(key, keys[i]) == 0)
				break;
		if (keys[i] == NULL)
			return map_fail(err, 0, 0, "%s%sunknown key '%s'",
			                where, *where ? ": " : "",
			                key_name(key, kn));
	}
	return 0;
}

/* An integer from lo to hi, or -1. */
static int get_int(json_t *v, json_int_t lo, json_int_t hi, json_int_t *out)
{
	json_int_t n;

	if (!json_is_integer(v))
		return -1;
	n = json_integer_value(v);
	if (n < lo || n > hi)
		return -1;
	*out = n;
	return 0;
}

static int read_dim(json_t *root, const char *key, long *out, map_error *err)
{
	json_t *v = json_object_get(root, key);
	json_int_t n;

	if (v == NULL)
		return map_fail(err, 0, 0, "missing key '%s'", key);
	if (get_int(v, 1, ASTAR_DIM_MAX, &n) != 0)
		return map_fail(err, 0, 0,
		                "%s: expected an integer from 1 to %d", key,
		                ASTAR_DIM_MAX);
	*out = (long)n;
	return 0;
}

static int read_cell(json_t *v, const char *path, long width, long height,
                     json_int_t ox, json_int_t oy, astar_point *p,
                     map_error *err);

/* An [x, y] inside the width x height map, or (when names is not NULL)
 * "@name", one of the points it names; path names it in messages. */
static int read_point(json_t *v, const char *path, long width, long height,
                      const map *names, astar_point *p, map_error *err)
{
	char msg[MAP_MSG_MAX];

	if (names != NULL &&
	    (!json_is_string(v) || json_string_value(v)[0] != '@') &&
	    !json_is_array(v))
		return map_fail(err, 0, 0, "%s: expected [x, y] or \"@name\"",
		                path);
	if (names != NULL && json_is_string(v)) {
		if (map_resolve_point(names, json_string_value(v), p, msg,
		                      sizeof msg) != 0)
			return map_fail(err, 0, 0, "%s: %s", path, msg);
		return 0;
	}
	/* A start or goal is in the editor's coordinates (a check file's
	 * infinite Tiled map: its grid starts where its tiles do). */
	return read_cell(v, path, width, height, names ? names->ox : 0,
	                 names ? names->oy : 0, p, err);
}

/* An [x, y] in the editor's coordinates (cell 0,0 at ox, oy) inside the
 * width x height map, into grid cell *p; path names it in messages. */
static int read_cell(json_t *v, const char *path, long width, long height,
                     json_int_t ox, json_int_t oy, astar_point *p,
                     map_error *err)
{
	json_t *jx, *jy;
	json_int_t x, y;

	if (!json_is_array(v) || json_array_size(v) != 2 ||
	    !json_is_integer(jx = json_array_get(v, 0)) ||
	    !json_is_integer(jy = json_array_get(v, 1)))
		return map_fail(err, 0, 0, "%s: expected [x, y]", path);
	x = json_integer_value(jx);
	y = json_integer_value(jy);
	if (x < ox || x - ox >= width || y < oy || y - oy >= height)
		return map_fail(err, 0, 0,
		                "%s: %" JSON_INTEGER_FORMAT
		                ",%" JSON_INTEGER_FORMAT
		                " is outside the %ldx%ld map",
		                path, x, y, width, height);
	p->x = (int32_t)(x - ox);
	p->y = (int32_t)(y - oy);
	return 0;
}

static int read_legend(json_t *obj, legend *lg, map_error *err)
{
	const char *key;
	json_t *v;
	char kn[KEY_SHOWN + 16];
	json_int_t n;

	if (!json_is_object(obj))
		return map_fail(err, 0, 0, "legend: expected an object");
	json_object_foreach(obj, key, v)
	{
		unsigned char c = (unsigned char)key[0];

		key_name(key, kn);
		if (c == '\0' || key[1] != '\0' || c >= 0x80)
			return map_fail(
				err, 0, 0,
				"legend.%s: key must be one %scharacter", kn,
				c >= 0x80 ? "ASCII " : "");
		if (c == 'S' || c == 'G')
			return map_fail(
				err, 0, 0,
				"legend.%s: '%c' marks the %s and cannot be "
				"redefined",
				kn, c, c == 'S' ? "start" : "goal");
		if (json_is_string(v) &&
		    strcmp(json_string_value(v), "blocked") == 0)
			lg->cost[c] = 0;
		else if (get_int(v, 1, ASTAR_COST_MAX, &n) == 0)
			lg->cost[c] = (int)n;
		else
			return map_fail(
				err, 0, 0,
				"legend.%s: expected a cost from 1 to %d or "
				"\"blocked\"",
				kn, ASTAR_COST_MAX);
	}
	return 0;
}

/* Notes an S or G at rows[y][x]; a second one of either is an error
 * naming where the first was.  at holds sy, sx, gy, gx. */
static int note_marker(int c, size_t y, size_t x, map *m, size_t at[4],
                       map_error *err)
{
	int *seen = c == 'S' ? &m->has_start : &m->has_goal;
	size_t *first = c == 'S' ? at : at + 2;

	if (c != 'S' && c != 'G')
		return 0;
	if (*seen)
		return map_fail(err, 0, 0,
		                "rows[%zu][%zu]: second %s marker '%c' "
		                "(first at rows[%zu][%zu])",
		                y, x, c == 'S' ? "start" : "goal", c, first[0],
		                first[1]);
	*seen = 1;
	first[0] = y;
	first[1] = x;
	return 0;
}

/* Checks one row's characters, then its length. */
static int check_row(json_t *row, size_t y, long width, const legend *lg,
                     map *m, size_t at[4], map_error *err)
{
	const char *s;
	size_t n;
	char cn[8];

	if (!json_is_string(row))
		return map_fail(err, 0, 0, "rows[%zu]: expected a string", y);
	s = json_string_value(row);
	n = json_string_length(row);
	/* Characters first: a non-ASCII one would make the count
	 * misleading. */
	for (size_t x = 0; x < n && x < (size_t)width; x++) {
		int c = (unsigned char)s[x];
		if (legend_cost(lg, c) < 0)
			return map_fail(
				err, 0, 0,
				"rows[%zu][%zu]: unknown map character '%s'", y,
				x, map_char_name(c, cn));
		if (note_marker(c, y, x, m, at, err) != 0)
			return -1;
	}
	if (n != (size_t)width)
		return map_fail(err, 0, 0,
		                "rows[%zu]: has %zu cells, expected %ld", y, n,
		                width);
	return 0;
}

/* Checks "rows" and finds the S and G markers. */
static int check_rows(json_t *rows, long width, long height, const legend *lg,
                      map *m, map_error *err)
{
	size_t at[4] = {0, 0, 0, 0};

	if (!json_is_array(rows))
		return map_fail(err, 0, 0,
		                "rows: expected an array of strings");
	if (json_array_size(rows) != (size_t)height)
		return map_fail(err, 0, 0, "rows: expected %ld rows, got %zu",
		                height, json_array_size(rows));
	for (size_t y = 0; y < (size_t)height; y++)
		if (check_row(json_array_get(rows, y), y, width, lg, m, at,
		              err) != 0)
			return -1;
	m->start.x = (int32_t)at[1];
	m->start.y = (int32_t)at[0];
	m->goal.x = (int32_t)at[3];
	m->goal.y = (int32_t)at[2];
	return 0;
}

static int check_cells(json_t *cells, long width, long height, map_error *err)
{
	json_int_t v;

	if (!json_is_array(cells))
		return map_fail(err, 0, 0,
		                "cells: expected an array of arrays");
	if (json_array_size(cells) != (size_t)height)
		return map_fail(err, 0, 0, "cells: expected %ld rows, got %zu",
		                height, json_array_size(cells));
	for (size_t y = 0; y < (size_t)height; y++) {
		json_t *row = json_array_get(cells, y);
		size_t n;

		if (!json_is_array(row))
			return map_fail(
				err, 0, 0,
				"cells[%zu]: expected an array of integers", y);
		n = json_array_size(row);
		for (size_t x = 0; x < n && x < (size_t)width; x++)
			if (get_int(json_array_get(row, x), 0, ASTAR_COST_MAX,
			            &v) != 0)
				return map_fail(
					err, 0, 0,
					"cells[%zu][%zu]: expected an integer from 0 "
					"to %d",
					y, x, ASTAR_COST_MAX);
		if (n != (size_t)width)
			return map_fail(
				err, 0, 0,
				"cells[%zu]: has %zu cells, expected %ld", y, n,
				width);
	}
	return 0;
}

/* A number >= 0 into *out; path names it. */
static int read_nonneg(json_t *v, const char *path, double *out, map_error *err)
{
	if (!json_is_number(v) || json_number_value(v) < 0)
		return map_fail(err, 0, 0, "%s: expected a number >= 0", path);
	*out = json_number_value(v);
	return 0;
}

/* An optional true or false at key of obj into *out; where names obj. */
static int read_flag(json_t *obj, const char *key, const char *where, int *out,
                     map_error *err)
{
	json_t *v = json_object_get(obj, key);

	if (v == NULL)
		return 0;
	if (!json_is_boolean(v))
		return map_fail(err, 0, 0, "%s.%s: expected true or false",
		                where, key);
	*out = json_is_true(v);
	return 0;
}

/* The expected path: a non-empty array of cells; where names it. */
static int read_path(json_t *v, const char *where, long width, long height,
                     map_expect *e, map_error *err)
{
	char path[128];
	size_t n;

	if (!json_is_array(v) || (n = json_array_size(v)) == 0)
		return map_fail(err, 0, 0,
		                "%s.path: expected a non-empty array of [x, y]",
		                where);
	if ((e->path = calloc(n, sizeof *e->path)) == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s.path[%zu]", where, i);
		if (read_cell(json_array_get(v, i), path, width, height,
		              e->ox, e->oy, &e->path[i], err) != 0)
			return -1; /* the caller frees e->path */
	}
	e->path_len = n;
	e->has_path = 1;
	return 0;
}

static int read_expect(json_t *obj, const char *where, long width, long height,
                       map_expect *e, map_error *err)
{
	static const char *const keys[] = {"reachable", "cost", "max_cost",
	                                   "steps",     "path", NULL};
	char path[128];
	json_t *v;
	json_int_t n;

	e->cost_decimals = -1; /* jansson keeps no source text */
	if (!json_is_object(obj))
		return map_fail(err, 0, 0, "%s: expected an object", where);
	if (check_keys(obj, keys, where, err) != 0)
		return -1;
	e->has_reachable = json_object_get(obj, "reachable") != NULL;
	if (read_flag(obj, "reachable", where, &e->reachable, err) != 0)
		return -1;
	if ((v = json_object_get(obj, "cost")) != NULL) {
		snprintf(path, sizeof path, "%s.cost", where);
		if (read_nonneg(v, path, &e->cost, err) != 0)
			return -1;
		e->has_cost = 1;
	}
	if ((v = json_object_get(obj, "max_cost")) != NULL) {
		snprintf(path, sizeof path, "%s.max_cost", where);
		if (read_nonneg(v, path, &e->max_cost, err) != 0)
			return -1;
		e->has_max_cost = 1;
	}
	if ((v = json_object_get(obj, "steps")) != NULL) {
		if (get_int(v, 0, LONG_MAX, &n) != 0)
			return map_fail(err, 0, 0,
			                "%s.steps: expected an integer >= 0",
			                where);
		e->has_steps = 1;
		e->steps = (long)n;
	}
	if ((v = json_object_get(obj, "path")) != NULL &&
	    read_path(v, where, width, height, e, err) != 0)
		return -1;
	return 0;
}

/* A query's optional "name" into a new string (*out, NULL when there
 * is none): not empty, and no control characters, which would break
 * the lines of the output and the reports that name it. */
static int read_name(json_t *q, const char *where, char **out, map_error *err)
{
	json_t *v = json_object_get(q, "name");
	const char *s;
	size_t n;

	if (v == NULL)
		return 0;
	if (!json_is_string(v) || (n = json_string_length(v)) == 0)
		return map_fail(err, 0, 0,
		                "%s.name: expected a non-empty string", where);
	s = json_string_value(v);
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return map_fail(
				err, 0, 0,
				"%s.name: a control character in a name",
				where);
	if ((*out = strdup(s)) == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	return 0;
}

/* A named query, for unique_names' sort. */
typedef struct named {
	const char *name;
	size_t index;
} named;

/* By name, then by index. */
static int by_name(const void *pa, const void *pb)
{
	const named *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);

	return c != 0 ? c : (a->index > b->index) - (a->index < b->index);
}

/* Fails when two of the n queries have one name: at the second of the
 * first such pair in document order, naming the first.  A sort, so that
 * a file of many queries costs n log n. */
static int unique_names(const map_query *qs, size_t n, map_error *err)
{
	named *v;
	size_t m = 0, later = SIZE_MAX, earlier = 0, first = 0;
	char kn[KEY_SHOWN + 16];

	if ((v = malloc((n ? n : 1) * sizeof *v)) == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	for (size_t i = 0; i < n; i++)
		if (qs[i].name != NULL) {
			v[m].name = qs[i].name;
			v[m++].index = i;
		}
	qsort(v, m, sizeof *v, by_name);
	for (size_t j = 1; j < m; j++) {
		if (strcmp(v[j].name, v[j - 1].name) != 0) {
			first = j; /* the first of its name, by index */
			continue;
		}
		if (v[j].index < later) {
			later = v[j].index;
			earlier = v[first].index;
		}
	}
	free(v);
	if (later == SIZE_MAX)
		return 0;
	return map_fail(err, 0, 0,
	                "queries[%zu].name: '%s' is also the name of "
	                "queries[%zu]",
	                later, key_name(qs[later].name, kn), earlier);
}

/* One entry of "points": name to [x, y] or a non-empty [[x, y], ...]. */
static int read_named(json_t *v, const char *name, long width, long height,
                      map *m, map_error *err)
{
	char path[96];
	astar_point p;
	size_t n = 1;
	int several = json_is_array(v) && json_array_size(v) > 0 &&
	              json_is_array(json_array_get(v, 0));

	if (name[0] == '\0' || strchr(name, '@') != NULL)
		return map_fail(err, 0, 0,
		                "points: a name must be non-empty and "
		                "without '@'");
	if (several)
		n = json_array_size(v);
	for (size_t i = 0; i < n; i++) {
		json_t *c = several ? json_array_get(v, i) : v;

		if (several)
			snprintf(path, sizeof path, "points.%.40s[%zu]", name,
			         i);
		else
			snprintf(path, sizeof path, "points.%.40s", name);
		if (read_point(c, path, width, height, NULL, &p, err) != 0)
			return -1;
		if (map_add_point(m, name, p) != 0)
			return map_fail(err, 0, 0, "%s",
			                astar_strerror(ASTAR_ENOMEM));
	}
	return 0;
}

/* Reads "points" into m's named points, in the file's key order. */
static int read_points(json_t *obj, long width, long height, map *m,
                       map_error *err)
{
	const char *name;
	json_t *v;

	if (!json_is_object(obj))
		return map_fail(err, 0, 0,
		                "points: expected an object of names");
	json_object_foreach(obj, name, v)
	{
		if (read_named(v, name, width, height, m, err) != 0)
			return -1;
	}
	return 0;
}

/* One endpoint [x, y] or "@name" (every cell it names) appended to the
 * list *list of *n cells; path names it in messages. */
static int read_end(json_t *v, const char *path, long width, long height,
                    const map *m, astar_point **list, size_t *n,
                    map_error *err)
{
	char msg[MAP_MSG_MAX];
	astar_point p, *a;

	if (json_is_string(v) && json_string_value(v)[0] == '@') {
		if (map_append_points(m, json_string_value(v), list, n, msg,
		                      sizeof msg) != 0)
			return map_fail(err, 0, 0, "%s: %s", path, msg);
		return 0;
	}
	if (read_point(v, path, width, height, m, &p, err) != 0)
		return -1;
	if ((a = realloc(*list, (*n + 1) * sizeof *a)) == NULL)
		return map_fail(err, 0, 0, "%s",
		                astar_strerror(ASTAR_ENOMEM));
	*list = a;
	a[(*n)++] = p;
	return 0;
}

/* A query's start or goal (key one: [x, y] or "@name", whose cells are
 * all taken) or its starts or goals (key many: a non-empty array of
 * those): *first the first cell, *list all of them when there are
 * several (else NULL). */
static int read_ends(json_t *q, const char *one, const char *many,
                     const char *where, long width, long height, const map *m,
                     astar_point *first, astar_point **list, size_t *n,
                     map_error *err)
{
	json_t *v1 = json_object_get(q, one), *vn = json_object_get(q, many);
	char path[96];

	if (v1 != NULL && vn != NULL)
		return map_fail(err, 0, 0, "%s: give either '%s' or '%s', "
		                "not both", where, one, many);
	if (v1 == NULL && vn == NULL)
		return map_fail(err, 0, 0, "%s: missing key '%s'", where, one);
	if (v1 != NULL) {
		snprintf(path, sizeof path, "%s.%s", where, one);
		if (read_end(v1, path, width, height, m, list, n, err) != 0)
			return -1;
	} else {
		if (!json_is_array(vn) || json_array_size(vn) == 0)
			return map_fail(err, 0, 0,
			                "%s.%s: expected a non-empty array of "
			                "[x, y] or \"@name\"", where, many);
		for (size_t i = 0; i < json_array_size(vn); i++) {
			snprintf(path, sizeof path, "%s.%s[%zu]", where, many,
			         i);
			if (read_end(json_array_get(vn, i), path, width,
			             height, m, list, n, err) != 0)
				return -1;
		}
	}
	*first = (*list)[0];
	if (*n == 1) {
		free(*list);
		*list = NULL;
	}
	return 0;
}

/* An agent size (key "size"): an integer from 1 to the map's smaller
 * side. */
static int read_size(json_t *v, const char *where, long width, long height,
                     int32_t *out, map_error *err)
{
	json_int_t n;
	long most = width < height ? width : height;

	if (get_int(v, 1, most, &n) != 0)
		return map_fail(err, 0, 0,
		                "%ssize: expected an integer from 1 to %ld (the "
		                "map's smaller side)", where, most);
	*out = (int32_t)n;
	return 0;
}

/* Reads "queries" into a new array (*out, NULL when empty). */
/* queries[i]: its ends, size, flags and expectation into *out. */
static int read_query_one(json_t *q, size_t i, long width, long height,
                          const map *m, map_query *out, map_error *err)
{
	static const char *const keys[] = {
		"name", "start", "goal", "starts", "goals", "expect", "adjacent",
		"closest", "size", NULL};
	char where[64], path[96];
	json_t *v;

	snprintf(where, sizeof where, "queries[%zu]", i);
	if (!json_is_object(q))
		return map_fail(err, 0, 0, "%s: expected an object", where);
	if (check_keys(q, keys, where, err) != 0)
		return -1;
	if (read_name(q, where, &out->name, err) != 0)
		return -1;
	if (read_ends(q, "start", "starts", where, width, height, m,
	              &out->start, &out->starts, &out->nstarts, err) != 0 ||
	    read_ends(q, "goal", "goals", where, width, height, m, &out->goal,
	              &out->goals, &out->ngoals, err) != 0)
		return -1;
	snprintf(path, sizeof path, "%s.", where);
	if ((v = json_object_get(q, "size")) != NULL) {
		if (read_size(v, path, width, height, &out->size, err) != 0)
			return -1;
		out->has_size = 1;
	}
	out->line = 0;
	out->expect.cost_decimals = -1;
	if (read_flag(q, "adjacent", where, &out->adjacent, err) ||
	    read_flag(q, "closest", where, &out->closest, err))
		return -1;
	snprintf(path, sizeof path, "%s.expect", where);
	out->expect.ox = (int32_t)m->ox;
	out->expect.oy = (int32_t)m->oy;
	if ((v = json_object_get(q, "expect")) != NULL &&
	    read_expect(v, path, width, height, &out->expect, err) != 0)
		return -1;
	return 0;
}

static int read_queries(json_t *arr, long width, long height, const map *m,
                        map_query **out, size_t *count, map_error *err)
{
	size_t n;
	map_query *qs;

	*out = NULL;
	*count = 0;
	if (!json_is_array(arr))
		return map_fail(err, 0, 0, "queries: expected an array");
	n = json_array_size(arr);
	if (n == 0)
		return 0;
	qs = calloc(n, sizeof *qs);
	if (qs == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	for (size_t i = 0; i < n; i++)
		if (read_query_one(json_array_get(arr, i), i, width, height, m,
		                   &qs[i], err) != 0)
			goto fail;
	if (unique_names(qs, n, err) != 0)
		goto fail;
	*out = qs;
	*count = n;
	return 0;
fail:
	for (size_t i = 0; i < n; i++) {
		free(qs[i].expect.path);
		free(qs[i].starts);
		free(qs[i].goals);
		free(qs[i].name);
	}
	free(qs);
	return -1;
}

/* One "reach" assertion: {"from": P, "to": P, [P, ...] or "*",
 * "reachable": bool}, each P [x, y] or "@name". */
static int read_reach_one(json_t *r, const char *where, long width,
                          long height, const map *m, map_reach *out,
                          map_error *err)
{
	static const char *const keys[] = {"from", "to", "reachable", NULL};
	json_t *from, *to;
	char path[96];

	out->reachable = 1;
	if (!json_is_object(r))
		return map_fail(err, 0, 0, "%s: expected an object", where);
	if (check_keys(r, keys, where, err) != 0)
		return -1;
	if ((from = json_object_get(r, "from")) == NULL)
		return map_fail(err, 0, 0, "%s: missing key 'from'", where);
	if ((to = json_object_get(r, "to")) == NULL)
		return map_fail(err, 0, 0, "%s: missing key 'to'", where);
	snprintf(path, sizeof path, "%s.from", where);
	if (read_end(from, path, width, height, m, &out->from, &out->nfrom,
	             err) != 0)
		return -1;
	out->from_text = json_is_string(from) ? strdup(json_string_value(from))
	                                      : NULL;
	if (out->from_text == NULL) {
		char buf[32];
		snprintf(buf, sizeof buf, "%d,%d", (int)out->from[0].x,
		         (int)out->from[0].y);
		out->from_text = strdup(buf);
	}
	if (out->from_text == NULL)
		return map_fail(err, 0, 0, "%s",
		                astar_strerror(ASTAR_ENOMEM));
	snprintf(path, sizeof path, "%s.to", where);
	if (json_is_string(to) && strcmp(json_string_value(to), "*") == 0) {
		out->all = 1;
	} else if (json_is_array(to) && json_array_size(to) > 0 &&
	           !json_is_integer(json_array_get(to, 0))) {
		for (size_t i = 0; i < json_array_size(to); i++) {
			snprintf(path, sizeof path, "%s.to[%zu]", where, i);
			if (read_end(json_array_get(to, i), path, width,
			             height, m, &out->to, &out->nto, err) != 0)
				return -1;
		}
	} else if (read_end(to, path, width, height, m, &out->to, &out->nto,
	                    err) != 0) {
		return -1;
	}
	if (read_flag(r, "reachable", where, &out->reachable, err) != 0)
		return -1;
	if (json_object_get(r, "reachable") == NULL)
		out->reachable = 1;
	return 0;
}

/* A level's "reach" assertions. */
static int read_reach(json_t *arr, long width, long height, map *m,
                      map_error *err)
{
	char where[64];
	size_t n;

	if (!json_is_array(arr))
		return map_fail(err, 0, 0, "reach: expected an array");
	n = json_array_size(arr);
	if (n == 0)
		return 0;
	if ((m->reach = calloc(n, sizeof *m->reach)) == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	m->nreach = n;
	for (size_t i = 0; i < n; i++) {
		snprintf(where, sizeof where, "reach[%zu]", i);
		if (read_reach_one(json_array_get(arr, i), where, width, height,
		                   m, &m->reach[i], err) != 0)
			return -1;
	}
	return 0;
}

/* A level's own "expect": {"regions": N}. */
static int read_level_expect(json_t *obj, map *m, map_error *err)
{
	static const char *const keys[] = {"regions", NULL};
	json_t *v;
	json_int_t n;

	if (!json_is_object(obj))
		return map_fail(err, 0, 0, "expect: expected an object");
	if (check_keys(obj, keys, "expect", err) != 0)
		return -1;
	if ((v = json_object_get(obj, "regions")) != NULL) {
		if (get_int(v, 0, LONG_MAX, &n) != 0)
			return map_fail(err, 0, 0,
			                "expect.regions: expected an integer "
			                ">= 0");
		m->has_regions = 1;
		m->regions = (long)n;
	}
	return 0;
}

/* Fills the grid from checked rows or cells. */
static void fill(astar_grid *g, json_t *rows, json_t *cells, const legend *lg,
                 long width, long height)
{
	for (long y = 0; y < height; y++) {
		uint8_t *out = astar_grid_row(g, (int32_t)y);
		const char *s = rows ? json_string_value(
					       json_array_get(rows, (size_t)y))
		                     : NULL;
		json_t *row = cells ? json_array_get(cells, (size_t)y) : NULL;

		for (long x = 0; x < width; x++) {
			int c = s ? legend_cost(lg, (unsigned char)s[x])
			          : (int)json_integer_value(
					    json_array_get(row, (size_t)x));
			out[x] = (uint8_t)c;
		}
	}
	astar_grid_recount(g);
}

/* A level's own start, goal and diagonal policy, in a JSON map or a
 * check file alike. */
static int read_rules(json_t *root, long width, long height, map *m,
                      map_error *err)
{
	json_t *v;

	if ((v = json_object_get(root, "start")) != NULL) {
		if (read_point(v, "start", width, height, m, &m->start, err) !=
		    0)
			return -1;
		m->has_start = 1;
	}
	if ((v = json_object_get(root, "goal")) != NULL) {
		if (read_point(v, "goal", width, height, m, &m->goal, err) != 0)
			return -1;
		m->has_goal = 1;
	}
	if ((v = json_object_get(root, "diagonal")) != NULL) {
		if (!json_is_string(v) ||
		    value_diagonal(json_string_value(v), &m->diagonal) != 0)
			return map_fail(err, 0, 0,
			                "diagonal: expected never, always, "
			                "at-most-one-obstacle, no-obstacles");
		m->has_diagonal = 1;
	}
	return 0;
}

/* A check file: {"level": FILE, ...} — the grid and points from an
 * editor's file (map_check.c), the queries and expectations from here. */
static int read_level_root(json_t *root, const char *path, size_t max_cells,
                           map *m, map_error *err)
{
	static const char *const keys[] = {
		"level", "level_id", "layer",   "solid",    "cost", "costs",
		"start", "goal",     "queries", "diagonal", NULL};
	json_t *v;
	long width, height;

	if (check_keys(root, keys, "", err) != 0 ||
	    map_check_load(root, path, max_cells, m, err) != 0)
		return -1;
	width = astar_grid_width(m->grid);
	height = astar_grid_height(m->grid);
	if (read_rules(root, width, height, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "queries")) != NULL &&
	    read_queries(v, width, height, m, &m->queries, &m->nqueries, err) !=
	            0)
		return -1;
	return 0;
}

/* Everything but the syntax: checks root and fills *m. */
/* The map itself: exactly one of "rows" (with an optional "legend") or
 * "cells", checked against width x height. */
static int read_body(json_t *root, long width, long height, map *m,
                     json_t **rows, json_t **cells, legend *lg,
                     map_error *err)
{
	json_t *v;

	*rows = json_object_get(root, "rows");
	*cells = json_object_get(root, "cells");
	if (*rows != NULL && *cells != NULL)
		return map_fail(err, 0, 0,
		                "give either 'rows' or 'cells', not both");
	if (*rows == NULL && *cells == NULL)
		return map_fail(err, 0, 0, "missing key 'rows' or 'cells'");
	legend_init(lg);
	if ((v = json_object_get(root, "legend")) != NULL) {
		if (*cells != NULL)
			return map_fail(err, 0, 0,
			                "legend: only allowed with 'rows'");
		if (read_legend(v, lg, err) != 0)
			return -1;
	}
	if (*rows != NULL ? check_rows(*rows, width, height, lg, m, err)
	                  : check_cells(*cells, width, height, err))
		return -1;
	return 0;
}

/* Everything beside the map: points, rules, wrap, size, queries and
 * the level's assertions, in that order. */
static int read_extras(json_t *root, long width, long height, map *m,
                       map_error *err)
{
	json_t *v;

	if ((v = json_object_get(root, "points")) != NULL &&
	    read_points(v, width, height, m, err) != 0)
		return -1;
	if (read_rules(root, width, height, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "wrap")) != NULL) {
		if (!json_is_string(v) ||
		    value_wrap(json_string_value(v), &m->wrap) != 0)
			return map_fail(err, 0, 0,
			                "wrap: expected none, x, y or xy");
		m->has_wrap = 1;
	}
	if ((v = json_object_get(root, "size")) != NULL) {
		if (read_size(v, "", width, height, &m->size, err) != 0)
			return -1;
		m->has_size = 1;
	}
	if ((v = json_object_get(root, "queries")) != NULL &&
	    read_queries(v, width, height, m, &m->queries, &m->nqueries, err) !=
	            0)
		return -1;
	if ((v = json_object_get(root, "reach")) != NULL &&
	    read_reach(v, width, height, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "expect")) != NULL &&
	    read_level_expect(v, m, err) != 0)
		return -1;
	return 0;
}

static int read_root(json_t *root, const char *path, size_t max_cells, map *m,
                     map_error *err)
{
	static const char *const keys[] = {
		"width", "height", "rows",    "cells",    "legend", "start",
		"goal",  "queries", "diagonal", "points", "wrap",   "size",
		"reach", "expect", NULL};
	json_t *rows, *cells;
	long width = 0, height = 0;
	legend lg;
	astar_status st;

	if (!json_is_object(root))
		return map_fail(err, 0, 0,
		                "expected a JSON object at the top level");
	if (json_object_get(root, "level") != NULL)
		return read_level_root(root, path, max_cells, m, err);
	if (check_keys(root, keys, "", err) != 0 ||
	    read_dim(root, "width", &width, err) != 0 ||
	    read_dim(root, "height", &height, err) != 0)
		return -1;
	/* Before anything else: a huge claimed size is the clearest error. */
	if (map_check_size(width, height, max_cells, 0, err) != 0)
		return -1;
	if (read_body(root, width, height, m, &rows, &cells, &lg, err) != 0 ||
	    read_extras(root, width, height, m, err) != 0)
		return -1;

	m->grid = astar_grid_new((int32_t)width, (int32_t)height, &st);
	if (m->grid == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(st));
	fill(m->grid, rows, cells, &lg, width, height);
	return 0;
}

/* ------------------------------------------------------------- errors */

/* Fails with msg at the line and (byte) column of offset off in buf. */
static int json_fail(const char *buf, size_t off, const char *msg,
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

/* ------------------------------------------------------------ places */

/* Sets err's place to that of the value at the JSON path p (plen bytes)
 * and then the member key when key is set (the nearest part of that
 * path that the text has), or of its key when key or at_key is set; a
 * path that is none places it at the document. */
static void place_path(const char *buf, size_t len, const char *p, size_t plen,
                       const char *key, int at_key, map_error *err)
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
static void place_error(const char *buf, size_t len, map_error *err)
{
	const char *msg = err->msg, *sep = strstr(msg, ": ");
	const char *rest = msg, *uk;
	char key[KEY_SHOWN + 16];
	size_t plen = 0;

	if (strcmp(msg, "out of memory") == 0 ||
	    strcmp(msg, astar_strerror(ASTAR_ENOMEM)) == 0)
		return;
	/* map_check_size's, about the width and height together */
	if (strncmp(msg, "the map has ", 12) == 0) {
		place_path(buf, len, "width", 5, NULL, 0, err);
		return;
	}
	/* a check file's level (map_check.c): "level FILE: ..." is about
	 * its "level" */
	if (strncmp(msg, "level ", 6) == 0) {
		place_path(buf, len, "level", 5, NULL, 0, err);
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
			place_path(buf, len, msg, plen, key, 0, err);
			return;
		}
	}
	/* The legend's keys are what is wrong with them. */
	place_path(buf, len, msg, plen, NULL,
	           strncmp(rest, "key must be", 11) == 0 ||
	                   strstr(rest, "cannot be redefined") != NULL,
	           err);
}

/* What place_queries' walk fills: the map whose queries it places. */
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
static void place_queries(const char *buf, size_t len, map *m)
{
	(void)json_pos_walk(buf, len, query_visit, m);
}

/* Part of jansson's message on "\u0000" in a string. */
#define FLAG_NAME " without JSON_ALLOW_NUL"

int map_read_json(const char *buf, size_t len, size_t max_cells, map *m,
                  map_error *err)
{
	return map_read_json_at(buf, len, max_cells, NULL, m, err);
}

int map_read_json_at(const char *buf, size_t len, size_t max_cells,
                     const char *path, map *m, map_error *err)
{
	json_t *root;
	json_error_t jerr;
	const char *nul;
	size_t n, bom;
	long width, height;
	int rc;

	memset(m, 0, sizeof *m);
	bom = map_bom(buf, len);
	buf += bom;
	len -= bom;
	/* jansson takes a NUL byte for the end of the input, and then
	 * speaks of an end of file in the middle of one: it reads only
	 * the bytes before the first NUL, whose error, when it is not an
	 * earlier one, is the NUL itself. */
	nul = memchr(buf, '\0', len);
	n = nul != NULL ? (size_t)(nul - buf) : len;
	if (json_text_size(buf, n, &width, &height) &&
	    map_check_size(width, height, max_cells, 0, err) != 0) {
		place_path(buf, n, "width", 5, NULL, 0, err);
		return -1;
	}
	root = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &jerr);
	/* jansson says nothing at all when building its tree runs out of
	 * memory (only some of its allocations set the error's code). */
	if (root == NULL &&
	    (json_error_code(&jerr) == json_error_out_of_memory ||
	     jerr.text[0] == '\0'))
		return map_fail(err, 0, 0, "out of memory");
	if (root == NULL) {
		size_t off = json_text_error_offset(buf, n, &jerr);
		char *flag = strstr(jerr.text, FLAG_NAME);
		if (nul != NULL && off >= n)
			return json_fail(buf, n, "invalid byte '\\x00'", err);
		if (flag != NULL) /* a jansson flag means nothing to users */
			memmove(flag, flag + strlen(FLAG_NAME),
			        strlen(flag + strlen(FLAG_NAME)) + 1);
		return json_fail(buf, off, jerr.text, err);
	}
	if (nul != NULL) {
		json_decref(root);
		return json_fail(buf, n, "invalid byte '\\x00'", err);
	}
	rc = read_root(root, path, max_cells, m, err);
	json_decref(root);
	if (rc != 0) {
		map_free(m);
		if (err->line == 0)
			place_error(buf, n, err);
	} else {
		place_queries(buf, n, m);
	}
	return rc;
}
