/*
 * tiled.c - map_read_tiled, the entry point of the Tiled reader: it sets
 * up the model (tiled_model.h) with the map's folder and the loader of
 * the files the map names (tiled_external.c), has the model filled by
 * the reader of the map's syntax (tiled_tmx.c for XML, tiled_tmj.c for
 * JSON), then made a grid (tiled_grid.c).  It is the top of the Tiled
 * reader: the files below fill or read the model and never call it.
 */
#include <stdlib.h>
#include <string.h>

#include "json_text.h"
#include "map.h"
#include "tiled_external.h"
#include "tiled_grid.h"
#include "tiled_tmj.h"
#include "tiled_tmx.h"

/* The folder of path, with its '/', or "" (malloc'd). */
static char *folder_of(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	size_t n = slash ? (size_t)(slash - path + 1) : 0;
	char *d = malloc(n + 1);

	if (d != NULL) {
		memcpy(d, path, n);
		d[n] = '\0';
	}
	return d;
}

int map_read_tiled(const char *buf, size_t len, size_t max_cells,
                   const map_level_opts *lo, map *m, map_error *err)
{
	static const map_level_opts none;
	tiled_model t;
	size_t i = map_bom(buf, len);
	char *dir = folder_of(lo ? lo->path : NULL);
	int rc;

	memset(m, 0, sizeof *m);
	memset(&t, 0, sizeof t);
	if (dir == NULL)
		return map_fail(err, 0, 0, "out of memory");
	t.opts = lo ? lo : &none;
	t.dir = dir;
	t.files = &tiled_external;
	t.max_cells = max_cells;
	t.err = err;
	while (i < len && strchr(" \t\r\n", buf[i]) && buf[i])
		i++;
	json_text_arena_begin(); /* every JSON file it reads is freed here */
	if (i < len && buf[i] == '{')
		rc = tiled_tmj_parse(&t, buf, len);
	else
		rc = tiled_tmx_parse(&t, buf, len);
	json_text_arena_end();
	if (rc == 0)
		rc = tiled_build(&t, m);
	tiled_model_free(&t);
	free(dir);
	if (rc != 0)
		map_free(m);
	return rc;
}
