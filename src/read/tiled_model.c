/*
 * tiled_model.c - the Tiled model's life: adding layers, tilesets,
 * tiles, objects and chunks as a reader meets them, checking the map's
 * header, freeing it.  Both syntaxes' readers call these; this file
 * calls nothing of theirs, so it is the bottom of the Tiled reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Copies chunk c's non-empty cells into l's gids, over what earlier
 * chunks put there. */
static void put_chunk(tiled_layer *l, const tiled_chunk *c)
{
	for (long r = 0; r < c->h; r++)
		for (long k = 0; k < c->w; k++) {
			uint32_t g = c->gids[r * c->w + k];
			if (g != 0)
				l->gids[(size_t)(c->y + r - l->y0) *
				                (size_t)l->w +
				        (size_t)(c->x + k - l->x0)] = g;
		}
}

/* Makes l's gids the box of every chunk, the cells kept where they are
 * in editor coordinates; 0 or -1 (out of memory). */
static int rebox(tiled_layer *l)
{
	long w = l->ux1 - l->ux0, h = l->uy1 - l->uy0;
	uint32_t *ng;

	if (l->gids && l->x0 == l->ux0 && l->y0 == l->uy0 && l->w == w &&
	    l->h == h)
		return 0;
	if ((ng = calloc((size_t)w * (size_t)h, sizeof *ng)) == NULL)
		return -1;
	for (long r = 0; l->gids && r < l->h; r++)
		memcpy(ng + (size_t)(l->y0 + r - l->uy0) * (size_t)w +
		               (size_t)(l->x0 - l->ux0),
		       l->gids + (size_t)r * (size_t)l->w,
		       (size_t)l->w * sizeof *ng);
	free(l->gids);
	l->gids = ng;
	l->x0 = l->ux0;
	l->y0 = l->uy0;
	l->w = w;
	l->h = h;
	return 0;
}

int tiled_join_chunks(tiled_model *t, tiled_layer *l)
{
	if (l->npending == 0)
		return 0;
	if (rebox(l) != 0)
		return map_fail(t->err, 0, 0, "out of memory");
	for (size_t i = 0; i < l->npending; i++) {
		put_chunk(l, &l->pending[i]);
		free(l->pending[i].gids);
	}
	l->npending = 0;
	l->pending_cells = 0;
	return 0;
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
	char what[80];

	snprintf(what, sizeof what, "layer '%.60s'", l->name);
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
		                "layer '%.60s' spans more than %zu "
		                "cells (raise it with --max-cells)",
		                l->name, t->max_cells);
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
	l->pending[l->npending++] = (tiled_chunk){x, y, w, h, gids};
	l->chunk_cells += (unsigned long long)w * (unsigned long long)h;
	l->pending_cells += (unsigned long long)w * (unsigned long long)h;
	if (l->pending_cells >= (unsigned long long)(l->ux1 - l->ux0) *
	                                (unsigned long long)(l->uy1 - l->uy0))
		return tiled_join_chunks(t, l);
	return 0;
}

int tiled_check_header(tiled_model *t, const char *orientation, long line)
{
	if (orientation != NULL && strcmp(orientation, "orthogonal") != 0)
		return map_fail(t->err, line, 0,
		                "the map is %.40s: astar reads only orthogonal "
		                "Tiled maps, whose tiles are a grid",
		                orientation);
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
