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
		chars[c] = output_cell_char((uint8_t)c);
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
	for (size_t i = 0; i < q->ngoals; i++)
		put(canvas, w, q->goals[i], 'G');
	for (size_t i = 0; i < q->nstarts; i++)
		put(canvas, w, q->starts[i], 'S');
	put(canvas, w, q->goal, 'G');
	put(canvas, w, q->start, 'S');

	for (int32_t y = 0; y < h; y++) {
		const char *row = canvas + (size_t)y * (size_t)w;
		if (!color) {
			fwrite(row, 1, (size_t)w, out);
		} else {
			const char *cur = NULL;
			for (int32_t x = 0; x < w; x++) {
				const char *c = output_cell_color(row[x]);
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

	if (!q->no_path && (q->vres != NULL ? output_voxel_draw(out, q, color)
	                                    : draw(out, q, color)) != 0)
		return -1;
	/* An infinite map's drawing starts where its tiles do, not at the
	 * editor's 0,0. */
	if (!q->no_path && (origin(q, 0) != 0 || origin(q, 1) != 0))
		fprintf(out, "origin: %ld,%ld (the top-left cell drawn, in the "
		        "editor's coordinates)\n",
		        origin(q, 0), origin(q, 1));
	fprintf(out, "found: %s\n",
	        r->reached_goal ? "yes"
	        : r->found      ? "closest"
	                        : "no");
	if (r->found) {
		output_cost(cost, sizeof cost, r->cost);
		fprintf(out, "cost: %s\nsteps: %zu\n", cost, r->path_len - 1);
		if (q->nstarts > 1)
			fprintf(out, "start: %d,%d (start %zu of %zu)\n",
			        (int)q->start.x, (int)q->start.y,
			        r->start_index + 1, q->nstarts);
		if (q->ngoals > 1)
			fprintf(out, "goal: %d,%d (goal %zu of %zu)\n",
			        (int)q->goal.x, (int)q->goal.y,
			        r->goal_index + 1, q->ngoals);
		/* Not on the goal: with --adjacent (unless the start is
		 * the goal) or for a --closest fallback. */
		if (q->nvstarts > 1)
			fprintf(out, "start: %d,%d,%d (start %zu of %zu)\n",
			        (int)q->vstart.x, (int)q->vstart.y,
			        (int)q->vstart.z, r->start_index + 1, q->nvstarts);
		if (q->nvgoals > 1)
			fprintf(out, "goal: %d,%d,%d (goal %zu of %zu)\n",
			        (int)q->vgoal.x, (int)q->vgoal.y, (int)q->vgoal.z,
			        r->goal_index + 1, q->nvgoals);
		if (q->vres != NULL) {
			const astar_place *e = &q->vres->end;
			if (e->x != q->vgoal.x || e->y != q->vgoal.y ||
			    e->z != q->vgoal.z)
				fprintf(out, "end: %d,%d,%d\n", (int)e->x,
				        (int)e->y, (int)e->z);
		} else if (r->end.x != q->goal.x || r->end.y != q->goal.y)
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

	if (q->vres != NULL)
		fprintf(out, "%s: %d,%d,%d -> %d,%d,%d: ", label,
		        (int)q->vstart.x, (int)q->vstart.y, (int)q->vstart.z,
		        (int)q->vgoal.x, (int)q->vgoal.y, (int)q->vgoal.z);
	else
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

/* The flow field's characters, by direction code (N E S W NE SE SW NW),
 * as on a numeric keypad: 8 north, 6 east, 2 south, 4 west. */
static const char flow_chars[8] = {'8', '6', '2', '4', '9', '3', '1', '7'};

/* One map of a distance map's text: its costs bucketed (flow 0) or its
 * flow field's steps (flow 1). */
static void text_field(FILE *out, const query_report *q,
                       const astar_flood_result *f, double most, int flow)
{
	const astar_grid *g = q->map->grid;

	for (int32_t y = 0; y < f->height; y++) {
		for (int32_t x = 0; x < f->width; x++) {
			size_t k = (size_t)y * f->width + x;
			int c;
			if (astar_grid_get(g, x, y) == 0)
				c = '#';
			else if (f->dist[k] < 0)
				c = '!';
			else if (f->dist[k] == 0)
				c = 'S';
			else if (flow)
				c = f->flow[k] < 8 ? flow_chars[f->flow[k]] : '?';
			else
				c = output_distance_char(f->dist[k], most);
			fputc(c, out);
		}
		fputc('\n', out);
	}
}

int output_text_distances(FILE *out, const query_report *q,
                          const astar_flood_result *f, int flow)
{
	double most = 0.0;
	size_t n = (size_t)f->width * (size_t)f->height;

	for (size_t k = 0; k < n; k++)
		if (f->dist[k] > most)
			most = f->dist[k];
	text_field(out, q, f, most, 0);
	output_distance_legend(out, most);
	/* The flow field after the costs' legend, its own legend first. */
	if (flow) {
		fputs("\nflow: each digit is a cell's step toward the nearest "
		      "start, as on a numeric keypad (8 north, 9 north-east, 6 "
		      "east, 3 south-east, 2 south, 1 south-west, 4 west, 7 "
		      "north-west); S start, # blocked, ! unreachable\n",
		      out);
		text_field(out, q, f, most, 1);
	}
	fprintf(out, "reached: %zu cells\n", f->reached);
	if (q->timing)
		fprintf(out, "time: load %.3f ms, flood %.3f ms\n",
		        q->load_us / 1000.0, q->search_us / 1000.0);
	return ferror(out) ? -1 : 0;
}
