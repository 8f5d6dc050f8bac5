/*
 * scen.c - the Moving AI scenario reader (see scen.h).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scen.h"
#include "base/value.h"

#define NFIELDS 9

static const char *const field_names[NFIELDS] = {
	"bucket",  "map",    "map width", "map height",    "start x",
	"start y", "goal x", "goal y",    "optimal length"};

void scen_free(scen *s)
{
	for (size_t i = 0; i < s->n; i++) {
		if (s->entries[i].owns_map)
			free(s->entries[i].map);
		free(s->entries[i].err);
	}
	free(s->entries);
	memset(s, 0, sizeof *s);
}

/* Marks e bad with the error at column col; 0, or -1 when out of memory.
 * Only a bad line holds a map_error (some 270 bytes): a file of millions
 * of good lines would otherwise carry one each for nothing. */
static int bad_line(scen_entry *e, long col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad_line(scen_entry *e, long col, const char *fmt, ...)
{
	va_list ap;

	if ((e->err = malloc(sizeof *e->err)) == NULL)
		return -1;
	e->bad = 1;
	va_start(ap, fmt);
	map_vfail(e->err, e->line, col, fmt, ap);
	va_end(ap);
	return 0;
}

/* Splits the n bytes at s into fields separated by tabs or spaces, at
 * most NFIELDS + 1 into f and fl.  Returns their number, NFIELDS + 2
 * when there are more. */
static int split_fields(const char *s, size_t n, const char **f, size_t *fl)
{
	int nf = 0;

	for (size_t i = 0; i < n;) {
		while (i < n && (s[i] == '\t' || s[i] == ' '))
			i++;
		if (i == n)
			break;
		if (nf == NFIELDS + 1)
			return nf + 1;
		f[nf] = s + i;
		while (i < n && s[i] != '\t' && s[i] != ' ')
			i++;
		fl[nf] = (size_t)(s + i - f[nf]);
		nf++;
	}
	return nf;
}

/*
 * The plain decimal at f (n bytes: digits, at most one point, at least
 * one digit; nothing else), as strtod would read it, into *v and its
 * digits after the point into *decimals; 0 when it is not that plain or
 * too long for this (the caller then asks strtod).  With at most 15
 * digits the digits are a whole number below 2^53, exact in a double,
 * as is 10^k for k <= 22; one correctly rounded division of the two is
 * then the correctly rounded value of the decimal, which is what strtod
 * gives (Clinger's fast path), and costs a fraction of it.
 */
static int plain_decimal(const char *f, size_t n, double *v, int *decimals)
{
	static const double pow10[16] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
	                                 1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
	                                 1e12, 1e13, 1e14, 1e15};
	uint64_t m = 0;
	size_t digits = 0, point = n;

	for (size_t i = 0; i < n; i++) {
		if (f[i] >= '0' && f[i] <= '9') {
			m = m * 10 + (uint64_t)(f[i] - '0');
			digits++;
		} else if (f[i] == '.' && point == n) {
			point = i;
		} else {
			return 0;
		}
	}
	if (digits == 0 || digits > 15)
		return 0;
	*decimals = point == n ? 0 : (int)(n - point - 1);
	*v = (double)m / pow10[*decimals];
	return 1;
}

/* Reads the optimal length, the n bytes at f, into e->optimal and the
 * decimals it was written with into e->decimals (-1 with an exponent).
 * The whole field must be a decimal number (value_decimal): not hex, no
 * text after it, and no NUL inside it.  An underflow (ERANGE with a
 * finite result) reads as the tiny number it is.  Returns 0, 1 when the
 * field is no such number, or -1 when out of memory. */
static int parse_optimal(const char *f, size_t n, scen_entry *e)
{
	char small[64], *num;
	int bad;

	if (plain_decimal(f, n, &e->optimal, &e->decimals))
		return 0;
	num = n < sizeof small ? small : malloc(n + 1);
	if (num == NULL)
		return -1;
	memcpy(num, f, n);
	num[n] = '\0';
	errno = 0;
	bad = strlen(num) != n || !value_decimal(num) ||
	      (e->optimal = strtod(num, NULL),
	       (errno != 0 && errno != ERANGE)) ||
	      !isfinite(e->optimal) || e->optimal < 0;
	if (!bad) {
		const char *dot = memchr(num, '.', n);
		e->decimals = dot ? (int)(n - (size_t)(dot - num) - 1) : 0;
		if (strpbrk(num, "eE") != NULL)
			e->decimals = -1;
	}
	if (num != small)
		free(num);
	return bad;
}

/* Parses one query line into e; on error marks e bad.  The map field
 * shares prev (the map of the last good line, or NULL) when it is the
 * same.  Returns -1 only when out of memory. */
static int parse_line(const char *s, size_t n, scen_entry *e, const char *prev)
{
	const char *f[NFIELDS + 1];
	size_t fl[NFIELDS + 1];
	int nf = split_fields(s, n, f, fl), rc;
	long v[NFIELDS];

	if (nf != NFIELDS) {
		return bad_line(e, 1, "expected %d fields, got %s%d", NFIELDS,
		                nf > NFIELDS ? "more than " : "",
		                nf > NFIELDS ? NFIELDS : nf);
	}
	for (int k = 0; k < NFIELDS - 1; k++) {
		if (k == 1)
			continue;
		if (value_digits(f[k], fl[k], ASTAR_DIM_MAX, &v[k]) != 0) {
			return bad_line(
				e, (long)(f[k] - s) + 1,
				"%s: expected a whole number from 0 to %d",
				field_names[k], ASTAR_DIM_MAX);
		}
	}
	if (memchr(f[1], '\0', fl[1]) != NULL) {
		return bad_line(e, (long)(f[1] - s) + 1,
		                "map: contains a NUL byte");
	}
	if ((rc = parse_optimal(f[8], fl[8], e)) != 0)
		return rc < 0 ? -1
		              : bad_line(
					e, (long)(f[8] - s) + 1,
					"optimal length: expected a number >= 0");
	e->opt_off = (size_t)(f[8] - s); /* in the line, for now */
	e->opt_len = fl[8];
	e->width = (int32_t)v[2];
	e->height = (int32_t)v[3];
	e->start.x = (int32_t)v[4];
	e->start.y = (int32_t)v[5];
	e->goal.x = (int32_t)v[6];
	e->goal.y = (int32_t)v[7];
	if (prev != NULL && strlen(prev) == fl[1] &&
	    memcmp(prev, f[1], fl[1]) == 0) {
		e->map = (char *)prev;
		return 0;
	}
	if ((e->map = malloc(fl[1] + 1)) == NULL)
		return -1;
	memcpy(e->map, f[1], fl[1]);
	e->map[fl[1]] = '\0';
	e->owns_map = 1;
	return 0;
}

/* A voxel scenario's query line, "sx sy sz gx gy gz cost ratio", into
 * e, whose map is vmap; on error marks e bad.  -1 only when out of
 * memory. */
static int parse_voxel_line(const char *s, size_t n, scen_entry *e,
                            char *vmap)
{
	static const char *const names[6] = {"start x", "start y", "start z",
	                                     "goal x",  "goal y",  "goal z"};
	const char *f[NFIELDS + 1];
	size_t fl[NFIELDS + 1];
	int nf = split_fields(s, n, f, fl), rc;
	long v[6];

	e->voxel = 1;
	e->map = vmap;
	if (nf != 8)
		return bad_line(e, 1, "expected 8 fields (sx sy sz gx gy gz cost "
		                "ratio), got %s%d",
		                nf > NFIELDS ? "more than " : "",
		                nf > NFIELDS ? NFIELDS : nf);
	for (int k = 0; k < 6; k++)
		if (value_digits(f[k], fl[k], ASTAR_DIM_MAX, &v[k]) != 0)
			return bad_line(e, (long)(f[k] - s) + 1,
			                "%s: expected a whole number from 0 to %d",
			                names[k], ASTAR_DIM_MAX);
	if ((rc = parse_optimal(f[6], fl[6], e)) != 0)
		return rc < 0 ? -1
		              : bad_line(e, (long)(f[6] - s) + 1,
		                         "cost: expected a number >= 0");
	e->opt_off = (size_t)(f[6] - s);
	e->opt_len = fl[6];
	e->start.x = (int32_t)v[0];
	e->start.y = (int32_t)v[1];
	e->sz = (int32_t)v[2];
	e->goal.x = (int32_t)v[3];
	e->goal.y = (int32_t)v[4];
	e->gz = (int32_t)v[5];
	return 0;
}

/* The header line a scenario must start with. */
static int is_version(const char *l, size_t n)
{
	return (n == 9 && memcmp(l, "version 1", 9) == 0) ||
	       (n == 11 && memcmp(l, "version 1.0", 11) == 0);
}

/* A voxel scenario's map line: one field, a file name (a query line
 * has eight or nine). */
static int voxel_map_line(const char *l, size_t n)
{
	size_t i = 0;

	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	while (i < n && l[i] != ' ' && l[i] != '\t')
		i++;
	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	return i == n;
}

/* Blank lines, as at the end of some files, are skipped. */
static int is_blank(const char *l, size_t n)
{
	size_t i = 0;
	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	return i == n;
}

/* Appends the query line l (at offset l - buf, line number line) to s;
 * *prev follows the map of the last good line.  -1 when out of memory,
 * with what was allocated left in s to be freed. */
static int add_entry(scen *s, size_t *cap, const char *buf, const char *l,
                     size_t n, long line, const char **prev, char *vmap)
{
	scen_entry *e;

	if (s->n == *cap) {
		size_t nc = *cap ? *cap * 2 : 256;
		scen_entry *ne = realloc(s->entries, nc * sizeof *ne);
		if (ne == NULL)
			return -1;
		s->entries = ne;
		*cap = nc;
	}
	e = &s->entries[s->n];
	memset(e, 0, sizeof *e);
	e->line = line;
	if ((vmap != NULL ? parse_voxel_line(l, n, e, vmap)
	                  : parse_line(l, n, e, *prev)) != 0) {
		s->n++; /* what it allocated is freed with the rest */
		return -1;
	}
	if (!e->bad) {
		if (vmap == NULL)
			*prev = e->map;
		e->opt_off += (size_t)(l - buf);
	}
	s->n++;
	return 0;
}

int scen_read(const char *buf, size_t len, scen *s, map_error *err)
{
	const char *p = buf, *end = buf + len;
	size_t cap = 0;
	long line = 0;
	int seen_version = 0;
	const char *prev = NULL; /* the map of the last good line */
	char *vmap = NULL; /* a voxel scenario's map */
	int nomem = 0;

	memset(s, 0, sizeof *s);
	if (len > 0 && map_bom(buf, len) == len)
		p = end; /* a byte order mark alone: empty */
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *l = p;

		p = nl ? nl + 1 : end;
		line++;
		if (n > 0 && l[n - 1] == '\r')
			n--;
		if (line == 1) {
			size_t bom = map_bom(l, n);
			l += bom;
			n -= bom;
		}
		if (!seen_version) {
			if (is_version(l, n)) {
				seen_version = 1;
				continue;
			}
			scen_free(s);
			return map_fail(
				err, line, 1,
				"expected 'version 1' on the first line");
		}
		if (is_blank(l, n))
			continue;
		if (seen_version == 1 && voxel_map_line(l, n)) {
			/* A voxel scenario: every line's map is this one,
			 * owned by the first entry (or freed here). */
			seen_version = 2;
			if ((vmap = malloc(n + 1)) == NULL) {
				nomem = 1;
				break;
			}
			memcpy(vmap, l, n);
			vmap[n] = '\0';
			continue;
		}
		seen_version = 3;
		if (add_entry(s, &cap, buf, l, n, line, &prev, vmap) != 0) {
			nomem = 1;
			break;
		}
	}
	if (nomem) {
		free(vmap);
		scen_free(s);
		return map_fail(err, 0, 0, "out of memory");
	}
	if (!seen_version)
		return map_fail(err, 0, 0, "empty scenario file");
	if (vmap != NULL && s->n > 0)
		s->entries[0].owns_map = 1;
	else
		free(vmap);
	return 0;
}
