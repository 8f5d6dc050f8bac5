/*
 * names.c - a count for each name, in an open-addressing hash table that
 * doubles before it is half full: the readers look up one name for each
 * of a level's entities, so a lookup must not scan what came before.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

typedef struct entry {
	char *name; /* owned; NULL for a free entry */
	size_t count;
} entry;

struct names {
	entry *v;
	size_t cap; /* a power of two */
	size_t n;
};

/* FNV-1a: short names, no adversary who sees the table's size gains
 * more than a constant factor over a long probe. */
static size_t hash(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 29));
}

names *names_new(void)
{
	names *s = calloc(1, sizeof *s);

	if (s != NULL && (s->v = calloc(16, sizeof *s->v)) == NULL) {
		free(s);
		return NULL;
	}
	if (s != NULL)
		s->cap = 16;
	return s;
}

void names_free(names *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->cap; i++)
		free(s->v[i].name);
	free(s->v);
	free(s);
}

/* The entry of name, or the free one where it would go. */
static entry *find(const names *s, const char *name)
{
	size_t i = hash(name) & (s->cap - 1);

	while (s->v[i].name != NULL && strcmp(s->v[i].name, name) != 0)
		i = (i + 1) & (s->cap - 1);
	return &s->v[i];
}

static int grow(names *s)
{
	names bigger = {NULL, s->cap * 2, s->n};

	if (s->cap > SIZE_MAX / 4 / sizeof *s->v ||
	    (bigger.v = calloc(bigger.cap, sizeof *s->v)) == NULL)
		return -1;
	for (size_t i = 0; i < s->cap; i++)
		if (s->v[i].name != NULL)
			*find(&bigger, s->v[i].name) = s->v[i];
	free(s->v);
	*s = bigger;
	return 0;
}

size_t *names_slot(names *s, const char *name)
{
	entry *e;

	if (2 * (s->n + 1) > s->cap && grow(s) != 0)
		return NULL;
	e = find(s, name);
	if (e->name == NULL) {
		if ((e->name = strdup(name)) == NULL)
			return NULL;
		e->count = 0;
		s->n++;
	}
	return &e->count;
}

size_t names_get(const names *s, const char *name)
{
	return find(s, name)->count;
}
