/*
 * graph_batch.h - a graph file's queries solved on several threads, each
 * with its own search context, the answers kept in query order for the
 * main thread to write, so that the output is the same whatever the
 * number of threads.
 */
#ifndef ASTAR_GRAPH_BATCH_H
#define ASTAR_GRAPH_BATCH_H

#include <stddef.h>

#include "astar.h"
#include "config.h"
#include "read/graph_file.h"

/* One query's answer: its status and result, whose path and explored
 * nodes are copies the answer owns. */
typedef struct graph_answer {
	astar_status st;
	astar_graph_result res;
	double ms; /* the search's time */
} graph_answer;

/* The options of query q: base's, with q's adjacent and closest. */
astar_options graph_query_options(const astar_options *base,
                                  const graph_query *q, int no_path);

/* Solves the n queries of f on threads threads into answers (n of
 * them); 0, or -1 when out of memory (answers then freed). */
int graph_batch_solve(const graph_file *f, size_t n,
                      const astar_options *base, int no_path, int threads,
                      graph_answer *answers);

void graph_answers_free(graph_answer *a, size_t n);

/* Whether --shard keeps the run's item number item (from 0). */
int graph_in_shard(const cli_config *cfg, size_t item);

/* The queries of f that the run keeps: under --shard, when per_query
 * (a .p2p or .ss file, whose queries are the run's items first, first +
 * 1, ...), those the shard keeps; under --only, those a pattern matches
 * by name (hits[j] set for each pattern j that matches one).  Into sub
 * (f otherwise, sharing its queries' arrays: free only sub->queries),
 * their indexes in f into *index (owned); 0, or -1 when out of memory. */
int graph_pick(const cli_config *cfg, size_t first, int per_query,
               const graph_file *f, graph_file *sub, size_t **index,
               unsigned char *hits);

#endif
