/*
 * endpoints.h - a query's starts and goals, found and checked against
 * the map (endpoints.c).
 */
#ifndef ASTAR_ENDPOINTS_H
#define ASTAR_ENDPOINTS_H

#include <stddef.h>

#include "astar.h"
#include "config.h"
#include "read/map.h"

/* Where a query is written (the query, its start, its goal), for the
 * messages about it; all 0 when not known. */
typedef struct query_places {
	map_place query, start, goal;
	long ox, oy; /* the editor's coordinates of cell 0,0: messages show
	                cells as the user gives them (an infinite map's) */
	const map *map; /* the map, which says why a wall is one; or NULL */
} query_places;

/* Checks a query's starts s and goals t against grid g (of the file
 * name); `where` locates the query in messages ("queries[2]: " or ""),
 * and at in the file.  0, or -1 (reported). */
int valid_query(const astar_options *opts, const char *name,
                const query_places *at, const char *where, const astar_grid *g,
                const astar_point *s, size_t ns, const astar_point *t,
                size_t nt);

/* The cells of every --start (goal 0) or --goal on map m, or the map's
 * mark when none was given, into *out (*n of them, allocated); 0, or -1
 * when there is none (reported). */
int endpoints(const cli_config *cfg, const map *m, const char *name, int goal,
              astar_point **out, size_t *n);

#endif
