/*
 * ldtk_level.c - one LDtk level into a grid: the IntGrid layer that
 * blocks (--layer, else one named like a collision layer, else the
 * first IntGrid layer), its values as walls (--solid: identifiers or
 * numbers; default every non-zero value) and costs (--costs), and every
 * entity as named points: @Identifier, @Identifier#N when a kind has
 * several, @iid, and @name from a String field "name".  It takes the
 * level and the project's defs from ldtk.c through ldtk_level.h and
 * needs nothing else of it.  Every number it reads is checked whole and
 * in range (ldtk_whole), and every message about a value is placed at it
 * (fail_at), by its JSON path in the text.  What it chose (the layer,
 * the wall values, each wall's value) it says in the map (map_chosen).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "json_text.h"
#include "ldtk_level.h"

static const char *str_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* Steps of a JSON path, for fail_at. */
#define KEY(k) {(k), 0}
#define AT(i) {NULL, (i)}

/*
 * Fails with the message at the place of the value at path rel (n
 * steps) of the level (in_level), or of the project's text: at the
 * nearest value the text has when it lacks that one.  In an external
 * level file, the file and place start the message, as its syntax
 * errors do.  Returns -1.
 */
static int fail_at(const ldtk *x, int in_level, const json_step *rel, int n,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int fail_at(const ldtk *x, int in_level, const json_step *rel, int n,
                   const char *fmt, ...)
{
	json_step path[JSON_PATH_MAX];
	json_place p = {0, 0};
	const char *t = in_level ? x->level_text : x->text;
	size_t len = in_level ? x->level_len : x->len;
	char msg[MAP_MSG_MAX];
	va_list ap;
	int k = 0;

	for (; in_level && k < x->nat; k++)
		path[k] = x->at[k];
	for (int i = 0; i < n && k < JSON_PATH_MAX; i++)
		path[k++] = rel[i];
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (t != NULL && json_pos_nearest(t, len, path, k, 0, &p) < 0)
		p.line = p.col = 0;
	if (in_level && x->level_file != NULL) {
		char q[96];
		return map_fail(x->err, 0, 0, "%s:%ld:%ld: %s",
		                diag_quote(x->level_file, q, sizeof q), p.line,
		                p.col, msg);
	}
	return map_fail(x->err, p.line, p.col, "%s", msg);
}

/*
 * v, the value at path rel (n steps), as a whole number from lo to hi,
 * into *out, through the readers' one checked conversion: LDtk writes
 * every number it reads as one, so a string, a fraction, one out of
 * range (which a narrower type would wrap) or none at all is refused,
 * never read as 0 or cut to fit.  what names it.
 */
static int ldtk_whole(const ldtk *x, int in_level, const json_t *v,
                      const json_step *rel, int n, const char *what,
                      json_int_t lo, json_int_t hi, json_int_t *out)
{
	char msg[MAP_MSG_MAX];
	map_number r = {what, 1, (double)lo, (double)hi};
	double d = 0; /* *out is set even on a refusal */

	int rc = json_text_number(&r, v, &d, msg, sizeof msg);

	*out = (json_int_t)d;
	return rc == 0 ? 0 : fail_at(x, in_level, rel, n, "%s", msg);
}

void ldtk_list_add(ldtk_listing *l, const char *name, int quote)
{
	char q[48];
	size_t room = sizeof l->text - l->n;
	int k;

	if (l->cut)
		return;
	diag_quote(name, q, sizeof q);
	/* Room kept for ", ..." after this one. */
	if (strlen(q) + 10 > room) {
		snprintf(l->text + l->n, room, "%s...", l->n ? ", " : "");
		l->cut = 1;
		return;
	}
	k = snprintf(l->text + l->n, room, quote ? "%s'%s'" : "%s%s",
	             l->n ? ", " : "", q);
	l->n += (size_t)k;
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

/* --layer's IntGrid layer: the one of that identifier, else the only
 * one of that identifier in another case (LDtk capitalises them:
 * --layer=walls is Walls); or an error naming it and listing the
 * level's IntGrid layers, never another layer in its place. */
static const json_t *named_layer(ldtk *x, const json_t *layers,
                                 size_t *index)
{
	const char *want = x->o->layers[0];
	const json_t *li, *folded = NULL;
	ldtk_listing l = {{0}, 0, 0};
	size_t i, nfolded = 0;
	int other = 0; /* a layer of that name, not IntGrid */
	char q[64];

	if (x->o->nlayers > 1) {
		map_fail(x->err, 0, 0,
		         "--layer: an LDtk level blocks by one IntGrid layer; "
		         "%zu are named",
		         x->o->nlayers);
		return NULL;
	}
	json_array_foreach(layers, i, li)
	{
		const char *id = str_of(li, "__identifier");
		if (id == NULL)
			continue;
		if (!is_intgrid(li)) {
			other |= strcmp(id, want) == 0;
			continue;
		}
		if (strcmp(id, want) == 0) {
			*index = i;
			return li;
		}
		if (strcasecmp(id, want) == 0 && nfolded++ == 0) {
			folded = li;
			*index = i;
		}
		ldtk_list_add(&l, id, 1);
	}
	if (nfolded == 1)
		return folded;
	map_fail(x->err, 0, 0,
	         "--layer '%s': %s (the level's IntGrid layers: %s)",
	         diag_quote(want, q, sizeof q),
	         other ? "not an IntGrid layer" : "no such IntGrid layer",
	         l.n ? l.text : "none");
	return NULL;
}

/* The IntGrid layer that blocks: --layer's, else one named like a
 * collision layer, else the first; its index in layers in *index. */
static const json_t *pick_layer(ldtk *x, const json_t *layers, size_t *index,
                                const char **by)
{
	const json_t *li, *first = NULL;
	size_t i;

	*by = x->o->from_check ? "the check file's \"layer\"" : "--layer";
	if (x->o->nlayers > 0)
		return named_layer(x, layers, index);
	*by = "the first IntGrid layer (none is named collision, "
	      "collisions, solid, walls or obstacles)";
	json_array_foreach(layers, i, li)
	{
		const char *id = str_of(li, "__identifier");
		if (!is_intgrid(li) || id == NULL)
			continue;
		if (first == NULL) {
			first = li;
			*index = i;
		}
		if (named_like_collision(id)) {
			*index = i;
			*by = "named like a collision layer";
			return li;
		}
	}
	if (first == NULL)
		map_fail(x->err, 0, 0, "the level has no IntGrid layer");
	return first;
}

/* The intGridValues the project's defs give layer li (its layerDefUid),
 * and their layer's index in defs.layers in *def; NULL when the defs
 * have none (an .ldtkl file alone). */
static const json_t *value_defs(const ldtk *x, const json_t *li, size_t *def)
{
	const json_t *d, *uid = json_object_get(li, "layerDefUid");
	size_t i;

	json_array_foreach(json_object_get(x->defs, "layers"), i, d)
	{
		if (json_equal(json_object_get(d, "uid"), uid)) {
			*def = i;
			return json_object_get(d, "intGridValues");
		}
	}
	return NULL;
}

/* One value of --solid or --costs (tok, n bytes): a number, or an
 * identifier the layer's intGridValues (vals, of defs.layers[def])
 * define; -1 reported. */
static long value_of(ldtk *x, const json_t *vals, size_t def, const char *tok,
                     size_t n, const char *flag)
{
	const json_t *v;
	size_t i;
	ldtk_listing l = {{0}, 0, 0};
	char q[64], *want;

	if (n > 0 && n < 10 && strspn(tok, "0123456789") >= n)
		return atol(tok);
	json_array_foreach(vals, i, v)
	{
		const char *id = str_of(v, "identifier");
		json_step at[] = {KEY("defs"),          KEY("layers"), AT(def),
		                  KEY("intGridValues"), AT(i),         KEY("value")};
		json_int_t val;
		char item[96];
		if (id != NULL && strlen(id) == n && strncmp(id, tok, n) == 0) {
			snprintf(item, sizeof item, "intGridValues[%zu].value", i);
			return ldtk_whole(x, 0, json_object_get(v, "value"), at, 6,
			                  item, 1, 255, &val) == 0
			               ? (long)val
			               : -1;
		}
		snprintf(item, sizeof item, "%s=%" JSON_INTEGER_FORMAT,
		         id ? id : "?", json_integer_value(json_object_get(v, "value")));
		ldtk_list_add(&l, item, 0);
	}
	if ((want = strndup(tok, n)) == NULL)
		return map_fail(x->err, 0, 0, "out of memory");
	map_fail(x->err, 0, 0,
	         "%s: '%s' is no IntGrid value of the layer (its values: %s)",
	         flag, diag_quote(want, q, sizeof q), l.n ? l.text : "none named");
	free(want);
	return -1;
}

/* Sets cost[v] for each item of list ("a,b" for --solid: cost 0;
 * "a:3,b:2" for --costs). */
static int read_list(ldtk *x, const json_t *vals, size_t def, const char *list,
                     int with_cost, unsigned char *cost)
{
	const char *flag = with_cost ? "--costs" : "--solid";

	while (*list) {
		size_t n = strcspn(list, with_cost ? ":," : ",");
		long v = value_of(x, vals, def, list, n, flag), c = 0;
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

/* Entity k of layer i (e) at its "__grid": [x, y], whole numbers
 * (a cell outside the level is left to the caller). */
static int entity_cell(const ldtk *x, const json_t *e, size_t i, size_t k,
                       astar_point *at)
{
	json_step p[] = {KEY("layerInstances"), AT(i), KEY("entityInstances"),
	                 AT(k), KEY("__grid"), AT(0)};
	const json_t *g = json_object_get(e, "__grid");
	json_int_t c[2];
	char q[64], what[96];

	snprintf(what, sizeof what, "entity '%s': __grid",
	         diag_quote(str_of(e, "__identifier"), q, sizeof q));
	if (!json_is_array(g) || json_array_size(g) != 2)
		return fail_at(x, 1, p, 5, "%s: %sexpected [x, y], whole numbers",
		               what, g == NULL ? "missing; " : "");
	for (size_t j = 0; j < 2; j++) {
		p[5].index = j;
		snprintf(what, sizeof what, "entity '%s': __grid[%zu]", q, j);
		if (ldtk_whole(x, 1, json_array_get(g, j), p, 6, what,
		               INT32_MIN, INT32_MAX, &c[j]) != 0)
			return -1;
	}
	at->x = (int32_t)c[0];
	at->y = (int32_t)c[1];
	return 0;
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

/* Adds "id#N" at at, N the first number whose name no point has; the
 * name is as long as the kind's, never cut. */
static int add_nth(map *m, naming *nm, const char *id, astar_point at)
{
	size_t *n = names_slot(nm->next, id), size = strlen(id) + 24;
	char *nth = malloc(size);
	int rc = -1;

	if (n != NULL && nth != NULL) {
		do {
			++*n;
			snprintf(nth, size, "%s#%zu", id, *n);
		} while (names_get(nm->taken, nth) > 0);
		rc = add_point(m, nm, nth, at);
	}
	free(nth);
	return rc;
}

/* The entities as points, in the file's order: @id, @id#N when the
 * level has several of its kind, @iid and @name.  0, or -1 reported. */
static int entity_points(ldtk *x, const json_t *layers, map *m, naming *nm)
{
	const json_t *li, *e;
	size_t i, k;

	json_array_foreach(layers, i, li)
	{
		json_array_foreach(json_object_get(li, "entityInstances"), k, e)
		{
			const char *id = str_of(e, "__identifier");
			size_t first = m->npoints;
			astar_point at;
			if (id == NULL)
				continue;
			if (entity_cell(x, e, i, k, &at) != 0)
				return -1;
			if (!astar_grid_contains(m->grid, at.x, at.y))
				continue;
			if (add_point(m, nm, id, at) != 0 ||
			    (names_get(nm->kinds, id) > 1 &&
			     add_nth(m, nm, id, at) != 0) ||
			    (str_of(e, "iid") &&
			     add_point(m, nm, str_of(e, "iid"), at) != 0) ||
			    (name_field(e) && name_field(e)[0] &&
			     add_point(m, nm, name_field(e), at) != 0))
				return map_fail(x->err, 0, 0, "out of memory");
			for (size_t j = first; j < m->npoints; j++)
				m->points[j].obj = first;
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
	if (rc != 0)
		rc = map_fail(x->err, 0, 0, "out of memory");
	else
		rc = entity_points(x, layers, m, &nm);
	names_free(nm.kinds);
	names_free(nm.taken);
	names_free(nm.next);
	if (rc != 0)
		return -1;
	map_default_endpoints(m);
	return 0;
}

/* Each IntGrid value's cell cost (0 a wall): --solid's values are walls
 * (default: every non-zero value), then --costs gives floor costs, by
 * the values the defs give layer li. */
static int cost_table(ldtk *x, const json_t *li, unsigned char cost[256])
{
	size_t def = 0;
	const json_t *vals = NULL;

	if (x->o->solid != NULL || x->o->costs != NULL)
		vals = value_defs(x, li, &def);
	memset(cost, 1, 256);
	if (x->o->solid != NULL) {
		unsigned char walls[256];
		memset(walls, 1, sizeof walls);
		if (read_list(x, vals, def, x->o->solid, 0, walls) != 0)
			return -1;
		memcpy(cost, walls, 256);
	} else {
		memset(cost + 1, 0, 255);
	}
	if (x->o->costs != NULL) {
		unsigned char cs[256];
		memset(cs, 0, sizeof cs);
		if (read_list(x, vals, def, x->o->costs, 1, cs) != 0)
			return -1;
		/* A value given a cost is floor, whatever the default. */
		for (int v = 1; v < 256; v++)
			if (cs[v] && (cost[v] || x->o->solid == NULL))
				cost[v] = cs[v];
	}
	return 0;
}

/* The intGridCsv of layer lix, row by row, through cost into m->grid. */
static int fill_cells(ldtk *x, size_t lix, const json_t *csv, json_int_t w,
                      const unsigned char cost[256], map *m)
{
	const json_t *c;
	size_t i;

	json_array_foreach(csv, i, c)
	{
		json_step p[] = {KEY("layerInstances"), AT(lix),
		                 KEY("intGridCsv"), AT(i)};
		json_int_t v;
		char what[48];
		snprintf(what, sizeof what, "intGridCsv[%zu]", i);
		if (ldtk_whole(x, 1, c, p, 4, what, 0, 255, &v) != 0)
			return -1;
		astar_grid_row(m->grid, (int32_t)(i / (size_t)w))[i % (size_t)w] =
			cost[v];
		if (m->chosen->why != NULL)
			m->chosen->why[i] = (unsigned char)v;
	}
	astar_grid_recount(m->grid);
	return 0;
}

/* Layer lix's size in cells, __cWid by __cHei, as the intGridCsv holds
 * them; 0, or -1 reported. */
static int layer_size(ldtk *x, const json_t *li, size_t lix, json_int_t *w,
                      json_int_t *h)
{
	json_step p[] = {KEY("layerInstances"), AT(lix), KEY("__cWid")};
	const json_t *csv = json_object_get(li, "intGridCsv");
	char q[64], what[96];

	diag_quote(str_of(li, "__identifier"), q, sizeof q);
	snprintf(what, sizeof what, "layer '%s': __cWid", q);
	if (ldtk_whole(x, 1, json_object_get(li, "__cWid"), p, 3, what, 1,
	               ASTAR_DIM_MAX, w) != 0)
		return -1;
	p[2].key = "__cHei";
	snprintf(what, sizeof what, "layer '%s': __cHei", q);
	if (ldtk_whole(x, 1, json_object_get(li, "__cHei"), p, 3, what, 1,
	               ASTAR_DIM_MAX, h) != 0)
		return -1;
	if (map_check_size((long)*w, (long)*h, x->max_cells, 0, x->err) != 0)
		return -1;
	p[2].key = "intGridCsv";
	if (json_array_size(csv) != (size_t)(*w * *h))
		return fail_at(x, 1, p, 3,
		               "layer '%s': intGridCsv holds %zu values; the "
		               "layer has %ldx%ld cells",
		               q, json_array_size(csv), (long)*w, (long)*h);
	return 0;
}

/* What the level's choices were, in m->chosen: the layer and how it was
 * chosen, the values that block, and each wall value's cause. */
static int ldtk_chosen(ldtk *x, const json_t *li, const char *by,
                       const unsigned char cost[256], size_t cells, map *m)
{
	map_chosen *c = map_chosen_of(m);
	size_t def = 0, i, n = 0;
	int shown = x->o->solid != NULL;
	const json_t *vals = value_defs(x, li, &def), *v;
	const char *id = str_of(li, "__identifier");
	char walls[400], q[64];

	if (c == NULL || (c->layers = calloc(1, sizeof *c->layers)) == NULL ||
	    (c->layers[0] = strdup(id ? id : "?")) == NULL ||
	    (c->why = calloc(cells ? cells : 1, 1)) == NULL)
		return map_fail(x->err, 0, 0, "out of memory");
	c->nlayers = 1;
	c->layers_by = by;
	c->walls_by = !x->o->solid        ? "by default (--solid chooses the "
	                                     "walls)"
	              : x->o->from_check ? "by the check file's \"solid\""
	                                 : "by --solid";
	for (int val = 1; val < 256; val++) {
		const char *name = NULL;
		json_array_foreach(vals, i, v)
			if (json_integer_value(json_object_get(v, "value")) == val)
				name = str_of(v, "identifier");
		if (cost[val] != 0)
			continue;
		if (name != NULL)
			snprintf(walls, sizeof walls, "IntGrid value %d '%s'", val,
			         diag_quote(name, q, sizeof q));
		else
			snprintf(walls, sizeof walls, "IntGrid value %d", val);
		if ((c->causes[val] = strdup(walls)) == NULL)
			return map_fail(x->err, 0, 0, "out of memory");
	}
	/* Without --solid every value but 0 blocks: those the defs name
	 * are listed, the others are no less walls. */
	n = (size_t)snprintf(walls, sizeof walls, "%s",
	                     x->o->solid ? "" : "every IntGrid value but 0");
	for (int val = 1; val < 256 && n + 1 < sizeof walls; val++)
		if (c->causes[val] != NULL &&
		    (x->o->solid || strchr(c->causes[val], '\'')))
			n += (size_t)snprintf(walls + n, sizeof walls - n, "%s%s",
			                      n == 0 ? "" : shown++ ? ", " : ": ",
			                      c->causes[val]);
	return (c->walls = strdup(walls)) ? 0
	                                  : map_fail(x->err, 0, 0,
	                                             "out of memory");
}

int ldtk_grid(ldtk *x, const json_t *level, map *m)
{
	const json_t *layers = json_object_get(level, "layerInstances");
	size_t lix = 0;
	const char *by = NULL;
	const json_t *li = pick_layer(x, layers, &lix, &by);
	unsigned char cost[256];
	json_int_t w, h;
	astar_status st;

	if (li == NULL || layer_size(x, li, lix, &w, &h) != 0 ||
	    cost_table(x, li, cost) != 0 ||
	    ldtk_chosen(x, li, by, cost, (size_t)(w * h), m) != 0)
		return -1;
	if ((m->grid = astar_grid_new((int32_t)w, (int32_t)h, &st)) == NULL)
		return map_fail(x->err, 0, 0, "%s", astar_strerror(st));
	if (fill_cells(x, lix, json_object_get(li, "intGridCsv"), w, cost, m) !=
	    0)
		return -1;
	if (str_of(level, "identifier") &&
	    (m->level = strdup(str_of(level, "identifier"))) == NULL)
		return map_fail(x->err, 0, 0, "out of memory");
	return ldtk_points(x, layers, m);
}
