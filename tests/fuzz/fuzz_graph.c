/*
 * fuzz_graph.c - libFuzzer target for the graph readers (graph_file.h):
 * the JSON graph, DIMACS .gr with its .co, DIMACS query files and edge
 * lists, and the graph search on what they read.
 *
 * Input: one byte choosing the reader (bits 0-1: JSON graph, DIMACS,
 * edge list, DIMACS queries on a fixed graph of 5 nodes; bit 2: edge
 * lists one way), one byte max_cells (2^(2 + b % 24)), then the text.
 * For DIMACS the text is the .gr, then after a line starting with
 * "----8<----" the .co.  Checked: a refusal says something at a place
 * inside the text (line formats) and leaves the file empty; a graph read
 * fits max_cells, its arcs join its nodes with costs >= 0; node 0 to the
 * last is searched with A*, Dijkstra and BFS: A* and Dijkstra agree on
 * the cost (A* stays exact whatever the arcs cost), every path walks
 * arcs of the graph over walkable nodes and sums to its cost.
 */
#include <math.h>

#include "fuzz_common.h"
#include "graph_file.h"

static void check_path(const astar_graph *g, const astar_graph_result *r)
{
	double sum = 0;

	for (size_t i = 0; i < r->path_len; i++) {
		FZ_CHECK(astar_graph_walkable(g, r->path[i]));
		if (i > 0) {
			const uint32_t *to;
			const double *cost;
			size_t n = astar_graph_out(g, r->path[i - 1], &to, &cost), k;

			for (k = 0; k < n && to[k] != r->path[i]; k++)
				;
			FZ_CHECK(k < n);
			sum += cost[k];
		}
	}
	FZ_CHECK(fabs(sum - r->cost) <= 1e-9 * (1 + sum));
}

static void search(const graph_file *f)
{
	static const astar_algorithm algos[3] = {
		ASTAR_ALGO_ASTAR, ASTAR_ALGO_DIJKSTRA, ASTAR_ALGO_BFS};
	astar_ctx *ctx = astar_ctx_new();
	uint32_t s = 0, t = (uint32_t)f->n - 1;
	double cost[3] = {0, 0, 0};
	int found[3] = {0, 0, 0};

	FZ_CHECK(ctx != NULL);
	for (int a = 0; a < 3; a++) {
		astar_options o;
		astar_graph_result r;
		astar_status st;

		astar_options_init(&o);
		o.algorithm = algos[a];
		st = astar_graph_search(ctx, f->g, &s, 1, &t, 1, &o, &r);
		if (!astar_graph_walkable(f->g, s)) {
			FZ_CHECK(st == ASTAR_ESTART_BLOCKED);
			break;
		}
		if (!astar_graph_walkable(f->g, t)) {
			FZ_CHECK(st == ASTAR_EGOAL_BLOCKED);
			break;
		}
		FZ_CHECK(st == ASTAR_OK);
		found[a] = r.found;
		cost[a] = r.cost;
		if (r.found) {
			FZ_CHECK(r.path[0] == s && r.end == t);
			check_path(f->g, &r);
		}
	}
	FZ_CHECK(found[0] == found[1] && found[1] == found[2]);
	FZ_CHECK(fabs(cost[0] - cost[1]) <= 1e-9 * (1 + cost[1]));
	astar_ctx_free(ctx);
}

static void check_graph(const graph_file *f, size_t max_cells)
{
	size_t n = astar_graph_nodes(f->g), m = astar_graph_arcs(f->g);

	FZ_CHECK(n == f->n && n + m <= max_cells);
	for (uint32_t i = 0; i < n; i++) {
		const uint32_t *to;
		const double *cost;
		size_t k = astar_graph_out(f->g, i, &to, &cost);

		for (size_t j = 0; j < k; j++) {
			FZ_CHECK(to[j] < n && cost[j] >= 0 && isfinite(cost[j]));
			FZ_CHECK(j == 0 || to[j - 1] < to[j]);
		}
	}
	if (n > 0 && n + m <= 4096)
		search(f);
}

static const char small_gr[] = "p sp 5 4\na 1 2 1\na 2 3 1\na 3 4 1\na 4 5 1\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t max_cells, len, co_len = 0;
	const char *buf, *co = NULL, *sep;
	graph_file f;
	map_error err;
	int rc, co_err = 0, kind;
	char *text;

	if (size < 2)
		return 0;
	kind = data[0] & 3;
	max_cells = (size_t)1 << (2 + data[1] % 24);
	/* a NUL-terminated copy, as io_slurp gives the readers */
	text = malloc(size - 1);
	FZ_CHECK(text != NULL);
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';
	buf = text;
	len = size - 2;
	memset(&err, 0, sizeof err);
	memset(&f, 0, sizeof f);
	if (kind == 0) {
		rc = graph_read_json(buf, len, max_cells, &f, &err);
	} else if (kind == 1) {
		sep = strstr(buf, "----8<----");
		if (sep != NULL) {
			const char *nl = strchr(sep, '\n');
			co = nl ? nl + 1 : buf + len;
			co_len = (size_t)(buf + len - co);
			len = (size_t)(sep - buf);
		}
		rc = graph_read_dimacs(buf, len, co, co_len, max_cells, &f, &err,
		                       &co_err);
		if (rc == 0 && (rc = graph_file_finish(&f, max_cells, &err)) != 0)
			graph_file_free(&f);
	} else if (kind == 2) {
		rc = graph_read_edges(buf, len, data[0] & 4, max_cells, &f, &err);
	} else {
		rc = graph_read_dimacs(small_gr, sizeof small_gr - 1, NULL, 0, 1000,
		                       &f, &err, &co_err);
		FZ_CHECK(rc == 0 && graph_file_finish(&f, 1000, &err) == 0);
		rc = graph_read_queries(buf, len, &f, &err);
		if (rc != 0)
			fz_check_error(&err), fz_check_error_place(&err, buf, len);
		for (size_t i = 0; rc == 0 && i < f.nqueries; i++)
			FZ_CHECK(f.queries[i].starts[0] < 5 && f.queries[i].goals[0] < 5);
		graph_file_free(&f);
		free(text);
		return 0;
	}
	if (rc != 0) {
		FZ_CHECK(rc == -1);
		fz_check_error(&err);
		if (kind != 0)
			fz_check_error_place(&err, co_err ? co : buf, co_err ? co_len : len);
		FZ_CHECK(f.g == NULL && f.n == 0 && f.nqueries == 0);
	} else {
		check_graph(&f, max_cells);
		graph_file_free(&f);
	}
	free(text);
	return 0;
}
