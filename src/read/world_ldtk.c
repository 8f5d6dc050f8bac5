/*
 * world_ldtk.c - a whole LDtk project as one world (--world): each level
 * read by the LDtk reader as it reads one, placed at worldX, worldY
 * (pixels over the level's cell size) and worldDepth; levels of one
 * depth that touch are joined by the world's seams.  Every entity with an
 * EntityRef field is a door to each entity it names: one step of cost 1
 * from the door's cell to the named entity's, both ways when the field's
 * definition is symmetrical; an external level file's entities are
 * doors too.  The project is parsed once for all its levels.  Points are
 * LEVEL/NAME.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "json_text.h"
#include "world_ldtk.h"

/* Level k of the project, in map_ldtk_levels' order: "levels", then each
 * of "worlds"' own. */
static json_t *level_k(json_t *root, size_t k)
{
	json_t *lv = json_object_get(root, "levels"), *w;
	size_t i;

	if (k < json_array_size(lv))
		return json_array_get(lv, k);
	k -= json_array_size(lv);
	json_array_foreach(json_object_get(root, "worlds"), i, w) {
		lv = json_object_get(w, "levels");
		if (k < json_array_size(lv))
			return json_array_get(lv, k);
		k -= json_array_size(lv);
	}
	return NULL;
}

/* An entity of the project: its iid, level and cell. */
typedef struct wentity {
	const char *iid;
	size_t level;
	int32_t x, y;
} wentity;

typedef struct ldtk_walk {
	json_t *root;
	json_t **lv; /* each level as read: an external file's own */
	map_world *w;
	int32_t *cell; /* each level's cell size in pixels */
	wentity *ents;
	size_t nents, cap;
	map_error *err;
} ldtk_walk;

static int32_t cell_of(const json_t *px, size_t i, int32_t size, int32_t lim)
{
	json_int_t v = json_integer_value(json_array_get(px, i)) / size;

	return v < 0 ? 0 : v >= lim ? lim - 1 : (int32_t)v;
}

/* Calls each(e, level, entity) for every entity of every level's
 * layers, an external level file's too. */
static int each_entity(ldtk_walk *lw, int (*each)(ldtk_walk *, size_t, json_t *))
{
	map_error *err = lw->err;

	err->msg[0] = '\0';
	for (size_t k = 0; k < lw->w->nfloors; k++) {
		json_t *layer, *e;
		size_t i, j;
		json_array_foreach(json_object_get(lw->lv[k], "layerInstances"), i, layer)
			json_array_foreach(json_object_get(layer, "entityInstances"), j, e)
				if (each(lw, k, e) != 0)
					return err->msg[0] ? -1 : map_fail(err, 0, 0, "out of memory");
	}
	return 0;
}

static int note_entity(ldtk_walk *lw, size_t k, json_t *e)
{
	const astar_grid *g = lw->w->floors[k].grid;
	json_t *px = json_object_get(e, "px");
	wentity *n;

	if (json_string_value(json_object_get(e, "iid")) == NULL)
		return 0;
	if (lw->nents == lw->cap) {
		lw->cap = lw->cap ? 2 * lw->cap : 64;
		if ((n = realloc(lw->ents, lw->cap * sizeof *n)) == NULL)
			return -1;
		lw->ents = n;
	}
	n = &lw->ents[lw->nents++];
	n->iid = json_string_value(json_object_get(e, "iid"));
	n->level = k;
	n->x = cell_of(px, 0, lw->cell[k], astar_grid_width(g));
	n->y = cell_of(px, 1, lw->cell[k], astar_grid_height(g));
	return 0;
}

/* Whether the project defines field uid as a symmetrical reference. */
static int symmetrical(json_t *root, json_t *uid)
{
	json_t *ed, *fd;
	size_t i, j;

	json_array_foreach(json_object_get(json_object_get(root, "defs"), "entities"), i, ed)
		json_array_foreach(json_object_get(ed, "fieldDefs"), j, fd)
			if (json_equal(json_object_get(fd, "uid"), uid))
				return json_is_true(json_object_get(fd, "symmetricalRef"));
	return 0;
}

/* The doors of entity e: a link to each entity its EntityRef fields
 * name; fails on a name no entity holds. */
static int add_doors(ldtk_walk *lw, size_t k, json_t *e)
{
	json_t *f, *v, *ref;
	size_t i, j;
	wentity *self = NULL;
	const char *iid = json_string_value(json_object_get(e, "iid"));

	for (size_t n = 0; iid != NULL && n < lw->nents; n++)
		if (strcmp(lw->ents[n].iid, iid) == 0)
			self = &lw->ents[n];
	json_array_foreach(json_object_get(e, "fieldInstances"), i, f) {
		const char *type = json_string_value(json_object_get(f, "__type"));
		int many = type != NULL && strcmp(type, "Array<EntityRef>") == 0;
		int two = symmetrical(lw->root, json_object_get(f, "defUid"));
		if (self == NULL || type == NULL ||
		    (strcmp(type, "EntityRef") != 0 && !many))
			continue;
		v = json_object_get(f, "__value");
		for (j = 0; j < (many ? json_array_size(v) : 1); j++) {
			const char *to;
			size_t n;
			ref = many ? json_array_get(v, j) : v;
			if (json_is_null(ref))
				continue;
			to = json_string_value(json_object_get(ref, "entityIid"));
			for (n = 0; to != NULL && n < lw->nents; n++)
				if (strcmp(lw->ents[n].iid, to) == 0)
					break;
			if (to == NULL || n == lw->nents)
				return map_fail(lw->err, 0, 0, "level '%s': entity %s: "
				                "its EntityRef %s names entity %s, which "
				                "the project does not hold",
				                lw->w->floors[k].name,
				                json_string_value(json_object_get(e, "__identifier")),
				                json_string_value(json_object_get(f, "__identifier")),
				                to != NULL ? to : "(none)");
			if (astar_world_add_link(
			            lw->w->world,
			            (astar_place){self->x, self->y, 0, (uint32_t)self->level},
			            (astar_place){lw->ents[n].x, lw->ents[n].y, 0,
			                          (uint32_t)lw->ents[n].level},
			            1.0, !two) != ASTAR_OK)
				return -1;
		}
	}
	return 0;
}

/* Level k read by the LDtk reader: its grid, and its points as
 * LEVEL/NAME. */
static int read_level(ldtk_walk *lw, const char *buf, size_t len,
                      size_t max_cells, const map_level_opts *lo,
                      const char *id, size_t k, map_error *err)
{
	map_level_opts one = *lo;
	map_world *w = lw->w;
	map lv;
	char *name;

	one.level = id;
	w->nfloors = k + 1;
	if (map_read_ldtk_root(lw->root, buf, len, max_cells, &one, &lv, err,
	                       &lw->lv[k]) != 0)
		return -1;
	w->floors[k].grid = lv.grid;
	lv.grid = NULL;
	for (size_t i = 0; i < lv.npoints; i++) {
		size_t n = strlen(id) + strlen(lv.points[i].name) + 2;
		map_wpoint *p = realloc(w->points, (w->npoints + 1) * sizeof *p);
		if (p == NULL || (name = malloc(n)) == NULL) {
			if (p != NULL)
				w->points = p;
			map_free(&lv);
			return map_fail(err, 0, 0, "out of memory");
		}
		w->points = p;
		snprintf(name, n, "%s/%s", id, lv.points[i].name);
		p[w->npoints].name = name;
		p[w->npoints++].at = (astar_place){lv.points[i].at.x, lv.points[i].at.y, 0,
		                                   (uint32_t)k};
	}
	map_free(&lv);
	return 0;
}

/* Level k's place: worldX, worldY over its cell size, worldDepth. */
static void place_level(map_world *w, json_t *lv, size_t k, int32_t *cell)
{
	const astar_grid *g = w->floors[k].grid;
	json_int_t px = json_integer_value(json_object_get(lv, "pxWid"));
	json_int_t wx = json_integer_value(json_object_get(lv, "worldX"));
	json_int_t wy = json_integer_value(json_object_get(lv, "worldY"));

	cell[k] = px > 0 && astar_grid_width(g) > 0
	                  ? (int32_t)(px / astar_grid_width(g)) : 1;
	if (cell[k] < 1)
		cell[k] = 1;
	/* floor division: a level left of or above the origin */
	w->floors[k].x = (int32_t)((wx - (wx < 0 ? cell[k] - 1 : 0)) / cell[k]);
	w->floors[k].y = (int32_t)((wy - (wy < 0 ? cell[k] - 1 : 0)) / cell[k]);
	w->floors[k].depth =
	        (int32_t)json_integer_value(json_object_get(lv, "worldDepth"));
}

/* The one point named (any case, after its level) start, spawn, player
 * or playerstart is the start; goal, exit or end the goal. */
static void default_ends(map_world *w)
{
	static const char *const names[2][5] = {
	        {"start", "spawn", "player", "playerstart", NULL},
	        {"goal", "exit", "end", NULL, NULL}};

	for (int e = 0; e < 2; e++) {
		size_t found = 0, at = 0;
		for (size_t k = 0; k < w->npoints; k++) {
			const char *slash = strchr(w->points[k].name, '/');
			for (int j = 0; slash != NULL && names[e][j] != NULL; j++)
				if (strcasecmp(slash + 1, names[e][j]) == 0) {
					found++;
					at = k;
				}
		}
		if (found != 1)
			continue;
		*(e ? &w->goal : &w->start) = w->points[at].at;
		*(e ? &w->has_goal : &w->has_start) = 1;
	}
}

/* A linear layout gives no positions (worldX and worldY are -1): the
 * levels follow each other left to right or top to bottom, in order. */
static void line_up(map_world *w, const char *layout)
{
	int across = layout != NULL && strcmp(layout, "LinearHorizontal") == 0;
	int down = layout != NULL && strcmp(layout, "LinearVertical") == 0;
	int32_t at = 0;

	for (size_t k = 0; (across || down) && k < w->nfloors; k++) {
		w->floors[k].x = across ? at : 0;
		w->floors[k].y = down ? at : 0;
		at += across ? astar_grid_width(w->floors[k].grid)
		             : astar_grid_height(w->floors[k].grid);
	}
}

static int build(map_world *w, map_error *err)
{
	astar_world_problem why;
	astar_status st;

	for (size_t k = 0; k < w->nfloors; k++)
		if (astar_world_add_level(w->world, w->floors[k].grid, w->floors[k].name,
		                          w->floors[k].x, w->floors[k].y,
		                          w->floors[k].depth) != ASTAR_OK)
			return map_fail(err, 0, 0, "out of memory");
	if ((st = astar_world_build(w->world, &why)) == ASTAR_OK)
		return 0;
	if (why.fault == ASTAR_WORLD_OVERLAP)
		return map_fail(err, 0, 0, "levels '%s' and '%s' overlap at "
		                "depth %d, in the world's cells %d..%d, %d..%d",
		                w->floors[why.a].name, w->floors[why.b].name,
		                w->floors[why.a].depth, why.x0, why.x1, why.y0, why.y1);
	return map_fail(err, 0, 0, "%s", astar_strerror(st));
}

int map_read_world_ldtk(const char *buf, size_t len, size_t max_cells,
                        const map_level_opts *lo, map *m, map_error *err)
{
	char **ids = NULL;
	size_t n = 0;
	ldtk_walk lw;
	map_world *w;
	int rc = -1;

	memset(m, 0, sizeof *m);
	memset(&lw, 0, sizeof lw);
	json_text_arena_begin(); /* the project, parsed once, is freed here */
	if ((lw.root = json_text_load(buf, len, err)) == NULL ||
	    map_ldtk_levels_root(lw.root, &ids, &n, err) != 0 || n == 0) {
		if (lw.root != NULL && n == 0)
			map_fail(err, 0, 0, "--world: an LDtk level file is one "
			         "level; give its project");
		json_decref(lw.root);
		json_text_arena_end();
		for (size_t k = 0; k < n; k++)
			free(ids[k]);
		free(ids);
		return -1;
	}
	w = m->world = calloc(1, sizeof *w);
	m->world_free = map_world_free;
	lw.cell = calloc(n, sizeof *lw.cell);
	lw.lv = calloc(n, sizeof *lw.lv);
	lw.w = w;
	lw.err = err;
	if (w == NULL || lw.root == NULL || lw.cell == NULL || lw.lv == NULL ||
	    (w->floors = calloc(n, sizeof *w->floors)) == NULL ||
	    (w->world = astar_world_new()) == NULL) {
		if (lw.root != NULL)
			map_fail(err, 0, 0, "out of memory");
		goto out;
	}
	for (size_t k = 0; k < n; k++) {
		w->floors[k].name = ids[k];
		ids[k] = NULL;
		if (read_level(&lw, buf, len, max_cells, lo, w->floors[k].name, k, err))
			goto out;
		place_level(w, level_k(lw.root, k), k, lw.cell);
	}
	line_up(w, json_string_value(json_object_get(lw.root, "worldLayout")));
	if (each_entity(&lw, note_entity) != 0 || each_entity(&lw, add_doors) != 0 ||
	    build(w, err) != 0)
		goto out;
	default_ends(w);
	rc = 0;
out:
	for (size_t k = 0; k < n; k++)
		free(ids[k]);
	free(ids);
	free(lw.cell);
	free(lw.ents);
	for (size_t k = 0; lw.lv != NULL && k < n; k++)
		json_decref(lw.lv[k]);
	free(lw.lv);
	json_decref(lw.root);
	json_text_arena_end();
	if (rc != 0)
		map_free(m);
	return rc;
}
