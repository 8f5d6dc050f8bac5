/*
 * output_text.c - the map drawn with the path, then a summary.
 *
 * The drawing is made on a canvas of one character per cell, then written
 * row by row, with ANSI colours when asked for.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

void output_cost(char *buf, size_t size, double cost)
{
	size_t n;

	snprintf(buf, size, "%.8f", cost);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
}

static char cell_char(uint8_t cost)
{
	if (cost == 0)
		return '#';
	if (cost == 1)
		return '.';
	return cost <= 9 ? (char)('0' + cost) : '~';
}

static const char *color_of(char c)
{
	switch (c) {
	case '#':
		return "\033[2m";
	case 'X':
		return "\033[35m";
	case '*':
		return "\033[1;33m";
	case '+':
		return "\033[36m";
	case 'S':
		return "\033[1;32m";
	case 'G':
		return "\033[1;31m";
	default:
		return NULL;
	}
}

static void put(char *canvas, int32_t w, astar_point p, char c)
{
	canvas[(size_t)p.y * (size_t)w + (size_t)p.x] = c;
}

static int draw(FILE *out, const query_report *q, int color)
{
	const astar_grid *g = q->map->grid;
	const astar_result *r = q->res;
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	char *canvas = malloc((size_t)w * (size_t)h), chars[256];

	if (canvas == NULL)
		return -1;
	for (int c = 0; c < 256; c++)
		chars[c] = cell_char((uint8_t)c);
	for (int32_t y = 0; y < h; y++) {
		const uint8_t *cells = astar_grid_row_view(g, y);
		char *row = canvas + (size_t)y * (size_t)w;
		for (int32_t x = 0; x < w; x++)
			row[x] = chars[cells[x]];
	}
	for (size_t i = 0; i < q->nblocks; i++)
		put(canvas, w, q->blocks[i], 'X');
	for (size_t i = 0; i < r->explored_len; i++)
		put(canvas, w, r->explored[i], '+');
	for (size_t i = 0; i < r->path_len; i++)
		put(canvas, w, r->path[i], '*');
	put(canvas, w, q->goal, 'G');
	put(canvas, w, q->start, 'S');

	for (int32_t y = 0; y < h; y++) {
		const char *row = canvas + (size_t)y * (size_t)w;
		if (!color) {
			fwrite(row, 1, (size_t)w, out);
		} else {
			const char *cur = NULL;
			for (int32_t x = 0; x < w; x++) {
				const char *c = color_of(row[x]);
				if (c != cur) {
					fputs(cur ? "\033[0m" : "", out);
					fputs(c ? c : "", out);
					cur = c;
				}
				fputc(row[x], out);
			}
			if (cur)
				fputs("\033[0m", out);
		}
		fputc('\n', out);
	}
	free(canvas);
	return 0;
}

/* The editor's coordinate of the map's column 0 (axis 0) or row 0 (1):
 * an infinite Tiled map's grid starts where its tiles do. */
static long origin(const query_report *q, int axis)
{
	if (q->map == NULL)
		return 0;
	return axis ? q->map->oy : q->map->ox;
}

int output_text(FILE *out, const query_report *q, int color)
{
	const astar_result *r = q->res;
	char cost[64];

	if (!q->no_path && draw(out, q, color) != 0)
		return -1;
	fprintf(out, "found: %s\n",
	        r->reached_goal ? "yes"
	        : r->found      ? "closest"
	                        : "no");
	if (r->found) {
		output_cost(cost, sizeof cost, r->cost);
		fprintf(out, "cost: %s\nsteps: %zu\n", cost, r->path_len - 1);
		/* Not on the goal: with --adjacent (unless the start is
		 * the goal) or for a --closest fallback. */
		if (r->end.x != q->goal.x || r->end.y != q->goal.y)
			fprintf(out, "end: %ld,%ld\n", r->end.x + origin(q, 0),
			        r->end.y + origin(q, 1));
	}
	fprintf(out, "expanded: %llu\ngenerated: %llu\n",
	        (unsigned long long)r->expanded,
	        (unsigned long long)r->generated);
	if (q->timing && q->prepared)
		fprintf(out,
		        "time: load %.3f ms, prepare %.3f ms, search %.3f ms\n",
		        q->load_us / 1000.0, q->prepare_us / 1000.0,
		        q->search_us / 1000.0);
	else if (q->timing)
		fprintf(out, "time: load %.3f ms, search %.3f ms\n",
		        q->load_us / 1000.0, q->search_us / 1000.0);
	return ferror(out) ? -1 : 0;
}

int output_text_line(FILE *out, const query_report *q, const char *label)
{
	const astar_result *r = q->res;
	char cost[64];

	fprintf(out, "%s: %ld,%ld -> %ld,%ld: ", label,
	        q->start.x + origin(q, 0), q->start.y + origin(q, 1),
	        q->goal.x + origin(q, 0), q->goal.y + origin(q, 1));
	if (r->found) {
		output_cost(cost, sizeof cost, r->cost);
		fprintf(out, "%scost %s, %zu steps",
		        r->reached_goal ? "" : "closest: ", cost,
		        r->path_len - 1);
	} else {
		fputs("no path", out);
	}
	fprintf(out, ", %llu expanded\n", (unsigned long long)r->expanded);
	return ferror(out) ? -1 : 0;
}
