/*
 * ldtk_level.h - the level reader (ldtk_level.c: IntGrid and entities)
 * and what the project reader (ldtk.c: levels, external level files)
 * hands it.  The context is the level reader's input, so it is declared
 * here, with the functions that take it: ldtk.c includes this and
 * ldtk_level.c knows nothing of ldtk.c, the project above it.
 */
#ifndef ASTAR_LDTK_LEVEL_H
#define ASTAR_LDTK_LEVEL_H

#include <jansson.h>

#include "json_pos.h"
#include "map.h"

/* The deepest path of a level in its text: worlds[w].levels[k]. */
#define LDTK_LEVEL_STEPS 4

typedef struct ldtk {
	const map_level_opts *o;
	const json_t *defs; /* the project's, or NULL for an .ldtkl alone */
	size_t max_cells;
	map_error *err;
	/* Where values are, for the places of messages: the text read
	 * (the project, whose defs it holds) and the level's text: the
	 * same, or an external level file's, named by level_file. */
	const char *text, *level_text;
	size_t len, level_len;
	const char *level_file; /* NULL: the level is in the text read */
	json_step at[LDTK_LEVEL_STEPS]; /* the level's path in its text */
	int nat;
} ldtk;

/* The grid and points of m from one level object; 0, or -1 with
 * x->err set. */
int ldtk_grid(ldtk *x, const json_t *level, map *m);

/* A listing of names for a message, "'a', 'b'", each quoted when
 * quote is set (control characters escaped always), ended by "..."
 * when the next does not fit. */
typedef struct ldtk_listing {
	char text[160];
	size_t n;
	int cut;
} ldtk_listing;

void ldtk_list_add(ldtk_listing *l, const char *name, int quote);

#endif
