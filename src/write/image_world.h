/*
 * image_world.h - the picture of a world's search (image_world.c).
 */
#ifndef ASTAR_IMAGE_WORLD_H
#define ASTAR_IMAGE_WORLD_H

#include <stdio.h>

#include "base/diag.h"
#include "output_world.h"

/* Writes q's world, path and links as a PNG to fp, scale pixels a cell
 * (0: the largest up to 16 that keeps it within 2048 pixels wide); 0, or
 * -1 with err set. */
int image_world_png(FILE *fp, const world_report *q, int scale, diag_err *err);

#endif
