/*
 * world.c - what a world costs against one grid (issue 44): the queries
 * of a Moving AI scenario searched on its map as a grid (astar_search)
 * and as a world of that one level (astar_world_search, which hands it to
 * the grid's engine), then on a world of two copies of the map side by
 * side at one depth, joined along their seam, with a door between them
 * (the world's own loop, the same queries on the left copy).  Prints the
 * summed costs, which must agree for the first two, and the times.
 *   cc -O2 -Iinclude bench/world.c libastar.a -lm -o bench/world
 *   bench/world MAP SCEN [one]
 * Under callgrind, compare astar_search and astar_world_search's
 * inclusive instruction counts (bench/RESULTS.md, Method).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "astar.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static astar_grid *read_map(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int w = 0, h = 0, y = 0;
	astar_grid *g = NULL;

	while (f != NULL && fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "width %d", &w) == 1 || sscanf(line, "height %d", &h) == 1)
			continue;
		if (strncmp(line, "map", 3) == 0) {
			g = astar_grid_new(w, h, NULL);
			continue;
		}
		for (int x = 0; g != NULL && x < w && y < h; x++)
			astar_grid_set(g, x, y, line[x] == '.' || line[x] == 'G' || line[x] == 'S');
		y += g != NULL;
	}
	if (f != NULL)
		fclose(f);
	return g;
}

int main(int argc, char **argv)
{
	astar_grid *g;
	astar_world *one, *two;
	astar_ctx *ctx = astar_ctx_new();
	astar_options o;
	FILE *s;
	char line[1024];
	int sx[4096], sy[4096], tx[4096], ty[4096], n = 0;
	double sum[3] = {0, 0, 0}, t[4];
	astar_place door_a, door_b;

	if (argc < 3 || (g = read_map(argv[1])) == NULL ||
	    (s = fopen(argv[2], "r")) == NULL) {
		fprintf(stderr, "usage: world MAP SCEN\n");
		return 2;
	}
	while (n < 4096 && fgets(line, sizeof line, s) != NULL) {
		int b, w, h;
		char map[512];
		if (sscanf(line, "%d %511s %d %d %d %d %d %d", &b, map, &w, &h, &sx[n],
		           &sy[n], &tx[n], &ty[n]) == 8)
			n++;
	}
	fclose(s);
	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	o.no_path = 1;
	one = astar_world_new();
	astar_world_add_level(one, g, "one", 0, 0, 0);
	astar_world_build(one, NULL);
	two = astar_world_new();
	astar_world_add_level(two, g, "left", 0, 0, 0);
	astar_world_add_level(two, g, "right", astar_grid_width(g), 0, 0);
	door_a = (astar_place){0, 0, 0, 0};
	door_b = (astar_place){astar_grid_width(g) - 1, astar_grid_height(g) - 1, 0, 1};
	astar_world_add_link(two, door_a, door_b, 10.0, 0);
	astar_world_build(two, NULL);
	t[0] = now();
	for (int i = 0; i < n; i++) {
		astar_point a = {sx[i], sy[i]}, b = {tx[i], ty[i]};
		astar_result r;
		astar_search(ctx, g, a, b, &o, &r);
		sum[0] += r.cost;
	}
	t[1] = now();
	for (int k = 0; k < (argc > 3 ? 1 : 2); k++) /* "one": the first alone */
		for (int i = 0; i < n; i++) {
			astar_place a = {sx[i], sy[i], 0, 0}, b = {tx[i], ty[i], 0, 0};
			astar_world_result r;
			astar_world_search(ctx, k ? two : one, &a, 1, &b, 1, &o, &r);
			sum[1 + k] += r.cost;
			t[2 + k] = now();
		}
	printf("%d queries; costs: grid %.6f, one-level world %.6f, two-level "
	       "world %.6f\n", n, sum[0], sum[1], sum[2]);
	if (argc > 3)
		t[3] = t[2];
	printf("seconds: grid %.3f, one-level world %.3f, two-level world %.3f\n",
	       t[1] - t[0], t[2] - t[1], t[3] - t[2]);
	astar_world_free(one);
	astar_world_free(two);
	astar_grid_free(g);
	astar_ctx_free(ctx);
	return sum[0] == sum[1] ? 0 : 1;
}
