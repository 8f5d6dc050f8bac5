/*
 * image_palette.h - the colours of a picture (image.h says what each one
 * marks) and the two small pixel helpers that all its drawing uses.
 *
 * A header of its own, under both the raster and the marks, so that they
 * take the palette from one place without either of them needing the
 * other.
 */
#ifndef ASTAR_IMAGE_PALETTE_H
#define ASTAR_IMAGE_PALETTE_H

#include <stdint.h>

typedef struct rgb {
	unsigned char r, g, b;
} rgb;

/* Palette (see image.h). */
static const rgb WALL = {40, 44, 54};
static const rgb FLOOR = {236, 236, 230};
static const rgb SWAMP_LIGHT = {196, 222, 166}; /* cost 2 */
static const rgb SWAMP_DARK = {74, 128, 66};    /* cost 9 and above */
static const rgb EXPLORED_EARLY = {110, 190, 240};
static const rgb EXPLORED_LATE = {128, 58, 178};
static const rgb PATH = {255, 120, 0};
static const rgb BLOCK = {230, 20, 200};
/* A changed route: the recorded one, the cells on both, where they part */
static const rgb RECORDED = {40, 110, 230};
static const rgb BOTH = {150, 70, 20};
static const rgb PART = {255, 230, 0};
static const rgb START = {30, 170, 60};
static const rgb GOAL = {225, 25, 35};
static const rgb JUMP = {255, 222, 0};
static const rgb OUTLINE = {20, 20, 24};
/* A distance map's heat scale (--distances), near to far, and the colour
 * of an open cell it does not reach. */
static const rgb HEAT_NEAR = {250, 232, 70};
static const rgb HEAT_MID = {214, 80, 64};
static const rgb HEAT_FAR = {52, 30, 110};
static const rgb UNREACHED = {150, 150, 150};
/* A flow field's cells (--flow) by the direction of their step toward
 * the nearest start (the library's codes: N E S W NE SE SW NW), around
 * a colour wheel: north blue, east green, south yellow, west red. */
static const rgb FLOW[8] = {{70, 130, 230}, {70, 180, 90},  {240, 200, 50},
                            {220, 70, 70},  {60, 190, 200}, {170, 200, 60},
                            {240, 140, 50}, {170, 90, 200}};

static inline rgb mix(rgb a, rgb b, unsigned t /* 0..256: share of b */)
{
	rgb c;

	c.r = (unsigned char)((a.r * (256 - t) + b.r * t + 128) >> 8);
	c.g = (unsigned char)((a.g * (256 - t) + b.g * t + 128) >> 8);
	c.b = (unsigned char)((a.b * (256 - t) + b.b * t + 128) >> 8);
	return c;
}

/* Pixel x of a row of RGB pixels. */
static inline void put_pixel(unsigned char *row, int64_t x, rgb c)
{
	row[3 * x] = c.r;
	row[3 * x + 1] = c.g;
	row[3 * x + 2] = c.b;
}

#endif
