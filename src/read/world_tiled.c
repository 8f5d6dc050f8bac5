/*
 * world_tiled.c - a Tiled .world file as one world: each of its "maps"
 * read by the Tiled reader as it reads one map (the same collision
 * choice), placed at x / tilewidth, y / tileheight, all at depth 0, so
 * that maps which touch are joined by the world's seams.  Links come
 * from the objects of .tmj maps: a property of type object (Tiled's own
 * reference, within one map) or a string property (lo->link_property,
 * default "target") holding @MAP/NAME, MAP a map file's base name; each
 * a step of cost 1, both ways.  Points are MAP/NAME.  "patterns" (maps
 * found by regular expression) are refused: a world that lists its maps
 * says which files it is made of.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "io.h"
#include "json_pos.h"
#include "json_text.h"
#include "world_tiled.h"

/* An object of a map, for links: its id, name and cell. */
typedef struct tobj {
	json_int_t id;
	const char *name;
	int32_t x, y;
	json_t *props;
} tobj;

typedef struct tmap {
	json_t *root; /* a .tmj map's document, NULL for .tmx */
	char *buf;    /* its text */
	size_t len;
	long tw, th;
	tobj *objs;
	size_t nobjs;
	int has_start, has_goal; /* the map's own marks */
	astar_place start, goal;
} tmap;

typedef struct tworld {
	const char *buf; /* the .world's text, for places */
	size_t len;
	map_world *w;
	tmap *maps;
	map_error *err;
} tworld;

/* Fails at the place of maps[i] (its member key when key is set). */
static int fail_at(tworld *t, size_t i, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int fail_at(tworld *t, size_t i, const char *key, const char *fmt, ...)
{
	json_step path[3] = {{"maps", 0}, {NULL, i}, {key, 0}};
	json_place at = {0};
	va_list ap;

	if (json_pos_find(t->buf, t->len, path, key ? 3 : 2, 0, &at) != 0)
		at.line = at.col = 0;
	va_start(ap, fmt);
	map_vfail(t->err, at.line, at.col, fmt, ap);
	va_end(ap);
	return -1;
}

/* The map's cell size in pixels: "tilewidth" of a .tmj, the attribute
 * of a .tmx's <map> element. */
static long tile_size(const tmap *m, const char *key)
{
	const char *p, *end;
	char pat[32];

	if (m->root != NULL)
		return (long)json_integer_value(json_object_get(m->root, key));
	p = strstr(m->buf, "<map");
	end = p ? strchr(p, '>') : NULL;
	snprintf(pat, sizeof pat, " %s=\"", key);
	p = p ? strstr(p, pat) : NULL;
	return p != NULL && p < end ? strtol(p + strlen(pat), NULL, 10) : 0;
}

/* The objects of layer list ls (group layers walked into), with the
 * cell under each one's centre, less the map's origin ox, oy. */
static int note_objects(tmap *m, json_t *ls, long ox, long oy)
{
	json_t *l, *o;
	size_t i, j;

	json_array_foreach(ls, i, l) {
		if (note_objects(m, json_object_get(l, "layers"), ox, oy) != 0)
			return -1;
		json_array_foreach(json_object_get(l, "objects"), j, o) {
			double x = json_number_value(json_object_get(o, "x"));
			double y = json_number_value(json_object_get(o, "y"));
			double w = json_number_value(json_object_get(o, "width"));
			double h = json_number_value(json_object_get(o, "height"));
			tobj *n = realloc(m->objs, (m->nobjs + 1) * sizeof *n);
			if (n == NULL)
				return -1;
			m->objs = n;
			n += m->nobjs++;
			if (json_object_get(o, "gid") != NULL)
				y -= h; /* a tile object stands on its point */
			n->id = json_integer_value(json_object_get(o, "id"));
			n->name = json_string_value(json_object_get(o, "name"));
			n->x = (int32_t)((long)floor((x + w / 2) / (double)m->tw) - ox);
			n->y = (int32_t)((long)floor((y + h / 2) / (double)m->th) - oy);
			n->props = json_object_get(o, "properties");
		}
	}
	return 0;
}

/* Map i's file, read and made a floor (named for its base name) with
 * its points. */
static int read_map(tworld *t, size_t i, const char *dir, size_t max_cells,
                    const map_level_opts *lo, const char *file)
{
	map_level_opts one = *lo;
	tmap *tm = &t->maps[i];
	map_floor *f = &t->w->floors[i];
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	size_t n = strlen(dir) + strlen(file) + 1;
	char *path = malloc(n), *dot;
	map m;

	if (path == NULL || (f->name = strdup(base)) == NULL)
		return free(path), map_fail(t->err, 0, 0, "out of memory");
	t->w->nfloors = i + 1; /* the world frees the name from here on */
	if ((dot = strrchr(f->name, '.')) != NULL && dot != f->name)
		*dot = '\0';
	snprintf(path, n, "%s%s", file[0] == '/' ? "" : dir, file);
	if (io_slurp(path, 1u << 30, &tm->buf, &tm->len) != 0) {
		free(path);
		return fail_at(t, i, "fileName", "maps: '%s': cannot read it: %s", file,
		               strerror(errno));
	}
	one.path = path;
	if (map_read_tiled(tm->buf, tm->len, max_cells, &one, &m, t->err) != 0) {
		if (t->err->file[0] == '\0')
			snprintf(t->err->file, sizeof t->err->file, "%s", path);
		free(path);
		return -1;
	}
	free(path);
	f->grid = m.grid;
	m.grid = NULL;
	tm->has_start = m.has_start;
	tm->has_goal = m.has_goal;
	tm->start = (astar_place){m.start.x, m.start.y, 0, (uint32_t)i};
	tm->goal = (astar_place){m.goal.x, m.goal.y, 0, (uint32_t)i};
	if (tm->buf[strspn(tm->buf, " \t\r\n")] == '{')
		tm->root = json_loads(tm->buf, 0, NULL);
	tm->tw = tile_size(tm, "tilewidth");
	tm->th = tile_size(tm, "tileheight");
	if (tm->tw < 1 || tm->th < 1)
		return map_free(&m), fail_at(t, i, "fileName",
		                             "maps: '%s': no tile size%s", file, "");
	if (tm->root != NULL &&
	    note_objects(tm, json_object_get(tm->root, "layers"), m.ox, m.oy) != 0)
		return map_free(&m), map_fail(t->err, 0, 0, "out of memory");
	for (size_t k = 0; k < m.npoints; k++) {
		size_t len = strlen(f->name) + strlen(m.points[k].name) + 2;
		map_wpoint *p = realloc(t->w->points, (t->w->npoints + 1) * sizeof *p);
		char *name = p ? malloc(len) : NULL;
		if (p != NULL)
			t->w->points = p;
		if (name == NULL)
			return map_free(&m), map_fail(t->err, 0, 0, "out of memory");
		snprintf(name, len, "%s/%s", f->name, m.points[k].name);
		p[t->w->npoints].name = name;
		p[t->w->npoints++].at = (astar_place){m.points[k].at.x,
		                                      m.points[k].at.y, 0, (uint32_t)i};
	}
	map_free(&m);
	return 0;
}

/* The place a link property names: an object id of map k (type
 * object), or @MAP/NAME of the world; 0 found, -1 failed. */
static int link_end(tworld *t, size_t k, const tobj *o, json_t *p,
                    astar_place *to)
{
	const char *type = json_string_value(json_object_get(p, "type"));
	json_t *v = json_object_get(p, "value");
	char what[96];

	if (type != NULL && strcmp(type, "object") == 0) {
		for (size_t j = 0; j < t->maps[k].nobjs; j++)
			if (t->maps[k].objs[j].id == json_integer_value(v)) {
				*to = (astar_place){t->maps[k].objs[j].x,
				                    t->maps[k].objs[j].y, 0, (uint32_t)k};
				return 0;
			}
		snprintf(what, sizeof what, "object %lld",
		         (long long)json_integer_value(v));
	} else {
		const char *s = json_string_value(v);
		for (size_t j = 0; s != NULL && s[0] == '@' && j < t->w->npoints; j++)
			if (strcmp(t->w->points[j].name, s + 1) == 0) {
				*to = t->w->points[j].at;
				return 0;
			}
		snprintf(what, sizeof what, "'%s'", s ? s : "(not a string)");
	}
	return fail_at(t, k, "fileName", "maps: '%s': object %lld: its "
	               "property '%s' names %s, which the world does not hold",
	               t->w->floors[k].name, (long long)o->id,
	               json_string_value(json_object_get(p, "name")), what);
}

/* The links of map k's objects: each object-typed property, and each
 * string property named prop. */
static int add_links(tworld *t, size_t k, const char *prop)
{
	tmap *tm = &t->maps[k];

	for (size_t j = 0; j < tm->nobjs; j++) {
		const tobj *o = &tm->objs[j];
		json_t *p;
		size_t i;
		json_array_foreach(o->props, i, p) {
			const char *type = json_string_value(json_object_get(p, "type"));
			const char *name = json_string_value(json_object_get(p, "name"));
			astar_place to;
			int obj = type != NULL && strcmp(type, "object") == 0;
			if (!obj && (name == NULL || strcmp(name, prop) != 0 ||
			             (type != NULL && strcmp(type, "string") != 0)))
				continue;
			if (obj && json_integer_value(json_object_get(p, "value")) == 0)
				continue; /* Tiled's "no object" */
			if (link_end(t, k, o, p, &to) != 0)
				return -1;
			if (astar_world_add_link(t->w->world,
			                         (astar_place){o->x, o->y, 0, (uint32_t)k},
			                         to, 1.0, 0) != ASTAR_OK)
				return map_fail(t->err, 0, 0, "out of memory");
		}
	}
	return 0;
}

/* The levels added and the world built; overlapping maps are said at
 * the second one's entry. */
static int build(tworld *t)
{
	map_world *w = t->w;
	astar_world_problem why;
	astar_status st;

	for (size_t k = 0; k < w->nfloors; k++)
		if (astar_world_add_level(w->world, w->floors[k].grid, w->floors[k].name,
		                          w->floors[k].x, w->floors[k].y, 0) != ASTAR_OK)
			return map_fail(t->err, 0, 0, "out of memory");
	if ((st = astar_world_build(w->world, &why)) == ASTAR_OK)
		return 0;
	if (why.fault == ASTAR_WORLD_OVERLAP)
		return fail_at(t, why.b, NULL, "maps: '%s' and '%s' overlap, in the "
		               "world's cells %d..%d, %d..%d", w->floors[why.a].name,
		               w->floors[why.b].name, why.x0, why.x1, why.y0, why.y1);
	return map_fail(t->err, 0, 0, "%s", astar_strerror(st));
}

/* Map i's place: its pixels over its cell size (floor division). */
static int place_map(tworld *t, size_t i, json_t *e)
{
	json_t *x = json_object_get(e, "x"), *y = json_object_get(e, "y");
	json_int_t px = json_integer_value(x), py = json_integer_value(y);
	long tw = t->maps[i].tw, th = t->maps[i].th;

	if (!json_is_integer(x) || !json_is_integer(y) || llabs(px) > (1LL << 40) ||
	    llabs(py) > (1LL << 40))
		return fail_at(t, i, NULL, "maps[%zu]: expected whole numbers "
		               "\"x\" and \"y\" (pixels)", i);
	t->w->floors[i].x = (int32_t)((px - (px < 0 ? tw - 1 : 0)) / tw);
	t->w->floors[i].y = (int32_t)((py - (py < 0 ? th - 1 : 0)) / th);
	return 0;
}

/* The one map with a start of its own (the Tiled reader's marks)
 * gives the world's start; the goal likewise. */
static void ends_of_maps(tworld *t, size_t n)
{
	size_t ns = 0, ng = 0;

	for (size_t k = 0; k < n; k++) {
		if (t->maps[k].has_start && ns++ == 0)
			t->w->start = t->maps[k].start;
		if (t->maps[k].has_goal && ng++ == 0)
			t->w->goal = t->maps[k].goal;
	}
	t->w->has_start = ns == 1;
	t->w->has_goal = ng == 1;
}

static int read_maps(tworld *t, json_t *maps, const char *dir,
                     size_t max_cells, const map_level_opts *lo)
{
	json_t *e;
	size_t i;

	json_array_foreach(maps, i, e) {
		const char *file = json_string_value(json_object_get(e, "fileName"));
		if (file == NULL || file[0] == '\0')
			return fail_at(t, i, NULL, "maps[%zu]: expected a \"fileName\"", i);
		if (read_map(t, i, dir, max_cells, lo, file) != 0 ||
		    place_map(t, i, e) != 0)
			return -1;
		for (size_t k = 0; k < i; k++)
			if (strcmp(t->w->floors[k].name, t->w->floors[i].name) == 0)
				return fail_at(t, i, "fileName", "maps: a second map named "
				               "'%s': points @MAP/NAME need each map's base "
				               "name once", t->w->floors[i].name);
	}
	return 0;
}

static void free_maps(tmap *maps, size_t n)
{
	for (size_t i = 0; maps != NULL && i < n; i++) {
		json_decref(maps[i].root);
		free(maps[i].buf);
		free(maps[i].objs);
	}
	free(maps);
}

int map_read_world_tiled(const char *buf, size_t len, size_t max_cells,
                         const map_level_opts *lo, map *m, map_error *err)
{
	tworld t = {buf, len, NULL, NULL, err};
	const char *prop = lo->link_property ? lo->link_property : "target";
	const char *slash = lo->path ? strrchr(lo->path, '/') : NULL;
	char *dir = NULL;
	json_t *root, *maps;
	size_t n = 0;
	int rc = -1;

	memset(m, 0, sizeof *m);
	if ((root = json_text_load(buf, len, err)) == NULL)
		return -1;
	maps = json_object_get(root, "maps");
	n = json_array_size(maps);
	if (json_array_size(json_object_get(root, "patterns")) > 0) {
		json_step path[1] = {{"patterns", 0}};
		json_place at = {0, 0};
		json_pos_find(buf, len, path, 1, 1, &at);
		map_fail(err, at.line, at.col, "patterns: astar reads a world's "
		         "\"maps\" only, not maps found by regular expression: "
		         "list them under \"maps\"");
		goto out;
	}
	if (n == 0) {
		map_fail(err, 0, 0, "maps: a Tiled world of no maps");
		goto out;
	}
	t.w = m->world = calloc(1, sizeof *t.w);
	m->world_free = map_world_free;
	t.maps = calloc(n, sizeof *t.maps);
	dir = strndup(lo->path ? lo->path : "", slash ? (size_t)(slash - lo->path + 1) : 0);
	if (t.w == NULL || t.maps == NULL || dir == NULL ||
	    (t.w->floors = calloc(n, sizeof *t.w->floors)) == NULL ||
	    (t.w->world = astar_world_new()) == NULL) {
		map_fail(err, 0, 0, "out of memory");
		goto out;
	}
	if (read_maps(&t, maps, dir, max_cells, lo) != 0)
		goto out;
	for (size_t k = 0; k < n; k++)
		if (add_links(&t, k, prop) != 0)
			goto out;
	if (build(&t) != 0)
		goto out;
	ends_of_maps(&t, n);
	rc = 0;
out:
	free_maps(t.maps, n);
	free(dir);
	json_decref(root);
	if (rc != 0)
		map_free(m);
	return rc;
}
