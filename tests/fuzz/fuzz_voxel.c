/*
 * fuzz_voxel.c - libFuzzer target for the voxel readers
 * (map_read_voxel, and map_read_json on a voxel level) and the voxel
 * search.
 *
 * Input: one option byte (bits 0-1 the policy: never, always,
 * no-obstacles, no-obstacles; bits 2-3 the algorithm: A*, Dijkstra, BFS,
 * greedy; bit 4 adjacent, bit 5 closest), one byte for max_cells (see
 * fz_max_cells), then the text: a JSON voxel level when it starts with
 * '{', else a Moving AI voxel map.  A refusal leaves the map empty with a
 * message placed in the text; a map read fits max_cells, and every line
 * of three plain numbers after the first blocks its voxel.  A map of few
 * voxels is searched from its first open voxel to its last: the path
 * starts there, each move is legal under the policy (the box rule
 * judged here from the voxels), its cost is the sum of its moves, and
 * A* and Dijkstra find the cost of a Dijkstra written here.
 */
#include "fuzz_common.h"

#define VMAX_SEARCH 4096

static FZ_NOCOV int vopen(const astar_voxels *v, int x, int y, int z)
{
	return astar_voxels_get(v, x, y, z) != 0;
}

static FZ_NOCOV int vlegal(const astar_voxels *v, astar_diagonal pol,
                           astar_place a, astar_place b)
{
	int dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
	int axes = (dx != 0) + (dy != 0) + (dz != 0);

	if (abs(dx) > 1 || abs(dy) > 1 || abs(dz) > 1 || axes == 0)
		return 0;
	if (pol == ASTAR_DIAG_NEVER && axes > 1)
		return 0;
	if (!vopen(v, b.x, b.y, b.z))
		return 0;
	for (int i = 0; pol == ASTAR_DIAG_NO_OBSTACLES && i < 8; i++) {
		int bx = i & 1 ? dx : 0, by = i & 2 ? dy : 0,
		    bz = i & 4 ? dz : 0;
		if (!vopen(v, a.x + bx, a.y + by, a.z + bz))
			return 0;
	}
	return 1;
}

static FZ_NOCOV double vlen(astar_place a, astar_place b)
{
	double dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;

	return sqrt(dx * dx + dy * dy + dz * dz);
}

/* The model's Dijkstra (O(n^2) on at most VMAX_SEARCH voxels). */
static FZ_NOCOV double vdijkstra(const astar_voxels *v, astar_diagonal pol,
                                 astar_place s, astar_place t)
{
	int w = astar_voxels_width(v), h = astar_voxels_height(v);
	int n = w * h * astar_voxels_depth(v);
	double *d = fz_alloc((size_t)n * sizeof *d), best;
	char *done = fz_alloc((size_t)n);

	for (int i = 0; i < n; i++) {
		d[i] = INFINITY;
		done[i] = 0;
	}
	d[(s.z * h + s.y) * w + s.x] = 0;
	for (;;) {
		int u = -1;
		for (int i = 0; i < n; i++)
			if (!done[i] && isfinite(d[i]) &&
			    (u < 0 || d[i] < d[u]))
				u = i;
		if (u < 0)
			break;
		done[u] = 1;
		astar_place a = {u % w, u / w % h, u / (w * h), 0};
		for (int k = 0; k < 27; k++) {
			astar_place b = {a.x + k % 3 - 1, a.y + k / 3 % 3 - 1,
			                 a.z + k / 9 - 1, 0};
			if (!vlegal(v, pol, a, b))
				continue;
			int j = (b.z * h + b.y) * w + b.x;
			double c =
				d[u] +
				vlen(a, b) * astar_voxels_get(v, b.x, b.y, b.z);
			if (c < d[j])
				d[j] = c;
		}
	}
	best = d[(t.z * h + t.y) * w + t.x];
	free(d);
	free(done);
	return best;
}

static FZ_NOCOV void check_search(const map *m, uint8_t ob)
{
	const astar_voxels *v = m->voxels;
	static const astar_diagonal pols[4] = {
		ASTAR_DIAG_NEVER, ASTAR_DIAG_ALWAYS, ASTAR_DIAG_NO_OBSTACLES,
		ASTAR_DIAG_NO_OBSTACLES};
	static const astar_algorithm algos[4] = {
		ASTAR_ALGO_ASTAR, ASTAR_ALGO_DIJKSTRA, ASTAR_ALGO_BFS,
		ASTAR_ALGO_GREEDY};
	int w = astar_voxels_width(v), h = astar_voxels_height(v);
	int n = w * h * astar_voxels_depth(v), first = -1, last = -1;
	astar_options o;
	astar_voxel_result r;
	astar_ctx *ctx;

	for (int i = 0; i < n; i++)
		if (astar_voxels_get(v, i % w, i / w % h, i / (w * h))) {
			last = i;
			if (first < 0)
				first = i;
		}
	if (first < 0)
		return;
	astar_place s = {first % w, first / w % h, first / (w * h), 0};
	astar_place t = {last % w, last / w % h, last / (w * h), 0};
	astar_options_init(&o);
	o.diagonal = pols[ob & 3];
	o.algorithm = algos[(ob >> 2) & 3];
	o.adjacent = (ob >> 4) & 1;
	o.closest = (ob >> 5) & 1;
	FZ_CHECK((ctx = astar_ctx_new()) != NULL);
	FZ_CHECK(astar_voxels_search(ctx, v, &s, 1, &t, 1, &o, &r) == ASTAR_OK);
	if (r.found) {
		double c = 0;
		FZ_CHECK(r.path_len >= 1);
		FZ_CHECK(r.path[0].x == s.x && r.path[0].y == s.y &&
		         r.path[0].z == s.z);
		for (size_t i = 1; i < r.path_len; i++) {
			FZ_CHECK(vlegal(v, o.diagonal, r.path[i - 1],
			                r.path[i]));
			c += vlen(r.path[i - 1], r.path[i]) *
			     astar_voxels_get(v, r.path[i].x, r.path[i].y,
			                      r.path[i].z);
		}
		FZ_CHECK(fz_close(c, r.cost));
	}
	if (!o.adjacent && !o.closest &&
	    (o.algorithm == ASTAR_ALGO_ASTAR ||
	     o.algorithm == ASTAR_ALGO_DIJKSTRA)) {
		double want = vdijkstra(v, o.diagonal, s, t);
		FZ_CHECK(r.found == isfinite(want));
		FZ_CHECK(!r.found || fz_close(r.cost, want));
	}
	astar_ctx_free(ctx);
}

/* Every line after the first of three plain numbers inside the map
 * blocks its voxel. */
static FZ_NOCOV void check_lines(const char *buf, size_t len, const map *m)
{
	const char *p = buf, *end = buf + len;
	int line = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		long c[3];
		int k = 0, ok = line > 0;
		size_t i = 0;
		while (ok && k < 3) {
			while (i < n && p[i] == ' ')
				i++;
			if (i == n || p[i] < '0' || p[i] > '9') {
				ok = 0;
				break;
			}
			c[k] = 0;
			while (i < n && p[i] >= '0' && p[i] <= '9' &&
			       c[k] < 100000000)
				c[k] = c[k] * 10 + (p[i++] - '0');
			k++;
		}
		while (ok && i < n && (p[i] == ' ' || p[i] == '\r'))
			i++;
		if (ok && k == 3 && i == n &&
		    astar_voxels_contains(m->voxels, (int32_t)c[0],
		                          (int32_t)c[1], (int32_t)c[2]))
			FZ_CHECK(astar_voxels_get(m->voxels, (int32_t)c[0],
			                          (int32_t)c[1],
			                          (int32_t)c[2]) == 0);
		line++;
		p = nl ? nl + 1 : end;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t max_cells, len;
	const char *buf;
	map m;
	map_error err;
	int rc, json;

	if (size < 2)
		return 0;
	max_cells = fz_max_cells(data[1]);
	buf = (const char *)data + 2;
	len = size - 2;
	json = len > 0 && buf[0] == '{';
	memset(&err, 0, sizeof err);
	rc = json ? map_read_json(buf, len, max_cells, &m, &err)
	          : map_read_voxel(buf, len, max_cells, &m, &err);
	if (rc != 0) {
		FZ_CHECK(rc == -1);
		fz_check_error(&err);
		fz_check_error_place(&err, buf, len);
		fz_check_empty_map(&m);
		FZ_CHECK(m.voxels == NULL && m.vlevel == NULL);
		map_free(&m);
		return 0;
	}
	if (m.voxels == NULL) { /* a JSON grid level: fuzz_json's */
		FZ_CHECK(json && m.grid != NULL);
		map_free(&m);
		return 0;
	}
	FZ_CHECK(m.grid == NULL);
	size_t n = (size_t)astar_voxels_width(m.voxels) *
	           (size_t)astar_voxels_height(m.voxels) *
	           (size_t)astar_voxels_depth(m.voxels);
	FZ_CHECK(n <= max_cells);
	if (!json)
		check_lines(buf, len, &m);
	if (n <= VMAX_SEARCH)
		check_search(&m, data[0]);
	map_free(&m);
	return 0;
}
