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

static int bad(tiled_model *t, const char *where, const char *what)
{
	return map_fail(t->err, 0, 0, "%.80s: %s", where, what);
}

/* A number member (def when absent); -1 reported when not a number. */
static int num(tiled_model *t, const json_t *o, const char *key, double def,
               double *out, const char *where)
{
	const json_t *v = json_object_get(o, key);
	char w[120];

	*out = def;
	if (v == NULL)
		return 0;
	if (!json_is_number(v) || !(json_number_value(v) > -1e12 &&
	                            json_number_value(v) < 1e12)) {
		snprintf(w, sizeof w, "%.60s.%s", where, key);
		return bad(t, w, "expected a number");
	}
	*out = json_number_value(v);
	return 0;
}

static int lnum(tiled_model *t, const json_t *o, const char *key, long *out,
                const char *where)
{
	double d;

	if (num(t, o, key, 0, &d, where) != 0)
		return -1;
	*out = (long)d;
	return 0;
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

	if (root == NULL)
		return -1;
	if (check_root(t, root, buf, len, "tileset") != 0 ||
	    lnum(t, root, "tilecount", &count, rel) != 0) {
		json_decref(root);
		return -1;
	}
	if (ts->tilecount == 0)
		ts->tilecount = count;
	json_array_foreach(json_object_get(root, "tiles"), i, e)
	{
		long id;
		tiled_tile *tile;
		if (lnum(t, e, "id", &id, "tiles[]") != 0) {
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
	json_decref(root);
	return rc;
}

static int read_tileset(tiled_model *t, const json_t *o, size_t k)
{
	char where[40];
	long first;
	tiled_tileset *ts;

	snprintf(where, sizeof where, "tilesets[%zu]", k);
	if (lnum(t, o, "firstgid", &first, where) != 0)
		return -1;
	if ((ts = tiled_add_tileset(t, first)) == NULL)
		return map_fail(t->err, 0, 0, "out of memory");
	if (str_of(o, "source") != NULL)
		return t->files->tileset(t, ts, str_of(o, "source"), 0, where);
	if (lnum(t, o, "tilecount", &ts->tilecount, where) != 0)
		return -1;
	size_t i;
	const json_t *e;
	json_array_foreach(json_object_get(o, "tiles"), i, e)
	{
		long id;
		tiled_tile *tile;
		if (lnum(t, e, "id", &id, where) != 0)
			return -1;
		if ((tile = tiled_add_tile(ts, id)) == NULL ||
		    read_props(t, json_object_get(e, "properties"),
		               &tile->props) != 0)
			return map_fail(t->err, 0, 0, "out of memory");
	}
	return 0;
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
		return map_fail(t->err, 0, 0, "%.80s: %s", w, msg);
	}
	if (!json_is_array(d))
		return bad(t, w, "expected an array of tile numbers or a "
		                 "base64 string");
	if (json_array_size(d) != count)
		return map_fail(t->err, 0, 0,
		                "%.80s holds %zu cells; the layer has %zu", w,
		                json_array_size(d), count);
	json_array_foreach(d, i, e)
	{
		json_int_t v = json_integer_value(e);
		if (!json_is_integer(e) || v < 0 || v > 0xffffffffLL)
			return map_fail(t->err, 0, 0,
			                "%.80s[%zu]: expected a tile number", w, i);
		g[i] = (uint32_t)v;
	}
	return 0;
}

static int read_chunks(tiled_model *t, tiled_layer *tl, const json_t *l,
                       const char *where)
{
	size_t i;
	const json_t *c;
	char w[120];

	json_array_foreach(json_object_get(l, "chunks"), i, c)
	{
		long x, y, cw, ch;
		uint32_t *g;
		snprintf(w, sizeof w, "%.60s.chunks[%zu]", where, i);
		if (lnum(t, c, "x", &x, w) || lnum(t, c, "y", &y, w) ||
		    lnum(t, c, "width", &cw, w) || lnum(t, c, "height", &ch, w))
			return -1;
		if (cw < 1 || ch < 1 || cw > 4096 || ch > 4096)
			return bad(t, w, "a chunk has 1 to 4096 cells a side");
		if (read_data(t, l, json_object_get(c, "data"),
		              (size_t)cw * (size_t)ch, &g, w) != 0) {
			free(g);
			return -1;
		}
		if (tiled_add_chunk(t, tl, x, y, cw, ch, g, 0) != 0)
			return -1;
	}
	return 0;
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
	t->infinite = json_is_true(json_object_get(root, "infinite"));
	if (lnum(t, root, "width", &t->width, "map") ||
	    lnum(t, root, "height", &t->height, "map") ||
	    lnum(t, root, "tilewidth", &t->tw, "map") ||
	    lnum(t, root, "tileheight", &t->th, "map") ||
	    tiled_check_header(t, str_of(root, "orientation"), 0))
		goto out;
	json_array_foreach(json_object_get(root, "tilesets"), i, e)
	{
		if (read_tileset(t, e, i) != 0)
			goto out;
	}
	rc = read_layers(t, json_object_get(root, "layers"), "layers", 0);
out:
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
		if (num(t, e, "x", 0, &o->x, w) || num(t, e, "y", 0, &o->y, w) ||
		    num(t, e, "width", 0, &o->w, w) ||
		    num(t, e, "height", 0, &o->h, w) ||
		    num(t, e, "gid", 0, &gid, w))
			return -1;
		o->gid = gid > 0 && gid <= 4294967295.0 ? (uint32_t)gid : 0;
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
				if (num(t, p, "x", 0, &o->pts[2 * k], w) ||
				    num(t, p, "y", 0, &o->pts[2 * k + 1], w))
					return -1;
				o->npts = k + 1;
			}
		}
		if (o->template_ != NULL)
			t->files->template_(t, o);
	}
	return 0;
}
