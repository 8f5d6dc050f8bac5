/*
 * landmarks_bounds.c - choosing the landmarks a query uses: of the
 * tables' K landmarks, those whose bounds are the largest at the start
 * (the active landmarks), with the goal's entries and, for the
 * whole-number instance, the units the bounds are taken in.
 *
 * Done once a query, so apart from the search (landmarks.c), which
 * reads the result through landmarks_bounds.h.
 */
#include <math.h>
#include <string.h>

#include "landmarks_bounds.h"

/* Landmark l's bound (in quanta) between cell i and the goal. */
static int32_t lm_bound(const lm_query *q, const lm_table *t, size_t i, int l)
{
	const uint16_t *dn = t->d + i * (size_t)t->ntables;
	int32_t a, b;

	if (t->directed) {
		a = (int32_t)q->gv[2 * l] - dn[2 * l];
		b = (int32_t)dn[2 * l + 1] - q->gv[2 * l + 1];
	} else {
		a = (int32_t)q->gv[l] - dn[l];
		b = -a;
	}
	return a > b ? a : b;
}

/*
 * Chooses the landmarks a query uses: the LM_ACTIVE whose bounds are the
 * largest at the start (the best placed for this start and goal, as in
 * Goldberg and Harrelson's active landmarks).  The others seldom give
 * the largest bound, and each costs work at every cell generated.
 */
static void lm_choose(lm_query *q, const lm_table *t, size_t start)
{
	int32_t b[ASTAR_LANDMARKS_MAX];

	q->nact = 0;
	for (int l = 0; l < t->k; l++) {
		int32_t v = lm_bound(q, t, start, l);
		int at = q->nact < LM_ACTIVE ? q->nact++ : LM_ACTIVE;
		/* insertion into the sorted list, dropping the smallest */
		while (at > 0 && b[at - 1] < v) {
			if (at < LM_ACTIVE) {
				b[at] = b[at - 1];
				q->act[at] = q->act[at - 1];
			}
			at--;
		}
		if (at < LM_ACTIVE) {
			b[at] = v;
			q->act[at] = l;
		}
	}
}

/* The goal's entries and whether start and goal lie in the landmarks'
 * component (65535 in every table when not, so the first tells). */
static void lm_query_goal(lm_query *q, const lm_table *t, size_t start,
                          size_t goal)
{
	const uint16_t *ge = q->row + goal * q->rowlen;

	if (t->ab != NULL) {
		for (int l = 0; l < t->ntables; l++) {
			q->ga[l] = ge[l];
			q->gb[l] = ge[t->ntables + l];
			q->sg[l] = !t->directed ? 0.0f : l % 2 ? -1.0f : 1.0f;
		}
	} else {
		memcpy(q->gv, ge, (size_t)t->ntables * sizeof *q->gv);
	}
	q->use = ge[0] != LM_NONE && q->row[start * q->rowlen] != LM_NONE;
}

void lm_query_init(lm_query *q, const lm_table *t, const astar_grid *g,
                   const astar_options *o, size_t start, size_t goal,
                   astar_point gp)
{
	q->d = t->d;
	q->ab = t->ab;
	q->row = t->ab != NULL ? t->ab : t->d;
	q->rowlen = (size_t)t->ntables * (t->ab != NULL ? 2 : 1);
	q->k = t->k;
	q->ntables = t->ntables;
	lm_query_goal(q, t, start, goal);
	q->nact = 0;
	if (q->use && t->ab == NULL)
		lm_choose(q, t, start);
	q->q = t->q;
	q->kind = astar_effective_heuristic(o);
	q->tx = gp.x;
	q->ty = gp.y;
	q->scale = g->min_cost;
	q->weight = o->weight;
	q->all = t->k == (t->directed ? LM_AUTO_TERRAIN : LM_AUTO_COUNT);
	for (int l = 0; q->all && l < t->ntables; l++) {
		q->ma[l] = t->directed && l % 2 == 1 ? 0 : 0xffff;
		q->mb[l] = t->directed && l % 2 == 0 ? 0 : 0xffff;
	}
}

int lm_exact_ok(const astar_options *o)
{
	astar_heuristic kind = astar_effective_heuristic(o);

	return o->weight == 1.0 &&
	       (o->diagonal == ASTAR_DIAG_NEVER ? kind == ASTAR_H_MANHATTAN
	                                        : kind == ASTAR_H_OCTILE);
}

void lm_exact_units(lm_query *q, const astar_grid *g, int directed)
{
	int k = lm_units(g, directed, &q->one, &q->sqrt2);

	q->hmul = directed ? g->min_cost : 1;
	q->qx = (uint64_t)floor(q->q / (directed ? 1 : g->min_cost) *
	                        (double)q->one *
	                        (1.0 - ldexp(1.0, 1 - k) - 1e-12));
}
