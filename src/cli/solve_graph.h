/*
 * solve_graph.h - the run of navigation graph inputs (JSON graphs,
 * DIMACS files, edge lists): each file read, its queries (from the
 * flags, its "queries", or a .p2p file's lines) solved in file order and
 * written, --check's comparisons and --distances.
 */
#ifndef ASTAR_SOLVE_GRAPH_H
#define ASTAR_SOLVE_GRAPH_H

#include "config.h"
#include "read/io.h"

/* Runs every file as a graph, "-" read through in (standard input's
 * bytes, perhaps read already); returns the exit status. */
int graph_run(const cli_config *cfg, io_stdin *in);

#endif
