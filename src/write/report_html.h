/*
 * report_html.h - --report=html: one page a reviewer opens from a CI
 * job's artifacts, with the run's totals, a table of every check
 * (failed first), and pictures of the failed and changed checks'
 * levels with the recorded and current routes.  The page stands alone:
 * its style, its pictures (PNG as data: URIs) and its little script are
 * inside it, and the table reads whole without the script.
 */
#ifndef ASTAR_REPORT_HTML_H
#define ASTAR_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "output.h"
#include "report.h"

/* Pictures a page holds at most by default (--report-images), and the
 * most that flag allows: each is up to some tens of kilobytes. */
#define REPORT_HTML_IMAGES     25
#define REPORT_HTML_MAX_IMAGES 10000

/* The longer side of a picture in the page, in pixels at most. */
#define REPORT_HTML_SIDE 512

/* What q expected and what it found, in words ("cost 22, 12 steps, a
 * path of 13 cells"; "no path"), into exp and got. */
void report_html_texts(const query_report *q, char *exp, size_t nexp,
                       char *got, size_t ngot);

/* Writes the whole page for the n cases (error as report_junit's: why
 * the run as a whole failed, or NULL).  Returns 0 or -1 when f is in
 * error. */
int report_html(FILE *f, const report_case *c, size_t n, const char *error);

#endif
