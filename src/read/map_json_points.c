/*
 * map_json_points.c - the cells a JSON map names: an [x, y] inside the
 * map (in the editor's coordinates, for a check file's infinite Tiled
 * map), "@name" standing for a named point, the level's "points", and
 * the endpoints of queries and reach checks.  Below the queries and the
 * expectations, which both name cells; it calls none of the JSON
 * reader's other files, only the named points' store (points.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map_json_points.h"

/* An [x, y] in the editor's coordinates (cell 0,0 at ox, oy) inside the
 * width x height map, into grid cell *p; path names it in messages. */
int map_json_cell(json_t *v, const char *path, long width, long height,
                  json_int_t ox, json_int_t oy, astar_point *p, map_error *err)
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

/* An [x, y] inside the width x height map, or (when names is not NULL)
 * "@name", one of the points it names; path names it in messages. */
int map_json_point(json_t *v, const char *path, long width, long height,
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
	return map_json_cell(v, path, width, height, names ? names->ox : 0,
	                     names ? names->oy : 0, p, err);
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
		/* In the editor's coordinates, as a start is (a check
		 * file's infinite map); a point is no "@name". */
		if (map_json_cell(c, path, width, height, m->ox, m->oy, &p,
		                  err) != 0)
			return -1;
		if (map_add_point(m, name, p) != 0)
			return map_fail(err, 0, 0, "%s",
			                astar_strerror(ASTAR_ENOMEM));
	}
	return 0;
}

/* Reads "points" into m's named points, in the file's key order. */
int map_json_points(json_t *obj, long width, long height, map *m,
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
int map_json_end(json_t *v, const char *path, long width, long height,
                 const map *m, astar_point **list, size_t *n, map_error *err)
{
	char msg[MAP_MSG_MAX];
	astar_point p, *a;

	if (json_is_string(v) && json_string_value(v)[0] == '@') {
		if (map_append_points(m, json_string_value(v), list, n, msg,
		                      sizeof msg) != 0)
			return map_fail(err, 0, 0, "%s: %s", path, msg);
		return 0;
	}
	if (map_json_point(v, path, width, height, m, &p, err) != 0)
		return -1;
	if ((a = realloc(*list, (*n + 1) * sizeof *a)) == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	*list = a;
	a[(*n)++] = p;
	return 0;
}
