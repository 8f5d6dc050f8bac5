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

int map_read_ascii(const char *buf, size_t len, size_t max_cells, map *m,
                   map_error *err)
{
	const char *p, *end = buf + len, *next;
	size_t width = 0, height = 0, rows_seen = 0;
	long sline = 0, scol = 0, gline = 0, gcol = 0;
	astar_status st;
	char cn[8];

	memset(m, 0, sizeof *m);
	buf += map_bom(buf, len);

	/* Pass 1: dimensions and every error, in reading order.  Empty
	 * lines are rows too unless only empty lines follow them. */
	for (p = buf; p < end; p = next) {
		size_t n = line_length(p, end, &next);
		long line = (long)rows_seen + 1;

		rows_seen++;
		if (n == 0)
			continue; /* judged below, once we know what follows */
		if (height != rows_seen - 1)
			return map_fail(err, (long)height + 1, 1,
			                "empty row in the middle of the map");
		/* The cells before the place where a row is short or long
		 * (or passes the largest width) come first. */
		size_t ncells = height == 0 ? n : n < width ? n : width;
		if (ncells > ASTAR_DIM_MAX)
			ncells = ASTAR_DIM_MAX;
		for (size_t x = 0; x < ncells; x++) {
			int c = (unsigned char)p[x];
			if (ascii_cost(c) < 0)
				return map_fail(err, line, (long)x + 1,
				                "unknown map character '%s'",
				                map_char_name(c, cn));
			if (c == 'S') {
				if (sline)
					return map_fail(
						err, line, (long)x + 1,
						"second start marker 'S' (first at %ld:%ld)",
						sline, scol);
				sline = line;
				scol = (long)x + 1;
			} else if (c == 'G') {
				if (gline)
					return map_fail(
						err, line, (long)x + 1,
						"second goal marker 'G' (first at %ld:%ld)",
						gline, gcol);
				gline = line;
				gcol = (long)x + 1;
			}
		}
		if (height == 0)
			width = n;
		else if (n != width)
			return map_fail(err, line, (long)ncells + 1,
			                "row has %zu cells, expected %zu", n,
			                width);
		if (width > ASTAR_DIM_MAX)
			return map_fail(err, line, ASTAR_DIM_MAX + 1,
			                "row longer than %d cells",
			                ASTAR_DIM_MAX);
		height++;
		if (height > ASTAR_DIM_MAX)
			return map_fail(err, line, 1, "more than %d rows",
			                ASTAR_DIM_MAX);
	}
	if (height == 0)
		return map_fail(err, 0, 0, "empty map");
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
	if (sline) {
		m->has_start = 1;
		m->start.x = (int32_t)scol - 1;
		m->start.y = (int32_t)sline - 1;
	}
	if (gline) {
		m->has_goal = 1;
		m->goal.x = (int32_t)gcol - 1;
		m->goal.y = (int32_t)gline - 1;
	}
	return 0;
}
