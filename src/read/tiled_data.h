/*
 * tiled_data.h - a Tiled tile layer's data decoded into gids
 * (tiled_data.c), for both syntaxes' readers.  It needs nothing of the
 * model: text in, gids out.
 */
#ifndef ASTAR_TILED_DATA_H
#define ASTAR_TILED_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"

/* Decodes one tile layer's data (text[0..len), encoded "csv" or
 * "base64", compression NULL, "zlib", "gzip" or "zstd") into count gids;
 * line locates errors.  0, or -1 with err set. */
int tiled_decode(const char *text, size_t len, const char *encoding,
                 const char *compression, size_t count, uint32_t *gids,
                 long line, map_error *err);

#endif
