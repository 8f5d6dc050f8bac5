/*
 * map_check.c - a JSON check file's level: {"level": "world.ldtk",
 * "level_id": ..., "layer": ..., "solid": ..., "cost": ..., "costs": ...}
 * names a Tiled or LDtk file beside the check file and how to read it,
 * so that queries and expectations live apart from the editor's file.
 * The level is read here with the level options those keys give; the
 * JSON reader reads the queries on the grid it makes.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "map.h"

/* Room for the options' strings, owned until the level is read. */
typedef struct opts_text {
	const char *layers[16];
	char solid[512], costs[512], level[64];
} opts_text;

/* A string, or an array of strings and whole numbers, as "a,b". */
static int join(const json_t *v, const char *key, char *out, size_t size,
                map_error *err)
{
	size_t n = 0, i;
	const json_t *e;

	if (json_is_string(v)) {
		snprintf(out, size, "%s", json_string_value(v));
		return 0;
	}
	out[0] = '\0';
	if (!json_is_array(v) || json_array_size(v) == 0)
		return map_fail(err, 0, 0, "%s: expected a string or an array",
		                key);
	json_array_foreach(v, i, e)
	{
		if (json_is_string(e))
			n += (size_t)snprintf(out + n, n < size ? size - n : 0,
			                      "%s%s", i ? "," : "",
			                      json_string_value(e));
		else if (json_is_integer(e))
			n += (size_t)snprintf(out + n, n < size ? size - n : 0,
			                      "%s%" JSON_INTEGER_FORMAT,
			                      i ? "," : "", json_integer_value(e));
		else
			return map_fail(err, 0, 0,
			                "%s[%zu]: expected a string or a number",
			                key, i);
	}
	return n < size ? 0 : map_fail(err, 0, 0, "%s: too long", key);
}

static int read_opts(json_t *root, map_level_opts *lo, opts_text *t,
                     map_error *err)
{
	json_t *v;
	const char *k;
	size_t n = 0;

	if ((v = json_object_get(root, "level_id")) != NULL) {
		if (json_is_integer(v))
			snprintf(t->level, sizeof t->level,
			         "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		else if (json_is_string(v))
			snprintf(t->level, sizeof t->level, "%s",
			         json_string_value(v));
		else
			return map_fail(err, 0, 0,
			                "level_id: expected a string or an index");
		lo->level = t->level;
	}
	v = json_object_get(root, "layer");
	if (json_is_string(v))
		t->layers[n++] = json_string_value(v);
	for (size_t i = 0; json_is_array(v) && i < json_array_size(v) && n < 16;
	     i++)
		if ((t->layers[n] = json_string_value(json_array_get(v, i))))
			n++;
	if (v != NULL && n == 0)
		return map_fail(err, 0, 0,
		                "layer: expected a name or an array of names");
	lo->layers = t->layers;
	lo->nlayers = n;
	if ((v = json_object_get(root, "solid")) != NULL) {
		if (join(v, "solid", t->solid, sizeof t->solid, err) != 0)
			return -1;
		lo->solid = t->solid;
	}
	if ((v = json_object_get(root, "cost")) != NULL &&
	    (lo->cost = json_string_value(v)) == NULL)
		return map_fail(err, 0, 0, "cost: expected a property name");
	if ((v = json_object_get(root, "costs")) != NULL) {
		json_t *c;
		n = 0;
		if (!json_is_object(v))
			return map_fail(err, 0, 0,
			                "costs: expected {\"value\": cost, ...}");
		json_object_foreach(v, k, c)
		{
			n += (size_t)snprintf(t->costs + n,
			                      n < sizeof t->costs ? sizeof t->costs - n : 0,
			                      "%s%s:%" JSON_INTEGER_FORMAT,
			                      n ? "," : "", k, json_integer_value(c));
		}
		lo->costs = t->costs;
	}
	return 0;
}

/* The level file named in the check file at path: its folder's. */
static char *beside(const char *path, const char *rel)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	size_t dl = slash && rel[0] != '/' ? (size_t)(slash - path + 1) : 0;
	char *full = malloc(dl + strlen(rel) + 1);

	if (full != NULL) {
		memcpy(full, path, dl);
		strcpy(full + dl, rel);
	}
	return full;
}

int map_check_load(json_t *root, const char *path, size_t max_cells, map *m,
                   map_error *err)
{
	const char *rel = json_string_value(json_object_get(root, "level"));
	map_level_opts lo;
	opts_text t;
	char *full, *buf;
	size_t len;
	int rc, own = 0; /* the error is this file's, not the level's */

	if (rel == NULL || rel[0] == '\0')
		return map_fail(err, 0, 0, "level: expected a file name");
	memset(&lo, 0, sizeof lo);
	if (read_opts(root, &lo, &t, err) != 0)
		return -1;
	if ((full = beside(path, rel)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	if (io_slurp(full, (size_t)256 << 20, &buf, &len) != 0) {
		map_fail(err, 0, 0, "level '%.80s': %s (looked for %.120s)", rel,
		         errno == EFBIG ? "too large" : strerror(errno), full);
		free(full);
		return -1;
	}
	lo.path = full;
	/* Not told whether --max-cells was given: a number other than
	 * the default says it was, for the sparse map's rule. */
	lo.max_cells_given = max_cells != MAP_MAX_CELLS_DEFAULT;
	switch (map_detect(buf, len)) {
	case MAPFMT_TILED:
		rc = map_read_tiled(buf, len, max_cells, &lo, m, err);
		break;
	case MAPFMT_LDTK:
		rc = map_read_ldtk(buf, len, max_cells, &lo, m, err);
		break;
	default:
		rc = map_fail(err, 0, 0,
		              "level '%.80s' is not a Tiled or LDtk file", rel);
		own = 1;
	}
	free(buf);
	free(full);
	if (rc != 0 && !own) {
		/* The level's own error, said of the check file. */
		char msg[sizeof err->msg];
		if (err->line > 0)
			snprintf(msg, sizeof msg, "level %.80s:%ld:%ld: %.380s", rel,
			         err->line, err->col, err->msg);
		else
			snprintf(msg, sizeof msg, "level %.80s: %.380s", rel,
			         err->msg);
		map_fail(err, 0, 0, "%s", msg);
	}
	return rc;
}
