/*
 * map_json_voxel.c - a JSON voxel level: an object whose "size" is
 * [width, height, depth].
 *
 *   {
 *     "size": [W, H, D],
 *     "blocked": [[x, y, z], ...],        or
 *     "layers": [["..#", ...], ...],      D layers (z) of H rows (y) of
 *                                         W voxels: '.' open, '#'
 *                                         blocked, '1'..'9' open at that
 *                                         cost
 *     "points": {"name": [x, y, z] or [[x, y, z], ...]},
 *     "start": [x, y, z], "goal": [x, y, z],
 *     "diagonal": "no-obstacles",
 *     "expect": {"regions": N},
 *     "queries": [{"name": ..., "start": [x, y, z], "goal": [x, y, z],
 *                  or "starts": [...], "goals": [...],
 *                  "block": [[x, y, z] or "@name", ...],
 *                  "adjacent": false, "closest": false,
 *                  "expect": {"reachable", "cost", "max_cost", "steps"}}],
 *     "reach": [{"from": [x, y, z], "to": [x, y, z], [[x, y, z], ...]
 *                or "*", "reachable": true}]
 *   }
 *
 * A place may be "@name", one of the points: one voxel for the level's
 * start and goal and a reach's source, every voxel of the name for a
 * query's ends, its blocked voxels and a reach's targets (and --start
 * and --goal, in solve_voxel.c).  A query without its start (goal) has
 * the level's; "starts" ("goals") gives several, as a grid level's
 * queries do.  A query's "block" is applied by the CLI for that query
 * alone.
 * At most one of blocked and layers (neither: every voxel open).  The
 * size is checked against --max-cells before the voxels are allocated.
 * Errors name the value's JSON path, which map_json.c turns into its
 * line and column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/value.h"
#include "json_pos.h"
#include "map_json_expect.h"
#include "map_json_queries.h"
#include "map_json_values.h"
#include "map_json_voxel.h"

/* [x, y, z] inside v, at path where, into *p. */
static int read_place(json_t *a, const char *where, const astar_voxels *v,
                      astar_place *p, map_error *err)
{
	json_int_t c[3];

	if (!json_is_array(a) || json_array_size(a) != 3 ||
	    map_json_int(json_array_get(a, 0), 0, ASTAR_DIM_MAX, &c[0]) != 0 ||
	    map_json_int(json_array_get(a, 1), 0, ASTAR_DIM_MAX, &c[1]) != 0 ||
	    map_json_int(json_array_get(a, 2), 0, ASTAR_DIM_MAX, &c[2]) != 0)
		return map_fail(err, 0, 0, "%s: expected [x, y, z]", where);
	p->x = (int32_t)c[0];
	p->y = (int32_t)c[1];
	p->z = (int32_t)c[2];
	p->level = 0;
	if (!astar_voxels_contains(v, p->x, p->y, p->z))
		return map_fail(
			err, 0, 0, "%s: %d,%d,%d is outside the %dx%dx%d map",
			where, (int)p->x, (int)p->y, (int)p->z,
			(int)astar_voxels_width(v), (int)astar_voxels_height(v),
			(int)astar_voxels_depth(v));
	return 0;
}

int map_voxel_points(const map *m, const char *ref, astar_place **list,
                     size_t *n, char *msg, size_t size)
{
	const char *name = ref[0] == '@' ? ref + 1 : ref;
	size_t first = 0, k = map_count_points(m, name, &first);
	astar_place *a;

	if (k == 0) {
		/* None: it fails with the grid levels' message, which lists
		 * the names the level knows. */
		astar_point *none = NULL;
		size_t nn = 0;
		map_append_points(m, ref, &none, &nn, msg, size);
		free(none);
		return -1;
	}
	if ((a = realloc(*list, (*n + k) * sizeof *a)) == NULL) {
		snprintf(msg, size, "out of memory");
		return -1;
	}
	*list = a;
	for (size_t i = first + 1; i != 0; i = m->points[i - 1].next)
		a[(*n)++] = (astar_place){m->points[i - 1].at.x,
		                          m->points[i - 1].at.y,
		                          m->vlevel->pz[i - 1], 0};
	return 0;
}

/* [x, y, z], or "@name" naming one voxel of the level's points. */
static int read_end(json_t *a, const char *where, const map *m,
                    astar_place *p, map_error *err)
{
	char msg[MAP_MSG_MAX];
	astar_place *list = NULL;
	size_t n = 0;

	if (!json_is_string(a) || json_string_value(a)[0] != '@')
		return read_place(a, where, m->voxels, p, err);
	if (map_voxel_points(m, json_string_value(a), &list, &n, msg,
	                     sizeof msg) != 0)
		return map_fail(err, 0, 0, "%s: %s", where, msg);
	*p = list[0];
	if (n > 1) {
		int k = snprintf(msg, sizeof msg, "point '%s' names %zu voxels:",
		                 json_string_value(a), n);
		for (size_t i = 0; i < n && i < 8 && k > 0 &&
		                   (size_t)k < sizeof msg;
		     i++)
			k += snprintf(msg + k, sizeof msg - (size_t)k,
			              " %d,%d,%d", (int)list[i].x,
			              (int)list[i].y, (int)list[i].z);
		free(list);
		return map_fail(err, 0, 0, "%s: %s%s; pick one with [x, y, z]",
		                where, msg, n > 8 ? " ..." : "");
	}
	free(list);
	return 0;
}

/* "points": {"name": [x, y, z] or [[x, y, z], ...]}, in key order:
 * into the map's named points (x, y) and the level's pz (z). */
static int read_points(json_t *obj, map *m, map_error *err)
{
	map_voxel_level *vl = m->vlevel;
	const char *name;
	json_t *v;
	char where[96];
	astar_place p;

	if (!json_is_object(obj))
		return map_fail(err, 0, 0,
		                "points: expected an object of names");
	json_object_foreach(obj, name, v)
	{
		int several = json_is_array(v) && json_array_size(v) > 0 &&
		              json_is_array(json_array_get(v, 0));
		size_t n = several ? json_array_size(v) : 1;
		if (name[0] == '\0' || strchr(name, '@') != NULL)
			return map_fail(err, 0, 0,
			                "points: a name must be non-empty and "
			                "without '@'");
		for (size_t i = 0; i < n; i++) {
			int32_t *pz;
			if (several)
				snprintf(where, sizeof where,
				         "points.%.40s[%zu]", name, i);
			else
				snprintf(where, sizeof where, "points.%.40s",
				         name);
			if (read_place(several ? json_array_get(v, i) : v,
			               where, m->voxels, &p, err) != 0)
				return -1;
			/* Doubled at each power of two, as the points are. */
			size_t k = m->npoints;
			if ((k & (k - 1)) == 0) {
				pz = realloc(vl->pz, (k ? 2 * k : 1) * sizeof *pz);
				if (pz == NULL)
					return map_fail(err, 0, 0,
					                "out of memory");
				vl->pz = pz;
			}
			vl->pz[k] = p.z;
			if (map_add_point(m, name, (astar_point){p.x, p.y}) != 0)
				return map_fail(err, 0, 0, "out of memory");
		}
	}
	return 0;
}

/* "size": [W, H, D], checked against max_cells; the voxels made. */
static int read_size(json_t *a, size_t max_cells, map *m, map_error *err)
{
	json_int_t s[3];
	unsigned long long n = 1, padded = 1;
	astar_status st;

	for (int k = 0; k < 3; k++)
		if (json_array_size(a) != 3 ||
		    map_json_int(json_array_get(a, (size_t)k), 1, ASTAR_DIM_MAX,
		                 &s[k]) != 0)
			return map_fail(
				err, 0, 0,
				"size: expected [width, height, depth], "
				"each a whole number from 1 to %d",
				ASTAR_DIM_MAX);
	for (int k = 0; k < 3; k++) {
		n *= (unsigned long long)s[k];
		padded *= (unsigned long long)s[k] + 2;
	}
	if (padded > ASTAR_SEARCH_CELLS_MAX)
		return map_fail(err, 0, 0,
		                "size: the map has %ldx%ldx%ld = %llu voxels, "
		                "more than astar can search (%llu)",
		                (long)s[0], (long)s[1], (long)s[2], n,
		                ASTAR_SEARCH_CELLS_MAX);
	if (n > max_cells)
		return map_fail(err, 0, 0,
		                "size: the map has %ldx%ldx%ld = %llu voxels, "
		                "more than the limit (%zu); raise it with "
		                "--max-cells",
		                (long)s[0], (long)s[1], (long)s[2], n,
		                max_cells);
	m->voxels = astar_voxels_new((int32_t)s[0], (int32_t)s[1],
	                             (int32_t)s[2], &st);
	if (m->voxels == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(st));
	return 0;
}

static int read_blocked(json_t *a, map *m, map_error *err)
{
	char where[64];
	astar_place p;

	if (!json_is_array(a))
		return map_fail(err, 0, 0,
		                "blocked: expected [[x, y, z], ...]");
	for (size_t i = 0; i < json_array_size(a); i++) {
		snprintf(where, sizeof where, "blocked[%zu]", i);
		if (read_place(json_array_get(a, i), where, m->voxels, &p,
		               err) != 0)
			return -1;
		astar_voxels_set(m->voxels, p.x, p.y, p.z, 0);
	}
	return 0;
}

/* One row of a layer: W voxels. */
static int read_row(json_t *r, size_t z, size_t y, map *m, map_error *err)
{
	int32_t w = astar_voxels_width(m->voxels);
	const char *s = json_string_value(r);
	char cn[8];

	if (s == NULL || json_string_length(r) != (size_t)w)
		return map_fail(
			err, 0, 0,
			"layers[%zu][%zu]: expected a string of %d voxels", z,
			y, (int)w);
	for (int32_t x = 0; x < w; x++) {
		unsigned char c = (unsigned char)s[x];
		int cost = c == '.'               ? 1
		           : c == '#'             ? 0
		           : c >= '1' && c <= '9' ? c - '0'
		                                  : -1;
		if (cost < 0)
			return map_fail(
				err, 0, 0,
				"layers[%zu][%zu][%d]: unknown voxel '%s' "
				"(. open, # blocked, 1-9 a cost)",
				z, y, (int)x, map_char_name(c, cn));
		astar_voxels_set(m->voxels, x, (int32_t)y, (int32_t)z,
		                 (uint8_t)cost);
	}
	return 0;
}

static int read_layers(json_t *a, map *m, map_error *err)
{
	size_t d = (size_t)astar_voxels_depth(m->voxels);
	size_t h = (size_t)astar_voxels_height(m->voxels);

	if (!json_is_array(a) || json_array_size(a) != d)
		return map_fail(
			err, 0, 0,
			"layers: expected %zu layers (the size's depth)", d);
	for (size_t z = 0; z < d; z++) {
		json_t *l = json_array_get(a, z);
		if (!json_is_array(l) || json_array_size(l) != h)
			return map_fail(err, 0, 0,
			                "layers[%zu]: expected %zu rows (the "
			                "size's height)",
			                z, h);
		for (size_t y = 0; y < h; y++)
			if (read_row(json_array_get(l, y), z, y, m, err) != 0)
				return -1;
	}
	return 0;
}

/* One end [x, y, z], or "@name" (every voxel of it), appended to the
 * list *list of *n voxels: a query's start, goal or blocked voxel. */
static int append_end(json_t *v, const char *where, const map *m,
                      astar_place **list, size_t *n, map_error *err)
{
	char msg[MAP_MSG_MAX];
	astar_place *a;

	if (json_is_string(v) && json_string_value(v)[0] == '@') {
		if (map_voxel_points(m, json_string_value(v), list, n, msg,
		                     sizeof msg) != 0)
			return map_fail(err, 0, 0, "%s: %s", where, msg);
		return 0;
	}
	if ((a = realloc(*list, (*n + 1) * sizeof *a)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	*list = a;
	if (read_place(v, where, m->voxels, &a[*n], err) != 0)
		return -1;
	(*n)++;
	return 0;
}

/* A query's start or goal (key one: [x, y, z] or "@name", every voxel
 * of it), or its starts or goals (key many: a non-empty array of
 * those), or else the level's own (has, own): *first the first voxel,
 * *list all of them when there are several (else NULL, *n 0). */
static int read_ends(json_t *o, const char *one, const char *many,
                     const char *where, const map *m, int has,
                     const astar_place *own, astar_place *first,
                     astar_place **list, size_t *n, map_error *err)
{
	json_t *v1 = json_object_get(o, one), *vn = json_object_get(o, many);
	char path[96];

	if (v1 != NULL && vn != NULL)
		return map_fail(err, 0, 0,
		                "%s: give either '%s' or '%s', not both", where,
		                one, many);
	if (v1 == NULL && vn == NULL) {
		if (!has)
			return map_fail(err, 0, 0,
			                "%s: no %s, and the level gives none",
			                where, one);
		*first = *own;
		return 0;
	}
	if (v1 != NULL) {
		snprintf(path, sizeof path, "%s.%s", where, one);
		if (append_end(v1, path, m, list, n, err) != 0)
			return -1;
	} else {
		if (!json_is_array(vn) || json_array_size(vn) == 0)
			return map_fail(err, 0, 0,
			                "%s.%s: expected a non-empty array of "
			                "[x, y, z] or \"@name\"",
			                where, many);
		for (size_t i = 0; i < json_array_size(vn); i++) {
			snprintf(path, sizeof path, "%s.%s[%zu]", where, many,
			         i);
			if (append_end(json_array_get(vn, i), path, m, list, n,
			               err) != 0)
				return -1;
		}
	}
	*first = (*list)[0];
	if (*n == 1) {
		free(*list);
		*list = NULL;
		*n = 0;
	}
	return 0;
}

/* "block": an array of [x, y, z] and "@name" (every voxel it names),
 * the voxels the query treats as blocked. */
static int read_blocks(json_t *v, const char *where, const map *m,
                       map_vquery *q, map_error *err)
{
	char path[96];

	if (!json_is_array(v))
		return map_fail(err, 0, 0,
		                "%s.block: expected an array of [x, y, z] and "
		                "\"@name\"",
		                where);
	for (size_t i = 0; i < json_array_size(v); i++) {
		snprintf(path, sizeof path, "%s.block[%zu]", where, i);
		if (append_end(json_array_get(v, i), path, m, &q->blocks,
		               &q->nblocks, err) != 0)
			return -1;
	}
	return 0;
}

static int read_query(json_t *o, size_t i, map_vquery *q, const map *m,
                      map_error *err)
{
	static const char *const keys[] = {
		"name",    "start",  "goal",   "starts", "goals",
		"adjacent", "closest", "expect", "block",  NULL};
	static const char *const ekeys[] = {"reachable", "cost", "max_cost",
	                                    "steps", NULL};
	const map_voxel_level *vl = m->vlevel;
	char where[64], sub[80];
	json_t *v;

	snprintf(where, sizeof where, "queries[%zu]", i);
	if (!json_is_object(o))
		return map_fail(err, 0, 0, "%s: expected an object", where);
	if (map_json_check_keys(o, keys, where, err) != 0 ||
	    map_json_flag(o, "adjacent", where, &q->adjacent, err) != 0 ||
	    map_json_flag(o, "closest", where, &q->closest, err) != 0)
		return -1;
	if (read_ends(o, "start", "starts", where, m, vl->has_start,
	              &vl->start, &q->start, &q->starts, &q->nstarts,
	              err) != 0 ||
	    read_ends(o, "goal", "goals", where, m, vl->has_goal, &vl->goal,
	              &q->goal, &q->goals, &q->ngoals, err) != 0)
		return -1;
	if ((v = json_object_get(o, "block")) != NULL &&
	    read_blocks(v, where, m, q, err) != 0)
		return -1;
	if (map_json_query_name(o, where, &q->name, err) != 0)
		return -1;
	if ((v = json_object_get(o, "expect")) != NULL) {
		snprintf(sub, sizeof sub, "%s.expect", where);
		if (json_is_object(v) &&
		    map_json_check_keys(v, ekeys, sub, err) != 0)
			return -1;
		if (map_json_expect(v, sub, 0, 0, &q->expect, err) != 0)
			return -1;
	}
	return 0;
}

/* Fails when two of the level's queries have one name, as a grid
 * level's may not. */
static int unique_names(const map_voxel_level *vl, map_error *err)
{
	const char **names = malloc((vl->nqueries + 1) * sizeof *names);
	int rc;

	if (names == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (size_t i = 0; i < vl->nqueries; i++)
		names[i] = vl->queries[i].name;
	rc = map_json_unique_names(names, vl->nqueries, err);
	free(names);
	return rc;
}

static int read_queries(json_t *a, map *m, map_error *err)
{
	map_voxel_level *vl = m->vlevel;

	if (!json_is_array(a))
		return map_fail(err, 0, 0, "queries: expected an array");
	vl->queries = calloc(json_array_size(a) + 1, sizeof *vl->queries);
	if (vl->queries == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (size_t i = 0; i < json_array_size(a); i++) {
		/* Counted first: a query that fails halfway is freed with
		 * the map, its lists too. */
		vl->nqueries++;
		if (read_query(json_array_get(a, i), i, &vl->queries[i], m,
		               err) != 0)
			return -1;
	}
	return unique_names(vl, err);
}

static int read_one_reach(json_t *o, size_t i, map_vreach *r, const map *m,
                          map_error *err)
{
	static const char *const keys[] = {"from", "to", "reachable", NULL};
	char where[64], sub[96];
	json_t *to;

	snprintf(where, sizeof where, "reach[%zu]", i);
	r->reachable = 1;
	if (!json_is_object(o))
		return map_fail(err, 0, 0, "%s: expected an object", where);
	if (map_json_check_keys(o, keys, where, err) != 0 ||
	    map_json_flag(o, "reachable", where, &r->reachable, err) != 0)
		return -1;
	snprintf(sub, sizeof sub, "%s.from", where);
	if (read_end(json_object_get(o, "from"), sub, m, &r->from, err) != 0)
		return -1;
	to = json_object_get(o, "to");
	snprintf(sub, sizeof sub, "%s.to", where);
	if (json_is_string(to) && strcmp(json_string_value(to), "*") == 0) {
		r->all = 1;
		return 0;
	}
	/* One place or "@name", or a list of them. */
	int one = (json_is_array(to) && json_array_size(to) == 3 &&
	           json_is_integer(json_array_get(to, 0))) ||
	          json_is_string(to);
	size_t n = one ? 1 : json_is_array(to) ? json_array_size(to) : 0;
	if (n == 0)
		return map_fail(err, 0, 0,
		                "%s: expected [x, y, z], \"@name\", a list of "
		                "them or \"*\"",
		                sub);
	for (size_t k = 0; k < n; k++) {
		char s2[128];
		snprintf(s2, sizeof s2, "%s[%zu]", sub, k);
		if (append_end(one ? to : json_array_get(to, k),
		               one ? sub : s2, m, &r->to, &r->nto, err) != 0)
			return -1;
	}
	return 0;
}

static int read_reach(json_t *a, map *m, map_error *err)
{
	map_voxel_level *vl = m->vlevel;

	if (!json_is_array(a))
		return map_fail(err, 0, 0, "reach: expected an array");
	vl->reach = calloc(json_array_size(a) + 1, sizeof *vl->reach);
	if (vl->reach == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (size_t i = 0; i < json_array_size(a); i++) {
		vl->nreach++;
		if (read_one_reach(json_array_get(a, i), i, &vl->reach[i], m,
		                   err) != 0)
			return -1;
	}
	return 0;
}

int map_json_voxel(json_t *root, size_t max_cells, map *m, map_error *err)
{
	static const char *const keys[] = {"size",    "blocked", "layers",
	                                   "start",   "goal",    "diagonal",
	                                   "queries", "reach",   "points",
	                                   "expect",  NULL};
	map_voxel_level *vl;
	json_t *v;

	if (map_json_check_keys(root, keys, "", err) != 0 ||
	    read_size(json_object_get(root, "size"), max_cells, m, err) != 0)
		return -1;
	if ((vl = m->vlevel = calloc(1, sizeof *vl)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	if (json_object_get(root, "blocked") != NULL &&
	    json_object_get(root, "layers") != NULL)
		return map_fail(
			err, 0, 0,
			"layers: give either blocked or layers, not both");
	if ((v = json_object_get(root, "blocked")) != NULL &&
	    read_blocked(v, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "layers")) != NULL &&
	    read_layers(v, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "points")) != NULL &&
	    read_points(v, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "expect")) != NULL &&
	    map_json_level_expect(v, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "start")) != NULL) {
		if (read_end(v, "start", m, &vl->start, err) != 0)
			return -1;
		vl->has_start = 1;
	}
	if ((v = json_object_get(root, "goal")) != NULL) {
		if (read_end(v, "goal", m, &vl->goal, err) != 0)
			return -1;
		vl->has_goal = 1;
	}
	if ((v = json_object_get(root, "diagonal")) != NULL) {
		if (!json_is_string(v) ||
		    value_diagonal(json_string_value(v), &m->diagonal) != 0)
			return map_fail(err, 0, 0,
			                "diagonal: expected a --diagonal name");
		m->has_diagonal = 1;
	}
	if ((v = json_object_get(root, "queries")) != NULL &&
	    read_queries(v, m, err) != 0)
		return -1;
	if ((v = json_object_get(root, "reach")) != NULL &&
	    read_reach(v, m, err) != 0)
		return -1;
	m->format = MAPFMT_JSON;
	return 0;
}

/* What map_json_voxel_places' walk fills: the level whose places it
 * learns. */
static enum json_walk place_visit(void *arg, const json_step *path,
                                  int depth, json_place at, json_place key)
{
	map *m = arg;
	map_voxel_level *vl = m->vlevel;
	map_place *p = NULL;
	const char *k0 = depth > 0 ? path[0].key : NULL;

	(void)key;
	if (depth == 0)
		return JSON_WALK_ENTER;
	if (depth == 1) {
		if (strcmp(k0, "start") == 0)
			p = &m->start_at;
		else if (strcmp(k0, "goal") == 0)
			p = &m->goal_at;
		else if (strcmp(k0, "expect") == 0)
			p = &m->regions_at;
		if (p != NULL)
			*p = (map_place){at.line, at.col};
		return strcmp(k0, "queries") == 0 || strcmp(k0, "reach") == 0
		               ? JSON_WALK_ENTER
		               : JSON_WALK_SKIP;
	}
	int q = strcmp(k0, "queries") == 0;
	size_t i = path[1].index;
	if (i >= (q ? vl->nqueries : vl->nreach))
		return JSON_WALK_SKIP;
	if (depth == 2) {
		p = q ? &vl->queries[i].at : &vl->reach[i].at;
		*p = (map_place){at.line, at.col};
		return q ? JSON_WALK_ENTER : JSON_WALK_SKIP;
	}
	if (strcmp(path[2].key, "start") == 0 ||
	    strcmp(path[2].key, "starts") == 0)
		vl->queries[i].start_at = (map_place){at.line, at.col};
	else if (strcmp(path[2].key, "goal") == 0 ||
	         strcmp(path[2].key, "goals") == 0)
		vl->queries[i].goal_at = (map_place){at.line, at.col};
	return JSON_WALK_SKIP;
}

void map_json_voxel_places(const char *buf, size_t len, map *m)
{
	if (m->vlevel != NULL)
		(void)json_pos_walk(buf, len, place_visit, m);
}
