/*
 * tiled_tmj.h - Tiled's JSON syntax read into the model (tiled_tmj.c):
 * a .tmj map, and the .tsj tileset a map of either syntax names (loaded
 * through tiled_external.c).
 */
#ifndef ASTAR_TILED_TMJ_H
#define ASTAR_TILED_TMJ_H

#include "tiled_model.h"

/* The map from buf[0..len); 0 or -1 with t->err set. */
int tiled_tmj_parse(tiled_model *t, const char *buf, size_t len);
/* An external tileset's text into ts (rel names it in errors); 0 or -1. */
int tiled_tsj_parse(tiled_model *t, tiled_tileset *ts, const char *buf,
                    size_t len, const char *rel);
/* An object template's text: checked to be one; what it gives o is not
 * read (none of it is astar's).  0 or -1. */
int tiled_tj_parse(tiled_model *t, tiled_object *o, const char *buf,
                   size_t len);

#endif
