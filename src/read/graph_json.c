/*
 * graph_json.c - the JSON graph reader: "nodes" (ids, positions,
 * walkable flags, "adjacent" one-way links costing their length),
 * "edges" (both ways unless "oneway", costing their length unless
 * "cost" says), and the level's extras naming nodes by id: "points",
 * "start", "goal", "queries", "reach" and "expect": {"regions": N}.
 * Every error names the JSON path of the value at fault, which
 * map_json_place_error turns into its line and column.
 */
#include <inttypes.h>
#include <math.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph_file.h"
#include "json_pos.h"
#include "map_json_places.h"

/* A node id as text: a string as it is, an integer in decimal. */
static int id_text(json_t *v, char *out, size_t size)
{
	if (json_is_string(v)) {
		if (json_string_length(v) >= size ||
		    strlen(json_string_value(v)) != json_string_length(v))
			return -1;
		memcpy(out, json_string_value(v), json_string_length(v) + 1);
		return 0;
	}
	if (json_is_integer(v)) {
		snprintf(out, size, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return 0;
	}
	return -1;
}

#define ID_MAX 256

static int read_pos(json_t *p, double xyz[3])
{
	size_t n = json_array_size(p);

	xyz[2] = 0;
	if (!json_is_array(p) || n < 2 || n > 3)
		return -1;
	for (size_t i = 0; i < n; i++) {
		json_t *c = json_array_get(p, i);
		if (!json_is_number(c))
			return -1;
		xyz[i] = json_number_value(c);
	}
	return 0;
}

/* The nodes: ids, positions, flags (the arcs wait for every id). */
static int read_nodes(json_t *nodes, graph_file *f, map_error *err)
{
	size_t i;
	json_t *nd;

	if (!json_is_array(nodes))
		return map_fail(err, 0, 0, "nodes: expected an array");
	json_array_foreach(nodes, i, nd) {
		char id[ID_MAX];
		double xyz[3];
		json_t *w = json_object_get(nd, "walkable"), *p;
		int rc;

		if (!json_is_object(nd))
			return map_fail(err, 0, 0, "nodes[%zu]: expected an object", i);
		if (id_text(json_object_get(nd, "id"), id, sizeof id) != 0)
			return map_fail(err, 0, 0,
			                "nodes[%zu].id: expected a string or an integer", i);
		p = json_object_get(nd, "pos");
		if (read_pos(p, xyz) != 0)
			return map_fail(err, 0, 0,
			                "nodes[%zu].pos: expected [x, y] or [x, y, z]", i);
		if (w != NULL && !json_is_boolean(w))
			return map_fail(err, 0, 0,
			                "nodes[%zu].walkable: expected true or false", i);
		rc = graph_file_node(f, id, xyz[0], xyz[1], xyz[2],
		                     w == NULL || json_is_true(w));
		if (rc == -1)
			return map_fail(err, 0, 0, "nodes[%zu].id: duplicate id '%s'",
			                i, id);
		if (rc != 0)
			return map_fail(err, 0, 0, "out of memory");
	}
	return 0;
}

/* The node an id value names, at path for messages. */
static int node_of(const graph_file *f, json_t *v, const char *path,
                   uint32_t *out, map_error *err)
{
	char id[ID_MAX];

	if (id_text(v, id, sizeof id) != 0)
		return map_fail(err, 0, 0, "%s: expected a node id", path);
	if (graph_file_find(f, id, out) != 0)
		return map_fail(err, 0, 0, "%s: no node '%s'", path, id);
	return 0;
}

static double dist(const graph_file *f, uint32_t a, uint32_t b)
{
	const double *p = f->xyz + 3 * (size_t)a, *q = f->xyz + 3 * (size_t)b;

	return sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) +
	            (p[2] - q[2]) * (p[2] - q[2]));
}

static int add_arc(graph_file *f, uint32_t a, uint32_t b, double c,
                   map_error *err)
{
	if (graph_file_arc(f, a, b, c) != 0)
		return map_fail(err, 0, 0, "out of memory");
	return 0;
}

/* Each node's "adjacent": one-way arcs costing their length. */
static int read_adjacent(json_t *nodes, graph_file *f, map_error *err)
{
	size_t i, k;
	json_t *nd, *to;
	char path[64];

	json_array_foreach(nodes, i, nd) {
		json_t *adj = json_object_get(nd, "adjacent");

		if (adj == NULL)
			continue;
		if (!json_is_array(adj))
			return map_fail(err, 0, 0,
			                "nodes[%zu].adjacent: expected an array of ids", i);
		json_array_foreach(adj, k, to) {
			uint32_t b;

			snprintf(path, sizeof path, "nodes[%zu].adjacent[%zu]", i, k);
			if (node_of(f, to, path, &b, err) != 0 ||
			    add_arc(f, (uint32_t)i, b, dist(f, (uint32_t)i, b), err) != 0)
				return -1;
		}
	}
	return 0;
}

/* One "edges" entry: both ways unless oneway; its cost or its length. */
static int read_edge(json_t *e, size_t i, graph_file *f, map_error *err)
{
	char path[64];
	uint32_t a, b;
	json_t *c = json_object_get(e, "cost"), *ow = json_object_get(e, "oneway");
	double cost;

	if (!json_is_object(e))
		return map_fail(err, 0, 0, "edges[%zu]: expected an object", i);
	snprintf(path, sizeof path, "edges[%zu].from", i);
	if (node_of(f, json_object_get(e, "from"), path, &a, err) != 0)
		return -1;
	snprintf(path, sizeof path, "edges[%zu].to", i);
	if (node_of(f, json_object_get(e, "to"), path, &b, err) != 0)
		return -1;
	if (c != NULL && (!json_is_number(c) || !(json_number_value(c) >= 0) ||
	                  !isfinite(json_number_value(c))))
		return map_fail(err, 0, 0,
		                "edges[%zu].cost: expected a number >= 0", i);
	if (ow != NULL && !json_is_boolean(ow))
		return map_fail(err, 0, 0,
		                "edges[%zu].oneway: expected true or false", i);
	cost = c != NULL ? json_number_value(c) : dist(f, a, b);
	if (add_arc(f, a, b, cost, err) != 0)
		return -1;
	if (!json_is_true(ow))
		return add_arc(f, b, a, cost, err);
	return 0;
}

static int read_edges(json_t *edges, graph_file *f, map_error *err)
{
	size_t i;
	json_t *e;

	if (edges == NULL)
		return 0;
	if (!json_is_array(edges))
		return map_fail(err, 0, 0, "edges: expected an array");
	json_array_foreach(edges, i, e)
		if (read_edge(e, i, f, err) != 0)
			return -1;
	return 0;
}

/* The "points": a name for an id or a list of ids. */
static int read_points(json_t *pts, graph_file *f, map_error *err)
{
	const char *name;
	json_t *v;
	char path[MAP_MSG_MAX];

	if (pts == NULL)
		return 0;
	if (!json_is_object(pts))
		return map_fail(err, 0, 0, "points: expected an object");
	f->points = calloc(json_object_size(pts) + 1, sizeof *f->points);
	if (f->points == NULL)
		return map_fail(err, 0, 0, "out of memory");
	json_object_foreach(pts, name, v) {
		graph_point *p = &f->points[f->npoints++];
		size_t n = json_is_array(v) ? json_array_size(v) : 1;

		p->name = strdup(name);
		p->nodes = malloc((n ? n : 1) * sizeof *p->nodes);
		if (p->name == NULL || p->nodes == NULL)
			return map_fail(err, 0, 0, "out of memory");
		for (size_t k = 0; k < n; k++) {
			json_t *one = json_is_array(v) ? json_array_get(v, k) : v;

			snprintf(path, sizeof path, json_is_array(v) ? "points.%s[%zu]"
			                                              : "points.%s",
			         name, k);
			if (node_of(f, one, path, &p->nodes[k], err) != 0)
				return -1;
			p->n++;
		}
	}
	return 0;
}

/* The nodes an endpoint names: an id, "@point" (or "@id"), or a list of
 * them, into an owned array. */
static int endpoint_nodes(const graph_file *f, json_t *v, const char *path,
                          uint32_t **out, size_t *n, map_error *err)
{
	size_t cnt = json_is_array(v) ? json_array_size(v) : 1, got = 0;
	char sub[MAP_MSG_MAX];

	if (json_is_array(v) && cnt == 0)
		return map_fail(err, 0, 0, "%s: expected a node id", path);
	*out = NULL;
	*n = 0;
	for (size_t k = 0; k < cnt; k++) {
		json_t *one = json_is_array(v) ? json_array_get(v, k) : v;
		const uint32_t *vs;
		uint32_t single;
		size_t nv;
		char id[ID_MAX];
		uint32_t *grown;

		if (json_is_array(v))
			snprintf(sub, sizeof sub, "%s[%zu]", path, k);
		else
			snprintf(sub, sizeof sub, "%s", path);
		if (id_text(one, id, sizeof id) != 0)
			return map_fail(err, 0, 0, "%s: expected a node id", sub);
		if (graph_file_resolve(f, id, &vs, &nv, &single) != 0)
			return map_fail(err, 0, 0, "%s: no node '%s'", sub, id);
		grown = realloc(*out, (got + nv) * sizeof *grown);
		if (grown == NULL)
			return map_fail(err, 0, 0, "out of memory");
		*out = grown;
		memcpy(grown + got, vs, nv * sizeof *vs);
		got += nv;
		*n = got;
	}
	return 0;
}

static int read_bool(json_t *o, const char *key, const char *path, int *has,
                     int *val, map_error *err)
{
	json_t *v = json_object_get(o, key);

	if (v == NULL)
		return 0;
	if (!json_is_boolean(v))
		return map_fail(err, 0, 0, "%s.%s: expected true or false", path, key);
	*has = 1;
	*val = json_is_true(v);
	return 0;
}

/* A query's "expect": "reachable" and "cost". */
static int read_expect(json_t *e, const char *path, graph_query *q,
                       map_error *err)
{
	json_t *c;

	if (e == NULL)
		return 0;
	if (!json_is_object(e))
		return map_fail(err, 0, 0, "%s.expect: expected an object", path);
	c = json_object_get(e, "cost");
	if (c != NULL) {
		if (!json_is_number(c) || !(json_number_value(c) >= 0))
			return map_fail(err, 0, 0,
			                "%s.expect.cost: expected a number >= 0", path);
		q->has_cost = 1;
		q->cost = json_number_value(c);
	}
	c = json_object_get(e, "steps");
	if (c != NULL) {
		if (!json_is_integer(c) || json_integer_value(c) < 0)
			return map_fail(err, 0, 0,
			                "%s.expect.steps: expected a whole number", path);
		q->has_steps = 1;
		q->steps = (long)json_integer_value(c);
	}
	return read_bool(e, "reachable", path, &q->has_reachable, &q->reachable,
	                 err);
}

static int read_query(json_t *o, size_t i, graph_file *f, map_error *err)
{
	graph_query *q = &f->queries[f->nqueries++];
	char path[64], sub[80];
	json_t *s = json_object_get(o, "start"), *g = json_object_get(o, "goal");
	json_t *name = json_object_get(o, "name");
	int has = 0;

	snprintf(path, sizeof path, "queries[%zu]", i);
	if (!json_is_object(o))
		return map_fail(err, 0, 0, "%s: expected an object", path);
	if (s == NULL || g == NULL)
		return map_fail(err, 0, 0, "%s: missing key '%s'", path,
		                s == NULL ? "start" : "goal");
	if (name != NULL && !json_is_string(name))
		return map_fail(err, 0, 0, "%s.name: expected a string", path);
	if (name != NULL && (q->name = strdup(json_string_value(name))) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	snprintf(sub, sizeof sub, "%s.start", path);
	if (endpoint_nodes(f, s, sub, &q->starts, &q->nstarts, err) != 0)
		return -1;
	snprintf(sub, sizeof sub, "%s.goal", path);
	if (endpoint_nodes(f, g, sub, &q->goals, &q->ngoals, err) != 0)
		return -1;
	if (read_bool(o, "adjacent", path, &has, &q->adjacent, err) != 0 ||
	    read_bool(o, "closest", path, &has, &q->closest, err) != 0)
		return -1;
	return read_expect(json_object_get(o, "expect"), path, q, err);
}

static int read_queries(json_t *qs, graph_file *f, map_error *err)
{
	size_t i;
	json_t *o;

	if (qs == NULL)
		return 0;
	if (!json_is_array(qs))
		return map_fail(err, 0, 0, "queries: expected an array");
	f->queries = calloc(json_array_size(qs) + 1, sizeof *f->queries);
	if (f->queries == NULL)
		return map_fail(err, 0, 0, "out of memory");
	json_array_foreach(qs, i, o)
		if (read_query(o, i, f, err) != 0)
			return -1;
	return 0;
}

static int read_reach(json_t *rs, graph_file *f, map_error *err)
{
	size_t i;
	json_t *o;
	char path[64];

	if (rs == NULL)
		return 0;
	if (!json_is_array(rs))
		return map_fail(err, 0, 0, "reach: expected an array");
	f->reach = calloc(json_array_size(rs) + 1, sizeof *f->reach);
	if (f->reach == NULL)
		return map_fail(err, 0, 0, "out of memory");
	json_array_foreach(rs, i, o) {
		graph_reach *r = &f->reach[f->nreach++];
		int has = 0;

		r->reachable = 1;
		snprintf(path, sizeof path, "reach[%zu].from", i);
		if (!json_is_object(o))
			return map_fail(err, 0, 0, "reach[%zu]: expected an object", i);
		if (endpoint_nodes(f, json_object_get(o, "from"), path, &r->from,
		                   &r->nfrom, err) != 0)
			return -1;
		snprintf(path, sizeof path, "reach[%zu].to", i);
		if (endpoint_nodes(f, json_object_get(o, "to"), path, &r->to, &r->nto,
		                   err) != 0)
			return -1;
		snprintf(path, sizeof path, "reach[%zu]", i);
		if (read_bool(o, "reachable", path, &has, &r->reachable, err) != 0)
			return -1;
	}
	return 0;
}

/* "start", "goal" and "expect": {"regions": N} at the top. */
static int read_top(json_t *root, graph_file *f, map_error *err)
{
	json_t *s = json_object_get(root, "start"), *g = json_object_get(root, "goal");
	json_t *e = json_object_get(root, "expect"), *r;

	if (s != NULL && node_of(f, s, "start", &f->start, err) != 0)
		return -1;
	if (g != NULL && node_of(f, g, "goal", &f->goal, err) != 0)
		return -1;
	f->has_start = s != NULL;
	f->has_goal = g != NULL;
	if (e == NULL)
		return 0;
	r = json_object_get(e, "regions");
	if (!json_is_object(e) || (r != NULL && (!json_is_integer(r) ||
	                                         json_integer_value(r) < 0)))
		return map_fail(err, 0, 0, "expect.regions: expected a whole number");
	f->has_regions = r != NULL;
	f->regions = r != NULL ? (long)json_integer_value(r) : 0;
	return 0;
}

static int read_root(json_t *root, size_t max_cells, graph_file *f,
                     map_error *err)
{
	json_t *nodes = json_object_get(root, "nodes");

	f->has_pos = 1;
	if (read_nodes(nodes, f, err) != 0 || read_adjacent(nodes, f, err) != 0 ||
	    read_edges(json_object_get(root, "edges"), f, err) != 0)
		return -1;
	if (f->n + f->m > max_cells)
		return map_fail(err, 0, 0,
		                "nodes: the graph has %zu nodes and %zu arcs, more "
		                "than --max-cells=%zu together",
		                f->n, f->m, max_cells);
	if (read_points(json_object_get(root, "points"), f, err) != 0 ||
	    read_top(root, f, err) != 0 ||
	    read_queries(json_object_get(root, "queries"), f, err) != 0 ||
	    read_reach(json_object_get(root, "reach"), f, err) != 0)
		return -1;
	return graph_file_finish(f, max_cells, err);
}

/* The place of the value at key[index] (index SIZE_MAX: key itself, or
 * key.sub when sub is set). */
static void place(const char *buf, size_t len, const char *key, size_t index,
                  const char *sub, long *line, long *col)
{
	json_step st[2] = {{key, 0}, {NULL, index}};
	json_place at;

	if (sub != NULL)
		st[1].key = sub;
	if (json_pos_find(buf, len, st, index == SIZE_MAX && sub == NULL ? 1 : 2,
	                  0, &at) == 0) {
		*line = at.line;
		*col = at.col;
	}
}

/* Where the queries, reach checks and regions are, for messages. */
static void place_all(const char *buf, size_t len, graph_file *f)
{
	for (size_t i = 0; i < f->nqueries; i++)
		place(buf, len, "queries", i, NULL, &f->queries[i].line,
		      &f->queries[i].col);
	for (size_t i = 0; i < f->nreach; i++)
		place(buf, len, "reach", i, NULL, &f->reach[i].line, &f->reach[i].col);
	if (f->has_regions)
		place(buf, len, "expect", SIZE_MAX, "regions", &f->regions_line,
		      &f->regions_col);
}

int graph_read_json(const char *buf, size_t len, size_t max_cells,
                    graph_file *f, map_error *err)
{
	json_error_t jerr;
	json_t *root;
	int rc;

	memset(f, 0, sizeof *f);
	root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr);
	if (root == NULL)
		return map_fail(err, jerr.line > 0 ? jerr.line : 0,
		                jerr.column > 0 ? jerr.column : 0, "%s", jerr.text);
	rc = json_is_object(root) ? read_root(root, max_cells, f, err)
	                          : map_fail(err, 0, 0, "expected an object");
	json_decref(root);
	if (rc != 0) {
		graph_file_free(f);
		if (err->line == 0)
			map_json_place_error(buf, len, err);
	} else {
		place_all(buf, len, f);
	}
	return rc;
}

/* The end of the string whose opening quote is at buf[i]: the index of
 * its closing quote, or len. */
static size_t string_end(const char *buf, size_t len, size_t i)
{
	for (i++; i < len && buf[i] != '"'; i++)
		if (buf[i] == '\\')
			i++;
	return i < len ? i : len;
}

/* A scan, not a parse: a run tells each of its JSON inputs by this, so
 * it costs one pass over the bytes and no allocation; a text that is no
 * JSON is the reader's to report. */
int graph_json_detect(const char *buf, size_t len)
{
	int depth = 0;
	size_t i = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && strchr(" \t\r\n", buf[i]) != NULL && buf[i])
		i++;
	if (i >= len || buf[i] != '{')
		return 0;
	for (; i < len; i++) {
		if (buf[i] == '{' || buf[i] == '[') {
			depth++;
		} else if (buf[i] == '}' || buf[i] == ']') {
			depth--;
		} else if (buf[i] == '"') {
			size_t s = i + 1, j;

			i = string_end(buf, len, i);
			if (depth != 1 || i - s != 5 || memcmp(buf + s, "nodes", 5))
				continue;
			for (j = i + 1; j < len && strchr(" \t\r\n", buf[j]) &&
			                buf[j];
			     j++)
				;
			if (j < len && buf[j] == ':')
				return 1;
		}
	}
	return 0;
}
