/*
 * options.c - the command line's flags into a plain struct (options.h).
 * Each flag is one row of a table, with the function that takes its
 * value and its lines of --help; getopt_long's arguments are built from
 * the same rows (help.c groups --help's).  Values are judged one by
 * one, in the order given, so that the first bad one is the one
 * reported.  A failed write of --help
 * or --version is reported by stop.c's stdout_failed, below the flags,
 * so that they call nothing of the run they come before (cli.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/value.h"
#include "help.h"
#include "options.h"
#include "options_typos.h"
#include "rules.h"
#include "shard_auto.h"
#include "stop.h"
#include "update.h"
#include "write/image.h"
#include "write/report_html.h"

static const char usage_line[] = "usage: astar [options] [file ...]\n";

/* A flag's handler: OPTIONS_RUN to go on, or the exit status to end
 * with (the error reported). */
typedef int (*setter)(options *o, const char *arg);

typedef struct flag {
	const char *name; /* the long name */
	int has_arg; /* getopt_long's no_, required_ or optional_argument */
	int letter;  /* the short name, or 0 */
	setter set;
	const char *usage; /* --help's left column (help.h) */
	const char *help;  /* --help's text, its lines separated by '\n' */
} flag;

/* The value is quoted by diag_quote: a newline in it cannot start a
 * line of its own without "astar: ", and a long one is cut short. */
static int bad_value(const char *opt, const char *what, const char *arg)
{
	char q[256];

	diag_error(NULL, 0, 0, "%s: expected %s, got '%s'", opt, what,
	           diag_quote(arg, q, sizeof q));
	return EXIT_ERROR;
}

static int out_of_memory(void)
{
	diag_error(NULL, 0, 0, "out of memory");
	return EXIT_ERROR;
}

/* X,Y, or "@name": a point the map names, looked up in each map. */
static int set_endpoint(const char *flag, const char *arg, endpoint_arg *e)
{
	e->arg = arg;
	e->third = 0;
	e->t = 0;
	e->tname = NULL;
	e->p.x = e->p.y = 0;
	if (arg[0] == '@' && arg[1] != '\0') {
		e->name = arg;
		return OPTIONS_RUN;
	}
	e->name = NULL;
	if (value_place(arg, &e->p, &e->third, &e->t, &e->tname) != 0)
		return bad_value(flag, "X,Y, X,Y,Z or @NAME", arg);
	return OPTIONS_RUN;
}

/* Appends one --start or --goal to *list; the first is also *p, *name. */
static int add_endpoint(const char *flag, const char *arg, endpoint_arg **list,
                        size_t *n, astar_point *p, const char **name)
{
	endpoint_arg e, *a;
	int rc = set_endpoint(flag, arg, &e);

	if (rc != OPTIONS_RUN)
		return rc;
	if ((a = realloc(*list, (*n + 1) * sizeof *a)) == NULL)
		return out_of_memory();
	*list = a;
	a[(*n)++] = e;
	*p = a[0].p;
	*name = a[0].name;
	return OPTIONS_RUN;
}

static int set_start(options *o, const char *arg)
{
	o->has_start = 1;
	return add_endpoint("--start", arg, &o->starts, &o->nstarts, &o->start,
	                    &o->start_name);
}

static int set_goal(options *o, const char *arg)
{
	o->has_goal = 1;
	return add_endpoint("--goal", arg, &o->goals, &o->ngoals, &o->goal,
	                    &o->goal_name);
}

static int set_wrap(options *o, const char *arg)
{
	if (value_wrap(arg, &o->search.wrap) != 0)
		return bad_value("--wrap", "none, x, y or xy", arg);
	o->wrap_given = 1;
	return OPTIONS_RUN;
}

static int set_size(options *o, const char *arg)
{
	int n;

	if (value_count(arg, 1, ASTAR_DIM_MAX, &n) != 0)
		return bad_value("--size", "a whole number from 1", arg);
	o->search.size = n;
	o->size_given = 1;
	return OPTIONS_RUN;
}

/* A switch: a flag without a value that turns one field on. */
#define SWITCH(fn, field)                                                      \
	static int fn(options *o, const char *arg)                             \
	{                                                                      \
		(void)arg;                                                     \
		o->field = 1;                                                  \
		return OPTIONS_RUN;                                            \
	}

SWITCH(set_distances, distances)

static int set_flow(options *o, const char *arg)
{
	(void)arg;
	o->distances = o->flow = 1;
	return OPTIONS_RUN;
}

static int set_block(options *o, const char *arg)
{
	astar_point p, *nb;
	const char **na, *tname;
	int third;
	int32_t t;

	if (value_place(arg, &p, &third, &t, &tname) != 0)
		return bad_value("--block", "X,Y (X,Y,F on a world)", arg);
	nb = realloc(o->blocks, (o->nblocks + 1) * sizeof *nb);
	if (nb != NULL)
		o->blocks = nb;
	na = realloc(o->block_args, (o->nblocks + 1) * sizeof *na);
	if (nb == NULL || na == NULL)
		return out_of_memory();
	o->block_args = na;
	o->block_args[o->nblocks] = arg;
	o->blocks[o->nblocks++] = p;
	return OPTIONS_RUN;
}

static int set_diagonal(options *o, const char *arg)
{
	o->diagonal_given = 1;
	if (arg == NULL)
		o->search.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	else if (value_diagonal(arg, &o->search.diagonal) != 0)
		return bad_value("--diagonal", VALUE_DIAGONAL_NAMES, arg);
	return OPTIONS_RUN;
}

static int set_heuristic(options *o, const char *arg)
{
	if (value_heuristic(arg, &o->search.heuristic) != 0)
		return bad_value("--heuristic", VALUE_HEURISTIC_NAMES, arg);
	o->heuristic_given = 1;
	return OPTIONS_RUN;
}

static int set_weight(options *o, const char *arg)
{
	if (value_weight(arg, &o->search.weight) != 0)
		return bad_value("--weight", "a number >= 1", arg);
	o->weight_given = o->search.weight != 1.0;
	return OPTIONS_RUN;
}

static int set_algorithm(options *o, const char *arg)
{
	/* auto is no algorithm of the library's: the driver asks
	 * astar_choose for each map, and runs A* where it has no map. */
	o->algo_auto = strcmp(arg, "auto") == 0;
	if (o->algo_auto)
		o->search.algorithm = ASTAR_ALGO_ASTAR;
	else if (value_algorithm(arg, &o->search.algorithm) != 0)
		return bad_value("--algorithm", VALUE_ALGORITHM_NAMES, arg);
	return OPTIONS_RUN;
}

SWITCH(set_adjacent, search.adjacent)
SWITCH(set_closest, search.closest)
SWITCH(set_explored, search.explored)

static int set_format(options *o, const char *arg)
{
	if (strcmp(arg, "text") == 0)
		o->format = FORMAT_TEXT;
	else if (strcmp(arg, "json") == 0)
		o->format = FORMAT_JSON;
	else
		return bad_value("--format", "text, json", arg);
	return OPTIONS_RUN;
}

static int set_json(options *o, const char *arg)
{
	(void)arg;
	o->format = FORMAT_JSON;
	return OPTIONS_RUN;
}

SWITCH(set_no_timing, no_timing)
SWITCH(set_no_path, no_path)
SWITCH(set_world, world)
SWITCH(set_quiet, quiet)
SWITCH(set_verbose, verbose)

static int set_color(options *o, const char *arg)
{
	o->color = arg ? arg : "always";
	if (strcmp(o->color, "auto") != 0 && strcmp(o->color, "always") != 0 &&
	    strcmp(o->color, "never") != 0)
		return bad_value("--color", "auto, always, never", o->color);
	return OPTIONS_RUN;
}

static int set_scen(options *o, const char *arg)
{
	const char **ns =
		realloc(o->scens, (size_t)(o->nscens + 1) * sizeof *ns);

	if (ns == NULL)
		return out_of_memory();
	o->scens = ns;
	o->scens[o->nscens++] = arg;
	return OPTIONS_RUN;
}

SWITCH(set_oneway, oneway)

/* A flag whose value is kept as given (a file's name). */
#define VALUE(fn, field)                                                       \
	static int fn(options *o, const char *arg)                             \
	{                                                                      \
		o->field = arg;                                                \
		return OPTIONS_RUN;                                            \
	}

VALUE(set_coords, coords)
VALUE(set_map, map_override)

static int set_input_format(options *o, const char *arg)
{
	static const struct {
		const char *name;
		enum map_format format;
	} formats[] = {
		{"ascii", MAPFMT_ASCII}, {"json", MAPFMT_JSON},
		{"movingai", MAPFMT_MOVINGAI}, {"tiled", MAPFMT_TILED},
		{"ldtk", MAPFMT_LDTK}, {"graph", MAPFMT_GRAPH},
		{"dimacs", MAPFMT_DIMACS}, {"edges", MAPFMT_EDGES}};

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(arg, formats[i].name) == 0) {
			o->input_format = formats[i].format;
			return OPTIONS_RUN;
		}
	return bad_value("--input-format",
	                 "ascii, json, movingai, tiled, ldtk, graph, dimacs, edges", arg);
}

/* A repeatable flag's value, not empty, added to its list (n long). */
static int add_value(const char ***list, size_t *n, const char *flag,
                     const char *what, const char *arg)
{
	const char **nl = realloc(*list, (*n + 1) * sizeof *nl);

	if (arg[0] == '\0')
		return bad_value(flag, what, arg);
	if (nl == NULL)
		return out_of_memory();
	*list = nl;
	nl[(*n)++] = arg;
	return OPTIONS_RUN;
}

static int set_layer(options *o, const char *arg)
{
	return add_value(&o->layers, &o->nlayers, "--layer", "a layer's name",
	                 arg);
}

/* A value that may not be empty, for the level options. */
static int set_level_text(const char *flag, const char *what, const char *arg,
                          const char **dst)
{
	if (arg[0] == '\0')
		return bad_value(flag, what, arg);
	*dst = arg;
	return OPTIONS_RUN;
}

static int set_solid(options *o, const char *arg)
{
	return set_level_text("--solid", "a tile property or values", arg,
	                      &o->solid);
}

static int set_cost(options *o, const char *arg)
{
	return set_level_text("--cost", "a tile property", arg, &o->cost);
}

static int set_costs(options *o, const char *arg)
{
	return set_level_text("--costs", "VALUE:COST,...", arg, &o->costs);
}

static int set_link_property(options *o, const char *arg)
{
	return set_level_text("--link-property", "a property's name", arg,
	                      &o->link_property);
}

static int set_level(options *o, const char *arg)
{
	return set_level_text("--level", "a level's identifier or index", arg,
	                      &o->level);
}

static int set_jobs(options *o, const char *arg)
{
	if (value_count(arg, 1, 1024, &o->jobs) != 0)
		return bad_value("--jobs", "a whole number from 1 to 1024",
		                 arg);
	return OPTIONS_RUN;
}

static int set_shard(options *o, const char *arg)
{
	char opt[32];
	int n = 0;

	/* auto, or auto/N: from the CI runner's variables */
	if (strncmp(arg, "auto", 4) == 0 &&
	    (arg[4] == '\0' ||
	     (arg[4] == '/' && value_count(arg + 5, 1, 1000000, &n) == 0))) {
		snprintf(opt, sizeof opt, "--shard=%s", arg);
		return shard_auto(opt, n, &o->shard_k, &o->shard_n) == 0
		               ? OPTIONS_RUN
		               : EXIT_ERROR;
	}
	if (value_shard(arg, &o->shard_k, &o->shard_n) != 0)
		return bad_value("--shard",
		                 "K/N with 1 <= K <= N <= 1000000, auto or "
		                 "auto/N",
		                 arg);
	return OPTIONS_RUN;
}

SWITCH(set_check, check)

static int set_update(options *o, const char *arg)
{
	if (arg == NULL)
		o->update = UPDATE_VALUES;
	else if (strcmp(arg, "path") == 0)
		o->update = UPDATE_PATHS;
	else
		return bad_value("--update", "path", arg);
	return OPTIONS_RUN;
}

static int set_only(options *o, const char *arg)
{
	return add_value(&o->only, &o->nonly, "--only",
	                 "a query's name or a pattern", arg);
}

/* A flag whose value is a number >= 0 (the tolerance's rule). */
#define NUMBER(fn, field, flag)                                                \
	static int fn(options *o, const char *arg)                             \
	{                                                                      \
		if (value_tolerance(arg, &o->field) != 0)                      \
			return bad_value(flag, "a number >= 0", arg);          \
		return OPTIONS_RUN;                                            \
	}

NUMBER(set_tolerance, tolerance, "--tolerance")
NUMBER(set_max_climb, max_climb, "--max-climb")

VALUE(set_heights, heights_png)

NUMBER(set_height_scale, height_scale, "--height-scale")
NUMBER(set_max_drop, max_drop, "--max-drop")

static int set_report(options *o, const char *arg)
{
	if (strncmp(arg, "junit:", 6) == 0 && arg[6] != '\0') {
		o->junit = arg + 6;
	} else if (strcmp(arg, "tap") == 0) {
		o->tap = 1;
		o->tap_file = NULL;
	} else if (strncmp(arg, "tap:", 4) == 0 && arg[4] != '\0') {
		o->tap = 1;
		o->tap_file = arg + 4;
	} else if (strcmp(arg, "github") == 0) {
		o->github = 1;
		o->github_file = NULL;
	} else if (strncmp(arg, "github:", 7) == 0 && arg[7] != '\0') {
		o->github = 1;
		o->github_file = arg + 7;
	} else if (strcmp(arg, "markdown") == 0) {
		o->markdown = 1;
		o->markdown_file = NULL;
	} else if (strncmp(arg, "markdown:", 9) == 0 && arg[9] != '\0') {
		o->markdown = 1;
		o->markdown_file = arg + 9;
	} else if (strncmp(arg, "html:", 5) == 0 && arg[5] != '\0') {
		o->html = arg + 5;
	} else {
		return bad_value("--report",
		                 "junit:FILE, tap, tap:FILE, github, "
		                 "github:FILE, markdown, markdown:FILE or "
		                 "html:FILE",
		                 arg);
	}
	return OPTIONS_RUN;
}

static int set_max_cells(options *o, const char *arg)
{
	if (value_cells(arg, MAP_MAX_CELLS_LIMIT, &o->max_cells) != 0)
		return bad_value("--max-cells",
		                 "a whole number from 1 to 4294967294", arg);
	o->max_cells_given = 1;
	return OPTIONS_RUN;
}

static int set_image(options *o, const char *arg)
{
	if (rule_image_pattern(arg, 0, NULL) != 0)
		return EXIT_ERROR;
	o->image = arg;
	return OPTIONS_RUN;
}

SWITCH(set_image_failed, image_failed)

static int set_landmarks(options *o, const char *arg)
{
	if (value_count(arg, 0, ASTAR_LANDMARKS_MAX, &o->landmarks) != 0)
		return bad_value("--landmarks", "a whole number from 0 to 32",
		                 arg);
	return OPTIONS_RUN;
}

static int set_scale(options *o, const char *arg)
{
	if (value_count(arg, 1, IMAGE_MAX_SCALE, &o->scale) != 0)
		return bad_value("--scale", "a whole number from 1 to 64", arg);
	return OPTIONS_RUN;
}

static int set_report_images(options *o, const char *arg)
{
	if (value_count(arg, 0, REPORT_HTML_MAX_IMAGES, &o->report_images) !=
	    0)
		return bad_value("--report-images",
		                 "a whole number from 0 to 10000", arg);
	return OPTIONS_RUN;
}

static int print_and_exit(const char *a, const char *b)
{
	if (fputs(a, stdout) == EOF || fputs(b, stdout) == EOF ||
	    fflush(stdout) != 0) {
		stdout_failed(errno ? errno : EIO);
		return EXIT_ERROR;
	}
	return EXIT_FOUND;
}

static int show_help(options *o, const char *arg);

static int show_version(options *o, const char *arg)
{
	(void)o;
	(void)arg;
	return print_and_exit("astar " ASTAR_VERSION, "\n");
}

static const flag flags[] = {
	{"start", required_argument, 's', set_start, "-s, --start=X,Y",
         "start cell or @NAME, a named point (overrides S);\n"
         "repeatable: from the nearest start"},
	{"goal", required_argument, 'g', set_goal, "-g, --goal=X,Y",
         "goal cell or @NAME, a named point (overrides G);\n"
         "repeatable, and @NAME of several cells: to the\n"
         "nearest goal"},
	{"block", required_argument, 'b', set_block, "-b, --block=X,Y",
         "block a cell; repeatable"},
	{"diagonal", optional_argument, 'd', set_diagonal,
         "-d, --diagonal[=POLICY]",
         "never (default), always, at-most-one-obstacle,\n"
         "no-obstacles (the default when POLICY is left out)"},
	{"heuristic", required_argument, 'H', set_heuristic,
         "-H, --heuristic=NAME",
         "manhattan, euclidean, octile, chebyshev, zero\n"
         "(default: manhattan, or octile with diagonals)"},
	{"weight", required_argument, 'w', set_weight, "-w, --weight=W",
         "weighted A*: cost at most W times the shortest (W >= 1)"},
	{"algorithm", required_argument, 'a', set_algorithm,
         "-a, --algorithm=NAME",
         "astar (default), dijkstra, bfs (fewest steps),\n"
         "greedy (best-first on the heuristic), jps (jump\n"
         "point search: uniform costs, --diagonal never or\n"
         "no-obstacles) or auto (jps or astar, whichever\n"
         "should be faster on the map)"},
	{"landmarks", required_argument, 0, set_landmarks,
         "    --landmarks=K",
         "A* guided by K landmarks (0 to 32; 0 off;\n"
         "default: 8 for 500+ queries on a map with\n"
         "detours, see the manual)"},
	{"adjacent", no_argument, 0, set_adjacent, "    --adjacent",
         "stop next to the goal instead of on it"},
	{"closest", no_argument, 0, set_closest, "    --closest",
         "if the goal is unreachable, go as near as possible"},
	{"explored", no_argument, 'e', set_explored, "-e, --explored",
         "show the expanded cells"},
	{"size", required_argument, 0, set_size, "    --size=N",
         "an N x N agent anchored at its top-left cell"},
	{"wrap", required_argument, 0, set_wrap, "    --wrap=AXES",
         "joined borders: x, y, xy or none (default)"},
	{"distances", no_argument, 0, set_distances, "    --distances",
         "the cost from the nearest start to every cell"},
	{"flow", no_argument, 0, set_flow, "    --flow",
         "--distances with the step toward a start from\n"
         "every cell"},
	{"format", required_argument, 'f', set_format, "-f, --format=FORMAT",
         "text (default) or json (one object per line)"},
	{"json", no_argument, 'j', set_json, "-j, --json",
         "same as --format=json"},
	{"no-timing", no_argument, 0, set_no_timing, "    --no-timing",
         "leave timing out of the output"},
	{"no-path", no_argument, 0, set_no_path, "    --no-path",
         "leave the path out: no map drawn, no \"path\" or\n"
         "\"explored\" in JSON (costs and counts stay)"},
	{"quiet", no_argument, 'q', set_quiet, "-q, --quiet",
         "nothing on standard output; errors and failed\n"
         "checks still on standard error"},
	{"verbose", no_argument, 'v', set_verbose, "-v, --verbose",
         "say on standard error what an editor's level\n"
         "chose: layers, walls, start, goal, origin"},
	{"color", optional_argument, 0, set_color, "    --color[=WHEN]",
         "auto (default), always or never"},
	{"scen", required_argument, 0, set_scen, "    --scen=FILE",
         "solve every query of a Moving AI scenario file;\n"
         "repeatable (FILE arguments ending in .scen too)"},
	{"map", required_argument, 0, set_map, "    --map=FILE",
         "the map of the scenario files (default: found\n"
         "beside each scenario file)"},
	{"input-format", required_argument, 0, set_input_format,
         "    --input-format=FMT",
         "ascii, json, movingai, tiled, ldtk, graph,\n"
         "dimacs or edges (default: detected)"},
	{"oneway", no_argument, 0, set_oneway, "    --oneway",
         "edge lists (--input-format=edges): each line one\n"
         "way, FROM to TO (default: both ways)"},
	{"coords", required_argument, 0, set_coords, "    --coords=FILE",
         "a DIMACS graph's coordinates (default: the .co\n"
         "beside the .gr)"},
	{"layer", required_argument, 0, set_layer, "    --layer=NAME",
         "Tiled, LDtk: the layer that blocks; repeatable\n"
         "(their union)"},
	{"solid", required_argument, 0, set_solid, "    --solid=WHAT",
         "Tiled: the boolean tile property that blocks;\n"
         "LDtk: the IntGrid values that block (wall,lava)"},
	{"cost", required_argument, 0, set_cost, "    --cost=PROPERTY",
         "Tiled: a tile property (1-255) as terrain cost"},
	{"costs", required_argument, 0, set_costs, "    --costs=LIST",
         "LDtk: IntGrid values' costs, water:3,mud:2"},
	{"level", required_argument, 0, set_level, "    --level=ID",
         "LDtk: the level (identifier or index; default:\n"
         "every level)"},
	{"world", no_argument, 0, set_world, "    --world",
         "LDtk: the whole project as one world (levels\n"
         "joined where they touch, EntityRefs as doors)"},
	{"heights", required_argument, 0, set_heights, "    --heights=FILE",
         "each cell's height from a grayscale PNG (8 or\n"
         "16 bits) of the map's size"},
	{"height-scale", required_argument, 0, set_height_scale,
         "    --height-scale=S",
         "height units per grey level of --heights (default 1)"},
	{"max-climb", required_argument, 0, set_max_climb, "    --max-climb=H",
         "on a map with heights: no step rises more than H"},
	{"max-drop", required_argument, 0, set_max_drop, "    --max-drop=D",
         "on a map with heights: no step falls more than D\n"
         "(default: --max-climb's H)"},
	{"link-property", required_argument, 0, set_link_property,
         "    --link-property=NAME",
         "Tiled worlds: the string property @MAP/NAME that\n"
         "links an object (default: target)"},
	{"jobs", required_argument, 'J', set_jobs, "-J, --jobs=N",
         "solve on N threads (default: one per core)"},
	{"shard", required_argument, 0, set_shard, "    --shard=K/N",
         "keep every N-th scenario query or map file, from\n"
         "the K-th; auto[/N]: K and N from the CI runner\n"
         "(GitLab, CircleCI, Buildkite, Slurm, Kubernetes)"},
	{"check", no_argument, 0, set_check, "    --check",
         "compare results with the expected costs"},
	{"update", optional_argument, 0, set_update, "    --update[=path]",
         "write what --check found into the expectations\n"
         "(JSON levels, .scen files); =path: paths too"},
	{"only", required_argument, 0, set_only, "    --only=NAME",
         "run only the listed queries whose name matches\n"
         "NAME, a shell pattern (vault*); repeatable"},
	{"tolerance", required_argument, 0, set_tolerance, "    --tolerance=T",
         "allowed cost difference for --check"},
	{"report", required_argument, 0, set_report, "    --report=KIND",
         "junit:FILE, tap, tap:FILE, github (GitHub\n"
         "Actions annotations), github:FILE, markdown\n"
         "(a summary table), markdown:FILE or html:FILE\n"
         "(a page with pictures of the failed checks)"},
	{"report-images", required_argument, 0, set_report_images,
         "    --report-images=N",
         "pictures in --report=html for at most N failed\n"
         "or changed checks (default 25)"},
	{"max-cells", required_argument, 0, set_max_cells, "    --max-cells=N",
         "refuse maps of more than N cells (default 40000000)"},
	{"image", required_argument, 0, set_image, "    --image=FILE",
         "draw each query as a PNG picture (the explored\n"
         "cells too with --explored); in batches FILE\n"
         "needs %d, the query's number, or %n, its\n"
         "name: --image=%m-%n.png"},
	{"image-failed", no_argument, 0, set_image_failed,
         "    --image-failed",
         "--image draws only the queries and checks that\n"
         "failed (the others are not drawn)"},
	{"scale", required_argument, 0, set_scale, "    --scale=N",
         "pixels per cell of --image, 1 to 64 (default:\n"
         "the most, up to 16, within 2048 pixels)"},
	{"help", no_argument, 'h', show_help, "-h, --help",
         "show this help and exit"},
	{"version", no_argument, 'V', show_version, "-V, --version",
         "show the version and exit"},
};

#define NFLAGS (sizeof flags / sizeof flags[0])

/* getopt_long's value for a flag without a short name: above any char. */
#define LONG_ONLY 256

/* Prints the help (help.c), from the table's rows. */
static int show_help(options *o, const char *arg)
{
	help_row rows[NFLAGS];
	char text[8192];

	(void)o;
	(void)arg;
	for (size_t i = 0; i < NFLAGS; i++) {
		rows[i].name = flags[i].name;
		rows[i].usage = flags[i].usage;
		rows[i].help = flags[i].help;
	}
	help_text(text, sizeof text, rows, NFLAGS);
	return print_and_exit(usage_line, text);
}

/* getopt_long's short option string and long options, from the table. */
static void getopt_tables(char *shorts, struct option *longs)
{
	for (size_t i = 0; i < NFLAGS; i++) {
		const flag *f = &flags[i];
		longs[i].name = f->name;
		longs[i].has_arg = f->has_arg;
		longs[i].flag = NULL;
		longs[i].val = f->letter ? f->letter : LONG_ONLY + (int)i;
		if (f->letter == 0)
			continue;
		*shorts++ = (char)f->letter;
		if (f->has_arg != no_argument)
			*shorts++ = ':';
		if (f->has_arg == optional_argument)
			*shorts++ = ':';
	}
	*shorts = '\0';
	memset(&longs[NFLAGS], 0, sizeof longs[NFLAGS]);
}

/* The row of getopt_long's return value c, or NULL. */
static const flag *flag_of(int c)
{
	if (c >= LONG_ONLY && (size_t)(c - LONG_ONLY) < NFLAGS)
		return &flags[c - LONG_ONLY];
	for (size_t i = 0; i < NFLAGS; i++)
		if (flags[i].letter != 0 && flags[i].letter == c)
			return &flags[i];
	return NULL;
}

int options_usage_error(void)
{
	fputs(usage_line, stderr);
	fputs("Try 'astar --help' for more information.\n", stderr);
	return EXIT_ERROR;
}

int options_parse(int argc, char **argv, options *o)
{
	static char name[] = "astar";
	char shorts[3 * NFLAGS + 1];
	struct option longs[NFLAGS + 1];
	const flag *f;
	int c, rc;

	memset(o, 0, sizeof *o);
	astar_options_init(&o->search);
	o->landmarks = -1;
	o->color = "auto";
	o->tolerance = -1;
	o->max_climb = o->max_drop = -1;
	o->height_scale = -1;
	o->report_images = -1;
	o->max_cells = MAP_MAX_CELLS_DEFAULT;
	getopt_tables(shorts, longs);
	/* getopt names the program by argv[0]; every message says "astar:". */
	if (argc > 0)
		argv[0] = name;
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if ((f = flag_of(c)) == NULL) { /* getopt has said what */
			/* -j4 or -j16: the element is done, or not yet */
			if (c == '?' && optopt >= '0' && optopt <= '9' &&
			    !jobs_typo(argv[optind - 1]) && optind < argc)
				(void)jobs_typo(argv[optind]);
			return options_usage_error();
		}
		if (optarg == NULL &&
		    optional_word(f->name, f->has_arg == optional_argument,
		                  argv[optind - 1],
		                  optind < argc ? argv[optind] : NULL))
			return options_usage_error();
		if ((rc = f->set(o, optarg)) != OPTIONS_RUN)
			return rc;
	}
	if (optind < argc) {
		o->files = (const char *const *)(argv + optind);
		o->nfiles = argc - optind;
	}
	return OPTIONS_RUN;
}

void options_free(options *o)
{
	free(o->blocks);
	free(o->block_args);
	free(o->scens);
	free(o->layers);
	o->layers = NULL;
	free(o->only);
	o->only = NULL;
	free(o->starts);
	free(o->goals);
	o->blocks = NULL;
	o->block_args = NULL;
	o->scens = NULL;
	o->starts = o->goals = NULL;
}
