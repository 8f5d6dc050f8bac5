/* bench/roads.c - writes a road-like graph in the 9th DIMACS Implementation
 * Challenge format (NAME.gr arcs, NAME.co coordinates, NAME.p2p queries)
 * and, beside them, NAME.costs: every query's optimal cost from a plain
 * Dijkstra of its own, so that the searches timed by bench/graphs.py can be
 * checked against something that shares no code with them.
 *
 * The graph is a jittered lattice: node (row r, column c) sits near
 * (1000 c, 1000 r), moved by up to 350 units each way; each node links to
 * its right and lower neighbours, a link dropped with probability 12%.
 * Every 20th row and column also carries a "highway": straight links
 * between nodes 10 lattice steps apart, nearly as cheap as their length,
 * while ordinary streets cost 10% to 80% more than theirs.  Every link is
 * written as two arcs (both ways, same cost).
 *
 * Costs are integers never below the straight-line length, so the
 * straight-line heuristic is admissible (cost-to-distance ratio >= 1):
 *     L    = ceil(sqrt(dx*dx + dy*dy))    (an exact integer square root)
 *     cost = floor(L * (100 + p) / 100)   with p >= 0 a whole percentage,
 * hence cost >= L >= the Euclidean length.
 *
 * Queries join two random nodes of the largest connected part (s != t).
 * Everything comes from one fixed seed: the same arguments give the same
 * bytes.
 *
 * Usage: roads OUTPREFIX [NODES [QUERIES]]   (defaults 1000000 and 100)
 * Build: cc -O2 -o roads bench/roads.c -lm  (bench/graphs.py does this)
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPACING       1000
#define JITTER        350
#define DROP_PERCENT  12
#define HIGHWAY_EVERY 20
#define HIGHWAY_STEP  10
#define SEED          0x46a5c0ffee46ULL

typedef struct {
	uint32_t u, v, w;
} link;

static uint64_t rng_state = SEED;

/* splitmix64: small, fast and the same everywhere. */
static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint32_t below(uint32_t n)
{
	return (uint32_t)(rnd() % n);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fprintf(stderr, "roads: out of memory\n");
		exit(1);
	}
	return p;
}

/* The smallest integer L with L*L >= d2. */
static uint64_t ceil_sqrt(uint64_t d2)
{
	uint64_t l = (uint64_t)sqrt((double)d2);
	while (l * l > d2)
		l--;
	while (l * l < d2)
		l++;
	return l;
}

static int32_t *xs, *ys;
static link *links;
static size_t nlinks, caplinks;

static void add_link(uint32_t u, uint32_t v, uint32_t pmin, uint32_t pmax)
{
	int64_t dx = (int64_t)xs[u] - xs[v], dy = (int64_t)ys[u] - ys[v];
	uint64_t len = ceil_sqrt((uint64_t)(dx * dx + dy * dy));
	uint64_t p = pmin + below(pmax - pmin + 1);
	if (nlinks == caplinks) {
		caplinks = caplinks ? 2 * caplinks : 1024;
		links = realloc(links, caplinks * sizeof *links);
		if (!links) {
			fprintf(stderr, "roads: out of memory\n");
			exit(1);
		}
	}
	links[nlinks].u = u;
	links[nlinks].v = v;
	links[nlinks].w = (uint32_t)(len * (100 + p) / 100);
	nlinks++;
}

static void make_graph(uint32_t n, uint32_t width)
{
	xs = xmalloc(n * sizeof *xs);
	ys = xmalloc(n * sizeof *ys);
	for (uint32_t k = 0; k < n; k++) {
		xs[k] = (int32_t)(SPACING * (k % width + 1)) - JITTER +
		        (int32_t)below(2 * JITTER + 1);
		ys[k] = (int32_t)(SPACING * (k / width + 1)) - JITTER +
		        (int32_t)below(2 * JITTER + 1);
	}
	for (uint32_t k = 0; k < n; k++) {
		uint32_t c = k % width;
		if (c + 1 < width && k + 1 < n && below(100) >= DROP_PERCENT)
			add_link(k, k + 1, 10, 80);
		if (k + width < n && below(100) >= DROP_PERCENT)
			add_link(k, k + width, 10, 80);
	}
	for (uint32_t k = 0; k < n; k++) {
		uint32_t r = k / width, c = k % width;
		if (c % HIGHWAY_STEP)
			continue;
		if (r % HIGHWAY_EVERY == 0 && c + HIGHWAY_STEP < width &&
		    k + HIGHWAY_STEP < n)
			add_link(k, k + HIGHWAY_STEP, 0, 5);
		if (c % HIGHWAY_EVERY == 0 && r % HIGHWAY_STEP == 0 &&
		    k + (uint64_t)HIGHWAY_STEP * width < n)
			add_link(k, k + HIGHWAY_STEP * width, 0, 5);
	}
}

/* Compressed rows of both arcs of every link, for the reference search. */
static uint32_t *first, *head, *cost;

static void make_rows(uint32_t n)
{
	first = calloc((size_t)n + 1, sizeof *first);
	head = xmalloc(2 * nlinks * sizeof *head);
	cost = xmalloc(2 * nlinks * sizeof *cost);
	if (!first) {
		fprintf(stderr, "roads: out of memory\n");
		exit(1);
	}
	for (size_t i = 0; i < nlinks; i++) {
		first[links[i].u + 1]++;
		first[links[i].v + 1]++;
	}
	for (uint32_t k = 0; k < n; k++)
		first[k + 1] += first[k];
	uint32_t *fill = xmalloc(n * sizeof *fill);
	memcpy(fill, first, n * sizeof *fill);
	for (size_t i = 0; i < nlinks; i++) {
		uint32_t a = fill[links[i].u]++, b = fill[links[i].v]++;
		head[a] = links[i].v;
		cost[a] = links[i].w;
		head[b] = links[i].u;
		cost[b] = links[i].w;
	}
	free(fill);
}

/* Marks the largest connected part (label 1 in part[]) by repeated
 * breadth-first floods; returns its size. */
static uint32_t largest_part(uint32_t n, uint32_t *part)
{
	uint32_t *queue = xmalloc(n * sizeof *queue), best = 0, best_label = 0,
		 label = 0;
	memset(part, 0, n * sizeof *part);
	for (uint32_t s = 0; s < n; s++) {
		if (part[s])
			continue;
		uint32_t qh = 0, qt = 0;
		part[s] = ++label;
		queue[qt++] = s;
		while (qh < qt) {
			uint32_t u = queue[qh++];
			for (uint32_t a = first[u]; a < first[u + 1]; a++)
				if (!part[head[a]]) {
					part[head[a]] = label;
					queue[qt++] = head[a];
				}
		}
		if (qt > best) {
			best = qt;
			best_label = label;
		}
	}
	for (uint32_t k = 0; k < n; k++)
		part[k] = part[k] == best_label;
	free(queue);
	return best;
}

/* The reference: textbook Dijkstra, binary heap of (distance, node) with
 * stale entries skipped, stopped when the target leaves the heap. */
typedef struct {
	uint64_t d;
	uint32_t v;
} entry;

static entry *heap;
static size_t heap_len;

static void push(uint64_t d, uint32_t v)
{
	size_t i = heap_len++;
	while (i > 0 && heap[(i - 1) / 2].d > d) {
		heap[i] = heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	heap[i].d = d;
	heap[i].v = v;
}

static entry pop(void)
{
	entry top = heap[0], last = heap[--heap_len];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= heap_len)
			break;
		if (c + 1 < heap_len && heap[c + 1].d < heap[c].d)
			c++;
		if (heap[c].d >= last.d)
			break;
		heap[i] = heap[c];
		i = c;
	}
	heap[i] = last;
	return top;
}

static int64_t reference(uint32_t n, uint64_t *dist, uint32_t s, uint32_t t)
{
	for (uint32_t k = 0; k < n; k++)
		dist[k] = UINT64_MAX;
	heap_len = 0;
	dist[s] = 0;
	push(0, s);
	while (heap_len) {
		entry e = pop();
		if (e.d != dist[e.v])
			continue;
		if (e.v == t)
			return (int64_t)e.d;
		for (uint32_t a = first[e.v]; a < first[e.v + 1]; a++) {
			uint64_t nd = e.d + cost[a];
			if (nd < dist[head[a]]) {
				dist[head[a]] = nd;
				push(nd, head[a]);
			}
		}
	}
	return -1;
}

static FILE *open_out(const char *prefix, const char *ext)
{
	char path[4096];
	snprintf(path, sizeof path, "%s.%s", prefix, ext);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	static char bufs[4][1 << 20];
	static int next;
	setvbuf(f, bufs[next++ % 4], _IOFBF, sizeof bufs[0]);
	return f;
}

static void close_out(FILE *f)
{
	if (fclose(f)) {
		perror("roads: write");
		exit(1);
	}
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static void write_graph(const char *prefix, uint32_t n, uint32_t width)
{
	FILE *gr = open_out(prefix, "gr"), *co = open_out(prefix, "co");
	fprintf(gr,
	        "c road-like test graph from bench/roads.c: jittered %" PRIu32
	        "-wide lattice, 12%% of streets dropped, highways\n"
	        "c cost = floor(ceil(euclidean length) * (100 + p) / 100), p >= 0\n"
	        "p sp %" PRIu32 " %zu\n",
	        width, n, 2 * nlinks);
	for (size_t i = 0; i < nlinks; i++)
		fprintf(gr,
		        "a %" PRIu32 " %" PRIu32 " %" PRIu32 "\na %" PRIu32
		        " %" PRIu32 " %" PRIu32 "\n",
		        links[i].u + 1, links[i].v + 1, links[i].w,
		        links[i].v + 1, links[i].u + 1, links[i].w);
	close_out(gr);
	fprintf(co, "c coordinates of %s.gr\np aux sp co %" PRIu32 "\n",
	        base_name(prefix), n);
	for (uint32_t k = 0; k < n; k++)
		fprintf(co, "v %" PRIu32 " %" PRId32 " %" PRId32 "\n", k + 1,
		        xs[k], ys[k]);
	close_out(co);
}

static void write_queries(const char *prefix, uint32_t n, uint32_t nq)
{
	uint32_t *part = xmalloc(n * sizeof *part);
	uint64_t *dist = xmalloc(n * sizeof *dist);
	heap = xmalloc(2 * nlinks * sizeof *heap + sizeof *heap);
	uint32_t size = largest_part(n, part);
	if (size < 2) {
		fprintf(stderr, "roads: graph too small for queries\n");
		exit(1);
	}
	FILE *p2p = open_out(prefix, "p2p"), *costs = open_out(prefix, "costs");
	fprintf(p2p,
	        "c %" PRIu32
	        " random queries, both ends in the largest connected part\n"
	        "p aux sp p2p %" PRIu32 "\n",
	        nq, nq);
	fprintf(costs,
	        "c optimal costs of %s.p2p (plain Dijkstra of bench/roads.c): S T COST\n",
	        base_name(prefix));
	for (uint32_t q = 0; q < nq; q++) {
		uint32_t s, t;
		do
			s = below(n);
		while (!part[s]);
		do
			t = below(n);
		while (!part[t] || t == s);
		int64_t c = reference(n, dist, s, t);
		if (c < 0) {
			fprintf(stderr,
			        "roads: query %" PRIu32
			        " has no path (a bug)\n",
			        q + 1);
			exit(1);
		}
		fprintf(p2p, "q %" PRIu32 " %" PRIu32 "\n", s + 1, t + 1);
		fprintf(costs, "%" PRIu32 " %" PRIu32 " %" PRId64 "\n", s + 1,
		        t + 1, c);
	}
	close_out(p2p);
	close_out(costs);
	fprintf(stderr,
	        "roads: %" PRIu32 " nodes, %zu arcs, largest part %" PRIu32
	        " nodes\n",
	        n, 2 * nlinks, size);
	free(part);
	free(dist);
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 4) {
		fprintf(stderr, "usage: roads OUTPREFIX [NODES [QUERIES]]\n");
		return 2;
	}
	long nodes = argc > 2 ? atol(argv[2]) : 1000000,
	     nq = argc > 3 ? atol(argv[3]) : 100;
	if (nodes < 4 || nodes > 200000000L || nq < 1 || nq > 1000000L) {
		fprintf(stderr,
		        "roads: NODES must be 4..200000000 and QUERIES 1..1000000\n");
		return 2;
	}
	uint32_t n = (uint32_t)nodes,
		 width = (uint32_t)ceil(sqrt((double)nodes));
	make_graph(n, width);
	make_rows(n);
	write_graph(argv[1], n, width);
	write_queries(argv[1], n, (uint32_t)nq);
	return 0;
}
