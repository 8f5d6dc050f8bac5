/*
 * points.c - a level's named points: adding them as a reader finds them,
 * and resolving "@name" to a cell, with the messages that say why a name
 * picks no cell or more than one, the editors' default start and goal
 * among them (by a rule on names that people write many ways), a listing
 * of a level's objects for messages and why a cell is a wall; and a count for each of a set of names, in an
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
	m->points[k] = (map_point){copy, at, NULL, k, 0, 1, k};
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
	if (m->chosen != NULL && m->npoints > 0) {
		/* An editor's level: each object once, with its cell, not
		 * each of the names an LDtk entity goes by. */
		char list[400];
		map_list_points(m, list, sizeof list);
		append(msg, size, " (the level's points: %s)", list, 0, 0);
		return;
	}
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

/* Whether name, with case, spaces, '-' and '_' left out, is made of
 * the words of words[] (each at most once), one of the first three
 * among them. */
static int made_of(const char *name, const char *const *words, size_t n)
{
	char s[64];
	size_t k = 0;
	unsigned used = 0;

	for (; *name; name++) {
		if (*name == ' ' || *name == '-' || *name == '_')
			continue;
		if (k + 1 == sizeof s)
			return 0;
		s[k++] = (char)((*name >= 'A' && *name <= 'Z') ? *name + 32
		                                                : *name);
	}
	s[k] = '\0';
	for (const char *p = s; *p;) {
		size_t i = 0, l = 0;
		for (; i < n; i++)
			if (!(used & 1u << i) &&
			    strncmp(p, words[i], l = strlen(words[i])) == 0)
				break;
		if (i == n)
			return 0;
		used |= 1u << i;
		p += l;
	}
	return (used & 7u) != 0;
}

int map_like_endpoint(const char *name, int goal)
{
	static const char *const starts[] = {"player", "spawn", "start",
	                                      "point"};
	static const char *const goals[] = {"exit", "goal", "end", "level",
	                                    "point"};

	return name != NULL && (goal ? made_of(name, goals, 5)
	                             : made_of(name, starts, 4));
}

map_chosen *map_chosen_of(map *m)
{
	if (m->chosen == NULL && (m->chosen = calloc(1, sizeof *m->chosen)))
		m->chosen->has = 1;
	return m->chosen;
}

int map_point_tag(map *m, size_t k, const char *kind, size_t obj)
{
	if (kind != NULL && (m->points[k].kind = strdup(kind)) == NULL)
		return -1;
	m->points[k].obj = obj;
	return 0;
}

/* The points like a start (goal 0) or goal: by name, else by kind;
 * set on m when all are on one cell.  The rule said in *by. */
static void default_end(map *m, int goal)
{
	size_t first = SIZE_MAX, n = 0;
	int cells = 0, by_kind = 0;
	map_chosen *c;
	char by[160];

	for (int pass = 0; pass < 2 && n == 0; pass++)
		for (size_t i = 0; i < m->npoints; i++) {
			const map_point *p = &m->points[i];
			if (!map_like_endpoint(pass ? p->kind : p->name, goal))
				continue;
			if (n++ == 0)
				first = i, cells = 1, by_kind = pass;
			else if (p->at.x != m->points[first].at.x ||
			         p->at.y != m->points[first].at.y)
				cells++;
		}
	if (n == 0 || cells != 1 || (goal ? m->has_goal : m->has_start) ||
	    (c = map_chosen_of(m)) == NULL)
		return;
	snprintf(by, sizeof by, "its %s '%s' is like a%s",
	         by_kind ? "type" : "name",
	         by_kind ? m->points[first].kind : m->points[first].name,
	         goal ? " goal (exit, goal, end)"
	              : " start (player, spawn, start)");
	if (goal) {
		m->has_goal = 1;
		m->goal = m->points[first].at;
		c->goal = strdup(m->points[first].name);
		c->goal_by = strdup(by);
	} else {
		m->has_start = 1;
		m->start = m->points[first].at;
		c->start = strdup(m->points[first].name);
		c->start_by = strdup(by);
	}
}

void map_default_endpoints(map *m)
{
	default_end(m, 0);
	default_end(m, 1);
}

/* The name that shows object k (its first point): its first name no
 * other point has, else its first. */
static const char *shown_name(const map *m, size_t k)
{
	size_t first;

	for (size_t i = k; i < m->npoints && m->points[i].obj == k; i++)
		if (map_count_points(m, m->points[i].name, &first) == 1)
			return m->points[i].name;
	return m->points[k].name;
}

void map_list_points(const map *m, char *out, size_t size)
{
	size_t n = 0;
	int shown = 0;

	snprintf(out, size, "none");
	for (size_t i = 0; i < m->npoints; i++) {
		const map_point *p = &m->points[i];
		char item[96];
		int k;
		if (p->obj != i)
			continue;
		k = snprintf(item, sizeof item, "%s@%.48s %ld,%ld",
		             shown ? ", " : "", shown_name(m, i),
		             (long)p->at.x + m->ox, (long)p->at.y + m->oy);
		if (n + (size_t)k + 6 >= size) {
			snprintf(out + n, size - n, ", ...");
			return;
		}
		memcpy(out + n, item, (size_t)k + 1);
		n += (size_t)k;
		shown = 1;
	}
}

void map_why_blocked(const map *m, astar_point p, char *out, size_t size)
{
	const map_chosen *c = m->chosen;
	const char *cause;

	out[0] = '\0';
	if (c == NULL || c->why == NULL ||
	    !astar_grid_contains(m->grid, p.x, p.y))
		return;
	cause = c->causes[c->why[(size_t)p.y *
	                         (size_t)astar_grid_width(m->grid) +
	                         (size_t)p.x]];
	if (cause != NULL)
		snprintf(out, size, " on %s, a wall %s", cause,
		         c->walls_by ? c->walls_by : "");
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
