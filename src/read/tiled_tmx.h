/*
 * tiled_tmx.h - Tiled's XML syntax read into the model (tiled_tmx.c):
 * a .tmx map, and the .tsx tileset or .tx template a map of either
 * syntax names (loaded through tiled_external.c).
 */
#ifndef ASTAR_TILED_TMX_H
#define ASTAR_TILED_TMX_H

#include "tiled_model.h"

/* The map from buf[0..len); 0 or -1 with t->err set. */
int tiled_tmx_parse(tiled_model *t, const char *buf, size_t len);
/* An external tileset's text into ts; 0 or -1. */
int tiled_tsx_parse(tiled_model *t, tiled_tileset *ts, const char *buf,
                    size_t len);
/* A template's text: what it gives that o lacks; 0 or -1. */
int tiled_tx_parse(tiled_model *t, tiled_object *o, const char *buf,
                   size_t len);

#endif
