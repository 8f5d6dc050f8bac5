/*
 * world_ascii.c - an ASCII map of several floors, a world (world_map.h):
 * floors one after the other, separated by one empty line, named by
 * their numbers, floor k at depth k.  '>' on floor f and '<' at the same
 * x, y on floor f + 1 are stairs (floor cells), one step of cost 1 both
 * ways.  Each floor is read by the ASCII reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "world_ascii.h"

/* The next line of buf[*at..len), its length without the line end. */
static size_t next_line(const char *buf, size_t len, size_t *at, size_t *n)
{
	size_t start = *at;
	const char *nl = memchr(buf + start, '\n', len - start);

	*at = nl != NULL ? (size_t)(nl - buf) + 1 : len;
	*n = (nl != NULL ? (size_t)(nl - buf) : len) - start;
	if (*n > 0 && buf[start + *n - 1] == '\r')
		(*n)--;
	return start;
}

int map_ascii_floors(const char *buf, size_t len)
{
	size_t at = map_bom(buf, len), n, rows = 0, blank = 0;

	while (at < len) {
		next_line(buf, len, &at, &n);
		if (n == 0 && rows > 0)
			blank = 1;
		else if (n > 0 && blank)
			return 1;
		rows += n > 0;
	}
	return 0;
}

/* A stair at x, y (0-based) of a floor, and its place in the file. */
typedef struct stair {
	size_t floor;
	int32_t x, y;
	char c;
	long line, col;
} stair;

/* Reads one floor, lines [from, to) of the copy (stairs made floor),
 * placing its errors in the whole file. */
static int read_floor(map_world *w, char *copy, size_t from, size_t to,
                      long line0, size_t max_cells, map_error *err)
{
	map tmp;
	map_floor *fl = &w->floors[w->nfloors];
	char name[24];

	if (map_read_ascii(copy + from, to - from, max_cells, &tmp, err) != 0) {
		if (err->line > 0)
			err->line += line0 - 1;
		return -1;
	}
	snprintf(name, sizeof name, "%zu", w->nfloors);
	fl->name = strdup(name);
	fl->grid = tmp.grid;
	tmp.grid = NULL;
	fl->depth = (int32_t)w->nfloors;
	for (int e = 0; e < 2; e++) {
		int has = e ? tmp.has_goal : tmp.has_start;
		astar_point p = e ? tmp.goal : tmp.start;
		if (!has)
			continue;
		if (e ? w->has_goal : w->has_start) {
			map_free(&tmp);
			return map_fail(err, line0 + p.y, p.x + 1, "a second '%c' "
			                "(the first is on floor %u)", e ? 'G' : 'S',
			                (e ? w->goal : w->start).level);
		}
		*(e ? &w->goal : &w->start) =
		        (astar_place){p.x, p.y, 0, (uint32_t)w->nfloors};
		*(e ? &w->has_goal : &w->has_start) = 1;
	}
	map_free(&tmp);
	w->nfloors++;
	return fl->name == NULL ? map_fail(err, 0, 0, "out of memory") : 0;
}

/* Joins each '>' with the '<' at its x, y one floor down. */
static int join_stairs(map_world *w, const stair *s, size_t ns, map_error *err)
{
	for (size_t i = 0; i < ns; i++) {
		int down = s[i].c == '>';
		size_t j, want = down ? s[i].floor + 1 : s[i].floor - 1;
		for (j = 0; j < ns; j++)
			if (s[j].floor == want && s[j].x == s[i].x && s[j].y == s[i].y &&
			    s[j].c == (down ? '<' : '>') && (down || s[i].floor > 0))
				break;
		if (j == ns)
			return map_fail(err, s[i].line, s[i].col, "'%c' without its "
			                "'%c' at %d,%d on the floor %s", s[i].c,
			                down ? '<' : '>', (int)s[i].x, (int)s[i].y,
			                down ? "below" : "above");
		if (down && astar_world_add_link(
		                    w->world,
		                    (astar_place){s[i].x, s[i].y, 0, (uint32_t)s[i].floor},
		                    (astar_place){s[i].x, s[i].y, 0, (uint32_t)want},
		                    1.0, 0) != ASTAR_OK)
			return map_fail(err, 0, 0, "out of memory");
	}
	return 0;
}

/* Splits the copy into floors at its empty lines, noting the stairs. */
static int read_floors(map_world *w, char *copy, size_t len, size_t max_cells,
                       stair **st, size_t *ns, map_error *err)
{
	size_t at = map_bom(copy, len), n, from = at, y = 0;
	long line = 1, first = 1;

	while (at <= len) {
		size_t start = at < len ? next_line(copy, len, &at, &n) : len;
		int end = start == len;
		if (end)
			n = 0;
		if (n == 0 && start > from) { /* a floor ends */
			if (read_floor(w, copy, from, start, first, max_cells, err) != 0)
				return -1;
			from = at;
			first = line + 1;
			y = 0;
		} else if (n == 0) {
			from = at;
			first = line + 1;
		}
		for (size_t x = 0; x < n; x++) {
			stair *more;
			if (copy[start + x] != '>' && copy[start + x] != '<')
				continue;
			if ((more = realloc(*st, (*ns + 1) * sizeof *more)) == NULL)
				return map_fail(err, 0, 0, "out of memory");
			*st = more;
			more[*ns] = (stair){w->nfloors, (int32_t)x, (int32_t)y,
			                    copy[start + x], line, (long)x + 1};
			(*ns)++;
			copy[start + x] = '.';
		}
		y += n > 0;
		line++;
		if (end)
			break;
	}
	return 0;
}

int map_read_world_ascii(const char *buf, size_t len, size_t max_cells,
                         map *m, map_error *err)
{
	map_world *w = calloc(1, sizeof *w);
	char *copy = malloc(len + 1);
	stair *st = NULL;
	size_t ns = 0, lines = 2;
	astar_world_problem why;
	int rc = -1;

	memset(m, 0, sizeof *m);
	for (size_t i = 0; i < len; i++)
		lines += buf[i] == '\n';
	if (w != NULL)
		w->floors = calloc(lines / 2 + 1, sizeof *w->floors);
	if (w == NULL || copy == NULL || w->floors == NULL ||
	    (w->world = astar_world_new()) == NULL) {
		if (w != NULL)
			free(w->floors);
		free(w);
		free(copy);
		return map_fail(err, 0, 0, "out of memory");
	}
	m->world = w;
	m->world_free = map_world_free;
	memcpy(copy, buf, len);
	if (read_floors(w, copy, len, max_cells, &st, &ns, err) != 0)
		goto out;
	for (size_t k = 0; k < w->nfloors; k++)
		if (astar_world_add_level(w->world, w->floors[k].grid, w->floors[k].name,
		                          0, 0, w->floors[k].depth) != ASTAR_OK) {
			map_fail(err, 0, 0, "out of memory");
			goto out;
		}
	if (join_stairs(w, st, ns, err) != 0)
		goto out;
	if (astar_world_build(w->world, &why) != ASTAR_OK) {
		map_fail(err, 0, 0, "out of memory");
		goto out;
	}
	rc = 0;
out:
	free(st);
	free(copy);
	if (rc != 0)
		map_free(m);
	return rc;
}
