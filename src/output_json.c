/*
 * output_json.c - one compact JSON object per query (JSON Lines), built
 * whole in memory and written with a single fwrite so that a failed write
 * never leaves half a record followed by more.
 *
 * jansson writes every key, string, number and object.  The two arrays of
 * points, "path" and "explored", which are nearly all of a record's bytes,
 * are written here as [[x,y],...]: through jansson each point cost three
 * allocations and two snprintf calls, and a batch with --json spent most
 * of its time there.  The record is dumped by jansson in three parts (the
 * keys before "path", those between "path" and "explored", those after)
 * and the arrays are put between them, so the bytes are those jansson
 * would write for the whole object.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "args.h"
#include "output.h"
#include "utf8.h"

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

static json_t *point(astar_point p)
{
	return json_pack("[ii]", (int)p.x, (int)p.y);
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

/* "00" to "99": put_int writes two digits per division. */
static const char digit_pairs[] = "0001020304050607080910111213141516171819"
				  "2021222324252627282930313233343536373839"
				  "4041424344454647484950515253545556575859"
				  "6061626364656667686970717273747576777879"
				  "8081828384858687888990919293949596979899";

/* Writes v in decimal at p (at most 11 characters); returns how many.
 * The digits are written from the last, two at a time, into their final
 * places: the count is known first.  A coordinate usually has 1 to 4. */
static inline size_t put_int(char *p, int32_t v)
{
	uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
	size_t n, lead = v < 0;
	char *q;

	if (u < 10000) {
		n = u < 100 ? 1 + (u >= 10) : 3 + (u >= 1000);
	} else {
		n = 5;
		for (uint32_t t = u / 100000; t > 0; t /= 10)
			n++;
	}
	if (lead)
		*p = '-';
	q = p + lead + n;
	while (u >= 100) {
		uint32_t r = u % 100;
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
	return lead + n;
}

/* [[x,y],...], as jansson writes an array of arrays compactly. */
static void put_points(text *t, const astar_point *a, size_t n)
{
	put(t, "[", 1);
	for (size_t i = 0; i < n; i++) {
		char *p;
		/* ",[" x "," y "]": at most 2 + 11 + 1 + 11 + 1 bytes */
		if (reserve(t, 26) != 0)
			return;
		p = t->s + t->n;
		if (i > 0)
			*p++ = ',';
		*p++ = '[';
		p += put_int(p, a[i].x);
		*p++ = ',';
		p += put_int(p, a[i].y);
		*p++ = ']';
		t->n = (size_t)(p - t->s);
	}
	put(t, "]", 1);
}

/*
 * Appends the members of obj (taking the reference) without its braces,
 * after a comma when lead is set; nothing when obj has no members.
 * Returns -1 when jansson failed to allocate.
 */
static int put_members(text *t, json_t *obj, int lead)
{
	char *s;
	size_t n;

	if (obj == NULL)
		return -1;
	if (json_object_size(obj) == 0) {
		json_decref(obj);
		return 0;
	}
	s = json_dumps(obj, JSON_COMPACT | JSON_REAL_PRECISION(15));
	json_decref(obj);
	if (s == NULL)
		return -1;
	n = strlen(s); /* "{...}", at least one member */
	if (lead)
		put(t, ",", 1);
	put(t, s + 1, n - 2);
	free(s);
	return 0;
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
static json_t *micros(double us)
{
	return real(round(us * 1000.0) / 1000.0);
}

int output_json(FILE *out, const query_report *q)
{
	const astar_result *r = q->res;
	const astar_options *o = q->opts;
	json_t *head, *mid, *tail, *opts;
	text t = {NULL, 0, 0, 0};
	int rc = 0;

	opts = json_pack("{s:s, s:s, s:s, s:o, s:b, s:b}", "diagonal",
	                 args_diagonal_name(o->diagonal), "heuristic",
	                 args_heuristic_name(astar_effective_heuristic(o)),
	                 "algorithm", args_algorithm_name(o->algorithm),
	                 "weight", real(o->weight), "adjacent", o->adjacent,
	                 "closest", o->closest);
	head = json_pack("{s:o, s:o, s:o, s:o, s:b, s:b}", "map",
	                 file_name(q->map_name), "start", point(q->start),
	                 "goal", point(q->goal), "options", opts, "found",
	                 r->found, "reached_goal", r->reached_goal);
	mid = json_pack("{s:I, s:I}", "expanded", (json_int_t)r->expanded,
	                "generated", (json_int_t)r->generated);
	tail = json_object();
	if (head == NULL || mid == NULL || tail == NULL)
		goto nomem;
	if (q->scen != NULL &&
	    (json_object_set_new(head, "scen", file_name(q->scen)) ||
	     json_object_set_new(head, "line", json_integer(q->line))))
		goto nomem;
	if (q->query >= 0 &&
	    json_object_set_new(head, "query", json_integer(q->query)))
		goto nomem;
	if (r->found) {
		if (json_object_set_new(head, "cost", real(r->cost)) ||
		    json_object_set_new(
			    head, "steps",
			    json_integer((json_int_t)r->path_len - 1)) ||
		    json_object_set_new(head, "end", point(r->end)))
			goto nomem;
	} else {
		if (json_object_set_new(head, "cost", json_null()) ||
		    json_object_set_new(head, "steps", json_null()) ||
		    json_object_set_new(head, "end", json_null()))
			goto nomem;
	}
	if (q->check >= 0 &&
	    json_object_set_new(tail, "check", check_object(q)))
		goto nomem;
	if (q->timing &&
	    json_object_set_new(tail, "time_us",
	                        json_pack("{s:o, s:o, s:o}", "load",
	                                  micros(q->load_us), "prepare",
	                                  micros(q->prepare_us), "search",
	                                  micros(q->search_us))))
		goto nomem;

	/* head's members, "path", mid's, "explored", tail's: the order in
	 * which the keys were always written. */
	put(&t, "{", 1);
	rc |= put_members(&t, head, 0);
	put(&t, ",\"path\":", 8);
	put_points(&t, r->path, r->found ? r->path_len : 0);
	rc |= put_members(&t, mid, 1);
	if (o->explored) {
		put(&t, ",\"explored\":", 12);
		put_points(&t, r->explored, r->explored_len);
	}
	rc |= put_members(&t, tail, 1);
	put(&t, "}\n", 2);
	if (rc != 0 || t.nomem) {
		free(t.s);
		errno = ENOMEM;
		return -1;
	}
	rc = fwrite(t.s, 1, t.n, out) == t.n ? 0 : -1;
	free(t.s);
	return rc;

nomem:
	json_decref(head);
	json_decref(mid);
	json_decref(tail);
	errno = ENOMEM;
	return -1;
}
