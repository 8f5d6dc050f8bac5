/*
 * fuzz_ascii.c - libFuzzer target for map_read_ascii and the search.
 *
 * Input: two option bytes (see fz_decode_options in fuzz_common.h), then
 * the map text.  The reader's answer is compared with a model reader
 * written from the format's description (one row per line; '.', '#',
 * 'S', 'G', '1'..'9'; CRLF, a missing final newline, trailing empty lines
 * and a UTF-8 byte order mark accepted; at most one S and one G; the
 * max_cells limit).  A map that reads is searched from its S to its G,
 * or from (0,0) to (w-1,h-1) when a marker is missing, under the options,
 * and the result is checked by fz_check_search (and on the transposed
 * map by fz_check_transposed; b1 bits 5-6 also search a blown-up copy).
 */
#include "fuzz_common.h"

/* Cost of a map character, 0 for a wall, -1 when unknown. */
static int model_cost(unsigned char c)
{
	if (c == '.' || c == 'S' || c == 'G')
		return 1;
	if (c == '#')
		return 0;
	if (c >= '1' && c <= '9')
		return c - '0';
	return -1;
}

typedef struct model_map {
	size_t w, h;
	const char **row; /* h pointers into the text, w bytes each */
	int has_s, has_g;
	size_t sx, sy, gx, gy;
} model_map;

/* Cuts p..end into lines (a CR before the newline dropped), into line[]
 * and llen[]; returns how many lines are rows: all up to the last
 * nonempty one, the rest being trailing empty lines. */
static size_t model_lines(const char *p, const char *end, const char **line,
                          size_t *llen)
{
	size_t nlines = 0, last_nonempty = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		line[nlines] = p;
		llen[nlines] = n;
		nlines++;
		if (n > 0)
			last_nonempty = nlines;
		p = nl ? nl + 1 : end;
	}
	return last_nonempty;
}

/* Notes the marker c ('S' or 'G', else nothing) at (x,y); -1 when the map
 * has one already. */
static int model_marker(model_map *mm, unsigned char c, size_t x, size_t y)
{
	int *has = c == 'S' ? &mm->has_s : &mm->has_g;

	if (c != 'S' && c != 'G')
		return 0;
	if (*has)
		return -1;
	*has = 1;
	*(c == 'S' ? &mm->sx : &mm->gx) = x;
	*(c == 'S' ? &mm->sy : &mm->gy) = y;
	return 0;
}

/* Reads mm->h rows of the first row's width, every character a known
 * one and at most one S and one G; -1 if not. */
static int model_rows(model_map *mm, const char **line, const size_t *llen)
{
	mm->w = llen[0];
	for (size_t y = 0; y < mm->h; y++) {
		if (llen[y] != mm->w || llen[y] == 0)
			return -1;
		for (size_t x = 0; x < mm->w; x++) {
			unsigned char c = (unsigned char)line[y][x];
			if (model_cost(c) < 0)
				return -1;
			if (model_marker(mm, c, x, y) != 0)
				return -1;
		}
	}
	return 0;
}

/* 0 when the text is a valid map (fills *mm; free mm->row), -1 if not. */
static int model_read(const char *buf, size_t len, size_t max_cells,
                      model_map *mm)
{
	const char *p = buf, *end = buf + len;
	const char **line;
	size_t *llen;

	memset(mm, 0, sizeof *mm);
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	line = fz_alloc((len + 1) * sizeof *line);
	llen = fz_alloc((len + 1) * sizeof *llen);
	mm->h = model_lines(p, end, line, llen);
	if (mm->h == 0 || model_rows(mm, line, llen) != 0)
		goto bad;
	if (mm->w > ASTAR_DIM_MAX || mm->h > ASTAR_DIM_MAX ||
	    (unsigned long long)mm->w * mm->h > max_cells)
		goto bad;
	mm->row = line;
	free(llen);
	return 0;
bad:
	free(line);
	free(llen);
	memset(mm, 0, sizeof *mm);
	return -1;
}

/* A refused text: the reader's message and its place, an empty map, and
 * the model refuses it too; map_char_name, the helper behind the
 * messages, names the input's first bytes. */
static void check_refused(const char *buf, size_t len, int rc, int mrc, map *m,
                          const map_error *err)
{
	char cn[8];

	FZ_CHECK(rc == -1);
	fz_check_error(err);
	fz_check_error_place(err, buf, len);
	fz_check_empty_map(m);
	FZ_CHECK(mrc != 0);
	map_free(m);
	for (size_t i = 0; i < len && i < 4; i++) {
		map_char_name((unsigned char)buf[i], cn);
		FZ_CHECK(memchr(cn, '\0', sizeof cn) != NULL && cn[0]);
	}
}

/* The grid is the text: the model's size, every cell's cost, S and G. */
static void model_compare(const model_map *mm, const map *m)
{
	FZ_CHECK((size_t)astar_grid_width(m->grid) == mm->w);
	FZ_CHECK((size_t)astar_grid_height(m->grid) == mm->h);
	for (size_t y = 0; y < mm->h; y++)
		for (size_t x = 0; x < mm->w; x++)
			FZ_CHECK(astar_grid_get(m->grid, (int32_t)x,
			                        (int32_t)y) ==
			         model_cost((unsigned char)mm->row[y][x]));
	FZ_CHECK(m->has_start == mm->has_s && m->has_goal == mm->has_g);
	if (mm->has_s)
		FZ_CHECK((size_t)m->start.x == mm->sx &&
		         (size_t)m->start.y == mm->sy);
	if (mm->has_g)
		FZ_CHECK((size_t)m->goal.x == mm->gx &&
		         (size_t)m->goal.y == mm->gy);
}

/* The map searched S to G (or corner to corner), also transposed, and
 * with b1 bits 5-6 the same query on the map blown up 4, 12 or 40 times,
 * all on one context. */
static void search_map(const map *m, const astar_options *o, uint8_t b1)
{
	astar_ctx *ctx = astar_ctx_new();
	astar_point s, t;

	FZ_CHECK(ctx != NULL);
	fz_endpoints(m, &s, &t);
	fz_check_search(ctx, m->grid, s, t, o);
	fz_check_transposed(ctx, m->grid, s, t, o);
	if ((b1 >> 5) & 3) {
		static const int32_t scale[4] = {1, 4, 12, 40};
		int32_t k = scale[(b1 >> 5) & 3];
		astar_grid *big = fz_scaled(m->grid, k);
		if (big != NULL) {
			astar_point bs = {s.x * k, s.y * k};
			astar_point bt = {t.x * k, t.y * k};
			fz_check_search(ctx, big, bs, bt, o);
			astar_grid_free(big);
		}
	}
	astar_ctx_free(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	astar_options o;
	size_t max_cells;
	map m;
	map_error err;
	model_map mm;
	int rc, mrc;
	const char *buf;
	size_t len;

	if (size < 2)
		return 0;
	fz_decode_options(data[0], data[1], &o);
	max_cells = fz_max_cells(data[1]);
	buf = (const char *)data + 2;
	len = size - 2;

	memset(&err, 0, sizeof err);
	rc = map_read_ascii(buf, len, max_cells, &m, &err);
	mrc = model_read(buf, len, max_cells, &mm);
	if (rc != 0) {
		check_refused(buf, len, rc, mrc, &m, &err);
		return 0;
	}
	FZ_CHECK(rc == 0);
	FZ_CHECK(mrc == 0);
	fz_check_map(&m, max_cells);
	FZ_CHECK(map_detect(buf, len) == MAPFMT_ASCII);
	FZ_CHECK(m.queries == NULL && m.nqueries == 0);
	model_compare(&mm, &m);
	free(mm.row);
	search_map(&m, &o, data[1]);
	map_free(&m);
	return 0;
}
