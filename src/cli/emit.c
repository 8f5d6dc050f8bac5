/*
 * emit.c - a query's outcome into its item's results: the text or JSON
 * record on the item's output, --check's verdict, the report case, and
 * the --image picture; and the failure of a query that could not run,
 * with its last diagnostic as the report's message.  A picture counts
 * itself among the writes in progress in run_state.c, below, so that a
 * run ending early waits for it without emit.c calling up into cli.c.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "driver.h"
#include "run_state.h"
#include "write/image.h"
#include "write/image_raster.h"
#include "write/report_html.h"

/* Forgets the picture drawn for a case. */
static void drop_picture(sink *k)
{
	free(k->png);
	k->png = NULL;
	k->png_len = 0;
}

/* --report=html: what case c's query q (or NULL) expected and got,
 * whether its route changed, and the picture drawn for it. */
static void html_fields(sink *k, report_case *c, const query_report *q)
{
	char exp[256], got[256];

	c->expected = c->got = NULL;
	c->changed = 0;
	c->png = k->png;
	c->png_len = k->png_len;
	k->png = NULL;
	k->png_len = 0;
	if (q == NULL || !k->cfg->html)
		return;
	report_html_texts(q, exp, sizeof exp, got, sizeof got);
	c->expected = strdup(exp);
	c->got = strdup(got);
	c->changed = image_route_changed(q);
	if (c->expected == NULL || c->got == NULL)
		k->nomem = 1;
}

/* A report case: the query named name passed (ok) or failed with msg;
 * q is the solved query (its place goes with the case), or NULL; in and
 * in_at, the file and place a case without q is about, or NULL; error:
 * it could not run, and its error is a diagnostic of its own. */
/* A failed check on an editor's level: the level's file and place in
 * the case, and named after its message ("... (level.ldtk:12:3: LDtk
 * level 'Cave')"), so that a report read beside a change of the level
 * alone finds it. */
static void level_of_case(sink *k, report_case *c, const map_chosen *ch)
{
	char place[64] = "", *msg;
	size_t n;

	if (ch->line > 0)
		snprintf(place, sizeof place, ch->col > 0 ? ":%ld:%ld" : ":%ld",
		         ch->line, ch->col);
	n = (c->message ? strlen(c->message) : 0) + strlen(ch->file) +
	    strlen(place) + strlen(ch->place ? ch->place : "") + 8;
	if ((c->level_file = strdup(ch->file)) == NULL ||
	    (msg = malloc(n)) == NULL) {
		k->nomem = 1;
		return;
	}
	snprintf(msg, n, "%s (%s%s: %s)", c->message ? c->message : "failed",
	         ch->file, place, ch->place ? ch->place : "");
	free(c->message);
	c->message = msg;
	c->level_line = ch->line;
	c->level_col = ch->col;
}

static void add_case(sink *k, const char *name, int ok, const char *msg,
                     double us, const query_report *q, int error,
                     const char *in, const map_place *in_at)
{
	item *it = k->it;
	report_case *c;
	const char *file = NULL;

	if (!k->cfg->junit && !k->cfg->tap && !k->cfg->github &&
	    !k->cfg->markdown && !k->cfg->html) {
		drop_picture(k);
		return;
	}
	c = realloc(it->cases, (it->ncases + 1) * sizeof *c);
	if (c == NULL) {
		drop_picture(k);
		k->nomem = 1;
		return;
	}
	it->cases = c;
	c += it->ncases++;
	c->name = strdup(name);
	c->message = msg ? strdup(msg) : NULL;
	c->ok = ok;
	c->seconds = k->cfg->timing ? us / 1e6 : 0; /* --no-timing: diffable */
	c->error = error;
	c->file = NULL;
	c->line = c->col = 0;
	c->level_file = NULL;
	c->level_line = c->level_col = 0;
	html_fields(k, c, q);
	if (q != NULL && q->scen != NULL) { /* a scenario's line */
		file = q->scen;
		c->line = q->line;
	} else if (q != NULL) { /* a map's query, at its place if known */
		file = q->map_name;
		c->line = q->at.line;
		c->col = q->at.col;
	}
	if (q == NULL && in != NULL) {
		file = in;
		c->line = in_at->line;
		c->col = in_at->col;
	}
	if (file != NULL && (c->file = strdup(file)) == NULL)
		k->nomem = 1;
	const map *lv = q != NULL ? q->map : k->level;
	if (!ok && lv != NULL && lv->chosen != NULL &&
	    lv->chosen->file != NULL)
		level_of_case(k, c, lv->chosen);
	if (c->name == NULL || (msg && c->message == NULL))
		k->nomem = 1;
}

/* The name of a scenario file's query (FILE:LINE) in its text line, its
 * check's mismatch message and the --junit and --tap reports.  Made for
 * every query of a batch, so put together by hand: snprintf's format
 * machinery cost more than a search's path on some maps. */
void scen_label(char *buf, size_t n, const char *scen, long line)
{
	char num[24];
	size_t k = sizeof num, len = strlen(scen);
	unsigned long v = line < 0 ? 0UL - (unsigned long)line
	                           : (unsigned long)line;

	do
		num[--k] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	if (line < 0)
		num[--k] = '-';
	if (len + 1 + (sizeof num - k) >= n) { /* cut short, as snprintf */
		snprintf(buf, n, "%s:%ld", scen, line);
		return;
	}
	memcpy(buf, scen, len);
	buf[len] = ':';
	memcpy(buf + len + 1, num + k, sizeof num - k);
	buf[len + 1 + (sizeof num - k)] = '\0';
}

/* Records a query that could not run (its message is in k->msgs), with
 * `why` as its report's failure message. */
static void query_failed(sink *k, const char *label, const char *why)
{
	k->it->status = EXIT_ERROR;
	if (k->cfg->check) /* no check was made: counted apart */
		k->it->errors++;
	add_case(k, label, 0, why, 0, NULL, 1, NULL, NULL);
}

/* The last diagnostic of l, formatted for a report (without "astar: "),
 * into why (or `fallback` when there is none): the failure message of a
 * query's --junit and --tap report, so that it names its FILE:LINE:COL
 * as the error output does. */
void last_message(const diag_list *l, const char *fallback, char *why,
                  size_t whysz)
{
	const diag_msg *m = diag_list_last(l);
	char *s = m ? diag_format(m, 0) : NULL;

	snprintf(why, whysz, "%s", s ? s : fallback);
	free(s);
}

/* Records a query that could not run, the last message it wrote as its
 * report's failure message. */
void query_error(sink *k, const char *label)
{
	char why[MESSAGE_MAX];

	last_message(k->msgs, "invalid query (see the error output)", why,
	             sizeof why);
	query_failed(k, label, why);
}

/* A scenario query whose map could not be read: it fails, its report's
 * message the map's error (written once, by the map's first query), so
 * that each failed case says why. */
void map_error_case(sink *k, const char *label, const shared_map *sm)
{
	char why[MESSAGE_MAX];

	last_message(&sm->msgs, "its map could not be read", why, sizeof why);
	query_failed(k, label, why);
}

/* Writes the picture to path whole or not at all (outfile_begin). */
/* q's picture: a grid's, or a voxel query's slices or a height map's
 * relief. */
static int picture(FILE *f, const query_report *q, int scale, diag_err *err)
{
	if (q->vres != NULL || q->map->heights != NULL)
		return image_write_3d(f, q, scale, err);
	return image_write_png(f, q, scale, err);
}

static int draw(const char *path, const query_report *q, int scale,
                diag_err *err)
{
	outfile_tx t;

	if (outfile_begin(&t, path, err) != 0)
		return -1;
	if (picture(t.f, q, scale, err) != 0) {
		outfile_abort(&t);
		return -1;
	}
	return outfile_commit(&t, err);
}

void html_picture(sink *k, const query_report *q)
{
	int scale = image_fit_3d(q, REPORT_HTML_SIDE);
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	diag_err err;
	int rc;

	drop_picture(k);
	if (k->cfg->html == NULL || k->it->pictures >= k->cfg->html_images ||
	    (k->b->rep != NULL &&
	     atomic_load(&k->b->rep->pictures) >= k->cfg->html_images))
		return; /* it would be dropped: the first ones are kept */
	k->it->pictures++;
	if ((f = open_memstream(&buf, &len)) == NULL) {
		k->nomem = 1;
		return;
	}
	memset(&err, 0, sizeof err);
	/* A picture that cannot be drawn (too large a map) is left out:
	 * the page lists the check all the same. */
	rc = picture(f, q, scale, &err);
	if (fclose(f) != 0 || rc != 0) {
		free(buf);
		return;
	}
	k->png = (unsigned char *)buf;
	k->png_len = len;
}

/*
 * Draws a query to its --image file.  It is numbered (%d) by its input's
 * position in the batch, or, for the only input, by its index in the
 * map's queries; a failure is an error of the item.
 */
int map_draws_several(const map *m)
{
	return m != NULL && m->nqueries + m->nreach > 1;
}

void emit_image(sink *k, const query_report *q)
{
	const cli_config *cfg = k->cfg;
	size_t index = k->it->index;
	char path[4096];
	diag_err err;
	const char *clash = NULL;
	outfile_id id;
	int fd;

	/* A query of a map file's list (or a reach check after them): its
	 * number there, when the file is the only input or draws several
	 * (their %m tells the files apart: see several_pictures). */
	if (q->query >= 0 &&
	    (k->it->ninputs == 1 || map_draws_several(q->map)))
		index = (size_t)q->query;
	if (image_path_for(cfg->image, index, q->map_name,
	                   q->query >= 0 && (size_t)q->query < q->map->nqueries
	                           ? q->name
	                           : NULL,
	                   path, sizeof path, &err) != 0) {
		diag_report(NULL, &err);
		k->it->status = EXIT_ERROR;
		return;
	}
	if ((fd = outfile_std_fd_of(path)) != 0) {
		diag_error(path, 0, 0,
		           "is also the standard %s; not drawing the picture "
		           "there",
		           fd == STDOUT_FILENO ? "output" : "error");
		k->it->status = EXIT_ERROR;
		return;
	}
	if (outfile_regular_id(path, &id) == 0 &&
	    outfile_set_has(&k->b->inputs, &id))
		clash = "is also an input of this run; not overwriting it";
	else if (is_report_path(k->b, path))
		clash = "is also a --report file; not drawing the picture there";
	if (clash != NULL) {
		diag_error(path, 0, 0, "%s", clash);
		k->it->status = EXIT_ERROR;
		return;
	}
	if (!write_begin(k->b)) /* the run is ending early: not begun */
		return;
	if (draw(path, q, cfg->scale, &err) != 0) {
		diag_report(path, &err);
		k->it->status = EXIT_ERROR;
	}
	write_end(k->b);
}

/* A TAP stream on stdout (--report=tap without a file). */
static int tap_on_stdout(const cli_config *cfg)
{
	return cfg->tap && !cfg->tap_file;
}

/* Whether stdout carries the text output's blocks, one a map file,
 * which have headers and blank lines between them when there are
 * several: not with JSON Lines, --check's lines or a TAP stream. */
int text_blocks_on(const cli_config *cfg)
{
	return cfg->format == FORMAT_TEXT && !cfg->check &&
	       !tap_on_stdout(cfg) && !cfg->quiet;
}

/* A text block's header line, when the batch has several inputs. */
void file_header(sink *k, const char *name)
{
	if (text_blocks_on(k->cfg) && k->it->ninputs > 1) {
		diag_fputs(k->out, name); /* an LDtk level's identifier */
		fputs(":\n", k->out);
	}
}

/* Whether stdout carries data for programs (JSON Lines or a TAP stream):
 * then --check's mismatches and summary go to stderr instead. */
int notes_to_stderr(const cli_config *cfg)
{
	return cfg->format == FORMAT_JSON || tap_on_stdout(cfg) || cfg->quiet;
}

/* The place and name of a query in --check's messages: its label, or,
 * for a query of a map file whose place is known, "FILE:LINE:COL: NAME"
 * (NAME its name or queries[N]), as an error about it would say. */
static const char *check_label(char *buf, size_t n, const query_report *q,
                               const char *label)
{
	if (q->scen != NULL || q->at.line <= 0 || q->query < 0)
		return label;
	if (q->name != NULL)
		snprintf(buf, n, "%s:%ld:%ld: %s", q->map_name, q->at.line,
		         q->at.col, q->name);
	else
		snprintf(buf, n, "%s:%ld:%ld: queries[%ld]", q->map_name,
		         q->at.line, q->at.col, q->query);
	return buf;
}

void check_case(sink *k, const char *file, const map_place *at,
                const char *label, int ok, const char *why, double us)
{
	k->it->checked++;
	k->it->failed += !ok;
	if (!ok && notes_to_stderr(k->cfg))
		diag_note("%s: %s", label, why);
	else if (!ok)
		fprintf(k->out, "%s: %s\n", label, why);
	add_case(k, label, ok, ok ? NULL : why, us, NULL, 0, file, at);
	if (!ok && k->it->status < EXIT_NOPATH)
		k->it->status = EXIT_NOPATH;
}

/*
 * Prints one solved query and checks it.  label names the query in
 * mismatch messages and reports; draw selects the map drawing (single
 * queries) over one line per query (batches) in text output.
 */
void emit(sink *k, query_report *q, const char *label, int draw)
{
	const cli_config *cfg = k->cfg;
	const astar_result *r = q->res;
	char why[256], placed[LABEL_MAX + 64];
	const char *where = check_label(placed, sizeof placed, q, label);
	int ok = r->reached_goal, rc = 0;

	q->check = -1;
	if (cfg->check && q->expect != NULL && check_any(q->expect)) {
		ok = check_result(q->expect, r, cfg->tolerance, why,
		                  sizeof why);
		q->check = ok;
		k->it->checked++;
		k->it->failed += !ok;
		if (!ok && notes_to_stderr(cfg))
			diag_note("%s: %s", where, why);
		else if (!ok)
			fprintf(k->out, "%s: %s\n", where, why);
	} else if (!r->reached_goal) {
		snprintf(why, sizeof why, "no path");
		/* It makes the status 1 all the same: say which query. */
		if (cfg->check && notes_to_stderr(cfg))
			diag_note("%s: no path (the query has no expectation)",
			          where);
		else if (cfg->check)
			fprintf(k->out,
			        "%s: no path (the query has no expectation)\n",
			        where);
	}
	if (!tap_on_stdout(cfg) && !cfg->quiet) {
		if (cfg->format == FORMAT_JSON)
			rc = output_json(k->out, q);
		else if (!cfg->check && draw)
			rc = output_text(k->out, q, cfg->color);
		else if (!cfg->check)
			rc = output_text_line(k->out, q, label);
		if (rc != 0 && ferror(k->out)) {
			k->nomem = 1; /* the item's stream is lost */
		} else if (rc != 0) {
			/* Nothing was written: the record could not be put
			 * together.  The query fails; the batch goes on. */
			diag_error(label, 0, 0, "out of memory");
			k->it->status = EXIT_ERROR;
		}
	}
	if (cfg->image != NULL && (!ok || !cfg->image_failed))
		emit_image(k, q);
	if (cfg->html != NULL && (!ok || image_route_changed(q)))
		html_picture(k, q);
	add_case(k, label, ok, ok ? NULL : why, q->search_us, q, 0, NULL, NULL);
	/* A checked query's status is its check's; others, whether they
	 * reached the goal. */
	if (!ok && k->it->status < EXIT_NOPATH)
		k->it->status = EXIT_NOPATH;
}
