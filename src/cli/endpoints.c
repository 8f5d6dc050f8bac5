/*
 * endpoints.c - a query's starts and goals: the cells --start and --goal
 * name (X,Y, @NAME, or the map's own marks), and each start and goal
 * checked against the map (inside it, open, room for the agent) before
 * a search, with a message that says where the query is written.  Cut
 * from solve.c, which asks it of a map file's queries and of a scenario
 * line's alike; it needs nothing of the driver above the configuration,
 * so it sits low, below solve_map.c and solve.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "endpoints.h"
#include "rules.h"

/* Whether an agent of opts' size stands on p: every cell of its square
 * open (wrapping where the map's borders join). */
static int agent_fits(const astar_options *opts, const astar_grid *g,
                      astar_point p)
{
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	int wx = opts->wrap == ASTAR_WRAP_X || opts->wrap == ASTAR_WRAP_XY;
	int wy = opts->wrap == ASTAR_WRAP_Y || opts->wrap == ASTAR_WRAP_XY;

	for (int32_t dy = 0; dy < opts->size; dy++)
		for (int32_t dx = 0; dx < opts->size; dx++) {
			int32_t x = p.x + dx, y = p.y + dy;
			if ((x >= w && !wx) || (y >= h && !wy) ||
			    astar_grid_get(g, x % w, y % h) == 0)
				return 0;
		}
	return 1;
}

/* Checks one start (goal 0) or goal against the map; see valid_query. */
static int valid_end(const astar_options *opts, const char *name,
                     const query_places *at, const char *where,
                     const astar_grid *g, int goal, astar_point p)
{
	const map_place *pl = goal ? &at->goal : &at->start;
	long ox = at->ox, oy = at->oy;
	const char *what = goal ? "goal" : "start";

	if (!astar_grid_contains(g, p.x, p.y)) {
		diag_error(name, pl->line, pl->col,
		           "%s%s %d,%d is outside the %dx%d map", where, what,
		           (int)(p.x + ox), (int)(p.y + oy),
		           (int)astar_grid_width(g), (int)astar_grid_height(g));
		return -1;
	}
	if (goal && (opts->adjacent || opts->closest))
		return 0;
	if (astar_grid_get(g, p.x, p.y) == 0) {
		char why[300] = "";
		if (at->map != NULL && at->map->grid == g)
			map_why_blocked(at->map, p, why, sizeof why);
		if (goal)
			diag_error(name, pl->line, pl->col,
			           "%sgoal %d,%d is %s%s (use --adjacent to "
			           "stop next to it, or --closest to get as "
			           "near as possible)",
			           where, (int)(p.x + ox), (int)(p.y + oy),
			           why[0] ? "blocked:" : "blocked", why);
		else
			diag_error(name, pl->line, pl->col,
			           "%sstart %d,%d is %s%s", where,
			           (int)(p.x + ox), (int)(p.y + oy),
			           why[0] ? "blocked:" : "blocked", why);
		return -1;
	}
	if (opts->size > 1 && !agent_fits(opts, g, p)) {
		diag_error(name, pl->line, pl->col,
		           "%s%s %d,%d: a %dx%d agent does not fit there (a "
		           "cell of its square is blocked or off the map)",
		           where, what, (int)(p.x + ox), (int)(p.y + oy),
		           (int)opts->size, (int)opts->size);
		return -1;
	}
	return 0;
}

/* An editor's level with no start or goal: its points listed. */
static void no_level_endpoint(const char *name, const map *m, const char *what)
{
	char list[400];

	map_list_points(m, list, sizeof list);
	diag_error(name, 0, 0,
	           "no %s: no point's name or type is like a%s, or they are "
	           "on several cells; pick one with --%s=@NAME or --%s=X,Y "
	           "(the level's points: %s)",
	           what,
	           what[0] == 's' ? " start (player, spawn, start)"
	                          : " goal (exit, goal, end)",
	           what, what, list);
}

/*
 * Checks a query's starts and goals against the map; `where` locates the
 * query in messages ("queries[2]: " or ""), and at in the file.  Reports
 * and returns -1.
 */
int valid_query(const astar_options *opts, const char *name,
                const query_places *at, const char *where, const astar_grid *g,
                const astar_point *s, size_t ns, const astar_point *t,
                size_t nt)
{
	/* The library has no several-goals search that stops next to a
	 * goal or as near as it can get: say so here, where the query is
	 * known, rather than pass on its generic status. */
	if ((opts->adjacent || opts->closest) && (ns > 1 || nt > 1)) {
		diag_error(name, at->query.line, at->query.col,
		           "%s%s cannot be used with several %s (%zu given): "
		           "give one start and one goal, or make each pair "
		           "its own query",
		           where,
		           opts->adjacent ? (*where ? "adjacent" : "--adjacent")
		                          : (*where ? "closest" : "--closest"),
		           nt > 1 ? "goals" : "starts", nt > 1 ? nt : ns);
		return -1;
	}
	if (rule_jps_query(opts, g, name, at->query.line, at->query.col,
	                   where) != 0)
		return -1;
	for (size_t k = 0; k < ns; k++)
		if (valid_end(opts, name, at, where, g, 0, s[k]) != 0)
			return -1;
	for (size_t k = 0; k < nt; k++)
		if (valid_end(opts, name, at, where, g, 1, t[k]) != 0)
			return -1;
	return 0;
}

/* A map file with no start (what = "start", mark 'S') or no goal, and
 * none given: says how to give one in that format.  In a Moving AI map
 * S and G are terrain. */
static void no_endpoint(const char *name, const map *m, const char *what,
                        char mark)
{
	enum map_format fmt = m->format;

	if (fmt == MAPFMT_TILED || fmt == MAPFMT_LDTK)
		no_level_endpoint(name, m, what);
	else if (fmt == MAPFMT_MOVINGAI)
		diag_error(name, 0, 0,
		           "no %s: use --%s or a scenario file (%c is terrain "
		           "in a Moving AI map)",
		           what, what, mark);
	else if (fmt == MAPFMT_JSON)
		diag_error(name, 0, 0,
		           "no %s: give \"%s\", mark one with %c in \"rows\", "
		           "or use --%s",
		           what, what, mark, what);
	else
		diag_error(name, 0, 0, "no %s: mark one with %c or use --%s",
		           what, mark, what);
}

/* The cells of every --start (goal 0) or --goal on map m: X,Y, every
 * cell an @name picks, or the map's mark when none was given; into *out
 * (*n of them, allocated).  0, or -1 when there is none (reported). */
int endpoints(const cli_config *cfg, const map *m, const char *name, int goal,
              astar_point **out, size_t *n)
{
	const endpoint_arg *a = goal ? cfg->goals : cfg->starts;
	size_t na = goal ? cfg->ngoals : cfg->nstarts;
	const char *flag = goal ? "--goal" : "--start";
	char msg[MAP_MSG_MAX];

	*out = NULL;
	*n = 0;
	if (na == 0) {
		if (!(goal ? m->has_goal : m->has_start)) {
			no_endpoint(name, m, goal ? "goal" : "start",
			            goal ? 'G' : 'S');
			return -1;
		}
		if ((*out = malloc(sizeof **out)) == NULL)
			goto nomem;
		(*out)[(*n)++] = goal ? m->goal : m->start;
		return 0;
	}
	for (size_t i = 0; i < na; i++) {
		astar_point *p;
		if (a[i].name != NULL) {
			if (map_append_points(m, a[i].name, out, n, msg,
			                      sizeof msg) == 0)
				continue;
			diag_error(name, 0, 0, "%s: %s", flag, msg);
			free(*out);
			*out = NULL;
			return -1;
		}
		if (a[i].third != 0) {
			diag_error(name, 0, 0,
			           "%s: '%s' has a third part (a floor or a "
			           "voxel's z), but this map is flat: its "
			           "points are X,Y",
			           flag, a[i].arg);
			free(*out);
			*out = NULL;
			return -1;
		}
		if ((p = realloc(*out, (*n + 1) * sizeof *p)) == NULL)
			goto nomem;
		*out = p;
		/* X,Y are the editor's coordinates (an infinite map's grid
		 * starts where its tiles do). */
		p[*n].x = (int32_t)(a[i].p.x - m->ox);
		p[*n].y = (int32_t)(a[i].p.y - m->oy);
		(*n)++;
	}
	return 0;
nomem:
	diag_error(name, 0, 0, "out of memory");
	free(*out);
	*out = NULL;
	return -1;
}
