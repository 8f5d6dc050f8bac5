/*
 * cli.c - the driver: for each map file, read it, set up the query, search
 * and print.  It owns the search context shared by all files and decides
 * the exit status.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "diag.h"
#include "io.h"
#include "map.h"
#include "output.h"

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Reads and parses one map; reports and returns -1 on failure. */
static int load(const char *path, const char *name, map *m)
{
	char *buf;
	size_t len;
	map_error err;
	int rc;

	if (io_slurp(path, &buf, &len) != 0) {
		diag_error(name, 0, 0, "%s", strerror(errno));
		return -1;
	}
	rc = map_read_ascii(buf, len, m, &err);
	free(buf);
	if (rc != 0)
		diag_error(name, err.line, err.col, "%s", err.msg);
	return rc;
}

/* Checks that p lies inside the grid; reports with what names it. */
static int inside(const char *name, const astar_grid *g, const char *what,
                  astar_point p)
{
	if (grid_contains(g, p.x, p.y))
		return 0;
	diag_error(name, 0, 0, "%s %d,%d is outside the %dx%d map", what,
	           (int)p.x, (int)p.y, (int)grid_width(g), (int)grid_height(g));
	return -1;
}

/* Applies the blocks and resolves start and goal; reports problems. */
static int prepare(const cli_config *cfg, const char *name, map *m,
                   astar_point *start, astar_point *goal)
{
	for (size_t i = 0; i < cfg->nblocks; i++) {
		if (inside(name, m->grid, "--block", cfg->blocks[i]) != 0)
			return -1;
		grid_set(m->grid, cfg->blocks[i].x, cfg->blocks[i].y, 0);
	}
	if (!cfg->has_start && !m->has_start) {
		diag_error(name, 0, 0, "no start: mark one with S or use --start");
		return -1;
	}
	if (!cfg->has_goal && !m->has_goal) {
		diag_error(name, 0, 0, "no goal: mark one with G or use --goal");
		return -1;
	}
	*start = cfg->has_start ? cfg->start : m->start;
	*goal = cfg->has_goal ? cfg->goal : m->goal;
	if (inside(name, m->grid, "start", *start) != 0 ||
	    inside(name, m->grid, "goal", *goal) != 0)
		return -1;
	if (grid_get(m->grid, start->x, start->y) == 0) {
		diag_error(name, 0, 0, "start %d,%d is blocked", (int)start->x,
		           (int)start->y);
		return -1;
	}
	if (grid_get(m->grid, goal->x, goal->y) == 0 && !cfg->opts.adjacent &&
	    !cfg->opts.closest) {
		diag_error(name, 0, 0,
		           "goal %d,%d is blocked (use --adjacent to stop next to "
		           "it, or --closest to get as near as possible)",
		           (int)goal->x, (int)goal->y);
		return -1;
	}
	return 0;
}

/* One file: returns its exit status, or -1 when writing stdout failed. */
static int run_file(const cli_config *cfg, astar_ctx *ctx, const char *path)
{
	const char *name = strcmp(path, "-") == 0 ? STDIN_NAME : path;
	map m;
	astar_result res;
	astar_status st;
	query_report q;
	double t0, t1, t2;
	int rc;

	t0 = now_us();
	if (load(path, name, &m) != 0)
		return EXIT_ERROR;
	t1 = now_us();
	memset(&q, 0, sizeof q);
	if (prepare(cfg, name, &m, &q.start, &q.goal) != 0) {
		map_free(&m);
		return EXIT_ERROR;
	}
	st = astar_search(ctx, m.grid, q.start, q.goal, &cfg->opts, &res);
	t2 = now_us();
	if (st != ASTAR_OK) {
		diag_error(name, 0, 0, "%s", astar_strerror(st));
		map_free(&m);
		return EXIT_ERROR;
	}
	q.map_name = name;
	q.map = &m;
	q.blocks = cfg->blocks;
	q.nblocks = cfg->nblocks;
	q.opts = &cfg->opts;
	q.res = &res;
	q.timing = cfg->timing;
	q.load_us = t1 - t0;
	q.search_us = t2 - t1;
	if (cfg->format == FORMAT_JSON) {
		rc = output_json(stdout, &q);
	} else {
		if (cfg->nfiles > 1)
			printf("%s:\n", name);
		rc = output_text(stdout, &q, cfg->color);
		if (cfg->nfiles > 1)
			putchar('\n');
	}
	map_free(&m);
	if (rc != 0 || ferror(stdout))
		return -1;
	return res.reached_goal ? EXIT_FOUND : EXIT_NOPATH;
}

int cli_run(const cli_config *cfg)
{
	astar_ctx *ctx = astar_ctx_new();
	int status = EXIT_FOUND;

	if (ctx == NULL) {
		diag_error(NULL, 0, 0, "%s", strerror(ENOMEM));
		return EXIT_ERROR;
	}
	for (int i = 0; i < cfg->nfiles; i++) {
		int rc = run_file(cfg, ctx, cfg->files[i]);
		if (rc < 0) {
			status = -1;
			break;
		}
		if (rc > status)
			status = rc;
	}
	astar_ctx_free(ctx);
	if (status < 0 || fflush(stdout) != 0 || ferror(stdout)) {
		diag_error(NULL, 0, 0, "error writing to standard output: %s",
		           strerror(errno ? errno : EIO));
		return EXIT_ERROR;
	}
	return status;
}
