/*
 * map_ascii.c - the ASCII map reader.
 *
 * One row per line: '.' floor, '#' wall, 'S' start, 'G' goal, '1'..'9'
 * floor costing that much to enter.  CRLF line ends, a missing final
 * newline, trailing empty lines and a UTF-8 byte order mark are accepted.
 * The reader makes one pass to check every line and find the dimensions,
 * then one to fill the grid.
 */
#include <stdlib.h>
#include <string.h>

#include "map.h"

/* Cost of an ASCII map character, 0 for a wall, -1 when unknown. */
static int ascii_cost(int c)
{
	switch (c) {
	case '.':
	case 'S':
	case 'G':
		return 1;
	case '#':
		return 0;
	default:
		return c >= '1' && c <= '9' ? c - '0' : -1;
	}
}

/* The length of the line at p (up to end), without its "\n" or "\r\n". */
static size_t line_length(const char *p, const char *end, const char **next)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	size_t n;

	if (nl == NULL) {
		*next = end;
		n = (size_t)(end - p);
	} else {
		*next = nl + 1;
		n = (size_t)(nl - p);
	}
	if (n > 0 && p[n - 1] == '\r')
		n--;
	return n;
}

/* Where the start and goal markers were found: 1-based, 0 when not. */
typedef struct markers {
	long sline, scol, gline, gcol;
} markers;

/* Notes a marker at line:col; fails on a second one of its kind. */
static int mark(long *mline, long *mcol, long line, long col, char c,
                const char *what, map_error *err)
{
	if (*mline)
		return map_fail(err, line, col,
		                "second %s marker '%c' (first at %ld:%ld)",
		                what, c, *mline, *mcol);
	*mline = line;
	*mcol = col;
	return 0;
}

/* Checks the n cells at p, on line line: every character known, at
 * most one start and one goal over the whole map. */
static int check_cells(const char *p, size_t n, long line, markers *mk,
                       map_error *err)
{
	char cn[8];

	for (size_t x = 0; x < n; x++) {
		int c = (unsigned char)p[x];
		if (ascii_cost(c) < 0)
			return map_fail(err, line, (long)x + 1,
			                "unknown map character '%s'",
			                map_char_name(c, cn));
		if (c == 'S' && mark(&mk->sline, &mk->scol, line, (long)x + 1,
		                     'S', "start", err) != 0)
			return -1;
		if (c == 'G' && mark(&mk->gline, &mk->gcol, line, (long)x + 1,
		                     'G', "goal", err) != 0)
			return -1;
	}
	return 0;
}

/* Pass 1: the dimensions and every error, in reading order.  Empty
 * lines are rows too unless only empty lines follow them. */
static int measure(const char *buf, const char *end, size_t *width,
                   size_t *height, markers *mk, map_error *err)
{
	const char *p, *next;
	size_t rows_seen = 0;

	for (p = buf; p < end; p = next) {
		size_t n = line_length(p, end, &next);
		long line = (long)rows_seen + 1;

		rows_seen++;
		if (n == 0)
			continue; /* judged below, once we know what follows */
		if (*height != rows_seen - 1)
			return map_fail(err, (long)*height + 1, 1,
			                "empty row in the middle of the map");
		/* The cells before the place where a row is short or long
		 * (or passes the largest width) come first. */
		size_t ncells = *height == 0 ? n : n < *width ? n : *width;
		if (ncells > ASTAR_DIM_MAX)
			ncells = ASTAR_DIM_MAX;
		if (check_cells(p, ncells, line, mk, err) != 0)
			return -1;
		if (*height == 0)
			*width = n;
		else if (n != *width)
			return map_fail(err, line, (long)ncells + 1,
			                "row has %zu cells, expected %zu", n,
			                *width);
		if (*width > ASTAR_DIM_MAX)
			return map_fail(err, line, ASTAR_DIM_MAX + 1,
			                "row longer than %d cells",
			                ASTAR_DIM_MAX);
		if (++*height > ASTAR_DIM_MAX)
			return map_fail(err, line, 1, "more than %d rows",
			                ASTAR_DIM_MAX);
	}
	if (*height == 0)
		return map_fail(err, 0, 0, "empty map");
	return 0;
}

int map_read_ascii(const char *buf, size_t len, size_t max_cells, map *m,
                   map_error *err)
{
	const char *p, *end = buf + len, *next;
	size_t width = 0, height = 0;
	markers mk = {0, 0, 0, 0};
	astar_status st;

	memset(m, 0, sizeof *m);
	buf += map_bom(buf, len);
	if (measure(buf, end, &width, &height, &mk, err) != 0)
		return -1;
	if (map_check_size((long)width, (long)height, max_cells, 0, err) != 0)
		return -1;

	m->grid = astar_grid_new((int32_t)width, (int32_t)height, &st);
	if (m->grid == NULL)
		return map_fail(err, 0, 0, "%s", astar_strerror(st));

	/* Pass 2: fill the grid. */
	p = buf;
	for (size_t y = 0; y < height; y++) {
		size_t n = line_length(p, end, &next);
		uint8_t *row = astar_grid_row(m->grid, (int32_t)y);
		for (size_t x = 0; x < n; x++)
			row[x] = (uint8_t)ascii_cost((unsigned char)p[x]);
		p = next;
	}
	astar_grid_recount(m->grid);
	if (mk.sline) {
		m->has_start = 1;
		m->start.x = (int32_t)mk.scol - 1;
		m->start.y = (int32_t)mk.sline - 1;
	}
	if (mk.gline) {
		m->has_goal = 1;
		m->goal.x = (int32_t)mk.gcol - 1;
		m->goal.y = (int32_t)mk.gline - 1;
	}
	return 0;
}
