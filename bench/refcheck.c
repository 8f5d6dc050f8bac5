/*
 * refcheck.c - checks a sample of a scenario file's optimal lengths with
 * a Dijkstra that shares no code with the library: the movement rules are
 * the reference model's (tests/unit/reference.c, written from the
 * specification), the search a plain binary heap here.  bench/gen.py's
 * lengths come from the library itself; this is their independent check.
 *
 * Usage: refcheck MAP SCEN SAMPLES [POLICY]
 * MAP is a Moving AI map ('.', 'G', 'S' open at cost 1) or an ASCII map
 * ('#' blocked, '1'..'9' the cost, '.' 1); moves are the scenario rule,
 * diagonals with no obstacle at either corner, unless POLICY names
 * another diagonal rule (never, always, at-most-one-obstacle,
 * no-obstacles: the generated always/ files' lengths are for always).
 * SAMPLES queries, spread evenly over the file, are checked; exit 0 when
 * all match within 1e-6 relative, 1 when one differs, 2 on bad input.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/unit/reference.h"

typedef struct item {
	double d;
	size_t cell;
} item;

typedef struct pq {
	item *v;
	size_t n, cap;
} pq;

static void push(pq *q, item it)
{
	size_t i;

	if (q->n == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 1024;
		q->v = realloc(q->v, q->cap * sizeof *q->v);
		if (q->v == NULL) {
			perror("refcheck");
			exit(2);
		}
	}
	for (i = q->n++; i > 0 && q->v[(i - 1) / 2].d > it.d; i = (i - 1) / 2)
		q->v[i] = q->v[(i - 1) / 2];
	q->v[i] = it;
}

static item pop(pq *q)
{
	item top = q->v[0], last = q->v[--q->n];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= q->n)
			break;
		if (c + 1 < q->n && q->v[c + 1].d < q->v[c].d)
			c++;
		if (last.d <= q->v[c].d)
			break;
		q->v[i] = q->v[c];
		i = c;
	}
	if (q->n > 0)
		q->v[i] = last;
	return top;
}

/* The cost of the shortest path from (sx, sy) to (gx, gy), or -1. */
static double dijkstra(const ref_grid *g, astar_diagonal pol, int sx, int sy,
                       int gx, int gy, double *dist)
{
	pq q = {NULL, 0, 0};
	size_t goal = (size_t)gy * g->w + gx;
	double found = -1;

	for (size_t i = 0; i < (size_t)g->w * g->h; i++)
		dist[i] = INFINITY;
	dist[(size_t)sy * g->w + sx] = 0;
	push(&q, (item){0, (size_t)sy * g->w + sx});
	while (q.n > 0) {
		item it = pop(&q);
		int x = (int)(it.cell % g->w), y = (int)(it.cell / g->w);

		if (it.d > dist[it.cell])
			continue;
		if (it.cell == goal) {
			found = it.d;
			break;
		}
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				size_t v = (size_t)(y + dy) * g->w + (x + dx);
				double nd;
				if (!ref_move_legal(g, pol, x, y, dx, dy, -1,
				                    -1))
					continue;
				nd = it.d + ref_step_cost(g, x, y, dx, dy);
				if (nd < dist[v]) {
					dist[v] = nd;
					push(&q, (item){nd, v});
				}
			}
	}
	free(q.v);
	return found;
}

static int cell_cost(int c)
{
	if (c == '.' || c == 'G' || c == 'S')
		return 1;
	if (c >= '1' && c <= '9')
		return c - '0';
	return 0;
}

/* Reads MAP into g; returns 0 or -1. */
static int read_map(const char *path, ref_grid *g)
{
	FILE *f = fopen(path, "r");
	char line[1 << 14];
	int movingai = 0, y = 0;

	if (f == NULL || fgets(line, sizeof line, f) == NULL)
		return -1;
	if (strncmp(line, "type ", 5) == 0) {
		movingai = 1;
		if (fscanf(f, "height %d\nwidth %d\nmap\n", &g->h, &g->w) != 2)
			return -1;
	} else {
		g->w = (int)strcspn(line, "\r\n");
		g->h = 1;
		while (fgets(line + 0, sizeof line, f) != NULL)
			g->h += line[0] != '\n';
		rewind(f);
	}
	g->cost = calloc((size_t)g->w * g->h, 1);
	if (g->cost == NULL)
		return -1;
	for (y = 0; y < g->h && fgets(line, sizeof line, f) != NULL; y++)
		for (int x = 0; x < g->w; x++)
			g->cost[(size_t)y * g->w + x] = (uint8_t)cell_cost(line[x]);
	(void)movingai;
	fclose(f);
	return y == g->h ? 0 : -1;
}

/* The diagonal rule named s, or -1. */
static int policy(const char *s)
{
	static const char *const names[] = {"never", "always",
	                                    "at-most-one-obstacle",
	                                    "no-obstacles"};
	static const astar_diagonal pols[] = {
		ASTAR_DIAG_NEVER, ASTAR_DIAG_ALWAYS, ASTAR_DIAG_ONE_OBSTACLE,
		ASTAR_DIAG_NO_OBSTACLES};

	for (int k = 0; k < 4; k++)
		if (strcmp(s, names[k]) == 0)
			return (int)pols[k];
	return -1;
}

int main(int argc, char **argv)
{
	ref_grid g;
	FILE *f;
	char line[4096], name[1024];
	int n = 0, samples, checked = 0, bad = 0;
	int pol = argc == 5 ? policy(argv[4]) : (int)ASTAR_DIAG_NO_OBSTACLES;
	double *dist;

	if (argc < 4 || argc > 5 || pol < 0 || read_map(argv[1], &g) != 0 ||
	    (f = fopen(argv[2], "r")) == NULL) {
		fprintf(stderr, "usage: refcheck MAP SCEN SAMPLES [POLICY] "
		                "(bad input)\n");
		return 2;
	}
	samples = atoi(argv[3]);
	while (fgets(line, sizeof line, f) != NULL)
		n++;
	n--; /* the version line */
	rewind(f);
	dist = malloc((size_t)g.w * g.h * sizeof *dist);
	if (dist == NULL || fgets(line, sizeof line, f) == NULL)
		return 2;
	for (int i = 0; i < n && fgets(line, sizeof line, f) != NULL; i++) {
		int b, w, h, sx, sy, gx, gy;
		double want, got;
		/* every (n / samples)-th line, the last one included */
		if (samples < n && (i + 1) % (n / samples) != 0 && i != n - 1)
			continue;
		if (sscanf(line, "%d %1023s %d %d %d %d %d %d %lf", &b, name, &w,
		           &h, &sx, &sy, &gx, &gy, &want) != 9)
			return 2;
		got = dijkstra(&g, (astar_diagonal)pol, sx, sy, gx, gy, dist);
		checked++;
		if (fabs(got - want) > 1e-6 * (want > 1 ? want : 1)) {
			fprintf(stderr, "refcheck: %s line %d: %.8f, reference %.8f\n",
			        argv[2], i + 2, want, got);
			bad++;
		}
	}
	printf("refcheck: %s: checked %d, failed %d\n", argv[2], checked, bad);
	return bad ? 1 : 0;
}
