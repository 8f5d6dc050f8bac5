/*
 * bench/voxgen.c - deterministic voxel maps and scenarios like the Moving
 * AI voxel benchmark's (Brewer and Sturtevant, SoCS 2018): caves, towers
 * and open sky, written as a Moving AI voxel map (PREFIX.3dmap) and a
 * voxel scenario beside it (PREFIX.3dscen) whose costs come from this
 * file's own Dijkstra.  It uses nothing of the library: the moves are
 * read here from the benchmark's rule (26 neighbours, 1, sqrt 2, sqrt 3,
 * every voxel of the box a move spans open), so that `astar --check` on
 * its scenarios tests the library against an independent search.
 *
 *   voxgen KIND W H D SEED QUERIES PREFIX
 *
 * KIND: caves (tunnels carved by seeded random walks through rock),
 * towers (a ground floor under blocks of random footprints and heights,
 * sky above) or sky (open air with floating boulders).  z is up.  The
 * same arguments give the same bytes.  Queries join two open voxels the
 * search reaches from one another (pairs that do not connect are drawn
 * again); each line is "sx sy sz gx gy gz cost ratio", the cost with
 * eight decimals, the ratio the cost over the 3D octile distance.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static int below(int n)
{
	return (int)(rng() % (uint64_t)n);
}

static int W, H, D;
static uint8_t *solid; /* W*H*D, 1 blocked */

static size_t at(int x, int y, int z)
{
	return ((size_t)z * H + y) * W + x;
}

static int inside(int x, int y, int z)
{
	return x >= 0 && y >= 0 && z >= 0 && x < W && y < H && z < D;
}

static void ball(int cx, int cy, int cz, int r, uint8_t v)
{
	for (int z = cz - r; z <= cz + r; z++)
		for (int y = cy - r; y <= cy + r; y++)
			for (int x = cx - r; x <= cx + r; x++) {
				int dx = x - cx, dy = y - cy, dz = z - cz;
				if (inside(x, y, z) &&
				    dx * dx + dy * dy + dz * dz <= r * r)
					solid[at(x, y, z)] = v;
			}
}

/* Rock everywhere, then worms: random walks that carve balls. */
static void make_caves(void)
{
	size_t n = (size_t)W * H * D;
	int worms = (int)(n / 6000) + 4;

	memset(solid, 1, n);
	for (int w = 0; w < worms; w++) {
		double x = below(W), y = below(H), z = below(D);
		double th = below(628) / 100.0, ph = (below(100) - 50) / 200.0;
		int len = 40 + below(120);
		for (int s = 0; s < len; s++) {
			ball((int)x, (int)y, (int)z, 1 + below(3), 0);
			th += (below(100) - 50) / 150.0;
			ph = ph * 0.8 + (below(100) - 50) / 250.0;
			x += 1.5 * cos(th) * cos(ph);
			y += 1.5 * sin(th) * cos(ph);
			z += 1.5 * sin(ph);
			if (!inside((int)x, (int)y, (int)z))
				break;
		}
	}
}

/* A ground floor, and blocks standing on it. */
static void make_towers(void)
{
	size_t n = (size_t)W * H * D;
	int towers = (int)((size_t)W * H / 180) + 2;

	memset(solid, 0, n);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			solid[at(x, y, 0)] = 1;
	for (int t = 0; t < towers; t++) {
		int w = 2 + below(8), h = 2 + below(8), top = 1 + below(D);
		int x0 = below(W), y0 = below(H);
		for (int z = 1; z < top; z++)
			for (int y = y0; y < y0 + h && y < H; y++)
				for (int x = x0; x < x0 + w && x < W; x++)
					solid[at(x, y, z)] = 1;
	}
}

/* Open air with boulders, about a tenth of it. */
static void make_sky(void)
{
	size_t n = (size_t)W * H * D, filled = 0;

	memset(solid, 0, n);
	while (filled < n / 12) {
		int r = 1 + below(4);
		ball(below(W), below(H), below(D), r, 1);
		filled += (size_t)(4 * r * r * r);
	}
}

/* ----------------------------------------------- the search of its own */

static double *dist;
static uint32_t *stamp, *hpos, round_no;
static uint32_t *heap;
static size_t hn;

static int less(uint32_t a, uint32_t b)
{
	return dist[a] < dist[b] || (dist[a] == dist[b] && a < b);
}

static void hset(size_t i, uint32_t v)
{
	heap[i] = v;
	hpos[v] = (uint32_t)i;
}

static void up(size_t i)
{
	uint32_t v = heap[i];

	while (i > 0 && less(v, heap[(i - 1) / 2])) {
		hset(i, heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	hset(i, v);
}

static uint32_t pop(void)
{
	uint32_t top = heap[0], v = heap[--hn];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= hn)
			break;
		if (c + 1 < hn && less(heap[c + 1], heap[c]))
			c++;
		if (!less(heap[c], v))
			break;
		hset(i, heap[c]);
		i = c;
	}
	if (hn > 0)
		hset(i, v);
	hpos[top] = UINT32_MAX;
	return top;
}

static int open_at(int x, int y, int z)
{
	return inside(x, y, z) && !solid[at(x, y, z)];
}

/* The benchmark's rule: every voxel of the box the move spans open. */
static int move_ok(int x, int y, int z, int dx, int dy, int dz)
{
	for (int a = 0; a <= 1; a++)
		for (int b = 0; b <= 1; b++)
			for (int c = 0; c <= 1; c++)
				if ((a || b || c) &&
				    !open_at(x + a * dx, y + b * dy,
				             z + c * dz))
					return 0;
	return 1;
}

/* The cost from s to t, or -1 when t cannot be reached. */
static double dijkstra(size_t s, size_t t)
{
	static const double len[4] = {0, 1, 1.41421356237309504880,
	                              1.73205080756887729353};

	round_no++;
	hn = 0;
	dist[s] = 0;
	stamp[s] = round_no;
	hset(hn++, (uint32_t)s);
	while (hn > 0) {
		uint32_t u = pop();
		int x = (int)(u % W), y = (int)(u / W % H),
		    z = (int)(u / ((size_t)W * H));
		if (u == t)
			return dist[u];
		for (int dz = -1; dz <= 1; dz++)
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					int k = (dx != 0) + (dy != 0) +
					        (dz != 0);
					if (k == 0 ||
					    !move_ok(x, y, z, dx, dy, dz))
						continue;
					size_t v = at(x + dx, y + dy, z + dz);
					double g = dist[u] + len[k];
					if (stamp[v] != round_no) {
						stamp[v] = round_no;
						dist[v] = g;
						hset(hn++, (uint32_t)v);
						up(hn - 1);
					} else if (hpos[v] != UINT32_MAX &&
					           g < dist[v]) {
						dist[v] = g;
						up(hpos[v]);
					}
				}
	}
	return -1;
}

static double octile3(int dx, int dy, int dz)
{
	int a = abs(dx), b = abs(dy), c = abs(dz), t;

	if (a > b)
		t = a, a = b, b = t;
	if (b > c)
		t = b, b = c, c = t;
	if (a > b)
		t = a, a = b, b = t;
	return (c - b) + 1.41421356237309504880 * (b - a) +
	       1.73205080756887729353 * a;
}

static size_t random_open(void)
{
	for (;;) {
		size_t i = at(below(W), below(H), below(D));
		if (!solid[i])
			return i;
	}
}

int main(int argc, char **argv)
{
	char path[4096];
	const char *base;
	FILE *f;
	size_t n;
	int queries, tries = 0;

	if (argc != 8) {
		fprintf(stderr,
		        "usage: voxgen caves|towers|sky W H D SEED QUERIES PREFIX\n");
		return 2;
	}
	W = atoi(argv[2]);
	H = atoi(argv[3]);
	D = atoi(argv[4]);
	rng_state = strtoull(argv[5], NULL, 10);
	queries = atoi(argv[6]);
	if (W < 2 || H < 2 || D < 2 || (size_t)W * H * D > (1u << 31)) {
		fprintf(stderr, "voxgen: bad size\n");
		return 2;
	}
	n = (size_t)W * H * D;
	solid = malloc(n);
	dist = malloc(n * sizeof *dist);
	stamp = calloc(n, sizeof *stamp);
	hpos = malloc(n * sizeof *hpos);
	heap = malloc(n * sizeof *heap);
	if (!solid || !dist || !stamp || !hpos || !heap) {
		fprintf(stderr, "voxgen: out of memory\n");
		return 2;
	}
	if (strcmp(argv[1], "caves") == 0)
		make_caves();
	else if (strcmp(argv[1], "towers") == 0)
		make_towers();
	else
		make_sky();
	snprintf(path, sizeof path, "%s.3dmap", argv[7]);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		return 2;
	}
	fprintf(f, "voxel %d %d %d\n", W, H, D);
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				if (solid[at(x, y, z)])
					fprintf(f, "%d %d %d\n", x, y, z);
	if (fclose(f) != 0)
		return 2;
	base = strrchr(argv[7], '/') ? strrchr(argv[7], '/') + 1 : argv[7];
	snprintf(path, sizeof path, "%s.3dscen", argv[7]);
	if ((f = fopen(path, "w")) == NULL) {
		perror(path);
		return 2;
	}
	fprintf(f, "version 1\n%s.3dmap\n", base);
	for (int q = 0; q < queries && tries < 50 * queries + 100; tries++) {
		size_t s = random_open(), t = random_open();
		double c;
		if (s == t || (c = dijkstra(s, t)) < 0)
			continue;
		int sx = (int)(s % W), sy = (int)(s / W % H),
		    sz = (int)(s / ((size_t)W * H));
		int tx = (int)(t % W), ty = (int)(t / W % H),
		    tz = (int)(t / ((size_t)W * H));
		fprintf(f, "%d %d %d %d %d %d %.8f %.6f\n", sx, sy, sz, tx, ty,
		        tz, c, c / octile3(tx - sx, ty - sy, tz - sz));
		q++;
	}
	return fclose(f) != 0 ? 2 : 0;
}
