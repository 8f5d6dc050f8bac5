/*
 * output_world.c - writing a world search's result (output_world.h).
 * Places are [x, y, f], f the floor's number in file order; the record
 * names the floors so that f can be read back.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/value.h"
#include "output.h"
#include "output_world.h"

#define DUMP (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15))

static json_t *place(astar_place p)
{
	return json_pack("[iiI]", (int)p.x, (int)p.y, (json_int_t)p.level);
}

static json_t *places(const astar_place *a, size_t n)
{
	json_t *v = json_array();

	for (size_t k = 0; v != NULL && k < n; k++)
		json_array_append_new(v, place(a[k]));
	return v;
}

static json_t *options(const astar_options *o)
{
	json_t *v = json_object();

	json_object_set_new(v, "diagonal", json_string(value_diagonal_name(o->diagonal)));
	json_object_set_new(v, "heuristic", json_string(value_heuristic_name(astar_effective_heuristic(o))));
	json_object_set_new(v, "algorithm", json_string(value_algorithm_name(o->algorithm)));
	json_object_set_new(v, "weight", json_real(o->weight));
	json_object_set_new(v, "adjacent", json_boolean(o->adjacent));
	json_object_set_new(v, "closest", json_boolean(o->closest));
	return v;
}

static json_t *floor_names(const map_world *w)
{
	json_t *v = json_array();

	for (size_t k = 0; k < w->nfloors; k++)
		json_array_append_new(v, json_string(w->floors[k].name));
	return v;
}

/* Writes v and a newline, whole or not at all; frees v. */
static int put(FILE *out, json_t *v)
{
	char *s = v != NULL ? json_dumps(v, DUMP) : NULL;
	int rc = -1;

	json_decref(v);
	if (s != NULL) {
		rc = fputs(s, out) < 0 || fputc('\n', out) == EOF ? -1 : 0;
		free(s);
	}
	return rc;
}

int output_world_json(FILE *out, const world_report *q)
{
	const astar_world_result *r = q->res;
	json_t *v = json_object();

	json_object_set_new(v, "map", json_string(q->map_name));
	json_object_set_new(v, "floors", floor_names(q->w));
	if (q->query >= 0)
		json_object_set_new(v, "query", json_integer(q->query));
	if (q->name != NULL)
		json_object_set_new(v, "name", json_string(q->name));
	json_object_set_new(v, "start", place(q->start));
	json_object_set_new(v, "goal", place(q->goal));
	json_object_set_new(v, "options", options(q->opts));
	json_object_set_new(v, "found", json_boolean(r->found));
	json_object_set_new(v, "reached_goal", json_boolean(r->reached_goal));
	if (r->found) {
		json_object_set_new(v, "cost", json_real(r->cost));
		json_object_set_new(v, "steps", json_integer((json_int_t)r->path_len - 1));
		json_object_set_new(v, "end", place(r->end));
		if (!q->no_path && r->path != NULL)
			json_object_set_new(v, "path", places(r->path, r->path_len));
	}
	json_object_set_new(v, "expanded", json_integer((json_int_t)r->expanded));
	json_object_set_new(v, "generated", json_integer((json_int_t)r->generated));
	if (r->explored != NULL && !q->no_path)
		json_object_set_new(v, "explored", places(r->explored, r->explored_len));
	if (q->timing) {
		json_object_set_new(v, "load_us", json_real(round(q->load_us)));
		json_object_set_new(v, "search_us", json_real(round(q->search_us)));
	}
	return put(out, v);
}

int output_world_line(FILE *out, const world_report *q, const char *label)
{
	const astar_world_result *r = q->res;
	char cost[64];

	fprintf(out, "%s: %d,%d,%s -> %d,%d,%s: ", label, (int)q->start.x,
	        (int)q->start.y, q->w->floors[q->start.level].name,
	        (int)q->goal.x, (int)q->goal.y, q->w->floors[q->goal.level].name);
	if (!r->found) {
		fprintf(out, "no path, %llu expanded\n",
		        (unsigned long long)r->expanded);
	} else {
		output_cost(cost, sizeof cost, r->cost);
		fprintf(out, "%scost %s, %zu steps, %llu expanded\n",
		        r->reached_goal ? "" : "closest: ", cost, r->path_len - 1,
		        (unsigned long long)r->expanded);
	}
	return ferror(out) ? -1 : 0;
}

/* Floor f with the path's cells on it as '*', its start S, goal G and
 * link ends that are walls '+'. */
static int draw_floor(FILE *out, const world_report *q, size_t f)
{
	const map_floor *fl = &q->w->floors[f];
	int32_t wd = astar_grid_width(fl->grid), ht = astar_grid_height(fl->grid);
	char *rows = malloc((size_t)wd * (size_t)ht);
	const astar_world_result *r = q->res;

	if (rows == NULL)
		return -1;
	for (int32_t y = 0; y < ht; y++)
		for (int32_t x = 0; x < wd; x++) {
			astar_place p = {x, y, 0, (uint32_t)f};
			uint8_t c = astar_grid_get(fl->grid, x, y);
			rows[(size_t)y * wd + x] =
			        c == 0 && astar_world_get(q->w->world, p) ? '+' : output_cell_char(c);
		}
	for (size_t k = 0; r->path != NULL && k < r->path_len; k++)
		if (r->path[k].level == f)
			rows[(size_t)r->path[k].y * wd + r->path[k].x] = '*';
	if (q->start.level == f)
		rows[(size_t)q->start.y * wd + q->start.x] = 'S';
	if (q->goal.level == f)
		rows[(size_t)q->goal.y * wd + q->goal.x] = 'G';
	fprintf(out, "floor %s:\n", fl->name);
	for (int32_t y = 0; y < ht; y++) {
		fwrite(rows + (size_t)y * wd, 1, (size_t)wd, out);
		fputc('\n', out);
	}
	free(rows);
	return 0;
}

int output_world_text(FILE *out, const world_report *q)
{
	const astar_world_result *r = q->res;
	size_t n = q->w->nfloors;
	char *seen = calloc(n + 1, 1), cost[64];

	if (seen == NULL)
		return -1;
	for (size_t k = 0; !q->no_path && r->path != NULL && k < r->path_len; k++) {
		uint32_t f = r->path[k].level;
		if (!seen[f] && draw_floor(out, q, f) != 0) {
			free(seen);
			return -1;
		}
		seen[f] = 1;
	}
	if (!q->no_path && r->path == NULL && draw_floor(out, q, q->start.level))
		return free(seen), -1;
	free(seen);
	fprintf(out, "found: %s\n", r->reached_goal ? "yes" : r->found ? "closest" : "no");
	if (r->found) {
		output_cost(cost, sizeof cost, r->cost);
		fprintf(out, "cost: %s\nsteps: %zu\n", cost, r->path_len - 1);
		if (r->end.x != q->goal.x || r->end.y != q->goal.y ||
		    r->end.level != q->goal.level)
			fprintf(out, "end: %d,%d,%s\n", (int)r->end.x, (int)r->end.y,
			        q->w->floors[r->end.level].name);
	}
	fprintf(out, "expanded: %llu\ngenerated: %llu\n",
	        (unsigned long long)r->expanded, (unsigned long long)r->generated);
	if (q->timing)
		fprintf(out, "time: load %.3f ms, search %.3f ms\n",
		        q->load_us / 1000.0, q->search_us / 1000.0);
	return ferror(out) ? -1 : 0;
}

/* The flow field's characters, by code: the keypad's digits for
 * N E S W NE SE SW NW, then a source, then a link. */
static const char flow_chars[10] = {'8', '6', '2', '4', '9', '3', '1', '7', '*', 'L'};

/* The flow field: as text, each floor's steps; as JSON, its rows of
 * codes under "flow" in v (null where a cell has none). */
static void put_flow(FILE *out, const world_report *q, json_t *v, int json)
{
	const astar_world_flood_result *f = q->dist;
	json_t *all = json_object();
	size_t c = 0;

	for (size_t k = 0; k < q->w->nfloors; k++) {
		const astar_grid *g = q->w->floors[k].grid;
		json_t *rows = json_array();
		if (!json)
			fprintf(out, "flow on floor %s:\n", q->w->floors[k].name);
		for (int32_t y = 0; y < astar_grid_height(g); y++) {
			json_t *row = json_array();
			for (int32_t x = 0; x < astar_grid_width(g); x++, c++) {
				int none = f->dist[c] < 0 || f->flow[c] == ASTAR_FLOW_NONE;
				json_array_append_new(row, none ? json_null()
				                                : json_integer(f->flow[c]));
				if (!json)
					fputc(f->dist[c] < 0 ? (astar_grid_get(g, x, y) ? ' ' : '#')
					                     : flow_chars[f->flow[c] < 10 ? f->flow[c] : 8],
					      out);
			}
			if (!json)
				fputc('\n', out);
			json_array_append_new(rows, row);
		}
		json_object_set_new(all, q->w->floors[k].name, rows);
	}
	if (!json)
		fprintf(out, "legend: the step toward the nearest start, as on a "
		        "keypad (8 north, 6 east); * a start, L along a link\n");
	if (json)
		json_object_set_new(v, "flow", all);
	else
		json_decref(all);
}

int output_world_distances(FILE *out, const world_report *q, int json)
{
	const astar_world_flood_result *f = q->dist;
	json_t *all = json_object(), *v = json_object();
	size_t c = 0;

	for (size_t k = 0; k < q->w->nfloors; k++) {
		const astar_grid *g = q->w->floors[k].grid;
		json_t *rows = json_array();
		if (!json)
			fprintf(out, "floor %s:\n", q->w->floors[k].name);
		for (int32_t y = 0; y < astar_grid_height(g); y++) {
			json_t *row = json_array();
			for (int32_t x = 0; x < astar_grid_width(g); x++, c++) {
				double d = f->dist[c];
				json_array_append_new(row, d < 0 ? json_null() : json_real(d));
				if (!json)
					fputc(d < 0 ? (astar_grid_get(g, x, y) ? ' ' : '#')
					            : "0123456789"[(int)fmin(9.0, floor(d / 10))],
					      out);
			}
			if (!json)
				fputc('\n', out);
			json_array_append_new(rows, row);
		}
		json_object_set_new(all, q->w->floors[k].name, rows);
	}
	if (!json) {
		json_decref(all);
		json_decref(v);
		fprintf(out, "reached: %zu cells\nlegend: a digit is the tens of "
		        "the cost (9: 90 or more), blank unreachable\n", f->reached);
		if (q->flow)
			put_flow(out, q, NULL, 0);
		return ferror(out) ? -1 : 0;
	}
	json_object_set_new(v, "map", json_string(q->map_name));
	json_object_set_new(v, "floors", floor_names(q->w));
	json_object_set_new(v, "start", place(q->start));
	json_object_set_new(v, "reached", json_integer((json_int_t)f->reached));
	json_object_set_new(v, "distances", all);
	if (q->flow)
		put_flow(out, q, v, 1);
	return put(out, v);
}
