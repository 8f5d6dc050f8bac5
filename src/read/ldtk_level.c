/*
 * ldtk_level.c - one LDtk level into a grid: the IntGrid layer that
 * blocks (--layer, else one named like a collision layer, else the
 * first IntGrid layer), its values as walls (--solid: identifiers or
 * numbers; default every non-zero value) and costs (--costs), and every
 * entity as named points: @Identifier, @Identifier#N when a kind has
 * several, @iid, and @name from a String field "name".  It takes the
 * level and the project's defs from ldtk.c through ldtk_level.h and
 * needs nothing else of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ldtk_level.h"

static const char *str_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static int named_like_collision(const char *name)
{
	static const char *const names[] = {"collision", "collisions", "solid",
	                                    "walls", "obstacles"};
	for (size_t i = 0; i < 5; i++)
		if (strcasecmp(name, names[i]) == 0)
			return 1;
	return 0;
}

static int is_intgrid(const json_t *li)
{
	const char *type = str_of(li, "__type");
	return type != NULL && strcmp(type, "IntGrid") == 0;
}

static const json_t *pick_layer(ldtk *x, const json_t *layers)
{
	const json_t *li, *first = NULL, *named = NULL;
	size_t i, n = 0;
	char list[300];

	list[0] = '\0';
	json_array_foreach(layers, i, li)
	{
		const char *id = str_of(li, "__identifier");
		if (!is_intgrid(li) || id == NULL)
			continue;
		if (x->o->nlayers > 0 && strcmp(id, x->o->layers[0]) == 0)
			return li;
		if (first == NULL)
			first = li;
		if (named == NULL && named_like_collision(id))
			named = li;
		n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0,
		                      "%s'%.40s'", n ? ", " : "", id);
	}
	if (x->o->nlayers > 0)
		map_fail(x->err, 0, 0,
		         "--layer '%.60s': no such IntGrid layer (the level's: "
		         "%s)",
		         x->o->layers[0], first ? list : "none");
	else if (first == NULL)
		map_fail(x->err, 0, 0, "the level has no IntGrid layer");
	return named ? named : first;
}

/* The identifier the project gives IntGrid value v of layer def uid. */
static const json_t *value_defs(const ldtk *x, const json_t *li)
{
	const json_t *d;
	size_t i;
	json_int_t uid = json_integer_value(json_object_get(li, "layerDefUid"));

	json_array_foreach(json_object_get(x->defs, "layers"), i, d)
	{
		if (json_integer_value(json_object_get(d, "uid")) == uid)
			return json_object_get(d, "intGridValues");
	}
	return NULL;
}

/* One value of --solid or --costs: a number, or an identifier the
 * layer's intGridValues define; -1 reported. */
static long value_of(ldtk *x, const json_t *vals, const char *tok, size_t n,
                     const char *flag)
{
	const json_t *v;
	size_t i, k = 0;
	char list[300];

	if (n > 0 && n < 10 && strspn(tok, "0123456789") >= n)
		return atol(tok);
	list[0] = '\0';
	json_array_foreach(vals, i, v)
	{
		const char *id = str_of(v, "identifier");
		if (id != NULL && strlen(id) == n && strncmp(id, tok, n) == 0)
			return (long)json_integer_value(json_object_get(v, "value"));
		if (k < sizeof list)
			k += (size_t)snprintf(list + k, sizeof list - k,
			                      "%s%s=%" JSON_INTEGER_FORMAT,
			                      k ? ", " : "", id ? id : "?",
			                      json_integer_value(
			                              json_object_get(v, "value")));
	}
	return map_fail(x->err, 0, 0,
	                "%s: '%.*s' is no IntGrid value of the layer (its "
	                "values: %s)",
	                flag, (int)(n > 60 ? 60 : n), tok,
	                list[0] ? list : "none named");
}

/* Sets cost[v] for each item of list ("a,b" for --solid: cost 0;
 * "a:3,b:2" for --costs). */
static int read_list(ldtk *x, const json_t *vals, const char *list,
                     int with_cost, unsigned char *cost)
{
	const char *flag = with_cost ? "--costs" : "--solid";

	while (*list) {
		size_t n = strcspn(list, with_cost ? ":," : ",");
		long v = value_of(x, vals, list, n, flag), c = 0;
		if (v < 0)
			return -1;
		if (v > 255 || v == 0)
			return map_fail(x->err, 0, 0,
			                "%s: %ld is no IntGrid value (1 to 255)",
			                flag, v);
		list += n;
		if (with_cost) {
			char *end;
			if (*list != ':' ||
			    (c = strtol(list + 1, &end, 10)) < 1 || c > 255 ||
			    (*end != ',' && *end != '\0'))
				return map_fail(x->err, 0, 0,
				                "--costs: expected VALUE:COST "
				                "with a cost from 1 to 255");
			list = end;
		}
		cost[v] = (unsigned char)c;
		if (*list == ',')
			list++;
	}
	return 0;
}

/* How many entities of the level are of each kind: a count per
 * identifier, so that each entity asks its kind's in constant time. */
static int kind_counts(const json_t *layers, names *kinds)
{
	const json_t *li, *e;
	size_t i, k, *n;

	json_array_foreach(layers, i, li)
	{
		json_array_foreach(json_object_get(li, "entityInstances"), k, e)
		{
			const char *eid = str_of(e, "__identifier");
			if (eid == NULL)
				continue;
			if ((n = names_slot(kinds, eid)) == NULL)
				return -1;
			++*n;
		}
	}
	return 0;
}

/* The value of e's String field "name", or NULL. */
static const char *name_field(const json_t *e)
{
	const json_t *f;
	size_t i;

	json_array_foreach(json_object_get(e, "fieldInstances"), i, f)
	{
		const char *id = str_of(f, "__identifier"),
		           *type = str_of(f, "__type");
		if (id && type && strcmp(id, "name") == 0 &&
		    strcmp(type, "String") == 0)
			return str_of(f, "__value");
	}
	return NULL;
}

/* The names the points have so far (taken), and for each kind the last
 * N of its "kind#N" (next): names are only ever added, so every number
 * up to it is taken and the next free one is searched from there. */
typedef struct naming {
	names *kinds, *taken, *next;
} naming;

/* Adds the point name at at, and counts it taken. */
static int add_point(map *m, naming *nm, const char *name, astar_point at)
{
	size_t *n = names_slot(nm->taken, name);

	if (n == NULL || map_add_point(m, name, at) != 0)
		return -1;
	++*n;
	return 0;
}

/* Adds "id#N" at at, N the first number whose name no point has. */
static int add_nth(map *m, naming *nm, const char *id, astar_point at)
{
	size_t *n = names_slot(nm->next, id);
	char nth[128];

	if (n == NULL)
		return -1;
	do {
		++*n;
		snprintf(nth, sizeof nth, "%.100s#%zu", id, *n);
	} while (names_get(nm->taken, nth) > 0);
	return add_point(m, nm, nth, at);
}

/* The entities as points, in the file's order: @id, @id#N when the
 * level has several of its kind, @iid and @name. */
static int entity_points(const json_t *layers, map *m, naming *nm)
{
	const json_t *li, *e;
	size_t i, k;

	json_array_foreach(layers, i, li)
	{
		json_array_foreach(json_object_get(li, "entityInstances"), k, e)
		{
			const char *id = str_of(e, "__identifier");
			const json_t *g = json_object_get(e, "__grid");
			json_int_t gx = json_integer_value(json_array_get(g, 0)),
			           gy = json_integer_value(json_array_get(g, 1));
			astar_point at = {(int32_t)gx, (int32_t)gy};
			if (id == NULL || !astar_grid_contains(m->grid, at.x, at.y))
				continue;
			if (add_point(m, nm, id, at) != 0 ||
			    (names_get(nm->kinds, id) > 1 &&
			     add_nth(m, nm, id, at) != 0) ||
			    (str_of(e, "iid") &&
			     add_point(m, nm, str_of(e, "iid"), at) != 0) ||
			    (name_field(e) && name_field(e)[0] &&
			     add_point(m, nm, name_field(e), at) != 0))
				return -1;
		}
	}
	return 0;
}

static int ldtk_points(ldtk *x, const json_t *layers, map *m)
{
	naming nm = {names_new(), names_new(), names_new()};
	int rc = nm.kinds && nm.taken && nm.next ? 0 : -1;

	for (size_t i = 0; rc == 0 && i < m->npoints; i++) {
		size_t *n = names_slot(nm.taken, m->points[i].name);
		rc = n ? (++*n, 0) : -1;
	}
	if (rc == 0)
		rc = kind_counts(layers, nm.kinds);
	if (rc == 0)
		rc = entity_points(layers, m, &nm);
	names_free(nm.kinds);
	names_free(nm.taken);
	names_free(nm.next);
	if (rc != 0)
		return map_fail(x->err, 0, 0, "out of memory");
	map_default_endpoints(m);
	return 0;
}

/* Each IntGrid value's cell cost (0 a wall): --solid's values are walls
 * (default: every non-zero value), then --costs gives floor costs. */
static int cost_table(ldtk *x, const json_t *vals, unsigned char cost[256])
{
	memset(cost, 1, 256);
	if (x->o->solid != NULL) {
		unsigned char walls[256];
		memset(walls, 1, sizeof walls);
		if (read_list(x, vals, x->o->solid, 0, walls) != 0)
			return -1;
		memcpy(cost, walls, 256);
	} else {
		memset(cost + 1, 0, 255);
	}
	if (x->o->costs != NULL) {
		unsigned char cs[256];
		memset(cs, 0, sizeof cs);
		if (read_list(x, vals, x->o->costs, 1, cs) != 0)
			return -1;
		/* A value given a cost is floor, whatever the default. */
		for (int v = 1; v < 256; v++)
			if (cs[v] && (cost[v] || x->o->solid == NULL))
				cost[v] = cs[v];
	}
	return 0;
}

/* The layer's intGridCsv, row by row, through cost into m->grid. */
static int fill_cells(ldtk *x, const json_t *li, const json_t *csv,
                      json_int_t w, const unsigned char cost[256], map *m)
{
	const json_t *c;
	size_t i;

	json_array_foreach(csv, i, c)
	{
		json_int_t v = json_integer_value(c);
		if (!json_is_integer(c) || v < 0 || v > 255)
			return map_fail(x->err, 0, 0,
			                "layer '%.60s': intGridCsv[%zu] is not an "
			                "IntGrid value (0 to 255)",
			                str_of(li, "__identifier"), i);
		astar_grid_row(m->grid, (int32_t)(i / (size_t)w))[i % (size_t)w] =
			cost[v];
	}
	astar_grid_recount(m->grid);
	return 0;
}

int ldtk_grid(ldtk *x, const json_t *level, map *m)
{
	const json_t *layers = json_object_get(level, "layerInstances");
	const json_t *li = pick_layer(x, layers), *csv, *vals;
	unsigned char cost[256];
	json_int_t w, h;
	astar_status st;

	if (li == NULL)
		return -1;
	vals = value_defs(x, li);
	w = json_integer_value(json_object_get(li, "__cWid"));
	h = json_integer_value(json_object_get(li, "__cHei"));
	if (w < 1 || h < 1 || w > ASTAR_DIM_MAX || h > ASTAR_DIM_MAX)
		return map_fail(x->err, 0, 0,
		                "layer '%.60s': __cWid and __cHei must be "
		                "positive", str_of(li, "__identifier"));
	if (map_check_size((long)w, (long)h, x->max_cells, 0, x->err) != 0)
		return -1;
	csv = json_object_get(li, "intGridCsv");
	if (json_array_size(csv) != (size_t)(w * h))
		return map_fail(x->err, 0, 0,
		                "layer '%.60s': intGridCsv holds %zu values; "
		                "the layer has %ldx%ld cells",
		                str_of(li, "__identifier"), json_array_size(csv),
		                (long)w, (long)h);
	if (cost_table(x, vals, cost) != 0)
		return -1;
	if ((m->grid = astar_grid_new((int32_t)w, (int32_t)h, &st)) == NULL)
		return map_fail(x->err, 0, 0, "%s", astar_strerror(st));
	if (fill_cells(x, li, csv, w, cost, m) != 0)
		return -1;
	if (str_of(level, "identifier") &&
	    (m->level = strdup(str_of(level, "identifier"))) == NULL)
		return map_fail(x->err, 0, 0, "out of memory");
	return ldtk_points(x, layers, m);
}
