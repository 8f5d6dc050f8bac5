/*
 * rules.c - the driver's judgements that apply in several places (see
 * rules.h).
 */
#include "base/diag.h"
#include "base/value.h"
#include "rules.h"
#include "write/image.h"

int rule_jps_query(const astar_options *opts, const astar_grid *g,
                   const char *name, long line, long col, const char *where)
{
	/* The options alone: the command line refuses those it cannot
	 * take, so what is left is the policy a map (or a scenario) set. */
	if (opts->algorithm == ASTAR_ALGO_JPS &&
	    opts->wrap != ASTAR_WRAP_NONE) {
		diag_error(name, line, 0,
		           "%s--algorithm=jps cannot search a wrapping map (its "
		           "wrap is %s); use astar",
		           where, value_wrap_name(opts->wrap));
		return -1;
	}
	if (!astar_supported(NULL, opts)) {
		diag_error(
			name, line, col,
			"%s--algorithm=jps needs the diagonal policy never or "
			"no-obstacles; the map's is %s",
			where, value_diagonal_name(opts->diagonal));
		return -1;
	}
	if (!astar_supported(g, opts)) {
		diag_error(
			name, line, col,
			"%s--algorithm=jps needs uniform costs: this map has "
			"terrain costs",
			where);
		return -1;
	}
	return 0;
}

void rule_admissible(const astar_options *opts, const char *name)
{
	astar_heuristic h = astar_effective_heuristic(opts);

	if (astar_heuristic_admissible(h, opts->diagonal))
		return;
	if (name == NULL)
		diag_warn("heuristic '%s' is not admissible with diagonal "
		          "moves; the path may not be shortest",
		          value_heuristic_name(h));
	else
		diag_warn("%s: heuristic '%s' is not admissible with the map's "
		          "diagonal moves; the path may not be shortest",
		          name, value_heuristic_name(h));
}

int rule_image_pattern(const char *pattern, int several, const char *name)
{
	diag_err err;

	if (image_pattern_check(pattern, several, &err) == 0)
		return 0;
	diag_report(name, &err);
	return -1;
}
