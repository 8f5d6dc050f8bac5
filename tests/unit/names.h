/*
 * names.h - the library's option values by name, for the unit tests'
 * messages.
 */
#ifndef NAMES_H
#define NAMES_H

#include "astar.h"

static inline const char *diag_name(astar_diagonal d)
{
	static const char *const n[] = {"never", "always", "one-obstacle",
	                                "no-obstacles"};

	return (unsigned)d < 4 ? n[d] : "?";
}

static inline const char *heur_name(astar_heuristic h)
{
	static const char *const n[] = {"default", "manhattan", "euclidean",
	                                "octile",  "chebyshev", "zero"};

	return (unsigned)h < 6 ? n[h] : "?";
}

static inline const char *algo_name(astar_algorithm a)
{
	return a == ASTAR_ALGO_ASTAR      ? "astar"
	       : a == ASTAR_ALGO_DIJKSTRA ? "dijkstra"
	                                  : "?";
}

#endif
