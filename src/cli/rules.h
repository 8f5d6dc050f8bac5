/*
 * rules.h - the judgements the driver makes in more than one place, each
 * made here once: whether JPS can take a query, whether a heuristic is
 * worth a warning, and whether an --image pattern can name the pictures.
 * Each reports what it refuses.
 */
#ifndef ASTAR_RULES_H
#define ASTAR_RULES_H

#include "astar.h"

/*
 * Refuses (reports, -1) a query that the library's JPS would not search:
 * the diagonal policy opts ended with (the map's, when it gives one),
 * then the map's terrain.  name, line, col and where ("queries[2]: " or
 * "") locate the query.  0 when it can run.
 */
int rule_jps_query(const astar_options *opts, const astar_grid *g,
                   const char *name, long line, long col, const char *where);

/* Warns when opts' heuristic may overestimate under its diagonal policy;
 * name is the map whose own policy it is, or NULL for the options'. */
void rule_admissible(const astar_options *opts, const char *name);

/* Refuses (reports, -1) an --image pattern that cannot name the
 * pictures: a bad % sequence, or no %d or %n when several pictures are
 * drawn.  name locates the message (a map file), or NULL. */
int rule_image_pattern(const char *pattern, int several, const char *name);

#endif
