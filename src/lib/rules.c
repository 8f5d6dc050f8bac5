/*
 * rules.c - the shared rules of the searches: the options' defaults, the
 * heuristic each algorithm and movement takes and whether it is
 * admissible, what each engine (A*, JPS, landmarks) supports, and the
 * statuses' words.
 *
 * They sit below every engine and the dispatch (search.c), which all ask
 * them: kept in the dispatch, the engines that ask (landmarks, the
 * many-goal search) would call back up into it.
 */
#include <string.h>

#include "grid.h"
#include "rules.h"

void astar_options_init(astar_options *opts)
{
	memset(opts, 0, sizeof *opts);
	opts->diagonal = ASTAR_DIAG_NEVER;
	opts->heuristic = ASTAR_H_DEFAULT;
	opts->algorithm = ASTAR_ALGO_ASTAR;
	opts->weight = 1.0;
}

astar_heuristic astar_effective_heuristic(const astar_options *opts)
{
	if (opts->algorithm == ASTAR_ALGO_DIJKSTRA ||
	    opts->algorithm == ASTAR_ALGO_BFS)
		return ASTAR_H_ZERO;
	if (opts->heuristic != ASTAR_H_DEFAULT)
		return opts->heuristic;
	return opts->diagonal == ASTAR_DIAG_NEVER ? ASTAR_H_MANHATTAN
	                                          : ASTAR_H_OCTILE;
}

int astar_heuristic_admissible(astar_heuristic h, astar_diagonal diagonal)
{
	if (diagonal < ASTAR_DIAG_NEVER || diagonal > ASTAR_DIAG_NO_OBSTACLES)
		return 0;
	if (h == ASTAR_H_MANHATTAN)
		return diagonal == ASTAR_DIAG_NEVER;
	return h >= ASTAR_H_DEFAULT && h <= ASTAR_H_ZERO;
}

int jps_supported(const astar_grid *grid, const astar_options *opts)
{
	astar_heuristic own = opts->diagonal == ASTAR_DIAG_NEVER
	                              ? ASTAR_H_MANHATTAN
	                              : ASTAR_H_OCTILE;

	if (opts->diagonal != ASTAR_DIAG_NO_OBSTACLES &&
	    opts->diagonal != ASTAR_DIAG_NEVER)
		return 0;
	if (opts->heuristic != ASTAR_H_DEFAULT && opts->heuristic != own)
		return 0;
	if (opts->weight != 1.0)
		return 0;
	/* The bounds never overstate uniformity (astar.h); a grid with no
	 * open cell (max 0) is uniform, and its start is blocked anyway. */
	return grid == NULL || grid->max_cost == 0 ||
	       grid->min_cost == grid->max_cost;
}

int astar_supported(const astar_grid *grid, const astar_options *opts)
{
	return opts->algorithm != ASTAR_ALGO_JPS ||
	       (opts->wrap == ASTAR_WRAP_NONE && jps_supported(grid, opts));
}

int lm_applies(const astar_options *o)
{
	return o->algorithm == ASTAR_ALGO_ASTAR && o->landmarks != 0 &&
	       !o->adjacent && !o->closest &&
	       astar_heuristic_admissible(astar_effective_heuristic(o),
	                                  o->diagonal);
}

const char *astar_strerror(astar_status status)
{
	switch (status) {
	case ASTAR_OK:
		return "success";
	case ASTAR_ENOMEM:
		return "out of memory";
	case ASTAR_ETOOBIG:
		return "grid too large";
	case ASTAR_ERANGE:
		return "coordinates outside the map";
	case ASTAR_ESTART_BLOCKED:
		return "start is on a blocked cell";
	case ASTAR_EGOAL_BLOCKED:
		return "goal is on a blocked cell";
	case ASTAR_EINVAL:
		return "invalid option";
	case ASTAR_EUNSUPPORTED:
		return "the algorithm does not apply to this map or movement";
	}
	return "unknown error";
}
