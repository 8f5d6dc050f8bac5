/*
 * graph_inputs.c - which inputs of a run are graphs (graph_inputs.h): a
 * run reads grids or graphs, decided before it starts, and a run that
 * names both is refused; and the flags that mean nothing to a graph,
 * each warned of once.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/value.h"
#include "graph_inputs.h"
#include "outfile.h"
#include "read/graph_file.h"
#include "read/io.h"
#include "write/output.h"

int graph_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

size_t graph_input_limit(const cli_config *cfg)
{
	size_t n = cfg->max_cells > (SIZE_MAX - 2) / 64 ? SIZE_MAX - 2
	                                                : cfg->max_cells * 64;

	return n < ((size_t)64 << 20) ? (size_t)64 << 20 : n;
}

/* Whether the --input-format makes every input a graph. */
static int forced(const cli_config *cfg)
{
	return cfg->input_format == MAPFMT_GRAPH ||
	       cfg->input_format == MAPFMT_DIMACS ||
	       cfg->input_format == MAPFMT_EDGES;
}

/* Whether file operand p is a graph (1) or not (0): a DIMACS name, or a
 * JSON file whose top object has "nodes"; standard input as stdin_graph
 * says (-1: not known). */
static int is_graph(const cli_config *cfg, const char *p, int stdin_graph)
{
	char *buf;
	size_t len;
	int yes;

	if (strcmp(p, "-") == 0)
		return stdin_graph;
	if (graph_ends_with(p, ".gr") || graph_ends_with(p, ".p2p") ||
	    graph_ends_with(p, ".ss"))
		return 1;
	if (!graph_ends_with(p, ".json") ||
	    (cfg->input_format != MAPFMT_AUTO && cfg->input_format != MAPFMT_JSON))
		return 0;
	if (io_slurp(p, graph_input_limit(cfg), &buf, &len) != 0)
		return 0; /* the grid run says why it cannot be read */
	yes = graph_json_detect(buf, len);
	free(buf);
	return yes;
}

int graph_inputs(const cli_config *cfg, int stdin_graph)
{
	const char *grid = NULL, *graph = NULL;

	if (forced(cfg))
		return 1;
	if (cfg->nfiles == 0)
		return 0;
	if (cfg->nscens > 0)
		grid = cfg->scens[0];
	for (int i = 0; i < cfg->nfiles && (grid == NULL || graph == NULL) &&
	                (i == 0 || cfg->nfiles > 1);
	     i++) {
		const char *p = cfg->files[i];
		int k = is_graph(cfg, p, stdin_graph);

		if (k > 0 && graph == NULL)
			graph = p;
		else if (k == 0 && grid == NULL)
			grid = p;
	}
	if (grid != NULL && graph != NULL) {
		diag_error(NULL, 0, 0,
		           "%s is a grid and %s a graph: a run reads grids or "
		           "graphs, not both; run astar once for each",
		           strcmp(grid, "-") == 0 ? STDIN_NAME : grid,
		           strcmp(graph, "-") == 0 ? STDIN_NAME : graph);
		return -1;
	}
	return graph != NULL;
}

void graph_warn_grid_flags(const cli_config *cfg)
{
	const map_level_opts *lo = &cfg->level;
	const char *flag[] = {
		cfg->nblocks > 0 ? "--block" : NULL,
		cfg->diagonal_given ? "--diagonal" : NULL,
		cfg->landmarks >= 0 ? "--landmarks" : NULL,
		cfg->wrap_given ? "--wrap" : NULL,
		cfg->size_given ? "--size" : NULL,
		cfg->flow ? "--flow" : NULL,
		cfg->scale != 0 ? "--scale" : NULL,
		lo->nlayers > 0 ? "--layer" : NULL,
		lo->solid ? "--solid" : NULL,
		lo->cost ? "--cost" : NULL,
		lo->costs ? "--costs" : NULL,
		lo->level ? "--level" : NULL,
	};
	astar_heuristic h = cfg->opts.heuristic;

	for (size_t i = 0; i < sizeof flag / sizeof *flag; i++)
		if (flag[i] != NULL)
			diag_warn("%s applies to grids only; ignored for graphs",
			          flag[i]);
	/* A graph's A* measures the straight line, whatever was asked. */
	if (cfg->heuristic_given && h != ASTAR_H_EUCLIDEAN && h != ASTAR_H_ZERO)
		diag_warn("--heuristic=%s applies to grids only; ignored for "
		          "graphs (the straight line is used)",
		          value_heuristic_name(h));
}

int graph_refuse_update(const cli_config *cfg, const char *path,
                        const graph_file *f)
{
	diag_err err;
	const char *about;
	int dimacs = cfg->input_format == MAPFMT_DIMACS ||
	             graph_ends_with(path, ".gr") ||
	             graph_ends_with(path, ".p2p") ||
	             graph_ends_with(path, ".ss");

	if (dimacs || cfg->input_format == MAPFMT_EDGES) {
		diag_error(path, 0, 0,
		           "%s has no place for expectations; --update writes "
		           "them into the \"expect\" of a JSON graph's "
		           "\"queries\"",
		           dimacs ? "a DIMACS file" : "an edge list");
		return 1;
	}
	if (f->nqueries == 0) {
		diag_error(path, 0, 0,
		           "no \"queries\" to update; --update writes the "
		           "\"expect\" of each of a JSON graph's \"queries\"");
		return 1;
	}
	memset(&err, 0, sizeof err);
	if (outfile_replaceable(path, &err, &about) != 0) {
		diag_report(about, &err);
		return 1;
	}
	return 0;
}
