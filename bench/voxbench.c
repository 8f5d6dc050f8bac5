/*
 * bench/voxbench.c - the voxel figures of `make bench` (built against
 * libastar.a; not part of astar): for each voxel scenario given, every
 * query searched with 26-neighbour A* (the box rule), and beside it
 * 8-neighbour 2D A* on a cave map of the same cell count made here, its
 * queries drawn at random; and the same queries with the pruned search
 * (--algorithm=jps); per set the expansions per second, the time
 * per successor looked at (26 a 3D expansion, 8 a 2D one) and the
 * memory the set holds at its end (the process's resident memory, less
 * what it held before: the grid, and the context and open list at their
 * largest, which a batch keeps) per voxel or cell.  Every 3D cost is
 * compared with the scenario's to 1e-6: a wrong one fails the run.
 * Times are the thread's CPU time, which other work on the machine
 * disturbs less than the clock on the wall.
 *
 *   voxbench FILE.3dscen ...
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "astar.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static size_t in_use(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long size = 0, resident = 0;

	malloc_trim(0); /* what an earlier set freed leaves the count */
	if (f == NULL || fscanf(f, "%lu %lu", &size, &resident) != 2) {
		perror("/proc/self/statm");
		exit(2);
	}
	fclose(f);
	return (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
}

static uint64_t rs = 12345;

static uint64_t rng(void)
{
	uint64_t z = (rs += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static astar_voxels *read_voxels(const char *path)
{
	FILE *f = fopen(path, "r");
	int w, h, d, x, y, z;
	astar_voxels *v;

	if (f == NULL || fscanf(f, "voxel %d %d %d", &w, &h, &d) != 3) {
		perror(path);
		exit(2);
	}
	v = astar_voxels_new(w, h, d, NULL);
	while (fscanf(f, "%d %d %d", &x, &y, &z) == 3)
		astar_voxels_set(v, x, y, z, 0);
	fclose(f);
	return v;
}

/* A 2D cave of about n cells: rock carved by random walks, as voxgen's
 * caves are in 3D. */
static astar_grid *cave2d(size_t n)
{
	int32_t side = (int32_t)sqrt((double)n);
	astar_grid *g = astar_grid_new(side, side, NULL);
	size_t walks = n / 400 + 4;

	for (size_t w = 0; w < walks; w++) {
		double x = rng() % side, y = rng() % side,
		       th = rng() % 628 / 100.0;
		for (int s = 0; s < 160; s++) {
			int r = 1 + (int)(rng() % 3);
			for (int dy = -r; dy <= r; dy++)
				for (int dx = -r; dx <= r; dx++)
					if (dx * dx + dy * dy <= r * r)
						astar_grid_set(
							g, (int32_t)x + dx,
							(int32_t)y + dy, 1);
			th += ((int)(rng() % 100) - 50) / 150.0;
			x += 1.5 * cos(th);
			y += 1.5 * sin(th);
			if (x < 0 || y < 0 || x >= side || y >= side)
				break;
		}
	}
	return g;
}

static uint64_t total3, total2; /* expansions, for callgrind's counts */

static void run3d(const char *scen, astar_algorithm algo, double *rate,
                  double *per_succ, double *bytes, size_t *cells, double *ms)
{
	char dir[4096], mapname[4096], path[8192];
	FILE *f = fopen(scen, "r");
	const char *slash = strrchr(scen, '/');
	astar_options o;
	astar_ctx *ctx;
	astar_voxels *v;
	uint64_t expanded = 0;
	double t = 0, cost;
	size_t before = in_use();
	int q[6], n = 0;

	if (f == NULL || fscanf(f, "version 1 %4095s", mapname) != 1) {
		perror(scen);
		exit(2);
	}
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - scen + 1) : 0,
	         scen);
	snprintf(path, sizeof path, "%s%s", dir, mapname);
	v = read_voxels(path);
	ctx = astar_ctx_new();
	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	o.algorithm = algo;
	o.no_path = 1;
	while (fscanf(f, "%d %d %d %d %d %d %lf %*f", &q[0], &q[1], &q[2],
	              &q[3], &q[4], &q[5], &cost) == 7) {
		astar_place s = {q[0], q[1], q[2], 0},
			    g = {q[3], q[4], q[5], 0};
		astar_voxel_result r;
		double t0 = now();
		if (astar_voxels_search(ctx, v, &s, 1, &g, 1, &o, &r) !=
		            ASTAR_OK ||
		    !r.found || fabs(r.cost - cost) > 1e-6) {
			fprintf(stderr,
			        "%s: query %d: cost %.8f, expected %.8f\n",
			        scen, n + 1, r.cost, cost);
			exit(1);
		}
		t += now() - t0;
		expanded += r.expanded;
		n++;
	}
	fclose(f);
	*cells = (size_t)astar_voxels_width(v) * astar_voxels_height(v) *
	         astar_voxels_depth(v);
	total3 = expanded;
	*rate = expanded / t;
	*per_succ = t / (expanded * 26.0) * 1e9;
	*bytes = (double)(in_use() - before) / *cells;
	*ms = t * 1e3;
	astar_ctx_free(ctx);
	astar_voxels_free(v);
}

static void run2d(size_t n, double *rate, double *per_succ, double *bytes,
                  double *ms)
{
	size_t before = in_use();
	astar_grid *g = cave2d(n);
	int32_t side = astar_grid_width(g);
	astar_ctx *ctx = astar_ctx_new();
	astar_options o;
	uint64_t expanded = 0;
	double t = 0;
	int done = 0;

	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	o.no_path = 1;
	for (int tries = 0; done < 40 && tries < 4000; tries++) {
		astar_point s = {(int32_t)(rng() % side),
		                 (int32_t)(rng() % side)};
		astar_point e = {(int32_t)(rng() % side),
		                 (int32_t)(rng() % side)};
		astar_result r;
		if (!astar_grid_get(g, s.x, s.y) ||
		    !astar_grid_get(g, e.x, e.y))
			continue;
		double t0 = now();
		if (astar_search(ctx, g, s, e, &o, &r) != ASTAR_OK || !r.found)
			continue;
		t += now() - t0;
		expanded += r.expanded;
		done++;
	}
	total2 = expanded;
	*rate = expanded / t;
	*per_succ = t / (expanded * 8.0) * 1e9;
	*bytes = (double)(in_use() - before) / ((size_t)side * side);
	*ms = t * 1e3;
	astar_ctx_free(ctx);
	astar_grid_free(g);
}

static void row(const char *name, size_t cells, uint64_t expanded, double rate,
                double per_succ, double bytes, double ms)
{
	printf("%-28s %10zu %10llu %12.0f %8.2f %7.1f %9.1f\n", name, cells,
	       (unsigned long long)expanded, rate, per_succ, bytes, ms);
}

int main(int argc, char **argv)
{
	printf("%-28s %10s %10s %12s %8s %7s %9s\n", "set", "cells", "expanded",
	       "expanded/s", "ns/succ", "B/cell", "CPU ms");
	for (int i = 1; i < argc; i++) {
		double r, s, b, ms, astar_ms;
		size_t cells;
		const char *name = strrchr(argv[i], '/')
		                           ? strrchr(argv[i], '/') + 1
		                           : argv[i];
		run3d(argv[i], ASTAR_ALGO_ASTAR, &r, &s, &b, &cells, &ms);
		row(name, cells, total3, r, s, b, ms);
		astar_ms = ms;
		run3d(argv[i], ASTAR_ALGO_JPS, &r, &s, &b, &cells, &ms);
		row("  the same, jps (pruned A*)", cells, total3, r, s, b, ms);
		printf("  %-26s %.2f\n", "jps time / A* time", ms / astar_ms);
		run2d(cells, &r, &s, &b, &ms);
		row("  2D cave, 8 neighbours", cells, total2, r, s, b, ms);
	}
	return 0;
}
