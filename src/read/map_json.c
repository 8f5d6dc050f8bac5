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
 * width, height  Optional integers from 1 to 1000000 (ASTAR_DIM_MAX):
 *                left out, they are the rows' (or cells') own, W the
 *                length of the first row, H their number; given, the
 *                rows must agree with them.
 * rows           H strings of W characters each in the ASCII legend:
 *                '.' floor, '#' wall, 'S' start, 'G' goal (both floor),
 *                '1'..'9' floor costing that much to enter, plus the
 *                legend's characters.  At most one S and one G.  Cells
 *                are ASCII characters; anything else is unknown.
 * cells          Instead of rows: H arrays of W integers, each the cost
 *                of entering the cell, 0 (blocked) to 255 (a list of
 *                rows too, so W and H may be left out as with rows).
 *                Exactly one of rows and cells must be given.
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
 * heights        Optional: H rows of W numbers, each cell's height: a
 *                step then costs its 3D length (map_json_heights.c).
 * size           Optional: the side of the N x N agent the queries are
 *                for, 1 to the map's smaller side (--size); a query may
 *                give its own.  An array [W, H, D] instead makes the
 *                file a voxel level (map_json_voxel.c).
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
 * them, are refused before the document is parsed.  Without them the size
 * is the rows', checked right after parsing: the tree then holds no more
 * cells than the file has bytes, which its read already bounds.  A width
 * or height left out is taken from the rows before that check (and
 * before the legend is read).  Unknown keys of an
 * object are reported before its values; the values are checked in the
 * order width, height, rows or cells (with legend first), points,
 * start, goal,
 * diagonal, queries.
 *
 * The reader is in parts, each in a file named for what it reads, and
 * this file, the entry, calls them in the order above; no part calls
 * back up, so the arrows between them point one way:
 *
 *   map_json_grid.c     width, height, rows or cells, legend
 *   map_json_queries.c  queries (calls the expectations and points)
 *   map_json_expect.c   a query's expect, the level's reach and expect
 *   map_json_points.c   [x, y], "@name", points
 *   map_json_values.c   keys, integers, flags, sizes: the lowest
 *   map_json_places.c   the line and column of a message or a query
 *
 * They pass each other the map and its width and height as arguments,
 * not a shared context: each part needs only those, and says so in its
 * header.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/value.h"
#include "json_text.h"
#include "map.h"
#include "map_json_expect.h"
#include "map_json_grid.h"
#include "map_json_heights.h"
#include "map_json_places.h"
#include "map_json_points.h"
#include "map_json_queries.h"
#include "map_json_values.h"
#include "world_json.h"
#include "map_json_voxel.h"

/* A level's own start, goal and diagonal policy, in a JSON map or a
 * check file alike. */
static int read_rules(json_t *root, long width, long height, map *m,
                      map_error *err)
{
	json_t *v;

	if ((v = json_object_get(root, "start")) != NULL) {
		if (map_json_point(v, "start", width, height, m, &m->start,
		                   err) != 0)
			return -1;
		m->has_start = 1;
	}
	if ((v = json_object_get(root, "goal")) != NULL) {
		if (map_json_point(v, "goal", width, height, m, &m->goal,
		                   err) != 0)
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

/* A check file's own "start" and "goal" replace what the level's
 * defaults chose: said so in m->chosen. */
static int given_ends(json_t *root, map *m, map_error *err)
{
	map_chosen *c = m->chosen;

	for (int goal = 0; c != NULL && goal < 2; goal++) {
		const char *key = goal ? "goal" : "start";
		char **point = goal ? &c->goal : &c->start;
		char **by = goal ? &c->goal_by : &c->start_by;
		if (json_object_get(root, key) == NULL)
			continue;
		free(*point);
		free(*by);
		*point = NULL;
		if ((*by = strdup(goal ? "the check file's \"goal\""
		                       : "the check file's \"start\"")) == NULL)
			return map_fail(err, 0, 0, "out of memory");
	}
	return 0;
}

/* A check file: {"level": FILE, ...} — the grid and points from an
 * editor's file (map_check.c), the queries and expectations from here:
 * its own points beside the level's, and reach and region checks, as a
 * JSON level has them. */
static int read_level_root(json_t *root, const char *path, size_t max_cells,
                           map *m, map_error *err)
{
	static const char *const keys[] = {
		"level",    "level_id", "layer",  "solid",  "cost",
		"costs",    "start",    "goal",   "queries", "diagonal",
		"points",   "reach",    "expect", "world",   NULL};
	json_t *v;
	long width, height;

	if (map_json_check_keys(root, keys, "", err) != 0 ||
	    map_check_load(root, path, max_cells, m, err) != 0)
		return -1;
	if (m->world != NULL) /* "world": true, a whole LDtk project */
		return map_world_json_checks(root, m, err);
	width = astar_grid_width(m->grid);
	height = astar_grid_height(m->grid);
	if ((v = json_object_get(root, "points")) != NULL &&
	    map_json_points(v, width, height, m, err) != 0)
		return -1;
	if (read_rules(root, width, height, m, err) != 0 ||
	    given_ends(root, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "queries")) != NULL &&
	    map_json_queries(v, width, height, m, &m->queries, &m->nqueries,
	                     err) != 0)
		return -1;
	if ((v = json_object_get(root, "reach")) != NULL &&
	    map_json_reach(v, width, height, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "expect")) != NULL &&
	    map_json_level_expect(v, m, err) != 0)
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
	    map_json_points(v, width, height, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "heights")) != NULL &&
	    map_json_heights(v, width, height, m, err) != 0)
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
		if (map_json_size(v, "", width, height, &m->size, err) != 0)
			return -1;
		m->has_size = 1;
	}
	if ((v = json_object_get(root, "queries")) != NULL &&
	    map_json_queries(v, width, height, m, &m->queries, &m->nqueries,
	                     err) != 0)
		return -1;
	if ((v = json_object_get(root, "reach")) != NULL &&
	    map_json_reach(v, width, height, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "expect")) != NULL &&
	    map_json_level_expect(v, m, err) != 0)
		return -1;
	return 0;
}

/* Everything but the syntax: checks root and fills *m. */
static int read_root(json_t *root, const char *path, size_t max_cells, map *m,
                     map_error *err)
{
	static const char *const keys[] = {
		"width", "height", "rows",    "cells",    "legend",
		"start", "goal",   "queries", "diagonal", "points",
		"wrap",  "size",   "reach",   "expect",   "heights", NULL};
	json_t *rows, *cells;
	long width = 0, height = 0;
	map_json_legend lg;
	astar_status st;

	if (!json_is_object(root))
		return map_fail(err, 0, 0,
		                "expected a JSON object at the top level");
	if (json_object_get(root, "level") != NULL)
		return read_level_root(root, path, max_cells, m, err);
	if (json_object_get(root, "floors") != NULL)
		return map_read_world_json(root, max_cells, m, err);
	if (json_is_array(json_object_get(root, "maps")) &&
	    json_object_get(root, "rows") == NULL &&
	    json_object_get(root, "cells") == NULL)
		return map_fail(err, 0, 0, "maps: a Tiled world; astar reads one "
		                "from a file whose name ends in .world");
	if (json_is_array(json_object_get(root, "size")))
		return map_json_voxel(root, max_cells, m, err);
	if (map_json_check_keys(root, keys, "", err) != 0 ||
	    map_json_dim(root, "width", &width, err) != 0 ||
	    map_json_dim(root, "height", &height, err) != 0)
		return -1;
	if ((width == 0 || height == 0) &&
	    map_json_derive(root, &width, &height, err) != 0)
		return -1;
	/* Before anything else: a huge claimed size is the clearest error. */
	if (map_check_size(width, height, max_cells, 0, err) != 0)
		return -1;
	if (map_json_body(root, width, height, m, &rows, &cells, &lg, err) !=
	            0 ||
	    read_extras(root, width, height, m, err) != 0)
		return -1;

	m->grid = astar_grid_new((int32_t)width, (int32_t)height, &st);
	if (m->grid == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(st));
	map_json_fill(m->grid, rows, cells, &lg, width, height);
	return 0;
}

/* Part of jansson's message on "\u0000" in a string. */
#define FLAG_NAME " without JSON_ALLOW_NUL"

/* The tree of buf[0..n), the bytes before the first NUL (nul, or NULL
 * when there is none), or NULL with err set at the byte at fault. */
static json_t *parse(const char *buf, size_t n, const char *nul, map_error *err)
{
	json_error_t jerr;
	json_t *root = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &jerr);

	/* jansson says nothing at all when building its tree runs out of
	 * memory (only some of its allocations set the error's code). */
	if (root == NULL &&
	    (json_error_code(&jerr) == json_error_out_of_memory ||
	     jerr.text[0] == '\0')) {
		map_fail(err, 0, 0, "out of memory");
		return NULL;
	}
	if (root == NULL) {
		size_t off = json_text_error_offset(buf, n, &jerr);
		char *flag = strstr(jerr.text, FLAG_NAME);
		if (nul != NULL && off >= n) {
			map_json_fail_at(buf, n, "invalid byte '\\x00'", err);
			return NULL;
		}
		if (flag != NULL) /* a jansson flag means nothing to users */
			memmove(flag, flag + strlen(FLAG_NAME),
			        strlen(flag + strlen(FLAG_NAME)) + 1);
		map_json_fail_at(buf, off, jerr.text, err);
		return NULL;
	}
	if (nul != NULL) {
		json_decref(root);
		map_json_fail_at(buf, n, "invalid byte '\\x00'", err);
		return NULL;
	}
	return root;
}

int map_read_json(const char *buf, size_t len, size_t max_cells, map *m,
                  map_error *err)
{
	return map_read_json_at(buf, len, max_cells, NULL, m, err);
}

int map_read_json_at(const char *buf, size_t len, size_t max_cells,
                     const char *path, map *m, map_error *err)
{
	json_t *root;
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
		map_json_place_path(buf, n, "width", 5, NULL, 0, err);
		return -1;
	}
	if ((root = parse(buf, n, nul, err)) == NULL)
		return -1;
	rc = read_root(root, path, max_cells, m, err);
	json_decref(root);
	if (rc != 0) {
		map_free(m);
		if (err->line == 0)
			map_json_place_error(buf, n, err);
	} else if (m->voxels != NULL) {
		map_json_voxel_places(buf, n, m);
	} else {
		map_json_place_queries(buf, n, m);
		if (m->world != NULL)
			world_json_place(buf, n, m);
	}
	return rc;
}
