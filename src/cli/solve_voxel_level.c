/*
 * solve_voxel_level.c - what a JSON voxel level adds to its queries and
 * checks (solve_voxel.c runs them): a query's own blocked voxels put in
 * place and given back, its starts and goals judged on the voxels, the
 * queries --only chooses, --update's record of a query's result (by the
 * grid's rules, solve_update.c), and the level's reach and region
 * checks (--check), which --update leaves as written and warns of.
 */
#include <stdlib.h>
#include <string.h>

#include "solve_map.h"
#include "solve_update.h"
#include "solve_voxel_level.h"

/* The index of p in the flood's array, and whether the voxel at index
 * t of it is open. */
static size_t vox_flat_index(const astar_voxels *v, astar_place p)
{
	return ((size_t)p.z * (size_t)astar_voxels_height(v) + (size_t)p.y) *
	               (size_t)astar_voxels_width(v) +
	       (size_t)p.x;
}

static int voxel_open_flat(const astar_voxels *v, size_t t)
{
	size_t w = (size_t)astar_voxels_width(v),
	       h = (size_t)astar_voxels_height(v);

	return astar_voxels_get(v, (int32_t)(t % w), (int32_t)(t / w % h),
	                        (int32_t)(t / (w * h))) != 0;
}

/* --update: query mq's (number i) new expectation from its result res
 * into u, by the grid's rules (update_one); 0, or -1 out of memory. */
int update_vquery(sink *k, const char *label, const char *file,
                  const map_vquery *mq, size_t i, const astar_result *res,
                  update_query *u)
{
	map_query gq;
	char qname[LABEL_MAX];

	memset(&gq, 0, sizeof gq);
	gq.expect = mq->expect;
	gq.line = mq->at.line;
	gq.col = mq->at.col;
	if (mq->name != NULL)
		snprintf(qname, sizeof qname, "%s", mq->name);
	else
		snprintf(qname, sizeof qname, "queries[%zu]", i);
	return update_one(k, label, file, qname, &gq, res, u);
}

/* A query's "block": its voxels made blocked (set 1), their costs kept
 * in saved, or given back (set 0), last to first so that a voxel named
 * twice gets its own.  0, or -1 out of memory. */
int vquery_blocks(const map_vquery *mq, astar_voxels *v, uint8_t **saved,
                  int set)
{
	if (mq->nblocks == 0)
		return 0;
	if (set && (*saved = malloc(mq->nblocks)) == NULL)
		return -1;
	for (size_t k = 0; set && k < mq->nblocks; k++)
		(*saved)[k] = astar_voxels_get(
			v, mq->blocks[k].x, mq->blocks[k].y, mq->blocks[k].z);
	for (size_t k = mq->nblocks; k-- > 0;)
		astar_voxels_set(v, mq->blocks[k].x, mq->blocks[k].y,
		                 mq->blocks[k].z, set ? 0 : (*saved)[k]);
	if (!set) {
		free(*saved);
		*saved = NULL;
	}
	return 0;
}

/* Whether query mq (where: "queries[i]: ") can run on v, its blocks in
 * place: its starts open, its goals open unless it stops next to or
 * near them, and adjacent and closest with one of each (reported at
 * the query, its start or its goal). */
int valid_vquery(const map_vquery *mq, const astar_voxels *v, const char *name,
                 const char *where, const astar_options *o,
                 const astar_place *ss, size_t ns, const astar_place *ts,
                 size_t ng)
{
	int near = o->adjacent || o->closest;

	if (near && (ns > 1 || ng > 1)) {
		diag_error(name, mq->at.line, mq->at.col,
		           "%s%s cannot be used with several %s (%zu given): "
		           "give one start and one goal, or make each pair "
		           "its own query",
		           where, o->adjacent ? "adjacent" : "closest",
		           ng > 1 ? "goals" : "starts", ng > 1 ? ng : ns);
		return -1;
	}
	for (size_t k = 0; k < ns + ng; k++) {
		int goal = k >= ns;
		const astar_place *p = goal ? &ts[k - ns] : &ss[k];
		map_place at = goal ? mq->goal_at : mq->start_at;
		if ((goal && near) ||
		    astar_voxels_get(v, p->x, p->y, p->z) != 0)
			continue;
		if (at.line == 0)
			at = mq->at;
		diag_error(name, at.line, at.col,
		           "%s%s %d,%d,%d is a blocked voxel", where,
		           goal ? "goal" : "start", (int)p->x, (int)p->y,
		           (int)p->z);
		return -1;
	}
	return 0;
}

/* Whether --only chooses query mq (every query without it). */
int vonly_chosen(sink *k, const map_vquery *mq)
{
	map_query gq;

	memset(&gq, 0, sizeof gq);
	gq.name = mq->name;
	return only_chosen(k, &gq);
}

/* A level's reach assertions (--check): one flood from each source. */
void voxel_reach(sink *k, astar_ctx *ctx, const map *m, const char *name,
                 const astar_options *o)
{
	const map_voxel_level *vl = m->vlevel;
	astar_options fo = *o;
	char label[LABEL_MAX], why[256];

	fo.algorithm = ASTAR_ALGO_DIJKSTRA;
	for (size_t i = 0; vl != NULL && i < vl->nreach; i++) {
		const map_vreach *r = &vl->reach[i];
		const double *dist;
		size_t reached, missed = 0, total = 0;
		double t0 = now_us();
		snprintf(label, sizeof label, "%s: reach[%zu]", name, i);
		if (astar_voxels_get(m->voxels, r->from.x, r->from.y,
		                     r->from.z) == 0 ||
		    astar_voxels_flood(ctx, m->voxels, &r->from, 1, &fo, &dist,
		                       &reached) != ASTAR_OK) {
			check_case(k, name, &r->at, label, 0,
			           "its source is a blocked voxel",
			           now_us() - t0);
			if (k->cfg->update)
				update_warn_kept(name, r->at.line, r->at.col,
				                 label + strlen(name) + 2);
			continue;
		}
		for (size_t t = 0; !r->all && t < r->nto; t++) {
			total++;
			missed += dist[vox_flat_index(m->voxels, r->to[t])] < 0;
		}
		if (r->all) {
			size_t n = (size_t)astar_voxels_width(m->voxels) *
			           (size_t)astar_voxels_height(m->voxels) *
			           (size_t)astar_voxels_depth(m->voxels);
			for (size_t t = 0; t < n; t++)
				total += dist[t] >= 0 ||
				         voxel_open_flat(m->voxels, t);
			missed = total - reached;
		}
		int ok = r->reachable ? missed == 0 : missed == total;
		snprintf(why, sizeof why, "%zu of %zu targets %s from %d,%d,%d",
		         r->reachable ? missed : total - missed, total,
		         r->reachable ? "unreachable" : "reachable",
		         (int)r->from.x, (int)r->from.y, (int)r->from.z);
		check_case(k, name, &r->at, label, ok, why, now_us() - t0);
		/* A level's checks are hand-written: never recorded. */
		if (!ok && k->cfg->update)
			update_warn_kept(name, r->at.line, r->at.col,
			                 label + strlen(name) + 2);
	}
}

/* A level's "expect": {"regions": N} (--check): the regions of open
 * voxels under the search's policy. */
void voxel_regions(sink *k, astar_ctx *ctx, const map *m, const char *name,
                   const astar_options *o)
{
	char label[LABEL_MAX], why[128];
	double t0 = now_us();
	size_t n;
	astar_status st;

	if (!m->has_regions)
		return;
	snprintf(label, sizeof label, "%s: expect.regions", name);
	st = astar_voxels_regions(ctx, m->voxels, o, &n, NULL);
	if (st != ASTAR_OK) {
		diag_error(name, m->regions_at.line, m->regions_at.col,
		           "expect.regions: %s", astar_strerror(st));
		query_error(k, label);
		return;
	}
	snprintf(why, sizeof why, "expected %ld region%s, got %zu", m->regions,
	         m->regions == 1 ? "" : "s", n);
	check_case(k, name, &m->regions_at, label, n == (size_t)m->regions, why,
	           now_us() - t0);
	if (n != (size_t)m->regions && k->cfg->update)
		update_warn_kept(name, m->regions_at.line, m->regions_at.col,
		                 "expect.regions");
}
