/*
 * tiled_model.c - the Tiled model's life: adding layers, tilesets,
 * tiles, objects and chunks as a reader meets them, checking the map's
 * header, freeing it.  Both syntaxes' readers call these; this file
 * calls nothing of theirs, so it is the bottom of the Tiled reader.
 */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "tiled_model.h"

/* Grows *v (of *n elements of size sz) by one zeroed element. */
static void *grow(void **v, size_t *n, size_t sz)
{
	char *nv = realloc(*v, (*n + 1) * sz);

	if (nv == NULL)
		return NULL;
	memset(nv + *n * sz, 0, sz);
	*v = nv;
	return nv + (*n)++ * sz;
}

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

int tiled_add_prop(tiled_props *p, const char *name, const char *type,
                   const char *value)
{
	tiled_prop *e = grow((void **)&p->v, &p->n, sizeof *e);

	if (e == NULL)
		return -1;
	e->name = dup_or_empty(name);
	e->type = dup_or_empty(type);
	e->value = dup_or_empty(value);
	return e->name && e->type && e->value ? 0 : -1;
}

tiled_layer *tiled_add_layer(tiled_model *t, enum tiled_layer_kind kind,
                             const char *name, long line)
{
	tiled_layer *l = grow((void **)&t->layers, &t->nlayers, sizeof *l);

	if (l == NULL)
		return NULL;
	l->kind = kind;
	l->visible = 1;
	l->line = line;
	l->twice = SIZE_MAX;
	if ((l->name = dup_or_empty(name)) == NULL)
		return NULL;
	return l;
}

tiled_tileset *tiled_add_tileset(tiled_model *t, long firstgid)
{
	tiled_tileset *ts = grow((void **)&t->sets, &t->nsets, sizeof *ts);

	if (ts != NULL)
		ts->firstgid = firstgid;
	return ts;
}

tiled_tile *tiled_add_tile(tiled_tileset *ts, long id)
{
	tiled_tile *e = grow((void **)&ts->tiles, &ts->ntiles, sizeof *e);

	if (e != NULL)
		e->id = id;
	return e;
}

tiled_object *tiled_add_object(tiled_layer *l, long line)
{
	tiled_object *o = grow((void **)&l->objs, &l->nobjs, sizeof *o);

	if (o != NULL)
		o->line = line;
	return o;
}

/* Copies chunk c's cells into l's gids; 0, or -1 reported when a cell
 * was given by an earlier chunk (Tiled writes each cell once: which of
 * two would be meant is a guess). */
static int put_chunk(tiled_model *t, tiled_layer *l, const tiled_chunk *c)
{
	for (long r = 0; r < c->h; r++)
		for (long k = 0; k < c->w; k++) {
			size_t at = (size_t)(c->y + r - l->y0) * (size_t)l->w +
			            (size_t)(c->x + k - l->x0);
			if (l->given[at]) {
				char q[64];
				l->twice = c->nth;
				return map_fail(t->err, c->line, 0,
				                "layer '%s': the chunk at "
				                "%ld,%ld gives cell %ld,%ld, "
				                "which another chunk gave",
				                diag_quote(l->name, q, sizeof q),
				                c->x, c->y, c->x + k, c->y + r);
			}
			l->given[at] = 1;
			l->gids[at] = c->gids[r * c->w + k];
		}
	return 0;
}

/* Makes l's gids the box of every chunk, the cells kept where they are
 * in editor coordinates; 0 or -1 (out of memory). */
static int rebox(tiled_layer *l)
{
	long w = l->ux1 - l->ux0, h = l->uy1 - l->uy0;
	uint32_t *ng;
	unsigned char *nm;

	if (l->gids && l->x0 == l->ux0 && l->y0 == l->uy0 && l->w == w &&
	    l->h == h)
		return 0;
	if ((ng = calloc((size_t)w * (size_t)h, sizeof *ng)) == NULL ||
	    (nm = calloc((size_t)w * (size_t)h, 1)) == NULL) {
		free(ng);
		return -1;
	}
	for (long r = 0; l->gids && r < l->h; r++) {
		size_t to = (size_t)(l->y0 + r - l->uy0) * (size_t)w +
		            (size_t)(l->x0 - l->ux0);
		memcpy(ng + to, l->gids + (size_t)r * (size_t)l->w,
		       (size_t)l->w * sizeof *ng);
		memcpy(nm + to, l->given + (size_t)r * (size_t)l->w,
		       (size_t)l->w);
	}
	free(l->gids);
	free(l->given);
	l->gids = ng;
	l->given = nm;
	l->x0 = l->ux0;
	l->y0 = l->uy0;
	l->w = w;
	l->h = h;
	return 0;
}

int tiled_join_chunks(tiled_model *t, tiled_layer *l)
{
	int rc = 0;

	if (l->npending == 0)
		return 0;
	if (rebox(l) != 0)
		rc = map_fail(t->err, 0, 0, "out of memory");
	for (size_t i = 0; i < l->npending; i++) {
		if (rc == 0)
			rc = put_chunk(t, l, &l->pending[i]);
		free(l->pending[i].gids);
	}
	l->npending = 0;
	l->pending_cells = 0;
	return rc;
}

/* The box of l's chunks and (x, y, w, h) checked before it is made:
 * not sparse (map_check_sparse), not over --max-cells; 0, or -1 with
 * t->err set. */
static int check_box(tiled_model *t, tiled_layer *l, long x, long y, long w,
                     long h, long line)
{
	int first = l->gids == NULL && l->npending == 0;
	long x0 = first || x < l->ux0 ? x : l->ux0,
	     y0 = first || y < l->uy0 ? y : l->uy0,
	     x1 = first || x + w > l->ux1 ? x + w : l->ux1,
	     y1 = first || y + h > l->uy1 ? y + h : l->uy1;
	char what[80], q[64];

	snprintf(what, sizeof what, "layer '%s'",
	         diag_quote(l->name, q, sizeof q));
	if (map_check_sparse(x1 - x0, y1 - y0,
	                     l->chunk_cells +
	                             (unsigned long long)w *
	                                     (unsigned long long)h,
	                     what, t->opts->max_cells_given, line,
	                     t->err) != 0)
		return -1;
	if ((unsigned long long)(x1 - x0) * (unsigned long long)(y1 - y0) >
	    t->max_cells)
		return map_fail(t->err, line, 0,
		                "layer '%s' spans more than %zu "
		                "cells (raise it with --max-cells)",
		                q, t->max_cells);
	l->ux0 = x0;
	l->uy0 = y0;
	l->ux1 = x1;
	l->uy1 = y1;
	return 0;
}

int tiled_add_chunk(tiled_model *t, tiled_layer *l, long x, long y, long w,
                    long h, uint32_t *gids, long line)
{
	tiled_chunk *c;

	/* Chunk coordinates are bounded so that the sums below cannot
	 * overflow; no real map comes near. */
	if (x < -(1L << 30) || y < -(1L << 30) || x > (1L << 30) ||
	    y > (1L << 30) || w < 1 || h < 1 || w > (1L << 20) ||
	    h > (1L << 20)) {
		free(gids);
		return map_fail(t->err, line, 0,
		                "chunk at %ld,%ld of %ldx%ld cells is outside "
		                "the bounds astar reads",
		                x, y, w, h);
	}
	if (check_box(t, l, x, y, w, h, line) != 0) {
		free(gids);
		return -1;
	}
	if (l->npending == l->pending_cap) {
		size_t cap = l->pending_cap ? 2 * l->pending_cap : 8;
		c = realloc(l->pending, cap * sizeof *c);
		if (c == NULL) {
			free(gids);
			return map_fail(t->err, line, 0, "out of memory");
		}
		l->pending = c;
		l->pending_cap = cap;
	}
	l->pending[l->npending++] =
		(tiled_chunk){x, y, w, h, gids, line, l->nchunks++};
	l->chunk_cells += (unsigned long long)w * (unsigned long long)h;
	l->pending_cells += (unsigned long long)w * (unsigned long long)h;
	if (l->pending_cells >= (unsigned long long)(l->ux1 - l->ux0) *
	                                (unsigned long long)(l->uy1 - l->uy0))
		return tiled_join_chunks(t, l);
	return 0;
}

/* Sorts the n elements of size sz at v by cmp, bottom-up with one
 * buffer, keeping the order of equal ones: the first tileset or tile a
 * file gives for a number stays the one found.  0, or -1 when memory
 * ran out. */
static int stable_sort(void *v, size_t n, size_t sz,
                       int (*cmp)(const void *, const void *))
{
	char *src = v, *dst, *tmp;
	size_t i = 1;

	while (i < n && cmp(src + (i - 1) * sz, src + i * sz) <= 0)
		i++;
	if (i >= n) /* sorted already, as Tiled writes them */
		return 0;
	if ((dst = tmp = malloc(n * sz)) == NULL)
		return -1;
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n;
			size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t a = lo, b = mid, k = lo;
			while (a < mid && b < hi)
				memcpy(dst + k++ * sz,
				       cmp(src + b * sz, src + a * sz) < 0
				               ? src + b++ * sz
				               : src + a++ * sz,
				       sz);
			memcpy(dst + k * sz, src + a * sz, (mid - a) * sz);
			k += mid - a;
			memcpy(dst + k * sz, src + b * sz, (hi - b) * sz);
		}
		char *t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sz);
	free(tmp);
	return 0;
}

static int by_firstgid(const void *a, const void *b)
{
	long x = ((const tiled_tileset *)a)->firstgid,
	     y = ((const tiled_tileset *)b)->firstgid;

	return (x > y) - (x < y);
}

static int by_id(const void *a, const void *b)
{
	long x = ((const tiled_tile *)a)->id, y = ((const tiled_tile *)b)->id;

	return (x > y) - (x < y);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const tiled_prop *)a)->name,
	              ((const tiled_prop *)b)->name);
}

int tiled_model_sort(tiled_model *t)
{
	if (stable_sort(t->sets, t->nsets, sizeof *t->sets, by_firstgid) != 0)
		return map_fail(t->err, 0, 0, "out of memory");
	for (size_t i = 0; i < t->nsets; i++) {
		tiled_tileset *ts = &t->sets[i];
		if (stable_sort(ts->tiles, ts->ntiles, sizeof *ts->tiles,
		                by_id) != 0)
			return map_fail(t->err, 0, 0, "out of memory");
		for (size_t k = 0; k < ts->ntiles; k++)
			if (stable_sort(ts->tiles[k].props.v, ts->tiles[k].props.n,
			                sizeof *ts->tiles[k].props.v,
			                by_name) != 0)
				return map_fail(t->err, 0, 0, "out of memory");
	}
	return 0;
}

int tiled_check_header(tiled_model *t, const char *orientation, long line)
{
	char q[48];

	if (orientation != NULL && strcmp(orientation, "orthogonal") != 0)
		return map_fail(t->err, line, 0,
		                "the map is %s: astar reads only orthogonal "
		                "Tiled maps, whose tiles are a grid",
		                diag_quote(orientation, q, sizeof q));
	if (t->tw < 1 || t->th < 1)
		return map_fail(t->err, line, 0,
		                "tilewidth and tileheight must be positive");
	if (t->infinite)
		return 0;
	if (t->width < 1 || t->height < 1)
		return map_fail(t->err, line, 0,
		                "width and height must be positive");
	return map_check_size(t->width, t->height, t->max_cells, line, t->err);
}

static void props_free(tiled_props *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->v[i].name);
		free(p->v[i].type);
		free(p->v[i].value);
	}
	free(p->v);
}

void tiled_model_free(tiled_model *t)
{
	for (size_t i = 0; i < t->nsets; i++) {
		for (size_t k = 0; k < t->sets[i].ntiles; k++)
			props_free(&t->sets[i].tiles[k].props);
		free(t->sets[i].tiles);
	}
	free(t->sets);
	for (size_t i = 0; i < t->nlayers; i++) {
		tiled_layer *l = &t->layers[i];
		free(l->name);
		free(l->gids);
		free(l->given);
		for (size_t k = 0; k < l->npending; k++)
			free(l->pending[k].gids);
		free(l->pending);
		props_free(&l->props);
		for (size_t k = 0; k < l->nobjs; k++) {
			free(l->objs[k].name);
			free(l->objs[k].type);
			free(l->objs[k].template_);
			free(l->objs[k].pts);
		}
		free(l->objs);
	}
	free(t->layers);
	t->sets = NULL;
	t->layers = NULL;
	t->nsets = t->nlayers = 0;
}
