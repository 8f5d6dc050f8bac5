/*
 * value.c - option values: coordinates, the weight, and the names of the
 * diagonal policies, heuristics and algorithms.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "value.h"

int value_decimal(const char *s)
{
	int digits = 0;

	if (*s == '+' || *s == '-')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits++;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits++;
	if (digits == 0)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == '\0';
}

static const char *const diagonal_names[] = {
	"never", "always", "at-most-one-obstacle", "no-obstacles"};
static const char *const heuristic_names[] = {
	"default", "manhattan", "euclidean", "octile", "chebyshev", "zero"};
static const char *const algorithm_names[] = {"astar", "dijkstra", "bfs",
                                              "greedy", "jps"};
static const char *const wrap_names[] = {"none", "x", "y", "xy"};

const char VALUE_DIAGONAL_NAMES[] =
	"never, always, at-most-one-obstacle, no-obstacles";
const char VALUE_HEURISTIC_NAMES[] =
	"manhattan, euclidean, octile, chebyshev, zero";
const char VALUE_ALGORITHM_NAMES[] = "astar, dijkstra, bfs, greedy, jps, auto";

#define COUNT(a) (int)(sizeof(a) / sizeof((a)[0]))

static int lookup(const char *s, const char *const *names, int n, int first)
{
	for (int i = first; i < n; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

/* One decimal integer from -ASTAR_DIM_MAX to ASTAR_DIM_MAX; advances *s
 * past it.  Negative ones are an infinite Tiled map's editor coordinates
 * (whether a cell is inside the map is judged per map). */
static int coordinate(const char **s, int32_t *v)
{
	const char *p = *s;
	int neg = *p == '-';
	long n = 0;

	p += neg;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (*p - '0');
		if (n > ASTAR_DIM_MAX)
			return -1;
	}
	*v = (int32_t)(neg ? -n : n);
	*s = p;
	return 0;
}

int value_point(const char *s, astar_point *p)
{
	astar_point q;

	if (coordinate(&s, &q.x) != 0 || *s++ != ',' ||
	    coordinate(&s, &q.y) != 0 || *s != '\0')
		return -1;
	*p = q;
	return 0;
}

/* A floor's name as a point's third part: not a number, no comma. */
static int place_name(const char *s)
{
	if (*s == '\0' || *s == '-' || (*s >= '0' && *s <= '9'))
		return 0;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' &&
		    *s != '.' && *s != ' ')
			return 0;
	return 1;
}

int value_place(const char *s, astar_point *p, int *third, int32_t *t,
                const char **tname)
{
	astar_point q;
	int32_t z = 0;

	if (coordinate(&s, &q.x) != 0 || *s++ != ',' ||
	    coordinate(&s, &q.y) != 0)
		return -1;
	if (*s == '\0') {
		*p = q;
		*third = 0;
		return 0;
	}
	if (*s++ != ',')
		return -1;
	if (place_name(s)) {
		*p = q;
		*third = 2;
		*tname = s;
		return 0;
	}
	if (coordinate(&s, &z) != 0 || *s != '\0')
		return -1;
	*p = q;
	*third = 1;
	*t = z;
	return 0;
}

/* In the number readers below, strtod's ERANGE is an overflow to
 * HUGE_VAL, which isfinite refuses, or an underflow to a value at or near
 * 0, which is still the number written, as near as a double goes. */
/* Parses a finite decimal number >= min into *out.  Returns 0 or -1. */
static int number_from(const char *s, double min, double *out)
{
	char *end;
	double v;

	if (!value_decimal(s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0' || (errno != 0 && errno != ERANGE) ||
	    !isfinite(v) || v < min)
		return -1;
	*out = v;
	return 0;
}

int value_weight(const char *s, double *w)
{
	return number_from(s, 1.0, w);
}

int value_diagonal(const char *s, astar_diagonal *out)
{
	int i = lookup(s, diagonal_names, COUNT(diagonal_names), 0);

	if (i < 0)
		return -1;
	*out = (astar_diagonal)i;
	return 0;
}

int value_heuristic(const char *s, astar_heuristic *out)
{
	int i = lookup(s, heuristic_names, COUNT(heuristic_names), 1);

	if (i < 0)
		return -1;
	*out = (astar_heuristic)i;
	return 0;
}

int value_algorithm(const char *s, astar_algorithm *out)
{
	int i = lookup(s, algorithm_names, COUNT(algorithm_names), 0);

	if (i < 0)
		return -1;
	*out = (astar_algorithm)i;
	return 0;
}

int value_wrap(const char *s, astar_wrap *out)
{
	int i = lookup(s, wrap_names, COUNT(wrap_names), 0);

	if (i < 0)
		return -1;
	*out = (astar_wrap)i;
	return 0;
}

const char *value_wrap_name(astar_wrap w)
{
	return (int)w >= 0 && (int)w < COUNT(wrap_names) ? wrap_names[w] : "?";
}

const char *value_diagonal_name(astar_diagonal d)
{
	return (int)d >= 0 && (int)d < COUNT(diagonal_names) ? diagonal_names[d]
	                                                     : "?";
}

const char *value_heuristic_name(astar_heuristic h)
{
	return (int)h >= 0 && (int)h < COUNT(heuristic_names)
	               ? heuristic_names[h]
	               : "?";
}

const char *value_algorithm_name(astar_algorithm a)
{
	return (int)a >= 0 && (int)a < COUNT(algorithm_names)
	               ? algorithm_names[a]
	               : "?";
}

int value_digits(const char *s, size_t n, long max, long *out)
{
	long v = 0;

	if (n == 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > max)
			return -1;
	}
	*out = v;
	return 0;
}

/* value_count of the n bytes at s. */
static int count_n(const char *s, size_t n, int lo, int hi, int *out)
{
	long v;

	if (value_digits(s, n, hi, &v) != 0 || v < lo)
		return -1;
	*out = (int)v;
	return 0;
}

int value_count(const char *s, int lo, int hi, int *out)
{
	return count_n(s, strlen(s), lo, hi, out);
}

int value_shard(const char *s, int *k, int *n)
{
	const char *slash = strchr(s, '/');
	int kv, nv;

	if (slash == NULL ||
	    count_n(s, (size_t)(slash - s), 1, 1000000, &kv) != 0 ||
	    value_count(slash + 1, 1, 1000000, &nv) != 0 || kv > nv)
		return -1;
	*k = kv;
	*n = nv;
	return 0;
}

int value_tolerance(const char *s, double *t)
{
	return number_from(s, 0.0, t);
}

int value_cells(const char *s, unsigned long long max, size_t *out)
{
	unsigned long long v = 0;

	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (unsigned long long)(*s - '0');
		if (v > max)
			return -1;
	}
	if (v == 0)
		return -1;
	*out = (size_t)v;
	return 0;
}
