/*
 * output_graph.h - a graph query's result as text (the node ids in order
 * with each step's cost and the node's position) or as one JSON object
 * a line ("path": the node ids), and a graph's distances from sources.
 */
#ifndef ASTAR_OUTPUT_GRAPH_H
#define ASTAR_OUTPUT_GRAPH_H

#include <stdio.h>

#include "astar.h"
#include "read/graph_file.h"

typedef struct graph_report {
	const char *map;        /* the file, as named */
	const graph_file *f;    /* its graph and ids */
	const graph_query *q;   /* starts, goals, name, flags */
	long index;             /* its number among the file's queries, or -1 */
	const astar_options *opts;
	const astar_graph_result *r;
	int timing;
	double load_ms, search_ms;
} graph_report;

/* Return 0, or -1 when writing failed. */
int output_graph_text(FILE *out, const graph_report *g);
int output_graph_json(FILE *out, const graph_report *g);

/* Distances from q's starts (dist: one a node, -1 unreachable). */
int output_graph_distances(FILE *out, const graph_report *g,
                           const double *dist, int json);

#endif
