/*
 * map_movingai.c - the Moving AI Lab .map reader.
 *
 * A .map file is a header of "type octile", "height H", "width W" and
 * "map" lines, then H rows of W cells.  '.', 'G' and 'S' (ground, ground,
 * swamp) are passable at cost 1; '@', 'O' (out of bounds), 'T' (trees)
 * and 'W' (water) are blocked.  In this format 'S' and 'G' are terrain,
 * not start and goal markers.  (Format: N. Sturtevant, "Benchmarks for
 * Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012.)
 *
 * "type octile" says the rules the map is played by, the benchmarks'
 * eight directions without cutting a corner: the map then gives that
 * diagonal policy (no-obstacles), as a JSON level's "diagonal" does.
 * Header errors point at the value at fault ("height x": the x).
 */
#include <stdlib.h>
#include <string.h>

#include "map.h"

static int movingai_cost(int c)
{
	switch (c) {
	case '.':
	case 'G':
	case 'S':
		return 1;
	case '@':
	case 'O':
	case 'T':
	case 'W':
		return 0;
	default:
		return -1;
	}
}

/* movingai_cost for the rows' lookup table: 0 or 1, or 0x80 for a
 * character that is not a cell.  The reader fills its table on the stack
 * per map, which costs 256 steps and keeps it free of shared state. */
static uint8_t movingai_cell(unsigned char c)
{
	int v = movingai_cost(c);

	return v < 0 ? 0x80 : (uint8_t)v;
}

/* Fails at the first of the n cells at s that is not a map character;
 * returns 0 when there is none. */
static int bad_cell(const char *s, size_t n, long line, map_error *err)
{
	char cn[8];

	for (size_t x = 0; x < n; x++)
		if (movingai_cost((unsigned char)s[x]) < 0)
			return map_fail(err, line, (long)x + 1,
			                "unknown map character '%s'",
			                map_char_name((unsigned char)s[x], cn));
	return 0;
}

/* A cursor over the lines of a buffer. */
typedef struct lines {
	const char *p, *end;
	long no;         /* number of the line last returned */
	const char *bol; /* where that line begins */
} lines;

/* The place just past the last byte, once next_line has returned NULL:
 * the start of a line after the last when the text ends in a newline
 * (or is empty), else just past the end of the last line. */
static void end_place(const lines *ls, long *line, long *col)
{
	if (ls->no == 0 || ls->end[-1] == '\n') {
		*line = ls->no + 1;
		*col = 1;
	} else {
		*line = ls->no;
		*col = (long)(ls->end - ls->bol) + 1;
	}
}

/* The next line without its end; NULL at the end of the buffer. */
static const char *next_line(lines *ls, size_t *n)
{
	const char *s = ls->p, *nl;

	if (s >= ls->end)
		return NULL;
	nl = memchr(s, '\n', (size_t)(ls->end - s));
	*n = nl ? (size_t)(nl - s) : (size_t)(ls->end - s);
	ls->p = nl ? nl + 1 : ls->end;
	ls->bol = s;
	if (*n > 0 && s[*n - 1] == '\r')
		(*n)--;
	ls->no++;
	return s;
}

/* Parses "KEY N" with N in 1..ASTAR_DIM_MAX; returns N, or -1 with
 * *at set to the 0-based column of the value at fault (of where it
 * should be, when it is missing). */
static long header_number(const char *s, size_t n, const char *key, size_t *at)
{
	size_t k = strlen(key), i;
	long v = 0;

	*at = k;
	if (n <= k + 1 || memcmp(s, key, k) != 0 || s[k] != ' ')
		return -1;
	for (i = k + 1; i < n && s[i] == ' '; i++)
		;
	*at = i;
	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > ASTAR_DIM_MAX)
			return -1;
	}
	return v;
}

/* The header line "KEY N" at line no: N into *v and no into *at, which is
 * 0 until then; fails on a second such line or an N outside 1 to
 * ASTAR_DIM_MAX. */
static int header_line(const char *s, size_t n, const char *key, long no,
                       long *v, long *at, map_error *err)
{
	size_t col;

	if (*at != 0)
		return map_fail(err, no, 1,
		                "second '%s' line (first at line %ld)", key,
		                *at);
	*at = no;
	if ((*v = header_number(s, n, key, &col)) <= 0)
		return map_fail(err, no, (long)col + 1,
		                "expected '%s N' with N from 1 to %d", key,
		                ASTAR_DIM_MAX);
	return 0;
}

/* Reads the header, from "type" through "map": the width and height
 * into *width and *height, whether the type is octile into *octile. */
static int read_header(lines *ls, long *width, long *height, int *octile,
                       map_error *err)
{
	const char *s;
	size_t n;
	long hline = 0, wline = 0, eline, ecol;

	s = next_line(ls, &n);
	if (s == NULL || n < 5 || memcmp(s, "type ", 5) != 0)
		return map_fail(err, 1, 1, "expected 'type octile'");
	while (n > 5 && s[n - 1] == ' ')
		n--;
	*octile = n == 11 && memcmp(s + 5, "octile", 6) == 0;
	for (;;) {
		if ((s = next_line(ls, &n)) == NULL) {
			end_place(ls, &eline, &ecol);
			return map_fail(
				err, eline, ecol,
				"file ends in the header: expected 'map'");
		}
		if (n == 3 && memcmp(s, "map", 3) == 0)
			break;
		if (n >= 6 && memcmp(s, "height", 6) == 0) {
			if (header_line(s, n, "height", ls->no, height, &hline,
			                err) != 0)
				return -1;
		} else if (n >= 5 && memcmp(s, "width", 5) == 0) {
			if (header_line(s, n, "width", ls->no, width, &wline,
			                err) != 0)
				return -1;
		} else {
			return map_fail(
				err, ls->no, 1,
				"unknown header line: expected 'height N', "
				"'width N' or 'map'");
		}
	}
	if (*height == 0 || *width == 0)
		return map_fail(err, ls->no, 1, "'map' before %s",
		                *height == 0 ? "'height N'" : "'width N'");
	return 0;
}

typedef uint8_t v16 __attribute__((vector_size(16)));

/* Writes the n cells at s into row: sixteen at a time (GCC and Clang
 * vector extensions), the rest through table (movingai_cell), without a
 * branch per cell.  Returns nonzero when some character is not a cell,
 * for the caller to look for only then. */
static int fill_row(const char *s, size_t n, uint8_t *row,
                    const uint8_t table[256])
{
	uint8_t bad = 0, badl[16];
	v16 badv;
	size_t x = 0;

	memset(&badv, 0, sizeof badv);
	for (; x + 16 <= n; x += 16) {
		v16 c, open, shut;
		memcpy(&c, s + x, sizeof c);
		open = (v16)(c == '.') | (v16)(c == 'G') | (v16)(c == 'S');
		shut = (v16)(c == '@') | (v16)(c == 'O') | (v16)(c == 'T') |
		       (v16)(c == 'W');
		c = open & 1;
		memcpy(row + x, &c, sizeof c);
		badv |= ~(open | shut);
	}
	for (; x < n; x++) {
		uint8_t c = table[(unsigned char)s[x]];
		bad |= c;
		row[x] = c;
	}
	memcpy(badl, &badv, sizeof badl);
	for (int k = 0; k < 16; k++)
		bad |= badl[k];
	return (bad & 0x80) != 0;
}

/* Reads the height rows of width cells into m->grid, then checks that
 * only empty lines follow. */
static int read_rows(lines *ls, long width, long height, map *m, map_error *err)
{
	const char *s;
	size_t n;
	long eline, ecol;
	uint8_t table[256];

	for (int c = 0; c < 256; c++)
		table[c] = movingai_cell((unsigned char)c);
	for (long y = 0; y < height; y++) {
		if ((s = next_line(ls, &n)) == NULL) {
			end_place(ls, &eline, &ecol);
			return map_fail(err, eline, ecol,
			                "file ends after %ld of %ld rows", y,
			                height);
		}
		if ((long)n != width) {
			/* In reading order: a bad character before the
			 * place where the row is short or long comes first. */
			size_t k = n < (size_t)width ? n : (size_t)width;
			if (bad_cell(s, k, ls->no, err) != 0)
				return -1;
			return map_fail(err, ls->no, (long)k + 1,
			                "row has %zu cells, expected %ld", n,
			                width);
		}
		if (fill_row(s, n, astar_grid_row(m->grid, (int32_t)y), table))
			return bad_cell(s, n, ls->no, err);
	}
	astar_grid_recount(m->grid);
	while ((s = next_line(ls, &n)) != NULL)
		if (n != 0)
			return map_fail(
				err, ls->no, 1,
				"more rows than the header's height %ld",
				height);
	return 0;
}

int map_read_movingai(const char *buf, size_t len, size_t max_cells, map *m,
                      map_error *err)
{
	lines ls;
	size_t bom;
	long width = 0, height = 0;
	int octile = 0;
	astar_status st;

	memset(m, 0, sizeof *m);
	bom = map_bom(buf, len);
	ls.p = buf + bom;
	ls.end = buf + len;
	ls.no = 0;
	ls.bol = ls.p;
	if (read_header(&ls, &width, &height, &octile, err) != 0)
		return -1;
	if (map_check_size(width, height, max_cells, ls.no, err) != 0)
		return -1;
	m->grid = astar_grid_new((int32_t)width, (int32_t)height, &st);
	if (m->grid == NULL)
		return map_fail(err, ls.no, 1, "%ldx%ld map: %s", width, height,
		                astar_strerror(st));
	if (read_rows(&ls, width, height, m, err) != 0) {
		map_free(m);
		return -1;
	}
	if (octile) { /* the benchmarks' rule, as the map says */
		m->has_diagonal = 1;
		m->diagonal = ASTAR_DIAG_NO_OBSTACLES;
	}
	return 0;
}
