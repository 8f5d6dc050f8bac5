/*
 * graph_inputs.h - whether a run's inputs are navigation graphs
 * (graph_inputs.c), and the grid flags that mean nothing to them.
 */
#ifndef ASTAR_GRAPH_INPUTS_H
#define ASTAR_GRAPH_INPUTS_H

#include "config.h"
#include "read/graph_file.h"

/* Whether the run's inputs are graphs: 1 when they are (an
 * --input-format of graph, dimacs or edges, or files named .gr, .p2p or
 * .ss, or JSON files with a "nodes" key; standard input when
 * stdin_graph is 1, of the others' kind when it is -1), 0 when they are
 * grids, -1 (reported) when they are both. */
int graph_inputs(const cli_config *cfg, int stdin_graph);

/* Whether s ends with suffix (a graph file's kind by its name). */
int graph_ends_with(const char *s, const char *suffix);

/* The most bytes a graph input may hold: 64 a cell of --max-cells, and
 * 64 MiB at least. */
size_t graph_input_limit(const cli_config *cfg);

/* Warns, once each, of the flags given that apply to grids only. */
void graph_warn_grid_flags(const cli_config *cfg);

/* Whether --update cannot rewrite graph file path (f, read): a DIMACS
 * file or an edge list, with no place for expectations, a JSON graph
 * without queries, or a file that cannot be replaced (each reported). */
int graph_refuse_update(const cli_config *cfg, const char *path,
                        const graph_file *f);

#endif
