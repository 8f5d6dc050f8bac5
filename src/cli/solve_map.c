/*
 * solve_map.c - the queries of a map file: the list it holds (those
 * --only chooses, each checked, searched, its expectation updated with
 * --update and handed to emit.c), or its one query (its marks, or --start and --goal), or
 * with --distances the distance map from its starts.  solve.c, above,
 * reads the map and chooses among these; the starts and goals
 * are endpoints.c's, --update's part solve_update.c's, both below.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "endpoints.h"
#include "solve_map.h"
#include "solve_update.h"

/* One search: astar_search, or astar_search_many for several starts or
 * goals; on a map with heights astar_heights_search. */
static astar_status search_query(astar_ctx *ctx, const cli_config *cfg,
                                 const map *m,
                                 const astar_point *s, size_t ns,
                                 const astar_point *t, size_t nt,
                                 const astar_options *opts, astar_result *res)
{
	const astar_grid *g = m->grid;

	if (m->heights != NULL) {
		astar_heights hm = {m->heights, cfg->max_climb, cfg->max_drop};
		return astar_heights_search(ctx, g, &hm, s, ns, t, nt, opts, res);
	}
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

/* The name of a map file's query i (mq): its "name", else "queries[i]";
 * and in its text line, its check's messages and the reports "FILE:
 * NAME". */
static void query_label(char *buf, size_t n, char *qname, size_t qn,
                        const char *file, const map_query *mq, size_t i)
{
	if (mq->name != NULL) {
		snprintf(qname, qn, "%s", mq->name);
		snprintf(buf, n, "%s: %s", file, mq->name);
	} else {
		snprintf(qname, qn, "queries[%zu]", i);
		snprintf(buf, n, "%s: queries[%zu]", file, i);
	}
}

/* Where the messages about query mq point: its own place, or its
 * start's or goal's when the file gives them one. */
static query_places places_of(const map *m, const map_query *mq)
{
	query_places at;

	memset(&at, 0, sizeof at);
	at.ox = m->ox;
	at.oy = m->oy;
	at.map = m;
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
	if (m->heights != NULL && k->cfg->algo_auto)
		qo->algorithm = ASTAR_ALGO_ASTAR; /* JPS takes no heights */
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
	q->start_given = q->goal_given = 1;
	q->name = mq->name;
	q->at.line = mq->line;
	q->at.col = mq->col;
	q->expect = &mq->expect;
}

/* Several blocks of one map: each says which query it draws, and of
 * which file when the run has several inputs. */
static void block_heading(sink *k, const char *file, const map_query *mq,
                          size_t i)
{
	if (k->it->ninputs > 1) {
		diag_fputs(k->out, file); /* an LDtk level's identifier */
		fputs(": ", k->out);
	}
	if (mq->name != NULL)
		fprintf(k->out, "%s", mq->name);
	else
		fprintf(k->out, "queries[%zu]", i);
	fprintf(k->out, ": %d,%d -> %d,%d\n", (int)mq->start.x,
	        (int)mq->start.y, (int)mq->goal.x, (int)mq->goal.y);
}

/* A query's "block": its cells made walls (set 1), their costs kept in
 * saved, or given back (set 0).  The grid is the item's own; the
 * library sees the change (JPS's maps are rebuilt). */
static int query_blocks(const map_query *mq, astar_grid *g, uint8_t **saved,
                        int set)
{
	if (mq->nblocks == 0)
		return 0;
	if (set && (*saved = malloc(mq->nblocks)) == NULL)
		return -1;
	for (size_t k = 0; k < mq->nblocks; k++)
		if (set)
			(*saved)[k] = astar_grid_get(g, mq->blocks[k].x,
			                             mq->blocks[k].y);
	/* Given back last to first: a cell named twice gets its own. */
	for (size_t k = mq->nblocks; k-- > 0;)
		astar_grid_set(g, mq->blocks[k].x, mq->blocks[k].y,
		               set ? 0 : (*saved)[k]);
	if (!set) {
		astar_grid_recount(g);
		free(*saved);
		*saved = NULL;
	}
	return 0;
}

/* Query i of the map's list, as run_map_queries (with a heading when
 * it is one of several, a blank line after it unless it is the last);
 * -1 when out of memory (the item is lost), else 0. */
static int run_blocked_query(sink *k, astar_ctx *ctx, const map *m,
                             query_report *q, const astar_options *opts,
                             astar_result *res, update_query *uq, size_t i,
                             int several, int gap);

static int run_listed_query(sink *k, astar_ctx *ctx, const map *m,
                            query_report *q, const astar_options *opts,
                            astar_result *res, update_query *uq, size_t i,
                            int several, int gap)
{
	const map_query *mq = &m->queries[i];
	const astar_point *blocks = q->blocks;
	size_t nblocks = q->nblocks;
	uint8_t *saved = NULL;
	int rc;

	if (query_blocks(mq, m->grid, &saved, 1) != 0) {
		k->nomem = 1;
		return -1;
	}
	if (mq->nblocks > 0) { /* drawn as --block's are */
		q->blocks = mq->blocks;
		q->nblocks = mq->nblocks;
	}
	rc = run_blocked_query(k, ctx, m, q, opts, res, uq, i, several, gap);
	query_blocks(mq, m->grid, &saved, 0);
	q->blocks = blocks;
	q->nblocks = nblocks;
	return rc;
}

/* run_listed_query with the query's blocks in place. */
static int run_blocked_query(sink *k, astar_ctx *ctx, const map *m,
                             query_report *q, const astar_options *opts,
                             astar_result *res, update_query *uq, size_t i,
                             int several, int gap)
{
	const char *name = q->map_name;
	char label[LABEL_MAX], qname[LABEL_MAX], where[64];
	const map_query *mq = &m->queries[i];
	astar_options qo = *opts;
	astar_status st;
	double t2;
	query_places at;
	snprintf(where, sizeof where, "queries[%zu]: ", i);
	query_label(label, sizeof label, qname, sizeof qname, name, mq, i);
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
	if ((st = search_query(ctx, k->cfg, m, ss, ns, ts, nt, &qo, res)) !=
	    ASTAR_OK) {
		diag_error(name, mq->line, mq->col, "%s%s", where,
		           astar_strerror(st));
		query_error(k, label);
		return 0;
	}
	q->search_us = now_us() - t2;
	report_listed(q, mq, i, ss, ns, ts, nt, res);
	if (uq != NULL &&
	    update_one(k, label, name, qname, mq, res, &uq[i]) != 0)
		return -1; /* out of memory: the item is lost */
	if (uq != NULL) {
		q->before = q->expect; /* a picture shows old and new */
		q->expect = &uq[i].e;  /* checked as it will be written */
	}
	if (several && text_blocks_on(k->cfg))
		block_heading(k, name, mq, i);
	emit(k, q, label, 1);
	if (gap && text_blocks_on(k->cfg))
		fputc('\n', k->out);
	return 0;
}

/* Whether --only chooses query mq: every query without --only, else a
 * named one that a pattern matches (each pattern that does is marked,
 * for the run's end to say which matched nothing). */
int only_chosen(sink *k, const map_query *mq)
{
	const cli_config *cfg = k->cfg;
	int hit = 0;

	if (cfg->nonly == 0)
		return 1;
	for (size_t j = 0; mq->name != NULL && j < cfg->nonly; j++)
		if (fnmatch(cfg->only[j], mq->name, 0) == 0) {
			atomic_store_explicit(&k->b->only_hit[j], 1,
			                      memory_order_relaxed);
			hit = 1;
		}
	return hit;
}

/* The queries a map file holds (those --only chooses), each checked,
 * searched into res and emitted, a heading and a blank line between
 * them when there are several; q is filled but for the query, opts the
 * map's options.  Returns how many ran. */
static size_t run_map_queries(sink *k, astar_ctx *ctx, const map *m,
                              query_report *q, const astar_options *opts,
                              astar_result *res, update_query *uq)
{
	size_t n = 0, ran = 0;

	for (size_t i = 0; i < m->nqueries; i++)
		n += only_chosen(k, &m->queries[i]);
	if (n <= 1) /* else each query's heading names the file */
		file_header(k, q->map_name);
	for (size_t i = 0; i < m->nqueries; i++) {
		if (!only_chosen(k, &m->queries[i]))
			continue;
		ran++;
		if (run_listed_query(k, ctx, m, q, opts, res, uq, i, n > 1,
		                     ran < n) != 0)
			break;
	}
	return n;
}

/* The map's own queries, run; with --update their new expectations
 * are kept and the file rewritten when one changed. */
void run_queries_and_update(sink *k, astar_ctx *ctx, const map *m,
                            query_report *q, const astar_options *opts,
                            astar_result *res, const char *name)
{
	const cli_config *cfg = k->cfg;
	update_query *uq = NULL;

	if (cfg->update && (uq = calloc(m->nqueries, sizeof *uq)) == NULL) {
		k->nomem = 1;
	} else {
		size_t n = run_map_queries(k, ctx, m, q, opts, res, uq);
		k->it->upd_total += cfg->update ? (unsigned)n : 0;
		if (uq != NULL && !k->nomem)
			update_file(k, name, uq, m->nqueries);
	}
	for (size_t i = 0; uq != NULL && i < m->nqueries; i++)
		update_query_free(&uq[i]);
	free(uq);
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
	at.map = m;
	if (k->cfg->nstarts == 0)
		at.start = m->start_at;
	if (k->cfg->ngoals == 0)
		at.goal = m->goal_at;
	if (valid_query(q->opts, name, &at, "", m->grid, *ss, ns, *ts, nt) != 0)
		return -1;
	if ((st = search_query(ctx, k->cfg, m, *ss, ns, *ts, nt, q->opts, res)) !=
	    ASTAR_OK) {
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
int run_map_query(sink *k, astar_ctx *ctx, const map *m, query_report *q,
                  astar_result *res, double t1, astar_point **ss,
                  astar_point **ts)
{
	const astar_options *given = q->opts;
	astar_options o = *given;
	int rc;

	config_choose(k->cfg, ctx, m->grid, &o);
	if (m->heights != NULL && k->cfg->algo_auto)
		o.algorithm = ASTAR_ALGO_ASTAR; /* JPS takes no heights */
	q->opts = &o;
	rc = run_one_query(k, ctx, m, q, res, t1, ss, ts);
	q->opts = given;
	return rc;
}

/* --distances: the distance map (and flow field) from the starts, or
 * the map's start; 0, or -1 when it could not run (reported).  The
 * starts are kept in *ss, which the caller frees. */
int run_distances(sink *k, astar_ctx *ctx, const map *m, query_report *q,
                  double t1, astar_point **ss)
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
	at.map = m;
	if (cfg->nstarts == 0)
		at.start = m->start_at;
	if (endpoints(cfg, m, name, 0, ss, &ns) != 0 ||
	    valid_query(q->opts, name, &at, "", m->grid, *ss, ns, NULL, 0) != 0)
		return -1;
	astar_heights hm = {m->heights, cfg->max_climb, cfg->max_drop};
	st = m->heights != NULL
	             ? astar_heights_flood(ctx, m->grid, &hm, *ss, ns, q->opts, &f)
	             : astar_flood(ctx, m->grid, *ss, ns, q->opts, &f);
	if (st != ASTAR_OK) {
		diag_error(name, 0, 0, "%s", astar_strerror(st));
		return -1;
	}
	q->search_us = now_us() - t1;
	q->start = (*ss)[0];
	q->starts = *ss;
	q->nstarts = ns;
	q->dist = &f;
	q->flow = cfg->flow;
	file_header(k, name);
	if (cfg->format == FORMAT_JSON)
		rc = output_json_distances(k->out, q, &f, cfg->flow);
	else
		rc = output_text_distances(k->out, q, &f, cfg->flow);
	if (rc != 0 && ferror(k->out))
		k->nomem = 1;
	else if (rc != 0)
		diag_error(name, 0, 0, "out of memory");
	if (rc == 0 && cfg->image != NULL && !cfg->image_failed)
		emit_image(k, q); /* a distance map fails no check */
	q->dist = NULL;
	return rc == 0 ? 0 : -1;
}
