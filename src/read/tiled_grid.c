/*
 * tiled_grid.c - a Tiled model made a grid: the box of cells (a finite
 * map's own, an infinite one's tiles' bounding box), the layers that
 * block (--layer, else those named like a collision layer, else the
 * tiles whose property says so), terrain costs from a tile property,
 * and the objects as named points.  The rules are astar(1)'s, "Level
 * editors".  It only reads the model (tiled_model.h), whichever syntax
 * filled it; the objects' shapes and points are tiled_objects.c's.
 * What it chose (the layers, what in them blocks, the layer that made
 * each wall) it says in the map (map_chosen).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/diag.h"
#include "tiled_grid.h"
#include "tiled_objects.h"

static const char *const collision_names[] = {
	"collision", "collisions", "solid", "walls", "obstacles"};
static const char *const solid_props[] = {"collides", "solid", "collision"};

static int named_like_collision(const char *name)
{
	for (size_t i = 0; i < 5; i++)
		if (strcasecmp(name, collision_names[i]) == 0)
			return 1;
	return 0;
}

/* The layers' names, for an error: "'A', 'B'" (cut short). */
static void layer_list(const tiled_model *t, char *out, size_t size)
{
	size_t n = 0;

	char q[48];

	out[0] = '\0';
	for (size_t i = 0; i < t->nlayers && n + 1 < size; i++)
		n += (size_t)snprintf(out + n, size - n, "%s'%s'", i ? ", " : "",
		                      diag_quote(t->layers[i].name, q, sizeof q));
	if (t->nlayers == 0)
		snprintf(out, size, "none");
}

/* The tile of gid (flip bits masked), or NULL when its tileset has no
 * entry for it; *set the tileset's index, or -1 when no tileset holds
 * the gid.  The tileset is the one of the greatest first gid not above
 * gid (the first given of equal ones); both are found by bisection, as
 * the model is sorted (tiled_model_sort). */
static const tiled_tile *tile_of(const tiled_model *t, uint32_t gid, long *set)
{
	size_t lo = 0, hi = t->nsets;

	while (lo < hi) { /* the first set whose first gid is above gid */
		size_t mid = lo + (hi - lo) / 2;
		if (t->sets[mid].firstgid <= (long)gid)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0) {
		*set = -1;
		return NULL;
	}
	long first = t->sets[lo - 1].firstgid;
	hi = lo - 1;
	lo = 0;
	while (lo < hi) { /* the first set of that first gid */
		size_t mid = lo + (hi - lo) / 2;
		if (t->sets[mid].firstgid < first)
			lo = mid + 1;
		else
			hi = mid;
	}
	*set = (long)lo;
	const tiled_tileset *ts = &t->sets[lo];
	long id = (long)gid - ts->firstgid;
	size_t a = 0, b = ts->ntiles;
	while (a < b) { /* the first tile of id */
		size_t mid = a + (b - a) / 2;
		if (ts->tiles[mid].id < id)
			a = mid + 1;
		else
			b = mid;
	}
	/* A collection's tile ids may run past its tilecount: an id its
	 * tiles list is in the set whatever the count says. */
	if (a < ts->ntiles && ts->tiles[a].id == id)
		return &ts->tiles[a];
	if (ts->tilecount > 0 && id >= ts->tilecount)
		*set = -1;
	return NULL;
}

/* The property name of tile (NULL for none), by halving: the model
 * keeps each tile's properties by name (tiled_model_sort). */
static const tiled_prop *prop_of(const tiled_tile *tile, const char *name)
{
	size_t lo = 0, hi = tile ? tile->props.n : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(tile->props.v[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (tile && lo < tile->props.n &&
	    strcmp(tile->props.v[lo].name, name) == 0)
		return &tile->props.v[lo];
	return NULL;
}

/* Whether some tile of the map has a property named name. */
static int any_tile_has(const tiled_model *t, const char *name)
{
	for (size_t i = 0; i < t->nsets; i++)
		for (size_t k = 0; k < t->sets[i].ntiles; k++)
			if (prop_of(&t->sets[i].tiles[k], name))
				return 1;
	return 0;
}

/* The names of the tiles' properties, each once, for an error: "'A',
 * 'B'" (cut short), or "none". */
static void prop_list(const tiled_model *t, char *out, size_t size)
{
	size_t n = 0;
	char q[80], name[64];

	out[0] = '\0';
	for (size_t i = 0; i < t->nsets; i++)
		for (size_t k = 0; k < t->sets[i].ntiles; k++) {
			const tiled_props *p = &t->sets[i].tiles[k].props;
			for (size_t j = 0; j < p->n && n + 1 < size; j++) {
				snprintf(q, sizeof q, "'%s'",
				         diag_quote(p->v[j].name, name, sizeof name));
				if (strstr(out, q) == NULL)
					n += (size_t)snprintf(out + n, size - n,
					                      "%s%s", n ? ", " : "",
					                      q);
			}
		}
	if (n == 0)
		snprintf(out, size, "none");
}

/* --solid and --cost name a property some tile has: a name no tile has
 * would give a map without walls or costs, silently. */
static int props_named(tiled_model *t)
{
	const char *opt[2] = {"--solid", "--cost"};
	const char *name[2] = {t->opts->solid, t->opts->cost};
	char list[200], q[64];

	for (int i = 0; i < 2; i++)
		if (name[i] != NULL && !any_tile_has(t, name[i])) {
			prop_list(t, list, sizeof list);
			return map_fail(t->err, 0, 0,
			                "%s '%s': no tile has that property "
			                "(the tiles' properties: %s)",
			                opt[i], diag_quote(name[i], q, sizeof q),
			                list);
		}
	return 0;
}

/* The box of cells: a finite map's, or the bounding box of an infinite
 * one's non-empty tiles, in editor coordinates, refused when sparse (its
 * layers' chunks cover too few of its cells: map_check_sparse). */
static int grid_box(tiled_model *t, long *x0, long *y0, long *w, long *h)
{
	long minx = 0, miny = 0, maxx = -1, maxy = -1;
	unsigned long long covered = 0;
	int any = 0;

	if (!t->infinite) {
		*x0 = *y0 = 0;
		*w = t->width;
		*h = t->height;
		return 0;
	}
	for (size_t i = 0; i < t->nlayers; i++) {
		const tiled_layer *l = &t->layers[i];
		covered += l->kind == TL_TILES ? l->chunk_cells : 0;
		for (long y = 0; l->kind == TL_TILES && y < l->h; y++)
			for (long x = 0; x < l->w; x++) {
				if ((l->gids[y * l->w + x] & TILED_GID_MASK) == 0)
					continue;
				long ex = l->x0 + x, ey = l->y0 + y;
				if (!any || ex < minx)
					minx = ex;
				if (!any || ey < miny)
					miny = ey;
				if (!any || ex > maxx)
					maxx = ex;
				if (!any || ey > maxy)
					maxy = ey;
				any = 1;
			}
	}
	if (!any)
		return map_fail(t->err, 0, 0,
		                "the infinite map has no tiles, so no cells");
	*x0 = minx;
	*y0 = miny;
	*w = maxx - minx + 1;
	*h = maxy - miny + 1;
	if (map_check_sparse(*w, *h, covered, "the infinite map",
	                     t->opts->max_cells_given, 0, t->err) != 0)
		return -1;
	return map_check_size(*w, *h, t->max_cells, 0, t->err);
}

/* Which layers --layer names (or, without it, the collision-named ones):
 * use[i] set; 0, or -1 for a name no layer has. */
static int pick_layers(tiled_model *t, char *use, int *any)
{
	const map_level_opts *o = t->opts;
	char list[200];

	*any = 0;
	for (size_t i = 0; i < t->nlayers; i++)
		if (o->nlayers == 0 && named_like_collision(t->layers[i].name))
			use[i] = 1, *any = 1;
	for (size_t k = 0; k < o->nlayers; k++) {
		int found = 0;
		for (size_t i = 0; i < t->nlayers; i++)
			if (strcmp(t->layers[i].name, o->layers[k]) == 0)
				use[i] = 1, found = 1;
		/* Else in any case, as the collision names are matched:
		 * --layer=solid is the layer Solid. */
		for (size_t i = 0, exact = (size_t)found; !exact && i < t->nlayers;
		     i++)
			if (strcasecmp(t->layers[i].name, o->layers[k]) == 0)
				use[i] = 1, found = 1;
		if (!found) {
			char q[64];
			layer_list(t, list, sizeof list);
			return map_fail(t->err, 0, 0,
			                "--layer '%s': no such layer (the "
			                "map's layers: %s)",
			                diag_quote(o->layers[k], q, sizeof q), list);
		}
		*any = 1;
	}
	return 0;
}

/* Whether gid (flip bits masked, not 0) is a tile of some tileset, as
 * Tiled's own loader asks: 0 or -1 reported at the layer's cell; *last,
 * the gid last found held, spares the search along a run of one tile. */
static int held(tiled_model *t, uint32_t gid, uint32_t *last,
                const tiled_layer *l, long ex, long ey)
{
	long set;
	char q[64];

	if (gid == *last)
		return 0;
	(void)tile_of(t, gid, &set);
	if (set < 0)
		return map_fail(t->err, l->line, 0,
		                "layer '%s', cell %ld,%ld: tile %lu is beyond "
		                "every tileset",
		                diag_quote(l->name, q, sizeof q), ex, ey,
		                (unsigned long)gid);
	*last = gid;
	return 0;
}

/* Whether the tile on gid is a wall by property prop; -1 for a property
 * that is not a boolean. */
static int solid_tile(tiled_model *t, uint32_t gid, const char *const *props,
                      size_t nprops)
{
	long set;
	const tiled_tile *tile = tile_of(t, gid, &set);

	for (size_t i = 0; i < nprops; i++) {
		const tiled_prop *p = prop_of(tile, props[i]);
		if (p == NULL)
			continue;
		char q[64], ty[24];
		if (strcmp(p->type, "bool") != 0)
			return map_fail(t->err, 0, 0,
			                "tile %lu: property '%s' is %s, not bool",
			                (unsigned long)gid,
			                diag_quote(p->name, q, sizeof q),
			                diag_quote(p->type[0] ? p->type : "string",
			                           ty, sizeof ty));
		return strcmp(p->value, "true") == 0;
	}
	return 0;
}

/* The cost tile property prop gives gid's tile: 0 none, 1..255, or -1
 * (reported) for one of the wrong type or out of range. */
static int cost_tile(tiled_model *t, uint32_t gid, const char *prop)
{
	long set;
	const tiled_prop *p = prop_of(tile_of(t, gid, &set), prop);
	map_number r = {prop, 0, 1, 255};
	char msg[MAP_MSG_MAX], q[64], val[32];
	double v = 0;

	if (p == NULL)
		return 0;
	diag_quote(p->name, q, sizeof q);
	if (strcmp(p->type, "int") != 0 && strcmp(p->type, "float") != 0)
		return map_fail(t->err, 0, 0,
		                "tile %lu: property '%s' is %s, not a number "
		                "(int or float)",
		                (unsigned long)gid, q,
		                diag_quote(p->type[0] ? p->type : "string", val,
		                           sizeof val));
	/* decimal only: strtod would read " 0x4" as 4 */
	if (map_number_text(&r, p->value, &v, msg, sizeof msg) != 0 ||
	    v != floor(v))
		return map_fail(t->err, 0, 0,
		                "tile %lu: property '%s' is %s; a cost is a "
		                "whole number from 1 to 255",
		                (unsigned long)gid, q,
		                diag_quote(p->value, val, sizeof val));
	return (int)v;
}

/* Applies layer l to the grid (box at x0, y0): its walls (by occupancy,
 * or by property when props is set) and, when cost is set, its costs. */
static int apply_layer(tiled_model *t, const tiled_layer *l, astar_grid *g,
                       long x0, long y0, int walls,
                       const char *const *props, size_t nprops,
                       unsigned char *why, unsigned char cause)
{
	const char *cost = t->opts->cost;
	uint32_t last = 0;
	size_t w = (size_t)astar_grid_width(g);

	for (long y = 0; y < l->h; y++)
		for (long x = 0; x < l->w; x++) {
			uint32_t gid = l->gids[y * l->w + x] & TILED_GID_MASK;
			long ex = l->x0 + x, ey = l->y0 + y;
			int32_t gx = (int32_t)(ex - x0), gy = (int32_t)(ey - y0);
			int s, c;
			if (gid == 0 || !astar_grid_contains(g, gx, gy))
				continue;
			if (held(t, gid, &last, l, ex, ey) != 0)
				return -1;
			s = walls && props == NULL;
			if (walls && !s &&
			    (s = solid_tile(t, gid, props, nprops)) < 0)
				return -1;
			if (s) {
				if (why != NULL && astar_grid_get(g, gx, gy) != 0)
					why[(size_t)gy * w + (size_t)gx] = cause;
				astar_grid_set(g, gx, gy, 0);
				continue;
			}
			if (!walls && cost != NULL) {
				if ((c = cost_tile(t, gid, cost)) < 0)
					return -1;
				if (c > astar_grid_get(g, gx, gy) &&
				    astar_grid_get(g, gx, gy) != 0)
					astar_grid_set(g, gx, gy, (uint8_t)c);
			}
		}
	return 0;
}

/* Layer l blocks: named in m->chosen, with the cause of its walls in
 * *cause (0 when past the 255 the table holds); the first one also says
 * what blocks and how the layers were chosen. */
static int tiled_chosen_layer(tiled_model *t, map *m, const tiled_layer *l,
                              const char *const *props, size_t nprops,
                              int any, unsigned char *cause)
{
	map_chosen *c = m->chosen;
	char **grown, text[200], q[64];
	const char *prop = NULL;

	*cause = 0;
	for (size_t i = 0; props != NULL && i < nprops && prop == NULL; i++)
		if (any_tile_has(t, props[i]))
			prop = props[i];
	if (c->nlayers == 0) {
		c->layers_by = t->opts->nlayers && t->opts->from_check
		                       ? "the check file's \"layer\""
		               : t->opts->nlayers ? "--layer"
		               : any ? "named like a collision layer"
		                     : "every visible tile layer (none is named "
		                       "like a collision layer)";
		c->walls_by = t->opts->solid && t->opts->from_check
		                      ? "by the check file's \"solid\""
		              : t->opts->solid ? "by --solid"
		              : t->opts->nlayers && t->opts->from_check
		                      ? "by the check file's \"layer\""
		              : t->opts->nlayers
		                      ? "by --layer"
		                      : "by default (--layer and --solid choose "
		                        "the walls)";
		if (prop != NULL)
			snprintf(text, sizeof text,
			         "tiles whose property '%s' is true",
			         diag_quote(prop, q, sizeof q));
		else
			snprintf(text, sizeof text, "every tile");
		if ((c->walls = strdup(text)) == NULL)
			return map_fail(t->err, 0, 0, "out of memory");
		snprintf(text, sizeof text, "Tiled layer '%s'",
		         diag_quote(l->name, q, sizeof q));
		if ((c->place = strdup(text)) == NULL ||
		    (t->opts->path && strcmp(t->opts->path, "-") != 0 &&
		     (c->file = strdup(t->opts->path)) == NULL))
			return map_fail(t->err, 0, 0, "out of memory");
		c->line = l->line;
	}
	grown = realloc(c->layers, (c->nlayers + 1) * sizeof *grown);
	if (grown == NULL)
		return map_fail(t->err, 0, 0, "out of memory");
	c->layers = grown;
	if ((c->layers[c->nlayers] = strdup(l->name)) == NULL)
		return map_fail(t->err, 0, 0, "out of memory");
	if (++c->nlayers < 256) {
		*cause = (unsigned char)c->nlayers;
		snprintf(text, sizeof text, "%s of layer '%s'%s%s%s",
		         l->kind == TL_TILES ? "a tile" : "an object",
		         diag_quote(l->name, q, sizeof q),
		         prop && l->kind == TL_TILES ? " whose property '" : "",
		         prop && l->kind == TL_TILES ? prop : "",
		         prop && l->kind == TL_TILES ? "' is true" : "");
		if ((c->causes[*cause] = strdup(text)) == NULL)
			return map_fail(t->err, 0, 0, "out of memory");
	}
	return 0;
}

/* The walls no layer before made (an object layer's shapes): cause. */
static void mark_new_walls(map *m, unsigned char cause)
{
	int32_t w = astar_grid_width(m->grid), h = astar_grid_height(m->grid);

	for (int32_t y = 0; y < h; y++) {
		const uint8_t *row = astar_grid_row_view(m->grid, y);
		unsigned char *why = m->chosen->why + (size_t)y * (size_t)w;
		for (int32_t x = 0; x < w; x++)
			if (row[x] == 0 && why[x] == 0)
				why[x] = cause;
	}
}

/* The walls: by the rule astar(1) gives. */
static int apply_walls(tiled_model *t, map *m, long x0, long y0)
{
	const map_level_opts *o = t->opts;
	char *use = calloc(t->nlayers + 1, 1), list[200];
	const char *one[1] = {o->solid};
	const char *const *props = o->solid ? one : NULL;
	size_t nprops = 1;
	int any, rc = 0;

	if (use == NULL)
		return map_fail(t->err, 0, 0, "out of memory");
	if (props_named(t) != 0 || pick_layers(t, use, &any) != 0) {
		free(use);
		return -1;
	}
	if (!any && props == NULL) {
		for (size_t i = 0; i < 3 && props == NULL; i++)
			if (any_tile_has(t, solid_props[i]))
				props = solid_props, nprops = 3;
		if (props == NULL) {
			free(use);
			layer_list(t, list, sizeof list);
			return map_fail(t->err, 0, 0,
			                "no collision layer: none is named "
			                "collision, collisions, solid, walls or "
			                "obstacles, and no tile has a property "
			                "collides, solid or collision; choose with "
			                "--layer=NAME or --solid=PROPERTY (the "
			                "map's layers: %s)",
			                list);
		}
	}
	for (size_t i = 0; i < t->nlayers && rc == 0; i++) {
		const tiled_layer *l = &t->layers[i];
		unsigned char cause;
		if (any ? !use[i] : !l->visible || l->kind != TL_TILES)
			continue;
		if ((rc = tiled_chosen_layer(t, m, l, props, nprops, any,
		                             &cause)) != 0)
			break;
		if (l->kind == TL_TILES)
			rc = apply_layer(t, l, m->grid, x0, y0, 1, props, nprops,
			                 m->chosen->why, cause);
		else if (any && (rc = tiled_objects_block(t, l, m->grid, x0,
		                                          y0)) == 0)
			mark_new_walls(m, cause);
	}
	free(use);
	return rc;
}

int tiled_build(tiled_model *t, map *m)
{
	long x0 = 0, y0 = 0, w = 0, h = 0;
	astar_status st;

	for (size_t i = 0; i < t->nlayers; i++)
		if (tiled_join_chunks(t, &t->layers[i]) != 0)
			return -1;
	if (grid_box(t, &x0, &y0, &w, &h) != 0)
		return -1;
	m->grid = astar_grid_new((int32_t)w, (int32_t)h, &st);
	if (m->grid == NULL)
		return map_fail(t->err, 0, 0, "%s", astar_strerror(st));
	for (int32_t y = 0; y < (int32_t)h; y++)
		memset(astar_grid_row(m->grid, y), 1, (size_t)w);
	m->ox = x0;
	m->oy = y0;
	for (size_t i = 0; t->opts->cost && i < t->nlayers; i++)
		if (t->layers[i].kind == TL_TILES && t->layers[i].visible &&
		    apply_layer(t, &t->layers[i], m->grid, x0, y0, 0, NULL, 0,
		                NULL, 0))
			return -1;
	if (map_chosen_of(m) == NULL ||
	    (m->chosen->why = calloc((size_t)w * (size_t)h, 1)) == NULL)
		return map_fail(t->err, 0, 0, "out of memory");
	if (apply_walls(t, m, x0, y0) != 0)
		return -1;
	/* After the walls: a cost under a wall is no open cell's, and the
	 * bounds astar_grid_set leaves may be wider than the open cells'
	 * (a map whose open cells cost alike would be refused by JPS). */
	astar_grid_recount(m->grid);
	return tiled_points(t, m, x0, y0);
}
