/*
 * report.h - test reports of a batch (--report): JUnit XML and TAP, so
 * that CI systems show level-data regressions as test failures, and
 * GitHub Actions' workflow commands, so that they show as annotations on
 * the lines of a pull request.
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
	int error;      /* it failed because it could not run: its error is a
	               diagnostic of its own */
	char *file;     /* where the query is written (owned), or NULL */
	long line, col; /* and there; 0 when not known */
	/* A failed check on an editor's level: the level file and the
	 * place of the level in it (owned), which its message names and a
	 * GitHub annotation of its own marks; NULL otherwise. */
	char *level_file;
	long level_line, level_col;
	/* For --report=html: what the query expected and what it found
	 * (owned, or NULL), whether its path is not the recorded one, and
	 * the PNG picture of a failed or changed check (owned), or NULL. */
	char *expected, *got;
	int changed;
	unsigned char *png;
	size_t png_len;
} report_case;

/* Writes a whole JUnit XML document for the cases, and, when error is
 * not NULL, a last case "astar --check" with that <error> (the run as a
 * whole failed: it checked nothing).  Returns 0 or -1 on a write
 * error. */
int report_junit(FILE *f, const report_case *c, size_t n, const char *error);

/* TAP version 13: the version line first, then one "ok N - name" /
 * "not ok N - name" line a case (a '#' or a backslash in the name escaped
 * with a backslash, control characters as \xNN, bytes that are not
 * UTF-8 as U+FFFD), with the message as a YAML block, in a double-quoted
 * string; the plan "1..N" comes last.  Each returns 0, or -1 when f is in
 * error (a write failed, now or before). */
int report_tap_header(FILE *f);
int report_tap_case(FILE *f, size_t number, const report_case *c);
int report_tap_plan(FILE *f, size_t n);

/*
 * One GitHub Actions workflow command, "::LEVEL file=F,line=L,col=C,
 * title=T::MESSAGE" (level "error" or "warning"; file NULL, line 0, col
 * 0 or title NULL leave that property out), on a line, escaped as GitHub
 * documents: in the message '%', CR and LF as %25, %0D and %0A; in a
 * property ':' and ',' too (%3A, %2C).  Bytes that are not UTF-8 are
 * written as U+FFFD.  Returns 0, or -1 when f is in error.
 */
int report_github(FILE *f, const char *level, const char *file, long line,
                  long col, const char *title, const char *message);

#endif
