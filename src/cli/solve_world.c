/*
 * solve_world.c - a map file that is a world of several floors: its
 * --start and --goal resolved to places X,Y,F (F a floor's number or
 * name) or @NAME, searched with astar_world_search (or flooded for
 * --distances), and written by output_world.c.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "driver.h"
#include "read/world_json.h"
#include "solve_world.h"
#include "write/output_world.h"

/* Flags that do not apply to a world yet: named, so nothing is silently
 * ignored. */
static const char *unsupported(const cli_config *cfg)
{
	if (cfg->nblocks > 0)
		return "--block";
	if (cfg->image != NULL)
		return "--image";
	if (cfg->update)
		return "--update";
	if (cfg->flow)
		return "--flow";
	return NULL;
}

/* Appends the places of the points named ref + 1 (the caller made room); -1 when there is none. */
static int append_points(const map_world *w, const char *ref,
                         astar_place *out, size_t *n)
{
	size_t before = *n;

	for (size_t k = 0; k < w->npoints; k++)
		if (strcmp(w->points[k].name, ref + 1) == 0)
			out[(*n)++] = w->points[k].at;
	return *n > before ? 0 : -1;
}

/* The places of every --start (goal 0) or --goal, or the world's mark;
 * 0, or -1 (reported). */
static int world_ends(const cli_config *cfg, const map_world *w,
                      const char *name, int goal, astar_place **out,
                      size_t *n)
{
	const endpoint_arg *a = goal ? cfg->goals : cfg->starts;
	size_t na = goal ? cfg->ngoals : cfg->nstarts;
	const char *flag = goal ? "--goal" : "--start";

	*n = 0;
	/* each argument adds one place, or every point at most */
	if ((*out = calloc((na + 1) * (w->npoints + 1), sizeof **out)) == NULL) {
		diag_error(name, 0, 0, "out of memory");
		return -1;
	}
	if (na == 0) {
		if (!(goal ? w->has_goal : w->has_start)) {
			diag_error(name, 0, 0, "no %s: mark one with %c or use %s=X,Y,F",
			           goal ? "goal" : "start", goal ? 'G' : 'S', flag);
			return -1;
		}
		(*out)[(*n)++] = goal ? w->goal : w->start;
		return 0;
	}
	for (size_t i = 0; i < na; i++) {
		astar_place p = {a[i].p.x, a[i].p.y, 0, 0};
		long f = 0;
		if (a[i].name != NULL) { /* every place of the name */
			if (append_points(w, a[i].name, *out, n) != 0) {
				diag_error(name, 0, 0, "%s: no point named '%s' in "
				           "this world", flag, a[i].name + 1);
				return -1;
			}
			continue;
		} else if (a[i].third == 0) {
			diag_error(name, 0, 0, "%s: '%s' names no floor: a world's "
			           "points are X,Y,F (F a floor's number or name)",
			           flag, a[i].arg);
			return -1;
		} else if (a[i].third == 1 ? (f = a[i].t) < 0 || (size_t)f >= w->nfloors
		                           : (f = map_world_floor(w, a[i].tname)) < 0) {
			diag_error(name, 0, 0, "%s: '%s': no such floor (the world's "
			           "are 0 to %zu)", flag, a[i].arg, w->nfloors - 1);
			return -1;
		}
		p.level = (uint32_t)f;
		if (!astar_grid_contains(w->floors[p.level].grid, p.x, p.y)) {
			diag_error(name, 0, 0, "%s: %d,%d lies outside floor '%s' (%d by %d)",
			           flag, (int)p.x, (int)p.y, w->floors[p.level].name,
			           astar_grid_width(w->floors[p.level].grid),
			           astar_grid_height(w->floors[p.level].grid));
			return -1;
		}
		(*out)[(*n)++] = p;
	}
	return 0;
}

static int search_failed(const char *name, astar_status st,
                         const astar_place *ss, const astar_place *ts,
                         const map_world *w)
{
	if (st == ASTAR_ESTART_BLOCKED)
		diag_error(name, 0, 0, "start %d,%d,%s is blocked", (int)ss[0].x,
		           (int)ss[0].y, w->floors[ss[0].level].name);
	else if (st == ASTAR_EGOAL_BLOCKED)
		diag_error(name, 0, 0, "goal %d,%d,%s is blocked", (int)ts[0].x,
		           (int)ts[0].y, w->floors[ts[0].level].name);
	else if (st == ASTAR_EUNSUPPORTED)
		diag_error(name, 0, 0, "%s: a world of several floors is searched "
		           "by A*, Dijkstra, BFS or greedy, one cell per agent, "
		           "without --wrap", astar_strerror(st));
	else
		diag_error(name, 0, 0, "%s", astar_strerror(st));
	return -1;
}

/* Writes r; 0, or -1 when the stream failed. */
static int write_result(sink *k, world_report *q)
{
	int rc = 0;

	if (k->cfg->quiet)
		return 0;
	if (q->dist != NULL)
		rc = output_world_distances(k->out, q, k->cfg->format == FORMAT_JSON);
	else if (k->cfg->format == FORMAT_JSON)
		rc = output_world_json(k->out, q);
	else
		rc = output_world_text(k->out, q);
	if (rc != 0)
		k->nomem = 1;
	return rc;
}

int run_world(sink *k, astar_ctx *ctx, const map *m, const char *name,
              double t0)
{
	const cli_config *cfg = k->cfg;
	const map_world *w = m->world;
	astar_options o = cfg->opts;
	astar_place *ss = NULL, *ts = NULL;
	size_t ns = 0, nt = 0;
	astar_world_result r;
	astar_world_flood_result f;
	world_report q;
	astar_status st;
	const char *flag = unsupported(cfg);
	double t1 = now_us();
	int rc = -1;

	if (flag != NULL) {
		diag_error(name, 0, 0, "%s does not apply to a world of several "
		           "floors", flag);
		return -1;
	}
	if (m->has_diagonal && !cfg->diagonal_given)
		o.diagonal = m->diagonal;
	memset(&q, 0, sizeof q);
	q.map_name = name;
	q.w = w;
	q.opts = &o;
	q.res = &r;
	q.timing = cfg->timing;
	q.no_path = cfg->no_path;
	q.load_us = t1 - t0;
	if (world_ends(cfg, w, name, 0, &ss, &ns) != 0 ||
	    (!cfg->distances && world_ends(cfg, w, name, 1, &ts, &nt) != 0))
		goto out;
	q.start = ss[0];
	if (cfg->distances) {
		st = astar_world_flood(ctx, w->world, ss, ns, &o, &f);
		q.dist = &f;
	} else {
		q.goal = ts[0];
		st = astar_world_search(ctx, w->world, ss, ns, ts, nt, &o, &r);
	}
	if (st != ASTAR_OK) {
		search_failed(name, st, ss, ts, w);
		goto out;
	}
	q.search_us = now_us() - t1;
	if (!cfg->distances && r.found) {
		q.start = ss[r.start_index];
		q.goal = ts[r.goal_index];
	}
	file_header(k, name);
	rc = write_result(k, &q);
	if (!cfg->distances && !r.reached_goal && k->it->status < EXIT_NOPATH)
		k->it->status = EXIT_NOPATH;
out:
	free(ss);
	free(ts);
	return rc;
}
