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
/* The bounds of the numbers a map gives, checked as they are read: an
 * object's place or size in pixels, a chunk's place and side in cells
 * (so that the sums of tiled_add_chunk cannot overflow; no real map
 * comes near any of them). */
#define TILED_PIXELS_MAX 1e12
#define TILED_CHUNK_AT_MAX (1L << 30)
#define TILED_CHUNK_SIDE_MAX 4096

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
	long line, col; /* where it is written; 0 when not known */
} tiled_object;

enum tiled_layer_kind { TL_TILES, TL_OBJECTS };

/* An infinite map's chunk, kept until its layer's cells are joined. */
typedef struct tiled_chunk {
	long x, y, w, h;
	uint32_t *gids; /* owned */
	long line;
	size_t nth; /* its place among its layer's chunks, from 0 */
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
	 * end), and the cells of all its chunks and of those pending;
	 * which cells of the box a chunk has given, so that two chunks
	 * giving one cell are refused. */
	tiled_chunk *pending;
	size_t npending, pending_cap;
	long ux0, uy0, ux1, uy1;
	unsigned long long chunk_cells, pending_cells;
	unsigned char *given;
	/* the chunks added so far; the one found giving a cell twice
	 * (SIZE_MAX while none is), for a reader that places by path */
	size_t nchunks, twice;
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
	/* The files being read, the innermost first (tiled_external.c):
	 * NULL while the map itself is read. */
	const struct tiled_open *chain;
	size_t named_bytes; /* read so far from the files the map names */
	size_t max_cells;
	map_error *err;
	/* the .tmj's text while it is read, so that a message is placed at
	 * the value its JSON path names; NULL otherwise */
	const char *json;
	size_t json_len;
} tiled_model;

/* Reads the files a map names beside it, of either syntax (by their
 * content): the loader the readers are given in t->files.  It never
 * grows t's arrays (a named file is read into a model of its own), so a
 * reader's pointers into them, ts and o among them, stay good. */
struct tiled_files {
	/* The external tileset rel (.tsx or .tsj) into ts, named at line
	 * of the map (.tmx) or at the JSON path where (.tmj); an error is
	 * said there.  0 or -1. */
	int (*tileset)(tiled_model *t, tiled_tileset *ts, const char *rel,
	               long line, const char *where);
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
/* Sorts the tilesets by first gid, each one's tiles by id and each
 * tile's properties by name, the first given of equal ones first, so
 * that the grid builder finds a gid's tile and a tile's property by
 * bisection; a reader calls it once the map is read.  0 or -1. */
int tiled_model_sort(tiled_model *t);
/* Joins l's pending chunks into its gids, on the box of them all: once
 * the chunks are read (tiled_add_chunk also joins when the pending
 * cells outnumber the box's, so that a layer costs time linear in its
 * chunks' cells); 0, or -1 with t->err set (two chunks giving one
 * cell, or out of memory). */
int tiled_join_chunks(tiled_model *t, tiled_layer *l);
/* Checks the map's header (orientation, sizes); 0 or -1. */
int tiled_check_header(tiled_model *t, const char *orientation, long line);
void tiled_model_free(tiled_model *t);

#endif
