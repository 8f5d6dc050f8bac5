/*
 * reach.c - a level's reachability assertions ("reach") and its region
 * count ("expect": {"regions": N}), checked by --check.
 *
 * Each assertion costs one flood from its sources (astar_flood), however
 * many targets it names: a target is reached when the flood gave it a
 * cost.  The region count is astar_regions' (astar_heights_regions' on
 * a level with heights).  Each is reported as a
 * query is: a failure's line names it and up to REACH_LIST_MAX of the
 * targets at fault, then how many more; every one is a case of the
 * JUnit and TAP reports.  With --image a failed assertion is drawn:
 * the flood from its sources as a heat map, its targets at fault red,
 * numbered after the level's queries (%d).  They are hand-written:
 * --update never records them, and says so of one that fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "update.h"

/* The most targets a failure message lists. */
#define REACH_LIST_MAX 10

/* Appends " X,Y" to buf when there is room. */
static void add_cell(char *buf, size_t size, astar_point p)
{
	size_t n = strlen(buf);

	if (n + 1 < size)
		snprintf(buf + n, size - n, " %d,%d", (int)p.x, (int)p.y);
}

/* Whether cell p is one "*" names: open for the agent (the flood's
 * grid, which the agent size derives, is not the map's). */
static int open_for(const astar_grid *fp, astar_point p)
{
	return astar_grid_get(fp, p.x, p.y) != 0;
}

/* Appends p to the list *a of *n cells (for the picture); -1 when out of
 * memory. */
static int keep(astar_point **a, size_t *n, astar_point p)
{
	astar_point *b = realloc(*a, (*n + 1) * sizeof *b);

	if (b == NULL)
		return -1;
	*a = b;
	b[(*n)++] = p;
	return 0;
}

/* A failed assertion's picture: its flood f, its targets at fault. */
static void draw_failure(sink *k, const map *m, const astar_options *o,
                         const char *name, size_t i,
                         const astar_flood_result *f, const astar_point *bad,
                         size_t nbad)
{
	query_report q;

	memset(&q, 0, sizeof q);
	q.map_name = name;
	q.map = m;
	q.opts = o;
	q.dist = f;
	q.start = m->reach[i].from[0];
	q.starts = m->reach[i].from;
	q.nstarts = m->reach[i].nfrom;
	q.marks = bad;
	q.nmarks = nbad;
	q.query = (long)(m->nqueries + i);
	if (k->cfg->image != NULL)
		emit_image(k, &q);
	html_picture(k, &q);
}

/* The targets of one assertion counted so far: how many, how many at
 * fault, the first of those in words, and every one for --image. */
typedef struct reach_tally {
	size_t targets, bad;
	char cells[256];
	astar_point *all; /* every target at fault, for --image */
	size_t nall;
	int draw;
} reach_tally;

/* Counts target p, at fault when the flood f says otherwise than the
 * assertion r. */
static void tally_target(reach_tally *t, const map_reach *r,
                         const astar_flood_result *f, astar_point p)
{
	t->targets++;
	if ((f->dist[(size_t)p.y * f->width + p.x] >= 0) == r->reachable)
		return;
	if (t->bad++ < REACH_LIST_MAX)
		add_cell(t->cells, sizeof t->cells, p);
	if (t->draw && keep(&t->all, &t->nall, p) != 0)
		t->draw = 0;
}

/* "*": every cell open for the agent is a target.  -1 when the agent's
 * footprint could not be made (reported). */
static int tally_every_open(reach_tally *t, const map *m,
                            const astar_options *o, const char *name, size_t i,
                            const astar_flood_result *f)
{
	const map_reach *r = &m->reach[i];
	astar_grid *fp = NULL;
	astar_status st;

	if (r->all && o->size > 1 &&
	    (fp = astar_grid_footprint(m->grid, o->size, o->wrap, &st)) ==
	            NULL) {
		diag_error(name, 0, 0, "reach[%zu]: %s", i, astar_strerror(st));
		return -1;
	}
	for (int32_t y = 0; r->all && y < f->height; y++)
		for (int32_t x = 0; x < f->width; x++) {
			astar_point p = {x, y};
			if (open_for(fp ? fp : m->grid, p))
				tally_target(t, r, f, p);
		}
	astar_grid_free(fp);
	return 0;
}

/* The failure line of assertion r: counts, then the targets at fault. */
static void describe_failure(char *why, size_t whysz, const map_reach *r,
                             const reach_tally *t)
{
	snprintf(why, whysz, "%zu of %zu targets %s from %s:%s%s", t->bad,
	         t->targets, r->reachable ? "unreachable" : "reachable",
	         r->from_text, t->cells, t->bad > REACH_LIST_MAX ? " ..." : "");
	if (t->bad > REACH_LIST_MAX) {
		size_t n = strlen(why);
		snprintf(why + n, whysz - n, " and %zu more",
		         t->bad - REACH_LIST_MAX);
	}
}

/* Checks assertion i; fills why (when it fails) and returns 1 when it
 * holds, 0 when not, -1 when it could not run (reported). */
static int check_reach(sink *k, astar_ctx *ctx, const map *m,
                       const astar_options *o, const char *name, size_t i,
                       char *why, size_t whysz)
{
	const map_reach *r = &m->reach[i];
	astar_flood_result f;
	astar_status st;
	reach_tally t;

	memset(&t, 0, sizeof t);
	t.draw = k->cfg->image != NULL || k->cfg->html != NULL;
	astar_heights hm = {m->heights, k->cfg->max_climb, k->cfg->max_drop};
	st = m->heights != NULL
	             ? astar_heights_flood(ctx, m->grid, &hm, r->from, r->nfrom,
	                                   o, &f)
	             : astar_flood(ctx, m->grid, r->from, r->nfrom, o, &f);
	if (st != ASTAR_OK) {
		/* At the entry, as its failure would be reported. */
		diag_error(name, r->at.line, r->at.col,
		           "reach[%zu]: from %s: %s", i, r->from_text,
		           astar_strerror(st));
		return -1;
	}
	if (tally_every_open(&t, m, o, name, i, &f) != 0)
		return -1;
	for (size_t n = 0; n < r->nto; n++)
		tally_target(&t, r, &f, r->to[n]);
	if (t.bad == 0)
		return 1;
	if (t.draw)
		draw_failure(k, m, o, name, i, &f, t.all, t.nall);
	free(t.all);
	describe_failure(why, whysz, r, &t);
	return 0;
}

/* Checks the region count; as check_reach. */
static int check_regions(sink *k, astar_ctx *ctx, const map *m,
                         const astar_options *o, const char *name, char *why,
                         size_t whysz)
{
	astar_heights hm = {m->heights, k->cfg->max_climb, k->cfg->max_drop};
	size_t n;
	astar_status st;

	st = m->heights != NULL
	             ? astar_heights_regions(ctx, m->grid, &hm, o, &n, NULL)
	             : astar_regions(ctx, m->grid, o, &n, NULL);
	if (st != ASTAR_OK) {
		diag_error(name, 0, 0, "expect.regions: %s",
		           astar_strerror(st));
		return -1;
	}
	if (n == (size_t)m->regions)
		return 1;
	snprintf(why, whysz, "expected %ld region%s, got %zu", m->regions,
	         m->regions == 1 ? "" : "s", n);
	return 0;
}

/* Where check i of the level is written (a reach, or the regions). */
static const map_place *at_of(const map *m, size_t i)
{
	return i < m->nreach ? &m->reach[i].at : &m->regions_at;
}

void run_level_checks(sink *k, astar_ctx *ctx, const map *m,
                      const astar_options *o, const char *name)
{
	char label[LABEL_MAX], why[512], what[48];

	for (size_t i = 0; i <= m->nreach; i++) {
		double t = now_us();
		int ok;

		if (i == m->nreach && !m->has_regions)
			break;
		why[0] = '\0';
		if (i < m->nreach)
			snprintf(what, sizeof what, "reach[%zu]", i);
		else
			snprintf(what, sizeof what, "expect.regions");
		snprintf(label, sizeof label, "%s: %s", name, what);
		if (i < m->nreach) {
			ok = check_reach(k, ctx, m, o, name, i, why,
			                 sizeof why);
		} else {
			ok = check_regions(k, ctx, m, o, name, why, sizeof why);
		}
		if (ok < 0)
			query_error(k, label);
		else
			check_case(k, name, at_of(m, i), label, ok, why,
			           now_us() - t);
		/* A level's checks are hand-written: never recorded. */
		if (ok == 0 && k->cfg->update)
			update_warn_kept(name, at_of(m, i)->line,
			                 at_of(m, i)->col, what);
	}
}
