/*
 * fuzz_movingai.c - libFuzzer target for map_read_movingai, map_detect
 * and the search.
 *
 * Input: two option bytes (see fz_decode_options in fuzz_common.h), two
 * bytes choosing the start and two the goal (big-endian k: the k-th open
 * cell in reading order, modulo their number), then the .map text.  The
 * reader's answer is compared with a model reader written from the
 * format's description (a "type ..." line; "height N" and "width N" lines
 * with N from 1 to 1000000, once each, in any order, then "map"; H rows
 * of W cells of ". G S" (open, cost 1) and "@ O T W" (blocked); CRLF and
 * a UTF-8 byte order mark accepted; only empty lines after the rows); a
 * map that reads is searched between the two chosen open cells.
 */
#include "fuzz_common.h"

static int model_cost(unsigned char c)
{
	switch (c) {
	case '.':
	case 'G':
	case 'S':
		return 1;
	case '@':
	case 'O':
	case 'T':
	case 'W':
		return 0;
	}
	return -1;
}

typedef struct cursor {
	const char *p, *end;
} cursor;

static const char *model_line(cursor *c, size_t *n)
{
	const char *s = c->p, *nl;

	if (s >= c->end)
		return NULL;
	nl = memchr(s, '\n', (size_t)(c->end - s));
	*n = nl ? (size_t)(nl - s) : (size_t)(c->end - s);
	c->p = nl ? nl + 1 : c->end;
	if (*n > 0 && s[*n - 1] == '\r')
		(*n)--;
	return s;
}

/* "KEY N": the key, one or more spaces, then digits only; N or -1. */
static long model_number(const char *s, size_t n, const char *key)
{
	size_t k = strlen(key), i = k;
	long v = 0;

	if (n < k || memcmp(s, key, k) != 0)
		return -1;
	if (i >= n || s[i] != ' ')
		return -1;
	while (i < n && s[i] == ' ')
		i++;
	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > ASTAR_DIM_MAX)
			return -1;
	}
	return v >= 1 ? v : -1;
}

/* 0 and the dimensions when the text is a valid map whose cells match
 * the grid g (when not NULL); -1 when it is not a valid map. */
static int model_read(const char *buf, size_t len, size_t max_cells,
                      const astar_grid *g)
{
	cursor c;
	const char *s;
	size_t n;
	long w = 0, h = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	c.p = buf;
	c.end = buf + len;
	s = model_line(&c, &n);
	if (s == NULL || n < 5 || memcmp(s, "type ", 5) != 0)
		return -1;
	for (;;) {
		long v;
		if ((s = model_line(&c, &n)) == NULL)
			return -1;
		if (n == 3 && memcmp(s, "map", 3) == 0)
			break;
		if ((v = model_number(s, n, "height")) > 0 && h == 0)
			h = v;
		else if ((v = model_number(s, n, "width")) > 0 && w == 0)
			w = v;
		else
			return -1;
	}
	if (w == 0 || h == 0)
		return -1;
	if ((unsigned long long)w * (unsigned long long)h > max_cells)
		return -1;
	for (long y = 0; y < h; y++) {
		if ((s = model_line(&c, &n)) == NULL || (long)n != w)
			return -1;
		for (long x = 0; x < w; x++) {
			int cost = model_cost((unsigned char)s[x]);
			if (cost < 0)
				return -1;
			if (g != NULL)
				FZ_CHECK(astar_grid_get(g, (int32_t)x, (int32_t)y) ==
				         cost);
		}
	}
	while ((s = model_line(&c, &n)) != NULL)
		if (n != 0)
			return -1;
	if (g != NULL) {
		FZ_CHECK(astar_grid_width(g) == w);
		FZ_CHECK(astar_grid_height(g) == h);
	}
	return 0;
}

/* The k-th open cell in reading order, modulo their number; 0 when the
 * grid has no open cell. */
static int nth_open(const astar_grid *g, unsigned k, astar_point *p)
{
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	size_t nopen = 0;

	for (int32_t y = 0; y < h; y++)
		for (int32_t x = 0; x < w; x++)
			nopen += astar_grid_get(g, x, y) != 0;
	if (nopen == 0)
		return 0;
	k %= (unsigned)nopen;
	for (int32_t y = 0; y < h; y++)
		for (int32_t x = 0; x < w; x++)
			if (astar_grid_get(g, x, y) != 0 && k-- == 0) {
				p->x = x;
				p->y = y;
				return 1;
			}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	astar_options o;
	size_t max_cells;
	map m;
	map_error err;
	const char *buf;
	size_t len;
	int rc;
	enum map_format fmt;

	if (size < 6)
		return 0;
	fz_decode_options(data[0], data[1], &o);
	max_cells = fz_max_cells(data[1]);
	buf = (const char *)data + 6;
	len = size - 6;

	fmt = map_detect(buf, len);
	FZ_CHECK(fmt == MAPFMT_ASCII || fmt == MAPFMT_JSON ||
	         fmt == MAPFMT_MOVINGAI || fmt == MAPFMT_TILED ||
	         fmt == MAPFMT_LDTK || fmt == MAPFMT_VOXEL);
	memset(&err, 0, sizeof err);
	rc = map_read_movingai(buf, len, max_cells, &m, &err);
	if (rc != 0) {
		FZ_CHECK(rc == -1);
		fz_check_error(&err);
		fz_check_error_place(&err, buf, len);
		fz_check_empty_map(&m);
		FZ_CHECK(model_read(buf, len, max_cells, NULL) != 0);
		map_free(&m);
		return 0;
	}
	fz_check_map(&m, max_cells);
	FZ_CHECK(!m.has_start && !m.has_goal && m.nqueries == 0);
	FZ_CHECK(fmt == MAPFMT_MOVINGAI);
	FZ_CHECK(model_read(buf, len, max_cells, m.grid) == 0);

	if ((int64_t)astar_grid_width(m.grid) * astar_grid_height(m.grid) <=
	    FZ_SEARCH_MAX_CELLS) {
		astar_point s, t;
		unsigned ks = (unsigned)data[2] << 8 | data[3];
		unsigned kt = (unsigned)data[4] << 8 | data[5];
		if (nth_open(m.grid, ks, &s) && nth_open(m.grid, kt, &t)) {
			astar_ctx *ctx = astar_ctx_new();
			FZ_CHECK(ctx != NULL);
			fz_check_search(ctx, m.grid, s, t, &o);
			fz_check_transposed(ctx, m.grid, s, t, &o);
			astar_ctx_free(ctx);
		}
	}
	map_free(&m);
	return 0;
}
