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

#include "world_ldtk.h"
#include "io.h"
#include "map.h"

/* The options' strings, owned until the level is read: of any length
 * (a name is never cut short), built in memory streams. */
typedef struct opts_text {
	const char **layers;
	char *solid, *costs, *level;
} opts_text;

static void opts_free(opts_text *t)
{
	free(t->layers);
	free(t->solid);
	free(t->costs);
	free(t->level);
}

/* *out: the text of the memory stream f (closed here), whose buffer
 * open_memstream sets in *text on closing; -1 when out of memory. */
static int stream_done(FILE *f, char **out, char **text, map_error *err)
{
	int bad = ferror(f);

	if (fclose(f) != 0 || bad) {
		free(*text);
		return map_fail(err, 0, 0, "out of memory");
	}
	*out = *text;
	return 0;
}

/* A string, or an array of strings and whole numbers, as "a,b". */
static int join(const json_t *v, const char *key, char **out, map_error *err)
{
	size_t n = 0, i;
	const json_t *e;
	char *text = NULL;
	FILE *f;

	if (!json_is_string(v) && (!json_is_array(v) || json_array_size(v) == 0))
		return map_fail(err, 0, 0, "%s: expected a string or an array",
		                key);
	if ((f = open_memstream(&text, &n)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	if (json_is_string(v))
		fputs(json_string_value(v), f);
	json_array_foreach(v, i, e)
	{
		if (json_is_string(e)) {
			fprintf(f, "%s%s", i ? "," : "", json_string_value(e));
		} else if (json_is_integer(e)) {
			fprintf(f, "%s%" JSON_INTEGER_FORMAT, i ? "," : "",
			        json_integer_value(e));
		} else {
			fclose(f);
			free(text);
			return map_fail(err, 0, 0,
			                "%s[%zu]: expected a string or a number",
			                key, i);
		}
	}
	return stream_done(f, out, &text, err);
}

/* "costs": {"value": cost, ...} as "value:cost,...". */
static int join_costs(const json_t *v, char **out, map_error *err)
{
	const char *k;
	json_t *c;
	char *text = NULL;
	size_t n = 0, i = 0;
	FILE *f;

	if (!json_is_object(v))
		return map_fail(err, 0, 0,
		                "costs: expected {\"value\": cost, ...}");
	if ((f = open_memstream(&text, &n)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	json_object_foreach((json_t *)v, k, c)
	{
		fprintf(f, "%s%s:%" JSON_INTEGER_FORMAT, i++ ? "," : "", k,
		        json_integer_value(c));
	}
	return stream_done(f, out, &text, err);
}

/* "layer": a name, or an array of names, every one kept. */
static int read_layers(const json_t *v, map_level_opts *lo, opts_text *t,
                       map_error *err)
{
	size_t n = json_is_array(v) ? json_array_size(v) : 1, k = 0;

	if (v == NULL)
		return 0;
	if ((t->layers = calloc(n, sizeof *t->layers)) == NULL)
		return map_fail(err, 0, 0, "out of memory");
	if (json_is_string(v))
		t->layers[k++] = json_string_value(v);
	for (size_t i = 0; json_is_array(v) && i < n; i++)
		if ((t->layers[k] = json_string_value(json_array_get(v, i))))
			k++;
	if (k == 0 || (json_is_array(v) && k < n))
		return map_fail(err, 0, 0,
		                "layer: expected a name or an array of names");
	lo->layers = t->layers;
	lo->nlayers = k;
	return 0;
}

static int read_opts(json_t *root, map_level_opts *lo, opts_text *t,
                     map_error *err)
{
	json_t *v;

	if ((v = json_object_get(root, "level_id")) != NULL) {
		char num[32];
		if (json_is_integer(v))
			snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT,
			         json_integer_value(v));
		else if (!json_is_string(v))
			return map_fail(err, 0, 0,
			                "level_id: expected a string or an index");
		if ((t->level = strdup(json_is_string(v) ? json_string_value(v)
		                                         : num)) == NULL)
			return map_fail(err, 0, 0, "out of memory");
		lo->level = t->level;
	}
	if (read_layers(json_object_get(root, "layer"), lo, t, err) != 0)
		return -1;
	if ((v = json_object_get(root, "solid")) != NULL) {
		if (join(v, "solid", &t->solid, err) != 0)
			return -1;
		lo->solid = t->solid;
	}
	if ((v = json_object_get(root, "cost")) != NULL &&
	    (lo->cost = json_string_value(v)) == NULL)
		return map_fail(err, 0, 0, "cost: expected a property name");
	if ((v = json_object_get(root, "costs")) != NULL) {
		if (join_costs(v, &t->costs, err) != 0)
			return -1;
		lo->costs = t->costs;
	}
	return 0;
}

/* Warns of a key of the other editor's ("cost" is Tiled's, "costs" and
 * "level_id" LDtk's) in the check file at path, once its level is read
 * (rc 0): it chooses nothing there, as the options of the command line
 * do not. */
static void other_editor_keys(const map_level_opts *lo, enum map_format fmt,
                              const char *path, int rc)
{
	const char *key = fmt == MAPFMT_LDTK ? (lo->cost ? "cost" : NULL)
	                  : lo->costs        ? "costs"
	                  : lo->level        ? "level_id"
	                                     : NULL;

	if (rc == 0 && key != NULL)
		diag_warn("%s: %s applies to %s files only; ignored here",
		          path ? path : "-", key,
		          fmt == MAPFMT_LDTK ? "Tiled" : "LDtk");
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

/* Reads the level file rel names, found at full: a regular file only,
 * as a FIFO there would wait forever; 0, or -1 with err set. */
static int read_level(const char *rel, const char *full, char **buf,
                      size_t *len, map_error *err)
{
	struct stat st;
	int rc = io_slurp_regular(full, (size_t)256 << 20, buf, len, &st);

	if (rc == IO_NOT_REGULAR)
		return map_fail(err, 0, 0,
		                "level '%.80s' is %s, not a regular file "
		                "(looked for %.120s)",
		                rel, io_kind(&st), full);
	if (rc != 0)
		return map_fail(err, 0, 0, "level '%.80s': %s (looked for %.120s)",
		                rel, errno == EFBIG ? "too large" : strerror(errno),
		                full);
	return 0;
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
	char q[96];

	if (rel == NULL || rel[0] == '\0')
		return map_fail(err, 0, 0, "level: expected a file name");
	memset(&lo, 0, sizeof lo);
	memset(&t, 0, sizeof t);
	if (read_opts(root, &lo, &t, err) != 0) {
		opts_free(&t);
		return -1;
	}
	if ((full = beside(path, rel)) == NULL) {
		opts_free(&t);
		return map_fail(err, 0, 0, "out of memory");
	}
	if (read_level(rel, full, &buf, &len, err) != 0) {
		free(full);
		opts_free(&t);
		return -1;
	}
	lo.path = full;
	lo.from_check = 1;
	/* Not told whether --max-cells was given: a number other than
	 * the default says it was, for the sparse map's rule. */
	lo.max_cells_given = max_cells != MAP_MAX_CELLS_DEFAULT;
	switch (map_detect(buf, len)) {
	case MAPFMT_TILED:
		rc = map_read_tiled(buf, len, max_cells, &lo, m, err);
		other_editor_keys(&lo, MAPFMT_TILED, path, rc);
		break;
	case MAPFMT_LDTK:
		rc = json_is_true(json_object_get(root, "world"))
		             ? map_read_world_ldtk(buf, len, max_cells, &lo, m, err)
		             : map_read_ldtk(buf, len, max_cells, &lo, m, err);
		other_editor_keys(&lo, MAPFMT_LDTK, path, rc);
		break;
	default:
		rc = map_fail(err, 0, 0, "level '%s' is not a Tiled or LDtk file",
		              diag_quote(rel, q, sizeof q));
		own = 1;
	}
	free(buf);
	opts_free(&t);
	if (rc != 0 && !own && err->line > 0) {
		/* An error inside the level is placed there, in the level
		 * file (as the check file finds it), so that an annotation
		 * shows on the file that changed. */
		snprintf(err->file, sizeof err->file, "%s", full);
	} else if (rc != 0 && !own) {
		/* The level's own error, said of the check file. */
		char msg[sizeof err->msg];
		diag_quote(rel, q, sizeof q); /* cut with "..." if long */
		snprintf(msg, sizeof msg, "level %s: %.380s", q, err->msg);
		map_fail(err, 0, 0, "%s", msg);
	}
	free(full);
	return rc;
}
