/*
 * graph_file.h - a navigation graph as its readers deliver it (JSON
 * graphs, DIMACS files, edge lists): the library's graph, each node's id
 * as written, the named points, queries with expectations, reach checks
 * and the expected count of regions, and the builder the readers share.
 */
#ifndef ASTAR_GRAPH_FILE_H
#define ASTAR_GRAPH_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "astar.h"
#include "map.h"

/* One query of a graph file: a JSON "queries" entry, or a DIMACS .p2p
 * line. */
typedef struct graph_query {
	char *name; /* owned, or NULL */
	uint32_t *starts, *goals; /* owned node lists */
	size_t nstarts, ngoals;
	int adjacent, closest;
	int has_reachable, reachable, has_cost, has_steps;
	double cost;
	long steps;
	long line, col; /* where it is written */
} graph_query;

/* A reach check: every target reachable from the sources, or none. */
typedef struct graph_reach {
	uint32_t *from, *to; /* owned */
	size_t nfrom, nto;
	int reachable;
	long line, col;
} graph_reach;

/* A named point: one or more nodes. */
typedef struct graph_point {
	char *name; /* owned */
	uint32_t *nodes;
	size_t n;
} graph_point;

typedef struct graph_file {
	astar_graph *g; /* owned, made by graph_file_finish */
	/* the nodes as read: ids, positions, flags; arcs (positions, flags
	 * and arcs freed by graph_file_finish: the graph has them) */
	char **ids;
	double *xyz;
	uint8_t *walk;
	size_t n, cap_n;
	astar_arc *arcs;
	size_t m, cap_m;
	size_t *index, index_cap; /* id hash: node + 1, 0 free */
	int numbered; /* DIMACS: ids are the numbers 1..n, not stored */
	int has_pos; /* positions were given (not a DIMACS graph without .co) */
	graph_point *points;
	size_t npoints;
	graph_query *queries;
	size_t nqueries;
	graph_reach *reach;
	size_t nreach;
	int has_regions;
	long regions, regions_line, regions_col;
	int has_start, has_goal; /* top-level "start", "goal" */
	uint32_t start, goal;
	int sources; /* the queries are DIMACS .ss sources: distance floods */
} graph_file;

/* Adds a node; 0, -1 for a duplicate id, -2 when out of memory. */
int graph_file_node(graph_file *f, const char *id, double x, double y,
                    double z, int walkable);

/* Adds an arc between node numbers; 0 or -2 when out of memory. */
int graph_file_arc(graph_file *f, uint32_t from, uint32_t to, double cost);

/* Node v's id as text (buf, of 24 bytes, may hold it). */
const char *graph_file_id(const graph_file *f, uint32_t v, char *buf);

/* The node of an id; 0 with *v set, or -1. */
int graph_file_find(const graph_file *f, const char *id, uint32_t *v);

/* The node a name stands for in a query: "@point" (a named point, or
 * an id), or an id; *v and *n (a point may be several nodes: *v points
 * into the file then), 0 or -1. */
int graph_file_resolve(const graph_file *f, const char *name,
                       const uint32_t **v, size_t *n, uint32_t *one);

/* Builds the library's graph from the nodes and arcs read; 0, or -1
 * with err filled (out of memory, or too large for max_cells: nodes
 * plus arcs). */
int graph_file_finish(graph_file *f, size_t max_cells, map_error *err);

void graph_file_free(graph_file *f);

/* Readers: a JSON graph (recognised by its "nodes" key), DIMACS .gr
 * (coordinates from co_buf when not NULL), an edge list.  Each returns
 * 0, or -1 with err placed (line, column) and f freed.  The DIMACS
 * reader leaves the last step, graph_file_finish, to its caller, which
 * can free the texts first (a large graph's texts outweigh it). */
int graph_read_json(const char *buf, size_t len, size_t max_cells,
                    graph_file *f, map_error *err);
int graph_read_dimacs(const char *buf, size_t len, const char *co_buf,
                      size_t co_len, size_t max_cells, graph_file *f,
                      map_error *err, int *co_err);
int graph_read_edges(const char *buf, size_t len, int oneway,
                     size_t max_cells, graph_file *f, map_error *err);

/* DIMACS queries: .p2p ("q S T") or .ss ("s S") lines into f's queries
 * (node numbers from 1, checked against the graph); 0 or -1. */
int graph_read_queries(const char *buf, size_t len, graph_file *f,
                       map_error *err);

/* Whether a JSON text's top object has a "nodes" key (a JSON graph). */
int graph_json_detect(const char *buf, size_t len);

#endif
