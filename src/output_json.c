/*
 * output_json.c - one compact JSON object per query (JSON Lines), built
 * with jansson and written with a single fwrite so that a failed write
 * never leaves half a record followed by more.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "args.h"
#include "output.h"

static json_t *point(astar_point p)
{
	return json_pack("[ii]", (int)p.x, (int)p.y);
}

static json_t *points(const astar_point *a, size_t n)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr != NULL && i < n; i++)
		if (json_array_append_new(arr, point(a[i])) != 0) {
			json_decref(arr);
			return NULL;
		}
	return arr;
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
	    (e->has_cost &&
	     json_object_set_new(exp, "cost", json_real(e->cost))) ||
	    (e->has_max_cost &&
	     json_object_set_new(exp, "max_cost", json_real(e->max_cost))) ||
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
	return json_real(round(us * 1000.0) / 1000.0);
}

int output_json(FILE *out, const query_report *q)
{
	const astar_result *r = q->res;
	const astar_options *o = q->opts;
	json_t *obj, *opts;
	char *line;
	size_t n;
	int rc = 0;

	opts = json_pack("{s:s, s:s, s:s, s:f, s:b, s:b}", "diagonal",
	                 diagonal_name(o->diagonal), "heuristic",
	                 heuristic_name(astar_effective_heuristic(o)),
	                 "algorithm", algorithm_name(o->algorithm), "weight",
	                 o->weight, "adjacent", o->adjacent, "closest",
	                 o->closest);
	obj = json_pack("{s:s, s:o, s:o, s:o, s:b, s:b}", "map", q->map_name,
	                "start", point(q->start), "goal", point(q->goal),
	                "options", opts, "found", r->found, "reached_goal",
	                r->reached_goal);
	if (obj == NULL)
		goto nomem;
	if (q->scen != NULL &&
	    (json_object_set_new(obj, "scen", json_string(q->scen)) ||
	     json_object_set_new(obj, "line", json_integer(q->line))))
		goto nomem;
	if (q->query >= 0 &&
	    json_object_set_new(obj, "query", json_integer(q->query)))
		goto nomem;
	if (r->found) {
		if (json_object_set_new(obj, "cost", json_real(r->cost)) ||
		    json_object_set_new(
			    obj, "steps",
			    json_integer((json_int_t)r->path_len - 1)) ||
		    json_object_set_new(obj, "end", point(r->end)) ||
		    json_object_set_new(obj, "path",
		                        points(r->path, r->path_len)))
			goto nomem;
	} else {
		if (json_object_set_new(obj, "cost", json_null()) ||
		    json_object_set_new(obj, "steps", json_null()) ||
		    json_object_set_new(obj, "end", json_null()) ||
		    json_object_set_new(obj, "path", json_array()))
			goto nomem;
	}
	if (json_object_set_new(obj, "expanded",
	                        json_integer((json_int_t)r->expanded)) ||
	    json_object_set_new(obj, "generated",
	                        json_integer((json_int_t)r->generated)))
		goto nomem;
	if (o->explored &&
	    json_object_set_new(obj, "explored",
	                        points(r->explored, r->explored_len)))
		goto nomem;
	if (q->check >= 0 && json_object_set_new(obj, "check", check_object(q)))
		goto nomem;
	if (q->timing &&
	    json_object_set_new(obj, "time_us",
	                        json_pack("{s:o, s:o}", "load",
	                                  micros(q->load_us), "search",
	                                  micros(q->search_us))))
		goto nomem;

	line = json_dumps(obj, JSON_COMPACT | JSON_REAL_PRECISION(15));
	json_decref(obj);
	if (line == NULL) {
		errno = ENOMEM;
		return -1;
	}
	n = strlen(line);
	line[n] = '\n'; /* json_dumps' NUL becomes the record's newline */
	if (fwrite(line, 1, n + 1, out) != n + 1)
		rc = -1;
	free(line);
	return rc;

nomem:
	json_decref(obj);
	errno = ENOMEM;
	return -1;
}
