/*
 * map.c - what every map reader shares: telling the formats apart,
 * reporting an error at a place, naming a character in a message,
 * checking a map's size against --max-cells (and an infinite map's
 * against the cells its chunks cover), reading a number through one
 * checked conversion (whole where the format says so, in range, no
 * silent truncation), and freeing a map.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

size_t map_bom(const char *buf, size_t len)
{
	return len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

/* The end of the JSON string that starts at s[i] (its quote): the index
 * of its closing quote, or len when it has none. */
static size_t string_end(const char *s, size_t len, size_t i)
{
	for (i++; i < len && s[i] != '"'; i++)
		if (s[i] == '\\')
			i++;
	return i < len ? i : len;
}

static size_t skip_space(const char *s, size_t len, size_t i)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' ||
	                   s[i] == '\n'))
		i++;
	return i;
}

/* The editors' keys: a member of the top-level object with one of
 * these names (and value, when given) tells its editor. */
static const struct {
	const char *key, *value;
	enum map_format fmt;
} editor_keys[] = {
	{"\"tiledversion\"", NULL, MAPFMT_TILED},
	{"\"type\"", "\"map\"", MAPFMT_TILED},
	{"\"jsonVersion\"", NULL, MAPFMT_LDTK},
	{"\"__header__\"", NULL, MAPFMT_LDTK},
};

/* The editor whose key the member at s[i] (its key's quote, ending at
 * e) is, or MAPFMT_JSON. */
static enum map_format editor_key(const char *s, size_t len, size_t i,
                                  size_t e)
{
	size_t j = skip_space(s, len, e + 1);

	if (j >= len || s[j] != ':')
		return MAPFMT_JSON;
	j = skip_space(s, len, j + 1);
	for (size_t k = 0; k < sizeof editor_keys / sizeof *editor_keys; k++) {
		const char *key = editor_keys[k].key, *v = editor_keys[k].value;
		size_t kl = strlen(key), vl = v ? strlen(v) : 0;
		if (e + 1 - i == kl && memcmp(s + i, key, kl) == 0 &&
		    (v == NULL || (len - j >= vl && memcmp(s + j, v, vl) == 0)))
			return editor_keys[k].fmt;
	}
	return MAPFMT_JSON;
}

/* A JSON object: an editor's file by the keys its editor always writes
 * among the members of its own (Tiled sorts its keys, so "tiledversion"
 * may come last; members of the objects and arrays inside do not count,
 * so that a level's point named like an editor's key does not make it
 * that editor's file), else a JSON level.  One pass over the text. */
static enum map_format json_flavour(const char *s, size_t len)
{
	long depth = 0;

	for (size_t i = 0, e; i < len; i++) {
		if (s[i] == '{' || s[i] == '[') {
			depth++;
		} else if (s[i] == '}' || s[i] == ']') {
			if (--depth <= 0)
				return MAPFMT_JSON;
		} else if (s[i] == '"') {
			enum map_format f;
			if ((e = string_end(s, len, i)) == len)
				return MAPFMT_JSON;
			if (depth == 1 &&
			    (f = editor_key(s, len, i, e)) != MAPFMT_JSON)
				return f;
			i = e;
		}
	}
	return MAPFMT_JSON;
}

enum map_format map_detect(const char *buf, size_t len)
{
	size_t i = map_bom(buf, len);

	if (len - i >= 5 && memcmp(buf + i, "type ", 5) == 0)
		return MAPFMT_MOVINGAI;
	if (len - i >= 6 && memcmp(buf + i, "voxel ", 6) == 0)
		return MAPFMT_VOXEL;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' ||
	                   buf[i] == '\n'))
		i++;
	if (i < len && buf[i] == '<')
		return MAPFMT_TILED;
	if (i < len && buf[i] == '{')
		return json_flavour(buf + i, len - i);
	if (i < len && buf[i] == '[')
		return MAPFMT_JSON;
	return MAPFMT_ASCII;
}

void map_free(map *m)
{
	astar_grid_free(m->grid);
	astar_voxels_free(m->voxels);
	free(m->heights);
	if (m->vlevel != NULL) {
		for (size_t i = 0; i < m->vlevel->nqueries; i++) {
			free(m->vlevel->queries[i].name);
			free(m->vlevel->queries[i].starts);
			free(m->vlevel->queries[i].goals);
			free(m->vlevel->queries[i].blocks);
		}
		free(m->vlevel->queries);
		for (size_t i = 0; i < m->vlevel->nreach; i++)
			free(m->vlevel->reach[i].to);
		free(m->vlevel->reach);
		free(m->vlevel->pz);
		free(m->vlevel);
	}
	for (size_t i = 0; i < m->nqueries; i++) {
		free(m->queries[i].expect.path);
		free(m->queries[i].starts);
		free(m->queries[i].goals);
		free(m->queries[i].name);
		free(m->queries[i].blocks);
	}
	free(m->queries);
	for (size_t i = 0; i < m->nreach; i++) {
		free(m->reach[i].from);
		free(m->reach[i].to);
		free(m->reach[i].from_text);
	}
	free(m->reach);
	for (size_t i = 0; i < m->npoints; i++) {
		free(m->points[i].name);
		free(m->points[i].kind);
	}
	if (m->chosen != NULL) {
		map_chosen *c = m->chosen;
		for (size_t i = 0; i < c->nlayers; i++)
			free(c->layers[i]);
		free(c->layers);
		free(c->walls);
		free(c->start);
		free(c->goal);
		free(c->start_by);
		free(c->goal_by);
		free(c->why);
		free(c->file);
		free(c->place);
		for (size_t i = 0; i < 256; i++)
			free(c->causes[i]);
		free(c);
	}
	free(m->points);
	free(m->index);
	free(m->level);
	if (m->world_free != NULL)
		m->world_free(m->world);
	memset(m, 0, sizeof *m);
}

int map_vfail(map_error *err, long line, long col, const char *fmt, va_list ap)
{
	err->line = line;
	err->col = col;
	err->file[0] = '\0';
	vsnprintf(err->msg, MAP_MSG_MAX, fmt, ap);
	return -1;
}

int map_fail(map_error *err, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	map_vfail(err, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

const char *map_char_name(int c, char out[8])
{
	c &= 0xff;
	if (c == '\r')
		strcpy(out, "\\r");
	else if (c == '\t')
		strcpy(out, "\\t");
	else if (c < 0x20 || c >= 0x7f)
		snprintf(out, 8, "\\x%02x", (unsigned)c);
	else
		snprintf(out, 8, "%c", c);
	return out;
}

/* The rule's message: NAME must be ... from LO to HI, not WHAT. */
int map_number_say(const map_number *r, const char *what, char *msg,
                   size_t size)
{
	snprintf(msg, size, "%s must be a %snumber from %.15g to %.15g, not %s",
	         r->name, r->whole ? "whole " : "", r->lo, r->hi, what);
	return -1;
}

/* Whether s is a decimal number, whole or (real set) with a fraction and
 * an exponent: the forms every editor writes; strtod would also take
 * spaces, hex, inf and nan. */
static int decimal_syntax(const char *s, int real)
{
	size_t digits = 0;

	if (*s == '-' || *s == '+')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits++;
	if (real && *s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits++;
	if (digits == 0)
		return 0;
	if (real && (*s == 'e' || *s == 'E')) {
		digits = 0;
		if (*++s == '-' || *s == '+')
			s++;
		for (; *s >= '0' && *s <= '9'; s++)
			digits++;
		if (digits == 0)
			return 0;
	}
	return *s == '\0';
}

int map_number_text(const map_number *r, const char *s, double *out, char *msg,
                    size_t size)
{
	char shown[200], c8[8];
	size_t n = 0;
	int num = decimal_syntax(s, 1);

	/* The text as written, cut short and escaped; quoted when it is
	 * no number at all. */
	if (!num)
		shown[n++] = '"';
	for (size_t i = 0; s[i] && i < 40; i++)
		n += (size_t)snprintf(shown + n, sizeof shown - n, "%s",
		                      map_char_name(s[i], c8));
	snprintf(shown + n, sizeof shown - n, "%s%s",
	         strlen(s) > 40 ? "..." : "", num ? "" : "\"");
	if (!num || (r->whole && !decimal_syntax(s, 0)))
		return map_number_say(r, shown, msg, size);
	*out = strtod(s, NULL);
	if (!(*out >= r->lo && *out <= r->hi))
		return map_number_say(r, shown, msg, size);
	return 0;
}

int map_number_value(const map_number *r, double v, double *out, char *msg,
                     size_t size)
{
	char shown[40];

	snprintf(shown, sizeof shown, "%.15g", v);
	if (!(v >= r->lo && v <= r->hi) || (r->whole && v != floor(v)))
		return map_number_say(r, shown, msg, size);
	*out = v;
	return 0;
}

int map_check_size(long width, long height, size_t max_cells, long line,
                   map_error *err)
{
	unsigned long long n =
		(unsigned long long)width * (unsigned long long)height;
	unsigned long long padded = (unsigned long long)(width + 2) *
	                            (unsigned long long)(height + 2);

	if (n <= max_cells && padded <= ASTAR_SEARCH_CELLS_MAX)
		return 0;
	if (n > MAP_MAX_CELLS_LIMIT)
		return map_fail(err, line, line > 0 ? 1 : 0,
		                "the map has %ldx%ld = %llu cells, more than "
		                "astar can search (%llu)",
		                width, height, n, MAP_MAX_CELLS_LIMIT);
	if (padded > ASTAR_SEARCH_CELLS_MAX)
		return map_fail(
			err, line, line > 0 ? 1 : 0,
			"the map has %ldx%ld cells, %llu with the border "
			"of one cell astar keeps around it, more than it "
			"can search (%llu)",
			width, height, padded, ASTAR_SEARCH_CELLS_MAX);
	return map_fail(err, line, line > 0 ? 1 : 0,
	                "the map has %ldx%ld = %llu cells, more than the limit "
	                "of %zu (raise it with --max-cells)",
	                width, height, n, max_cells);
}

int map_check_sparse(long width, long height, unsigned long long covered,
                     const char *what, int given, long line,
                     map_error *err)
{
	unsigned long long n =
		(unsigned long long)width * (unsigned long long)height;

	/* covered * ratio < n, without overflow */
	if (!given && n > MAP_SPARSE_CELLS &&
	    covered <= (n - 1) / MAP_SPARSE_RATIO)
		return map_fail(err, line, line > 0 ? 1 : 0,
		                "%s spans %ldx%ld = %llu cells and its chunks "
		                "cover %llu: an infinite map over %d times "
		                "larger than its chunks is refused (allow it "
		                "with --max-cells=%llu)",
		                what, width, height, n, covered,
		                MAP_SPARSE_RATIO, n);
	return 0;
}
