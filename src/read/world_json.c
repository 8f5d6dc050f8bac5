/*
 * world_json.c - a JSON map of several floors, a world (world_map.h):
 *
 *   {"floors": [{"name": "ground", "rows": ["S.>", ...], "at": [x, y],
 *                "depth": 0, "legend": {...}}, ...],
 *    "links": [{"from": [x, y, f], "to": [x, y, f], "cost": 2,
 *               "oneway": true}],
 *    "points": {"name": [x, y, f] or [[x, y, f], ...]},
 *    "start": [x, y, f] or "@name", "goal": ..., "diagonal": "..."}
 *
 * Each floor is a JSON level's grid (rows or cells, legend, width and
 * height); at defaults to [0, 0], depth to the floor's number.  f is a
 * floor's number or name.  In rows, '>' on floor f and '<' at the same
 * x, y on floor f + 1 are stairs: one step of cost 1, both ways.  A link
 * costs 1 unless told, both ways unless oneway.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/value.h"
#include "map_json_expect.h"
#include "map_json_grid.h"
#include "map_json_values.h"
#include "world_json.h"
#include "world_map.h"

#include "json_pos.h"

/* Prefixes the message a level's reader gave with the floor's path:
 * "floors[k]." before a path of its own, "floors[k]: " otherwise. */
static int floor_fail(size_t k, map_error *err)
{
	char keys[256], msg[sizeof err->msg];
	json_step steps[JSON_PATH_MAX];
	int path = json_path_parse(err->msg, strcspn(err->msg, ":"), steps,
	                           JSON_PATH_MAX, keys, sizeof keys) > 0;

	snprintf(msg, sizeof msg, "floors[%zu]%s%.480s", k, path ? "." : ": ",
	         err->msg);
	memcpy(err->msg, msg, sizeof msg);
	return -1;
}

/* '>' and '<' are floor cells, unless the floor's legend says more. */
static json_t *with_stairs(json_t *floor)
{
	json_t *f = json_deep_copy(floor), *lg;

	if (f == NULL || json_object_get(f, "rows") == NULL)
		return f;
	if ((lg = json_object_get(f, "legend")) == NULL) {
		lg = json_object();
		json_object_set_new(f, "legend", lg);
	}
	if (json_is_object(lg) && json_object_get(lg, ">") == NULL)
		json_object_set_new(lg, ">", json_integer(1));
	if (json_is_object(lg) && json_object_get(lg, "<") == NULL)
		json_object_set_new(lg, "<", json_integer(1));
	return f;
}

/* A floor's grid, and the S and G its rows mark. */
static int floor_grid(map_world *w, size_t k, json_t *floor, size_t max_cells,
                      map_error *err)
{
	json_t *rows, *cells, *f = with_stairs(floor);
	long width = 0, height = 0;
	map_json_legend lg;
	map tmp;
	astar_status st;
	int rc = -1;

	memset(&tmp, 0, sizeof tmp);
	if (f == NULL)
		return map_fail(err, 0, 0, "out of memory");
	if (map_json_dim(f, "width", &width, err) != 0 ||
	    map_json_dim(f, "height", &height, err) != 0 ||
	    ((width == 0 || height == 0) &&
	     map_json_derive(f, &width, &height, err) != 0) ||
	    map_check_size(width, height, max_cells, 0, err) != 0 ||
	    map_json_body(f, width, height, &tmp, &rows, &cells, &lg, err) != 0) {
		floor_fail(k, err);
		goto out;
	}
	w->floors[k].grid = astar_grid_new((int32_t)width, (int32_t)height, &st);
	if (w->floors[k].grid == NULL) {
		map_fail(err, 0, 0, "%s", astar_strerror(st));
		goto out;
	}
	map_json_fill(w->floors[k].grid, rows, cells, &lg, width, height);
	rc = 0;
	for (int e = 0; e < 2 && rc == 0; e++) {
		int has = e ? tmp.has_goal : tmp.has_start;
		astar_point p = e ? tmp.goal : tmp.start;
		astar_place *to = e ? &w->goal : &w->start;
		if (!has)
			continue;
		if (e ? w->has_goal : w->has_start)
			rc = map_fail(err, 0, 0, "floors[%zu].rows: a second '%c' "
			              "(the world's first is on floor %u)",
			              k, e ? 'G' : 'S', to->level);
		*to = (astar_place){p.x, p.y, 0, (uint32_t)k};
		*(e ? &w->has_goal : &w->has_start) = 1;
	}
out:
	json_decref(f);
	map_free(&tmp);
	return rc;
}

/* An optional integer pair at key ("at"), or an integer ("depth"). */
static int floor_place(json_t *floor, size_t k, map_floor *fl, map_error *err)
{
	json_t *at = json_object_get(floor, "at"), *d = json_object_get(floor, "depth");
	json_int_t x, y, depth;

	fl->depth = (int32_t)k;
	if (at != NULL) {
		if (!json_is_array(at) || json_array_size(at) != 2 ||
		    map_json_int(json_array_get(at, 0), -ASTAR_DIM_MAX, ASTAR_DIM_MAX, &x) ||
		    map_json_int(json_array_get(at, 1), -ASTAR_DIM_MAX, ASTAR_DIM_MAX, &y))
			return map_fail(err, 0, 0, "floors[%zu].at: expected [x, y], "
			                "whole numbers from -%d to %d", k,
			                ASTAR_DIM_MAX, ASTAR_DIM_MAX);
		fl->x = (int32_t)x;
		fl->y = (int32_t)y;
	}
	if (d != NULL) {
		if (map_json_int(d, -ASTAR_DIM_MAX, ASTAR_DIM_MAX, &depth) != 0)
			return map_fail(err, 0, 0, "floors[%zu].depth: expected a "
			                "whole number from -%d to %d", k,
			                ASTAR_DIM_MAX, ASTAR_DIM_MAX);
		fl->depth = (int32_t)depth;
	}
	return 0;
}

static int read_floors(map_world *w, json_t *floors, size_t max_cells,
                       map_error *err)
{
	static const char *const keys[] = {"name", "rows", "cells", "legend",
	                                   "width", "height", "at", "depth",
	                                   NULL};
	char where[48], buf[24];

	if (!json_is_array(floors) || json_array_size(floors) == 0)
		return map_fail(err, 0, 0, "floors: expected a list of floors, "
		                "each {\"name\": ..., \"rows\": [...]}");
	w->floors = calloc(json_array_size(floors), sizeof *w->floors);
	if (w->floors == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (size_t k = 0; k < json_array_size(floors); k++) {
		json_t *f = json_array_get(floors, k), *name;
		map_floor *fl = &w->floors[k];
		long other;
		snprintf(where, sizeof where, "floors[%zu].", k);
		if (!json_is_object(f))
			return map_fail(err, 0, 0, "floors[%zu]: expected an object", k);
		if (map_json_check_keys(f, keys, where, err) != 0)
			return -1;
		name = json_object_get(f, "name");
		snprintf(buf, sizeof buf, "%zu", k);
		if (name != NULL && (!json_is_string(name) ||
		                     json_string_length(name) == 0))
			return map_fail(err, 0, 0, "floors[%zu].name: expected a "
			                "non-empty string", k);
		if ((other = map_world_floor(w, name ? json_string_value(name) : buf)) >= 0 &&
		    name != NULL && strcmp(w->floors[other].name, json_string_value(name)) == 0)
			return map_fail(err, 0, 0, "floors[%zu].name: '%s' is floor "
			                "%ld's name already", k,
			                json_string_value(name), other);
		fl->name = strdup(name ? json_string_value(name) : buf);
		if (fl->name == NULL)
			return map_fail(err, 0, 0, "out of memory");
		w->nfloors = k + 1;
		if (floor_place(f, k, fl, err) != 0 ||
		    floor_grid(w, k, f, max_cells, err) != 0)
			return -1;
	}
	return 0;
}

/* The stairs of the rows: a '>' on floor k joins the '<' at the same
 * x, y on floor k + 1.  Fails on one without the other. */
static int read_stairs(map_world *w, json_t *floors, map_error *err)
{
	for (size_t k = 0; k < w->nfloors; k++) {
		json_t *rows = json_object_get(json_array_get(floors, k), "rows");
		for (size_t y = 0; json_is_array(rows) && y < json_array_size(rows); y++) {
			const char *r = json_string_value(json_array_get(rows, y));
			for (size_t x = 0; r != NULL && r[x] != '\0'; x++) {
				int down = r[x] == '>';
				size_t j = down ? k + 1 : k - 1;
				json_t *jr;
				const char *o;
				if (r[x] != '>' && r[x] != '<')
					continue;
				if (!down && k == 0)
					return map_fail(err, 0, 0, "floors[%zu].rows[%zu][%zu]: "
					                "'<' on the first floor: no floor above "
					                "holds its '>'", k, y, x);
				jr = json_array_get(json_object_get(json_array_get(floors, j), "rows"), y);
				o = j < w->nfloors ? json_string_value(jr) : NULL;
				if (o == NULL || strlen(o) <= x || o[x] != (down ? '<' : '>'))
					return map_fail(err, 0, 0, "floors[%zu].rows[%zu][%zu]: "
					                "'%c' without its '%c' at %zu,%zu on the "
					                "floor %s", k, y, x, r[x], down ? '<' : '>',
					                x, y, down ? "below" : "above");
				if (down && astar_world_add_link(
				                    w->world,
				                    (astar_place){(int32_t)x, (int32_t)y, 0, (uint32_t)k},
				                    (astar_place){(int32_t)x, (int32_t)y, 0, (uint32_t)j},
				                    1.0, 0) != ASTAR_OK)
					return map_fail(err, 0, 0, "out of memory");
			}
		}
	}
	return 0;
}

/* A place [x, y, f] at path what, f a floor's number or name, x, y
 * inside the floor. */
static int read_place(const map_world *w, json_t *v, const char *what,
                      astar_place *out, map_error *err)
{
	json_t *f = json_array_get(v, 2);
	json_int_t x, y, k;
	const astar_grid *g;

	if (!json_is_array(v) || json_array_size(v) != 3 ||
	    map_json_int(json_array_get(v, 0), -ASTAR_DIM_MAX, ASTAR_DIM_MAX, &x) ||
	    map_json_int(json_array_get(v, 1), -ASTAR_DIM_MAX, ASTAR_DIM_MAX, &y) ||
	    !(json_is_string(f) || json_is_integer(f)))
		return map_fail(err, 0, 0, "%s: expected [x, y, f], f a floor's "
		                "number or name", what);
	if (json_is_string(f)) {
		if ((k = map_world_floor(w, json_string_value(f))) < 0)
			return map_fail(err, 0, 0, "%s[2]: no floor named '%s'",
			                what, json_string_value(f));
	} else if (map_json_int(f, 0, (json_int_t)w->nfloors - 1, &k) != 0) {
		return map_fail(err, 0, 0, "%s[2]: no floor %lld: the world has "
		                "%zu (0 to %zu)", what, (long long)json_integer_value(f),
		                w->nfloors, w->nfloors - 1);
	}
	g = w->floors[k].grid;
	if (!astar_grid_contains(g, (int32_t)x, (int32_t)y))
		return map_fail(err, 0, 0, "%s: %lld,%lld lies outside floor '%s' "
		                "(%d by %d)", what, (long long)x, (long long)y,
		                w->floors[k].name, astar_grid_width(g),
		                astar_grid_height(g));
	*out = (astar_place){(int32_t)x, (int32_t)y, 0, (uint32_t)k};
	return 0;
}

static int read_links(map_world *w, json_t *links, map_error *err)
{
	static const char *const keys[] = {"from", "to", "cost", "oneway", NULL};
	char where[48], what[48];

	if (links != NULL && !json_is_array(links))
		return map_fail(err, 0, 0, "links: expected a list of "
		                "{\"from\": [x, y, f], \"to\": [x, y, f]}");
	for (size_t i = 0; i < json_array_size(links); i++) {
		json_t *l = json_array_get(links, i), *c;
		astar_place from, to;
		double cost = 1.0;
		int oneway = 0;
		snprintf(where, sizeof where, "links[%zu].", i);
		if (!json_is_object(l))
			return map_fail(err, 0, 0, "links[%zu]: expected an object", i);
		if (map_json_check_keys(l, keys, where, err) != 0)
			return -1;
		snprintf(what, sizeof what, "links[%zu].from", i);
		if (read_place(w, json_object_get(l, "from"), what, &from, err))
			return -1;
		snprintf(what, sizeof what, "links[%zu].to", i);
		if (read_place(w, json_object_get(l, "to"), what, &to, err))
			return -1;
		if ((c = json_object_get(l, "cost")) != NULL) {
			if (!json_is_number(c) || json_number_value(c) < 0 ||
			    json_number_value(c) > 1e9)
				return map_fail(err, 0, 0, "links[%zu].cost: expected "
				                "a number from 0 to 1e9", i);
			cost = json_number_value(c);
		}
		if (map_json_flag(l, "oneway", where, &oneway, err) != 0)
			return -1;
		if (astar_world_add_link(w->world, from, to, cost, oneway) != ASTAR_OK)
			return map_fail(err, 0, 0, "out of memory");
	}
	return 0;
}

static int add_point(map_world *w, const char *name, astar_place at)
{
	map_wpoint *p = realloc(w->points, (w->npoints + 1) * sizeof *p);

	if (p == NULL)
		return -1;
	w->points = p;
	if ((p[w->npoints].name = strdup(name)) == NULL)
		return -1;
	p[w->npoints++].at = at;
	return 0;
}

/* "points": each name one place [x, y, f] or a list of them. */
static int read_points(map_world *w, json_t *points, map_error *err)
{
	const char *key;
	json_t *v;
	char what[96];

	if (points != NULL && !json_is_object(points))
		return map_fail(err, 0, 0, "points: expected an object of "
		                "names and places [x, y, f]");
	json_object_foreach(points, key, v) {
		int many = json_is_array(v) && json_is_array(json_array_get(v, 0));
		if (key[0] == '\0' || strchr(key, '@') != NULL)
			return map_fail(err, 0, 0, "points: a name must be non-empty, "
			                "without '@'");
		for (size_t i = 0; i < (many ? json_array_size(v) : 1); i++) {
			astar_place at;
			if (many)
				snprintf(what, sizeof what, "points.%.40s[%zu]", key, i);
			else
				snprintf(what, sizeof what, "points.%.40s", key);
			if (read_place(w, many ? json_array_get(v, i) : v, what, &at, err))
				return -1;
			if (add_point(w, key, at) != 0)
				return map_fail(err, 0, 0, "out of memory");
		}
	}
	return 0;
}

int map_world_point(const map_world *w, const char *ref, astar_place *at,
                    char *msg, size_t size)
{
	size_t found = 0;

	for (size_t k = 0; k < w->npoints; k++)
		if (strcmp(w->points[k].name, ref + 1) == 0 && found++ == 0)
			*at = w->points[k].at;
	if (found == 1)
		return 0;
	if (found == 0)
		snprintf(msg, size, "no point named '%s' in this world", ref + 1);
	else
		snprintf(msg, size, "%zu points are named '%s': give X,Y,F",
		         found, ref + 1);
	return -1;
}

/* "start" or "goal": [x, y, f] or "@name". */
static int read_end(map_world *w, json_t *root, int goal, map_error *err)
{
	const char *key = goal ? "goal" : "start";
	json_t *v = json_object_get(root, key);
	astar_place *to = goal ? &w->goal : &w->start;
	char msg[MAP_MSG_MAX];

	if (v == NULL)
		return 0;
	if (json_is_string(v) && json_string_value(v)[0] == '@') {
		if (map_world_point(w, json_string_value(v), to, msg, sizeof msg))
			return map_fail(err, 0, 0, "%s: %s", key, msg);
	} else if (read_place(w, v, key, to, err) != 0) {
		return -1;
	}
	*(goal ? &w->has_goal : &w->has_start) = 1;
	return 0;
}

/* Appends the places v gives at what: [x, y, f], "@name" (every point of
 * the name) or, when many, a list of either. */
static int read_places(const map_world *w, json_t *v, const char *what,
                       int many, astar_place **out, size_t *n, map_error *err)
{
	char sub[128], msg[MAP_MSG_MAX];
	astar_place *p;

	if (many && json_is_array(v) && !json_is_integer(json_array_get(v, 0))) {
		for (size_t i = 0; i < json_array_size(v); i++) {
			snprintf(sub, sizeof sub, "%.80s[%zu]", what, i);
			if (read_places(w, json_array_get(v, i), sub, 0, out, n, err))
				return -1;
		}
		return 0;
	}
	if ((p = realloc(*out, (*n + w->npoints + 1) * sizeof *p)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	*out = p;
	if (json_is_string(v) && json_string_value(v)[0] == '@') {
		size_t before = *n;
		for (size_t k = 0; k < w->npoints; k++)
			if (strcmp(w->points[k].name, json_string_value(v) + 1) == 0)
				p[(*n)++] = w->points[k].at;
		if (*n == before) {
			snprintf(msg, sizeof msg, "no point named '%s' in this world",
			         json_string_value(v) + 1);
			return map_fail(err, 0, 0, "%s: %s", what, msg);
		}
		return 0;
	}
	if (read_place(w, v, what, &p[*n], err) != 0)
		return -1;
	(*n)++;
	return 0;
}

/* "reach": [{"from": P, "to": "*" or P or [P, ...], "reachable": b}]. */
static int read_reach(map_world *w, json_t *reach, map_error *err)
{
	static const char *const keys[] = {"from", "to", "reachable", NULL};
	char where[48], what[48];

	if (reach != NULL && !json_is_array(reach))
		return map_fail(err, 0, 0, "reach: expected a list of "
		                "{\"from\": ..., \"to\": ...}");
	if (json_array_size(reach) > 0 &&
	    (w->reach = calloc(json_array_size(reach), sizeof *w->reach)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (size_t i = 0; i < json_array_size(reach); i++) {
		json_t *r = json_array_get(reach, i), *to, *from;
		map_wreach *a = &w->reach[i];
		w->nreach = i + 1;
		a->reachable = 1;
		snprintf(where, sizeof where, "reach[%zu].", i);
		if (!json_is_object(r))
			return map_fail(err, 0, 0, "reach[%zu]: expected an object", i);
		if (map_json_check_keys(r, keys, where, err) != 0 ||
		    map_json_flag(r, "reachable", where, &a->reachable, err) != 0)
			return -1;
		from = json_object_get(r, "from");
		to = json_object_get(r, "to");
		snprintf(what, sizeof what, "reach[%zu].from", i);
		if (read_places(w, from, what, 0, &a->from, &a->nfrom, err) != 0)
			return -1;
		a->from_text = json_is_string(from) ? strdup(json_string_value(from))
		                                    : json_dumps(from, JSON_COMPACT);
		snprintf(what, sizeof what, "reach[%zu].to", i);
		if (json_is_string(to) && strcmp(json_string_value(to), "*") == 0)
			a->all = 1;
		else if (read_places(w, to, what, 1, &a->to, &a->nto, err) != 0)
			return -1;
		if (a->from_text == NULL)
			return map_fail(err, 0, 0, "out of memory");
	}
	return 0;
}

/* "expect": {"regions": N}: the world's region count for --check. */
static int read_expect(map *m, json_t *e, map_error *err)
{
	static const char *const keys[] = {"regions", NULL};
	json_int_t n;

	if (e == NULL)
		return 0;
	if (!json_is_object(e))
		return map_fail(err, 0, 0, "expect: expected {\"regions\": N}");
	if (map_json_check_keys(e, keys, "expect.", err) != 0)
		return -1;
	if (json_object_get(e, "regions") == NULL)
		return 0;
	if (map_json_int(json_object_get(e, "regions"), 0, INT32_MAX, &n) != 0)
		return map_fail(err, 0, 0, "expect.regions: expected a whole "
		                "number from 0");
	m->has_regions = 1;
	m->regions = (long)n;
	return 0;
}

void world_json_place(const char *buf, size_t len, map *m)
{
	map_world *w = m->world;
	json_step expect[1] = {{"expect", 0}};
	json_place at;

	if (json_pos_find(buf, len, expect, 1, 0, &at) == 0) {
		m->regions_at.line = at.line;
		m->regions_at.col = at.col;
	}
	for (size_t i = 0; i < w->nqueries; i++) {
		json_step path[2] = {{"queries", 0}, {NULL, i}};
		json_place at;
		if (json_pos_find(buf, len, path, 2, 0, &at) == 0) {
			w->queries[i].line = at.line;
			w->queries[i].col = at.col;
		}
	}
	for (size_t i = 0; i < w->nreach; i++) {
		json_step path[2] = {{"reach", 0}, {NULL, i}};
		json_place at;
		if (json_pos_find(buf, len, path, 2, 0, &at) == 0) {
			w->reach[i].line = at.line;
			w->reach[i].col = at.col;
		}
	}
}

/* A place at what: [x, y, f] or "@name" of one point. */
static int read_one(const map_world *w, json_t *v, const char *what,
                    astar_place *to, map_error *err)
{
	char msg[MAP_MSG_MAX];

	if (json_is_string(v) && json_string_value(v)[0] == '@') {
		if (map_world_point(w, json_string_value(v), to, msg, sizeof msg))
			return map_fail(err, 0, 0, "%s: %s", what, msg);
		return 0;
	}
	return read_place(w, v, what, to, err);
}

/* "queries": [{"name", "start", "goal", "adjacent", "closest",
 * "expect"}], start and goal the world's when left out. */
static int read_queries(map_world *w, json_t *qs, map_error *err)
{
	static const char *const keys[] = {"name", "start", "goal", "adjacent",
	                                   "closest", "expect", NULL};
	char where[48], what[64];

	if (qs != NULL && !json_is_array(qs))
		return map_fail(err, 0, 0, "queries: expected a list of queries");
	if (json_array_size(qs) > 0 &&
	    (w->queries = calloc(json_array_size(qs), sizeof *w->queries)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (size_t i = 0; i < json_array_size(qs); i++) {
		json_t *q = json_array_get(qs, i), *e;
		map_wquery *wq = &w->queries[i];
		w->nqueries = i + 1;
		snprintf(where, sizeof where, "queries[%zu].", i);
		if (!json_is_object(q))
			return map_fail(err, 0, 0, "queries[%zu]: expected an object", i);
		if (map_json_check_keys(q, keys, where, err) != 0 ||
		    map_json_flag(q, "adjacent", where, &wq->adjacent, err) != 0 ||
		    map_json_flag(q, "closest", where, &wq->closest, err) != 0)
			return -1;
		for (int g = 0; g < 2; g++) {
			json_t *v = json_object_get(q, g ? "goal" : "start");
			astar_place *to = g ? &wq->goal : &wq->start;
			snprintf(what, sizeof what, "queries[%zu].%s", i, g ? "goal" : "start");
			if (v == NULL && !(g ? w->has_goal : w->has_start))
				return map_fail(err, 0, 0, "queries[%zu]: no %s, and the "
				                "world marks none", i, g ? "goal" : "start");
			if (v == NULL)
				*to = g ? w->goal : w->start;
			else if (read_one(w, v, what, to, err) != 0)
				return -1;
		}
		if (json_is_string(json_object_get(q, "name")) &&
		    (wq->name = strdup(json_string_value(json_object_get(q, "name")))) == NULL)
			return map_fail(err, 0, 0, "out of memory");
		if ((e = json_object_get(q, "expect")) == NULL)
			continue;
		if (json_object_get(e, "path") != NULL)
			return map_fail(err, 0, 0, "queries[%zu].expect.path: a world's "
			                "query expects no path yet (cost, steps, "
			                "reachable, max_cost)", i);
		snprintf(what, sizeof what, "queries[%zu].expect", i);
		wq->expect.cost_decimals = -1;
		if (map_json_expect(e, what, ASTAR_DIM_MAX, ASTAR_DIM_MAX, &wq->expect, err))
			return -1;
	}
	return 0;
}

/* The library's world of the floors: overlaps are the library's to find. */
static int build(map_world *w, map_error *err)
{
	for (size_t k = 0; k < w->nfloors; k++)
		if (astar_world_add_level(w->world, w->floors[k].grid, w->floors[k].name,
		                          w->floors[k].x, w->floors[k].y,
		                          w->floors[k].depth) != ASTAR_OK)
			return map_fail(err, 0, 0, "out of memory");
	return 0;
}

static int finish(map_world *w, map_error *err)
{
	astar_world_problem why;
	astar_status st = astar_world_build(w->world, &why);

	if (st == ASTAR_OK)
		return 0;
	if (why.fault == ASTAR_WORLD_OVERLAP)
		return map_fail(err, 0, 0, "floors[%zu]: floors '%s' and '%s' "
		                "overlap at depth %d, in the world's cells "
		                "%d..%d, %d..%d", why.b, w->floors[why.a].name,
		                w->floors[why.b].name, w->floors[why.a].depth,
		                why.x0, why.x1, why.y0, why.y1);
	return map_fail(err, 0, 0, "%s", astar_strerror(st));
}

int map_world_json_checks(json_t *root, map *m, map_error *err)
{
	map_world *w = m->world;
	json_t *v;

	if (read_end(w, root, 0, err) != 0 || read_end(w, root, 1, err) != 0 ||
	    read_queries(w, json_object_get(root, "queries"), err) != 0 ||
	    read_reach(w, json_object_get(root, "reach"), err) != 0 ||
	    read_expect(m, json_object_get(root, "expect"), err) != 0)
		return -1;
	if ((v = json_object_get(root, "diagonal")) != NULL) {
		if (!json_is_string(v) ||
		    value_diagonal(json_string_value(v), &m->diagonal) != 0)
			return map_fail(err, 0, 0, "diagonal: expected never, always, "
			                "at-most-one-obstacle, no-obstacles");
		m->has_diagonal = 1;
	}
	return 0;
}

int map_read_world_json(json_t *root, size_t max_cells, map *m, map_error *err)
{
	static const char *const keys[] = {"floors", "links", "points", "start",
	                                   "goal", "diagonal", "reach", "expect",
	                                   "queries", NULL};
	map_world *w = calloc(1, sizeof *w);
	json_t *v;

	if (w == NULL || (w->world = astar_world_new()) == NULL) {
		free(w);
		return map_fail(err, 0, 0, "out of memory");
	}
	m->world = w;
	m->world_free = map_world_free;
	if (map_json_check_keys(root, keys, "", err) != 0 ||
	    read_floors(w, json_object_get(root, "floors"), max_cells, err) != 0 ||
	    build(w, err) != 0 ||
	    read_stairs(w, json_object_get(root, "floors"), err) != 0 ||
	    read_links(w, json_object_get(root, "links"), err) != 0 ||
	    read_points(w, json_object_get(root, "points"), err) != 0 ||
	    read_end(w, root, 0, err) != 0 || read_end(w, root, 1, err) != 0 ||
	    read_reach(w, json_object_get(root, "reach"), err) != 0 ||
	    read_expect(m, json_object_get(root, "expect"), err) != 0 ||
	    read_queries(w, json_object_get(root, "queries"), err) != 0)
		return -1;
	if ((v = json_object_get(root, "diagonal")) != NULL) {
		if (!json_is_string(v) ||
		    value_diagonal(json_string_value(v), &m->diagonal) != 0)
			return map_fail(err, 0, 0, "diagonal: expected never, always, "
			                "at-most-one-obstacle, no-obstacles");
		m->has_diagonal = 1;
	}
	return finish(w, err);
}
