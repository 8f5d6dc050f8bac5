/*
 * voxel_model.c - the voxel tests' model (voxel_model.h): a move is legal
 * when it changes each coordinate by -1, 0 or 1 into an open voxel, and,
 * under the box rule, every voxel of the box it spans is open; it costs
 * 1, sqrt(2) or sqrt(3) times the cost of the voxel entered.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rng.h"
#include "voxel_model.h"


int vw_at(const vworld *m, int x, int y, int z)
{
	if (x < 0 || y < 0 || z < 0 || x >= m->w || y >= m->h || z >= m->d)
		return 0;
	return m->cost[(z * m->h + y) * m->w + x];
}

void vw_dump(void *arg)
{
	const vworld *m = arg;

	fprintf(stderr, "  seed %llu, %dx%dx%d\n", (unsigned long long)m->seed,
	        m->w, m->h, m->d);
	for (int z = 0; z < m->d; z++) {
		fprintf(stderr, "  z=%d\n", z);
		for (int y = 0; y < m->h; y++) {
			fputs("  ", stderr);
			for (int x = 0; x < m->w; x++) {
				int c = vw_at(m, x, y, z);
				fputc(c == 0 ? '#' : '0' + c, stderr);
			}
			fputc('\n', stderr);
		}
	}
}

void vw_make(vworld *m, uint64_t seed, int terrain)
{
	uint64_t s = seed;
	int blocked;

	m->seed = seed;
	m->w = 1 + rng_int(&s, VMAX);
	m->h = 1 + rng_int(&s, VMAX);
	m->d = 1 + rng_int(&s, VMAX);
	blocked = 20 + rng_int(&s, 31);
	m->v = astar_voxels_new(m->w, m->h, m->d, NULL);
	for (int z = 0; z < m->d; z++)
		for (int y = 0; y < m->h; y++)
			for (int x = 0; x < m->w; x++) {
				int c = rng_int(&s, 100) < blocked ? 0
				        : terrain ? 1 + rng_int(&s, 5)
				                  : 1;
				m->cost[(z * m->h + y) * m->w + x] = (uint8_t)c;
				astar_voxels_set(m->v, x, y, z, (uint8_t)c);
			}
	check_context(vw_dump, m);
}

/* A grid of up to SPARSE_MAX voxels a side, at most an eighth blocked
 * (mostly a twentieth), every open voxel of cost 1: where the pruned
 * search prunes. */
void vw_make_sparse(vworld *m, uint64_t seed)
{
	uint64_t s = seed;
	int blocked;

	m->seed = seed;
	m->w = 2 + rng_int(&s, SPARSE_MAX - 1);
	m->h = 2 + rng_int(&s, SPARSE_MAX - 1);
	m->d = 2 + rng_int(&s, SPARSE_MAX - 1);
	blocked = seed % 3 == 0 ? rng_int(&s, 13) : rng_int(&s, 5);
	m->v = astar_voxels_new(m->w, m->h, m->d, NULL);
	for (int z = 0; z < m->d; z++)
		for (int y = 0; y < m->h; y++)
			for (int x = 0; x < m->w; x++) {
				int k = rng_int(&s, 100) < blocked ? 0 : 1;
				m->cost[(z * m->h + y) * m->w + x] = (uint8_t)k;
				astar_voxels_set(m->v, x, y, z, (uint8_t)k);
			}
	check_context(vw_dump, m);
}

/* The model's rule: nonzero when the move from (x, y, z) by (dx, dy, dz)
 * is legal under pol; (px, py, pz) counts as open (the adjacent target),
 * as the voxel entered only. */
int ref_legal(const vworld *m, astar_diagonal pol, int x, int y, int z,
                     int dx, int dy, int dz, int px, int py, int pz)
{
	int axes = (dx != 0) + (dy != 0) + (dz != 0);
	int tx = x + dx, ty = y + dy, tz = z + dz;

	if (axes == 0 || (pol == ASTAR_DIAG_NEVER && axes > 1))
		return 0;
	if (!(tx == px && ty == py && tz == pz) && vw_at(m, tx, ty, tz) == 0)
		return 0;
	if (tx < 0 || ty < 0 || tz < 0 || tx >= m->w || ty >= m->h ||
	    tz >= m->d)
		return 0;
	if (pol != ASTAR_DIAG_NO_OBSTACLES)
		return 1;
	for (int a = 0; a <= 1; a++)
		for (int b = 0; b <= 1; b++)
			for (int c = 0; c <= 1; c++) {
				int bx = a * dx, by = b * dy, bz = c * dz;
				if ((bx == 0 && by == 0 && bz == 0) ||
				    (bx == dx && by == dy && bz == dz))
					continue;
				if (vw_at(m, x + bx, y + by, z + bz) == 0)
					return 0;
			}
	return 1;
}

double ref_len(int dx, int dy, int dz)
{
	return sqrt((double)(dx * dx + dy * dy + dz * dz));
}

/* Dijkstra from the sources (flat indices) into dist (INFINITY where
 * unreachable); unit: every move costs 1 (the fewest moves). */
void ref_dijkstra3(const vworld *m, astar_diagonal pol, const int *src,
                          int nsrc, int unit, double *dist)
{
	int n = m->w * m->h * m->d;
	char done[NMAX];

	for (int i = 0; i < n; i++) {
		dist[i] = INFINITY;
		done[i] = 0;
	}
	for (int i = 0; i < nsrc; i++)
		dist[src[i]] = 0.0;
	for (;;) {
		int u = -1;
		for (int i = 0; i < n; i++)
			if (!done[i] && isfinite(dist[i]) &&
			    (u < 0 || dist[i] < dist[u]))
				u = i;
		if (u < 0)
			return;
		done[u] = 1;
		int x = u % m->w, y = u / m->w % m->h, z = u / (m->w * m->h);
		for (int dz = -1; dz <= 1; dz++)
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					if (!ref_legal(m, pol, x, y, z, dx, dy,
					               dz, -1, -1, -1))
						continue;
					int t = ((z + dz) * m->h + y + dy) *
					                m->w +
					        x + dx;
					double c =
						unit ? 1.0
						     : ref_len(dx, dy, dz) *
								vw_at(m, x + dx,
					                              y + dy,
					                              z + dz);
					if (dist[u] + c < dist[t])
						dist[t] = dist[u] + c;
				}
	}
}

int flat(const vworld *m, astar_place p)
{
	return (p.z * m->h + p.y) * m->w + p.x;
}

astar_place rand_place(const vworld *m, uint64_t *s, int open)
{
	astar_place p = {0, 0, 0, 0};

	for (int tries = 0; tries < 200; tries++) {
		p.x = rng_int(s, m->w);
		p.y = rng_int(s, m->h);
		p.z = rng_int(s, m->d);
		if (!open || vw_at(m, p.x, p.y, p.z) != 0)
			return p;
	}
	return p;
}

/* Replays r's path: it leaves one of the starts, each move legal, and
 * its cost is the sum of its moves'. */
void replay(const vworld *m, astar_diagonal pol,
                   const astar_voxel_result *r, const astar_place *starts,
                   double *moves)
{
	double c = 0.0;
	const astar_place *p = r->path;

	CHECK(p != NULL && r->path_len >= 1, "no path");
	if (p == NULL || r->path_len == 0)
		return;
	CHECK(p[0].x == starts[r->start_index].x &&
	              p[0].y == starts[r->start_index].y &&
	              p[0].z == starts[r->start_index].z,
	      "path does not leave start %zu", r->start_index);
	for (size_t i = 1; i < r->path_len; i++) {
		int dx = p[i].x - p[i - 1].x, dy = p[i].y - p[i - 1].y,
		    dz = p[i].z - p[i - 1].z;
		int ok = abs(dx) <= 1 && abs(dy) <= 1 && abs(dz) <= 1 &&
		         ref_legal(m, pol, p[i - 1].x, p[i - 1].y, p[i - 1].z,
		                   dx, dy, dz, -1, -1, -1);
		CHECK(ok, "illegal move %zu", i);
		if (!ok)
			return;
		c += ref_len(dx, dy, dz) * vw_at(m, p[i].x, p[i].y, p[i].z);
	}
	CHECK(fabs(c - r->cost) <= 1e-9 * (1 + c),
	      "path costs %.12g, said %.12g", c, r->cost);
	CHECK(r->end.x == p[r->path_len - 1].x &&
	              r->end.y == p[r->path_len - 1].y &&
	              r->end.z == p[r->path_len - 1].z,
	      "end is not the path's last voxel");
	if (moves != NULL)
		*moves = (double)(r->path_len - 1);
}

/* adjacent under o: the cheapest voxel from which one legal move enters
 * the goal b (seen as open), as the reference finds it from a. */
void check_adjacent(astar_ctx *ctx, const vworld *m, astar_place a,
                           astar_place b, const astar_options *o)
{
	int src = flat(m, a);
	double dist[NMAX], best = INFINITY;
	astar_voxel_result r;

	ref_dijkstra3(m, o->diagonal, &src, 1, 0, dist);
	for (int i = 0; i < m->w * m->h * m->d; i++) {
		int x = i % m->w, y = i / m->w % m->h, z = i / (m->w * m->h);
		if (!isfinite(dist[i]) || abs(b.x - x) > 1 ||
		    abs(b.y - y) > 1 || abs(b.z - z) > 1 ||
		    !ref_legal(m, o->diagonal, x, y, z, b.x - x, b.y - y,
		               b.z - z, b.x, b.y, b.z))
			continue;
		if (dist[i] < best)
			best = dist[i];
	}
	if (a.x == b.x && a.y == b.y && a.z == b.z)
		best = 0.0;
	CHECK(astar_voxels_search(ctx, m->v, &a, 1, &b, 1, o, &r) == ASTAR_OK,
	      "adjacent: status");
	CHECK(r.reached_goal == isfinite(best), "reached %d, ref %g",
	      r.reached_goal, best);
	if (r.reached_goal && isfinite(best)) {
		CHECK(fabs(r.cost - best) <= 1e-9 * (1 + best),
		      "adjacent: cost %.12g, ref %.12g", r.cost, best);
		replay(m, o->diagonal, &r, &a, NULL);
	}
}

/* closest under o: a shortest path to a reachable voxel nearest b. */
void check_closest(astar_ctx *ctx, const vworld *m, astar_place a,
                          astar_place b, const astar_options *o)
{
	int src = flat(m, a);
	double dist[NMAX], near = INFINITY;
	astar_voxel_result r;

	ref_dijkstra3(m, o->diagonal, &src, 1, 0, dist);
	for (int i = 0; i < m->w * m->h * m->d; i++) {
		int x = i % m->w, y = i / m->w % m->h, z = i / (m->w * m->h);
		double dx = x - b.x, dy = y - b.y, dz = z - b.z;
		if (isfinite(dist[i]) && dx * dx + dy * dy + dz * dz < near)
			near = dx * dx + dy * dy + dz * dz;
	}
	CHECK(astar_voxels_search(ctx, m->v, &a, 1, &b, 1, o, &r) == ASTAR_OK,
	      "closest: status");
	CHECK(r.found, "closest found nothing");
	if (!r.found)
		return;
	double dx = r.end.x - b.x, dy = r.end.y - b.y, dz = r.end.z - b.z;
	CHECK(dx * dx + dy * dy + dz * dz == near,
	      "ends %g from the goal, nearest %g", dx * dx + dy * dy + dz * dz,
	      near);
	replay(m, o->diagonal, &r, &a, NULL);
	CHECK(fabs(r.cost - dist[flat(m, r.end)]) <= 1e-9 * (1 + r.cost),
	      "closest path costs %.12g, shortest %.12g", r.cost,
	      dist[flat(m, r.end)]);
}
