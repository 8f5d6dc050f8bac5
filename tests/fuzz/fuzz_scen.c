/*
 * fuzz_scen.c - libFuzzer target for scen_read.
 *
 * The input is the scenario file.  Every entry, bad ones included, is
 * walked and its fields touched, and the whole answer is compared with a
 * model reader written from the contract in src/scen.h: a first line
 * "version 1" or "version 1.0" (after an optional UTF-8 byte order mark;
 * CRLF accepted), then one entry per line that is not blank (spaces and
 * tabs only), in order, each with its line number; an entry is good when
 * it has exactly nine fields separated by tabs or spaces, the bucket,
 * width, height and coordinates are whole numbers from 0 to 1000000, and
 * the optimal length is a finite number >= 0 that is the whole field
 * (strtod's syntax in decimal digits, any length, no NUL byte; one that
 * underflows reads as strtod's tiny or zero result), and the
 * map field holds no NUL byte.  A good entry carries its fields' values,
 * the map field as written, and the number of digits after the point (-1
 * when the length has an exponent).  A voxel scenario has, on the first
 * line after the version that is not blank, one field alone (its map's
 * name, no entry); each entry after it is a voxel entry, bad whenever it
 * does not have exactly eight fields.
 */
#include <errno.h>

#include "fuzz_common.h"
#include "scen.h"

typedef struct field {
	const char *s;
	size_t n;
} field;

static int whole(field f, long *out)
{
	long v = 0;

	if (f.n == 0)
		return -1;
	for (size_t i = 0; i < f.n; i++) {
		if (f.s[i] < '0' || f.s[i] > '9')
			return -1;
		v = v * 10 + (f.s[i] - '0');
		if (v > ASTAR_DIM_MAX)
			return -1;
	}
	*out = v;
	return 0;
}

/* Splits l[0..n) at runs of tabs and spaces into f[0..8]; returns the
 * number of fields, which may be more than 9 (those are not kept). */
static int model_fields(const char *l, size_t n, field f[9])
{
	int nf = 0;

	for (size_t i = 0; i < n;) {
		size_t b;
		while (i < n && (l[i] == ' ' || l[i] == '\t'))
			i++;
		if (i == n)
			break;
		b = i;
		while (i < n && l[i] != ' ' && l[i] != '\t')
			i++;
		if (nf < 9) {
			f[nf].s = l + b;
			f[nf].n = i - b;
		}
		nf++;
	}
	return nf;
}

/* The optimal length field f as strtod reads a copy of it (*opt), and its
 * digits after the point (*decimals, -1 with an exponent); 0 when it is
 * not a finite number >= 0 written in decimal that is the whole field. */
static int model_optimal(field f, double *opt, int *decimals)
{
	char *num = fz_alloc(f.n + 1), *end;
	const char *dot;
	int good = 1;

	memcpy(num, f.s, f.n);
	errno = 0;
	*opt = strtod(num, &end);
	/* Written in decimal: only digits, '.', 'e', 'E' and signs.  An
	 * overflow is not finite; an underflow is the tiny number it is. */
	if (end != num + f.n || end == num || (errno != 0 && errno != ERANGE) ||
	    !isfinite(*opt) || *opt < 0 ||
	    strspn(num, "0123456789.eE+-") != f.n)
		good = 0;
	dot = memchr(num, '.', f.n);
	*decimals = dot ? (int)(f.n - (size_t)(dot - num) - 1) : 0;
	if (memchr(num, 'e', f.n) || memchr(num, 'E', f.n))
		*decimals = -1;
	free(num);
	return good;
}

/* A good entry e carries the fields f (map, whole numbers v, optimal
 * length opt and its decimals). */
static void model_good_entry(const scen_entry *e, const field f[9],
                             const long v[9], double opt, int decimals)
{
	FZ_CHECK(e->map != NULL);
	FZ_CHECK(strlen(e->map) == f[1].n);
	FZ_CHECK(memcmp(e->map, f[1].s, f[1].n) == 0);
	FZ_CHECK(e->width == v[2] && e->height == v[3]);
	FZ_CHECK(e->start.x == v[4] && e->start.y == v[5]);
	FZ_CHECK(e->goal.x == v[6] && e->goal.y == v[7]);
	FZ_CHECK(e->optimal == opt);
	FZ_CHECK(e->decimals == decimals);
}

/* Checks entry e against line l[0..n) (line end already removed). */
static void model_entry(const char *l, size_t n, const scen_entry *e)
{
	field f[9];
	long v[9];
	double opt;
	int decimals;
	int good = 1;

	if (model_fields(l, n, f) != 9) {
		FZ_CHECK(e->bad);
		return;
	}
	/* A NUL byte in the map name would cut it short: refused. */
	if (memchr(f[1].s, '\0', f[1].n) != NULL)
		good = 0;
	for (int k = 0; k < 8; k++)
		if (k != 1 && whole(f[k], &v[k]) != 0)
			good = 0;
	if (!model_optimal(f[8], &opt, &decimals))
		good = 0;
	FZ_CHECK(e->bad == !good);
	if (good)
		model_good_entry(e, f, v, opt, decimals);
}

/* Checks a voxel scenario's entry e against line l[0..n). */
static void model_voxel_entry(const char *l, size_t n, const scen_entry *e)
{
	field f[9];

	FZ_CHECK(e->voxel == 1);
	if (model_fields(l, n, f) != 8)
		FZ_CHECK(e->bad);
}

/* Walks the model's lines alongside the entries. */
static void model_compare(const char *buf, size_t len, int rc, const scen *s)
{
	const char *p = buf, *end = buf + len;
	long line = 0;
	size_t k = 0;
	int voxel = -1; /* not yet known */

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *l = p;
		size_t i = 0;

		p = nl ? nl + 1 : end;
		line++;
		if (n > 0 && l[n - 1] == '\r')
			n--;
		if (line == 1) {
			if (n >= 3 && memcmp(l, "\xef\xbb\xbf", 3) == 0) {
				l += 3;
				n -= 3;
			}
			if ((n == 9 && memcmp(l, "version 1", 9) == 0) ||
			    (n == 11 && memcmp(l, "version 1.0", 11) == 0)) {
				FZ_CHECK(rc == 0);
				continue;
			}
			FZ_CHECK(rc != 0);
			return;
		}
		while (i < n && (l[i] == ' ' || l[i] == '\t'))
			i++;
		if (i == n)
			continue;
		if (voxel < 0) { /* the first line after the version */
			field f[9];
			voxel = model_fields(l, n, f) == 1;
			if (voxel)
				continue;
		}
		FZ_CHECK(k < s->n);
		FZ_CHECK(s->entries[k].line == line);
		if (voxel)
			model_voxel_entry(l, n, &s->entries[k]);
		else
			model_entry(l, n, &s->entries[k]);
		k++;
	}
	if (line == 0)
		FZ_CHECK(rc != 0); /* empty file */
	else
		FZ_CHECK(k == s->n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	scen s;
	map_error err;
	int rc;
	volatile size_t touched = 0;

	memset(&err, 0, sizeof err);
	rc = scen_read(buf, size, &s, &err);
	if (rc != 0) {
		FZ_CHECK(rc == -1);
		fz_check_error(&err);
		fz_check_error_place(&err, buf, size);
		FZ_CHECK(s.entries == NULL && s.n == 0);
		model_compare(buf, size, rc, &s);
		scen_free(&s);
		return 0;
	}
	FZ_CHECK((s.n == 0) || s.entries != NULL);
	for (size_t i = 0; i < s.n; i++) {
		const scen_entry *e = &s.entries[i];
		FZ_CHECK(e->line >= 2);
		if (i > 0)
			FZ_CHECK(e->line > s.entries[i - 1].line);
		FZ_CHECK(e->bad == 0 || e->bad == 1);
		if (e->bad) {
			fz_check_error(e->err);
			fz_check_error_place(e->err, buf, size);
			FZ_CHECK(e->err->line == e->line);
			FZ_CHECK(e->err->col >= 1);
		} else {
			FZ_CHECK(e->map != NULL);
			touched += strlen(e->map);
			FZ_CHECK(e->width >= 0 && e->width <= ASTAR_DIM_MAX);
			FZ_CHECK(e->height >= 0 && e->height <= ASTAR_DIM_MAX);
			FZ_CHECK(e->start.x >= 0 &&
			         e->start.x <= ASTAR_DIM_MAX);
			FZ_CHECK(e->start.y >= 0 &&
			         e->start.y <= ASTAR_DIM_MAX);
			FZ_CHECK(e->goal.x >= 0 && e->goal.x <= ASTAR_DIM_MAX);
			FZ_CHECK(e->goal.y >= 0 && e->goal.y <= ASTAR_DIM_MAX);
			FZ_CHECK(isfinite(e->optimal) && e->optimal >= 0);
			FZ_CHECK(e->decimals >= -1);
		}
		touched += (size_t)e->line;
	}
	model_compare(buf, size, rc, &s);
	scen_free(&s);
	FZ_CHECK(s.entries == NULL && s.n == 0);
	(void)touched;
	return 0;
}
