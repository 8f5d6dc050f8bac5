/*
 * names.h - a count for each of a set of names, hashed (names.c): where
 * a reader asks, for each of many names, how many it has seen, in time
 * that does not grow with how many it holds.
 */
#ifndef ASTAR_NAMES_H
#define ASTAR_NAMES_H

#include <stddef.h>

typedef struct names names;

/* An empty set, or NULL when out of memory. */
names *names_new(void);
void names_free(names *s);

/* The count of name (a copy of name is kept), 0 when new; NULL when out
 * of memory. */
size_t *names_slot(names *s, const char *name);

/* The count of name, 0 for one never given. */
size_t names_get(const names *s, const char *name);

#endif
