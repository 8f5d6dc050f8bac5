/*
 * tiled_external.h - the loader of the files a Tiled map names beside it
 * (tiled_external.c), which the entry point, tiled.c, hands the readers
 * in t->files.
 */
#ifndef ASTAR_TILED_EXTERNAL_H
#define ASTAR_TILED_EXTERNAL_H

#include "tiled_model.h"

/* External tilesets and templates, each read by its syntax's reader. */
extern const tiled_files tiled_external;

#endif
