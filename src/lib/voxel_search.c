/*
 * voxel_search.c - A*, Dijkstra, breadth-first and greedy best-first
 * search on a voxel grid, from several starts to several goals, with the
 * adjacent and closest goal rules: one loop over the policy's 6 or 26
 * moves (voxel.c), on the context's records and heap as the grid's loop
 * (search_loop.c) uses them, a record's dir holding the parent's index.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "voxel.h"

#define SQRT3 1.73205080756887729353

/* The heuristic of an offset of dx, dy, dz voxels, one straight move
 * costing 1. */
static double vox_h(astar_heuristic kind, int32_t dx, int32_t dy, int32_t dz)
{
	double a = fabs((double)dx), b = fabs((double)dy), c = fabs((double)dz);
	double t;

	switch (kind) {
	case ASTAR_H_MANHATTAN:
		return a + b + c;
	case ASTAR_H_EUCLIDEAN:
		return sqrt(a * a + b * b + c * c);
	case ASTAR_H_CHEBYSHEV:
		return a > b ? (a > c ? a : c) : (b > c ? b : c);
	case ASTAR_H_OCTILE:
		/* sorted a <= b <= c: a corner moves, b - a edge moves,
		 * c - b face moves */
		if (a > b)
			t = a, a = b, b = t;
		if (b > c)
			t = b, b = c, c = t;
		if (a > b)
			t = a, a = b, b = t;
		return (c - b) + SQRT2 * (b - a) + SQRT3 * a;
	default:
		return 0.0;
	}
}

/* A query's goals: their padded indices with their positions in the
 * list, sorted for a binary search; and the heuristic toward them. */
typedef struct vgoal {
	size_t at, pos;
} vgoal;

typedef struct vquery {
	vgoal *goals;
	size_t ngoals;
	astar_heuristic kind;
	astar_place target[ASTAR_MANY_GOALS_H];
	int ntargets; /* 0: no heuristic */
	double scale, slack;
	int algo;
	int prune; /* successors pruned to the natural ones in open space */
} vquery;

static int vgoal_cmp(const void *a, const void *b)
{
	const vgoal *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The first position of goal index i in the list, or SIZE_MAX. */
static size_t goal_of(const vquery *q, size_t i)
{
	size_t lo = 0, hi = q->ngoals;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (q->goals[mid].at < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < q->ngoals && q->goals[lo].at == i ? q->goals[lo].pos
	                                              : SIZE_MAX;
}

static double heuristic_of(const vquery *q, astar_place p)
{
	double best = INFINITY;

	if (q->ntargets == 0)
		return 0.0;
	for (int k = 0; k < q->ntargets; k++) {
		double v = vox_h(q->kind, p.x - q->target[k].x,
		                 p.y - q->target[k].y, p.z - q->target[k].z);
		if (v < best)
			best = v;
	}
	best -= q->slack;
	return best > 0.0 ? best * q->scale : 0.0;
}

/* The checks of a query before it runs, in astar_search_many's order. */
static astar_status vcheck(const astar_voxels *v, const astar_place *starts,
                           size_t ns, const astar_place *goals, size_t ng,
                           const astar_options *o)
{
	astar_status st;

	if (!ctx_options_valid(o) || ns == 0 || ng == 0)
		return ASTAR_EINVAL;
	if ((st = vox_options_check(o, 0)) != ASTAR_OK)
		return st;
	if (o->algorithm == ASTAR_ALGO_JPS && !vox_jps_supported(v, o))
		return ASTAR_EUNSUPPORTED;
	if ((o->adjacent || o->closest) && (ns > 1 || ng > 1))
		return ASTAR_EUNSUPPORTED;
	for (size_t i = 0; i < ns; i++)
		if (!astar_voxels_contains(v, starts[i].x, starts[i].y,
		                           starts[i].z))
			return ASTAR_ERANGE;
	for (size_t i = 0; i < ng; i++)
		if (!astar_voxels_contains(v, goals[i].x, goals[i].y,
		                           goals[i].z))
			return ASTAR_ERANGE;
	for (size_t i = 0; i < ns; i++)
		if (astar_voxels_get(v, starts[i].x, starts[i].y,
		                     starts[i].z) == 0)
			return ASTAR_ESTART_BLOCKED;
	for (size_t i = 0; i < ng && !o->adjacent && !o->closest; i++)
		if (astar_voxels_get(v, goals[i].x, goals[i].y, goals[i].z) ==
		    0)
			return ASTAR_EGOAL_BLOCKED;
	return ASTAR_OK;
}

/* The goal set: the goals, or with adjacent the open voxels one legal
 * move from the goal (the goal seen as open), the heuristic then short
 * by at most one move (its slack). */
static astar_status vtargets(vquery *q, const astar_voxels *v,
                             const vox_moves *m, const astar_place *starts,
                             const astar_place *goals, size_t ng,
                             const astar_options *o)
{
	size_t n = 0;

	q->algo = o->algorithm;
	q->prune = o->algorithm == ASTAR_ALGO_JPS;
	if (q->prune)
		q->algo = ASTAR_ALGO_ASTAR;
	q->kind = astar_effective_heuristic(o);
	if (q->kind == ASTAR_H_DEFAULT)
		q->kind = ASTAR_H_OCTILE;
	q->scale = o->weight * v->min_cost;
	q->slack = 0.0;
	q->ntargets = ng <= ASTAR_MANY_GOALS_H ? (int)ng : 0;
	for (int k = 0; k < q->ntargets; k++)
		q->target[k] = goals[k];
	q->goals = malloc((ng > 26 ? ng : 26) * sizeof *q->goals);
	if (q->goals == NULL)
		return ASTAR_ENOMEM;
	if (o->adjacent) {
		size_t t = vox_index(v, goals[0].x, goals[0].y, goals[0].z);
		size_t s = vox_index(v, starts[0].x, starts[0].y, starts[0].z);
		for (int k = 0; k < m->nmoves; k++) {
			size_t a = t - (size_t)m->off[k];
			double h = vox_h(q->kind, m->dx[k], m->dy[k], m->dz[k]);
			if (h > q->slack)
				q->slack = h;
			/* The box's other voxels are never t itself. */
			if (v->cells[a] == 0)
				continue;
			int ok = 1;
			for (int b = 0; b < m->nbox[k]; b++)
				ok &= v->cells[a + (size_t)m->boxoff[k][b]] !=
				      0;
			if (ok)
				q->goals[n++] = (vgoal){a, 0};
		}
		if (s == t) { /* already there */
			q->goals[0] = (vgoal){s, 0};
			n = 1;
		}
	} else {
		for (size_t i = 0; i < ng; i++)
			q->goals[n++] =
				(vgoal){vox_index(v, goals[i].x, goals[i].y,
			                          goals[i].z),
			                i};
	}
	q->ngoals = n;
	qsort(q->goals, n, sizeof *q->goals, vgoal_cmp);
	return ASTAR_OK;
}

/* The nearest voxel to the goal expanded so far (closest). */
typedef struct vnearest {
	size_t at;
	double d2, g;
} vnearest;

static void near_update(vnearest *b, const astar_place *goal, astar_place p,
                        size_t i, double g)
{
	double dx = p.x - goal->x, dy = p.y - goal->y, dz = p.z - goal->z;
	double d2 = dx * dx + dy * dy + dz * dz;

	if (b->at == SIZE_MAX || d2 < b->d2 || (d2 == b->d2 && g < b->g)) {
		b->at = i;
		b->d2 = d2;
		b->g = g;
	}
}

/*
 * f rounded to a multiple of F_QUANTUM (below 2^22; above, a double's own
 * step is coarser).  Costs of 1, sqrt 2 and sqrt 3 summed in different
 * orders differ in their last bits, so without it the f of the voxels of
 * equally short paths would differ by those bits rather than tie, and A*
 * would expand every voxel whose sum happened to round low; tied, the
 * greater g goes first and A* follows one path.  A cost found can then be
 * above the least by less than F_QUANTUM.
 */
#define F_QUANTUM (1.0 / 1073741824.0) /* 2^-30 */

static double f_rounded(double f)
{
	const double r = 4194304.0; /* 2^22: its step is F_QUANTUM */

	return f < r ? (f + r) - r : f;
}

/* The key of voxel w reached at cost g (steps: its breadth-first depth),
 * with heuristic h. */
static heap_key vkey(const vquery *q, uint32_t w, double g, double steps,
                     double h)
{
	switch (q->algo) {
	case ASTAR_ALGO_BFS:
		return heap_make_key(w, steps, steps);
	case ASTAR_ALGO_GREEDY:
		return heap_make_key(w, h, g);
	default:
		return heap_make_key(w, f_rounded(g + h), g);
	}
}

/* found: the goal reached; once one is, A* and Dijkstra go on while
 * the open list's least f is its cost (limit), so that of the goals of
 * that cost the one given first is taken (fpos its position). */
typedef struct vrun {
	size_t found, fpos;
	double limit;
	vnearest near;
} vrun;

/* Voxel u, a goal at position p, reached at cost g: taken when it is
 * the first goal found, or ties it and was given before; nonzero when
 * the search ends here. */
static int goal_reached(const vquery *q, vrun *run, size_t u, size_t p,
                        double g)
{
	if (run->found == SIZE_MAX) {
		run->found = u;
		run->fpos = p;
		run->limit = f_rounded(g) + F_QUANTUM;
		return q->ngoals == 1 || (q->algo != ASTAR_ALGO_ASTAR &&
		                          q->algo != ASTAR_ALGO_DIJKSTRA);
	}
	if (g <= run->limit && p < run->fpos) {
		run->found = u;
		run->fpos = p;
	}
	return 0;
}

/*
 * The pruned search (--algorithm=jps): where all 26 neighbours of u are
 * open, u's successors are the natural ones of the move d that entered
 * it, the moves d' whose axes are some of d's, moved the same way.  Any
 * other d' is pruned, and rightly: inside that open 3 x 3 x 3 box the
 * parent p reaches u + d' either strictly cheaper than through u, or
 * (d a part of d') at the same cost by d' then d.  So, by induction on
 * the cost, of the cheapest last moves into any voxel on a shortest path
 * one with the fewest axes is never pruned: the costs are A*'s.  One
 * cost for every voxel is needed; voxels beside an obstacle, and the
 * starts, keep all their moves.
 */
static astar_status vloop(astar_ctx *ctx, const astar_voxels *v,
                          const vox_moves *m, const vquery *q,
                          const astar_options *o, const astar_place *goal0,
                          vox_arrays *va, vrun *run, astar_voxel_result *r)
{
	const uint8_t *cells = v->cells;
	node *nodes = ctx->nodes;
	uint32_t gen = ctx->gen;

	while (!heap_empty(&ctx->open)) {
		double steps = (double)0, fu;
		uint64_t fb = heap_key_hi(heap_top(&ctx->open));
		memcpy(&fu, &fb, sizeof fu);
		size_t u = heap_pop(&ctx->open);
		astar_place pu = vox_place(v, u);
		double gu = nodes[u].g;

		if (run->found != SIZE_MAX && fu > run->limit)
			return ASTAR_OK; /* no other goal of the cost found */
		ctx->pos[u] = CLOSED;
		if (o->explored) {
			if (vox_grow_places(&va->explored, &va->explored_cap,
			                    (size_t)r->expanded + 1) != 0)
				return ASTAR_ENOMEM;
			va->explored[r->expanded] = pu;
		}
		r->expanded++;
		size_t gp = goal_of(q, u);
		if (gp != SIZE_MAX) {
			if (goal_reached(q, run, u, gp, gu))
				return ASTAR_OK;
			continue;
		}
		if (o->closest)
			near_update(&run->near, goal0, pu, u, gu);
		if (q->algo == ASTAR_ALGO_BFS)
			steps = fu + 1.0;
		uint32_t open = vox_open_mask(m, cells, u);
		uint32_t cand = m->all;
		if (q->prune && open == m->all && nodes[u].dir != u)
			cand = m->natural[vox_move_from(m, v, nodes[u].dir, u)];
		for (; cand != 0; cand &= cand - 1) {
			int k = (int)port_ctz64(cand);
			if (!vox_mask_ok(m, open, k))
				continue;
			size_t w = u + (size_t)m->off[k];
			double ng = gu + m->len[k] * cells[w];
			astar_place pw = {pu.x + m->dx[k], pu.y + m->dy[k],
			                  pu.z + m->dz[k], 0};
			if (nodes[w].gen != gen) {
				double h = heuristic_of(q, pw);
				nodes[w].gen = gen;
				nodes[w].g = ng;
				nodes[w].dir = (uint32_t)u;
				if (heap_push_key(&ctx->open,
				                  vkey(q, (uint32_t)w, ng,
				                       steps, h)) != 0)
					return ASTAR_ENOMEM;
				r->generated++;
			} else if (ctx->pos[w] != CLOSED && ng < nodes[w].g &&
			           q->algo != ASTAR_ALGO_BFS) {
				double h = q->algo == ASTAR_ALGO_DIJKSTRA
				                   ? 0.0
				                   : heuristic_of(q, pw);
				nodes[w].g = ng;
				nodes[w].dir = (uint32_t)u;
				heap_decrease_key(
					&ctx->open,
					vkey(q, (uint32_t)w, ng, steps, h));
				r->generated++;
			}
		}
	}
	return ASTAR_OK;
}

/* The path to voxel at, from its start, into the context's array. */
static astar_status vpath(astar_ctx *ctx, const astar_voxels *v, vox_arrays *va,
                          size_t at, int no_path, astar_voxel_result *r,
                          size_t *root)
{
	size_t n = 1, i = at;

	while (ctx->nodes[i].dir != i) {
		i = ctx->nodes[i].dir;
		n++;
	}
	*root = i;
	r->found = 1;
	r->path_len = n;
	r->cost = ctx->nodes[at].g;
	r->end = vox_place(v, at);
	if (no_path)
		return ASTAR_OK;
	if (vox_grow_places(&va->path, &va->path_cap, n) != 0)
		return ASTAR_ENOMEM;
	for (i = at; n-- > 0; i = ctx->nodes[i].dir)
		va->path[n] = vox_place(v, i);
	r->path = va->path;
	return ASTAR_OK;
}

static astar_status vsearch(astar_ctx *ctx, const astar_voxels *v,
                            const astar_place *starts, size_t ns,
                            const astar_place *goals, size_t ng,
                            const astar_options *o, vquery *q,
                            astar_voxel_result *r)
{
	vox_moves m;
	vox_arrays *va;
	vrun run = {SIZE_MAX, SIZE_MAX, 0.0, {SIZE_MAX, 0.0, 0.0}};
	size_t root;
	astar_status st;

	if ((st = vcheck(v, starts, ns, goals, ng, o)) != ASTAR_OK)
		return st;
	if ((st = ctx_room(ctx, v->ncells)) != ASTAR_OK)
		return st;
	if ((va = vox_arrays_of(ctx)) == NULL)
		return ASTAR_ENOMEM;
	(void)vox_moves_init(&m, v, o->diagonal);
	if ((st = vtargets(q, v, &m, starts, goals, ng, o)) != ASTAR_OK)
		return st;
	ctx_next_generation(ctx);
	heap_reset(&ctx->open, ctx->pos);
	for (size_t i = 0; i < ns; i++) {
		size_t s = vox_index(v, starts[i].x, starts[i].y, starts[i].z);
		if (!ctx_start(ctx, s))
			continue; /* a start given twice */
		if (heap_push_key(&ctx->open,
		                  vkey(q, (uint32_t)s, 0.0, 0.0,
		                       heuristic_of(q, starts[i]))) != 0)
			return ASTAR_ENOMEM;
		r->generated++;
	}
	if ((st = vloop(ctx, v, &m, q, o, &goals[0], va, &run, r)) != ASTAR_OK)
		return st;
	if (o->explored) {
		r->explored = va->explored;
		r->explored_len = (size_t)r->expanded;
	}
	if (run.found != SIZE_MAX) {
		st = vpath(ctx, v, va, run.found, o->no_path, r, &root);
		r->reached_goal = 1;
		r->goal_index = o->adjacent ? 0 : goal_of(q, run.found);
	} else if (o->closest && run.near.at != SIZE_MAX) {
		st = vpath(ctx, v, va, run.near.at, o->no_path, r, &root);
	} else {
		return ASTAR_OK;
	}
	for (size_t i = 0; st == ASTAR_OK && i < ns; i++)
		if (vox_index(v, starts[i].x, starts[i].y, starts[i].z) ==
		    root) {
			r->start_index = i;
			break;
		}
	return st;
}

astar_status astar_voxels_search(astar_ctx *ctx, const astar_voxels *v,
                                 const astar_place *starts, size_t ns,
                                 const astar_place *goals, size_t ng,
                                 const astar_options *o, astar_voxel_result *r)
{
	vquery q = {0};
	astar_status st;

	memset(r, 0, sizeof *r);
	st = vsearch(ctx, v, starts, ns, goals, ng, o, &q, r);
	free(q.goals);
	if (st != ASTAR_OK)
		memset(r, 0, sizeof *r);
	return st;
}
