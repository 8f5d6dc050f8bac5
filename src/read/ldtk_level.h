/*
 * ldtk_level.h - the level reader (ldtk_level.c: IntGrid and entities)
 * and what the project reader (ldtk.c: levels, external level files)
 * hands it.  The context is the level reader's input, so it is declared
 * here, with the one function that takes it: ldtk.c includes this and
 * ldtk_level.c knows nothing of ldtk.c, the project above it.
 */
#ifndef ASTAR_LDTK_LEVEL_H
#define ASTAR_LDTK_LEVEL_H

#include <jansson.h>

#include "map.h"

typedef struct ldtk {
	const map_level_opts *o;
	const json_t *defs; /* the project's, or NULL for an .ldtkl alone */
	size_t max_cells;
	map_error *err;
} ldtk;

/* The grid and points of m from one level object; 0, or -1 with
 * x->err set. */
int ldtk_grid(ldtk *x, const json_t *level, map *m);

#endif
