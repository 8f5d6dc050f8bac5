/*
 * config.c - the flags judged together into the run's configuration
 * (config.h): the combinations that make no sense are refused, in a
 * fixed order, and what the flags leave open (colour, the inputs) is
 * settled.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/value.h"
#include "config.h"
#include "outfile.h"
#include "rules.h"
#include "write/report_html.h"

int config_is_scen(const char *path)
{
	size_t n = strlen(path);

	return (n >= 5 && strcmp(path + n - 5, ".scen") == 0) ||
	       (n >= 7 && strcmp(path + n - 7, ".3dscen") == 0);
}

astar_options config_scen_options(const cli_config *cfg)
{
	astar_options o = cfg->opts;

	if (!cfg->diagonal_given)
		o.diagonal = ASTAR_DIAG_NO_OBSTACLES;
	/* A scenario query's cells are shown only by its JSON record and
	 * its pictures (--image, --report=html); its text line, --check
	 * (the cost) and the other reports want the cost and the step
	 * count, which come without them. */
	o.no_path = cfg->image == NULL && cfg->html == NULL &&
	            (cfg->format != FORMAT_JSON || cfg->no_path);
	return o;
}

int config_landmarks(const cli_config *cfg, size_t nqueries)
{
	if (cfg->opts.algorithm != ASTAR_ALGO_ASTAR)
		return 0;
	if (cfg->landmarks >= 0)
		return cfg->landmarks;
	return nqueries >= CONFIG_LM_QUERIES ? ASTAR_LANDMARKS_AUTO : 0;
}

void config_choose(const cli_config *cfg, astar_ctx *ctx,
                   const astar_grid *grid, astar_options *opts)
{
	if (cfg->algo_auto)
		opts->algorithm = astar_choose(ctx, grid, opts);
}

static int refuse(const char *what)
{
	diag_error(NULL, 0, 0, "%s", what);
	return EXIT_ERROR;
}

/* The search flags: those an algorithm has no use for, and the movement
 * JPS cannot take (the library's rule, the options alone). */
static int judge_search(const options *o)
{
	astar_algorithm a = o->search.algorithm;

	if ((a == ASTAR_ALGO_DIJKSTRA || a == ASTAR_ALGO_BFS ||
	     a == ASTAR_ALGO_JPS) &&
	    (o->heuristic_given || o->weight_given)) {
		diag_error(NULL, 0, 0, "%s cannot be used with --algorithm=%s",
		           o->heuristic_given ? "--heuristic" : "--weight",
		           value_algorithm_name(a));
		return EXIT_ERROR;
	}
	if (a != ASTAR_ALGO_ASTAR && o->landmarks >= 0) {
		diag_error(NULL, 0, 0,
		           "--landmarks cannot be used with --algorithm=%s",
		           value_algorithm_name(a));
		return EXIT_ERROR;
	}
	if (a == ASTAR_ALGO_GREEDY && o->weight_given)
		return refuse(
			"--weight cannot be used with --algorithm=greedy");
	if (o->distances && (a == ASTAR_ALGO_JPS || a == ASTAR_ALGO_GREEDY ||
	                     a == ASTAR_ALGO_BFS)) {
		diag_error(NULL, 0, 0,
		           "--distances cannot be used with --algorithm=%s: a "
		           "distance map is one Dijkstra flood (use astar or "
		           "dijkstra)",
		           value_algorithm_name(a));
		return EXIT_ERROR;
	}
	if (a == ASTAR_ALGO_JPS && o->search.wrap != ASTAR_WRAP_NONE)
		return refuse("--algorithm=jps cannot search a wrapping map "
		              "(--wrap); use astar");
	if (o->diagonal_given && !astar_supported(NULL, &o->search)) {
		diag_error(NULL, 0, 0,
		           "--algorithm=jps needs --diagonal=never or "
		           "no-obstacles, not %s",
		           value_diagonal_name(o->search.diagonal));
		return EXIT_ERROR;
	}
	return OPTIONS_RUN;
}

/* Whether the first operand is a DIMACS query file (.p2p, .ss), whose
 * graph --map may name. */
static int dimacs_queries(const options *o)
{
	size_t n = o->nfiles > 0 ? strlen(o->files[0]) : 0;

	return (n > 4 && strcmp(o->files[0] + n - 4, ".p2p") == 0) ||
	       (n > 3 && strcmp(o->files[0] + n - 3, ".ss") == 0);
}

/* The flags that need another, or that scenario files rule out; nscen
 * counts the scenario files, named or given with --scen. */
static int judge_batch(const options *o, int nscen)
{
	if (o->scale != 0 && o->image == NULL)
		return refuse("--scale needs --image");
	if (o->image_failed && o->image == NULL)
		return refuse("--image-failed needs --image");
	if (o->height_scale >= 0 && o->heights_png == NULL)
		return refuse("--height-scale needs --heights");
	if (o->report_images >= 0 && o->html == NULL)
		return refuse("--report-images needs --report=html:FILE");
	if (o->map_override && nscen == 0 && !dimacs_queries(o))
		return refuse("--map needs --scen");
	/* A scenario's queries give their own start and goal: rather than
	 * ignore these, refuse them.  (--block applies to their maps.) */
	if (nscen > 0 && (o->has_start || o->has_goal)) {
		diag_error(
			NULL, 0, 0,
			"%s cannot be used with scenario files, whose queries "
			"give the start and goal",
			o->has_start ? "--start" : "--goal");
		return EXIT_ERROR;
	}
	if (nscen > 0 && (o->distances || o->size_given || o->wrap_given)) {
		diag_error(NULL, 0, 0,
		           "%s cannot be used with scenario files",
		           o->distances    ? (o->flow ? "--flow" : "--distances")
		           : o->size_given ? "--size"
		                           : "--wrap");
		return EXIT_ERROR;
	}
	if (o->distances && o->has_goal)
		return refuse("--distances maps the cost from the starts to "
		              "every cell; --goal has no use there");
	if (o->distances && (o->search.adjacent || o->search.closest))
		return refuse(o->search.adjacent
		                      ? "--adjacent cannot be used with "
		                        "--distances"
		                      : "--closest cannot be used with "
		                        "--distances");
	if (o->tolerance >= 0 && !o->check && !o->update)
		return refuse("--tolerance needs --check");
	/* Shards run at once would each rewrite whole scenario files. */
	if (o->update && o->shard_n > 0)
		return refuse("--update cannot be used with --shard: shards "
		              "run at once would each rewrite whole files");
	/* -q keeps standard output empty: a report there cannot be. */
	if (o->quiet && o->tap && o->tap_file == NULL)
		return refuse("--quiet cannot be used with --report=tap, which "
		              "writes to the standard output (give it a file: "
		              "--report=tap:FILE)");
	if (o->quiet && o->github && o->github_file == NULL)
		return refuse("--quiet cannot be used with --report=github, "
		              "which writes to the standard output (give it a "
		              "file: --report=github:FILE)");
	if (o->quiet && o->markdown && o->markdown_file == NULL)
		return refuse("--quiet cannot be used with --report=markdown, "
		              "which writes to the standard output (give it a "
		              "file: --report=markdown:FILE)");
	return OPTIONS_RUN;
}

/* --update's inputs: files to rewrite, so not standard input, and each
 * once (two items rewriting one file would lose one's changes).
 * 0, or -1 (reported). */
static int judge_update(const cli_config *cfg)
{
	outfile_set seen;
	outfile_id id;
	int n = cfg->nfiles + cfg->nscens, rc = 0;

	memset(&seen, 0, sizeof seen);
	for (int i = 0; i < n && rc == 0; i++) {
		const char *p = i < cfg->nfiles ? cfg->files[i]
		                                : cfg->scens[i - cfg->nfiles];
		if (strcmp(p, "-") == 0) {
			diag_error(
				NULL, 0, 0,
				"--update cannot rewrite the standard input; "
				"name the file");
			rc = -1;
		} else if (outfile_regular_id(p, &id) == 0) {
			outfile_set_sort(&seen);
			if (outfile_set_has(&seen, &id)) {
				diag_error(p, 0, 0,
				           "is given twice; --update rewrites "
				           "each file once");
				rc = -1;
			} else if (outfile_set_add(&seen, p) != 0) {
				diag_error(NULL, 0, 0, "out of memory");
				rc = -1;
			}
		}
	}
	outfile_set_free(&seen);
	return rc;
}

/* --color: always, never, or auto: a terminal, unless NO_COLOR is set. */
static int want_color(const char *when)
{
	const char *nc = getenv("NO_COLOR");

	if (strcmp(when, "always") == 0)
		return 1;
	return strcmp(when, "auto") == 0 && isatty(STDOUT_FILENO) &&
	       (nc == NULL || *nc == '\0');
}

static void copy_flags(const options *o, cli_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->opts = o->search;
	cfg->diagonal_given = o->diagonal_given;
	cfg->has_start = o->has_start;
	cfg->has_goal = o->has_goal;
	cfg->start = o->start;
	cfg->goal = o->goal;
	cfg->start_name = o->start_name;
	cfg->goal_name = o->goal_name;
	cfg->starts = o->starts;
	cfg->nstarts = o->nstarts;
	cfg->goals = o->goals;
	cfg->ngoals = o->ngoals;
	cfg->wrap_given = o->wrap_given;
	cfg->size_given = o->size_given;
	cfg->distances = o->distances;
	cfg->flow = o->flow;
	cfg->blocks = o->blocks;
	cfg->block_args = o->block_args;
	cfg->nblocks = o->nblocks;
	cfg->format = o->format;
	cfg->input_format = o->input_format;
	cfg->timing = !o->no_timing;
	cfg->no_path = o->no_path;
	cfg->world = o->world;
	cfg->quiet = o->quiet;
	cfg->verbose = o->verbose;
	cfg->files = o->files;
	cfg->nfiles = o->nfiles;
	cfg->scens = o->scens;
	cfg->nscens = o->nscens;
	cfg->map_override = o->map_override;
	cfg->oneway = o->oneway;
	cfg->coords = o->coords;
	cfg->jobs = o->jobs;
	cfg->algo_auto = o->algo_auto;
	cfg->landmarks = o->landmarks;
	cfg->heuristic_given = o->heuristic_given;
	cfg->opts.landmarks = o->landmarks > 0 ? o->landmarks : 0;
	cfg->shard_k = o->shard_k;
	cfg->shard_n = o->shard_n;
	cfg->max_cells = o->max_cells;
	cfg->check = o->check || o->update; /* --update checks too */
	cfg->update = o->update;
	cfg->tolerance = o->tolerance;
	cfg->max_climb = o->max_climb;
	cfg->heights_png = o->heights_png;
	cfg->height_scale = o->height_scale >= 0 ? o->height_scale : 1.0;
	/* The drop is limited as the climb when only the climb is given. */
	cfg->max_drop = o->max_drop >= 0 ? o->max_drop : o->max_climb;
	cfg->junit = o->junit;
	cfg->tap = o->tap;
	cfg->tap_file = o->tap_file;
	cfg->github = o->github;
	cfg->github_file = o->github_file;
	cfg->markdown = o->markdown;
	cfg->markdown_file = o->markdown_file;
	cfg->html = o->html;
	cfg->html_images = o->report_images >= 0 ? o->report_images
	                                         : REPORT_HTML_IMAGES;
	cfg->image = o->image;
	cfg->scale = o->scale;
	cfg->image_failed = o->image_failed;
	cfg->only = o->only;
	cfg->nonly = o->nonly;
	cfg->level.layers = o->layers;
	cfg->level.nlayers = o->nlayers;
	cfg->level.solid = o->solid;
	cfg->level.link_property = o->link_property;
	cfg->level.cost = o->cost;
	cfg->level.costs = o->costs;
	cfg->level.level = o->level;
	cfg->level.max_cells_given = o->max_cells_given;
}

int config_build(const options *o, cli_config *cfg)
{
	static const char *const stdin_only[] = {"-", NULL};
	int rc, nscen = o->nscens;
	astar_options eff;

	copy_flags(o, cfg);
	if ((rc = judge_search(o)) != OPTIONS_RUN)
		return rc;
	cfg->color = want_color(o->color);
	for (int i = 0; i < o->nfiles; i++)
		nscen += config_is_scen(o->files[i]);
	if ((rc = judge_batch(o, nscen)) != OPTIONS_RUN)
		return rc;
	if (nscen > 0 && o->heights_png != NULL)
		return refuse("--heights gives map files their heights, not "
		              "the maps of scenario files");
	/* Scenarios move by the benchmark rule unless --diagonal says else. */
	eff = nscen > 0 ? config_scen_options(cfg) : cfg->opts;
	rule_admissible(&eff, NULL);
	if (cfg->nfiles == 0 && cfg->nscens == 0) {
		if (isatty(STDIN_FILENO))
			return options_usage_error();
		cfg->files = stdin_only;
		cfg->nfiles = 1;
	}
	if (cfg->update && judge_update(cfg) != 0)
		return EXIT_ERROR;
	return OPTIONS_RUN;
}
