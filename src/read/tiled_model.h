/*
 * tiled_model.h - the model of a Tiled map that both of its syntaxes
 * (XML .tmx in tiled_tmx.c, JSON .tmj in tiled_tmj.c) fill and the grid
 * builder (tiled_grid.c, tiled_objects.c) reads: the layers, the
 * tilesets with their first gids and tile properties, the objects, and
 * the tiled_add_* functions that grow it (tiled_model.c).  It sits at
 * the bottom, so that the readers fill it and the builder reads it
 * without either calling up.  The files a map names beside it (external
 * tilesets, templates) may be of the other syntax: a reader loads them
 * through t->files, a loader set up above both (tiled_external.c), and
 * so never calls the other syntax's reader itself.
 */
#ifndef ASTAR_TILED_MODEL_H
#define ASTAR_TILED_MODEL_H

#include <stdint.h>

#include "map.h"

/* The flip and rotation bits Tiled keeps in a gid's top bits. */
#define TILED_GID_MASK 0x0fffffffu

typedef struct tiled_prop {
	char *name, *type, *value; /* owned; type "" when not given */
} tiled_prop;

typedef struct tiled_props {
	tiled_prop *v;
	size_t n;
} tiled_props;

typedef struct tiled_tile {
	long id; /* within its tileset */
	tiled_props props;
} tiled_tile;

typedef struct tiled_tileset {
	long firstgid;
	long tilecount; /* 0 when not known */
	tiled_tile *tiles;
	size_t ntiles;
} tiled_tileset;

enum tiled_shape {
	TS_RECT,
	TS_POINT,
	TS_ELLIPSE,
	TS_POLYGON,
	TS_POLYLINE,
	TS_TILE
};

typedef struct tiled_object {
	char *name, *type; /* owned, NULL when not given */
	char *template_;   /* owned: the template file it comes from */
	double x, y, w, h;
	int has_w, has_h;
	uint32_t gid;
	enum tiled_shape shape;
	double *pts; /* polygon or polyline: npts (x, y) pairs, relative */
	size_t npts;
	long line;
} tiled_object;

enum tiled_layer_kind { TL_TILES, TL_OBJECTS };

/* An infinite map's chunk, kept until its layer's cells are joined. */
typedef struct tiled_chunk {
	long x, y, w, h;
	uint32_t *gids; /* owned */
} tiled_chunk;

typedef struct tiled_files tiled_files;

typedef struct tiled_layer {
	enum tiled_layer_kind kind;
	char *name; /* owned */
	int visible;
	tiled_props props;
	/* TL_TILES: the cells x0..x0+w-1, y0..y0+h-1 in editor
	 * coordinates (an infinite map's chunks made one box) */
	uint32_t *gids;
	long x0, y0, w, h;
	/* An infinite map's: the chunks read since the cells were last
	 * joined into gids, the box of every chunk (ux0..uy1, past the
	 * end), and the cells of all its chunks and of those pending. */
	tiled_chunk *pending;
	size_t npending, pending_cap;
	long ux0, uy0, ux1, uy1;
	unsigned long long chunk_cells, pending_cells;
	tiled_object *objs; /* TL_OBJECTS */
	size_t nobjs;
	long line;
} tiled_layer;

typedef struct tiled_model {
	long width, height, tw, th;
	int infinite;
	tiled_tileset *sets;
	size_t nsets;
	tiled_layer *layers;
	size_t nlayers;
	/* while reading */
	const map_level_opts *opts;
	const char *dir;          /* the map's folder, for external files */
	const tiled_files *files; /* how to read them */
	size_t max_cells;
	map_error *err;
} tiled_model;

/* Reads the files a map names beside it, of either syntax (by their
 * content): the loader the readers are given in t->files. */
struct tiled_files {
	/* The external tileset rel (.tsx or .tsj) into ts; an error is
	 * said at line of the map when line > 0.  0 or -1. */
	int (*tileset)(tiled_model *t, tiled_tileset *ts, const char *rel,
	               long line);
	/* An object template (.tx or .tj): what it gives that o lacks.  A
	 * template only shapes an object, so a bad one is warned of and
	 * the object read without it: always 0. */
	int (*template_)(tiled_model *t, tiled_object *o);
};

/* Helpers for the two syntaxes' readers. */
int tiled_add_prop(tiled_props *p, const char *name, const char *type,
                   const char *value);
tiled_layer *tiled_add_layer(tiled_model *t, enum tiled_layer_kind kind,
                             const char *name, long line);
tiled_tileset *tiled_add_tileset(tiled_model *t, long firstgid);
tiled_tile *tiled_add_tile(tiled_tileset *ts, long id);
tiled_object *tiled_add_object(tiled_layer *l, long line);
/* Adds a chunk of w x h gids at (x, y) to an infinite map's layer
 * (moved in, gids freed either way); the layer's box is checked
 * (size, sparseness) before any of it is allocated. */
int tiled_add_chunk(tiled_model *t, tiled_layer *l, long x, long y, long w,
                    long h, uint32_t *gids, long line);
/* Joins l's pending chunks into its gids, on the box of them all: once
 * the chunks are read (tiled_add_chunk also joins when the pending
 * cells outnumber the box's, so that a layer costs time linear in its
 * chunks' cells); 0, or -1 with t->err set. */
int tiled_join_chunks(tiled_model *t, tiled_layer *l);
/* Checks the map's header (orientation, sizes); 0 or -1. */
int tiled_check_header(tiled_model *t, const char *orientation, long line);
void tiled_model_free(tiled_model *t);

#endif
