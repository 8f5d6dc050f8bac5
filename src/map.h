/*
 * map.h - a map as the readers deliver it: a grid plus the start and goal
 * the file marks, and the error type every reader reports with.
 */
#ifndef ASTAR_MAP_H
#define ASTAR_MAP_H

#include <stddef.h>

#include "astar.h"

typedef struct map_error {
	long line, col;   /* 1-based; 0 when they mean nothing */
	char msg[256];
} map_error;

typedef struct map {
	astar_grid *grid;   /* owned */
	int has_start, has_goal;
	astar_point start, goal;
} map;

/* Frees what the map owns and zeroes it. */
void map_free(map *m);

/* Sets err's location and message (printf-style); returns -1. */
int map_fail(map_error *err, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Writes c into out (size >= 8) as text fit for a message: the character
 * itself when printable, otherwise an escape such as \r or \x00. */
const char *map_char_name(int c, char out[8]);

/*
 * Reads an ASCII map (legend in astar(1)) from buf[0..len).  Returns 0
 * and fills *m (the caller frees it with map_free), or -1 with *err set
 * and *m left empty.
 */
int map_read_ascii(const char *buf, size_t len, map *m, map_error *err);

#endif
