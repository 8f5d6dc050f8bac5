/*
 * bench/memprobe.c - the memory figures of `make bench` (bench.py builds
 * it against libastar.a; it is not part of astar).
 *
 * Two modes:
 *
 *   memprobe query MAP SX SY GX GY ALGO
 *     Reads a Moving AI .map (ground '.', 'G' and swamp 'S' open at cost 1,
 *     the rest blocked, as the CLI's reader does), builds the grid, runs one
 *     query with diagonal steps only past open corners and prints one JSON
 *     line: the cells, the peak of the bytes the library held live at once
 *     (grid, context, open list, result arrays) and that per map cell.  The
 *     library's malloc, calloc, realloc, aligned_alloc, posix_memalign and
 *     free are counted through the linker's --wrap, so the figure is exact
 *     and the same on every run; the harness's own buffers are not counted.
 *
 *   memprobe rss OUT CMD [ARG...]
 *     Runs CMD and writes its peak resident set (KiB, from wait4) and exit
 *     status to the file OUT.  A small C launcher, because a child forked
 *     from Python reports Python's resident set when that is larger.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "astar.h"

/* ------------------------------------------------ counting allocations */

/* Every counted block carries a 64-byte header holding its size, so that
 * aligned_alloc(64, ...) stays aligned and free knows what it returns. */
#define HDR 64

void *__real_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);

static size_t live, peak;

static void *probe_take(void *raw, size_t n)
{
	if (raw == NULL)
		return NULL;
	*(size_t *)raw = n;
	live += n;
	if (live > peak)
		peak = live;
	return (char *)raw + HDR;
}

void *__wrap_malloc(size_t n)
{
	return probe_take(__real_malloc(n + HDR), n);
}

void *__wrap_calloc(size_t k, size_t n)
{
	size_t t = k * n;
	void *p = __wrap_malloc(t);

	if (p != NULL)
		memset(p, 0, t);
	return p;
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
	(void)align; /* HDR keeps every alignment up to 64 */
	return __wrap_malloc(n);
}

int __wrap_posix_memalign(void **out, size_t align, size_t n)
{
	void *p;

	(void)align; /* as above: the probe counts bytes, not alignment */
	if ((p = __wrap_malloc(n)) == NULL)
		return ENOMEM;
	*out = p;
	return 0;
}

void __wrap_free(void *p)
{
	if (p == NULL)
		return;
	p = (char *)p - HDR;
	live -= *(size_t *)p;
	__real_free(p);
}

void *__wrap_realloc(void *p, size_t n)
{
	size_t old;
	void *raw;

	if (p == NULL)
		return __wrap_malloc(n);
	p = (char *)p - HDR;
	old = *(size_t *)p;
	raw = __real_realloc(p, n + HDR);
	if (raw == NULL)
		return NULL;
	live -= old;
	return probe_take(raw, n);
}

/* ------------------------------------------------------------- modes */

/* The Moving AI map at path as a grid: ground '.', 'G' and swamp 'S'
 * open at cost 1, the rest blocked.  NULL when the file cannot be read
 * (said on stderr) or has no map section, or the grid cannot be made. */
static astar_grid *read_map(const char *path)
{
	FILE *f;
	char line[1 << 16];
	int w = 0, h = 0, y = -1;
	astar_grid *g = NULL;

	if ((f = fopen(path, "r")) == NULL) {
		perror(path);
		return NULL;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		if (y < 0) {
			sscanf(line, "height %d", &h);
			sscanf(line, "width %d", &w);
			if (strncmp(line, "map", 3) == 0) {
				if ((g = astar_grid_new(w, h, NULL)) == NULL)
					break;
				y = 0;
			}
			continue;
		}
		for (int x = 0; x < w && line[x] != '\0'; x++)
			if (line[x] == '.' || line[x] == 'G' || line[x] == 'S')
				astar_grid_set(g, x, y, 1);
		if (++y == h)
			break;
	}
	fclose(f);
	return g;
}

/* The algorithm named on the command line; any other name is A*. */
static astar_algorithm algorithm_named(const char *name)
{
	if (strcmp(name, "dijkstra") == 0)
		return ASTAR_ALGO_DIJKSTRA;
	if (strcmp(name, "bfs") == 0)
		return ASTAR_ALGO_BFS;
	if (strcmp(name, "greedy") == 0)
		return ASTAR_ALGO_GREEDY;
	if (strcmp(name, "jps") == 0)
		return ASTAR_ALGO_JPS;
	return ASTAR_ALGO_ASTAR;
}

/* memprobe query MAP SX SY GX GY ALGO: one search, diagonal steps only
 * past open corners, and its JSON line. */
static int query(int argc, char **argv)
{
	astar_grid *g;
	astar_ctx *ctx;
	astar_options o;
	astar_result r;
	astar_point s, t;
	astar_status st;
	long long cells;

	if (argc != 8)
		return 2;
	if ((g = read_map(argv[2])) == NULL)
		return 2;
	astar_grid_recount(g);
	s.x = atoi(argv[3]);
	s.y = atoi(argv[4]);
	t.x = atoi(argv[5]);
	t.y = atoi(argv[6]);
	astar_options_init(&o);
	o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	o.algorithm = algorithm_named(argv[7]);
	if ((ctx = astar_ctx_new()) == NULL)
		return 2;
	st = astar_search(ctx, g, s, t, &o, &r);
	cells = (long long)astar_grid_width(g) * astar_grid_height(g);
	printf("{\"cells\": %lld, \"status\": %d, \"expanded\": %llu, "
	       "\"peak_bytes\": %zu, \"bytes_per_cell\": %.2f}\n",
	       cells, (int)st, (unsigned long long)r.expanded, peak,
	       (double)peak / (double)cells);
	astar_ctx_free(ctx);
	astar_grid_free(g);
	return st == ASTAR_OK ? 0 : 1;
}

static int rss(int argc, char **argv)
{
	struct rusage ru;
	int status;
	pid_t pid;
	FILE *out;

	if (argc < 4)
		return 2;
	if ((pid = fork()) < 0)
		return 2;
	if (pid == 0) {
		execv(argv[3], argv + 3);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0 ||
	    (out = fopen(argv[2], "w")) == NULL)
		return 2;
	fprintf(out, "%ld %d\n", ru.ru_maxrss,
	        WIFEXITED(status) ? WEXITSTATUS(status)
	                          : 128 + WTERMSIG(status));
	fclose(out);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "query") == 0)
		return query(argc, argv);
	if (argc > 1 && strcmp(argv[1], "rss") == 0)
		return rss(argc, argv);
	fprintf(stderr, "usage: memprobe query MAP SX SY GX GY ALGO\n"
	                "       memprobe rss OUT CMD [ARG...]\n");
	return 2;
}
