/*
 * solve.c - one work item into its results: a map file's query or
 * queries, or one query of a scenario file on its shared map, each
 * checked against the map, searched, and handed to emit.c.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "driver.h"
#include "run_state.h"
#include "rules.h"
#include "update.h"

/* Where a query is written (the query, its start, its goal), for the
 * messages about it; all 0 when not known. */
typedef struct query_places {
	map_place query, start, goal;
	long ox, oy; /* the editor's coordinates of cell 0,0: messages show
	                cells as the user gives them (an infinite map's) */
} query_places;

/* The places of a query on one line (a scenario's). */
static query_places on_line(long line)
{
	query_places p;

	memset(&p, 0, sizeof p);
	p.query.line = p.start.line = p.goal.line = line;
	return p;
}

/* Whether an agent of opts' size stands on p: every cell of its square
 * open (wrapping where the map's borders join). */
static int agent_fits(const astar_options *opts, const astar_grid *g,
                      astar_point p)
{
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	int wx = opts->wrap == ASTAR_WRAP_X || opts->wrap == ASTAR_WRAP_XY;
	int wy = opts->wrap == ASTAR_WRAP_Y || opts->wrap == ASTAR_WRAP_XY;

	for (int32_t dy = 0; dy < opts->size; dy++)
		for (int32_t dx = 0; dx < opts->size; dx++) {
			int32_t x = p.x + dx, y = p.y + dy;
			if ((x >= w && !wx) || (y >= h && !wy) ||
			    astar_grid_get(g, x % w, y % h) == 0)
				return 0;
		}
	return 1;
}

/* Checks one start (goal 0) or goal against the map; see valid_query. */
static int valid_end(const astar_options *opts, const char *name,
                     const query_places *at, const char *where,
                     const astar_grid *g, int goal, astar_point p)
{
	const map_place *pl = goal ? &at->goal : &at->start;
	long ox = at->ox, oy = at->oy;
	const char *what = goal ? "goal" : "start";

	if (!astar_grid_contains(g, p.x, p.y)) {
		diag_error(name, pl->line, pl->col, "%s%s %d,%d is outside the %dx%d map",
		           where, what, (int)(p.x + ox), (int)(p.y + oy),
		           (int)astar_grid_width(g), (int)astar_grid_height(g));
		return -1;
	}
	if (goal && (opts->adjacent || opts->closest))
		return 0;
	if (astar_grid_get(g, p.x, p.y) == 0) {
		if (goal)
			diag_error(name, pl->line, pl->col,
			           "%sgoal %d,%d is blocked (use --adjacent to "
			           "stop next to it, or --closest to get as "
			           "near as possible)",
			           where, (int)(p.x + ox), (int)(p.y + oy));
		else
			diag_error(name, pl->line, pl->col, "%sstart %d,%d is blocked",
			           where, (int)(p.x + ox), (int)(p.y + oy));
		return -1;
	}
	if (opts->size > 1 && !agent_fits(opts, g, p)) {
		diag_error(name, pl->line, pl->col,
		           "%s%s %d,%d: a %dx%d agent does not fit there (a "
		           "cell of its square is blocked or off the map)",
		           where, what, (int)(p.x + ox), (int)(p.y + oy),
		           (int)opts->size, (int)opts->size);
		return -1;
	}
	return 0;
}

/* An editor's level with no start or goal: its points listed. */
static void no_level_endpoint(const char *name, const map *m, const char *what)
{
	char list[300];
	size_t n = 0;

	list[0] = '\0';
	for (size_t i = 0; i < m->npoints && n + 1 < sizeof list; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s@%.40s",
		                      i ? ", " : "", m->points[i].name);
	diag_error(name, 0, 0,
	           "no %s: no one point is named %s; pick one with "
	           "--%s=@NAME or --%s=X,Y (the level's points: %s)",
	           what,
	           what[0] == 's' ? "start, spawn, player or playerstart"
	                          : "goal, exit or end",
	           what, what, m->npoints ? list : "none");
}

/*
 * Checks a query's starts and goals against the map; `where` locates the
 * query in messages ("queries[2]: " or ""), and at in the file.  Reports
 * and returns -1.
 */
static int valid_query(const astar_options *opts, const char *name,
                       const query_places *at, const char *where,
                       const astar_grid *g, const astar_point *s, size_t ns,
                       const astar_point *t, size_t nt)
{
	/* The library has no several-goals search that stops next to a
	 * goal or as near as it can get: say so here, where the query is
	 * known, rather than pass on its generic status. */
	if ((opts->adjacent || opts->closest) && (ns > 1 || nt > 1)) {
		diag_error(name, at->query.line, at->query.col,
		           "%s%s cannot be used with several %s (%zu given): "
		           "give one start and one goal, or make each pair "
		           "its own query",
		           where,
		           opts->adjacent ? (*where ? "adjacent" : "--adjacent")
		                          : (*where ? "closest" : "--closest"),
		           nt > 1 ? "goals" : "starts", nt > 1 ? nt : ns);
		return -1;
	}
	if (rule_jps_query(opts, g, name, at->query.line, at->query.col,
	                   where) != 0)
		return -1;
	for (size_t k = 0; k < ns; k++)
		if (valid_end(opts, name, at, where, g, 0, s[k]) != 0)
			return -1;
	for (size_t k = 0; k < nt; k++)
		if (valid_end(opts, name, at, where, g, 1, t[k]) != 0)
			return -1;
	return 0;
}

/* One search: astar_search, or astar_search_many for several starts or
 * goals. */
static astar_status search_query(astar_ctx *ctx, const astar_grid *g,
                                 const astar_point *s, size_t ns,
                                 const astar_point *t, size_t nt,
                                 const astar_options *opts, astar_result *res)
{
	if (ns == 1 && nt == 1)
		return astar_search(ctx, g, s[0], t[0], opts, res);
	return astar_search_many(ctx, g, s, ns, t, nt, opts, res);
}

/* After a search of several starts or goals: the ones the path joins. */
static void joined(query_report *q, const astar_result *res)
{
	if (!res->found)
		return;
	if (q->nstarts > 1)
		q->start = q->starts[res->start_index];
	if (q->ngoals > 1)
		q->goal = q->goals[res->goal_index];
}

/* A map file with no start (what = "start", mark 'S') or no goal, and
 * none given: says how to give one in that format.  In a Moving AI map
 * S and G are terrain. */
static void no_endpoint(const char *name, const map *m, const char *what,
                        char mark)
{
	enum map_format fmt = m->format;

	if (fmt == MAPFMT_TILED || fmt == MAPFMT_LDTK)
		no_level_endpoint(name, m, what);
	else if (fmt == MAPFMT_MOVINGAI)
		diag_error(name, 0, 0,
		           "no %s: use --%s or a scenario file (%c is terrain "
		           "in a Moving AI map)",
		           what, what, mark);
	else if (fmt == MAPFMT_JSON)
		diag_error(name, 0, 0,
		           "no %s: give \"%s\", mark one with %c in \"rows\", "
		           "or use --%s",
		           what, what, mark, what);
	else
		diag_error(name, 0, 0, "no %s: mark one with %c or use --%s",
		           what, mark, what);
}

/*
 * Before each query of a batch: the work a context does once per map
 * (astar_prepare), so that a thread's first query on a map is timed like
 * the others.  It costs next to nothing once done.  Its failures are the
 * search's as well, which reports them.  Returns the microseconds spent.
 */
static double prepare(astar_ctx *ctx, const astar_grid *g,
                      const astar_options *opts)
{
	double t = now_us();

	(void)astar_prepare(ctx, g, opts);
	return now_us() - t;
}

/* Whether a scenario query's times are shown anywhere: not by --check's
 * text lines without a report.  Reading the clock four times a query
 * cost a few percent of a batch on maps that search fast. */
static int scen_times_shown(const cli_config *cfg)
{
	return cfg->timing &&
	       (cfg->format == FORMAT_JSON || !cfg->check || cfg->junit ||
	        cfg->tap || cfg->github);
}

/* Refuses (reports, -1) to draw the several queries of a map file unless
 * it is the only input and --image numbers the pictures. */
static int several_pictures(sink *k, const char *name)
{
	if (k->it->ninputs > 1) {
		diag_error(name, 0, 0,
		           "--image: a map with several queries has to be the "
		           "only input");
		return -1;
	}
	return rule_image_pattern(k->cfg->image, 1, name);
}

/* The record of a query on map m (named name), before its search: the
 * one place that fills what every query's output gives. */
static void query_init(query_report *q, const cli_config *cfg, const char *name,
                       const map *m, const astar_options *opts,
                       astar_result *res, double load_us)
{
	memset(q, 0, sizeof *q);
	q->map_name = name;
	q->map = m;
	q->blocks = cfg->blocks;
	q->nblocks = cfg->nblocks;
	q->opts = opts;
	q->res = res;
	q->timing = cfg->timing;
	q->no_path = cfg->no_path;
	q->load_us = load_us;
	q->query = -1;
}

/* The name of a map file's query i (mq) in its text line, its check's
 * messages and the reports: "FILE: NAME" for a named query, else "FILE:
 * queries[i]". */
static void query_label(char *buf, size_t n, const char *file,
                        const map_query *mq, size_t i)
{
	if (mq->name != NULL)
		snprintf(buf, n, "%s: %s", file, mq->name);
	else
		snprintf(buf, n, "%s: queries[%zu]", file, i);
}

static void update_note(sink *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void update_note(sink *k, const char *fmt, ...)
{
	char line[MESSAGE_MAX];
	va_list ap;

	if (k->cfg->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (notes_to_stderr(k->cfg))
		diag_note("%s", line);
	else
		fprintf(k->out, "%s\n", line);
}

/* --update: the new expectation of query mq (named label) from its
 * result into u, and its diff noted; 0, or -1 when out of memory. */
static int update_one(sink *k, const char *label, const map_query *mq,
                      const astar_result *res, update_query *u)
{
	char diff[MESSAGE_MAX];
	int ch = update_expect(&mq->expect, res, k->cfg->update == UPDATE_PATHS,
	                       k->cfg->tolerance, u, diff, sizeof diff);

	if (ch < 0) {
		k->nomem = 1;
		return -1;
	}
	if (ch > 0) {
		k->it->upd_changed++;
		update_note(k, "%s: %s", label, diff);
	}
	return 0;
}

/* Whether --update cannot rewrite map file m (name): a format with no
 * place for expectations, no queries, or a file or folder that cannot
 * be written (each reported). */
static int refuse_update(const map *m, const char *name)
{
	diag_err err;
	const char *about;

	if (m->format == MAPFMT_ASCII) {
		diag_error(name, 0, 0,
		           "an ASCII map has no place for expectations; "
		           "--update writes them into the \"expect\" of a "
		           "JSON level's \"queries\"");
		return 1;
	}
	if (m->format == MAPFMT_MOVINGAI) {
		diag_error(name, 0, 0,
		           "a Moving AI map has no place for expectations; "
		           "--update writes them into its scenario file or "
		           "the \"expect\" of a JSON level's \"queries\"");
		return 1;
	}
	if (m->format == MAPFMT_TILED || m->format == MAPFMT_LDTK) {
		diag_error(name, 0, 0,
		           "%s has no place for expectations; --update "
		           "writes them into the \"queries\" of a JSON check "
		           "file that names it as its \"level\"",
		           m->format == MAPFMT_TILED ? "a Tiled map"
		                                     : "an LDtk project");
		return 1;
	}
	if (m->nqueries == 0) {
		diag_error(name, 0, 0,
		           "no \"queries\" to update; --update writes the "
		           "\"expect\" of each of a JSON level's \"queries\"");
		return 1;
	}
	if (outfile_replaceable(name, &err, &about) != 0) {
		diag_report(about, &err);
		return 1;
	}
	return 0;
}

/* --update: rewrites map file name with the new expectations of its n
 * queries, when one changed. */
static void update_file(sink *k, const char *name, update_query *uq, size_t n)
{
	diag_err err;
	int changed = 0;

	for (size_t i = 0; i < n; i++)
		changed |= uq[i].ran && uq[i].changed;
	if (!changed || !write_begin(k->b))
		return;
	if (update_json(name, uq, n, &err) != 0) {
		diag_report(name, &err);
		k->it->status = EXIT_ERROR;
	} else {
		k->it->upd_files++;
	}
	write_end(k->b);
}

/* Where the messages about query mq point: its own place, or its
 * start's or goal's when the file gives them one. */
static query_places places_of(const map *m, const map_query *mq)
{
	query_places at;

	memset(&at, 0, sizeof at);
	at.ox = m->ox;
	at.oy = m->oy;
	at.query.line = mq->line;
	at.query.col = mq->col;
	at.start = mq->start_at.line > 0 ? mq->start_at : at.query;
	at.goal = mq->goal_at.line > 0 ? mq->goal_at : at.query;
	return at;
}

/* Query mq's options: the map's in *qo, with what the query asks. */
static void query_options(sink *k, astar_ctx *ctx, const map *m,
                          const map_query *mq, astar_options *qo)
{
	qo->adjacent |= mq->adjacent;
	qo->closest |= mq->closest;
	qo->landmarks = config_landmarks(k->cfg, m->nqueries);
	if (mq->has_size && !k->cfg->size_given)
		qo->size = mq->size;
	config_choose(k->cfg, ctx, m->grid, qo);
}

/* Fills q with query i's endpoints, its path res and what it expects. */
static void report_listed(query_report *q, const map_query *mq, size_t i,
                          const astar_point *ss, size_t ns,
                          const astar_point *ts, size_t nt,
                          const astar_result *res)
{
	q->start = mq->start;
	q->goal = mq->goal;
	q->starts = ss;
	q->nstarts = ns;
	q->goals = ts;
	q->ngoals = nt;
	joined(q, res);
	q->query = (long)i;
	q->name = mq->name;
	q->at.line = mq->line;
	q->at.col = mq->col;
	q->expect = &mq->expect;
}

/* Several blocks of one map: each says which query it draws. */
static void block_heading(sink *k, const map_query *mq, size_t i)
{
	if (mq->name != NULL)
		fprintf(k->out, "%s", mq->name);
	else
		fprintf(k->out, "queries[%zu]", i);
	fprintf(k->out, ": %d,%d -> %d,%d\n", (int)mq->start.x,
	        (int)mq->start.y, (int)mq->goal.x, (int)mq->goal.y);
}

/* Query i of the map's list, as run_map_queries; -1 when out of memory
 * (the item is lost), else 0. */
static int run_listed_query(sink *k, astar_ctx *ctx, const map *m,
                            query_report *q, const astar_options *opts,
                            astar_result *res, update_query *uq, size_t i)
{
	const char *name = q->map_name;
	char label[LABEL_MAX], where[64];
	const map_query *mq = &m->queries[i];
	astar_options qo = *opts;
	astar_status st;
	double t2;
	query_places at;
	snprintf(where, sizeof where, "queries[%zu]: ", i);
	query_label(label, sizeof label, name, mq, i);
	at = places_of(m, mq);
	const astar_point *ss = mq->starts ? mq->starts : &mq->start;
	const astar_point *ts = mq->goals ? mq->goals : &mq->goal;
	size_t ns = mq->starts ? mq->nstarts : 1;
	size_t nt = mq->goals ? mq->ngoals : 1;
	query_options(k, ctx, m, mq, &qo);
	q->opts = &qo;
	if (valid_query(&qo, name, &at, where, m->grid, ss, ns, ts, nt) != 0) {
		query_error(k, label);
		return 0;
	}
	/* Several queries: the context's one-time work for the map is
	 * timed apart (see prepare). */
	q->prepared = m->nqueries > 1;
	if (q->prepared)
		q->prepare_us = prepare(ctx, m->grid, &qo);
	t2 = now_us();
	if ((st = search_query(ctx, m->grid, ss, ns, ts, nt, &qo, res)) !=
	    ASTAR_OK) {
		diag_error(name, mq->line, mq->col, "%s%s", where,
		           astar_strerror(st));
		query_error(k, label);
		return 0;
	}
	q->search_us = now_us() - t2;
	report_listed(q, mq, i, ss, ns, ts, nt, res);
	if (uq != NULL && update_one(k, label, mq, res, &uq[i]) != 0)
		return -1; /* out of memory: the item is lost */
	if (uq != NULL)
		q->expect = &uq[i].e; /* checked as it will be written */
	if (m->nqueries > 1 && text_blocks_on(k->cfg))
		block_heading(k, mq, i);
	emit(k, q, label, 1);
	if (i + 1 < m->nqueries && text_blocks_on(k->cfg))
		fputc('\n', k->out);
	return 0;
}

/* The queries a map file holds, each checked, searched into res and
 * emitted; q is filled but for the query, opts the map's options. */
static void run_map_queries(sink *k, astar_ctx *ctx, const map *m,
                            query_report *q, const astar_options *opts,
                            astar_result *res, update_query *uq)
{
	file_header(k, q->map_name);
	for (size_t i = 0; i < m->nqueries; i++)
		if (run_listed_query(k, ctx, m, q, opts, res, uq, i) != 0)
			return;
}

/* The cells of every --start (goal 0) or --goal on map m: X,Y, every
 * cell an @name picks, or the map's mark when none was given; into *out
 * (*n of them, allocated).  0, or -1 when there is none (reported). */
static int endpoints(const cli_config *cfg, const map *m, const char *name,
                     int goal, astar_point **out, size_t *n)
{
	const endpoint_arg *a = goal ? cfg->goals : cfg->starts;
	size_t na = goal ? cfg->ngoals : cfg->nstarts;
	const char *flag = goal ? "--goal" : "--start";
	char msg[MAP_MSG_MAX];

	*out = NULL;
	*n = 0;
	if (na == 0) {
		if (!(goal ? m->has_goal : m->has_start)) {
			no_endpoint(name, m, goal ? "goal" : "start",
			            goal ? 'G' : 'S');
			return -1;
		}
		if ((*out = malloc(sizeof **out)) == NULL)
			goto nomem;
		(*out)[(*n)++] = goal ? m->goal : m->start;
		return 0;
	}
	for (size_t i = 0; i < na; i++) {
		astar_point *p;
		if (a[i].name != NULL) {
			if (map_append_points(m, a[i].name, out, n, msg,
			                      sizeof msg) == 0)
				continue;
			diag_error(name, 0, 0, "%s: %s", flag, msg);
			free(*out);
			*out = NULL;
			return -1;
		}
		if ((p = realloc(*out, (*n + 1) * sizeof *p)) == NULL)
			goto nomem;
		*out = p;
		/* X,Y are the editor's coordinates (an infinite map's grid
		 * starts where its tiles do). */
		p[*n].x = (int32_t)(a[i].p.x - m->ox);
		p[*n].y = (int32_t)(a[i].p.y - m->oy);
		(*n)++;
	}
	return 0;
nomem:
	diag_error(name, 0, 0, "out of memory");
	free(*out);
	*out = NULL;
	return -1;
}

/* The one query of a map file: its marks, or --start and --goal; 0, or
 * -1 when it could not run (reported).  Its lists are kept in *ss and
 * *ts, which the caller frees. */
static int run_one_query(sink *k, astar_ctx *ctx, const map *m, query_report *q,
                         astar_result *res, double t1, astar_point **ss,
                         astar_point **ts)
{
	const char *name = q->map_name;
	size_t ns, nt;
	astar_status st;
	query_places at;

	if (endpoints(k->cfg, m, name, 0, ss, &ns) != 0 ||
	    endpoints(k->cfg, m, name, 1, ts, &nt) != 0)
		return -1;
	/* The places of the map's own start and goal, when it gives them
	 * ("start" and "goal" of a JSON map). */
	memset(&at, 0, sizeof at);
	at.ox = m->ox;
	at.oy = m->oy;
	if (k->cfg->nstarts == 0)
		at.start = m->start_at;
	if (k->cfg->ngoals == 0)
		at.goal = m->goal_at;
	if (valid_query(q->opts, name, &at, "", m->grid, *ss, ns, *ts, nt) != 0)
		return -1;
	if ((st = search_query(ctx, m->grid, *ss, ns, *ts, nt, q->opts,
	                       res)) != ASTAR_OK) {
		diag_error(name, 0, 0, "%s", astar_strerror(st));
		return -1;
	}
	q->search_us = now_us() - t1;
	q->start = (*ss)[0];
	q->goal = (*ts)[0];
	q->starts = *ss;
	q->nstarts = ns;
	q->goals = *ts;
	q->ngoals = nt;
	joined(q, res);
	file_header(k, name);
	emit(k, q, name, 1);
	return 0;
}

/* run_one_query with the algorithm --algorithm=auto chooses for the
 * map; q->opts is the caller's again on return. */
static int run_map_query(sink *k, astar_ctx *ctx, const map *m, query_report *q,
                         astar_result *res, double t1, astar_point **ss,
                         astar_point **ts)
{
	const astar_options *given = q->opts;
	astar_options o = *given;
	int rc;

	config_choose(k->cfg, ctx, m->grid, &o);
	q->opts = &o;
	rc = run_one_query(k, ctx, m, q, res, t1, ss, ts);
	q->opts = given;
	return rc;
}

/* --distances: the distance map (and flow field) from the starts, or
 * the map's start; 0, or -1 when it could not run (reported).  The
 * starts are kept in *ss, which the caller frees. */
static int run_distances(sink *k, astar_ctx *ctx, const map *m,
                         query_report *q, double t1, astar_point **ss)
{
	const cli_config *cfg = k->cfg;
	const char *name = q->map_name;
	astar_flood_result f;
	size_t ns;
	astar_status st;
	query_places at;
	int rc;

	memset(&at, 0, sizeof at);
	at.ox = m->ox;
	at.oy = m->oy;
	if (cfg->nstarts == 0)
		at.start = m->start_at;
	if (endpoints(cfg, m, name, 0, ss, &ns) != 0 ||
	    valid_query(q->opts, name, &at, "", m->grid, *ss, ns, NULL, 0) !=
	            0)
		return -1;
	if ((st = astar_flood(ctx, m->grid, *ss, ns, q->opts, &f)) !=
	    ASTAR_OK) {
		diag_error(name, 0, 0, "%s", astar_strerror(st));
		return -1;
	}
	q->search_us = now_us() - t1;
	q->start = (*ss)[0];
	q->starts = *ss;
	q->nstarts = ns;
	q->dist = &f;
	file_header(k, name);
	if (cfg->format == FORMAT_JSON)
		rc = output_json_distances(k->out, q, &f, cfg->flow);
	else
		rc = output_text_distances(k->out, q, &f, cfg->flow);
	if (rc != 0 && ferror(k->out))
		k->nomem = 1;
	else if (rc != 0)
		diag_error(name, 0, 0, "out of memory");
	if (rc == 0 && cfg->image != NULL)
		emit_image(k, q);
	q->dist = NULL;
	return rc == 0 ? 0 : -1;
}

/* Whether the map's queries cannot run as asked (reported): -s or -g
 * with --check, or pictures that --image cannot number. */
static int refuse_map_queries(sink *k, const map *m, const char *name)
{
	const cli_config *cfg = k->cfg;

	/* -s and -g make one query of a map that holds several; with
	 * --check that would pass a level by skipping its expectations. */
	if (m->nqueries > 0 && cfg->check &&
	    (cfg->has_start || cfg->has_goal)) {
		diag_error(name, 0, 0,
		           "%s replaces the map's queries; not with --check, "
		           "which would skip their expectations",
		           cfg->has_start ? "--start" : "--goal");
		return 1;
	}
	return m->nqueries > 0 && !cfg->has_start && !cfg->has_goal &&
	       cfg->image != NULL && m->nqueries > 1 &&
	       several_pictures(k, name) != 0;
}

/* Whether --size is larger than the map (reported). */
static int agent_too_big(const map *m, const astar_options *opts,
                         const char *name)
{
	int32_t w = astar_grid_width(m->grid), h = astar_grid_height(m->grid);

	if (opts->size <= (w < h ? w : h))
		return 0;
	diag_error(name, 0, 0, "--size=%d is larger than the %dx%d map",
	           (int)opts->size, (int)w, (int)h);
	return 1;
}

/* The options of map m: cfg's, with what the map asks unless the
 * command line overrides it. */
static astar_options map_options(const cli_config *cfg, const map *m,
                                 const char *name)
{
	astar_options opts = cfg->opts;

	if (m->has_diagonal && !cfg->diagonal_given) {
		opts.diagonal = m->diagonal; /* the map's, unless overridden */
		rule_admissible(&opts, name);
	}
	if (m->has_wrap && !cfg->wrap_given)
		opts.wrap = m->wrap;
	if (m->has_size && !cfg->size_given)
		opts.size = m->size;
	return opts;
}

/* The map's own queries, run; with --update their new expectations
 * are kept and the file rewritten when one changed. */
static void run_queries_and_update(sink *k, astar_ctx *ctx, const map *m,
                                   query_report *q, const astar_options *opts,
                                   astar_result *res, const char *name)
{
	const cli_config *cfg = k->cfg;
	update_query *uq = NULL;

	if (cfg->update && (uq = calloc(m->nqueries, sizeof *uq)) == NULL) {
		k->nomem = 1;
	} else {
		run_map_queries(k, ctx, m, q, opts, res, uq);
		k->it->upd_total += cfg->update ? m->nqueries : 0;
		if (uq != NULL && !k->nomem)
			update_file(k, name, uq, m->nqueries);
	}
	for (size_t i = 0; uq != NULL && i < m->nqueries; i++)
		update_query_free(&uq[i]);
	free(uq);
}

/* A map file: read, and solved for its queries or its one query. */
static void run_file(sink *k, astar_ctx *ctx)
{
	const cli_config *cfg = k->cfg;
	const char *name =
		k->it->label ? k->it->label : display_name(k->it->path);
	map m;
	astar_result res;
	query_report q;
	double t0 = now_us(), t1;
	astar_options opts; /* cfg's, with what the map asks */
	astar_point *ss = NULL, *ts = NULL;
	int rc;

	if (load_map(k->b, k->it->path, k->it->level, &m) != 0 ||
	    apply_blocks(cfg, name, &m) != 0) {
		map_free(&m);
		query_error(k, name);
		return;
	}
	t1 = now_us();
	memset(&res, 0, sizeof res); /* a distance map has no path */
	opts = map_options(cfg, &m, name);
	query_init(&q, cfg, name, &m, &opts, &res, t1 - t0);
	if (refuse_map_queries(k, &m, name) || agent_too_big(&m, &opts, name) ||
	    (cfg->update && refuse_update(&m, name))) {
		rc = -1;
	} else if (cfg->distances) {
		rc = run_distances(k, ctx, &m, &q, t1, &ss);
	} else if (m.nqueries > 0 && !cfg->has_start && !cfg->has_goal) {
		run_queries_and_update(k, ctx, &m, &q, &opts, &res, name);
		rc = 0;
	} else if (cfg->check && (m.nreach > 0 || m.has_regions) &&
	           !cfg->has_start && !cfg->has_goal &&
	           !(m.has_start && m.has_goal)) {
		file_header(k, name); /* a level of checks alone */
		rc = 0;
	} else {
		rc = run_map_query(k, ctx, &m, &q, &res, t1, &ss, &ts);
	}
	if (rc == 0 && cfg->check && !cfg->distances)
		run_level_checks(k, ctx, &m, &opts, name);
	free(ss);
	free(ts);
	map_free(&m);
	if (rc != 0)
		query_error(k, name);
}

/* --update: a scenario query's new optimal length, when its cost is
 * not the one written (beyond the tolerance): noted, kept in the item,
 * and made the expectation it is checked against. */
static void update_scen_query(sink *k, const char *label, map_expect *expect,
                              const astar_result *res)
{
	const scen_entry *e = k->it->entry;
	const batch *b = k->b;
	char why[256], now[64];
	const char *text = b->scen_text ? b->scen_text[k->it->scen_ix] : NULL;

	k->it->upd_total = 1;
	if (!res->reached_goal || text == NULL ||
	    check_result(expect, res, k->cfg->tolerance, why, sizeof why))
		return; /* no path: the check says so, the line stays */
	k->it->upd_scen = 1;
	k->it->upd_value = res->cost;
	k->it->upd_changed = 1;
	update_scen_value(now, sizeof now, res->cost);
	update_note(k, "%s: optimal length %.*s -> %s", label, (int)e->opt_len,
	            text + e->opt_off, now);
	expect->cost = res->cost;
	expect->cost_decimals = 8;
}

/* Whether the map is the size the scenario line says; else the error is
 * said and the query reported as failed. */
static int scen_size_ok(sink *k, const char *label)
{
	const scen_entry *e = k->it->entry;
	const shared_map *sm = k->it->sm;
	const astar_grid *g = sm->m.grid;

	if (e->width == astar_grid_width(g) &&
	    e->height == astar_grid_height(g))
		return 1;
	diag_error(k->it->scen_name, e->line, 0,
	           "the scenario says the map is %dx%d, but %s is %dx%d",
	           (int)e->width, (int)e->height, display_name(sm->path),
	           (int)astar_grid_width(g), (int)astar_grid_height(g));
	query_error(k, label);
	return 0;
}

/* The report's scenario fields: the line's points and, as what is
 * expected, its optimal length with as many decimals as it was given. */
static void scen_report(query_report *q, map_expect *expect,
                        const scen_entry *e, const char *name)
{
	q->start = e->start;
	q->goal = e->goal;
	q->scen = name;
	q->line = e->line;
	memset(expect, 0, sizeof *expect);
	expect->has_cost = 1;
	expect->cost = e->optimal;
	expect->cost_decimals = e->decimals;
	q->expect = expect;
}

static void scen_query(sink *k, astar_ctx *ctx)
{
	const cli_config *cfg = k->cfg;
	const scen_entry *e = k->it->entry;
	const shared_map *sm = k->it->sm;
	const astar_grid *g = sm->m.grid;
	const char *name = k->it->scen_name;
	astar_options opts = config_scen_options(cfg);
	astar_result res;
	query_report q;
	map_expect expect;
	char label[LABEL_MAX];
	double t0, prep = 0;
	int timed;
	astar_status st;
	query_places places;

	scen_label(label, sizeof label, name, e->line);
	opts.landmarks = config_landmarks(cfg, sm->queries);
	if (!scen_size_ok(k, label))
		return;
	config_choose(cfg, ctx, g, &opts);
	places = on_line(e->line);
	if (valid_query(&opts, name, &places, "", g, &e->start, 1, &e->goal,
	                1) != 0) {
		query_error(k, label);
		return;
	}
	timed = scen_times_shown(cfg);
	prep = shared_prepare(k->b, k->it->sm, ctx, &opts);
	query_init(&q, cfg, display_name(sm->path), &sm->m, &opts, &res,
	           sm->load_us);
	t0 = timed ? now_us() : 0;
	if ((st = astar_search(ctx, g, e->start, e->goal, &opts, &res)) !=
	    ASTAR_OK) {
		diag_error(name, e->line, 0, "%s", astar_strerror(st));
		query_error(k, label);
		return;
	}
	q.search_us = timed ? now_us() - t0 : 0;
	q.prepared = 1;
	q.prepare_us = prep;
	scen_report(&q, &expect, e, name);
	if (cfg->update)
		update_scen_query(k, label, &expect, &res);
	emit(k, &q, label, 0);
}

/* A query of a scenario file, on its shared map. */
static void run_scen(sink *k, astar_ctx *ctx)
{
	shared_map *sm = k->it->sm;

	shared_acquire(k->b, sm, k->msgs);
	for (size_t i = 0; k->it->map_first && i < sm->msgs.n; i++)
		diag_list_add(k->msgs, &sm->msgs.v[i]);
	if (sm->nomem || k->msgs->nomem) {
		k->nomem = 1;
	} else if (!sm->ok) {
		/* The map's error is written once, by its first query; one
		 * line per query would only repeat it.  Each query fails,
		 * its report case saying why. */
		const scen_entry *e = k->it->entry;
		char label[LABEL_MAX];
		scen_label(label, sizeof label, k->it->scen_name, e->line);
		map_error_case(k, label, sm);
	} else {
		scen_query(k, ctx);
	}
	shared_release(k->b, sm);
}

/* Does one item on a lane, with this thread's diagnostics sent to the
 * lane's stream; the item is lost when memory ran out. */
void run_item(batch *b, item *it, lane *l)
{
	const cli_config *cfg = b->cfg;
	sink k;

	if (l->out == NULL) { /* the stream was lost */
		it->lost = 1;
		return;
	}
	memset(&k, 0, sizeof k);
	k.it = it;
	k.cfg = cfg;
	k.b = b;
	k.out = l->out;
	k.msgs = &it->msgs;
	diag_collect(k.msgs);
	switch (it->kind) {
	case ITEM_FILE:
		run_file(&k, l->ctx);
		break;
	case ITEM_SCEN:
		run_scen(&k, l->ctx);
		break;
	case ITEM_ERROR: /* never run: its message was written at planning */
		break;
	}
	diag_collect(NULL);
	if (lane_take(&l->out, &l->obuf, &l->olen, &it->out, &it->outlen) !=
	            0 ||
	    it->msgs.nomem || k.nomem)
		it->lost = 1;
}
