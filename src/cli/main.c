/*
 * main.c - parses the command line and hands it to the driver (cli.c).
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/value.h"
#include "cli.h"
#include "base/diag.h"
#include "write/image.h"
#include "read/io.h"

static const char usage_line[] = "usage: astar [options] [file ...]\n";

static const char help_text[] =
	"Find shortest paths on grid maps.\n"
	"\n"
	"  -s, --start=X,Y          start cell (overrides the map's S)\n"
	"  -g, --goal=X,Y           goal cell (overrides the map's G)\n"
	"  -b, --block=X,Y          block a cell; repeatable\n"
	"  -d, --diagonal[=POLICY]  never (default), always, at-most-one-obstacle,\n"
	"                           no-obstacles (the default when POLICY is left out)\n"
	"  -H, --heuristic=NAME     manhattan, euclidean, octile, chebyshev, zero\n"
	"                           (default: manhattan, or octile with diagonals)\n"
	"  -w, --weight=W           weighted A*: cost at most W times the shortest (W >= 1)\n"
	"  -a, --algorithm=NAME     astar (default), dijkstra, bfs (fewest steps),\n"
	"                           greedy (best-first on the heuristic) or jps (jump\n"
	"                           point search: uniform costs, --diagonal never or\n"
	"                           no-obstacles)\n"
	"      --adjacent           stop next to the goal instead of on it\n"
	"      --closest            if the goal is unreachable, go as near as possible\n"
	"  -e, --explored           show the expanded cells\n"
	"  -f, --format=FORMAT      text (default) or json (one object per line)\n"
	"  -j, --json               same as --format=json\n"
	"      --no-timing          leave timing out of the output\n"
	"      --color[=WHEN]       auto (default), always or never\n"
	"      --scen=FILE          solve every query of a Moving AI scenario file;\n"
	"                           repeatable (FILE arguments ending in .scen too)\n"
	"      --map=FILE           the map of the scenario files (default: found\n"
	"                           beside each scenario file)\n"
	"      --input-format=FMT   ascii, json or movingai (default: detected)\n"
	"  -J, --jobs=N             solve on N threads (default: one per core)\n"
	"      --shard=K/N          keep every N-th scenario query or map file, from\n"
	"                           the K-th\n"
	"      --check              compare results with the expected costs\n"
	"      --tolerance=T        allowed cost difference for --check\n"
	"      --report=KIND        junit:FILE, tap or tap:FILE\n"
	"      --max-cells=N        refuse maps of more than N cells (default 100000000)\n"
	"      --image=FILE         draw each query as a PNG picture (the explored\n"
	"                           cells too with --explored); in batches FILE\n"
	"                           needs %d, the query's number: --image=%m-%d.png\n"
	"      --scale=N            pixels per cell of --image, 1 to 64 (default:\n"
	"                           the most, up to 16, within 2048 pixels)\n"
	"  -h, --help               show this help and exit\n"
	"  -V, --version            show the version and exit\n"
	"\n"
	"FILE is a map: ASCII ('.' floor, '#' wall, 'S' start, 'G' goal, '1'-'9'\n"
	"terrain cost), JSON, or Moving AI .map; '-' or no FILE reads standard input.\n"
	"Coordinates are 0-based, x the column, y the row.\n"
	"Exit status: 0 path found, 1 no path or a failed check, 2 error.\n";

enum {
	OPT_ADJACENT = 256,
	OPT_CLOSEST,
	OPT_NO_TIMING,
	OPT_COLOR,
	OPT_SCEN,
	OPT_MAP,
	OPT_INPUT_FORMAT,
	OPT_SHARD,
	OPT_CHECK,
	OPT_TOLERANCE,
	OPT_REPORT,
	OPT_MAX_CELLS,
	OPT_IMAGE,
	OPT_SCALE
};

static const struct option long_options[] = {
	{"start", required_argument, NULL, 's'},
	{"goal", required_argument, NULL, 'g'},
	{"block", required_argument, NULL, 'b'},
	{"diagonal", optional_argument, NULL, 'd'},
	{"heuristic", required_argument, NULL, 'H'},
	{"weight", required_argument, NULL, 'w'},
	{"algorithm", required_argument, NULL, 'a'},
	{"adjacent", no_argument, NULL, OPT_ADJACENT},
	{"closest", no_argument, NULL, OPT_CLOSEST},
	{"explored", no_argument, NULL, 'e'},
	{"format", required_argument, NULL, 'f'},
	{"json", no_argument, NULL, 'j'},
	{"no-timing", no_argument, NULL, OPT_NO_TIMING},
	{"color", optional_argument, NULL, OPT_COLOR},
	{"scen", required_argument, NULL, OPT_SCEN},
	{"map", required_argument, NULL, OPT_MAP},
	{"input-format", required_argument, NULL, OPT_INPUT_FORMAT},
	{"jobs", required_argument, NULL, 'J'},
	{"shard", required_argument, NULL, OPT_SHARD},
	{"check", no_argument, NULL, OPT_CHECK},
	{"tolerance", required_argument, NULL, OPT_TOLERANCE},
	{"report", required_argument, NULL, OPT_REPORT},
	{"max-cells", required_argument, NULL, OPT_MAX_CELLS},
	{"image", required_argument, NULL, OPT_IMAGE},
	{"scale", required_argument, NULL, OPT_SCALE},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0},
};

static int usage_error(void)
{
	fputs(usage_line, stderr);
	fputs("Try 'astar --help' for more information.\n", stderr);
	return EXIT_ERROR;
}

/* The value is quoted by diag_quote: a newline in it cannot start a
 * line of its own without "astar: ", and a long one is cut short. */
static int bad_value(const char *opt, const char *what, const char *arg)
{
	char q[256];

	diag_error(NULL, 0, 0, "%s: expected %s, got '%s'", opt, what,
	           diag_quote(arg, q, sizeof q));
	return EXIT_ERROR;
}

static int print_and_exit(const char *a, const char *b)
{
	if (fputs(a, stdout) == EOF || fputs(b, stdout) == EOF ||
	    fflush(stdout) != 0) {
		cli_stdout_failed(errno ? errno : EIO);
		return EXIT_ERROR;
	}
	return EXIT_FOUND;
}

/*
 * Parses the options into *cfg (zeroed by the caller, who frees what it
 * holds on every outcome) and runs the driver.
 */
static int run(int argc, char **argv, cli_config *cfg)
{
	const char *color = "auto";
	static const char *const stdin_only[] = {"-", NULL};
	static char name[] = "astar";
	int c, heuristic_given = 0, weight_given = 0, positional_scens = 0;
	astar_options eff;

	/* A closed standard stream stays unusable, but its number is not
	 * given to a file the run writes (see io_keep_std_fds). */
	(void)io_keep_std_fds();
	signal(SIGPIPE, SIG_IGN); /* a write error, then cli_stdout_failed */
	memset(cfg, 0, sizeof *cfg);
	astar_options_init(&cfg->opts);
	cfg->timing = 1;
	cfg->tolerance = -1;
	cfg->max_cells = MAP_MAX_CELLS_DEFAULT;

	/* getopt names the program by argv[0]; every message says "astar:". */
	if (argc > 0)
		argv[0] = name;
	while ((c = getopt_long(argc, argv, "s:g:b:d::H:w:a:ef:jJ:hV",
	                        long_options, NULL)) != -1) {
		switch (c) {
		case 's':
			if (value_point(optarg, &cfg->start) != 0)
				return bad_value("--start", "X,Y", optarg);
			cfg->has_start = 1;
			break;
		case 'g':
			if (value_point(optarg, &cfg->goal) != 0)
				return bad_value("--goal", "X,Y", optarg);
			cfg->has_goal = 1;
			break;
		case 'b': {
			astar_point p, *nb;
			if (value_point(optarg, &p) != 0)
				return bad_value("--block", "X,Y", optarg);
			nb = realloc(cfg->blocks,
			             (cfg->nblocks + 1) * sizeof *nb);
			if (nb == NULL) {
				diag_error(NULL, 0, 0, "out of memory");
				return EXIT_ERROR;
			}
			cfg->blocks = nb;
			cfg->blocks[cfg->nblocks++] = p;
			break;
		}
		case 'd':
			cfg->diagonal_given = 1;
			if (optarg == NULL)
				cfg->opts.diagonal = ASTAR_DIAG_NO_OBSTACLES;
			else if (value_diagonal(optarg, &cfg->opts.diagonal) !=
			         0)
				return bad_value("--diagonal",
				                 VALUE_DIAGONAL_NAMES, optarg);
			break;
		case 'H':
			if (value_heuristic(optarg, &cfg->opts.heuristic) != 0)
				return bad_value("--heuristic",
				                 VALUE_HEURISTIC_NAMES, optarg);
			heuristic_given = 1;
			break;
		case 'w':
			if (value_weight(optarg, &cfg->opts.weight) != 0)
				return bad_value("--weight", "a number >= 1",
				                 optarg);
			weight_given = cfg->opts.weight != 1.0;
			break;
		case 'a':
			if (value_algorithm(optarg, &cfg->opts.algorithm) != 0)
				return bad_value("--algorithm",
				                 VALUE_ALGORITHM_NAMES, optarg);
			break;
		case OPT_ADJACENT:
			cfg->opts.adjacent = 1;
			break;
		case OPT_CLOSEST:
			cfg->opts.closest = 1;
			break;
		case 'e':
			cfg->opts.explored = 1;
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				cfg->format = FORMAT_TEXT;
			else if (strcmp(optarg, "json") == 0)
				cfg->format = FORMAT_JSON;
			else
				return bad_value("--format", "text, json",
				                 optarg);
			break;
		case 'j':
			cfg->format = FORMAT_JSON;
			break;
		case OPT_NO_TIMING:
			cfg->timing = 0;
			break;
		case OPT_COLOR:
			color = optarg ? optarg : "always";
			if (strcmp(color, "auto") != 0 &&
			    strcmp(color, "always") != 0 &&
			    strcmp(color, "never") != 0)
				return bad_value("--color",
				                 "auto, always, never", color);
			break;
		case OPT_SCEN: {
			const char **ns =
				realloc(cfg->scens,
			                (size_t)(cfg->nscens + 1) * sizeof *ns);
			if (ns == NULL) {
				diag_error(NULL, 0, 0, "out of memory");
				return EXIT_ERROR;
			}
			cfg->scens = ns;
			cfg->scens[cfg->nscens++] = optarg;
			break;
		}
		case OPT_MAP:
			cfg->map_override = optarg;
			break;
		case OPT_INPUT_FORMAT:
			if (strcmp(optarg, "ascii") == 0)
				cfg->input_format = MAPFMT_ASCII;
			else if (strcmp(optarg, "json") == 0)
				cfg->input_format = MAPFMT_JSON;
			else if (strcmp(optarg, "movingai") == 0)
				cfg->input_format = MAPFMT_MOVINGAI;
			else
				return bad_value("--input-format",
				                 "ascii, json, movingai",
				                 optarg);
			break;
		case 'J':
			if (value_count(optarg, 1, 1024, &cfg->jobs) != 0)
				return bad_value(
					"--jobs",
					"a whole number from 1 to 1024",
					optarg);
			break;
		case OPT_SHARD:
			if (value_shard(optarg, &cfg->shard_k, &cfg->shard_n) !=
			    0)
				return bad_value(
					"--shard",
					"K/N with 1 <= K <= N <= 1000000",
					optarg);
			break;
		case OPT_CHECK:
			cfg->check = 1;
			break;
		case OPT_TOLERANCE:
			if (value_tolerance(optarg, &cfg->tolerance) != 0)
				return bad_value("--tolerance", "a number >= 0",
				                 optarg);
			break;
		case OPT_REPORT:
			if (strncmp(optarg, "junit:", 6) == 0 &&
			    optarg[6] != '\0') {
				cfg->junit = optarg + 6;
			} else if (strcmp(optarg, "tap") == 0) {
				cfg->tap = 1;
				cfg->tap_file = NULL;
			} else if (strncmp(optarg, "tap:", 4) == 0 &&
			           optarg[4] != '\0') {
				cfg->tap = 1;
				cfg->tap_file = optarg + 4;
			} else {
				return bad_value("--report",
				                 "junit:FILE, tap or tap:FILE",
				                 optarg);
			}
			break;
		case OPT_MAX_CELLS:
			if (value_cells(optarg, MAP_MAX_CELLS_LIMIT, &cfg->max_cells) != 0)
				return bad_value(
					"--max-cells",
					"a whole number from 1 to 4294967294",
					optarg);
			break;
		case OPT_IMAGE: {
			char why[512];
			if (image_pattern_check(optarg, 0, why, sizeof why) !=
			    0) {
				diag_error(NULL, 0, 0, "%s", why);
				return EXIT_ERROR;
			}
			cfg->image = optarg;
			break;
		}
		case OPT_SCALE:
			if (value_count(optarg, 1, IMAGE_MAX_SCALE,
			               &cfg->scale) != 0)
				return bad_value("--scale",
				                 "a whole number from 1 to 64",
				                 optarg);
			break;
		case 'h':
			return print_and_exit(usage_line, help_text);
		case 'V':
			return print_and_exit("astar " ASTAR_VERSION, "\n");
		default: /* getopt has said what was wrong */
			return usage_error();
		}
	}

	if ((cfg->opts.algorithm == ASTAR_ALGO_DIJKSTRA ||
	     cfg->opts.algorithm == ASTAR_ALGO_BFS ||
	     cfg->opts.algorithm == ASTAR_ALGO_JPS) &&
	    (heuristic_given || weight_given)) {
		diag_error(NULL, 0, 0, "%s cannot be used with --algorithm=%s",
		           heuristic_given ? "--heuristic" : "--weight",
		           value_algorithm_name(cfg->opts.algorithm));
		return EXIT_ERROR;
	}
	if (cfg->opts.algorithm == ASTAR_ALGO_GREEDY && weight_given) {
		diag_error(NULL, 0, 0,
		           "--weight cannot be used with --algorithm=greedy");
		return EXIT_ERROR;
	}
	/* JPS's pruning holds for 4-connected moves and for diagonals that
	 * cut no corner; the other policies would need other rules. */
	if (cfg->opts.algorithm == ASTAR_ALGO_JPS && cfg->diagonal_given &&
	    cfg->opts.diagonal != ASTAR_DIAG_NEVER &&
	    cfg->opts.diagonal != ASTAR_DIAG_NO_OBSTACLES) {
		diag_error(
			NULL, 0, 0,
			"--algorithm=jps needs --diagonal=never or no-obstacles, "
			"not %s",
			value_diagonal_name(cfg->opts.diagonal));
		return EXIT_ERROR;
	}

	if (strcmp(color, "always") == 0) {
		cfg->color = 1;
	} else if (strcmp(color, "auto") == 0) {
		const char *nc = getenv("NO_COLOR");
		cfg->color =
			isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	}

	if (cfg->scale != 0 && cfg->image == NULL) {
		diag_error(NULL, 0, 0, "--scale needs --image");
		return EXIT_ERROR;
	}
	if (optind < argc) {
		cfg->files = (const char *const *)(argv + optind);
		cfg->nfiles = argc - optind;
	}
	for (int i = 0; i < cfg->nfiles; i++)
		positional_scens += cli_is_scen(cfg->files[i]);
	if (cfg->map_override && cfg->nscens == 0 && positional_scens == 0) {
		diag_error(NULL, 0, 0, "--map needs --scen");
		return EXIT_ERROR;
	}
	/* A scenario's queries give their own start and goal: rather than
	 * ignore these, refuse them.  (--block applies to their maps.) */
	if (cfg->nscens + positional_scens > 0 &&
	    (cfg->has_start || cfg->has_goal)) {
		diag_error(
			NULL, 0, 0,
			"%s cannot be used with scenario files, whose queries "
			"give the start and goal",
			cfg->has_start ? "--start" : "--goal");
		return EXIT_ERROR;
	}
	if (cfg->tolerance >= 0 && !cfg->check) {
		diag_error(NULL, 0, 0, "--tolerance needs --check");
		return EXIT_ERROR;
	}
	/* Scenarios move by the benchmark rule unless --diagonal says else. */
	eff = cfg->nscens + positional_scens > 0 ? cli_scen_options(cfg)
	                                         : cfg->opts;
	if (!astar_heuristic_admissible(astar_effective_heuristic(&eff),
	                                eff.diagonal))
		diag_warn(
			"heuristic '%s' is not admissible with diagonal moves; "
			"the path may not be shortest",
			value_heuristic_name(astar_effective_heuristic(&eff)));
	if (cfg->nfiles == 0 && cfg->nscens == 0) {
		if (isatty(STDIN_FILENO))
			return usage_error();
		cfg->files = stdin_only;
		cfg->nfiles = 1;
	}
	return cli_run(cfg);
}

int main(int argc, char **argv)
{
	cli_config cfg;
	int rc;

	memset(&cfg, 0, sizeof cfg);
	rc = run(argc, argv, &cfg);
	free(cfg.blocks);
	free(cfg.scens);
	return rc;
}
