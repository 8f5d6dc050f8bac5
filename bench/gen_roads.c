/*
 * gen_roads.c - a deterministic road-like graph for the graph benchmark,
 * in DIMACS files: a side x side lattice of junctions, each moved by a
 * random jitter, joined to its right and lower neighbours both ways,
 * some of those roads left out, every 32nd row and column a faster
 * highway; a road's cost is its straight-line length times 1.3 to 1.8
 * (a highway's 1.0 to 1.05), rounded up to a whole number, so no arc
 * costs less than its length.  Also 100 point-to-point queries between
 * random junctions.  Not part of the build: `cc -O2 -o gen_roads
 * bench/gen_roads.c -lm`, then `gen_roads SIDE SEED PREFIX` writes
 * PREFIX.gr, PREFIX.co and PREFIX.p2p.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t state;

static uint64_t next(void)
{
	uint64_t z = (state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static double unit(void)
{
	return (double)(next() >> 11) / 9007199254740992.0;
}

#define SPACING 1000.0
#define HIGHWAY 32

static long side;
static double *xs, *ys;

static long cost(long a, long b, int fast)
{
	double len = hypot(xs[a] - xs[b], ys[a] - ys[b]);
	double f = fast ? 1.0 + 0.05 * unit() : 1.3 + 0.5 * unit();

	return (long)ceil(len * f);
}

/* Writes the arcs of the lattice's roads, both ways, into out; returns
 * how many (count only when out is NULL, with the same draws). */
static long roads(FILE *out, uint64_t seed)
{
	long m = 0;

	state = seed;
	for (long y = 0; y < side; y++)
		for (long x = 0; x < side; x++)
			for (int d = 0; d < 2; d++) {
				long a = y * side + x, b = d ? a + side : a + 1;
				int fast = d ? x % HIGHWAY == 0 : y % HIGHWAY == 0;
				int off = unit() < 0.12 && !fast;
				long c;

				if ((d && y + 1 == side) || (!d && x + 1 == side) || off)
					continue;
				c = cost(a, b, fast);
				if (out != NULL)
					fprintf(out, "a %ld %ld %ld\na %ld %ld %ld\n", a + 1,
					        b + 1, c, b + 1, a + 1, c);
				m += 2;
			}
	return m;
}

int main(int argc, char **argv)
{
	char path[4096];
	FILE *f;
	uint64_t seed;
	long n, m;

	if (argc != 4 || (side = atol(argv[1])) < 2)
		return fprintf(stderr, "usage: gen_roads SIDE SEED PREFIX\n"), 2;
	seed = strtoull(argv[2], NULL, 10);
	n = side * side;
	xs = malloc(n * sizeof *xs);
	ys = malloc(n * sizeof *ys);
	state = seed ^ 0x5eed;
	for (long i = 0; i < n; i++) {
		xs[i] = round((i % side) * SPACING + (unit() - 0.5) * 0.6 * SPACING);
		ys[i] = round((i / side) * SPACING + (unit() - 0.5) * 0.6 * SPACING);
	}
	m = roads(NULL, seed);
	snprintf(path, sizeof path, "%s.gr", argv[3]);
	f = fopen(path, "w");
	fprintf(f, "c road-like lattice, side %ld, seed %llu\np sp %ld %ld\n",
	        side, (unsigned long long)seed, n, m);
	roads(f, seed);
	fclose(f);
	snprintf(path, sizeof path, "%s.co", argv[3]);
	f = fopen(path, "w");
	fprintf(f, "p aux sp co %ld\n", n);
	for (long i = 0; i < n; i++)
		fprintf(f, "v %ld %.0f %.0f\n", i + 1, xs[i], ys[i]);
	fclose(f);
	snprintf(path, sizeof path, "%s.p2p", argv[3]);
	f = fopen(path, "w");
	fprintf(f, "p aux sp p2p 100\n");
	state = seed ^ 0xfeed;
	for (int q = 0; q < 100; q++)
		fprintf(f, "q %ld %ld\n", (long)(next() % n) + 1,
		        (long)(next() % n) + 1);
	fclose(f);
	return 0;
}
