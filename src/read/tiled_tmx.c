/*
 * tiled_tmx.c - Tiled's XML syntax (.tmx maps, .tsx tilesets, .tx
 * templates) into the model of tiled_model.h, with expat.  One set of
 * element handlers serves the three files: the stack of open elements
 * says where a <property> or an <object> belongs (a tile's collision
 * shapes, inside a <tileset>, are not the map's objects).  A file the
 * map names (a tileset or template, of either syntax) is read through
 * the loader in t->files, set up above this file: so this reader never
 * calls the JSON one, nor the one above it.
 */
#include <expat.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "tiled_data.h"
#include "tiled_tmx.h"

#define DEPTH_MAX 64

typedef struct tmx {
	tiled_model *t;
	XML_Parser p;
	const char *stack[DEPTH_MAX]; /* open elements' names (literals) */
	int depth, failed;
	tiled_tileset *ts; /* the tileset being read */
	tiled_tile *tile;  /* its tile being read */
	tiled_layer *layer;
	tiled_object *obj;
	tiled_object *tmpl;  /* a template's object goes here */
	tiled_tileset *ext; /* an external tileset's root goes here */
	/* a <data> or <chunk> being read */
	char *enc, *comp;
	char *text;
	size_t tlen, tcap;
	int in_text;
	long cx, cy, cw, ch; /* the chunk */
	uint32_t *xml_gids;  /* <tile gid> elements of <data> */
	size_t nxml, xml_cap;
	long data_line;
} tmx;

static long line_of(const tmx *x)
{
	return (long)XML_GetCurrentLineNumber(x->p);
}

static void stop(tmx *x)
{
	x->failed = 1;
	XML_StopParser(x->p, XML_FALSE);
}

static const char *attr(const char **a, const char *name)
{
	for (; a[0] != NULL; a += 2)
		if (strcmp(a[0], name) == 0)
			return a[1];
	return NULL;
}

static long col_of(const tmx *x)
{
	return (long)XML_GetCurrentColumnNumber(x->p) + 1;
}

/* Attribute r->name of a, read through the one checked conversion as r
 * says.  1 read, 0 absent (*out untouched), -1 reported at the
 * element. */
static int checked_attr(tmx *x, const char **a, const map_number *r,
                        double *out)
{
	const char *s = attr(a, r->name);
	char msg[MAP_MSG_MAX];

	if (s == NULL)
		return 0;
	if (map_number_text(r, s, out, msg, sizeof msg) == 0)
		return 1;
	map_fail(x->t->err, line_of(x), col_of(x), "%s", msg);
	stop(x);
	return -1;
}

/* A whole-number attribute from lo to hi (def when absent); -1
 * reported. */
static int num_attr(tmx *x, const char **a, const char *name, long lo,
                    long hi, long def, long *out)
{
	map_number r = {name, 1, (double)lo, (double)hi};
	double v = (double)def;

	if (checked_attr(x, a, &r, &v) < 0)
		return -1;
	*out = (long)v;
	return 0;
}

/* A place or size in pixels: 1 read, 0 absent, -1 reported. */
static int real_attr(tmx *x, const char **a, const char *name, double *out)
{
	map_number r = {name, 0, -TILED_PIXELS_MAX, TILED_PIXELS_MAX};

	return checked_attr(x, a, &r, out);
}

static const char *parent(const tmx *x, int up)
{
	return x->depth - 1 - up >= 0 ? x->stack[x->depth - 1 - up] : "";
}

/* Whether the element just opened is a <tile> of layer data (in a
 * <data>, or an infinite map's <chunk>). */
static int in_data(const tmx *x)
{
	return strcmp(parent(x, 1), "data") == 0 ||
	       strcmp(parent(x, 1), "chunk") == 0;
}

static int nomem(tmx *x)
{
	map_fail(x->t->err, line_of(x), 0, "out of memory");
	stop(x);
	return -1;
}

static void on_map(tmx *x, const char **a)
{
	tiled_model *t = x->t;
	const char *inf = attr(a, "infinite");

	t->infinite = inf != NULL && strcmp(inf, "1") == 0;
	if (num_attr(x, a, "width", !t->infinite, INT32_MAX, 0, &t->width) ||
	    num_attr(x, a, "height", !t->infinite, INT32_MAX, 0, &t->height) ||
	    num_attr(x, a, "tilewidth", 1, INT32_MAX, 0, &t->tw) ||
	    num_attr(x, a, "tileheight", 1, INT32_MAX, 0, &t->th))
		return;
	if (tiled_check_header(t, attr(a, "orientation"), line_of(x)) != 0)
		stop(x);
}

static void on_tileset(tmx *x, const char **a)
{
	long first, count;
	const char *src = attr(a, "source");

	if (num_attr(x, a, "firstgid", 1, TILED_GID_MASK, 1, &first) != 0 ||
	    num_attr(x, a, "tilecount", 0, TILED_GID_MASK, 0, &count) != 0)
		return;
	if (x->depth == 1 && x->ext != NULL) {
		x->ts = x->ext;
		if (x->ts->tilecount == 0)
			x->ts->tilecount = count;
		return;
	}
	if (strcmp(parent(x, 1), "template") == 0 || x->ts != NULL) {
		x->ts = NULL; /* a template's own tileset: not the map's */
		return;
	}
	if ((x->ts = tiled_add_tileset(x->t, first)) == NULL) {
		nomem(x);
		return;
	}
	x->ts->tilecount = count;
	if (src != NULL &&
	    x->t->files->tileset(x->t, x->ts, src, line_of(x), NULL) != 0)
		stop(x);
}

static void on_property(tmx *x, const char **a)
{
	tiled_props *p = NULL;
	const char *owner = parent(x, 2);

	if (strcmp(owner, "tile") == 0 && x->tile != NULL)
		p = &x->tile->props;
	else if ((strcmp(owner, "layer") == 0 ||
	          strcmp(owner, "objectgroup") == 0) &&
	         x->layer != NULL && x->obj == NULL)
		p = &x->layer->props;
	if (p != NULL && tiled_add_prop(p, attr(a, "name"), attr(a, "type"),
	                                attr(a, "value")) != 0)
		nomem(x);
}

static void on_layer(tmx *x, const char **a, enum tiled_layer_kind kind)
{
	const char *vis = attr(a, "visible");

	x->layer = tiled_add_layer(x->t, kind, attr(a, "name"), line_of(x));
	if (x->layer == NULL) {
		nomem(x);
		return;
	}
	x->layer->visible = vis == NULL || strcmp(vis, "0") != 0;
}

static void begin_text(tmx *x)
{
	x->tlen = 0;
	x->in_text = 1;
	x->nxml = 0;
	x->data_line = line_of(x);
}

static void on_data(tmx *x, const char **a)
{
	free(x->enc);
	free(x->comp);
	x->enc = attr(a, "encoding") ? strdup(attr(a, "encoding")) : NULL;
	x->comp = attr(a, "compression") ? strdup(attr(a, "compression"))
	                                 : NULL;
	if ((attr(a, "encoding") && !x->enc) ||
	    (attr(a, "compression") && !x->comp)) {
		nomem(x);
		return;
	}
	begin_text(x);
}

static void on_chunk(tmx *x, const char **a)
{
	if (!x->t->infinite) {
		map_fail(x->t->err, line_of(x), 0,
		         "a <chunk> in a map that is not infinite");
		stop(x);
		return;
	}
	if (num_attr(x, a, "x", -TILED_CHUNK_AT_MAX, TILED_CHUNK_AT_MAX, 0,
	             &x->cx) != 0 ||
	    num_attr(x, a, "y", -TILED_CHUNK_AT_MAX, TILED_CHUNK_AT_MAX, 0,
	             &x->cy) != 0 ||
	    num_attr(x, a, "width", 1, TILED_CHUNK_SIDE_MAX, 0, &x->cw) != 0 ||
	    num_attr(x, a, "height", 1, TILED_CHUNK_SIDE_MAX, 0, &x->ch) != 0)
		return;
	begin_text(x);
}

/* A <tile gid="..."> of XML-encoded data. */
static void on_xml_tile(tmx *x, const char **a)
{
	long gid;

	if (num_attr(x, a, "gid", 0, UINT32_MAX, 0, &gid) != 0)
		return;
	if (x->nxml == x->xml_cap) {
		size_t nc = x->xml_cap ? x->xml_cap * 2 : 256;
		uint32_t *ng = realloc(x->xml_gids, nc * sizeof *ng);
		if (ng == NULL) {
			nomem(x);
			return;
		}
		x->xml_gids = ng;
		x->xml_cap = nc;
	}
	x->xml_gids[x->nxml++] = (uint32_t)gid;
}

/* Whether the root element is one the file is read for: a map's, or
 * the one a named file must have (a .tsx whose root is a <map> would
 * fill the map's header and arrays from inside its tileset). */
static int root_ok(tmx *x, const char *lit, const char *name)
{
	const char *want = x->ext ? "tileset" : x->tmpl ? "template" : NULL;

	if (want == NULL && (!strcmp(lit, "map") || !strcmp(lit, "tileset") ||
	                     !strcmp(lit, "template")))
		return 1;
	if (want != NULL && strcmp(lit, want) == 0)
		return 1;
	char q[48];

	diag_quote(name, q, sizeof q);
	if (want != NULL)
		map_fail(x->t->err, line_of(x),
		         (long)XML_GetCurrentColumnNumber(x->p) + 1,
		         "the root element is <%s>: expected <%s>, a Tiled %s", q,
		         want, want);
	else
		map_fail(x->t->err, line_of(x), 0,
		         "<%s> is not a Tiled map, tileset or template", q);
	stop(x);
	return 0;
}

static void tmx_on_object(tmx *x, const char **a);
static void tmx_on_shape(tmx *x, const char *name, const char **a);

static void XMLCALL on_start(void *ud, const char *name, const char **a)
{
	tmx *x = ud;
	static const char *const known[] = {
		"map",    "tileset",  "tile",    "properties", "property",
		"layer",  "data",     "chunk",   "objectgroup", "object",
		"group",  "template", "ellipse", "point",      "polygon",
		"polyline"};
	const char *lit = "";

	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(name, known[i]) == 0)
			lit = known[i];
	if (x->depth == DEPTH_MAX) {
		map_fail(x->t->err, line_of(x), 0,
		         "elements nested more than %d deep", DEPTH_MAX);
		stop(x);
		return;
	}
	x->stack[x->depth++] = lit;
	if (x->depth == 1 && !root_ok(x, lit, name))
		return;
	if (x->depth == 1 && strcmp(lit, "map") == 0)
		on_map(x, a);
	else if (strcmp(lit, "tileset") == 0)
		on_tileset(x, a);
	else if (strcmp(lit, "tile") == 0 && in_data(x))
		on_xml_tile(x, a);
	else if (strcmp(lit, "tile") == 0 && x->ts != NULL) {
		long id;
		if (num_attr(x, a, "id", 0, TILED_GID_MASK, 0, &id) == 0 &&
		    (x->tile = tiled_add_tile(x->ts, id)) == NULL)
			nomem(x);
	} else if (strcmp(lit, "property") == 0)
		on_property(x, a);
	else if (strcmp(lit, "layer") == 0)
		on_layer(x, a, TL_TILES);
	else if (strcmp(lit, "objectgroup") == 0 && x->ts == NULL &&
	         strcmp(parent(x, 1), "tile") != 0)
		on_layer(x, a, TL_OBJECTS);
	else if (strcmp(lit, "data") == 0 && x->layer != NULL)
		on_data(x, a);
	else if (strcmp(lit, "chunk") == 0 && x->layer != NULL)
		on_chunk(x, a);
	else if (strcmp(lit, "object") == 0 && x->ts == NULL)
		tmx_on_object(x, a);
	else if (lit[0] && x->obj != NULL)
		tmx_on_shape(x, lit, a);
}

static void XMLCALL on_text(void *ud, const char *s, int len)
{
	tmx *x = ud;

	if (!x->in_text || len <= 0)
		return;
	if (x->tlen + (size_t)len + 1 > x->tcap) {
		size_t nc = (x->tlen + (size_t)len + 1) * 2;
		char *nt = realloc(x->text, nc);
		if (nt == NULL) {
			nomem(x);
			return;
		}
		x->text = nt;
		x->tcap = nc;
	}
	memcpy(x->text + x->tlen, s, (size_t)len);
	x->tlen += (size_t)len;
}

static int tmx_end_text(tmx *x, const char *name);

static void XMLCALL on_end(void *ud, const char *name)
{
	tmx *x = ud;
	const char *lit = x->depth > 0 ? x->stack[x->depth - 1] : "";

	(void)name;
	if ((strcmp(lit, "data") == 0 || strcmp(lit, "chunk") == 0) &&
	    x->in_text && tmx_end_text(x, lit) != 0)
		stop(x);
	if (strcmp(lit, "tileset") == 0)
		x->ts = NULL;
	else if (strcmp(lit, "tile") == 0 && !in_data(x))
		x->tile = NULL;
	else if (strcmp(lit, "layer") == 0 || strcmp(lit, "objectgroup") == 0)
		x->layer = x->ts ? x->layer : NULL;
	else if (strcmp(lit, "object") == 0 && x->obj != NULL) {
		if (x->obj->template_ && x->tmpl == NULL)
			x->t->files->template_(x->t, x->obj);
		x->obj = NULL;
	}
	x->depth--;
}

/* Parses buf as XML into x; 0, or -1 with the error located. */
static int tmx_run(tmx *x, const char *buf, size_t len)
{
	int rc = 0;

	if ((x->p = XML_ParserCreate(NULL)) == NULL)
		return map_fail(x->t->err, 0, 0, "out of memory");
	XML_SetUserData(x->p, x);
	XML_SetElementHandler(x->p, on_start, on_end);
	XML_SetCharacterDataHandler(x->p, on_text);
	if (len > (size_t)1 << 30)
		rc = map_fail(x->t->err, 0, 0, "the file is too large");
	else if (XML_Parse(x->p, buf, (int)len, 1) == XML_STATUS_ERROR &&
	         !x->failed)
		rc = map_fail(x->t->err, (long)XML_GetErrorLineNumber(x->p),
		              (long)XML_GetErrorColumnNumber(x->p) + 1,
		              "bad XML: %s",
		              XML_ErrorString(XML_GetErrorCode(x->p)));
	if (x->failed)
		rc = -1;
	XML_ParserFree(x->p);
	free(x->enc);
	free(x->comp);
	free(x->text);
	free(x->xml_gids);
	return rc;
}

int tiled_tmx_parse(tiled_model *t, const char *buf, size_t len)
{
	tmx x;

	memset(&x, 0, sizeof x);
	x.t = t;
	if (tmx_run(&x, buf, len) != 0)
		return -1;
	if (t->tw == 0)
		return map_fail(t->err, 1, 1, "no <map> element: not a map");
	return tiled_model_sort(t);
}

/* The end of a <data> or <chunk>: its text or <tile>s decoded. */
static int tmx_end_text(tmx *x, const char *name)
{
	tiled_model *t = x->t;
	int chunk = strcmp(name, "chunk") == 0;
	size_t count;
	uint32_t *gids;

	x->in_text = 0;
	if (!chunk && t->infinite) /* its chunks carry the cells */
		return 0;
	count = chunk ? (size_t)x->cw * (size_t)x->ch
	              : (size_t)t->width * (size_t)t->height;
	if (chunk && (x->cw < 1 || x->ch < 1 || x->cw > 4096 || x->ch > 4096))
		return map_fail(t->err, x->data_line, 0,
		                "chunk of %ldx%ld cells: a chunk has 1 to 4096 "
		                "cells a side",
		                x->cw, x->ch);
	if ((gids = calloc(count ? count : 1, sizeof *gids)) == NULL)
		return map_fail(t->err, x->data_line, 0, "out of memory");
	if (x->enc == NULL) { /* <tile> elements */
		if (x->nxml != count) {
			free(gids);
			return map_fail(t->err, x->data_line, 0,
			                "layer data holds %zu <tile>s; the "
			                "layer has %zu cells",
			                x->nxml, count);
		}
		if (count) /* no <tile> read: xml_gids is still NULL */
			memcpy(gids, x->xml_gids, count * sizeof *gids);
	} else if (tiled_decode(x->text ? x->text : "", x->tlen, x->enc,
	                        x->comp, count, gids, x->data_line,
	                        t->err) != 0) {
		free(gids);
		return -1;
	}
	if (chunk)
		return tiled_add_chunk(t, x->layer, x->cx, x->cy, x->cw, x->ch,
		                       gids, x->data_line);
	free(x->layer->gids);
	x->layer->gids = gids;
	x->layer->x0 = x->layer->y0 = 0;
	x->layer->w = t->width;
	x->layer->h = t->height;
	return 0;
}

static int set_str(char **dst, const char *s)
{
	if (s == NULL || *dst != NULL)
		return 0;
	return (*dst = strdup(s)) == NULL ? -1 : 0;
}

/* An <object>: of the map's object layer, or a template's. */
static void tmx_on_object(tmx *x, const char **a)
{
	tiled_object *o = x->tmpl;
	long gid;
	const char *type = attr(a, "type") ? attr(a, "type") : attr(a, "class");

	if (o == NULL) {
		if (x->layer == NULL || x->layer->kind != TL_OBJECTS)
			return;
		if ((o = tiled_add_object(x->layer, line_of(x))) == NULL) {
			nomem(x);
			return;
		}
		o->col = col_of(x);
	}
	x->obj = o;
	if (set_str(&o->name, attr(a, "name")) || set_str(&o->type, type) ||
	    set_str(&o->template_, x->tmpl ? NULL : attr(a, "template"))) {
		nomem(x);
		return;
	}
	if (num_attr(x, a, "gid", 0, UINT32_MAX, 0, &gid) != 0)
		return;
	if (gid != 0 && o->gid == 0) {
		o->gid = (uint32_t)gid;
		o->shape = TS_TILE;
	}
	if ((!x->tmpl && (real_attr(x, a, "x", &o->x) < 0 ||
	                  real_attr(x, a, "y", &o->y) < 0)))
		return;
	if (!o->has_w && (o->has_w = real_attr(x, a, "width", &o->w)) < 0)
		return;
	if (!o->has_h && (o->has_h = real_attr(x, a, "height", &o->h)) < 0)
		return;
}

/* A polygon's points="x,y x,y ...": each number through the checked
 * conversion, so that a bad one is said, not taken for the end. */
static int read_points(tmx *x, tiled_object *o, const char *s)
{
	map_number r = {"a corner of points", 0, -TILED_PIXELS_MAX,
	                TILED_PIXELS_MAX};
	char msg[MAP_MSG_MAX], one[64];
	size_t n = 2;

	for (const char *c = s; *c; c++)
		n += *c == ',' || *c == ' ';
	free(o->pts);
	o->npts = 0;
	if ((o->pts = calloc(n, sizeof *o->pts)) == NULL)
		return nomem(x);
	while (*s == ' ')
		s++;
	for (size_t k = 0; k < n; k++) {
		size_t len = strcspn(s, k % 2 ? " " : ",");
		if (len == 0 && *s == '\0' && k % 2 == 0)
			break; /* the end, after a whole pair */
		snprintf(one, sizeof one, "%.*s", (int)len, s);
		if (len >= sizeof one ||
		    map_number_text(&r, one, &o->pts[k], msg, sizeof msg)) {
			if (len >= sizeof one)
				map_number_say(&r, "a longer text", msg,
				               sizeof msg);
			map_fail(x->t->err, line_of(x), col_of(x), "%s", msg);
			stop(x);
			return -1;
		}
		o->npts = (k + 1) / 2;
		s += len;
		if (*s != '\0')
			s++;
		while (*s == ' ')
			s++;
	}
	return 0;
}

static void tmx_on_shape(tmx *x, const char *name, const char **a)
{
	tiled_object *o = x->obj;

	if (strcmp(name, "ellipse") == 0)
		o->shape = TS_ELLIPSE;
	else if (strcmp(name, "point") == 0)
		o->shape = TS_POINT;
	else if (strcmp(name, "polygon") == 0 || strcmp(name, "polyline") == 0) {
		o->shape = name[4] == 'g' ? TS_POLYGON : TS_POLYLINE;
		if (attr(a, "points"))
			read_points(x, o, attr(a, "points"));
	}
}

/* The files a map names: parsed here, read by tiled_external.c. */
int tiled_tsx_parse(tiled_model *t, tiled_tileset *ts, const char *buf,
                    size_t len)
{
	tmx x;

	memset(&x, 0, sizeof x);
	x.t = t;
	x.ext = ts;
	return tmx_run(&x, buf, len);
}

int tiled_tx_parse(tiled_model *t, tiled_object *o, const char *buf, size_t len)
{
	tmx x;

	memset(&x, 0, sizeof x);
	x.t = t;
	x.tmpl = o;
	x.obj = o;
	return tmx_run(&x, buf, len);
}
