/*
 * graph_dimacs.c - the line formats of graphs: the 9th DIMACS
 * Implementation Challenge's .gr ("p sp N M", "a U V W"), .co ("p aux sp
 * co N", "v ID X Y"), .p2p ("q S T") and .ss ("s S") files, and plain
 * edge lists ("FROM TO [COST]", "#" comments).  Every error is placed at
 * its line and the column of the word at fault.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "graph_file.h"

/* A cursor over the lines of a text and the words of its line. */
typedef struct cursor {
	const char *p, *end; /* the rest of the text */
	const char *bol, *eol; /* the current line */
	const char *w;         /* the next word */
	long line;
} cursor;

/* A cursor at the start of buf, past a UTF-8 byte order mark, which
 * every reader of astar skips. */
static cursor start(const char *buf, size_t len)
{
	cursor c = {buf, buf + len, NULL, NULL, NULL, 0};

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		c.p += 3;
	return c;
}

static int next_line(cursor *c)
{
	if (c->p >= c->end)
		return 0;
	c->bol = c->w = c->p;
	c->eol = memchr(c->p, '\n', (size_t)(c->end - c->p));
	if (c->eol == NULL)
		c->eol = c->end;
	c->p = c->eol < c->end ? c->eol + 1 : c->end;
	c->line++;
	return 1;
}

static int blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/* The next word of the line: its start and length (0 at the end). */
static size_t word(cursor *c, const char **s)
{
	const char *e;

	while (c->w < c->eol && blank(*c->w))
		c->w++;
	for (e = c->w; e < c->eol && !blank(*e); e++)
		;
	*s = c->w;
	c->w = e;
	return (size_t)(e - *s);
}

static long col(const cursor *c, const char *s)
{
	return (long)(s - c->bol) + 1;
}

/* A whole number word into *v; 0 or -1. */
static int whole(const char *s, size_t n, unsigned long long *v)
{
	char tmp[24];
	char *end;

	if (n == 0 || n >= sizeof tmp || s[0] < '0' || s[0] > '9')
		return -1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	errno = 0;
	*v = strtoull(tmp, &end, 10);
	return *end == '\0' && errno == 0 ? 0 : -1;
}

/* A finite number word into *v; 0 or -1. */
static int number(const char *s, size_t n, double *v)
{
	char tmp[64];
	char *end;

	if (n == 0 || n >= sizeof tmp)
		return -1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	*v = strtod(tmp, &end);
	return *end == '\0' && isfinite(*v) ? 0 : -1;
}

/* A node number word, 1..n, into a node index. */
static int node_word(cursor *c, size_t n, uint32_t *v, map_error *err)
{
	const char *s;
	size_t len = word(c, &s);
	unsigned long long k;

	if (whole(s, len, &k) != 0 || k < 1 || k > n)
		return map_fail(err, c->line, col(c, s),
		                "node '%.*s' is not a number from 1 to %zu",
		                (int)(len < 40 ? len : 40), s, n);
	*v = (uint32_t)(k - 1);
	return 0;
}

static int line_end(cursor *c, map_error *err)
{
	const char *s;

	if (word(c, &s) != 0)
		return map_fail(err, c->line, col(c, s), "unexpected '%.*s'",
		                (int)(c->eol - s < 40 ? c->eol - s : 40), s);
	return 0;
}

/* "p KIND ..." with the words after "p" matched against kind; the count
 * that follows into *n. */
static int problem(cursor *c, const char *const *kind, unsigned long long *n,
                   map_error *err)
{
	const char *s;
	size_t len;

	for (; *kind != NULL; kind++) {
		len = word(c, &s);
		if (len != strlen(*kind) || memcmp(s, *kind, len) != 0)
			return map_fail(err, c->line, col(c, s), "expected 'p %s'",
			                kind[0]);
	}
	len = word(c, &s);
	if (whole(s, len, n) != 0)
		return map_fail(err, c->line, col(c, s), "expected a count");
	return 0;
}

/* The "p sp N M" line: the nodes made, numbered 1..N at 0,0,0. */
static int gr_problem(cursor *c, graph_file *f, unsigned long long *m,
                      size_t max_cells, map_error *err)
{
	static const char *const sp[] = {"sp", NULL};
	unsigned long long n;
	const char *s;
	size_t len;

	if (f->numbered)
		return map_fail(err, c->line, 1, "a second 'p' line");
	if (problem(c, sp, &n, err) != 0)
		return -1;
	len = word(c, &s);
	if (whole(s, len, m) != 0)
		return map_fail(err, c->line, col(c, s), "expected the arc count");
	if (n > ASTAR_GRAPH_MAX || *m > ASTAR_GRAPH_MAX || n + *m > max_cells)
		return map_fail(err, c->line, 1,
		                "the graph has %llu nodes and %llu arcs, more than "
		                "--max-cells=%zu together",
		                n, *m, max_cells);
	f->numbered = 1;
	f->n = f->cap_n = (size_t)n;
	f->xyz = calloc(3 * (n ? n : 1), sizeof *f->xyz);
	f->walk = malloc(n ? n : 1);
	f->arcs = malloc((*m ? *m : 1) * sizeof *f->arcs);
	if (f->xyz == NULL || f->walk == NULL || f->arcs == NULL)
		return map_fail(err, 0, 0, "out of memory");
	f->cap_m = (size_t)*m;
	memset(f->walk, 1, n);
	return line_end(c, err);
}

/* "a U V W". */
static int gr_arc(cursor *c, graph_file *f, unsigned long long m,
                  map_error *err)
{
	uint32_t u, v;
	const char *s;
	size_t len;
	double w;

	if (!f->numbered)
		return map_fail(err, c->line, 1, "an arc before the 'p sp' line");
	if (node_word(c, f->n, &u, err) != 0 || node_word(c, f->n, &v, err) != 0)
		return -1;
	len = word(c, &s);
	if (number(s, len, &w) != 0 || w < 0)
		return map_fail(err, c->line, col(c, s),
		                "expected a cost >= 0, got '%.*s'",
		                (int)(len < 40 ? len : 40), s);
	if (f->m >= m)
		return map_fail(err, c->line, 1,
		                "more arcs than the 'p sp' line's %llu", m);
	f->arcs[f->m].from = u;
	f->arcs[f->m].to = v;
	f->arcs[f->m++].cost = w;
	return line_end(c, err);
}

static int read_gr(const char *buf, size_t len, size_t max_cells,
                   graph_file *f, map_error *err)
{
	cursor c = start(buf, len);
	unsigned long long m = 0;
	long pline = 0;

	while (next_line(&c)) {
		const char *s;
		size_t n = word(&c, &s);

		if (n == 0 || (n == 1 && s[0] == 'c'))
			continue;
		if (n == 1 && s[0] == 'p') {
			pline = c.line;
			if (gr_problem(&c, f, &m, max_cells, err) != 0)
				return -1;
		} else if (n == 1 && s[0] == 'a') {
			if (gr_arc(&c, f, m, err) != 0)
				return -1;
		} else {
			return map_fail(err, c.line, col(&c, s),
			                "expected a 'c', 'p' or 'a' line");
		}
	}
	if (!f->numbered)
		return map_fail(err, 1, 1, "no 'p sp N M' line");
	if (f->m != m)
		return map_fail(err, pline, 1,
		                "the 'p sp' line says %llu arcs, the file has %zu",
		                m, f->m);
	return 0;
}

/* A .co file: "p aux sp co N" (N the graph's), "v ID X Y". */
static int read_co(const char *buf, size_t len, graph_file *f,
                   map_error *err)
{
	static const char *const co[] = {"aux", "sp", "co", NULL};
	cursor c = start(buf, len);
	unsigned long long n;

	while (next_line(&c)) {
		const char *s;
		size_t k = word(&c, &s);
		uint32_t v;
		double xy[2];

		if (k == 0 || (k == 1 && s[0] == 'c'))
			continue;
		if (k == 1 && s[0] == 'p') {
			if (problem(&c, co, &n, err) != 0)
				return -1;
			if (n != f->n)
				return map_fail(err, c.line, 1,
				                "%llu coordinates for a graph of %zu nodes",
				                n, f->n);
			continue;
		}
		if (k != 1 || s[0] != 'v')
			return map_fail(err, c.line, col(&c, s),
			                "expected a 'c', 'p' or 'v' line");
		if (node_word(&c, f->n, &v, err) != 0)
			return -1;
		for (int i = 0; i < 2; i++) {
			k = word(&c, &s);
			if (number(s, k, &xy[i]) != 0)
				return map_fail(err, c.line, col(&c, s),
				                "expected a coordinate");
		}
		f->xyz[3 * (size_t)v] = xy[0];
		f->xyz[3 * (size_t)v + 1] = xy[1];
		if (line_end(&c, err) != 0)
			return -1;
	}
	f->has_pos = 1;
	return 0;
}

int graph_read_dimacs(const char *buf, size_t len, const char *co_buf,
                      size_t co_len, size_t max_cells, graph_file *f,
                      map_error *err, int *co_err)
{
	memset(f, 0, sizeof *f);
	*co_err = 0;
	if (read_gr(buf, len, max_cells, f, err) != 0) {
		graph_file_free(f);
		return -1;
	}
	if (co_buf != NULL && read_co(co_buf, co_len, f, err) != 0) {
		*co_err = 1;
		graph_file_free(f);
		return -1;
	}
	return 0;
}

/* One query line's nodes into a new query ("q S T"; "s S"). */
static int add_query(cursor *c, graph_file *f, int pair, map_error *err)
{
	graph_query *q = &f->queries[f->nqueries];

	memset(q, 0, sizeof *q);
	q->line = c->line;
	q->col = 1;
	q->starts = malloc(sizeof *q->starts);
	q->goals = malloc(sizeof *q->goals);
	if (q->starts == NULL || q->goals == NULL) {
		free(q->starts);
		free(q->goals);
		return map_fail(err, 0, 0, "out of memory");
	}
	f->nqueries++;
	q->nstarts = q->ngoals = 1;
	if (node_word(c, f->n, q->starts, err) != 0)
		return -1;
	q->goals[0] = q->starts[0];
	if (pair && node_word(c, f->n, q->goals, err) != 0)
		return -1;
	return line_end(c, err);
}

int graph_read_queries(const char *buf, size_t len, graph_file *f,
                       map_error *err)
{
	cursor c = start(buf, len);
	size_t cap = 0;

	while (next_line(&c)) {
		const char *s;
		size_t k = word(&c, &s);

		if (k == 0 || (k == 1 && (s[0] == 'c' || s[0] == 'p')))
			continue;
		if (k != 1 || (s[0] != 'q' && s[0] != 's'))
			return map_fail(err, c.line, col(&c, s),
			                "expected a 'c', 'p', 'q' or 's' line");
		if (f->nqueries == cap) {
			graph_query *g = realloc(f->queries, (cap ? 2 * cap : 64) *
			                                             sizeof *g);
			if (g == NULL)
				return map_fail(err, 0, 0, "out of memory");
			f->queries = g;
			cap = cap ? 2 * cap : 64;
		}
		f->sources = s[0] == 's';
		if (add_query(&c, f, s[0] == 'q', err) != 0)
			return -1;
	}
	return 0;
}

/* An edge list's node by its word, made on first sight. */
static int edge_node(cursor *c, graph_file *f, uint32_t *v, map_error *err)
{
	const char *s;
	size_t n = word(c, &s);
	char id[256];

	if (n == 0 || n >= sizeof id)
		return map_fail(err, c->line, col(c, s),
		                n ? "a node name of 256 bytes or more"
		                  : "expected FROM TO [COST]");
	memcpy(id, s, n);
	id[n] = '\0';
	if (graph_file_find(f, id, v) == 0)
		return 0;
	if (graph_file_node(f, id, 0, 0, 0, 1) != 0)
		return map_fail(err, 0, 0, "out of memory");
	*v = (uint32_t)(f->n - 1);
	return 0;
}

static int edge_line(cursor *c, graph_file *f, int oneway, map_error *err)
{
	uint32_t a, b;
	const char *s;
	size_t n;
	double w = 1;

	if (edge_node(c, f, &a, err) != 0 || edge_node(c, f, &b, err) != 0)
		return -1;
	n = word(c, &s);
	if (n > 0 && (number(s, n, &w) != 0 || w < 0))
		return map_fail(err, c->line, col(c, s),
		                "expected a cost >= 0, got '%.*s'",
		                (int)(n < 40 ? n : 40), s);
	if (graph_file_arc(f, a, b, w) != 0 ||
	    (!oneway && graph_file_arc(f, b, a, w) != 0))
		return map_fail(err, 0, 0, "out of memory");
	return line_end(c, err);
}

int graph_read_edges(const char *buf, size_t len, int oneway,
                     size_t max_cells, graph_file *f, map_error *err)
{
	cursor c = start(buf, len);

	memset(f, 0, sizeof *f);
	while (next_line(&c)) {
		const char *s;

		const char *hash = memchr(c.bol, '#', (size_t)(c.eol - c.bol));

		if (hash != NULL)
			c.eol = hash;
		if (word(&c, &s) == 0)
			continue;
		c.w = s;
		if (edge_line(&c, f, oneway, err) != 0 ||
		    (f->n + f->m > max_cells &&
		     map_fail(err, c.line, 1, "the graph has more than "
		              "--max-cells=%zu nodes and arcs together",
		              max_cells) != 0)) {
			graph_file_free(f);
			return -1;
		}
	}
	if (graph_file_finish(f, max_cells, err) != 0) {
		graph_file_free(f);
		return -1;
	}
	return 0;
}
