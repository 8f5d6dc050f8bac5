/*
 * tiled_external.c - the files a Tiled map names beside it: external
 * tilesets (.tsx or .tsj) and object templates (.tx or .tj), found in
 * the map's folder and handed to the reader of their syntax, told by
 * their content, not their name.  A .tmx map may name a .tsj tileset and
 * a .tmj map a .tsx one, so both readers need both syntaxes; rather than
 * call each other, they call this loader through t->files, a struct of
 * function pointers that tiled.c sets up.  It sits above both readers
 * and they never name it, so no file calls back up.
 *
 * Every external file a map reads passes through read_sub here, the one
 * place that holds against a hostile file: it reads regular files only
 * (a FIFO would wait forever), refuses a file that is the map itself or
 * one being read, and a file named by a file the map names (they name
 * none astar needs, and a chain or a tree of them has no end worth
 * reading).  The file is read into a model of its own and a target of
 * its own, merged into the map's after: nothing it holds can grow the
 * map's arrays while the reader above keeps a pointer into them.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "io.h"
#include "tiled_external.h"
#include "tiled_tmj.h"
#include "tiled_tmx.h"

/* How deep a chain of named files may go below the map: the map names
 * tilesets and templates, which name nothing astar reads (a template's
 * own tileset only places its tile, which astar does not need). */
#define NAMED_DEPTH_MAX 1

/* The largest external file read, and the most read for one map: a map
 * that names one large tileset thousands of times would otherwise be
 * read and parsed thousands of times over. */
#define SUB_BYTES_MAX ((size_t)64 << 20)
#define NAMED_BYTES_MAX ((size_t)256 << 20)

/* A file being read: the map, then each file named on the way to the
 * one being read.  known is 0 when the map came from standard input. */
struct tiled_open {
	dev_t dev;
	ino_t ino;
	int known;
	const struct tiled_open *up;
};

/* One file to read, and what for: a tileset into ts, or (ts NULL) a
 * template shaping o.  The map names it at line (.tmx) or at the JSON
 * path where (.tmj); both 0 and NULL for a template, whose errors are
 * the caller's warning. */
typedef struct sub_req {
	const char *rel, *what;
	long line;
	const char *where;
	tiled_tileset *ts;
	tiled_object *o;
} sub_req;

/* Fails with the message at the place the map names the file. */
static int fail_at(tiled_model *t, const sub_req *rq, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail_at(tiled_model *t, const sub_req *rq, const char *fmt, ...)
{
	char msg[sizeof t->err->msg];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (rq->where != NULL)
		return map_fail(t->err, 0, 0, "%.80s: %s", rq->where, msg);
	return map_fail(t->err, rq->line, 0, "%s", msg);
}

/* The path of rel beside the map (malloc'd), or NULL. */
static char *beside(const tiled_model *t, const char *rel)
{
	size_t dl = t->dir != NULL && rel[0] != '/' ? strlen(t->dir) : 0;
	char *path = malloc(dl + strlen(rel) + 1);

	if (path != NULL) {
		memcpy(path, t->dir, dl);
		strcpy(path + dl, rel);
	}
	return path;
}

/* Whether the chain may take one more file, and whether the file read
 * (st) is not one of those being read; -1 said otherwise. */
static int may_read(tiled_model *t, const sub_req *rq,
                    const struct tiled_open *up, const struct stat *st)
{
	int depth = 0;
	char q[100];

	diag_quote(rq->rel, q, sizeof q);
	for (const struct tiled_open *f = up; f != NULL; f = f->up) {
		if (f->known && f->dev == st->st_dev && f->ino == st->st_ino)
			return fail_at(t, rq, "%s '%s' is %s", rq->what, q,
			               f->up == NULL ? "the map itself"
			                             : "a file being read, which "
			                               "names itself");
		depth += f->up != NULL;
	}
	if (depth >= NAMED_DEPTH_MAX)
		return fail_at(t, rq,
		               "%s '%s' is named by a file the map names: astar "
		               "reads only the files a map names itself",
		               rq->what, q);
	return 0;
}

/* Reads the file rq names, whole, once it is known to be a regular file
 * the chain may take; -1 said. */
static int read_checked(tiled_model *t, const sub_req *rq,
                        const struct tiled_open *up, char **buf,
                        size_t *len, struct stat *st)
{
	char *path = beside(t, rq->rel);
	char q[100], qp[140];
	int rc, e;

	if (path == NULL)
		return fail_at(t, rq, "out of memory");
	rc = io_slurp_regular(path, SUB_BYTES_MAX, buf, len, st);
	e = errno;
	diag_quote(rq->rel, q, sizeof q);
	diag_quote(path, qp, sizeof qp);
	free(path);
	if (rc == IO_NOT_REGULAR)
		return fail_at(t, rq,
		               "%s '%s' is %s, not a regular file (looked for "
		               "%s)",
		               rq->what, q, io_kind(st), qp);
	if (rc != 0)
		return fail_at(t, rq, "%s '%s': %s (looked for %s)", rq->what, q,
		               e == EFBIG ? "too large" : strerror(e), qp);
	if (may_read(t, rq, up, st) != 0) {
		free(*buf);
		return -1;
	}
	if (*len > NAMED_BYTES_MAX - t->named_bytes) {
		free(*buf);
		return fail_at(t, rq,
		               "%s '%s': the files the map names hold more than "
		               "%zu MiB together",
		               rq->what, q, NAMED_BYTES_MAX >> 20);
	}
	t->named_bytes += *len;
	return 0;
}

/* Parses the file's text into a model and a target of its own, then
 * gives the map what it read: the tileset's tiles (ts is new, without
 * tiles yet), or the object as the template shaped it. */
static int parse_apart(tiled_model *t, const sub_req *rq, const char *buf,
                       size_t len, const struct tiled_open *me)
{
	size_t i = map_bom(buf, len);
	tiled_model sub;
	int json, rc;

	while (i < len && strchr(" \t\r\n", buf[i]) != NULL && buf[i] != '\0')
		i++;
	json = i < len && (buf[i] == '{' || buf[i] == '[');

	memset(&sub, 0, sizeof sub);
	sub.opts = t->opts;
	sub.dir = t->dir;
	sub.files = t->files;
	sub.max_cells = t->max_cells;
	sub.err = t->err;
	sub.chain = me;
	if (rq->ts != NULL) {
		tiled_tileset loc = *rq->ts;
		loc.tiles = NULL;
		loc.ntiles = 0;
		rc = json ? tiled_tsj_parse(&sub, &loc, buf, len, rq->rel)
		          : tiled_tsx_parse(&sub, &loc, buf, len);
		rq->ts->tilecount = loc.tilecount;
		rq->ts->tiles = loc.tiles; /* freed with the map's model */
		rq->ts->ntiles = loc.ntiles;
	} else {
		tiled_object loc = *rq->o; /* its strings change owner here */
		rc = json ? tiled_tj_parse(&sub, &loc, buf, len)
		          : tiled_tx_parse(&sub, &loc, buf, len);
		*rq->o = loc;
	}
	tiled_model_free(&sub);
	return rc;
}

/* Reads the file rq names; -1 with the error said where the map names
 * it, and, for an error inside the file, at the file's path (as it was
 * found from here), line and column. */
static int read_sub(tiled_model *t, const sub_req *rq)
{
	struct tiled_open map_file = {0, 0, 0, NULL}, me;
	const struct tiled_open *up = t->chain;
	const char *mp = t->opts->path;
	struct stat st;
	char *buf, *path, qp[140], msg[sizeof t->err->msg];
	size_t len;
	long line, col;

	if (up == NULL) { /* reading the map: it heads the chain */
		if (mp != NULL && strcmp(mp, "-") != 0 && stat(mp, &st) == 0)
			map_file = (struct tiled_open){st.st_dev, st.st_ino, 1,
			                               NULL};
		up = &map_file;
	}
	if (read_checked(t, rq, up, &buf, &len, &st) != 0)
		return -1;
	me = (struct tiled_open){st.st_dev, st.st_ino, 1, up};
	if (parse_apart(t, rq, buf, len, &me) == 0) {
		free(buf);
		return 0;
	}
	free(buf);
	line = t->err->line;
	col = t->err->col;
	snprintf(msg, sizeof msg, "%s", t->err->msg);
	if ((path = beside(t, rq->rel)) == NULL)
		return fail_at(t, rq, "out of memory");
	diag_quote(path, qp, sizeof qp);
	free(path);
	if (line > 0 && col > 0)
		return fail_at(t, rq, "%s:%ld:%ld: %s", qp, line, col, msg);
	if (line > 0)
		return fail_at(t, rq, "%s:%ld: %s", qp, line, msg);
	return fail_at(t, rq, "%s: %s", qp, msg);
}

static int read_tileset(tiled_model *t, tiled_tileset *ts, const char *rel,
                        long line, const char *where)
{
	sub_req rq = {rel, "external tileset", line, where, ts, NULL};

	return read_sub(t, &rq);
}

static int read_template(tiled_model *t, tiled_object *o)
{
	diag_err keep = *t->err;
	sub_req rq = {o->template_, "object template", 0, NULL, NULL, o};

	if (read_sub(t, &rq) != 0) {
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
