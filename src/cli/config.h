/*
 * config.h - the second stage of the command line: the flags (options.h)
 * judged together and turned into the one configuration of the run,
 * which the driver only reads.
 */
#ifndef ASTAR_CONFIG_H
#define ASTAR_CONFIG_H

#include <stddef.h>

#include "astar.h"
#include "options.h"
#include "read/map.h"

typedef struct cli_config {
	astar_options opts;
	int diagonal_given; /* --diagonal was given (scenarios default to
	                       no-obstacles otherwise) */
	int has_start, has_goal;
	astar_point start, goal;
	const char *start_name, *goal_name; /* "@name": resolved per map */
	const endpoint_arg *starts, *goals; /* every --start, --goal */
	size_t nstarts, ngoals;
	int wrap_given, size_given; /* --wrap, --size (else the map's) */
	int heuristic_given;        /* --heuristic was given */
	int distances, flow;        /* --distances, --flow */
	const astar_point *blocks; /* --block cells */
	const char *const *block_args; /* their text (X,Y,F on a world) */
	size_t nblocks;
	enum output_format format;
	enum map_format input_format;
	int timing;               /* print load and search times */
	int no_path;              /* --no-path: leave the path out */
	int world;                /* --world: an LDtk project as one world */
	int quiet;                /* -q: nothing on standard output */
	int verbose;              /* -v: an editor level's choices said */
	int color;                /* colour the text output */
	const char *const *files; /* maps ("-" is standard input) and .scen
	                             files */
	int nfiles;
	const char *const *scens; /* --scen files */
	int nscens;
	const char *map_override; /* --map: the map of every scenario, or
	                             the .gr of .p2p and .ss files */
	int oneway;               /* --oneway: edge lists one way */
	const char *coords;       /* --coords: a DIMACS graph's .co */
	int jobs;                 /* threads; 0: one per core for batches */
	int shard_k, shard_n;     /* keep items k-1, k-1+n, ...; n = 0: all */
	size_t max_cells;         /* the largest map to read */
	int check;                /* compare with expectations */
	int update;               /* --update: enum update_kind (update.h) */
	double tolerance;         /* < 0: check_result's default */
	double max_climb, max_drop; /* height maps' limits; < 0: none */
	const char *heights_png;    /* --heights, or NULL */
	double height_scale;        /* its height per grey level */
	const char *junit;        /* --report=junit:FILE */
	int tap;                  /* --report=tap */
	const char *tap_file;     /* its file, or NULL for standard output */
	int github;               /* --report=github */
	const char *github_file;  /* its file, or NULL for standard output */
	int markdown;             /* --report=markdown */
	const char *markdown_file; /* its file, or NULL for standard output */
	const char *html;         /* --report=html:FILE, or NULL */
	int html_images;          /* --report-images: pictures at most */
	const char *image;        /* --image: a file name pattern (image.h), or
	                             NULL */
	int scale;                /* --scale; 0: image_write_png's default */
	int image_failed;         /* --image-failed: failed queries only */
	int algo_auto;            /* --algorithm=auto (see config_choose) */
	int landmarks;            /* --landmarks=K; -1: automatic (see
	                             config_landmarks) */
	map_level_opts level;     /* --layer, --solid, --cost, --costs,
	                             --level (its path set per file) */
	const char *const *only;  /* --only: patterns of query names */
	size_t nonly;             /* 0: every query runs */
} cli_config;

/*
 * Judges how o's flags combine and fills *cfg, which points into o (o
 * must outlive it).  Returns OPTIONS_RUN, or the exit status to end with,
 * the error reported.  A heuristic that may overestimate is warned of.
 */
int config_build(const options *o, cli_config *cfg);

/* Whether a file operand is a scenario file: its name ends in ".scen"
 * (or ".3dscen", a voxel scenario). */
int config_is_scen(const char *path);

/* The options a scenario's queries run with: cfg's, moving by the
 * benchmarks' rule (ASTAR_DIAG_NO_OBSTACLES) unless --diagonal was
 * given, without the path's cells (no_path) unless the output shows
 * them. */
astar_options config_scen_options(const cli_config *cfg);

/* The landmarks a batch of nqueries A* queries on one map runs with:
 * --landmarks when given, else the library's choice
 * (ASTAR_LANDMARKS_AUTO) when there are at least CONFIG_LM_QUERIES
 * (measured: bench/RESULTS.md), else none. */
#define CONFIG_LM_QUERIES 500
/* With --algorithm=auto, sets opts->algorithm to the library's choice
 * for grid (astar_choose, which ctx remembers per grid); otherwise leaves
 * opts alone. */
void config_choose(const cli_config *cfg, astar_ctx *ctx,
                   const astar_grid *grid, astar_options *opts);

int config_landmarks(const cli_config *cfg, size_t nqueries);

#endif
