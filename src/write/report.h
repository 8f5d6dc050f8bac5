/*
 * report.h - test reports of a batch (--report): JUnit XML and TAP, so
 * that CI systems show level-data regressions as test failures.
 */
#ifndef ASTAR_REPORT_H
#define ASTAR_REPORT_H

#include <stdio.h>

/* One query as a test case. */
typedef struct report_case {
	char *name; /* "maps/x.json: queries[2]" or "a.scen:17" (owned) */
	int ok;
	char *message; /* why it failed (owned), or NULL */
	double seconds;
} report_case;

/* Writes a whole JUnit XML document for the cases.  Returns 0 or -1 on a
 * write error. */
int report_junit(FILE *f, const report_case *c, size_t n);

/* TAP version 13: the version line first, then one "ok N - name" /
 * "not ok N - name" line a case (a '#' or a backslash in the name escaped
 * with a backslash, control characters as \xNN, bytes that are not
 * UTF-8 as U+FFFD), with the message as a YAML block, in a double-quoted
 * string; the plan "1..N" comes last.  Each returns 0, or -1 when f is in
 * error (a write failed, now or before). */
int report_tap_header(FILE *f);
int report_tap_case(FILE *f, size_t number, const report_case *c);
int report_tap_plan(FILE *f, size_t n);

#endif
