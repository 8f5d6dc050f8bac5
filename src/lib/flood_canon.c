/*
 * flood_canon.c - the distance map of a grid of one cell cost that does
 * not wrap, 8-connected (flood_uniform.c's 4-connected flood does the
 * rest of that case): two passes on the records of flood_urec.h.
 *
 * The first pass finds every cell's exact cost with few offers: a flood
 * in canonical order (Sturtevant and Rabin, "Canonical Orderings on
 * Grids", IJCAI 2016).  A cell offers only the steps that some shortest
 * path with its diagonal steps as early as they can be needs: a cell
 * reached by a straight step its continuation and the forced neighbours
 * (those that the policy's corner rule or a wall keeps the cell before
 * from reaching as cheaply), one reached diagonally the diagonal, its two
 * straight parts and the forced ones.  A step left out always has a way
 * of at most its cost around it, so every cost stays exact; a cell
 * reached equally cheaply by several steps keeps them all (a bit each)
 * and offers what any of them would.  The steps offered, from the steps
 * that reach a cell and which of its eight neighbours are open, come
 * from a table built once per flood.
 *
 * The second pass gives every cell the direction (and, with several
 * sources, the source) that flood.c's general flood gives it.  That flood
 * takes cells by cost, the straight queue's first on a tie, each queue in
 * the order of its pushes, and a cell keeps the first offer of its least
 * cost (then, with several sources, that of the least source index).
 * With one cell cost a cell's last push is the first offer of its least
 * cost, so this order depends on the costs alone: the pass replays it on
 * the known costs, each cell pushed once, by the first taken neighbour a
 * step away at exactly its cost less that step.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "flood_urec.h"

#define R_DONE 3u
#define CREACH(d) (UINT64_C(1) << (U_DIR + (d))) /* reached by step d */
#define CSTEPS    (UINT64_C(255) << U_DIR)
#ifndef CAHEAD
#define CAHEAD 64
#endif /* a record's state once the second pass reached it */

/* The steps a cell offers (bit e: direction e), by the steps that reach
 * it (row d: direction d; row 8: a source) and its open neighbours
 * (bit e: the neighbour in direction e). */
typedef struct ctable {
	uint8_t s[9][256];
} ctable;

/* The direction of the vector (dx, dy), both in -1..1, not both 0. */
static int dir_of(int dx, int dy)
{
	for (int d = 0; d < 8; d++)
		if (dir_dx[d] == dx && dir_dy[d] == dy)
			return d;
	return -1;
}

static int open_at(unsigned nb, int dx, int dy)
{
	return (nb >> dir_of(dx, dy)) & 1;
}

/* The steps the policy allows from a cell with open neighbours nb. */
static unsigned legal(astar_diagonal pol, unsigned nb)
{
	unsigned m = 0;

	for (int e = 0; e < 8; e++)
		if (((nb >> e) & 1) &&
		    (e < 4 || corner(pol, open_at(nb, dir_dx[e], 0),
		                     open_at(nb, 0, dir_dy[e]))))
			m |= 1u << e;
	return m;
}

/* The canonical steps from a cell reached by direction d, the cell
 * before it at -d.  Straight (v, one side s of two): the diagonal v + s
 * unless the cell before reaches that diagonal's cell as cheaply by the
 * diagonal s + v first (through the open cell at s, its corner passing);
 * the side s itself unless that diagonal from the cell before is
 * shorter, which only the Moving AI rule can forbid (the cell at s - v
 * blocked).  Diagonal (dx, dy): the diagonal (dx, -dy) unless two
 * straight steps through the cell at (0, -dy) are shorter, and so for
 * (-dx, dy). */
static unsigned canonical(astar_diagonal pol, int d, unsigned nb)
{
	int vx = dir_dx[d], vy = dir_dy[d];
	unsigned m = 1u << d;

	if (d < 4) {
		for (int k = -1; k <= 1; k += 2) {
			int sx = k * vy, sy = -k * vx; /* a perpendicular */
			int behind = open_at(nb, sx - vx, sy - vy);
			if (!(open_at(nb, sx, sy) &&
			      (pol != ASTAR_DIAG_NO_OBSTACLES || behind)))
				m |= 1u << dir_of(vx + sx, vy + sy);
			if (pol == ASTAR_DIAG_NO_OBSTACLES && !behind)
				m |= 1u << dir_of(sx, sy);
		}
		return m;
	}
	m |= 1u << dir_of(vx, 0) | 1u << dir_of(0, vy);
	if (!open_at(nb, 0, -vy))
		m |= 1u << dir_of(vx, -vy);
	if (!open_at(nb, -vx, 0))
		m |= 1u << dir_of(-vx, vy);
	return m;
}

static void ctable_build(ctable *t, astar_diagonal pol)
{
	for (unsigned nb = 0; nb < 256; nb++) {
		unsigned ok = legal(pol, nb);
		for (int d = 0; d < 8; d++)
			t->s[d][nb] = (uint8_t)(canonical(pol, d, nb) & ok);
		t->s[8][nb] = (uint8_t)ok;
	}
}

/* The open neighbours of padded cell i (bit e: direction e). */
ALWAYS_INLINE unsigned cneighbours(const uint8_t *c, size_t i, ptrdiff_t w)
{
	return (unsigned)(c[i - w] != 0) | (unsigned)(c[i + 1] != 0) << 1 |
	       (unsigned)(c[i + w] != 0) << 2 | (unsigned)(c[i - 1] != 0) << 3 |
	       (unsigned)(c[i - w + 1] != 0) << 4 |
	       (unsigned)(c[i + w + 1] != 0) << 5 |
	       (unsigned)(c[i + w - 1] != 0) << 6 |
	       (unsigned)(c[i - w - 1] != 0) << 7;
}

/* The queues here are rings (of a power of two entries, head and n
 * counting on, an entry at its count masked), which stay as small as the
 * flood's front and so in the caches.  Room in both for one cell's
 * pushes, a full one moved to twice the room; 0, or -1. */
static int croom(many_bufs *b, uflood *u)
{
	for (int k = 0; k < 2; k++) {
		fifo *q = &b->uq[k];
		uint32_t used = u->n[k] - u->head[k], cap = q->cap;
		uint32_t *a;
		double *key;

		if (cap != 0 && cap - used > 8 && b->ukcap[k] >= cap)
			continue;
		while (cap - used <= 8)
			cap = cap ? 2 * cap : 1024;
		a = malloc(cap * sizeof *a);
		key = malloc(cap * sizeof *key);
		if (a == NULL || key == NULL) {
			free(a);
			free(key);
			return -1;
		}
		for (uint32_t e = 0; e < used; e++) {
			a[e] = u->a[k][(u->head[k] + e) & u->qm[k]];
			if (u->key[k] != NULL)
				key[e] = u->key[k][(u->head[k] + e) & u->qm[k]];
		}
		free(q->a);
		free(b->ukey[k]);
		q->a = u->a[k] = a;
		b->ukey[k] = u->key[k] = key;
		q->cap = b->ukcap[k] = cap;
		u->qm[k] = cap - 1;
		u->head[k] = 0;
		u->n[k] = used;
	}
	return 0;
}

/* Appends cell j at cost key to queue k. */
ALWAYS_INLINE void cpush(uflood *u, int k, size_t j, double key)
{
	uint32_t e = u->n[k]++ & u->qm[k];

	u->key[k][e] = key;
	u->a[k][e] = (uint32_t)j;
}

/* Whether queue k may not have room for a cell's pushes. */
#define CFULL(u, k) ((u).n[k] - (u).head[k] > (u).qm[k] - 8)

/* upop on the queues' own keys, which the records need not be read for:
 * the same order where no entry is stale, as in the second pass. */
ALWAYS_INLINE int cpop(uflood *u, uint32_t *cell)
{
	uint32_t h0 = u->head[0] & u->qm[0], h1 = u->head[1] & u->qm[1];

	if (u->head[1] != u->n[1] &&
	    (u->head[0] == u->n[0] || u->key[1][h1] < u->key[0][h0])) {
		*cell = u->a[1][h1];
		u->head[1]++;
		return 0;
	}
	if (u->head[0] == u->n[0])
		return -1;
	*cell = u->a[0][h0];
	u->head[0]++;
	return 0;
}

/* The loop's start: the nsrc sources src (or, src NULL, those at the
 * front of the straight queue) at cost 0, the diagonal queue empty; 0,
 * or -1. */
static int cstart(many_bufs *b, uflood *u, const uint32_t *src,
                  uint32_t nsrc)
{
	*u = (uflood){b->uc, b->usrc, NULL, 0, 0,
	              {b->uq[0].a, b->uq[1].a}, {0, 0}, {nsrc, 0},
	              {b->ukey[0], b->ukey[1]},
	              {b->uq[0].cap - 1, b->uq[1].cap - 1}};
	if (b->uq[1].cap == 0)
		u->qm[1] = 0;
	if (croom(b, u) != 0)
		return -1;
	for (uint32_t k = 0; k < nsrc; k++) {
		if (src != NULL)
			u->a[0][k] = src[k];
		u->key[0][k] = 0.0;
	}
	return 0;
}

/* The first pass's offer from taken cell i (record ri) to its open
 * neighbour j by the legal step d, at cost key (steps: its record's
 * counts): opened, lowered, or on a tie one more step that reaches it. */
ALWAYS_INLINE void coffer(uflood *u, size_t j, int d, uint64_t steps,
                          double key)
{
	uint64_t rj = u->uc[j];


	if ((rj & 3) == U_TAKEN)
		return;
	if (rj & U_OPEN) {
		if ((rj & ~U_META) == steps) {
			u->uc[j] = rj | CREACH(d);
			return;
		}
		if (key >= ucost(u->c, rj))
			return;
	}
	u->uc[j] = steps | CREACH(d) | U_OPEN;
	cpush(u, d >= 4, j, key);
}

/* The steps cell i offers: by the table, from the steps that reach it
 * and its open neighbours. */
ALWAYS_INLINE unsigned cwant(const ctable *t, const uflood *u,
                             size_t i, uint64_t ri)
{
	unsigned nb = cneighbours(u->cells, i, u->w), m = (ri >> U_DIR) & 255;
	unsigned want;

	if (m == 0) /* a source */
		return t->s[8][nb];
	want = t->s[port_ctz64(m)][nb];
	for (m &= m - 1; m != 0; m &= m - 1)
		want |= t->s[port_ctz64(m)][nb];
	return want;
}

/* The first pass: every reached cell's cost, its record taken. */
static astar_status cflood(engine *e, const ctable *t, uint32_t nsrc)
{
	many_bufs *b = e->b;
	ptrdiff_t off[8];
	uflood u;
	uint32_t cell;

	if (cstart(b, &u, NULL, nsrc) != 0)
		return ASTAR_ENOMEM;
	u.cells = e->g->cells;
	u.w = e->g->stride;
	u.c = e->g->min_cost;
	for (int d = 0; d < 8; d++)
		off[d] = dir_dy[d] * u.w + dir_dx[d];
	while (cpop(&u, &cell) == 0) {
		size_t i = cell;
		uint64_t ri = u.uc[i], so, sd;
		double ko, kd;

		if ((ri & 3) == U_TAKEN)
			continue; /* taken through another of its entries */
		u.uc[i] = ri = (ri & ~UINT64_C(3)) | U_TAKEN;
		if ((CFULL(u, 0) || CFULL(u, 1)) && croom(b, &u) != 0)
			return ASTAR_ENOMEM;
		so = (ri & ~U_META) + U_ORTH1;
		sd = (ri & ~U_META) + U_DIAG1;
		ko = ucost(u.c, so);
		kd = ucost(u.c, sd);
		for (unsigned want = cwant(t, &u, i, ri); want != 0;
		     want &= want - 1) {
			int d = (int)port_ctz64(want);
			coffer(&u, i + (size_t)off[d], d,
			       d < 4 ? so : sd, d < 4 ? ko : kd);
		}
	}
	return ASTAR_OK;
}

/* The second pass's look from taken cell i (record ri) in direction d:
 * a neighbour whose cost is i's plus this step (k2: that cost, per step
 * kind) is reached here when no neighbour taken earlier reached it; with
 * several sources it is also taken over from a later source. */
ALWAYS_INLINE void rstep(uflood *u, size_t i, uint64_t ri, const int d,
                         const astar_diagonal pol, const double *k2)
{
	size_t j = i + dir_dy[d] * u->w + dir_dx[d];
	uint64_t rj = u->uc[j];
	uint64_t steps = (ri & ~U_META) + (d < 4 ? U_ORTH1 : U_DIAG1);
	int k = d >= 4;

	if ((rj & ~CSTEPS) == (steps | U_TAKEN)) {
		if (!upasses(u, i, d, pol))
			return;
		u->uc[j] = steps | (uint64_t)d << U_DIR | R_DONE;
		u->usrc[j] = u->usrc[i];
		cpush(u, k, j, k2[k]);
	} else if ((rj & ~U_META) == steps && (rj & 3) == R_DONE &&
	           u->usrc[i] < u->usrc[j] && upasses(u, i, d, pol)) {
		u->usrc[j] = u->usrc[i];
		u->uc[j] = steps | (uint64_t)d << U_DIR | R_DONE;
	}
}

/* The second pass from the nsrc sources at the front of the straight
 * queue. */
ALWAYS_INLINE astar_status rloop(engine *e, const uint32_t *src,
                                 uint32_t nsrc, const astar_diagonal pol)
{
	many_bufs *b = e->b;
	uint64_t expanded = 0;
	uflood u;
	uint32_t cell;

	if (cstart(b, &u, src, nsrc) != 0)
		return ASTAR_ENOMEM;
	u.cells = e->g->cells;
	u.w = e->g->stride;
	u.c = e->g->min_cost;
	for (uint32_t k = 0; k < nsrc; k++)
		u.uc[u.a[0][k]] = (uint64_t)8 << U_DIR | R_DONE;
	while (cpop(&u, &cell) == 0) {
		size_t i = cell;
		uint64_t ri = u.uc[i];
		double k2[2] = {ucost(u.c, (ri & ~U_META) + U_ORTH1),
		                ucost(u.c, (ri & ~U_META) + U_DIAG1)};

		expanded++;
		if ((CFULL(u, 0) || CFULL(u, 1)) && croom(b, &u) != 0)
			return ASTAR_ENOMEM;
		for (int d = 0; d < 8; d++)
			rstep(&u, i, ri, d, pol, k2);
	}
	e->expanded = expanded;
	return ASTAR_OK;
}

static astar_status rrun(engine *e, const uint32_t *src, uint32_t nsrc,
                         astar_diagonal pol)
{
	switch (pol) {
	case ASTAR_DIAG_ALWAYS:
		return rloop(e, src, nsrc, ASTAR_DIAG_ALWAYS);
	case ASTAR_DIAG_ONE_OBSTACLE:
		return rloop(e, src, nsrc, ASTAR_DIAG_ONE_OBSTACLE);
	default:
		return rloop(e, src, nsrc, ASTAR_DIAG_NO_OBSTACLES);
	}
}

/* A cell with several neighbours that may have reached it first (one
 * source): its cost, its padded index and those steps. */
typedef struct ctie {
	double key;
	uint32_t cell, steps;
} ctie;

static int ctie_cmp(const void *a, const void *b)
{
	double x = ((const ctie *)a)->key, y = ((const ctie *)b)->key;

	return (x > y) - (x < y);
}

/* The direction of the step that reached record r's cell (8: a source). */
#define RDIR(r) ((int)(((r) >> U_DIR) & 15))

/* The padded offset back along direction d. */
#define RBACK(u, d) ((size_t)(dir_dy[d] * (u)->w + dir_dx[d]))

/* Whether cell a, of the cost of cell b, was taken before b by the
 * general flood with one source: of one cost the straight queue's cells
 * go first, then each queue in the order of its pushes, which is the
 * order of the cells that pushed them, then of the directions. */
static int ctaken_first(const uflood *u, size_t a, size_t b)
{
	for (;;) {
		int da = RDIR(u->uc[a]), db = RDIR(u->uc[b]);
		int ka = da >= 4 && da < 8, kb = db >= 4 && db < 8;
		size_t pa, pb;

		if (ka != kb)
			return kb;
		pa = a - RBACK(u, da);
		pb = b - RBACK(u, db);
		if (pa == pb)
			return da < db;
		a = pa;
		b = pb;
	}
}

/* Whether record r is a reached cell's, of the step counts want. */
ALWAYS_INLINE unsigned cis(uint64_t r, uint64_t want)
{
	return ((r ^ want) & ~U_META) == 0 && (r & U_TAKEN);
}

/* The steps by which cell i (counts k) may have been reached first: from
 * the neighbours one step cheaper, the diagonal ones (taken before the
 * straight ones) if any passes its corner. */
ALWAYS_INLINE unsigned cfirst(const uflood *u, size_t i, uint64_t k,
                              const astar_diagonal pol)
{
	const uint64_t *r = u->uc;
	const ptrdiff_t w = u->w;
	uint64_t ko = k - U_ORTH1, kd = k - U_DIAG1;
	unsigned m = cis(r[i + w - 1], kd) << 4 | cis(r[i - w - 1], kd) << 5 |
	             cis(r[i - w + 1], kd) << 6 | cis(r[i + w + 1], kd) << 7;
	unsigned ok = 0;

	for (; m != 0; m &= m - 1) {
		int d = (int)port_ctz64(m);
		if (upasses(u, i - RBACK(u, d), d, pol))
			ok |= 1u << d;
	}
	if (ok != 0)
		return ok;
	return cis(r[i + w], ko) | cis(r[i - 1], ko) << 1 |
	       cis(r[i - w], ko) << 2 | cis(r[i + 1], ko) << 3;
}

/* Appends a tie; 0, or -1. */
static int ctie_add(ctie **a, size_t *n, size_t *cap, ctie t)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 256;
		ctie *p = realloc(*a, c * sizeof *p);
		if (p == NULL)
			return -1;
		*a = p;
		*cap = c;
	}
	(*a)[(*n)++] = t;
	return 0;
}

/* The second pass with one source, by rows: each cell's direction from
 * the neighbours that may have reached it first; where several may, the
 * one taken first, in the order of the costs (the cells an answer
 * depends on are cheaper). */
ALWAYS_INLINE astar_status cscan(engine *e, const astar_diagonal pol)
{
	const astar_grid *g = e->g;
	uflood u = {e->b->uc, NULL, g->cells, g->stride, g->min_cost,
	            {NULL, NULL}, {0, 0}, {0, 0}, {NULL, NULL}, {0, 0}};
	ctie *tie = NULL;
	size_t nt = 0, cap = 0;
	uint64_t reached = 0;

	for (int32_t y = 0; y < g->height; y++) {
		size_t i = grid_index(g, 0, y);
		for (int32_t x = 0; x < g->width; x++, i++) {
			uint64_t r = u.uc[i], k = r & ~U_META;
			unsigned m;

			if (r == 0)
				continue;
			reached++;
			if (k == 0) { /* a source */
				u.uc[i] = (uint64_t)8 << U_DIR | R_DONE;
				continue;
			}
			m = cfirst(&u, i, k, pol);
			u.uc[i] = k | (uint64_t)port_ctz64(m) << U_DIR | R_DONE;
			if ((m & (m - 1)) != 0 &&
			    ctie_add(&tie, &nt, &cap,
			             (ctie){ucost(u.c, k), (uint32_t)i, m}) != 0) {
				free(tie);
				return ASTAR_ENOMEM;
			}
		}
	}
	qsort(tie, nt, sizeof *tie, ctie_cmp);
	for (size_t t = 0; t < nt; t++) {
		size_t i = tie[t].cell;
		unsigned m = tie[t].steps;
		int best = (int)port_ctz64(m);

		for (m &= m - 1; m != 0; m &= m - 1) {
			int d = (int)port_ctz64(m);
			if (ctaken_first(&u, i - RBACK(&u, d), i - RBACK(&u, best)))
				best = d;
		}
		u.uc[i] = (u.uc[i] & ~(UINT64_C(15) << U_DIR)) |
		          (uint64_t)best << U_DIR;
	}
	free(tie);
	e->expanded = reached;
	return ASTAR_OK;
}

static astar_status cscan_run(engine *e, astar_diagonal pol)
{
	switch (pol) {
	case ASTAR_DIAG_ALWAYS:
		return cscan(e, ASTAR_DIAG_ALWAYS);
	case ASTAR_DIAG_ONE_OBSTACLE:
		return cscan(e, ASTAR_DIAG_ONE_OBSTACLE);
	default:
		return cscan(e, ASTAR_DIAG_NO_OBSTACLES);
	}
}

astar_status flood_canon(engine *e, astar_diagonal pol, int multi)
{
	many_bufs *b = e->b;
	uint32_t nsrc = b->uq[0].n, *src = NULL;
	ctable t;
	astar_status st;

	ctable_build(&t, pol);
	for (uint32_t k = 0; k < nsrc; k++)
		b->uc[b->uq[0].a[k]] = U_OPEN; /* no step reaches it */
	if (multi) { /* the second pass starts from them again */
		if ((src = malloc(nsrc * sizeof *src)) == NULL)
			return ASTAR_ENOMEM;
		memcpy(src, b->uq[0].a, nsrc * sizeof *src);
	}
	if ((st = cflood(e, &t, nsrc)) == ASTAR_OK)
		st = multi ? rrun(e, src, nsrc, pol) : cscan_run(e, pol);
	free(src);
	return st;
}
