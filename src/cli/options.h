/*
 * options.h - the first stage of the command line: the flags as given,
 * each value parsed on its own, into a plain struct (config.h judges how
 * they combine).  One table of the flags feeds both getopt_long and the
 * --help text.
 */
#ifndef ASTAR_OPTIONS_H
#define ASTAR_OPTIONS_H

#include <stddef.h>

#include "astar.h"
#include "read/map.h"

enum output_format { FORMAT_TEXT, FORMAT_JSON };

/* One --start or --goal: a cell, or "@name" (every cell of the name).
 * A place of a space with a third dimension is X,Y,T: the loaded space
 * resolves T (a floor's index or name, a voxel's z); a flat map refuses
 * it (endpoints.c). */
typedef struct endpoint_arg {
	astar_point p;
	const char *name;  /* NULL: p */
	int third;         /* 0: X,Y; 1: X,Y,t; 2: X,Y,tname */
	int32_t t;
	const char *tname; /* points into the argument */
	const char *arg;   /* the argument as given, for messages */
} endpoint_arg;

typedef struct options {
	astar_options search;
	int diagonal_given, heuristic_given, weight_given;
	int algo_auto; /* --algorithm=auto: search.algorithm is A* until
	                  astar_choose judges each map */
	int landmarks; /* --landmarks=K, or -1 when not given (automatic) */
	int has_start, has_goal;
	astar_point start, goal;
	const char *start_name, *goal_name; /* "@name" given instead of X,Y */
	endpoint_arg *starts, *goals; /* every --start and --goal (owned);
	                                 start, goal: the first */
	size_t nstarts, ngoals;
	int wrap_given, size_given;
	int distances, flow; /* --distances, --flow */
	astar_point *blocks; /* --block cells (owned) */
	const char **block_args; /* their text, X,Y or X,Y,F (owned array) */
	size_t nblocks;
	enum output_format format;
	enum map_format input_format;
	int no_timing;
	int no_path;        /* --no-path: no path, explored cells or drawing */
	int world;          /* --world: an LDtk project as one world */
	int quiet;          /* -q: nothing on standard output */
	int verbose;        /* -v: an editor level's choices said */
	const char *color;  /* auto, always or never */
	const char **scens; /* --scen files (the array owned) */
	int nscens;
	const char *map_override;
	int jobs, shard_k, shard_n;
	size_t max_cells;
	int max_cells_given; /* --max-cells was given (a sparse map's rule) */
	int check;
	int update;       /* --update: enum update_kind (update.h) */
	double tolerance; /* < 0: not given */
	double max_climb, max_drop; /* height maps' limits; < 0: none */
	const char *heights_png; /* --heights=FILE.png, or NULL */
	double height_scale;     /* --height-scale; < 0: not given (1) */
	const char *junit, *tap_file;
	int tap;
	int github;              /* --report=github */
	const char *github_file; /* its file, or NULL: standard output */
	int markdown;              /* --report=markdown */
	const char *markdown_file; /* its file, or NULL: standard output */
	const char *html;        /* --report=html:FILE */
	int report_images;       /* --report-images=N; -1: not given */
	const char *image;
	int image_failed; /* --image-failed */
	int scale;
	/* The level options, for editors' files (Tiled, LDtk) */
	const char **layers; /* --layer names (the array owned) */
	size_t nlayers;
	const char *solid, *cost, *costs, *level, *link_property;
	const char **only; /* --only patterns (the array owned) */
	size_t nonly;
	int oneway;          /* --oneway: an edge list's lines one way */
	const char *coords;  /* --coords: a DIMACS graph's .co file */
	const char *const *files; /* the operands, in argv */
	int nfiles;
} options;

/* What options_parse found: the flags to run with, or an exit status
 * (help, version, an error already reported). */
enum { OPTIONS_RUN = -1 };

/*
 * Parses argv into *o (which options_free releases on every outcome).
 * Returns OPTIONS_RUN, or the exit status to end with: --help and
 * --version print and give 0 (2 when the output fails), and a bad flag
 * or value is reported and gives 2.
 */
int options_parse(int argc, char **argv, options *o);

void options_free(options *o);

/* Prints the usage line and the hint to try --help to standard error;
 * returns the exit status of a usage error. */
int options_usage_error(void);

#endif
