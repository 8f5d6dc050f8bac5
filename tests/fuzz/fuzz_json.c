/*
 * fuzz_json.c - libFuzzer target for map_read_json and the search.
 *
 * Input: two option bytes (see fz_decode_options in fuzz_common.h), then
 * the JSON text.  A map that reads is checked against the document as
 * jansson parses it here (dimensions, every cell through rows and the
 * legend or through cells, start and goal, the diagonal policy, the
 * queries with their flags and expected paths), then searched
 * from its start to its goal ((0,0) and (w-1,h-1) when not given) and
 * along its first FZ_MAX_QUERIES queries under the options, each result
 * checked by fz_check_search.
 */
#include <jansson.h>

#include "value.h"
#include "fuzz_common.h"

/* Cost of character c under the document's legend, as astar(1) states
 * it: the ASCII legend, then the map's own entries. */
static int model_cost(json_t *legend, unsigned char c)
{
	char key[2] = {(char)c, '\0'};
	json_t *v;

	if (legend != NULL && c != '\0' && (v = json_object_get(legend, key))) {
		if (json_is_string(v))
			return 0; /* "blocked" */
		return (int)json_integer_value(v);
	}
	if (c == '.' || c == 'S' || c == 'G')
		return 1;
	if (c == '#')
		return 0;
	if (c >= '1' && c <= '9')
		return c - '0';
	return -1;
}

static void model_point(json_t *v, astar_point p)
{
	FZ_CHECK(json_is_array(v) && json_array_size(v) == 2);
	FZ_CHECK(json_integer_value(json_array_get(v, 0)) == p.x);
	FZ_CHECK(json_integer_value(json_array_get(v, 1)) == p.y);
}

/* The S and G markers met in the rows, where there are rows. */
typedef struct model_marks {
	int has_s, has_g;
	astar_point s, g;
} model_marks;

/* Row y given as a string: each character's cost through the legend,
 * and where S and G are (at most one of each). */
static void model_row_string(json_t *row, json_t *legend, const map *m,
                             int32_t w, int32_t y, model_marks *mk)
{
	const char *str = json_string_value(row);

	FZ_CHECK(str != NULL && json_string_length(row) == (size_t)w);
	for (int32_t x = 0; x < w; x++) {
		unsigned char c = (unsigned char)str[x];
		int cost = model_cost(legend, c);
		FZ_CHECK(cost >= 0 && cost <= ASTAR_COST_MAX);
		FZ_CHECK(astar_grid_get(m->grid, x, y) == cost);
		if (c == 'S') {
			FZ_CHECK(!mk->has_s);
			mk->has_s = 1;
			mk->s.x = x;
			mk->s.y = y;
		} else if (c == 'G') {
			FZ_CHECK(!mk->has_g);
			mk->has_g = 1;
			mk->g.x = x;
			mk->g.y = y;
		}
	}
}

/* Row y given as an array of costs. */
static void model_row_cells(json_t *row, const map *m, int32_t w, int32_t y)
{
	FZ_CHECK(json_array_size(row) == (size_t)w);
	for (int32_t x = 0; x < w; x++) {
		json_t *c = json_array_get(row, (size_t)x);
		FZ_CHECK(json_is_integer(c));
		FZ_CHECK(astar_grid_get(m->grid, x, y) ==
		         json_integer_value(c));
	}
}

/* The dimensions and every cell, through "rows" and the legend or
 * through "cells" (exactly one of the two).  "width" and "height" may be
 * left out, the rows giving them: when given, they are the grid's; every
 * row below is held to the grid's width either way. */
static void model_grid(json_t *root, const map *m, model_marks *mk)
{
	int32_t w = astar_grid_width(m->grid), h = astar_grid_height(m->grid);
	json_t *rows = json_object_get(root, "rows");
	json_t *cells = json_object_get(root, "cells");
	json_t *legend = json_object_get(root, "legend");
	json_t *jw = json_object_get(root, "width");
	json_t *jh = json_object_get(root, "height");

	FZ_CHECK(jw == NULL || json_integer_value(jw) == w);
	FZ_CHECK(jh == NULL || json_integer_value(jh) == h);
	FZ_CHECK((rows == NULL) != (cells == NULL));
	FZ_CHECK(json_array_size(rows ? rows : cells) == (size_t)h);
	for (int32_t y = 0; y < h; y++) {
		json_t *row = json_array_get(rows ? rows : cells, (size_t)y);
		if (rows)
			model_row_string(row, legend, m, w, y, mk);
		else
			model_row_cells(row, m, w, y);
	}
}

/* Start and goal: the "start"/"goal" members win over the S/G markers;
 * then the diagonal policy, when the document names one. */
static void model_points(json_t *root, const map *m, const model_marks *mk)
{
	int has_s = mk->has_s, has_g = mk->has_g;
	json_t *v;

	if ((v = json_object_get(root, "start")) != NULL) {
		model_point(v, m->start);
		has_s = 1;
	} else if (has_s) {
		FZ_CHECK(m->start.x == mk->s.x && m->start.y == mk->s.y);
	}
	if ((v = json_object_get(root, "goal")) != NULL) {
		model_point(v, m->goal);
		has_g = 1;
	} else if (has_g) {
		FZ_CHECK(m->goal.x == mk->g.x && m->goal.y == mk->g.y);
	}
	FZ_CHECK(m->has_start == has_s && m->has_goal == has_g);
	v = json_object_get(root, "diagonal");
	FZ_CHECK(m->has_diagonal == (v != NULL));
	if (v != NULL) {
		astar_diagonal d;
		FZ_CHECK(json_is_string(v) &&
		         value_diagonal(json_string_value(v), &d) == 0 &&
		         d == m->diagonal);
	}
}

/* A query's "expect" object (e NULL when absent): each expectation is
 * present exactly when the member is, with its value. */
static void model_expect(json_t *e, const map_expect *x)
{
	json_t *f;

	f = e ? json_object_get(e, "reachable") : NULL;
	FZ_CHECK(x->has_reachable == (f != NULL));
	if (f)
		FZ_CHECK(x->reachable == json_is_true(f));
	f = e ? json_object_get(e, "cost") : NULL;
	FZ_CHECK(x->has_cost == (f != NULL));
	if (f)
		FZ_CHECK(x->cost == json_number_value(f));
	f = e ? json_object_get(e, "max_cost") : NULL;
	FZ_CHECK(x->has_max_cost == (f != NULL));
	if (f)
		FZ_CHECK(x->max_cost == json_number_value(f));
	f = e ? json_object_get(e, "steps") : NULL;
	FZ_CHECK(x->has_steps == (f != NULL));
	if (f)
		FZ_CHECK(x->steps == json_integer_value(f));
	f = e ? json_object_get(e, "path") : NULL;
	FZ_CHECK(x->has_path == (f != NULL));
	FZ_CHECK(x->path_len == (f ? json_array_size(f) : 0));
	FZ_CHECK(!f || x->path_len > 0);
	for (size_t k = 0; k < x->path_len; k++)
		model_point(json_array_get(f, k), x->path[k]);
}

/* Every query: its points, expectations and flags. */
static void model_queries(json_t *root, const map *m)
{
	json_t *v = json_object_get(root, "queries");

	FZ_CHECK(m->nqueries == (v ? json_array_size(v) : 0));
	for (size_t i = 0; i < m->nqueries; i++) {
		json_t *q = json_array_get(v, i);
		model_point(json_object_get(q, "start"), m->queries[i].start);
		model_point(json_object_get(q, "goal"), m->queries[i].goal);
		model_expect(json_object_get(q, "expect"),
		             &m->queries[i].expect);
		FZ_CHECK(m->queries[i].adjacent ==
		         json_is_true(json_object_get(q, "adjacent")));
		FZ_CHECK(m->queries[i].closest ==
		         json_is_true(json_object_get(q, "closest")));
	}
}

/* The map agrees with the document it was read from. */
static void model_compare(const char *buf, size_t len, const map *m)
{
	json_error_t jerr;
	json_t *root;
	model_marks mk = {0, 0, {0, 0}, {0, 0}};

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr);
	FZ_CHECK(root != NULL && json_is_object(root));
	model_grid(root, m, &mk);
	model_points(root, m, &mk);
	model_queries(root, m);
	json_decref(root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	astar_options o;
	size_t max_cells;
	map m;
	map_error err;
	const char *buf;
	size_t len;
	int rc;

	if (size < 2)
		return 0;
	fz_decode_options(data[0], data[1], &o);
	max_cells = fz_max_cells(data[1]);
	buf = (const char *)data + 2;
	len = size - 2;

	memset(&err, 0, sizeof err);
	rc = map_read_json(buf, len, max_cells, &m, &err);
	if (rc != 0) {
		FZ_CHECK(rc == -1);
		fz_check_error(&err);
		fz_check_error_place(&err, buf, len);
		fz_check_empty_map(&m);
		map_free(&m);
		return 0;
	}
	if (m.voxels != NULL) { /* a voxel level: fuzz_voxel's */
		FZ_CHECK(m.grid == NULL && m.vlevel != NULL);
		map_free(&m);
		return 0;
	}
	fz_check_map(&m, max_cells);
	FZ_CHECK(map_detect(buf, len) == MAPFMT_JSON);
	model_compare(buf, len, &m);

	{
		astar_ctx *ctx = astar_ctx_new();
		astar_point s, t;
		FZ_CHECK(ctx != NULL);
		fz_endpoints(&m, &s, &t);
		fz_check_search(ctx, m.grid, s, t, &o);
		fz_check_transposed(ctx, m.grid, s, t, &o);
		for (size_t i = 0; i < m.nqueries && i < FZ_MAX_QUERIES; i++)
			fz_check_search(ctx, m.grid, m.queries[i].start,
			                m.queries[i].goal, &o);
		astar_ctx_free(ctx);
	}
	map_free(&m);
	return 0;
}
