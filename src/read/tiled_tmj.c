/*
 * tiled_tmj.c - Tiled's JSON syntax (.tmj/.json maps, .tsj tilesets)
 * into the model of tiled_model.h, with jansson.  A bad value is
 * reported with its place as a JSON path ("layers[2].data"), since
 * jansson's tree keeps no line numbers.  A tileset or template the map
 * names (of either syntax) is read through the loader in t->files, set
 * up above this file: so this reader never calls the XML one.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "json_pos.h"
#include "json_text.h"
#include "tiled_data.h"
#include "tiled_tmj.h"

static const char *str_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* Fails with what is wrong with the value at JSON path path (what
 * starts with it), placed at that value in the .tmj's text, or at the
 * nearest part of the path the text has. */
static int fail_at(tiled_model *t, const char *path, const char *what)
{
	json_step st[JSON_PATH_MAX];
	char keys[2 * MAP_MSG_MAX];
	json_place at = {0, 0};
	int n = t->json ? json_path_parse(path, strlen(path), st,
	                                  JSON_PATH_MAX, keys, sizeof keys)
	                : -1;

	if (n > 0)
		(void)json_pos_nearest(t->json, t->json_len, st, n, 0, &at);
	return map_fail(t->err, at.line, at.col, "%s", what);
}

static int bad(tiled_model *t, const char *where, const char *what)
{
	char msg[MAP_MSG_MAX];

	snprintf(msg, sizeof msg, "%.80s: %.170s", where, what);
	return fail_at(t, where, msg);
}

/* Member key of o (at path where, "" for the document) through the one
 * checked conversion: whole or not, from lo to hi; def when absent.  0,
 * or -1 reported at the value. */
static int num(tiled_model *t, const json_t *o, const char *key, int whole,
               double lo, double hi, double def, double *out,
               const char *where)
{
	const json_t *v = json_object_get(o, key);
	char name[120], msg[MAP_MSG_MAX];
	map_number r = {name, whole, lo, hi};
	int rc;

	*out = def;
	if (v == NULL)
		return 0;
	snprintf(name, sizeof name, "%.80s%s%s", where, where[0] ? "." : "",
	         key);
	rc = json_text_number(&r, v, out, msg, sizeof msg);
	return rc == 0 ? 0 : fail_at(t, name, msg);
}

/* A whole number from lo to hi (0 when absent). */
static int lnum(tiled_model *t, const json_t *o, const char *key, long lo,
                long hi, long *out, const char *where)
{
	double d;

	if (num(t, o, key, 1, (double)lo, (double)hi, 0, &d, where) != 0)
		return -1;
	*out = (long)d;
	return 0;
}

/* A place or size in pixels (0 when absent). */
static int pixels(tiled_model *t, const json_t *o, const char *key,
                  double *out, const char *where)
{
	return num(t, o, key, 0, -TILED_PIXELS_MAX, TILED_PIXELS_MAX, 0, out,
	           where);
}

/* Whether member key of o (at path where) is there and no array: a
 * list Tiled writes as an array is never read as an empty one. */
static int not_array(tiled_model *t, const json_t *o, const char *key,
                     const char *where)
{
	const json_t *v = json_object_get(o, key);
	char path[120];

	if (v == NULL || json_is_array(v))
		return 0;
	snprintf(path, sizeof path, "%.80s%s%s", where, where[0] ? "." : "",
	         key);
	return bad(t, path, "expected an array");
}

/* "properties": [{"name", "type", "value"}] into p. */
static int read_props(tiled_model *t, const json_t *arr, tiled_props *p)
{
	size_t i;
	const json_t *e;

	json_array_foreach(arr, i, e)
	{
		const json_t *v = json_object_get(e, "value");
		char val[64];
		const char *s = val;
		if (json_is_string(v))
			s = json_string_value(v);
		else if (json_is_boolean(v))
			s = json_is_true(v) ? "true" : "false";
		else if (json_is_integer(v))
			snprintf(val, sizeof val, "%" JSON_INTEGER_FORMAT,
			         json_integer_value(v));
		else if (json_is_real(v))
			snprintf(val, sizeof val, "%.17g", json_real_value(v));
		else
			val[0] = '\0';
		if (tiled_add_prop(p, str_of(e, "name"), str_of(e, "type"), s))
			return map_fail(t->err, 0, 0, "out of memory");
	}
	return 0;
}

/* The root of a file the map names, a what ("tileset"): an object
 * whose "type", when given, is what (a .tsj whose root is a map would
 * be read as a tileset without tiles). */
static int check_root(tiled_model *t, const json_t *root, const char *buf,
                      size_t len, const char *what)
{
	const json_t *type = json_object_get(root, "type");
	json_step step = {"type", 0};
	json_place at = {1, 1};
	char q[48];

	if (!json_is_object(root))
		return map_fail(t->err, 1, 1, "expected a Tiled %s object",
		                what);
	if (type == NULL || (json_is_string(type) &&
	                     strcmp(json_string_value(type), what) == 0))
		return 0;
	(void)json_pos_find(buf, len, &step, 1, 0, &at);
	if (!json_is_string(type))
		return map_fail(t->err, at.line, at.col,
		                "\"type\" is not a string: expected \"%s\", a "
		                "Tiled %s",
		                what, what);
	return map_fail(t->err, at.line, at.col,
	                "\"type\" is \"%s\": expected \"%s\", a Tiled %s",
	                diag_quote(json_string_value(type), q, sizeof q), what,
	                what);
}

int tiled_tj_parse(tiled_model *t, tiled_object *o, const char *buf,
                   size_t len)
{
	json_t *root = json_text_load(buf, len, t->err);
	int rc;

	(void)o; /* its object is not read: astar's objects need none */
	if (root == NULL)
		return -1;
	rc = check_root(t, root, buf, len, "template");
	json_decref(root);
	return rc;
}

int tiled_tsj_parse(tiled_model *t, tiled_tileset *ts, const char *buf,
                    size_t len, const char *rel)
{
	json_t *root = json_text_load(buf, len, t->err), *e;
	size_t i;
	long count;
	int rc = 0;
	const char *map_json = t->json; /* not this file's text */

	if (root == NULL)
		return -1;
	t->json = NULL;
	if (check_root(t, root, buf, len, "tileset") != 0 ||
	    lnum(t, root, "tilecount", 0, TILED_GID_MASK, &count, rel) != 0) {
		t->json = map_json;
		json_decref(root);
		return -1;
	}
	if (ts->tilecount == 0)
		ts->tilecount = count;
	json_array_foreach(json_object_get(root, "tiles"), i, e)
	{
		long id;
		tiled_tile *tile;
		if (lnum(t, e, "id", 0, TILED_GID_MASK, &id, "tiles[]") != 0) {
			rc = -1;
			break;
		}
		if ((tile = tiled_add_tile(ts, id)) == NULL ||
		    read_props(t, json_object_get(e, "properties"),
		               &tile->props) != 0) {
			rc = map_fail(t->err, 0, 0, "out of memory");
			break;
		}
	}
	t->json = map_json;
	json_decref(root);
	return rc;
}

static int read_tileset(tiled_model *t, const json_t *o, size_t k)
{
	char where[40];
	long first;
	tiled_tileset *ts;

	snprintf(where, sizeof where, "tilesets[%zu]", k);
	if (lnum(t, o, "firstgid", 1, TILED_GID_MASK, &first, where) != 0)
		return -1;
	if ((ts = tiled_add_tileset(t, first)) == NULL)
		return map_fail(t->err, 0, 0, "out of memory");
	if (str_of(o, "source") != NULL)
		return t->files->tileset(t, ts, str_of(o, "source"), 0, where);
	if (lnum(t, o, "tilecount", 0, TILED_GID_MASK, &ts->tilecount,
	         where) != 0 ||
	    not_array(t, o, "tiles", where))
		return -1;
	size_t i;
	const json_t *e;
	json_array_foreach(json_object_get(o, "tiles"), i, e)
	{
		long id;
		tiled_tile *tile;
		if (lnum(t, e, "id", 0, TILED_GID_MASK, &id, where) != 0)
			return -1;
		if ((tile = tiled_add_tile(ts, id)) == NULL ||
		    read_props(t, json_object_get(e, "properties"),
		               &tile->props) != 0)
			return map_fail(t->err, 0, 0, "out of memory");
	}
	return 0;
}

/* The message for gid e, element i of the data at w, that is no tile
 * number. */
static int bad_gid(tiled_model *t, const json_t *e, const char *w, size_t i)
{
	char name[120], msg[MAP_MSG_MAX];
	map_number r = {name, 1, 0, UINT32_MAX};
	double v;

	snprintf(name, sizeof name, "%.80s[%zu]", w, i);
	json_text_number(&r, e, &v, msg, sizeof msg);
	return fail_at(t, name, msg);
}

/* A layer's "data" (an array of gids, or a base64 string) into count
 * gids (malloc'd into *out). */
static int read_data(tiled_model *t, const json_t *l, const json_t *d,
                     size_t count, uint32_t **out, const char *where)
{
	uint32_t *g = calloc(count ? count : 1, sizeof *g);
	char w[120];
	size_t i;
	const json_t *e;

	if (g == NULL)
		return map_fail(t->err, 0, 0, "out of memory");
	*out = g;
	snprintf(w, sizeof w, "%.80s.data", where);
	if (json_is_string(d)) {
		char msg[sizeof t->err->msg];
		if (tiled_decode(json_string_value(d), json_string_length(d),
		                 str_of(l, "encoding"), str_of(l, "compression"),
		                 count, g, 0, t->err) == 0)
			return 0;
		snprintf(msg, sizeof msg, "%s", t->err->msg);
		return bad(t, w, msg);
	}
	if (!json_is_array(d))
		return bad(t, w, "expected an array of tile numbers or a "
		                 "base64 string");
	if (json_array_size(d) != count) {
		char msg[MAP_MSG_MAX];
		snprintf(msg, sizeof msg,
		         "%.80s holds %zu cells; the layer has %zu", w,
		         json_array_size(d), count);
		return fail_at(t, w, msg);
	}
	json_array_foreach(d, i, e)
	{
		json_int_t v = json_integer_value(e);
		if (!json_is_integer(e) || v < 0 || v > 0xffffffffLL)
			return bad_gid(t, e, w, i);
		g[i] = (uint32_t)v;
	}
	return 0;
}

/* The model's error about a chunk of tl, placed at the chunk: the one
 * that gave a cell twice when the join found one, else chunks[i]. */
static int chunk_fail(tiled_model *t, const tiled_layer *tl,
                      const char *where, size_t i)
{
	char w[120], msg[MAP_MSG_MAX];

	snprintf(w, sizeof w, "%.60s.chunks[%zu]", where,
	         tl->twice != SIZE_MAX ? tl->twice : i);
	snprintf(msg, sizeof msg, "%.255s", t->err->msg);
	return fail_at(t, w, msg);
}

/* Whether member key of o, when given, is no boolean: Tiled writes
 * true or false, and a 1 read as false would make another map. */
static int flag(tiled_model *t, const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	return v != NULL && !json_is_boolean(v)
	               ? bad(t, key, "expected true or false")
	               : 0;
}

/* An infinite layer's chunks, joined at the end so that two chunks
 * giving one cell are said here, at the later one. */
static int read_chunks(tiled_model *t, tiled_layer *tl, const json_t *l,
                       const char *where)
{
	size_t i;
	const json_t *c;
	char w[120];

	if (not_array(t, l, "chunks", where))
		return -1;
	json_array_foreach(json_object_get(l, "chunks"), i, c)
	{
		long x, y, cw, ch;
		uint32_t *g;
		snprintf(w, sizeof w, "%.60s.chunks[%zu]", where, i);
		if (lnum(t, c, "x", -TILED_CHUNK_AT_MAX, TILED_CHUNK_AT_MAX, &x,
		         w) ||
		    lnum(t, c, "y", -TILED_CHUNK_AT_MAX, TILED_CHUNK_AT_MAX, &y,
		         w) ||
		    lnum(t, c, "width", 1, TILED_CHUNK_SIDE_MAX, &cw, w) ||
		    lnum(t, c, "height", 1, TILED_CHUNK_SIDE_MAX, &ch, w))
			return -1;
		if (cw < 1 || ch < 1 || cw > 4096 || ch > 4096)
			return bad(t, w, "a chunk has 1 to 4096 cells a side");
		if (read_data(t, l, json_object_get(c, "data"),
		              (size_t)cw * (size_t)ch, &g, w) != 0) {
			free(g);
			return -1;
		}
		if (tiled_add_chunk(t, tl, x, y, cw, ch, g, 0) != 0)
			return chunk_fail(t, tl, where, i);
	}
	return tiled_join_chunks(t, tl) != 0 ? chunk_fail(t, tl, where, 0) : 0;
}

static int tmj_objects(tiled_model *t, tiled_layer *tl, const json_t *l,
                       const char *where);

static int read_layers(tiled_model *t, const json_t *arr, const char *where,
                       int depth)
{
	size_t i;
	const json_t *l;
	char w[120];

	if (depth > 32)
		return bad(t, where, "groups nested too deep");
	json_array_foreach(arr, i, l)
	{
		const char *type = str_of(l, "type");
		tiled_layer *tl;
		snprintf(w, sizeof w, "%.60s[%zu]", where, i);
		if (type == NULL)
			return bad(t, w, "a layer without a \"type\"");
		if (strcmp(type, "group") == 0) {
			if (not_array(t, l, "layers", w))
				return -1;
			snprintf(w, sizeof w, "%.60s[%zu].layers", where, i);
			if (read_layers(t, json_object_get(l, "layers"), w,
			                depth + 1) != 0)
				return -1;
			continue;
		}
		if (strcmp(type, "tilelayer") && strcmp(type, "objectgroup"))
			continue;
		tl = tiled_add_layer(t, type[0] == 't' ? TL_TILES : TL_OBJECTS,
		                     str_of(l, "name"), 0);
		if (tl == NULL)
			return map_fail(t->err, 0, 0, "out of memory");
		tl->visible = !json_is_false(json_object_get(l, "visible"));
		if (read_props(t, json_object_get(l, "properties"), &tl->props))
			return -1;
		if (tl->kind == TL_OBJECTS) {
			if (tmj_objects(t, tl, l, w) != 0)
				return -1;
		} else if (t->infinite) {
			if (read_chunks(t, tl, l, w) != 0)
				return -1;
		} else {
			tl->w = t->width;
			tl->h = t->height;
			if (read_data(t, l, json_object_get(l, "data"),
			              (size_t)t->width * (size_t)t->height,
			              &tl->gids, w) != 0)
				return -1;
		}
	}
	return 0;
}

/* An object layer, by the JSON path of its value, whose objects a walk
 * of the text places. */
typedef struct obj_layer {
	json_step steps[JSON_PATH_MAX];
	int n;
	tiled_layer *layer;
} obj_layer;

typedef struct obj_places {
	obj_layer *v;
	size_t n, cap, i; /* i: the one the walk is at or before */
} obj_places;

/* The object layers of arr (whose path is st[0..n)) into p, found as
 * read_layers found them: *k counts the model's layers.  0, or -1 when
 * memory ran out. */
static int collect(tiled_model *t, const json_t *arr, json_step *st, int n,
                   size_t *k, obj_places *p)
{
	size_t i;
	const json_t *l;

	json_array_foreach(arr, i, l)
	{
		const char *type = str_of(l, "type");
		st[n].key = NULL;
		st[n].index = i;
		if (type != NULL && strcmp(type, "group") == 0) {
			st[n + 1].key = "layers";
			if (collect(t, json_object_get(l, "layers"), st, n + 2,
			            k, p) != 0)
				return -1;
		} else if (type != NULL && strcmp(type, "tilelayer") == 0) {
			(*k)++;
		} else if (type != NULL && strcmp(type, "objectgroup") == 0) {
			tiled_layer *tl = &t->layers[(*k)++];
			if (n + 3 > JSON_PATH_MAX) /* its objects' paths are
			                              longer than a walk keeps */
				continue;
			if (p->n == p->cap) {
				size_t nc = p->cap ? 2 * p->cap : 8;
				obj_layer *nv = realloc(p->v, nc * sizeof *nv);
				if (nv == NULL)
					return -1;
				p->v = nv;
				p->cap = nc;
			}
			memcpy(p->v[p->n].steps, st, (size_t)(n + 1) * sizeof *st);
			p->v[p->n].n = n + 1;
			p->v[p->n++].layer = tl;
		}
	}
	return 0;
}

/* Whether the first n steps of a and b are the same. */
static int same_steps(const json_step *a, const json_step *b, int n)
{
	for (int i = 0; i < n; i++)
		if ((a[i].key == NULL) != (b[i].key == NULL) ||
		    (a[i].key ? strcmp(a[i].key, b[i].key) != 0
		              : a[i].index != b[i].index))
			return 0;
	return 1;
}

/* The walk's visitor: it goes down the path of each object layer in
 * turn (they come in the text's order), and gives each element of its
 * "objects" the place of its '{'. */
static enum json_walk place_visit(void *arg, const json_step *path, int depth,
                                  json_place at, json_place key)
{
	obj_places *p = arg;

	(void)key;
	while (p->i < p->n) {
		const obj_layer *o = &p->v[p->i];
		if (same_steps(path, o->steps, depth < o->n ? depth : o->n)) {
			if (depth <= o->n)
				return JSON_WALK_ENTER;
			if (depth == o->n + 1)
				return path[o->n].key &&
				               strcmp(path[o->n].key,
				                      "objects") == 0
				       ? JSON_WALK_ENTER
				       : JSON_WALK_SKIP;
			if (path[o->n + 1].key == NULL &&
			    path[o->n + 1].index < o->layer->nobjs) {
				tiled_object *ob =
					&o->layer->objs[path[o->n + 1].index];
				ob->line = at.line;
				ob->col = at.col;
			}
			return JSON_WALK_SKIP;
		}
		/* Off this layer's path: on the next one's, or neither. */
		if (p->i + 1 < p->n &&
		    same_steps(path, p->v[p->i + 1].steps,
		               depth < p->v[p->i + 1].n ? depth
		                                        : p->v[p->i + 1].n)) {
			p->i++;
			continue;
		}
		return JSON_WALK_SKIP;
	}
	return JSON_WALK_STOP;
}

/* Gives the map's objects their line and column, for the warnings said
 * about them later, in one walk of the text; those it cannot place keep
 * line 0 and are said at the file. */
static void place_objects(tiled_model *t, const json_t *root, const char *buf,
                          size_t len)
{
	json_step st[2 * 34 + 2] = {{"layers", 0}};
	obj_places p = {NULL, 0, 0, 0};
	size_t k = 0;

	if (collect(t, json_object_get(root, "layers"), st, 1, &k, &p) == 0 &&
	    p.n > 0)
		(void)json_pos_walk(buf, len, place_visit, &p);
	free(p.v);
}

int tiled_tmj_parse(tiled_model *t, const char *buf, size_t len)
{
	json_t *root = json_text_load(buf, len, t->err), *e;
	size_t i;
	int rc = -1;

	if (root == NULL)
		return -1;
	if (!json_is_object(root)) {
		json_decref(root);
		return map_fail(t->err, 1, 1, "expected a Tiled map object");
	}
	t->json = buf;
	t->json_len = len;
	t->infinite = json_is_true(json_object_get(root, "infinite"));
	if (flag(t, root, "infinite") ||
	    lnum(t, root, "width", !t->infinite, INT32_MAX, &t->width, "") ||
	    lnum(t, root, "height", !t->infinite, INT32_MAX, &t->height, "") ||
	    lnum(t, root, "tilewidth", 1, INT32_MAX, &t->tw, "") ||
	    lnum(t, root, "tileheight", 1, INT32_MAX, &t->th, "") ||
	    tiled_check_header(t, str_of(root, "orientation"), 0) ||
	    not_array(t, root, "tilesets", "") ||
	    not_array(t, root, "layers", ""))
		goto out;
	json_array_foreach(json_object_get(root, "tilesets"), i, e)
	{
		if (read_tileset(t, e, i) != 0)
			goto out;
	}
	rc = read_layers(t, json_object_get(root, "layers"), "layers", 0);
	if (rc == 0)
		place_objects(t, root, buf, len);
	if (rc == 0)
		rc = tiled_model_sort(t);
out:
	t->json = NULL;
	json_decref(root);
	return rc;
}

/* The objects of an object layer. */
static int tmj_objects(tiled_model *t, tiled_layer *tl, const json_t *l,
                       const char *where)
{
	size_t i;
	const json_t *e;
	char w[120];

	if (not_array(t, l, "objects", where))
		return -1;
	json_array_foreach(json_object_get(l, "objects"), i, e)
	{
		tiled_object *o = tiled_add_object(tl, 0);
		const char *type = str_of(e, "type") ? str_of(e, "type")
		                                     : str_of(e, "class");
		const json_t *poly = json_object_get(e, "polygon");
		double gid;
		snprintf(w, sizeof w, "%.60s.objects[%zu]", where, i);
		if (o == NULL)
			return map_fail(t->err, 0, 0, "out of memory");
		if ((str_of(e, "name") && !(o->name = strdup(str_of(e, "name")))) ||
		    (type && !(o->type = strdup(type))) ||
		    (str_of(e, "template") &&
		     !(o->template_ = strdup(str_of(e, "template")))))
			return map_fail(t->err, 0, 0, "out of memory");
		o->has_w = json_object_get(e, "width") != NULL;
		o->has_h = json_object_get(e, "height") != NULL;
		if (pixels(t, e, "x", &o->x, w) || pixels(t, e, "y", &o->y, w) ||
		    pixels(t, e, "width", &o->w, w) ||
		    pixels(t, e, "height", &o->h, w) ||
		    num(t, e, "gid", 1, 0, UINT32_MAX, 0, &gid, w))
			return -1;
		o->gid = (uint32_t)gid;
		o->shape = o->gid ? TS_TILE : TS_RECT;
		if (json_is_true(json_object_get(e, "point")))
			o->shape = TS_POINT;
		if (json_is_true(json_object_get(e, "ellipse")))
			o->shape = TS_ELLIPSE;
		if (poly == NULL && (poly = json_object_get(e, "polyline")))
			o->shape = TS_POLYLINE;
		else if (poly != NULL)
			o->shape = TS_POLYGON;
		if (poly != NULL && json_array_size(poly) > 0) {
			size_t k;
			const json_t *p;
			o->pts = calloc(2 * json_array_size(poly), sizeof *o->pts);
			if (o->pts == NULL)
				return map_fail(t->err, 0, 0, "out of memory");
			json_array_foreach(poly, k, p)
			{
				char pw[160];
				snprintf(pw, sizeof pw, "%.120s.%s[%zu]", w,
				         o->shape == TS_POLYGON ? "polygon"
				                                : "polyline",
				         k);
				if (pixels(t, p, "x", &o->pts[2 * k], pw) ||
				    pixels(t, p, "y", &o->pts[2 * k + 1], pw))
					return -1;
				o->npts = k + 1;
			}
		}
		if (o->template_ != NULL)
			t->files->template_(t, o);
	}
	return 0;
}
