/*
 * output_json.c - one compact JSON object per query (JSON Lines), built
 * whole in memory and written with a single fwrite so that a failed write
 * never leaves half a record followed by more.
 *
 * jansson writes every value that needs its care: the file names (JSON
 * strings, escaped), every real number (to 15 significant digits) and
 * the --check object, each into the record's buffer (json_dumpb).  The
 * rest is written here, as jansson would write it compactly: the fixed
 * keys in their order, the names of the options' values (plain ASCII
 * words), booleans, null, whole numbers and the arrays of points "path"
 * and "explored", nearly all of a record's bytes.  Through jansson each
 * point cost three allocations and two snprintf calls, and a whole
 * record, built as jansson objects and dumped, cost more than its search
 * on most scenario queries with JPS.
 */
#include <errno.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/value.h"
#include "output.h"
#include "base/utf8.h"

/*
 * A number as the output writes it, to 15 significant digits.  Above
 * 1.79769313486231e308 those digits round up past the largest double
 * (1.79769313486232e308 reads back as infinity, and strict readers
 * refuse it), so such a value is written as that bound, which is as
 * near as 15 digits get.
 */
static json_t *real(double v)
{
	const double top = 1.79769313486231e308;

	return json_real(fabs(v) > top ? copysign(top, v) : v);
}

/*
 * A JSON string of the file name s, which may hold any bytes: a JSON
 * string holds Unicode text (and jansson takes only UTF-8), so each byte
 * that does not start a well-formed UTF-8 sequence is written as U+FFFD,
 * the replacement character.  NULL when out of memory.
 */
static json_t *file_name(const char *s)
{
	size_t n;
	char *u = utf8_clean(s, strlen(s), &n);
	json_t *v = u != NULL ? json_stringn(u, n) : NULL;

	free(u);
	return v;
}

/* A growing line of text; on failure of an allocation nomem is set and
 * the rest is dropped. */
typedef struct text {
	char *s;
	size_t n, cap;
	int nomem;
	long ox, oy; /* added to every point: the map's editor origin */
} text;

/* Room for at least more bytes after s[n]; 0 or -1. */
static int reserve(text *t, size_t more)
{
	char *p;
	size_t cap;

	if (t->nomem)
		return -1;
	if (t->cap - t->n >= more)
		return 0;
	cap = t->cap ? t->cap : 1024;
	while (cap - t->n < more)
		cap *= 2;
	if ((p = realloc(t->s, cap)) == NULL) {
		t->nomem = 1;
		return -1;
	}
	t->s = p;
	t->cap = cap;
	return 0;
}

static void put(text *t, const char *s, size_t n)
{
	if (reserve(t, n) == 0) {
		memcpy(t->s + t->n, s, n);
		t->n += n;
	}
}

/* "00" to "99": put_digits writes two digits per division. */
static const char digit_pairs[] = "0001020304050607080910111213141516171819"
				  "2021222324252627282930313233343536373839"
				  "4041424344454647484950515253545556575859"
				  "6061626364656667686970717273747576777879"
				  "8081828384858687888990919293949596979899";

/* Writes u in decimal at p (at most 20 characters), as jansson writes
 * an integer; returns how many.  The digits are written from the last,
 * two at a time, into their final places: the count is known first.  A
 * coordinate usually has 1 to 4. */
static inline size_t put_digits(char *p, uint64_t u)
{
	size_t n;
	char *q;

	if (u < 10000) {
		n = u < 100 ? 1 + (u >= 10) : 3 + (u >= 1000);
	} else {
		n = 5;
		for (uint64_t t = u / 100000; t > 0; t /= 10)
			n++;
	}
	q = p + n;
	while (u >= 100) {
		uint64_t r = u % 100;
		u /= 100;
		q -= 2;
		memcpy(q, digit_pairs + 2 * r, 2);
	}
	if (u >= 10) {
		q -= 2;
		memcpy(q, digit_pairs + 2 * u, 2);
	} else {
		*--q = (char)('0' + u);
	}
	return n;
}

/* v in decimal at p (at most 11 characters); returns how many. */
static inline size_t put_int(char *p, int32_t v)
{
	if (v >= 0)
		return put_digits(p, (uint32_t)v);
	*p = '-';
	return 1 + put_digits(p + 1, 0u - (uint32_t)v);
}

/* Writes "[x,y]" at p (at most 1 + 11 + 1 + 11 + 1 = 25 characters);
 * returns how many. */
static inline size_t point_text(char *p, int32_t x, int32_t y)
{
	size_t n = 1;

	p[0] = '[';
	n += put_int(p + n, x);
	p[n++] = ',';
	n += put_int(p + n, y);
	p[n++] = ']';
	return n;
}

/* [[x,y],...], as jansson writes an array of arrays compactly. */
static void put_points(text *t, const astar_point *a, size_t n)
{
	put(t, "[", 1);
	for (size_t i = 0; i < n; i++) {
		char *p;
		/* "," and a point */
		if (reserve(t, 26) != 0)
			return;
		p = t->s + t->n;
		if (i > 0)
			*p++ = ',';
		p += point_text(p, (int32_t)(a[i].x + t->ox),
		                (int32_t)(a[i].y + t->oy));
		t->n = (size_t)(p - t->s);
	}
	put(t, "]", 1);
}

/* {"passed": bool, "expected": {...}} for --check. */
static json_t *check_object(const query_report *q)
{
	const map_expect *e = q->expect;
	json_t *exp = json_object();

	if (exp == NULL)
		return NULL;
	if ((e->has_reachable &&
	     json_object_set_new(exp, "reachable",
	                         json_boolean(e->reachable))) ||
	    (e->has_cost && json_object_set_new(exp, "cost", real(e->cost))) ||
	    (e->has_max_cost &&
	     json_object_set_new(exp, "max_cost", real(e->max_cost))) ||
	    (e->has_steps &&
	     json_object_set_new(exp, "steps", json_integer(e->steps)))) {
		json_decref(exp);
		return NULL;
	}
	return json_pack("{s:b, s:o}", "passed", q->check, "expected", exp);
}

/* Microseconds rounded to nanoseconds, so the text stays short. */
static double micros(double us)
{
	return round(us * 1000.0) / 1000.0;
}

/* The flags of every value jansson writes here: compact, numbers to 15
 * significant digits, and any value (not only objects) at the top. */
#define DUMP_FLAGS (JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(15))

/* Appends the text jansson writes for v (a string, a number or an
 * object), taking the reference; sets t->nomem when v is NULL or room
 * ran out.  room is a first guess of the text's length. */
static void put_json(text *t, json_t *v, size_t room)
{
	size_t n;

	if (v == NULL) {
		t->nomem = 1;
		return;
	}
	if (reserve(t, room) == 0) {
		n = json_dumpb(v, t->s + t->n, t->cap - t->n, DUMP_FLAGS);
		if (n > t->cap - t->n && reserve(t, n) == 0)
			n = json_dumpb(v, t->s + t->n, t->cap - t->n,
			               DUMP_FLAGS);
		if (n == 0)
			t->nomem = 1;
		else if (!t->nomem)
			t->n += n;
	}
	json_decref(v);
}

/* A file name as a JSON string (see file_name). */
static void put_name(text *t, const char *s)
{
	/* A byte becomes at most six characters ("\u001f"). */
	put_json(t, file_name(s), 6 * strlen(s) + 2);
}

/* Writes t's text to out and frees it: 0, or -1 with errno set (ENOMEM
 * when t could not be put together). */
static int write_text(FILE *out, text *t)
{
	int rc;

	if (t->nomem) {
		free(t->s);
		errno = ENOMEM;
		return -1;
	}
	rc = fwrite(t->s, 1, t->n, out) == t->n ? 0 : -1;
	free(t->s);
	return rc;
}

int output_json_string(FILE *out, const char *s)
{
	text t = {NULL, 0, 0, 0, 0, 0};

	put_name(&t, s);
	return write_text(out, &t);
}

/* A number with the output's precision (see real). */
static void put_real(text *t, double v)
{
	put_json(t, real(v), 32);
}

static void put_str(text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void put_bool(text *t, int v)
{
	put_str(t, v ? "true" : "false");
}

/* A whole number >= 0. */
static void put_count(text *t, uint64_t v)
{
	if (reserve(t, 20) == 0)
		t->n += put_digits(t->s + t->n, v);
}

/* The key k (a plain ASCII word) after a comma: ,"k": */
static void put_key(text *t, const char *k)
{
	put(t, ",\"", 2);
	put_str(t, k);
	put(t, "\":", 2);
}

/* A plain ASCII word (an option's value) as a JSON string. */
static void put_word(text *t, const char *w)
{
	put(t, "\"", 1);
	put_str(t, w);
	put(t, "\"", 1);
}

/* "[x,y]" */
static void put_point(text *t, astar_point p)
{
	if (reserve(t, 25) == 0)
		t->n += point_text(t->s + t->n, (int32_t)(p.x + t->ox),
		                   (int32_t)(p.y + t->oy));
}

/* "[x,y,z]", and a list of them: a voxel's place. */
static void put_place(text *t, astar_place p)
{
	char buf[48];

	put(t, buf,
	    (size_t)snprintf(buf, sizeof buf, "[%d,%d,%d]", (int)p.x, (int)p.y,
	                     (int)p.z));
}

static void put_places(text *t, const astar_place *a, size_t n)
{
	put_str(t, "[");
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			put_str(t, ",");
		put_place(t, a[i]);
	}
	put_str(t, "]");
}

/* The "options" member: the options the query ran with, by name. */
static void put_options(text *t, const astar_options *o)
{
	put_str(t, ",\"options\":{\"diagonal\":");
	put_word(t, value_diagonal_name(o->diagonal));
	put_key(t, "heuristic");
	put_word(t, value_heuristic_name(astar_effective_heuristic(o)));
	put_key(t, "algorithm");
	put_word(t, value_algorithm_name(o->algorithm));
	put_key(t, "weight");
	put_real(t, o->weight);
	put_key(t, "adjacent");
	put_bool(t, o->adjacent);
	put_key(t, "closest");
	put_bool(t, o->closest);
	/* Only when asked for, so that other records stay as they were. */
	if (o->wrap != ASTAR_WRAP_NONE) {
		put_key(t, "wrap");
		put_word(t, value_wrap_name(o->wrap));
	}
	if (o->size > 1) {
		put_key(t, "size");
		put_count(t, (uint64_t)o->size);
	}
	put_str(t, "}");
}

int output_json_real(FILE *out, double v)
{
	text t = {NULL, 0, 0, 0, 0, 0};

	put_real(&t, v);
	return write_text(out, &t);
}

int output_json_options(FILE *out, const astar_options *o)
{
	text t = {NULL, 0, 0, 0, 0, 0};

	put_options(&t, o);
	return write_text(out, &t);
}

/* A record's text, begun with its points in the editor's coordinates. */
static text record_for(const query_report *q)
{
	text t = {NULL, 0, 0, 0, 0, 0};

	if (q->map != NULL) {
		t.ox = q->map->ox;
		t.oy = q->map->oy;
	}
	return t;
}

/* Ends the record and writes it whole, or nothing when it could not be
 * put together (errno ENOMEM); 0 or -1. */
static int write_record(FILE *out, text *t)
{
	put_str(t, "}\n");
	return write_text(out, t);
}

/* index_key: the index of the point the path joins, null when none does. */
static void put_index(text *t, const char *index_key, int found,
                      uint64_t index)
{
	put_key(t, index_key);
	if (found)
		put_count(t, index);
	else
		put_str(t, "null");
}

/* key's points when there are several, and the index of the one the
 * path joins. */
static void put_several(text *t, const char *key, const astar_point *p,
                        size_t n, const char *index_key, int found,
                        uint64_t index)
{
	if (n <= 1)
		return;
	put_key(t, key);
	put_points(t, p, n);
	put_index(t, index_key, found, index);
}

/* The same for a voxel query's places. */
static void put_several_places(text *t, const char *key, const astar_place *p,
                               size_t n, const char *index_key, int found,
                               uint64_t index)
{
	if (n <= 1)
		return;
	put_key(t, key);
	put_places(t, p, n);
	put_index(t, index_key, found, index);
}

/* Where the query comes from: its scenario line, its index and name in
 * a map's queries. */
static void put_origin(text *t, const query_report *q)
{
	if (q->scen != NULL) {
		put_key(t, "scen");
		put_name(t, q->scen);
		put_key(t, "line");
		put_count(t, (uint64_t)q->line);
	}
	if (q->query >= 0) {
		put_key(t, "query");
		put_count(t, (uint64_t)q->query);
	}
	if (q->name != NULL) {
		put_key(t, "name");
		put_name(t, q->name);
	}
}

/* What the search found: cost, steps, end, path, counts, explored. */
static void put_outcome(text *t, const query_report *q)
{
	const astar_result *r = q->res;

	if (r->found) {
		put_key(t, "cost");
		put_real(t, r->cost);
		put_key(t, "steps");
		put_count(t, (uint64_t)r->path_len - 1);
		put_key(t, "end");
		if (q->vres != NULL)
			put_place(t, q->vres->end);
		else
			put_point(t, r->end);
	} else {
		put_str(t, ",\"cost\":null,\"steps\":null,\"end\":null");
	}
	if (!q->no_path) {
		put_key(t, "path");
		if (q->vres != NULL)
			put_places(t, q->vres->path,
			           r->found && q->vres->path ? r->path_len : 0);
		else
			put_points(t, r->path, r->found ? r->path_len : 0);
	}
	put_key(t, "expanded");
	put_count(t, r->expanded);
	put_key(t, "generated");
	put_count(t, r->generated);
	if (q->opts->explored && !q->no_path) {
		put_key(t, "explored");
		if (q->vres != NULL)
			put_places(t, q->vres->explored, q->vres->explored_len);
		else
			put_points(t, r->explored, r->explored_len);
	}
}

/* ,"time_us":{...}: the load, then each of names[] with its figure. */
static void put_times(text *t, double load_us, const char *const *names,
                      const double *us, int n)
{
	put_str(t, ",\"time_us\":{\"load\":");
	put_real(t, micros(load_us));
	for (int i = 0; i < n; i++) {
		put_key(t, names[i]);
		put_real(t, micros(us[i]));
	}
	put_str(t, "}");
}

/* {"point": NAME, "by": RULE} for the start (goal 0) the level's
 * defaults chose, {"by": "given"} for one given, or null. */
static json_t *chosen_end(const query_report *q, int goal)
{
	const map_chosen *c = q->map->chosen;
	const char *point = goal ? c->goal : c->start;
	const char *by = goal ? c->goal_by : c->start_by;

	if (goal ? q->goal_given : q->start_given)
		return json_pack("{s:s}", "by", "given");
	if (point == NULL && by != NULL)
		return json_pack("{s:o}", "by", file_name(by));
	if (point == NULL)
		return json_null();
	return json_pack("{s:o,s:o}", "point", file_name(point), "by",
	                 file_name(by ? by : ""));
}

/* A level's text as a JSON string (file_name: any bytes), or null. */
static json_t *text_or_null(const char *s)
{
	return s != NULL ? file_name(s) : json_null();
}

/* ,"chosen":{...}: what an editor's level chose (map_chosen): the
 * level, the layers that block and how, what in them blocks, the start
 * and goal and by which rule, the editor's coordinates of cell 0,0.
 * Its names are the level's, any bytes: written as file names are. */
static void put_chosen(text *t, const query_report *q)
{
	const map_chosen *c = q->map ? q->map->chosen : NULL;
	json_t *o, *layers;

	if (c == NULL)
		return;
	layers = json_array();
	for (size_t i = 0; layers != NULL && i < c->nlayers; i++)
		json_array_append_new(layers, file_name(c->layers[i]));
	o = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:[I,I]}", "level",
	              text_or_null(q->map->level), "layers", layers,
	              "layers_by", text_or_null(c->layers_by), "walls",
	              text_or_null(c->walls), "walls_by",
	              text_or_null(c->walls_by), "start", chosen_end(q, 0),
	              "goal", chosen_end(q, 1), "origin",
	              (json_int_t)q->map->ox, (json_int_t)q->map->oy);
	put_key(t, "chosen");
	put_json(t, o, 512);
}

int output_json(FILE *out, const query_report *q)
{
	static const char *const times[] = {"prepare", "search"};
	const astar_result *r = q->res;
	text t = record_for(q);

	/* The keys in the order they were always written. */
	put_str(&t, "{\"map\":");
	put_name(&t, q->map_name);
	put_key(&t, "start");
	if (q->vres != NULL)
		put_place(&t, q->vstart);
	else
		put_point(&t, q->start);
	put_key(&t, "goal");
	if (q->vres != NULL)
		put_place(&t, q->vgoal);
	else
		put_point(&t, q->goal);
	put_options(&t, q->opts);
	put_key(&t, "found");
	put_bool(&t, r->found);
	put_key(&t, "reached_goal");
	put_bool(&t, r->reached_goal);
	/* Several starts or goals: all of them, and which the path joins
	 * (start and goal above are those cells). */
	put_several(&t, "starts", q->starts, q->nstarts, "start_index",
	            r->found, r->start_index);
	put_several_places(&t, "starts", q->vstarts, q->nvstarts, "start_index",
	                   r->found, r->start_index);
	put_several_places(&t, "goals", q->vgoals, q->nvgoals, "goal_index",
	                   r->found, r->goal_index);
	put_several(&t, "goals", q->goals, q->ngoals, "goal_index", r->found,
	            r->goal_index);
	put_origin(&t, q);
	put_chosen(&t, q);
	put_outcome(&t, q);
	if (q->check >= 0) {
		put_key(&t, "check");
		put_json(&t, check_object(q), 128);
	}
	if (q->timing)
		put_times(&t, q->load_us, times,
		          (const double[]){q->prepare_us, q->search_us}, 2);
	return write_record(out, &t);
}

/* One row of a distance map or flow field: numbers, null where a cell
 * has none. */
static void put_row(text *t, const astar_flood_result *f, int32_t y, int flow)
{
	size_t k = (size_t)y * (size_t)f->width;

	put(t, "[", 1);
	for (int32_t x = 0; x < f->width; x++, k++) {
		if (x > 0)
			put(t, ",", 1);
		if (f->dist[k] < 0 || (flow && f->flow[k] == ASTAR_FLOW_NONE))
			put_str(t, "null");
		else if (flow)
			put_count(t, f->flow[k]);
		else
			put_real(t, f->dist[k]);
	}
	put(t, "]", 1);
}

/* key's rows: the distances (flow 0) or the flow field's codes. */
static void put_rows(text *t, const char *key, const astar_flood_result *f,
                     int flow)
{
	put_key(t, key);
	put(t, "[", 1);
	for (int32_t y = 0; y < f->height; y++) {
		if (y > 0)
			put(t, ",", 1);
		put_row(t, f, y, flow);
	}
	put(t, "]", 1);
}

int output_json_distances(FILE *out, const query_report *q,
                          const astar_flood_result *f, int flow)
{
	static const char *const times[] = {"flood"};
	text t = record_for(q);

	put_str(&t, "{\"map\":");
	put_name(&t, q->map_name);
	put_key(&t, "starts");
	put_points(&t, q->starts, q->nstarts);
	put_options(&t, q->opts);
	put_key(&t, "width");
	put_count(&t, (uint64_t)f->width);
	put_key(&t, "height");
	put_count(&t, (uint64_t)f->height);
	/* rows[r][c] is the cell (c, r) of the grid: in the editor's
	 * coordinates, origin + (c, r) */
	put_str(&t, ",\"origin\":");
	put_point(&t, (astar_point){0, 0});
	put_key(&t, "reached");
	put_count(&t, f->reached);
	put_chosen(&t, q);
	put_rows(&t, "distances", f, 0);
	if (flow)
		put_rows(&t, "flow", f, 1);
	if (q->timing)
		put_times(&t, q->load_us, times, &q->search_us, 1);
	return write_record(out, &t);
}
