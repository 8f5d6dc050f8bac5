/*
 * map_voxel.c - the Moving AI voxel map reader.
 *
 * A voxel map is a "voxel W H D" line, then one "x y z" line per blocked
 * voxel, the numbers separated by spaces or tabs (Brewer and Sturtevant,
 * "Benchmarks for Pathfinding in 3D Voxel Space", SoCS 2018).  Every
 * other voxel is open at cost 1.  The size is checked against
 * --max-cells before anything is allocated; an error names the line and
 * the column of the number at fault.
 */
#include <stdio.h>
#include <string.h>

#include "map.h"

/* A line's fields: at most four, their places and lengths. */
typedef struct vfields {
	const char *at[4];
	size_t len[4];
	int n; /* fields found, 5 when there are more than four */
} vfields;

static void split(const char *s, size_t n, vfields *f)
{
	size_t i = 0;

	f->n = 0;
	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
			i++;
		if (i == n)
			break;
		if (f->n == 4) {
			f->n = 5;
			return;
		}
		f->at[f->n] = s + i;
		while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			i++;
		f->len[f->n] = (size_t)(s + i - f->at[f->n]);
		f->n++;
	}
}

/* Field k of line (starting at bol) as a whole number name from lo to hi
 * into *out; 0, or -1 with the error at its column. */
static int field_number(const vfields *f, int k, const char *bol, long line,
                        const char *name, double lo, double hi, long *out,
                        map_error *err)
{
	map_number r = {name, 1, lo, hi};
	char text[64], msg[MAP_MSG_MAX];
	size_t n = f->len[k] < sizeof text - 1 ? f->len[k] : sizeof text - 1;
	double v;

	memcpy(text, f->at[k], n);
	text[n] = '\0';
	if (f->len[k] >= sizeof text ||
	    map_number_text(&r, text, &v, msg, sizeof msg) != 0) {
		if (f->len[k] >= sizeof text)
			map_number_text(&r, "(a long number)", &v, msg,
			                sizeof msg);
		return map_fail(err, line, (long)(f->at[k] - bol) + 1, "%s",
		                msg);
	}
	*out = (long)v;
	return 0;
}

/* The "voxel W H D" line into size[3], checked against max_cells. */
static int read_size(const char *s, size_t n, size_t max_cells, long *size,
                     map_error *err)
{
	static const char *const names[3] = {"width", "height", "depth"};
	unsigned long long cells = 1, padded = 1;
	vfields f;

	split(s, n, &f);
	if (f.n != 4 || f.len[0] != 5 || memcmp(f.at[0], "voxel", 5) != 0)
		return map_fail(err, 1, 1,
		                "expected 'voxel WIDTH HEIGHT DEPTH'");
	for (int k = 0; k < 3; k++) {
		if (field_number(&f, k + 1, s, 1, names[k], 1, ASTAR_DIM_MAX,
		                 &size[k], err) != 0)
			return -1;
		cells *= (unsigned long long)size[k];
		padded *= (unsigned long long)size[k] + 2;
	}
	if (cells > max_cells || padded > ASTAR_SEARCH_CELLS_MAX)
		return map_fail(err, 1, 1,
		                "the map has %ldx%ldx%ld = %llu voxels, more "
		                "than %s (%llu)%s",
		                size[0], size[1], size[2], cells,
		                padded > ASTAR_SEARCH_CELLS_MAX
		                        ? "astar can search"
		                        : "the limit",
		                padded > ASTAR_SEARCH_CELLS_MAX
		                        ? ASTAR_SEARCH_CELLS_MAX
		                        : (unsigned long long)max_cells,
		                padded > ASTAR_SEARCH_CELLS_MAX
		                        ? ""
		                        : "; raise it with --max-cells");
	return 0;
}

/* One "x y z" line: the voxel blocked. */
static int read_voxel(const char *s, size_t n, long line, const long *size,
                      map *m, map_error *err)
{
	static const char *const names[3] = {"x", "y", "z"};
	long c[3];
	vfields f;

	split(s, n, &f);
	if (f.n == 0)
		return 0; /* a blank line */
	if (f.n != 3)
		return map_fail(
			err, line, 1,
			"expected 'x y z', the place of a blocked voxel");
	for (int k = 0; k < 3; k++) {
		if (field_number(&f, k, s, line, names[k], 0, ASTAR_DIM_MAX,
		                 &c[k], err) != 0)
			return -1;
		if (c[k] >= size[k])
			return map_fail(
				err, line, (long)(f.at[k] - s) + 1,
				"voxel %ld,%ld,%ld is outside the "
				"%ldx%ldx%ld map (%s %ld is not below %ld)",
				c[0], k > 0 ? c[1] : 0, k > 1 ? c[2] : 0,
				size[0], size[1], size[2], names[k], c[k],
				size[k]);
	}
	astar_voxels_set(m->voxels, (int32_t)c[0], (int32_t)c[1], (int32_t)c[2],
	                 0);
	return 0;
}

int map_read_voxel(const char *buf, size_t len, size_t max_cells, map *m,
                   map_error *err)
{
	const char *p = buf + map_bom(buf, len), *end = buf + len;
	long size[3], line = 0;
	astar_status st;

	memset(m, 0, sizeof *m);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		int rc;

		line++;
		if (line == 1) {
			rc = read_size(p, n, max_cells, size, err);
			if (rc == 0 &&
			    (m->voxels = astar_voxels_new(
				     (int32_t)size[0], (int32_t)size[1],
				     (int32_t)size[2], &st)) == NULL)
				rc = map_fail(err, 1, 1, "%s",
				              astar_strerror(st));
		} else {
			rc = read_voxel(p, n, line, size, m, err);
		}
		if (rc != 0) {
			map_free(m);
			return -1;
		}
		p = nl ? nl + 1 : end;
	}
	if (line == 0)
		return map_fail(err, 1, 1,
		                "expected 'voxel WIDTH HEIGHT DEPTH'");
	m->format = MAPFMT_VOXEL;
	return 0;
}
