/*
 * scen.h - Moving AI scenario (.scen) files.
 *
 * A scenario file is a "version 1" (or "version 1.0") line, then one
 * query per line: bucket, map, map width, map height, start x, start y,
 * goal x, goal y, optimal length, separated by tabs or spaces.  A Moving
 * AI voxel scenario (.3dscen) has the map's file name alone on the line
 * after the version, then "sx sy sz gx gy gz cost ratio" lines (the
 * ratio is not used).  A bad line
 * does not stop the reading: it becomes an entry that carries its error,
 * in its place among the others.
 */
#ifndef ASTAR_SCEN_H
#define ASTAR_SCEN_H

#include "map.h"

typedef struct scen_entry {
	long line;
	int bad;        /* the line is wrong; err says how */
	map_error *err; /* a bad line's error (owned), else NULL */
	char *map;      /* the map field as written */
	int owns_map;   /* map is this entry's; else an earlier one's */
	int32_t width, height;
	astar_point start, goal;
	double optimal;
	int decimals; /* digits after the point in the optimal length */
	size_t opt_off, opt_len; /* where the optimal length is written: its
	                            bytes in the file (for --update) */
	int voxel;      /* a voxel scenario's line: start and goal are
	                   x, y with sz and gz their z (width, height 0) */
	int32_t sz, gz;
} scen_entry;

typedef struct scen {
	scen_entry *entries;
	size_t n;
} scen;

/*
 * Reads a scenario file from buf[0..len).  Returns 0 and fills *s (freed
 * with scen_free; entries may be bad), or -1 with *err set when the file
 * as a whole is not a scenario file (no version line) or memory ran out.
 */
int scen_read(const char *buf, size_t len, scen *s, map_error *err);

/* Frees what scen_read put in *s and zeroes it. */
void scen_free(scen *s);

#endif
