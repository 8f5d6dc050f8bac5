/*
 * output_graph.c - writing a graph query's result (output_graph.h).  A
 * node is named by its id: in JSON a number when the id is a whole
 * number written plainly (DIMACS, integer ids), a string otherwise.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "output_graph.h"

/* Whether an id is a plain whole number (no sign, no leading zero). */
static int plain_number(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > 15 || (s[0] == '0' && n > 1))
		return 0;
	return strspn(s, "0123456789") == n;
}

static json_t *id_json(const graph_file *f, uint32_t v)
{
	char buf[24];
	const char *s = graph_file_id(f, v, buf);

	return plain_number(s) ? json_integer(strtoll(s, NULL, 10))
	                       : json_string(s);
}

/* One node, or a list when there are several. */
static json_t *ends_json(const graph_file *f, const uint32_t *v, size_t n)
{
	json_t *a;

	if (n == 1)
		return id_json(f, v[0]);
	a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, id_json(f, v[i]));
	return a;
}

static const char *algo_name(astar_algorithm a)
{
	static const char *const names[] = {"astar", "dijkstra", "bfs",
	                                    "greedy", "jps"};

	return (unsigned)a < 5 ? names[a] : "?";
}

static json_t *options_json(const graph_report *g)
{
	return json_pack("{s:s,s:s,s:f,s:b,s:b}", "algorithm",
	                 algo_name(g->opts->algorithm), "heuristic",
	                 g->r->h_scale > 0 ? "euclidean" : "zero", "weight",
	                 g->opts->weight, "adjacent", g->opts->adjacent,
	                 "closest", g->opts->closest);
}

static void put_result(json_t *o, const graph_report *g)
{
	const astar_graph_result *r = g->r;
	json_t *path = json_array();

	json_object_set_new(o, "found", json_boolean(r->found));
	json_object_set_new(o, "reached_goal", json_boolean(r->reached_goal));
	if (g->index >= 0)
		json_object_set_new(o, "query", json_integer(g->index));
	if (g->q->name != NULL)
		json_object_set_new(o, "name", json_string(g->q->name));
	json_object_set_new(o, "cost", r->found ? json_real(r->cost) : json_null());
	json_object_set_new(o, "steps", r->found ? json_integer((json_int_t)r->path_len - 1)
	                                         : json_null());
	json_object_set_new(o, "end", r->found ? id_json(g->f, r->end) : json_null());
	for (size_t i = 0; r->path != NULL && i < r->path_len; i++)
		json_array_append_new(path, id_json(g->f, r->path[i]));
	json_object_set_new(o, "path", path);
	json_object_set_new(o, "expanded", json_integer((json_int_t)r->expanded));
	json_object_set_new(o, "generated", json_integer((json_int_t)r->generated));
	if (r->explored != NULL) {
		json_t *e = json_array();
		for (size_t i = 0; i < r->explored_len; i++)
			json_array_append_new(e, id_json(g->f, r->explored[i]));
		json_object_set_new(o, "explored", e);
	}
	if (g->timing)
		json_object_set_new(o, "time_ms",
		                    json_pack("{s:f,s:f}", "load", g->load_ms,
		                              "search", g->search_ms));
}

static int dump(FILE *out, json_t *o)
{
	int rc = o == NULL ? -1
	                   : json_dumpf(o, out, JSON_COMPACT | JSON_PRESERVE_ORDER |
	                                                JSON_REAL_PRECISION(15));

	json_decref(o);
	if (rc != 0 || fputc('\n', out) == EOF)
		return -1;
	return 0;
}

int output_graph_json(FILE *out, const graph_report *g)
{
	json_t *o = json_object();

	json_object_set_new(o, "map", json_string(g->map));
	json_object_set_new(o, "start", ends_json(g->f, g->q->starts, g->q->nstarts));
	json_object_set_new(o, "goal", ends_json(g->f, g->q->goals, g->q->ngoals));
	json_object_set_new(o, "options", options_json(g));
	put_result(o, g);
	return dump(out, o);
}

/* A node's position as x,y,z with the text's cost format. */
static void put_pos(FILE *out, const graph_file *f, uint32_t v)
{
	char b[3][64];
	double xyz[3];

	astar_graph_pos(f->g, v, xyz);
	for (int k = 0; k < 3; k++)
		output_cost(b[k], sizeof b[k], xyz[k]);
	fprintf(out, "  (%s, %s, %s)", b[0], b[1], b[2]);
}

static void text_path(FILE *out, const graph_report *g)
{
	const astar_graph_result *r = g->r;
	char c[64], id[24];

	fputs("path:\n", out);
	for (size_t i = 0; i < r->path_len; i++) {
		uint32_t v = r->path[i];

		if (i == 0) {
			fprintf(out, "  %s", graph_file_id(g->f, v, id));
		} else {
			const uint32_t *to;
			const double *cost;
			size_t n = astar_graph_out(g->f->g, r->path[i - 1], &to, &cost);
			double step = 0;

			for (size_t k = 0; k < n; k++)
				if (to[k] == v)
					step = cost[k];
			output_cost(c, sizeof c, step);
			fprintf(out, "  %s  +%s", graph_file_id(g->f, v, id), c);
		}
		if (g->f->has_pos)
			put_pos(out, g->f, v);
		fputc('\n', out);
	}
}

static void text_ends(FILE *out, const graph_file *f, const uint32_t *v,
                      size_t n)
{
	char id[24];

	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? "," : "", graph_file_id(f, v[i], id));
}

int output_graph_text(FILE *out, const graph_report *g)
{
	const astar_graph_result *r = g->r;
	char c[64];

	if (g->q->name != NULL)
		fprintf(out, "%s: ", g->q->name);
	text_ends(out, g->f, g->q->starts, g->q->nstarts);
	fputs(" -> ", out);
	text_ends(out, g->f, g->q->goals, g->q->ngoals);
	fputc('\n', out);
	if (r->found && r->path != NULL)
		text_path(out, g);
	fprintf(out, "found: %s\n", !r->found ? "no" : r->reached_goal ? "yes"
	                                                              : "closest");
	if (r->found) {
		output_cost(c, sizeof c, r->cost);
		fprintf(out, "cost: %s\nsteps: %zu\n", c, r->path_len - 1);
	}
	fprintf(out, "expanded: %llu\ngenerated: %llu\n",
	        (unsigned long long)r->expanded, (unsigned long long)r->generated);
	if (g->timing)
		fprintf(out, "time: load %.3f ms, search %.3f ms\n", g->load_ms,
		        g->search_ms);
	return ferror(out) ? -1 : 0;
}

int output_graph_distances(FILE *out, const graph_report *g,
                           const double *dist, int json)
{
	const graph_file *f = g->f;
	char c[64], id[24];

	if (json) {
		json_t *o = json_object(), *d = json_object();

		json_object_set_new(o, "map", json_string(g->map));
		json_object_set_new(o, "start", ends_json(f, g->q->starts, g->q->nstarts));
		for (size_t i = 0; i < f->n; i++)
			json_object_set_new(d, graph_file_id(f, (uint32_t)i, id),
			                    dist[i] >= 0 ? json_real(dist[i]) : json_null());
		json_object_set_new(o, "distances", d);
		return dump(out, o);
	}
	fputs("distances from ", out);
	text_ends(out, f, g->q->starts, g->q->nstarts);
	fputc('\n', out);
	for (size_t i = 0; i < f->n; i++) {
		if (dist[i] < 0) {
			fprintf(out, "  %s  -\n", graph_file_id(f, (uint32_t)i, id));
			continue;
		}
		output_cost(c, sizeof c, dist[i]);
		fprintf(out, "  %s  %s\n", graph_file_id(f, (uint32_t)i, id), c);
	}
	return ferror(out) ? -1 : 0;
}
