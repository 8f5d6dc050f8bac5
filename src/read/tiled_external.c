/*
 * tiled_external.c - the files a Tiled map names beside it: external
 * tilesets (.tsx or .tsj) and object templates (.tx or .tj), found in
 * the map's folder and handed to the reader of their syntax, told by
 * their content, not their name.  A .tmx map may name a .tsj tileset and
 * a .tmj map a .tsx one, so both readers need both syntaxes; rather than
 * call each other, they call this loader through t->files, a struct of
 * function pointers that tiled.c sets up.  It sits above both readers
 * and they never name it, so no file calls back up.  Every external
 * file a map reads passes through read_sub here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "io.h"
#include "tiled_external.h"
#include "tiled_tmj.h"
#include "tiled_tmx.h"

/* A file beside the map (path relative to t->dir), read whole into a
 * NUL-terminated buffer; -1 with the error naming where it was looked
 * for. */
static int read_beside(tiled_model *t, const char *rel, const char *what,
                       char **buf, size_t *len, long line)
{
	size_t dl = t->dir ? strlen(t->dir) : 0;
	char *path;
	int rc, e;

	if (rel[0] == '/')
		dl = 0;
	if ((path = malloc(dl + strlen(rel) + 1)) == NULL)
		return map_fail(t->err, line, 0, "out of memory");
	memcpy(path, t->dir, dl);
	strcpy(path + dl, rel);
	rc = io_slurp(path, (size_t)64 << 20, buf, len);
	e = errno;
	if (rc != 0)
		map_fail(t->err, line, 0, "%s '%.80s': %s (looked for %.120s)",
		         what, rel, e == EFBIG ? "too large" : strerror(e),
		         path);
	free(path);
	return rc;
}

/* Reads file rel beside the map into tileset ts, or (ts NULL) into the
 * object o its template shapes. */
static int read_sub(tiled_model *t, const char *rel, const char *what,
                    long line, tiled_tileset *ts, tiled_object *o)
{
	char *buf;
	size_t len;
	int rc, json;

	if (read_beside(t, rel, what, &buf, &len, line) != 0)
		return -1;
	json = len > 0 && buf[map_bom(buf, len)] == '{';
	if (ts != NULL)
		rc = json ? tiled_tsj_parse(t, ts, buf, len, rel)
		          : tiled_tsx_parse(t, ts, buf, len);
	else /* a JSON template is not read: it only shapes objects */
		rc = json ? 0 : tiled_tx_parse(t, o, buf, len);
	free(buf);
	if (rc != 0 && line > 0) {
		/* The sub-file's error, said as the map's, at its line. */
		char msg[sizeof t->err->msg];
		snprintf(msg, sizeof msg, "%s", t->err->msg);
		map_fail(t->err, line, 0, "%.60s:%ld: %s", rel, t->err->line,
		         msg);
	}
	return rc;
}

static int read_tileset(tiled_model *t, tiled_tileset *ts, const char *rel,
                        long line)
{
	return read_sub(t, rel, "external tileset", line, ts, NULL);
}

static int read_template(tiled_model *t, tiled_object *o)
{
	diag_err keep = *t->err;

	if (read_sub(t, o->template_, "object template", 0, NULL, o) != 0) {
		/* Templates only shape objects: a missing one is a warning. */
		char at[32] = "";
		if (o->line > 0)
			snprintf(at, sizeof at, ":%ld", o->line);
		diag_warn("%s%s: %s; the object is read without it",
		          t->opts->path ? t->opts->path : "-", at, t->err->msg);
		*t->err = keep;
	}
	return 0;
}

const tiled_files tiled_external = {read_tileset, read_template};
