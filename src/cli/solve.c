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
#include "rules.h"
#include "update.h"

/* Where a query is written (the query, its start, its goal), for the
 * messages about it; all 0 when not known. */
typedef struct query_places {
	map_place query, start, goal;
} query_places;

/* The places of a query on one line (a scenario's). */
static query_places on_line(long line)
{
	query_places p;

	memset(&p, 0, sizeof p);
	p.query.line = p.start.line = p.goal.line = line;
	return p;
}

/*
 * Checks a query's start and goal against the map; `where` locates the
 * query in messages ("queries[2]: " or ""), and at in the file.  Reports
 * and returns -1.
 */
static int valid_query(const astar_options *opts, const char *name,
                       const query_places *at, const char *where,
                       const astar_grid *g, astar_point s, astar_point t)
{
	const char *what[2] = {"start", "goal"};
	astar_point p[2] = {s, t};
	const map_place *pl[2] = {&at->start, &at->goal};

	if (rule_jps_query(opts, g, name, at->query.line, at->query.col,
	                   where) != 0)
		return -1;
	for (int k = 0; k < 2; k++)
		if (!astar_grid_contains(g, p[k].x, p[k].y)) {
			diag_error(name, pl[k]->line, pl[k]->col,
			           "%s%s %d,%d is outside the %dx%d map", where,
			           what[k], (int)p[k].x, (int)p[k].y,
			           (int)astar_grid_width(g),
			           (int)astar_grid_height(g));
			return -1;
		}
	if (astar_grid_get(g, s.x, s.y) == 0) {
		diag_error(name, at->start.line, at->start.col,
		           "%sstart %d,%d is blocked", where, (int)s.x,
		           (int)s.y);
		return -1;
	}
	if (astar_grid_get(g, t.x, t.y) == 0 && !opts->adjacent &&
	    !opts->closest) {
		diag_error(
			name, at->goal.line, at->goal.col,
			"%sgoal %d,%d is blocked (use --adjacent to stop next to "
			"it, or --closest to get as near as possible)",
			where, (int)t.x, (int)t.y);
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

void update_note(sink *k, const char *fmt, ...)
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

/* The queries a map file holds, each checked, searched into res and
 * emitted; q is filled but for the query, opts the map's options. */
static void run_map_queries(sink *k, astar_ctx *ctx, const map *m,
                            query_report *q, const astar_options *opts,
                            astar_result *res, update_query *uq)
{
	const char *name = q->map_name;
	char label[LABEL_MAX], where[64];

	file_header(k, name);
	for (size_t i = 0; i < m->nqueries; i++) {
		const map_query *mq = &m->queries[i];
		astar_options qo = *opts;
		astar_status st;
		double t2;
		query_places at;
		snprintf(where, sizeof where, "queries[%zu]: ", i);
		query_label(label, sizeof label, name, mq, i);
		at.query.line = mq->line;
		at.query.col = mq->col;
		at.start = mq->start_at.line > 0 ? mq->start_at : at.query;
		at.goal = mq->goal_at.line > 0 ? mq->goal_at : at.query;
		qo.adjacent |= mq->adjacent;
		qo.closest |= mq->closest;
		qo.landmarks = config_landmarks(k->cfg, m->nqueries);
		q->opts = &qo;
		if (valid_query(&qo, name, &at, where, m->grid, mq->start,
		                mq->goal) != 0) {
			query_error(k, label);
			continue;
		}
		/* Several queries: the context's one-time work for the map
		 * is timed apart (see prepare). */
		q->prepared = m->nqueries > 1;
		if (q->prepared)
			q->prepare_us = prepare(ctx, m->grid, &qo);
		t2 = now_us();
		if ((st = astar_search(ctx, m->grid, mq->start, mq->goal, &qo,
		                       res)) != ASTAR_OK) {
			diag_error(name, mq->line, mq->col, "%s%s", where,
			           astar_strerror(st));
			query_error(k, label);
			continue;
		}
		q->search_us = now_us() - t2;
		q->start = mq->start;
		q->goal = mq->goal;
		q->query = (long)i;
		q->name = mq->name;
		q->at.line = mq->line;
		q->at.col = mq->col;
		q->expect = &mq->expect;
		if (uq != NULL && update_one(k, label, mq, res, &uq[i]) != 0)
			return; /* out of memory: the item is lost */
		if (uq != NULL)
			q->expect =
				&uq[i].e; /* checked as it will be written */
		/* Several blocks of one map: each says which query it
		 * draws. */
		if (m->nqueries > 1 && text_blocks_on(k->cfg)) {
			if (mq->name != NULL)
				fprintf(k->out, "%s", mq->name);
			else
				fprintf(k->out, "queries[%zu]", i);
			fprintf(k->out, ": %d,%d -> %d,%d\n", (int)mq->start.x,
			        (int)mq->start.y, (int)mq->goal.x,
			        (int)mq->goal.y);
		}
		emit(k, q, label, 1);
		if (i + 1 < m->nqueries && text_blocks_on(k->cfg))
			fputc('\n', k->out);
	}
}

/* The cell of --start or --goal (flag) on map m: its X,Y, the point its
 * @name picks, or the map's mark; 0, or -1 when there is none (reported). */
static int endpoint(const map *m, const char *name, const char *flag,
                    const char *ref, int given, astar_point cell,
                    astar_point *at)
{
	char msg[MAP_MSG_MAX];
	int goal = flag[2] == 'g';

	if (ref != NULL) {
		if (map_resolve_point(m, ref, at, msg, sizeof msg) == 0)
			return 0;
		diag_error(name, 0, 0, "%s: %s", flag, msg);
		return -1;
	}
	if (!given && !(goal ? m->has_goal : m->has_start)) {
		no_endpoint(name, m, goal ? "goal" : "start", goal ? 'G' : 'S');
		return -1;
	}
	/* X,Y are the editor's coordinates (an infinite map's grid starts
	 * where its tiles do). */
	if (given) {
		cell.x = (int32_t)(cell.x - m->ox);
		cell.y = (int32_t)(cell.y - m->oy);
	}
	*at = given ? cell : goal ? m->goal : m->start;
	return 0;
}

/* The one query of a map file: its marks, or --start and --goal; 0, or
 * -1 when it could not run (reported). */
static int run_map_query(sink *k, astar_ctx *ctx, const map *m, query_report *q,
                         astar_result *res, double t1)
{
	const cli_config *cfg = k->cfg;
	const char *name = q->map_name;
	astar_status st;
	query_places at;

	if (endpoint(m, name, "--start", cfg->start_name, cfg->has_start,
	             cfg->start, &q->start) != 0 ||
	    endpoint(m, name, "--goal", cfg->goal_name, cfg->has_goal,
	             cfg->goal, &q->goal) != 0)
		return -1;
	/* The places of the map's own start and goal, when it gives them
	 * ("start" and "goal" of a JSON map). */
	memset(&at, 0, sizeof at);
	if (!cfg->has_start && cfg->start_name == NULL)
		at.start = m->start_at;
	if (!cfg->has_goal && cfg->goal_name == NULL)
		at.goal = m->goal_at;
	if (valid_query(q->opts, name, &at, "", m->grid, q->start, q->goal) !=
	    0)
		return -1;
	if ((st = astar_search(ctx, m->grid, q->start, q->goal, q->opts,
	                       res)) != ASTAR_OK) {
		diag_error(name, 0, 0, "%s", astar_strerror(st));
		return -1;
	}
	q->search_us = now_us() - t1;
	file_header(k, name);
	emit(k, q, name, 1);
	return 0;
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
	int rc;

	if (load_map(k->b, k->it->path, k->it->level, &m) != 0 ||
	    apply_blocks(cfg, name, &m) != 0) {
		map_free(&m);
		query_error(k, name);
		return;
	}
	t1 = now_us();
	opts = cfg->opts;
	if (m.has_diagonal && !cfg->diagonal_given) {
		opts.diagonal = m.diagonal; /* the map's, unless overridden */
		rule_admissible(&opts, name);
	}
	query_init(&q, cfg, name, &m, &opts, &res, t1 - t0);
	if (refuse_map_queries(k, &m, name) ||
	    (cfg->update && refuse_update(&m, name))) {
		rc = -1;
	} else if (m.nqueries > 0 && !cfg->has_start && !cfg->has_goal) {
		update_query *uq = NULL;
		if (cfg->update &&
		    (uq = calloc(m.nqueries, sizeof *uq)) == NULL) {
			k->nomem = 1;
		} else {
			run_map_queries(k, ctx, &m, &q, &opts, &res, uq);
			k->it->upd_total += cfg->update ? m.nqueries : 0;
			if (uq != NULL && !k->nomem)
				update_file(k, name, uq, m.nqueries);
		}
		for (size_t i = 0; uq != NULL && i < m.nqueries; i++)
			update_query_free(&uq[i]);
		free(uq);
		rc = 0;
	} else {
		rc = run_map_query(k, ctx, &m, &q, &res, t1);
	}
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
	double t0, prep;
	astar_status st;
	query_places places;

	scen_label(label, sizeof label, name, e->line);
	opts.landmarks = config_landmarks(cfg, sm->queries);
	if (e->width != astar_grid_width(g) ||
	    e->height != astar_grid_height(g)) {
		diag_error(
			name, e->line, 0,
			"the scenario says the map is %dx%d, but %s is %dx%d",
			(int)e->width, (int)e->height, display_name(sm->path),
			(int)astar_grid_width(g), (int)astar_grid_height(g));
		query_error(k, label);
		return;
	}
	places = on_line(e->line);
	if (valid_query(&opts, name, &places, "", g, e->start, e->goal) != 0) {
		query_error(k, label);
		return;
	}
	prep = prepare(ctx, g, &opts);
	query_init(&q, cfg, display_name(sm->path), &sm->m, &opts, &res,
	           sm->load_us);
	t0 = now_us();
	if ((st = astar_search(ctx, g, e->start, e->goal, &opts, &res)) !=
	    ASTAR_OK) {
		diag_error(name, e->line, 0, "%s", astar_strerror(st));
		query_error(k, label);
		return;
	}
	q.search_us = now_us() - t0;
	q.prepared = 1;
	q.prepare_us = prep;
	q.start = e->start;
	q.goal = e->goal;
	q.scen = name;
	q.line = e->line;
	memset(&expect, 0, sizeof expect);
	expect.has_cost = 1;
	expect.cost = e->optimal;
	expect.cost_decimals = e->decimals;
	q.expect = &expect;
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
