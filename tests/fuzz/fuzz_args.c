/*
 * fuzz_args.c - libFuzzer target for the option parsers of src/args.c.
 *
 * The input is split at NUL bytes into up to eight strings, and each
 * string goes to every parser.  When a parser accepts, its postconditions
 * from src/args.h are checked, and the value is compared with what the
 * string says read by a model: value_point gives |x|, |y| <= ASTAR_DIM_MAX
 * and the string is exactly "X,Y", each an optional '-' and decimal
 * digits; value_weight gives a
 * finite number >= 1 equal to strtod's reading of the whole string,
 * written in decimal;
 * value_count gives lo <= v <= hi and the string is all digits; value_shard
 * gives 1 <= k <= n <= 1000000 from "K/N"; value_tolerance a finite
 * number >= 0; value_cells 1 .. 2^32 - 2; the name lookups give a value
 * whose name (value_diagonal_name, ...) is the string and which is one of the
 * names listed in VALUE_DIAGONAL_NAMES, ...  A parser that refuses must leave
 * its outputs unchanged.  Canonical spellings (no leading zeros) that the
 * contract allows must be accepted.
 */
#include <errno.h>
#include <limits.h>

#include "value.h"
#include "fuzz_common.h"

#define MAX_STRINGS 8

/* A decimal number in s[0..n): digits only, no leading zero unless it is
 * "0", value at most max.  Returns the value or -1; *canonical is cleared
 * when the spelling has a leading zero. */
static long long digits(const char *s, size_t n, long long max, int *canonical)
{
	long long v = 0;

	if (n == 0)
		return -1;
	if (n > 1 && s[0] == '0')
		*canonical = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > max)
			return -1;
	}
	return v;
}

/* Nonzero when name is one of the comma-and-space separated list. */
static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	for (;;) {
		const char *q = strstr(p, ", ");
		size_t k = q ? (size_t)(q - p) : strlen(p);
		if (k == n && memcmp(p, name, n) == 0)
			return 1;
		if (q == NULL)
			return 0;
		p = q + 2;
	}
}

/* A coordinate in s[0..n): an optional '-', then digits (see digits);
 * 0 with *v set, or -1. */
static int coord(const char *s, size_t n, long long *v, int *canonical)
{
	int neg = n > 0 && s[0] == '-';
	long long d = digits(s + neg, n - (size_t)neg, ASTAR_DIM_MAX,
	                     canonical);

	if (d < 0)
		return -1;
	*v = neg ? -d : d;
	return 0;
}

static void check_point(const char *s)
{
	astar_point p = {-7, -7};
	const char *comma = strchr(s, ',');
	int canonical = 1, ok = 0;
	long long x = 0, y = 0;

	if (comma)
		ok = coord(s, (size_t)(comma - s), &x, &canonical) == 0 &&
		     coord(comma + 1, strlen(comma + 1), &y, &canonical) == 0;
	if (value_point(s, &p) == 0) {
		FZ_CHECK(p.x >= -ASTAR_DIM_MAX && p.x <= ASTAR_DIM_MAX);
		FZ_CHECK(p.y >= -ASTAR_DIM_MAX && p.y <= ASTAR_DIM_MAX);
		FZ_CHECK(ok && x == p.x && y == p.y);
	} else {
		FZ_CHECK(p.x == -7 && p.y == -7);
		FZ_CHECK(!(ok && canonical));
	}
}

/* strtod's reading of all of s, or NAN when it does not read all of it,
 * the value overflows or s is not written in decimal: only digits, '.',
 * 'e', 'E' and signs (so no hex, "inf", "nan" or spaces).  A value that
 * underflows is strtod's tiny or zero result. */
static double model_number(const char *s)
{
	char *end;
	double v;

	if (s[strspn(s, "0123456789.eE+-")] != '\0')
		return NAN;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0' || (errno != 0 && errno != ERANGE) ||
	    !isfinite(v))
		return NAN;
	return v;
}

static void check_weight(const char *s)
{
	double w = -7.0, m = model_number(s);

	if (value_weight(s, &w) == 0) {
		FZ_CHECK(isfinite(w) && w >= 1.0);
		FZ_CHECK(w == m);
	} else {
		FZ_CHECK(w == -7.0);
		FZ_CHECK(!(isfinite(m) && m >= 1.0));
	}
}

static void check_tolerance(const char *s)
{
	double t = -7.0, m = model_number(s);

	if (value_tolerance(s, &t) == 0) {
		FZ_CHECK(isfinite(t) && t >= 0.0);
		FZ_CHECK(t == m);
	} else {
		FZ_CHECK(t == -7.0);
		FZ_CHECK(!(isfinite(m) && m >= 0.0));
	}
}

static void check_count(const char *s, int lo, int hi)
{
	int v = -7, canonical = 1;
	long long m = digits(s, strlen(s), hi, &canonical);

	if (value_count(s, lo, hi, &v) == 0) {
		FZ_CHECK(v >= lo && v <= hi);
		FZ_CHECK(m == v);
	} else {
		FZ_CHECK(v == -7);
		FZ_CHECK(!(m >= lo && canonical));
	}
}

static void check_shard(const char *s)
{
	int k = -7, n = -7, canonical = 1;
	const char *slash = strchr(s, '/');
	long long mk = -1, mn = -1;

	if (slash) {
		mk = digits(s, (size_t)(slash - s), 1000000, &canonical);
		mn = digits(slash + 1, strlen(slash + 1), 1000000, &canonical);
	}
	if (value_shard(s, &k, &n) == 0) {
		FZ_CHECK(1 <= k && k <= n && n <= 1000000);
		FZ_CHECK(mk == k && mn == n);
	} else {
		FZ_CHECK(k == -7 && n == -7);
		FZ_CHECK(!(mk >= 1 && mn >= 1 && mk <= mn && canonical));
	}
}

static void check_cells(const char *s)
{
	size_t v = 7;
	int canonical = 1;
	long long m = digits(s, strlen(s), 4294967294LL, &canonical);

	if (value_cells(s, 4294967294ULL, &v) == 0) {
		FZ_CHECK(v >= 1 && v <= 4294967294ULL);
		FZ_CHECK(m == (long long)v);
	} else {
		FZ_CHECK(v == 7);
		FZ_CHECK(!(m >= 1 && canonical));
	}
}

static void check_names(const char *s)
{
	astar_diagonal d = (astar_diagonal)77;
	astar_heuristic h = (astar_heuristic)77;
	astar_algorithm a = (astar_algorithm)77;

	if (value_diagonal(s, &d) == 0) {
		FZ_CHECK(strcmp(value_diagonal_name(d), s) == 0);
		FZ_CHECK(listed(VALUE_DIAGONAL_NAMES, s));
	} else {
		FZ_CHECK((int)d == 77);
		FZ_CHECK(!listed(VALUE_DIAGONAL_NAMES, s));
	}
	if (value_heuristic(s, &h) == 0) {
		FZ_CHECK(strcmp(value_heuristic_name(h), s) == 0);
		FZ_CHECK(listed(VALUE_HEURISTIC_NAMES, s));
	} else {
		FZ_CHECK((int)h == 77);
		FZ_CHECK(!listed(VALUE_HEURISTIC_NAMES, s));
	}
	if (value_algorithm(s, &a) == 0) {
		FZ_CHECK(strcmp(value_algorithm_name(a), s) == 0);
		FZ_CHECK(listed(VALUE_ALGORITHM_NAMES, s));
	} else {
		FZ_CHECK((int)a == 77);
		/* auto is listed for --algorithm, but it is the CLI's
		 * (options.c asks astar_choose per map), no algorithm of
		 * the library's. */
		FZ_CHECK(!listed(VALUE_ALGORITHM_NAMES, s) ||
		         strcmp(s, "auto") == 0);
	}
	/* The names of values outside the enumerations. */
	FZ_CHECK(strcmp(value_diagonal_name((astar_diagonal)77), "?") == 0);
	FZ_CHECK(strcmp(value_heuristic_name((astar_heuristic)-1), "?") == 0);
	FZ_CHECK(strcmp(value_algorithm_name((astar_algorithm)77), "?") == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* One copy with a NUL after every piece, so that the last piece is
	 * terminated too and every string ends where its bytes end. */
	char *copy = fz_alloc(size + 1);
	size_t start = 0;
	int nstrings = 0;

	memcpy(copy, data, size);
	copy[size] = '\0';
	while (start <= size && nstrings < MAX_STRINGS) {
		const char *s = copy + start;
		size_t n = strlen(s);
		char *own = fz_alloc(n + 1); /* exactly sized, for ASan */

		memcpy(own, s, n + 1);
		check_point(own);
		check_weight(own);
		check_tolerance(own);
		check_count(own, 1, 1024);
		check_count(own, 0, INT_MAX);
		check_shard(own);
		check_cells(own);
		check_names(own);
		free(own);
		start += n + 1;
		nstrings++;
	}
	free(copy);
	return 0;
}
