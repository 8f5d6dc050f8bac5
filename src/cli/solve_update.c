/*
 * solve_update.c - --update as the queries are solved: each query's new
 * expectation kept and its diff noted, a JSON level rewritten by the
 * item that solved it once its queries are done, the map files that
 * have no place for expectations refused, and a scenario query's new
 * optimal length kept in its item (update_run.c writes the scenario
 * files after the results).  It sits below solve.c; the rewrites count
 * themselves in run_state.c, below, as pictures do.
 */
#include <stdarg.h>
#include <stdio.h>

#include "check.h"
#include "write/output.h"
#include "read/world_map.h"
#include "run_state.h"
#include "solve_update.h"

/* --update's note (a diff, on the output or standard error as --check's
 * mismatches, none with -q). */
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

/* --update: the new expectation of query mq (named label, qname in
 * file) from its result into u, its diff noted and what it left said;
 * 0, or -1 when out of memory. */
int update_one(sink *k, const char *label, const char *file,
               const char *qname, const map_query *mq,
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
	if (u->left)
		update_warn_left(file, mq->line, mq->col, qname, &mq->expect,
		                 res, u->left);
	return 0;
}

/* Whether --update cannot rewrite map file m (name): a format with no
 * place for expectations, no queries, or a file or folder that cannot
 * be written (each reported). */
int refuse_update(const map *m, const char *name)
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
	if (m->format == MAPFMT_VOXEL) {
		diag_error(name, 0, 0,
		           "a Moving AI voxel map has no place for "
		           "expectations; --update writes them into its "
		           "scenario file or the \"expect\" of a JSON voxel "
		           "level's \"queries\"");
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
	if ((m->world != NULL    ? m->world->nqueries
	     : m->vlevel != NULL ? m->vlevel->nqueries
	                         : m->nqueries) == 0) {
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
void update_file(sink *k, const char *name, update_query *uq, size_t n)
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

/* --update: a scenario query's new optimal length, when its cost is
 * not the one written (beyond the tolerance): noted, kept in the item,
 * and made the expectation it is checked against. */
void update_scen_query(sink *k, const char *label, map_expect *expect,
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
