/*
 * ldtk.c - LDtk projects (.ldtk) and their external levels (.ldtkl):
 * one level's IntGrid layer made a grid (walls and costs chosen by the
 * IntGrid values, by number or by the identifier the project's defs give
 * them), and its entities made named points.  Auto-layers and tiles are
 * drawing, not rules: they are not read.  This file finds the level;
 * ldtk_level.c, below it, makes the grid and never calls back up.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io.h"
#include "json_pos.h"
#include "json_text.h"
#include "map.h"

#include "ldtk_level.h"

static const char *str_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* The project's levels: "levels", or those of its "worlds" (multi-world
 * projects keep theirs there). */
static size_t count_levels(const json_t *root)
{
	size_t n = json_array_size(json_object_get(root, "levels")), i;
	const json_t *w;

	json_array_foreach(json_object_get(root, "worlds"), i, w)
		n += json_array_size(json_object_get(w, "levels"));
	return n;
}

/* Level k of the project, and, when at is not NULL, its JSON path
 * (levels[k] or worlds[w].levels[k]) in at[0..*nat). */
static const json_t *level_path(const json_t *root, size_t k, json_step *at,
                                int *nat)
{
	const json_t *lv = json_object_get(root, "levels"), *w;
	json_step top[] = {{"levels", 0}, {NULL, k}}, world[] = {
		{"worlds", 0}, {NULL, 0}, {"levels", 0}, {NULL, 0}};
	size_t i;

	if (k < json_array_size(lv)) {
		if (at != NULL)
			memcpy(at, top, sizeof top), *nat = 2;
		return json_array_get(lv, k);
	}
	k -= json_array_size(lv);
	json_array_foreach(json_object_get(root, "worlds"), i, w)
	{
		lv = json_object_get(w, "levels");
		if (k < json_array_size(lv)) {
			world[1].index = i;
			world[3].index = k;
			if (at != NULL)
				memcpy(at, world, sizeof world), *nat = 4;
			return json_array_get(lv, k);
		}
		k -= json_array_size(lv);
	}
	return NULL;
}

static const json_t *level_at(const json_t *root, size_t k)
{
	return level_path(root, k, NULL, NULL);
}

static int is_level_file(const json_t *root)
{
	return json_object_get(root, "layerInstances") != NULL &&
	       json_object_get(root, "levels") == NULL;
}

int map_ldtk_levels(const char *buf, size_t len, char ***names, size_t *n,
                    map_error *err)
{
	json_t *root;
	int rc;

	*names = NULL;
	*n = 0;
	json_text_arena_begin();
	if ((root = json_text_load(buf, len, err)) == NULL) {
		json_text_arena_end();
		return -1;
	}
	rc = map_ldtk_levels_root(root, names, n, err);
	json_decref(root);
	json_text_arena_end();
	return rc;
}

int map_ldtk_levels_root(const json_t *root, char ***names, size_t *n,
                         map_error *err)
{
	size_t k, cnt = is_level_file(root) ? 0 : count_levels(root);

	*names = NULL;
	*n = 0;
	if (cnt > 0 && (*names = calloc(cnt, sizeof **names)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	for (k = 0; k < cnt; k++) {
		const char *id = str_of(level_at(root, k), "identifier");
		char num[32];
		snprintf(num, sizeof num, "%zu", k);
		if (((*names)[k] = strdup(id ? id : num)) == NULL)
			break;
		*n = k + 1;
	}
	return k == cnt ? 0 : map_fail(err, 0, 0, "out of memory");
}

/* The levels' identifiers, for an error: "'A', 'B'". */
static void level_list(const json_t *root, ldtk_listing *l)
{
	size_t cnt = count_levels(root);

	for (size_t k = 0; k < cnt && !l->cut; k++) {
		const char *id = str_of(level_at(root, k), "identifier");
		ldtk_list_add(l, id ? id : "?", 1);
	}
}

/* The level --level names (identifier, else index), or the only one;
 * its path in x->at. */
static const json_t *pick_level(ldtk *x, const json_t *root)
{
	size_t cnt = count_levels(root);
	const char *want = x->o->level;
	ldtk_listing list = {{0}, 0, 0};
	char q[64];

	for (size_t k = 0; want != NULL && k < cnt; k++) {
		const char *id = str_of(level_at(root, k), "identifier");
		if (id != NULL && strcmp(id, want) == 0)
			return level_path(root, k, x->at, &x->nat);
	}
	if (want != NULL && want[strspn(want, "0123456789")] == '\0' &&
	    strlen(want) < 10 && (size_t)atol(want) < cnt)
		return level_path(root, (size_t)atol(want), x->at, &x->nat);
	if (want == NULL && cnt == 1)
		return level_path(root, 0, x->at, &x->nat);
	level_list(root, &list);
	if (cnt == 0)
		map_fail(x->err, 0, 0, "the project has no levels");
	else if (want == NULL && x->o->unmarked)
		map_fail(x->err, 0, 0,
		         "the project has %zu levels, and none has a point like "
		         "a start and one like a goal: choose a level with "
		         "--level=ID (%s) and its points with --start and "
		         "--goal",
		         cnt, list.text);
	else if (want == NULL)
		map_fail(x->err, 0, 0,
		         "the project has %zu levels: choose one with %s (%s)",
		         cnt, x->o->from_check ? "\"level_id\"" : "--level=ID",
		         list.text);
	else
		map_fail(x->err, 0, 0,
		         "%s '%s': no such level (the project's levels: %s)",
		         x->o->from_check ? "level_id" : "--level",
		         diag_quote(want, q, sizeof q), list.text);
	return NULL;
}

/* An external level file, read beside the project; its text kept in
 * x->level_text (freed by the caller), for the places of messages. */
static json_t *read_external(ldtk *x, const char *rel)
{
	const char *path = x->o->path ? x->o->path : "";
	const char *slash = strrchr(path, '/');
	size_t dl = slash && rel[0] != '/' ? (size_t)(slash - path + 1) : 0;
	char *full = malloc(dl + strlen(rel) + 1), *buf;
	size_t len;
	json_t *root = NULL;
	struct stat st;
	int rc;

	if (full == NULL) {
		map_fail(x->err, 0, 0, "out of memory");
		return NULL;
	}
	memcpy(full, path, dl);
	strcpy(full + dl, rel);
	/* A regular file only: a FIFO there would wait forever. */
	rc = io_slurp_regular(full, (size_t)256 << 20, &buf, &len, &st);
	if (rc == IO_NOT_REGULAR) {
		map_fail(x->err, 0, 0,
		         "external level '%.80s' is %s, not a regular file "
		         "(looked for %.120s)",
		         rel, io_kind(&st), full);
	} else if (rc != 0) {
		map_fail(x->err, 0, 0,
		         "external level '%.80s': %s (looked for %.120s)", rel,
		         errno == EFBIG ? "too large" : strerror(errno), full);
	} else {
		if ((root = json_text_load(buf, len, x->err)) == NULL) {
			char msg[sizeof x->err->msg];
			snprintf(msg, sizeof msg, "%s", x->err->msg);
			map_fail(x->err, 0, 0, "%.80s:%ld:%ld: %s", rel,
			         x->err->line, x->err->col, msg);
			free(buf);
		} else {
			x->level_text = buf;
			x->level_len = len;
		}
	}
	free(full);
	return root;
}

static int read_ldtk(const char *buf, size_t len, size_t max_cells,
                     const map_level_opts *lo, map *m, map_error *err);

/* Where the level is, in m->chosen: the project at the level's object,
 * or its external level file (whose top is the level). */
static int level_place(const ldtk *x, const char *buf, size_t len, map *m)
{
	map_chosen *c = map_chosen_of(m);
	const char *path = x->o->path, *slash;
	json_place p = {1, 1};
	char q[64], place[128];
	size_t dl;

	if (c == NULL)
		return map_fail(x->err, 0, 0, "out of memory");
	if (path == NULL || strcmp(path, "-") == 0)
		return 0;
	slash = strrchr(path, '/');
	dl = x->level_file && slash && x->level_file[0] != '/'
	             ? (size_t)(slash - path + 1)
	             : 0;
	if (x->level_file == NULL && x->nat > 0)
		(void)json_pos_find(buf, len, x->at, x->nat, 0, &p);
	snprintf(place, sizeof place, "LDtk level '%s'",
	         diag_quote(m->level ? m->level : "?", q, sizeof q));
	if (x->level_file != NULL &&
	    (c->file = malloc(dl + strlen(x->level_file) + 1)) != NULL) {
		memcpy(c->file, path, dl);
		strcpy(c->file + dl, x->level_file);
	} else if (x->level_file == NULL) {
		c->file = strdup(path);
	}
	c->line = p.line;
	c->col = p.col;
	if (c->file == NULL || (c->place = strdup(place)) == NULL)
		return map_fail(x->err, 0, 0, "out of memory");
	return 0;
}

int map_read_ldtk(const char *buf, size_t len, size_t max_cells,
                  const map_level_opts *lo, map *m, map_error *err)
{
	int rc;

	json_text_arena_begin(); /* the project's values are freed here */
	rc = read_ldtk(buf, len, max_cells, lo, m, err);
	json_text_arena_end();
	return rc;
}

static int read_ldtk(const char *buf, size_t len, size_t max_cells,
                     const map_level_opts *lo, map *m, map_error *err)
{
	json_t *root;
	int rc;

	memset(m, 0, sizeof *m);
	if ((root = json_text_load(buf, len, err)) == NULL)
		return -1;
	rc = map_read_ldtk_root(root, buf, len, max_cells, lo, m, err, NULL);
	json_decref(root);
	return rc;
}

int map_read_ldtk_root(json_t *root, const char *buf, size_t len,
                       size_t max_cells, const map_level_opts *lo, map *m,
                       map_error *err, json_t **read)
{
	static const map_level_opts none;
	json_t *ext = NULL;
	const json_t *level;
	ldtk x;
	int rc = -1;

	memset(&x, 0, sizeof x);
	x.o = lo ? lo : &none;
	x.max_cells = max_cells;
	x.err = err;
	x.text = x.level_text = buf;
	x.len = x.level_len = len;
	memset(m, 0, sizeof *m);
	if (!json_is_object(root))
		return map_fail(err, 1, 1, "expected an LDtk project object");
	if (is_level_file(root)) {
		level = root;
	} else {
		x.defs = json_object_get(root, "defs");
		if ((level = pick_level(&x, root)) == NULL)
			goto out;
		if (!json_is_array(json_object_get(level, "layerInstances")) &&
		    str_of(level, "externalRelPath") != NULL) {
			x.level_text = NULL;
			x.level_file = str_of(level, "externalRelPath");
			x.nat = 0;
			if ((ext = read_external(&x, x.level_file)) == NULL)
				goto out;
			level = ext;
		}
	}
	rc = ldtk_grid(&x, level, m);
	if (rc == 0)
		rc = level_place(&x, buf, len, m);
	if (rc == 0 && read != NULL)
		*read = json_incref((json_t *)level);
out:
	if (x.level_text != buf)
		free((char *)x.level_text);
	json_decref(ext);
	if (rc != 0)
		map_free(m);
	return rc;
}
