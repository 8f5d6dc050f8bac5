/*
 * output_voxel.c - a voxel map as text: a query's map, one slice for
 * each z layer the path crosses, under "z N", drawn as a grid's map is
 * (# for a blocked voxel, . for an open one, a digit for a dearer one,
 * * for the path, S and G for its ends), with ANSI colours when asked
 * for; and a distance map (--distances), every layer so, each voxel's
 * cost bucketed as a grid's, with its flow field (--flow), as text or
 * as one JSON record.
 */
#include <stdlib.h>
#include <string.h>

#include "output.h"

/* The slice at z with the path's voxels on it. */
static void draw_slice(FILE *out, const query_report *q, int32_t z, char *row,
                       int color)
{
	const astar_voxels *v = q->map->voxels;
	const astar_voxel_result *r = q->vres;
	int32_t w = astar_voxels_width(v), h = astar_voxels_height(v);
	size_t n = r->path != NULL ? r->path_len : 0;

	fprintf(out, "z %d\n", (int)z);
	for (int32_t y = 0; y < h; y++) {
		for (int32_t x = 0; x < w; x++)
			row[x] = output_cell_char(astar_voxels_get(v, x, y, z));
		for (size_t i = 0; i < n; i++)
			if (r->path[i].z == z && r->path[i].y == y)
				row[r->path[i].x] =
					i == 0 ? 'S'
					: i == n - 1 && r->reached_goal &&
							!q->opts->adjacent
						? 'G'
						: '*';
		if (q->vgoal.z == z && q->vgoal.y == y &&
		    (n == 0 || !r->reached_goal || q->opts->adjacent))
			row[q->vgoal.x] = 'G';
		if (q->vstart.z == z && q->vstart.y == y)
			row[q->vstart.x] = 'S';
		for (int32_t x = 0; x < w; x++) {
			const char *c = color ? output_cell_color(row[x]) : NULL;
			if (c != NULL)
				fprintf(out, "%s%c\033[0m", c, row[x]);
			else
				fputc(row[x], out);
		}
		fputc('\n', out);
	}
}

int output_voxel_draw(FILE *out, const query_report *q, int color)
{
	const astar_voxels *v = q->map->voxels;
	const astar_voxel_result *r = q->vres;
	int32_t d = astar_voxels_depth(v);
	char *row = malloc((size_t)astar_voxels_width(v) + 1);
	unsigned char *on = calloc((size_t)d, 1);

	if (row == NULL || on == NULL) {
		free(row);
		free(on);
		return -1;
	}
	/* The layers crossed, drawn bottom up once each; with no path,
	 * those of the start and the goal. */
	for (size_t i = 0; r->path != NULL && i < r->path_len; i++)
		on[r->path[i].z] = 1;
	on[q->vstart.z] = 1;
	on[q->vgoal.z] = 1;
	for (int32_t z = 0; z < d; z++)
		if (on[z])
			draw_slice(out, q, z, row, color);
	free(row);
	free(on);
	return ferror(out) ? -1 : 0;
}

/* The flow field's glyphs by code (dx + 1) + 3 (dy + 1) + 9 (dz + 1):
 * in the layer, the numeric keypad's digits (8 north, y - 1); to the
 * layer below (z - 1), the keyboard's letters in the same places
 * (q w e / a d / z x c) and v straight down; to the layer above, the
 * same in capitals and ^ straight up.  Code 13 is no step. */
static const char vflow_chars[27] = "qweavdzxc7894?6123QWEA^DZXC";

/* One voxel of a drawn distance map or flow field: # blocked, !
 * unreachable, S a source, else its cost's digit or its step's glyph. */
static char field_char(const astar_voxels *v, const double *dist,
                       const uint8_t *flow, size_t t, int32_t x, int32_t y,
                       int32_t z, double most)
{
	if (astar_voxels_get(v, x, y, z) == 0)
		return '#';
	if (dist[t] < 0)
		return '!';
	if (dist[t] == 0)
		return 'S';
	if (flow != NULL)
		return flow[t] < 27 ? vflow_chars[flow[t]] : '?';
	return output_distance_char(dist[t], most);
}

/* Every layer of the distance map (flow NULL) or of its flow field. */
static void field_layers(FILE *out, const astar_voxels *v, const double *dist,
                         const uint8_t *flow, double most)
{
	int32_t w = astar_voxels_width(v), h = astar_voxels_height(v);
	size_t t = 0;

	for (int32_t z = 0; z < astar_voxels_depth(v); z++) {
		fprintf(out, "z %d\n", (int)z);
		for (int32_t y = 0; y < h; y++) {
			for (int32_t x = 0; x < w; x++, t++)
				fputc(field_char(v, dist, flow, t, x, y, z,
				                 most),
				      out);
			fputc('\n', out);
		}
	}
}

static size_t voxel_count(const astar_voxels *v)
{
	return (size_t)astar_voxels_width(v) * (size_t)astar_voxels_height(v) *
	       (size_t)astar_voxels_depth(v);
}

int output_voxel_distances(FILE *out, const query_report *q,
                           const double *dist, size_t reached,
                           const uint8_t *flow)
{
	const astar_voxels *v = q->map->voxels;
	size_t n = voxel_count(v);
	double most = 0.0;
	char c[64];

	for (size_t t = 0; t < n; t++)
		if (dist[t] > most)
			most = dist[t];
	field_layers(out, v, dist, NULL, most);
	output_distance_legend(out, most);
	if (flow != NULL) {
		fputs("\nflow: each glyph is a voxel's step toward the nearest "
		      "start: in its layer as on a numeric keypad (8 north, 9 "
		      "north-east, 6 east, 3 south-east, 2 south, 1 "
		      "south-west, 4 west, 7 north-west); to the layer below "
		      "(z - 1) the letters in the same places on a keyboard "
		      "(w north, e north-east, d east, c south-east, x south, "
		      "z south-west, a west, q north-west) and v straight "
		      "down; to the layer above (z + 1) the same letters in "
		      "capitals and ^ straight up; S start, # blocked, ! "
		      "unreachable\n",
		      out);
		field_layers(out, v, dist, flow, most);
	}
	output_cost(c, sizeof c, most);
	fprintf(out, "reached: %zu of %zu voxels\nfarthest: %s\n", reached, n,
	        c);
	if (q->timing)
		fprintf(out, "time: load %.3f ms, flood %.3f ms\n",
		        q->load_us / 1000.0, q->search_us / 1000.0);
	return ferror(out) ? -1 : 0;
}

/* "key":[[[...],...],...]: layers (z) of rows (y) of each voxel's cost
 * (flow NULL) or step, null where it has none. */
static void json_layers(FILE *out, const char *key, const astar_voxels *v,
                        const double *dist, const uint8_t *flow)
{
	size_t w = (size_t)astar_voxels_width(v),
	       wh = w * (size_t)astar_voxels_height(v), n = voxel_count(v);

	fprintf(out, ",\"%s\":[", key);
	for (size_t t = 0; t < n; t++) {
		fputs(t == 0 ? "[[" : t % wh == 0 ? "]],[[" : t % w == 0 ? "],["
		                                                        : ",",
		      out);
		if (dist[t] < 0 ||
		    (flow != NULL && flow[t] == ASTAR_VOXEL_FLOW_NONE)) {
			fputs("null", out);
		} else if (flow != NULL) {
			fprintf(out, "[%d,%d,%d]", flow[t] % 3 - 1,
			        flow[t] / 3 % 3 - 1, flow[t] / 9 - 1);
		} else {
			output_json_real(out, dist[t]);
		}
	}
	fputs("]]]", out);
}

int output_voxel_distances_json(FILE *out, const query_report *q,
                                const double *dist, size_t reached,
                                const uint8_t *flow)
{
	const astar_voxels *v = q->map->voxels;

	fputs("{\"map\":", out);
	output_json_string(out, q->map_name);
	fputs(",\"starts\":[", out);
	for (size_t i = 0; i < q->nvstarts; i++)
		fprintf(out, "%s[%d,%d,%d]", i ? "," : "", (int)q->vstarts[i].x,
		        (int)q->vstarts[i].y, (int)q->vstarts[i].z);
	fputc(']', out);
	if (output_json_options(out, q->opts) != 0)
		return -1;
	/* distances[z][y][x] is the voxel (x, y, z): origin is 0,0,0 */
	fprintf(out,
	        ",\"width\":%d,\"height\":%d,\"depth\":%d,\"origin\":[0,0,"
	        "0],\"reached\":%zu",
	        (int)astar_voxels_width(v), (int)astar_voxels_height(v),
	        (int)astar_voxels_depth(v), reached);
	json_layers(out, "distances", v, dist, NULL);
	if (flow != NULL)
		json_layers(out, "flow", v, dist, flow);
	if (q->timing)
		fprintf(out, ",\"time_us\":{\"load\":%.3f,\"flood\":%.3f}",
		        q->load_us, q->search_us);
	fputs("}\n", out);
	return ferror(out) ? -1 : 0;
}
