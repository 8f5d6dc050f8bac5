/*
 * report_md.h - the Markdown summary of a --check run (--report=markdown):
 * GitHub-flavoured Markdown for a pull request's reader, such as a job's
 * step summary ($GITHUB_STEP_SUMMARY).
 */
#ifndef ASTAR_REPORT_MD_H
#define ASTAR_REPORT_MD_H

#include <stdio.h>

#include "report.h"

/*
 * Writes the summary of the cases: a heading, the totals (checked and
 * failed, as the run counted them: a case may be a query with nothing to
 * check), then a table
 * of the failed cases (the check, its file:line as a link relative to
 * the folder the run started in, what was expected and what came), or a
 * line saying all passed.  When nothing is not NULL the run as a whole
 * failed (it checked nothing) and says why.  Text from the levels (names,
 * paths) is escaped so that it cannot end a cell, a row or a link, nor
 * be read as HTML; bytes that are not UTF-8 are written as U+FFFD.
 * Returns 0, or -1 when f is in error.
 */
int report_markdown(FILE *f, const report_case *c, size_t n,
                    size_t checked, size_t failed, const char *nothing);

#endif
