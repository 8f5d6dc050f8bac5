/*
 * map_json_queries.c - a JSON map's "queries": each one's name (unique
 * in the file), start and goal or starts and goals, size, the flags
 * adjacent and closest, and its expectation (map_json_expect.h).  Called
 * by map_json.c for a map and a check file alike; it calls only the
 * files below it (expectations, points, values).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map_json_expect.h"
#include "map_json_points.h"
#include "map_json_queries.h"
#include "map_json_values.h"

/* A query's optional "name" into a new string (*out, NULL when there
 * is none): not empty, and no control characters, which would break
 * the lines of the output and the reports that name it. */
int map_json_query_name(json_t *q, const char *where, char **out,
                        map_error *err)
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

/* A named query, for map_json_unique_names' sort. */
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

int map_json_unique_names(const char *const *names, size_t n,
                          map_error *err)
{
	named *v;
	size_t m = 0, later = SIZE_MAX, earlier = 0, first = 0;
	char kn[MAP_JSON_KEY_MAX];

	if ((v = malloc((n ? n : 1) * sizeof *v)) == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	for (size_t i = 0; i < n; i++)
		if (names[i] != NULL) {
			v[m].name = names[i];
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
	                later, map_json_key_name(names[later], kn), earlier);
}

/* Fails when two of the n queries qs have one name (see
 * map_json_unique_names). */
static int unique_names(const map_query *qs, size_t n, map_error *err)
{
	const char **names = malloc((n ? n : 1) * sizeof *names);
	int rc;

	if (names == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(ASTAR_ENOMEM));
	for (size_t i = 0; i < n; i++)
		names[i] = qs[i].name;
	rc = map_json_unique_names(names, n, err);
	free(names);
	return rc;
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
		return map_fail(err, 0, 0,
		                "%s: give either '%s' or '%s', "
		                "not both",
		                where, one, many);
	if (v1 == NULL && vn == NULL)
		return map_fail(err, 0, 0, "%s: missing key '%s'", where, one);
	if (v1 != NULL) {
		snprintf(path, sizeof path, "%s.%s", where, one);
		if (map_json_end(v1, path, width, height, m, list, n, err) != 0)
			return -1;
	} else {
		if (!json_is_array(vn) || json_array_size(vn) == 0)
			return map_fail(err, 0, 0,
			                "%s.%s: expected a non-empty array of "
			                "[x, y] or \"@name\"",
			                where, many);
		for (size_t i = 0; i < json_array_size(vn); i++) {
			snprintf(path, sizeof path, "%s.%s[%zu]", where, many,
			         i);
			if (map_json_end(json_array_get(vn, i), path, width,
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

/* "block": an array of [x, y] and "@name" (every cell it names), the
 * cells the query treats as walls. */
static int read_blocks(json_t *v, const char *where, long width, long height,
                       const map *m, map_query *out, map_error *err)
{
	char path[96];
	json_t *c;
	size_t i;

	if (!json_is_array(v))
		return map_fail(err, 0, 0,
		                "%s.block: expected an array of [x, y] and "
		                "\"@name\"",
		                where);
	json_array_foreach(v, i, c)
	{
		snprintf(path, sizeof path, "%s.block[%zu]", where, i);
		if (map_json_end(c, path, width, height, m, &out->blocks,
		                 &out->nblocks, err) != 0)
			return -1;
	}
	return 0;
}

/* queries[i]: its ends, size, flags and expectation into *out. */
static int read_query_one(json_t *q, size_t i, long width, long height,
                          const map *m, map_query *out, map_error *err)
{
	static const char *const keys[] = {
		"name",   "start",    "goal",    "starts", "goals",
		"expect", "adjacent", "closest", "size",   "block", NULL};
	char where[64], path[96];
	json_t *v;

	snprintf(where, sizeof where, "queries[%zu]", i);
	if (!json_is_object(q))
		return map_fail(err, 0, 0, "%s: expected an object", where);
	if (map_json_check_keys(q, keys, where, err) != 0)
		return -1;
	if (map_json_query_name(q, where, &out->name, err) != 0)
		return -1;
	if (read_ends(q, "start", "starts", where, width, height, m,
	              &out->start, &out->starts, &out->nstarts, err) != 0 ||
	    read_ends(q, "goal", "goals", where, width, height, m, &out->goal,
	              &out->goals, &out->ngoals, err) != 0)
		return -1;
	if ((v = json_object_get(q, "block")) != NULL &&
	    read_blocks(v, where, width, height, m, out, err) != 0)
		return -1;
	snprintf(path, sizeof path, "%s.", where);
	if ((v = json_object_get(q, "size")) != NULL) {
		if (map_json_size(v, path, width, height, &out->size, err) != 0)
			return -1;
		out->has_size = 1;
	}
	out->line = 0;
	out->expect.cost_decimals = -1;
	if (map_json_flag(q, "adjacent", where, &out->adjacent, err) ||
	    map_json_flag(q, "closest", where, &out->closest, err))
		return -1;
	snprintf(path, sizeof path, "%s.expect", where);
	out->expect.ox = (int32_t)m->ox;
	out->expect.oy = (int32_t)m->oy;
	if ((v = json_object_get(q, "expect")) != NULL &&
	    map_json_expect(v, path, width, height, &out->expect, err) != 0)
		return -1;
	return 0;
}

int map_json_queries(json_t *arr, long width, long height, const map *m,
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
		free(qs[i].blocks);
	}
	free(qs);
	return -1;
}
