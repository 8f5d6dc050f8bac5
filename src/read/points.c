/*
 * points.c - a level's named points: adding them as a reader finds them,
 * and resolving "@name" to a cell, with the messages that say why a name
 * picks no cell or more than one, and the editors' default start and
 * goal among them; and a count for each of a set of names, in an
 * open-addressing hash table that doubles before it is half full, for
 * a reader that names each of many points after those before it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "map.h"

/* Names and cells listed in a message: at most this many, then "...". */
#define LIST_MAX 8

/* FNV-1a, started from where the program was loaded (address-space
 * randomisation moves it from run to run): names a file has made to
 * collide on one run, for probes as long as the table, do not on the
 * next.  No output depends on the order of a table. */
static size_t hash(const char *s)
{
	static const char anchor;
	uint64_t h = 14695981039346656037ULL ^
	             (uint64_t)(uintptr_t)&anchor * 0x9e3779b97f4a7c15ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 29));
}

/* The slot of m's index that holds name's first point, or the free one
 * where it would go. */
static size_t slot_of(const map *m, const char *name)
{
	size_t i = hash(name) & (m->index_cap - 1);

	while (m->index[i] != 0 &&
	       strcmp(m->points[m->index[i] - 1].name, name) != 0)
		i = (i + 1) & (m->index_cap - 1);
	return i;
}

/* Doubles m's index (or makes its first) before it is half full. */
static int index_room(map *m)
{
	map bigger = *m;

	if (2 * (m->index_n + 1) <= m->index_cap)
		return 0;
	bigger.index_cap = m->index_cap ? 2 * m->index_cap : 16;
	if (bigger.index_cap > SIZE_MAX / 2 / sizeof *m->index ||
	    (bigger.index = calloc(bigger.index_cap, sizeof *m->index)) ==
	            NULL)
		return -1;
	for (size_t i = 0; i < m->index_cap; i++)
		if (m->index[i] != 0)
			bigger.index[slot_of(&bigger,
			                     m->points[m->index[i] - 1].name)] =
				m->index[i];
	free(m->index);
	m->index = bigger.index;
	m->index_cap = bigger.index_cap;
	return 0;
}

int map_add_point(map *m, const char *name, astar_point at)
{
	map_point *p;
	size_t k = m->npoints, slot;
	char *copy;

	if (index_room(m) != 0 || (copy = strdup(name)) == NULL)
		return -1;
	/* The array doubles when its count reaches a power of two (its
	 * room is the next one), so that many points cost linear time. */
	if ((k & (k - 1)) == 0) {
		size_t room = k ? 2 * k : 1;
		p = room > SIZE_MAX / sizeof *p
		            ? NULL
		            : realloc(m->points, room * sizeof *p);
		if (p == NULL) {
			free(copy);
			return -1;
		}
		m->points = p;
	}
	m->points[k] = (map_point){copy, at, 0, 1, k};
	m->npoints++;
	slot = slot_of(m, name);
	if (m->index[slot] == 0) {
		m->index[slot] = k + 1;
		m->index_n++;
	} else {
		map_point *first = &m->points[m->index[slot] - 1];
		m->points[first->last].next = k + 1;
		first->last = k;
		first->count++;
	}
	return 0;
}

size_t map_count_points(const map *m, const char *name, size_t *first)
{
	size_t slot;

	if (m->index_cap == 0 || m->index[slot = slot_of(m, name)] == 0)
		return 0;
	*first = m->index[slot] - 1;
	return m->points[*first].count;
}

/* Appends to msg as snprintf would, keeping it NUL-terminated. */
static void append(char *msg, size_t size, const char *fmt, const char *s,
                   int x, int y)
{
	size_t used = strlen(msg);

	if (used + 1 < size)
		snprintf(msg + used, size - used, fmt, s, x, y);
}

/* msg: "unknown point '@name'", and the names the map knows (each once:
 * a set of those listed, as a name may hold many points). */
static void unknown(const map *m, const char *ref, char *msg, size_t size)
{
	size_t listed = 0, *seen;
	names *shown;

	snprintf(msg, size, "unknown point '%s'", ref);
	if (m->npoints == 0) {
		append(msg, size, "%s (the map names no points)", "", 0, 0);
		return;
	}
	if ((shown = names_new()) == NULL)
		return;
	for (size_t i = 0; i < m->npoints; i++) {
		if (names_get(shown, m->points[i].name) > 0)
			continue;
		if (listed == LIST_MAX ||
		    (seen = names_slot(shown, m->points[i].name)) == NULL) {
			append(msg, size, "%s, ...", "", 0, 0);
			break;
		}
		*seen = 1;
		append(msg, size, listed == 0 ? " (known: @%s" : ", @%s",
		       m->points[i].name, 0, 0);
		listed++;
	}
	names_free(shown);
	append(msg, size, "%s)", "", 0, 0);
}

int map_resolve_point(const map *m, const char *ref, astar_point *at,
                      char *msg, size_t size)
{
	size_t first = 0, n, listed = 0;
	const char *name = ref[0] == '@' ? ref + 1 : ref;

	if ((n = map_count_points(m, name, &first)) == 1) {
		*at = m->points[first].at;
		return 0;
	}
	if (n == 0) {
		unknown(m, ref, msg, size);
		return -1;
	}
	snprintf(msg, size, "point '%s' names %zu cells:", ref, n);
	for (size_t i = first + 1; i != 0 && listed < n;
	     i = m->points[i - 1].next) {
		if (listed++ == LIST_MAX) {
			append(msg, size, "%s ...", "", 0, 0);
			break;
		}
		append(msg, size, "%s %d,%d", "", (int)m->points[i - 1].at.x,
		       (int)m->points[i - 1].at.y);
	}
	append(msg, size, "%s; pick one with X,Y", "", 0, 0);
	return -1;
}

/* Whether name is one of names (any case). */
static int one_of(const char *name, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcasecmp(name, names[i]) == 0)
			return 1;
	return 0;
}

void map_default_endpoints(map *m)
{
	static const char *const starts[] = {"start", "spawn", "player",
	                                     "playerstart"};
	static const char *const goals[] = {"goal", "exit", "end"};
	size_t ns = 0, ng = 0, is = 0, ig = 0;

	for (size_t i = 0; i < m->npoints; i++) {
		if (one_of(m->points[i].name, starts, 4))
			ns++, is = i;
		if (one_of(m->points[i].name, goals, 3))
			ng++, ig = i;
	}
	if (ns == 1 && !m->has_start) {
		m->has_start = 1;
		m->start = m->points[is].at;
	}
	if (ng == 1 && !m->has_goal) {
		m->has_goal = 1;
		m->goal = m->points[ig].at;
	}
}
int map_append_points(const map *m, const char *ref, astar_point **list,
                      size_t *n, char *msg, size_t size)
{
	const char *name = ref[0] == '@' ? ref + 1 : ref;
	size_t first = 0, k = map_count_points(m, name, &first);
	astar_point *a;

	if (k == 0) {
		unknown(m, ref, msg, size);
		return -1;
	}
	if ((a = realloc(*list, (*n + k) * sizeof *a)) == NULL) {
		snprintf(msg, size, "out of memory");
		return -1;
	}
	*list = a;
	for (size_t i = first + 1; i != 0; i = m->points[i - 1].next)
		a[(*n)++] = m->points[i - 1].at;
	return 0;
}

/* The set of names. */
typedef struct entry {
	char *name; /* owned; NULL for a free entry */
	size_t count;
} entry;

struct names {
	entry *v;
	size_t cap; /* a power of two */
	size_t n;
};

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
