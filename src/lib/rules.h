/*
 * rules.h - the shared rules of the searches, private to the library:
 * what each engine supports (rules.c).  The public rules, options and
 * statuses, are declared in astar.h.
 *
 * Every engine and the dispatch ask these questions, so they live below
 * all of them: an engine that asked the dispatch (search.c) would call
 * up.
 */
#ifndef ASTAR_RULES_H
#define ASTAR_RULES_H

#include "astar.h"

/* Nonzero when jps_search accepts the grid and options: uniform costs,
 * under ASTAR_DIAG_NO_OBSTACLES or ASTAR_DIAG_NEVER, the heuristic of
 * that movement (octile, Manhattan: the default) and weight 1 (a NULL
 * grid: the options alone).  Options out of range are astar_search's to
 * judge (ASTAR_EINVAL). */
int jps_supported(const astar_grid *grid, const astar_options *opts);

/* Nonzero when opts ask for A* with landmarks and the landmark search
 * applies to them: A* (not Dijkstra, BFS, greedy or JPS), landmarks > 0,
 * an admissible heuristic for the movement, neither adjacent nor closest
 * (those go to the plain search, which handles their goal sets). */
int lm_applies(const astar_options *opts);

#endif
