/*
 * update.h - --update: recording what a run found as the expectations of
 * its queries, as snapshot tools record theirs.  A JSON level's queries
 * get their "expect" written or corrected (the file rewritten in one
 * stable layout, and only when something changed); a scenario file's
 * lines get their optimal length (the rest of the file byte for byte as
 * it was).  Every file is replaced atomically (outfile_replace).
 */
#ifndef ASTAR_UPDATE_H
#define ASTAR_UPDATE_H

#include <stddef.h>

#include "astar.h"
#include "base/diag.h"
#include "read/map.h"

/* --update's two kinds: the values (cost, steps, reachable, and a path
 * already there), or also a path for every query (--update=path). */
enum update_kind { UPDATE_NONE, UPDATE_VALUES, UPDATE_PATHS };

/* The keys of an "expect" object that --update writes, as bits. */
enum { UPD_REACHABLE = 1, UPD_COST = 2, UPD_STEPS = 4, UPD_PATH = 8 };

/* The hand-written expectations --update leaves as they are though the
 * result says otherwise, as bits: whether the route goes (a "reachable"
 * given or implied that turned), a "max_cost" the new cost exceeds. */
enum { LEFT_REACHABLE = 1, LEFT_MAX_COST = 2 };

/* What --update makes of one query of a JSON level. */
typedef struct update_query {
	int ran;          /* the query was solved; else it is left alone */
	unsigned changed; /* the keys whose value changes (UPD_ bits) */
	unsigned left;    /* what it left though it fails (LEFT_ bits) */
	map_expect e;     /* the expectation to check and write; e.path is
	                     owned (update_query_free) */
} update_query;

/*
 * The expectation a query gets from its result r, its old one being old
 * (all unset for none), into u (u->e, u->changed; u->ran set), and in
 * diff (size bytes) what changes, for a reviewer: "cost 22 -> 24, steps
 * 22 -> 24".  The rules (astar(1), --update): a query without
 * expectations gains reachable, and when the goal was reached cost and
 * steps: its first record.  Otherwise --update records how the route
 * goes, never whether it goes: the cost, steps and path it has are
 * corrected, a path with paths set is added; when reachability turned
 * (a "reachable" written, or a reached goal implied by a cost, steps, a
 * path or a max_cost) the expectation stays whole and fails (u->left);
 * max_cost stays too (u->left when the new cost exceeds it).  A cost
 * within tolerance of the old one (< 0: check_result's default) is kept
 * as written.  Returns 1 when something changes, 0 when nothing does,
 * -1 when out of memory.
 */
int update_expect(const map_expect *old, const astar_result *r, int paths,
                  double tolerance, update_query *u, char *diff, size_t size);

/* --update's warning at a query (qname, at file:line:col) of what it
 * left as written (LEFT_ bits) of its expectation e, given result res. */
void update_warn_left(const char *file, long line, long col,
                      const char *qname, const map_expect *e,
                      const astar_result *res, unsigned left);

/* --update's warning at a hand-written check (what: "reach[N]",
 * "expect.regions") that fails: it is left as written. */
void update_warn_kept(const char *file, long line, long col,
                      const char *what);

void update_query_free(update_query *u);

/*
 * Rewrites the JSON level at path with the n queries' changed
 * expectations (u[i] for queries[i]): its text read again and parsed
 * with jansson, the "expect" objects changed in place (their other keys,
 * and every key's order, kept; a new object after the query's other
 * keys), and the whole written in the stable layout of write_level.
 * 0, or -1 with why in err.
 */
int update_json(const char *path, const update_query *u, size_t n,
                diag_err *err);

/* A scenario line's new optimal length: the bytes [off, off + len) of
 * the file replaced by value written with 8 decimals. */
typedef struct update_edit {
	size_t off, len;
	double value;
} update_edit;

/*
 * Rewrites the scenario file at path, whose text (len bytes) was read at
 * the start of the run, with the n edits (in the order of their offsets):
 * every other byte as it was.  0, or -1 with why in err.
 */
int update_scen(const char *path, const char *text, size_t len,
                const update_edit *ed, size_t n, diag_err *err);

/* A new optimal length as update_scen writes it, into buf. */
void update_scen_value(char *buf, size_t size, double value);

#endif
