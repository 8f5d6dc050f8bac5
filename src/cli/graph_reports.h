/*
 * graph_reports.h - the --report files of a run of graph inputs: each
 * check (a query's expectations, a reach assertion, the count of
 * regions) a case, written at the end as JUnit XML, TAP, GitHub
 * annotations, a Markdown summary or an HTML page, as the batch writes
 * those of maps.
 */
#ifndef ASTAR_GRAPH_REPORTS_H
#define ASTAR_GRAPH_REPORTS_H

#include <stddef.h>

#include "config.h"
#include "read/graph_file.h"
#include "write/report.h"

typedef struct graph_cases {
	report_case *v;
	size_t n, cap;
	size_t pictures; /* the HTML page's pictures so far */
	int nomem;
} graph_cases;

/* Adds a case: name "FILE: what", failed with why (NULL: passed), at
 * file:line:col. */
void graph_case_add(graph_cases *c, const char *file, const char *what,
                    const char *why, long line, long col);

/* --report=html: the last case, when it failed, gets the picture of
 * query q's result r on f (when f has places and --report-images
 * allows one more). */
void graph_case_picture(graph_cases *c, const cli_config *cfg,
                        const graph_file *f, const astar_graph_result *r,
                        const graph_query *q);

/* Reports (and returns -1) when a --report file is one of the run's
 * inputs; 0 otherwise. */
int graph_reports_refuse(const cli_config *cfg);

/* Writes the reports cfg asks for; 0, or -1 (reported). */
int graph_reports_write(const cli_config *cfg, const graph_cases *c);

void graph_cases_free(graph_cases *c);

#endif
