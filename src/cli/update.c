/*
 * update.c - --update (update.h): new expectations from results, and the
 * files rewritten with them.
 *
 * A JSON level is rewritten in this layout, the same for every file, so
 * that a second --update (which changes nothing, and so writes nothing)
 * and a reviewer's diff see one stable form:
 *
 *   {
 *     "width": 10,
 *     "rows": [
 *       "S...#.....",
 *       ...
 *     ],
 *     "legend": {"~": 3},
 *     "queries": [
 *       {"name": "spawn to exit", "start": [0, 0], "goal": [9, 3], ...},
 *       ...
 *     ]
 *   }
 *
 * the top-level members one a line, in their order, indented by two
 * spaces; the elements of a top-level array of strings, arrays or
 * objects (the rows, the cells' rows, the queries) one a line, indented
 * by four; every other value (a point too) on one
 * line as jansson writes it with ", " and ": " between its parts, but
 * for an expected "path" of more than PATH_LINE points, whose points
 * follow its query's line PATH_LINE a line, indented by six, and whose
 * "]" starts the line that ends the query.
 * Numbers keep what jansson read (an integer stays one); a new cost is
 * an integer when it is whole, else a number of at most 8 decimals.
 * A byte order mark before the object is kept.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check.h"
#include "outfile.h"
#include "read/io.h"
#include "update.h"
#include "write/output.h"

/* Joins a part of the diff to diff (n bytes so far). */
static void diff_add(char *diff, size_t size, size_t *n, const char *fmt,
                     const char *a, const char *b)
{
	int k;

	if (*n > 0 && *n + 2 < size) {
		memcpy(diff + *n, ", ", 3);
		*n += 2;
	}
	if (*n + 1 >= size)
		return;
	k = snprintf(diff + *n, size - *n, fmt, a, b);
	if (k > 0)
		*n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

static const char *yes_no(int v)
{
	return v ? "true" : "false";
}

/* The tolerance of a cost with check_result's default (decimals -1). */
static double cost_tolerance(double tolerance)
{
	return tolerance >= 0 ? tolerance : 1e-3;
}

static int same_path(const map_expect *e, const astar_result *r)
{
	if (e->path_len != r->path_len)
		return 0;
	for (size_t i = 0; i < r->path_len; i++)
		if (e->path[i].x != r->path[i].x ||
		    e->path[i].y != r->path[i].y)
			return 0;
	return 1;
}

/* One query's update under way: what it expected, what was found, and
 * the diff line being written. */
typedef struct upd {
	const map_expect *old;
	const astar_result *r;
	update_query *u;
	char *diff;
	size_t size, n;
	int none;   /* the query expected nothing */
} upd;

/* reachable: written for a query without expectations (its first
 * record); one that has it keeps it (it did not turn: see
 * update_expect). */
static void update_reachable(upd *d)
{
	int reached = d->r->reached_goal;

	if (!d->none)
		return;
	d->u->e.has_reachable = 1;
	d->u->e.reachable = reached;
	d->u->changed |= UPD_REACHABLE;
	diff_add(d->diff, d->size, &d->n, "reachable %s -> %s", "none",
	         yes_no(reached));
}

/* No path: cost, steps and path cannot hold, and go. */
static void drop_path_keys(upd *d)
{
	const map_expect *old = d->old;
	char a[64];

	d->u->e.has_cost = d->u->e.has_steps = 0;
	if (old->has_cost) {
		output_cost(a, sizeof a, old->cost);
		d->u->changed |= UPD_COST;
		diff_add(d->diff, d->size, &d->n, "cost %s -> %s", a, "none");
	}
	if (old->has_steps) {
		snprintf(a, sizeof a, "%ld", old->steps);
		d->u->changed |= UPD_STEPS;
		diff_add(d->diff, d->size, &d->n, "steps %s -> %s", a, "none");
	}
	if (old->has_path) {
		snprintf(a, sizeof a, "%zu cells", old->path_len);
		d->u->changed |= UPD_PATH;
		diff_add(d->diff, d->size, &d->n, "path %s -> %s", a, "none");
	}
}

/* cost and steps: kept where they were (corrected beyond the
 * tolerance), written for a query that expected nothing. */
static void update_cost_steps(upd *d, double tolerance)
{
	const map_expect *old = d->old;
	map_expect *e = &d->u->e;
	char a[64], b[64];

	if (old->has_cost || d->none) {
		e->has_cost = 1;
		e->cost_decimals = -1;
		if (!old->has_cost ||
		    fabs(old->cost - d->r->cost) > cost_tolerance(tolerance)) {
			e->cost = d->r->cost;
			d->u->changed |= UPD_COST;
			if (old->has_cost)
				output_cost(a, sizeof a, old->cost);
			output_cost(b, sizeof b, d->r->cost);
			diff_add(d->diff, d->size, &d->n, "cost %s -> %s",
			         old->has_cost ? a : "none", b);
		}
	}
	if (old->has_steps || d->none) {
		e->has_steps = 1;
		e->steps = (long)d->r->path_len - 1;
		if (!old->has_steps || old->steps != e->steps) {
			d->u->changed |= UPD_STEPS;
			snprintf(a, sizeof a, "%ld", old->steps);
			snprintf(b, sizeof b, "%ld", e->steps);
			diff_add(d->diff, d->size, &d->n, "steps %s -> %s",
			         old->has_steps ? a : "none", b);
		}
	}
}

/* path: rewritten where it was, written everywhere with --update=path;
 * 0, or -1 when memory ran out. */
static int update_path(upd *d, int paths)
{
	const map_expect *old = d->old;
	const astar_result *r = d->r;
	map_expect *e = &d->u->e;
	char a[64], b[64];

	if (!old->has_path && !paths)
		return 0;
	if ((e->path = malloc(r->path_len * sizeof *e->path)) == NULL)
		return -1;
	memcpy(e->path, r->path, r->path_len * sizeof *e->path);
	e->path_len = r->path_len;
	e->has_path = 1;
	if (old->has_path && same_path(old, r))
		return 0;
	d->u->changed |= UPD_PATH;
	snprintf(b, sizeof b, "%zu cells", r->path_len);
	if (!old->has_path) {
		diff_add(d->diff, d->size, &d->n, "path %s -> %s", "none", b);
	} else if (old->path_len != r->path_len) {
		snprintf(a, sizeof a, "%zu", old->path_len);
		diff_add(d->diff, d->size, &d->n, "path %s -> %s", a, b);
	} else {
		diff_add(d->diff, d->size, &d->n, "path %s%s", "changed, ", b);
	}
	return 0;
}

/* A query whose reachability turned: its expectation left whole (the
 * path copied, as u->e owns it), to fail; 0, or -1 out of memory. */
static int leave_whole(const map_expect *old, update_query *u)
{
	u->left |= LEFT_REACHABLE;
	if (!old->has_path)
		return 0;
	if ((u->e.path = malloc(old->path_len * sizeof *old->path)) == NULL)
		return -1;
	memcpy(u->e.path, old->path, old->path_len * sizeof *old->path);
	u->e.path_len = old->path_len;
	u->e.has_path = 1;
	return 0;
}

int update_expect(const map_expect *old, const astar_result *r, int paths,
                  double tolerance, update_query *u, char *diff, size_t size)
{
	int old_reach = old->has_reachable
	                        ? old->reachable
	                        : old->has_cost || old->has_steps ||
	                                  old->has_max_cost || old->has_path;
	upd d = {old, r, u, diff, size, 0, !check_any(old)};
	char why[256];

	memset(u, 0, sizeof *u);
	u->ran = 1;
	u->e = *old;
	u->e.path = NULL;
	u->e.has_path = 0;
	u->e.path_len = 0;
	if (size > 0)
		diff[0] = '\0';
	/* Whether the route goes is what the query means: not recorded. */
	if (!d.none && old_reach != r->reached_goal)
		return leave_whole(old, u);
	update_reachable(&d);
	if (!r->reached_goal) {
		drop_path_keys(&d);
		return u->changed != 0;
	}
	update_cost_steps(&d, tolerance);
	if (update_path(&d, paths) != 0)
		return -1;
	/* Cost, steps and path now hold: what still fails is the limit. */
	if (old->has_max_cost &&
	    !check_result(&u->e, r, tolerance, why, sizeof why))
		u->left |= LEFT_MAX_COST;
	return u->changed != 0;
}

/* A route that opens or closes is a change of what the level means:
 * a person makes it, in the file; so --update says, at the query, what
 * it left. */
void update_warn_left(const char *file, long line, long col,
                      const char *qname, const map_expect *e,
                      const astar_result *res, unsigned left)
{
	char c[64], lim[64], now[96];

	output_cost(c, sizeof c, res->cost);
	if (res->reached_goal)
		snprintf(now, sizeof now, "the goal is now reached (cost %s)", c);
	else
		snprintf(now, sizeof now, "the goal is no longer reached");
	if ((left & LEFT_REACHABLE) && e->has_reachable)
		diag_warn_at(file, line, col,
		             "%s: --update left \"reachable\": %s as written; "
		             "%s; edit it by hand if that is meant",
		             qname, e->reachable ? "true" : "false", now);
	else if (left & LEFT_REACHABLE)
		diag_warn_at(file, line, col,
		             "%s: --update left the expectation as written; "
		             "%s; edit it by hand if that is meant",
		             qname, now);
	if (left & LEFT_MAX_COST) {
		output_cost(lim, sizeof lim, e->max_cost);
		diag_warn_at(file, line, col,
		             "%s: --update left \"max_cost\": %s as written; "
		             "the cost is now %s; edit it by hand if that is "
		             "meant",
		             qname, lim, c);
	}
}

void update_warn_kept(const char *file, long line, long col,
                      const char *what)
{
	diag_warn_at(file, line, col,
	             "%s: --update left it as written; edit it by hand if "
	             "that is meant",
	             what);
}

void update_query_free(update_query *u)
{
	free(u->e.path);
	u->e.path = NULL;
}

/* ------------------------------------------------------------ JSON */

/* A cost as --update writes it: an integer when whole, else a number
 * rounded to 8 decimals. */
static json_t *cost_value(double c)
{
	if (fabs(c - round(c)) < 1e-9 && fabs(c) < 9007199254740992.0)
		return json_integer((json_int_t)round(c));
	return json_real(round(c * 1e8) / 1e8);
}

static json_t *path_value(const map_expect *e)
{
	json_t *a = json_array();

	for (size_t i = 0; a != NULL && i < e->path_len; i++)
		if (json_array_append_new(
			    a, json_pack("[ii]", (int)(e->path[i].x + e->ox),
		                         (int)(e->path[i].y + e->oy))) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* Sets (has set) or takes away (not) the key k of obj; its value v
 * (taken, may be NULL when has is not set).  0, or -1. */
static int set_key(json_t *obj, const char *k, int has, json_t *v)
{
	if (!has) {
		json_decref(v);
		if (json_object_get(obj, k) != NULL)
			return json_object_del(obj, k);
		return 0;
	}
	return v != NULL ? json_object_set_new(obj, k, v) : -1;
}

/* Changes query q's "expect" as u says; 0, or -1 when out of memory. */
static int apply(json_t *q, const update_query *u)
{
	const map_expect *e = &u->e;
	json_t *x = json_object_get(q, "expect");

	if (x == NULL) {
		if ((x = json_object()) == NULL ||
		    json_object_set_new(q, "expect", x) != 0)
			return -1;
	}
	if ((u->changed & UPD_REACHABLE) &&
	    set_key(x, "reachable", e->has_reachable,
	            json_boolean(e->reachable)) != 0)
		return -1;
	if ((u->changed & UPD_COST) &&
	    set_key(x, "cost", e->has_cost,
	            e->has_cost ? cost_value(e->cost) : NULL) != 0)
		return -1;
	if ((u->changed & UPD_STEPS) &&
	    set_key(x, "steps", e->has_steps,
	            e->has_steps ? json_integer(e->steps) : NULL) != 0)
		return -1;
	if ((u->changed & UPD_PATH) &&
	    set_key(x, "path", e->has_path,
	            e->has_path ? path_value(e) : NULL) != 0)
		return -1;
	return 0;
}

/* What write_level writes. */
typedef struct level_text {
	json_t *root;
	int bom;
} level_text;

#define INLINE (JSON_ENCODE_ANY | JSON_REAL_PRECISION(15))

/* Whether a top-level value is written one element a line: an array
 * of strings, arrays or objects (rows, cells, queries), not a point. */
static int one_a_line(json_t *v)
{
	size_t i;
	json_t *e;

	json_array_foreach(v, i, e)
	{
		if (json_is_string(e) || json_is_array(e) || json_is_object(e))
			return 1;
	}
	return 0;
}

/* A recorded path of more points than this is written PATH_LINE points
 * a line, so that a changed route is a diff of a few short lines. */
#define PATH_LINE 10

/* What stands for a long path while its query is written on one line. */
#define PATH_MARK "\x01path\x01"

/* The points of path p, PATH_LINE a line, indented by six. */
static int write_path_rows(FILE *f, json_t *p)
{
	size_t n = json_array_size(p);

	for (size_t i = 0; i < n; i++) {
		fputs(i % PATH_LINE == 0 ? "      " : " ", f);
		if (json_dumpf(json_array_get(p, i), f, INLINE) != 0)
			return -1;
		if (i + 1 < n)
			fputs(i % PATH_LINE == PATH_LINE - 1 ? ",\n" : ",", f);
	}
	fputs("\n    ]", f);
	return 0;
}

/* An element of a top-level array, on one line, but for the long path
 * of a query's "expect", whose points follow on lines of their own. */
static int write_element(FILE *f, json_t *e)
{
	json_t *x = json_object_get(e, "expect");
	json_t *p = json_object_get(x, "path");
	char *s, *at;
	int rc = -1;

	if (!json_is_array(p) || json_array_size(p) <= PATH_LINE)
		return json_dumpf(e, f, INLINE);
	json_incref(p);
	if (json_object_set_new(x, "path", json_string(PATH_MARK)) != 0) {
		json_decref(p);
		return -1;
	}
	s = json_dumps(e, INLINE);
	/* jansson writes the mark's control bytes as \u0001 */
	at = s != NULL ? strstr(s, "\"\\u0001path\\u0001\"") : NULL;
	if (at != NULL) {
		fwrite(s, 1, (size_t)(at - s), f);
		fputs("[\n", f);
		if (write_path_rows(f, p) == 0) {
			fputs(at + strlen("\"\\u0001path\\u0001\""), f);
			rc = 0;
		}
	}
	free(s);
	if (json_object_set_new(x, "path", p) != 0)
		rc = -1;
	return rc;
}

/* The level in the layout at the top of this file. */
static int write_level(FILE *f, void *arg)
{
	const level_text *lt = arg;
	const char *key;
	json_t *v;
	size_t i = 0, n = json_object_size(lt->root);

	if (lt->bom)
		fputs("\xef\xbb\xbf", f);
	fputs("{\n", f);
	json_object_foreach(lt->root, key, v)
	{
		json_t *k = json_string(key);
		if (k == NULL) {
			errno = ENOMEM;
			return -1;
		}
		fputs("  ", f);
		if (json_dumpf(k, f, INLINE) != 0) {
			json_decref(k);
			return -1;
		}
		json_decref(k);
		fputs(": ", f);
		if (one_a_line(v)) {
			size_t m = json_array_size(v);
			fputs("[\n", f);
			for (size_t j = 0; j < m; j++) {
				fputs("    ", f);
				if (write_element(f, json_array_get(v, j)) != 0)
					return -1;
				fputs(j + 1 < m ? ",\n" : "\n", f);
			}
			fputs("  ]", f);
		} else if (json_dumpf(v, f, INLINE) != 0) {
			return -1;
		}
		fputs(++i < n ? ",\n" : "\n", f);
		if (ferror(f))
			return -1;
	}
	fputs("}\n", f);
	return ferror(f) ? -1 : 0;
}

int update_json(const char *path, const update_query *u, size_t n,
                diag_err *err)
{
	char *buf;
	size_t len, bom;
	json_t *root, *qs;
	json_error_t jerr;
	level_text lt;
	int rc;

	if (io_slurp(path, SIZE_MAX / 4, &buf, &len) != 0)
		return diag_fail(err, 0, 0, "%s", strerror(errno));
	bom = map_bom(buf, len);
	root = json_loadb(buf + bom, len - bom, JSON_REJECT_DUPLICATES, &jerr);
	free(buf);
	/* The run read it a moment ago: it changed since. */
	if (root == NULL || !json_is_object(root) ||
	    !json_is_array(qs = json_object_get(root, "queries")) ||
	    json_array_size(qs) != n) {
		json_decref(root);
		return diag_fail(err, 0, 0,
		                 "changed while it was checked; not updating "
		                 "it");
	}
	for (size_t i = 0; i < n; i++)
		if (u[i].ran && u[i].changed &&
		    apply(json_array_get(qs, i), &u[i]) != 0) {
			json_decref(root);
			return diag_fail(err, 0, 0, "out of memory");
		}
	lt.root = root;
	lt.bom = bom > 0;
	rc = outfile_replace(path, write_level, &lt, err);
	json_decref(root);
	return rc;
}

/* ------------------------------------------------------- scenarios */

void update_scen_value(char *buf, size_t size, double value)
{
	snprintf(buf, size, "%.8f", value);
}

/* What write_scen writes. */
typedef struct scen_text {
	const char *text;
	size_t len;
	const update_edit *ed;
	size_t n;
} scen_text;

static int write_scen(FILE *f, void *arg)
{
	const scen_text *st = arg;
	size_t at = 0;
	char v[64];

	for (size_t i = 0; i < st->n; i++) {
		const update_edit *e = &st->ed[i];
		fwrite(st->text + at, 1, e->off - at, f);
		update_scen_value(v, sizeof v, e->value);
		fputs(v, f);
		at = e->off + e->len;
	}
	fwrite(st->text + at, 1, st->len - at, f);
	return ferror(f) ? -1 : 0;
}

int update_scen(const char *path, const char *text, size_t len,
                const update_edit *ed, size_t n, diag_err *err)
{
	scen_text st = {text, len, ed, n};

	return outfile_replace(path, write_scen, &st, err);
}
