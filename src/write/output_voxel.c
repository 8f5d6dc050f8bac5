/*
 * output_voxel.c - a voxel query's map as text: one slice for each z
 * layer the path crosses, under "z N", drawn as a grid's map is (# for a
 * blocked voxel, . for an open one, a digit for a dearer one, * for the
 * path, S and G for its ends), with ANSI colours when asked for.
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
