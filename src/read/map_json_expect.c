/*
 * map_json_expect.c - what a JSON map expects, for --check: a query's
 * "expect" (reachable, cost, max_cost, steps, path), the level's "reach"
 * assertions and its own "expect" (the number of regions).  It names
 * cells through map_json_points.h and is called by the queries and by
 * map_json.c, never calling either.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map_json_expect.h"
#include "map_json_points.h"
#include "map_json_values.h"

/* A number >= 0 into *out; path names it. */
static int read_nonneg(json_t *v, const char *path, double *out, map_error *err)
{
	if (!json_is_number(v) || json_number_value(v) < 0)
		return map_fail(err, 0, 0, "%s: expected a number >= 0", path);
	*out = json_number_value(v);
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
		if (map_json_cell(json_array_get(v, i), path, width, height,
		                  e->ox, e->oy, &e->path[i], err) != 0)
			return -1; /* the caller frees e->path */
	}
	e->path_len = n;
	e->has_path = 1;
	return 0;
}

int map_json_expect(json_t *obj, const char *where, long width, long height,
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
	if (map_json_check_keys(obj, keys, where, err) != 0)
		return -1;
	e->has_reachable = json_object_get(obj, "reachable") != NULL;
	if (map_json_flag(obj, "reachable", where, &e->reachable, err) != 0)
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
		if (map_json_int(v, 0, LONG_MAX, &n) != 0)
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

/* How a reach check names its "from" in messages: "@name" as written,
 * else the x,y of its cell. */
static int name_from(json_t *from, map_reach *out, map_error *err)
{
	out->from_text =
		json_is_string(from) ? strdup(json_string_value(from)) : NULL;
	if (out->from_text == NULL) {
		char buf[32];
		snprintf(buf, sizeof buf, "%d,%d", (int)out->from[0].x,
		         (int)out->from[0].y);
		out->from_text = strdup(buf);
	}
	if (out->from_text == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	return 0;
}

/* One "reach" assertion: {"from": P, "to": P, [P, ...] or "*",
 * "reachable": bool}, each P [x, y] or "@name". */
static int read_reach_one(json_t *r, const char *where, long width, long height,
                          const map *m, map_reach *out, map_error *err)
{
	static const char *const keys[] = {"from", "to", "reachable", NULL};
	json_t *from, *to;
	char path[96];

	out->reachable = 1;
	if (!json_is_object(r))
		return map_fail(err, 0, 0, "%s: expected an object", where);
	if (map_json_check_keys(r, keys, where, err) != 0)
		return -1;
	if ((from = json_object_get(r, "from")) == NULL)
		return map_fail(err, 0, 0, "%s: missing key 'from'", where);
	if ((to = json_object_get(r, "to")) == NULL)
		return map_fail(err, 0, 0, "%s: missing key 'to'", where);
	snprintf(path, sizeof path, "%s.from", where);
	if (map_json_end(from, path, width, height, m, &out->from, &out->nfrom,
	                 err) != 0)
		return -1;
	if (name_from(from, out, err) != 0)
		return -1;
	snprintf(path, sizeof path, "%s.to", where);
	if (json_is_string(to) && strcmp(json_string_value(to), "*") == 0) {
		out->all = 1;
	} else if (json_is_array(to) && json_array_size(to) > 0 &&
	           !json_is_integer(json_array_get(to, 0))) {
		for (size_t i = 0; i < json_array_size(to); i++) {
			snprintf(path, sizeof path, "%s.to[%zu]", where, i);
			if (map_json_end(json_array_get(to, i), path, width,
			                 height, m, &out->to, &out->nto,
			                 err) != 0)
				return -1;
		}
	} else if (map_json_end(to, path, width, height, m, &out->to, &out->nto,
	                        err) != 0) {
		return -1;
	}
	if (map_json_flag(r, "reachable", where, &out->reachable, err) != 0)
		return -1;
	if (json_object_get(r, "reachable") == NULL)
		out->reachable = 1;
	return 0;
}

/* A level's "reach" assertions. */
int map_json_reach(json_t *arr, long width, long height, map *m, map_error *err)
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
int map_json_level_expect(json_t *obj, map *m, map_error *err)
{
	static const char *const keys[] = {"regions", NULL};
	json_t *v;
	json_int_t n;

	if (!json_is_object(obj))
		return map_fail(err, 0, 0, "expect: expected an object");
	if (map_json_check_keys(obj, keys, "expect", err) != 0)
		return -1;
	if ((v = json_object_get(obj, "regions")) != NULL) {
		if (map_json_int(v, 0, LONG_MAX, &n) != 0)
			return map_fail(err, 0, 0,
			                "expect.regions: expected an integer "
			                ">= 0");
		m->has_regions = 1;
		m->regions = (long)n;
	}
	return 0;
}
