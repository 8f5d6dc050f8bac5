/*
 * image.c - a query drawn as a PNG picture; see image.h.
 *
 * The cells' colours are worked out one map row at a time from the grid
 * and an overlay of one byte per cell (explored rank, path, block), and
 * each map row becomes scale rows of pixels written straight to libpng.
 * libpng reports errors by longjmp to the setjmp in encode(); every buffer
 * is made by image_write_png before it calls encode, so one
 * cleanup path there frees them whichever way encode ends.
 */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "image.h"

typedef struct rgb {
	unsigned char r, g, b;
} rgb;

/* Palette (see image.h). */
static const rgb WALL = {40, 44, 54};
static const rgb FLOOR = {236, 236, 230};
static const rgb SWAMP_LIGHT = {196, 222, 166}; /* cost 2 */
static const rgb SWAMP_DARK = {74, 128, 66};    /* cost 9 and above */
static const rgb EXPLORED_EARLY = {110, 190, 240};
static const rgb EXPLORED_LATE = {128, 58, 178};
static const rgb PATH = {255, 120, 0};
static const rgb BLOCK = {230, 20, 200};
static const rgb START = {30, 170, 60};
static const rgb GOAL = {225, 25, 35};
static const rgb JUMP = {255, 222, 0};
static const rgb OUTLINE = {20, 20, 24};
/* A distance map's heat scale (--distances), near to far, and the colour
 * of an open cell it does not reach. */
static const rgb HEAT_NEAR = {250, 232, 70};
static const rgb HEAT_MID = {214, 80, 64};
static const rgb HEAT_FAR = {52, 30, 110};
static const rgb UNREACHED = {150, 150, 150};

/* The legend, in the PNG's text. */
static const char LEGEND[] =
	"walls dark, floor light, terrain costs green (darker: dearer), "
	"expanded cells light blue (first) to purple (last), path orange, "
	"--block cells magenta, start green, goal red";
static const char LEGEND_JUMPS[] =
	"; jump points (the cells Jump Point Search expanded) ringed in "
	"yellow";

/* How much of the explored tint covers the terrain, in 1/256. */
#define EXPLORED_ALPHA 150

/* Overlay values: 0 nothing, 1..RANK_LEVELS explored (early to late). */
#define RANK_LEVELS 240
#define OV_MARK     253
#define OV_PATH     254
#define OV_BLOCK    255

/* The start and goal markers' side: a cell, or the image's longer side /
 * MARKER_SHARE when that is more, so that they show on large pictures of
 * small cells too. */
#define MARKER_SHARE 80

static rgb mix(rgb a, rgb b, unsigned t /* 0..256: share of b */)
{
	rgb c;

	c.r = (unsigned char)((a.r * (256 - t) + b.r * t + 128) >> 8);
	c.g = (unsigned char)((a.g * (256 - t) + b.g * t + 128) >> 8);
	c.b = (unsigned char)((a.b * (256 - t) + b.b * t + 128) >> 8);
	return c;
}

static rgb terrain(uint8_t cost)
{
	if (cost == 0)
		return WALL;
	if (cost == 1)
		return FLOOR;
	if (cost >= 9)
		return SWAMP_DARK;
	return mix(SWAMP_LIGHT, SWAMP_DARK, (unsigned)(cost - 2) * 256 / 7);
}

static rgb cell_colour(uint8_t cost, uint8_t ov)
{
	rgb c = terrain(cost);

	if (ov == OV_PATH)
		return PATH;
	if (ov == OV_MARK)
		return GOAL;
	if (ov == OV_BLOCK)
		return BLOCK;
	if (ov >= 1 && ov <= RANK_LEVELS) {
		rgb tint = mix(EXPLORED_EARLY, EXPLORED_LATE,
		               (unsigned)(ov - 1) * 256 / (RANK_LEVELS - 1));
		c = mix(c, tint, EXPLORED_ALPHA);
	}
	return c;
}

/* The heat colour of t in 0..256 (near to far). */
static rgb heat(unsigned t)
{
	return t < 128 ? mix(HEAT_NEAR, HEAT_MID, t * 2)
	               : mix(HEAT_MID, HEAT_FAR, (t - 128) * 2);
}

/* A distance map's cell k: its heat, grey when unreached, or the wall. */
static rgb dist_colour(const astar_flood_result *f, size_t k, uint8_t cost,
                       double most)
{
	double d = f->dist[k];

	if (cost == 0)
		return WALL;
	if (d < 0)
		return UNREACHED;
	return heat(most > 0 ? (unsigned)(d / most * 256.0) : 0);
}

/* The height in pixels of the colour scale under a distance map. */
static int64_t scale_band(const query_report *q, int scale)
{
	return q->dist == NULL ? 0 : scale * 2 > 8 ? scale * 2 : 8;
}

/*
 * The scale a w x h map gets when --scale is not given: the largest of
 * 1..16 that keeps the longer side within 2048 pixels (1 when even scale
 * 1 is wider): a 1000x1000 map gets 2, a 20x10 map 16.
 */
static int image_default_scale(int32_t w, int32_t h)
{
	int64_t side = w > h ? w : h;
	int s = 16;

	if (side <= 0)
		return 1;
	while (s > 1 && side * s > 2048)
		s--;
	return s;
}

/* --------------------------------------------------------------- names */

static void set_msg(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_msg(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (size == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

/* "--image=PATTERN: why", the pattern quoted by diag_quote, so that a
 * long one leaves room for why. */
static void bad_pattern(char *buf, size_t size, const char *pattern,
                        const char *why)
{
	char q[160];

	set_msg(buf, size, "--image=%s: %s", diag_quote(pattern, q, sizeof q),
	        why);
}

/* The map's base name without extension, as [*start, *start + *len). */
static void base_name(const char *mapname, const char **start, size_t *len)
{
	const char *b, *dot;

	if (mapname == NULL || strcmp(mapname, "-") == 0 ||
	    strcmp(mapname, STDIN_NAME) == 0) {
		*start = "stdin";
		*len = 5;
		return;
	}
	b = strrchr(mapname, '/');
	b = b ? b + 1 : mapname;
	dot = strrchr(b, '.');
	*start = b;
	*len = dot && dot != b ? (size_t)(dot - b) : strlen(b);
	if (*len == 0) {
		*start = "map";
		*len = 3;
	}
}

/*
 * The % sequence at *p (%d, %n with a width, %m, %%) as [*s, *s + *len),
 * built in piece when it is not the map's name; *p moves to its last
 * character.  Returns NULL, or why the pattern is wrong.
 */
static const char *sequence(const char **p, size_t index, const char *mapname,
                            char piece[64], const char **s, size_t *len,
                            int *has_index)
{
	const char *conv = *p + 1;
	int width = 0;

	for (; *conv >= '0' && *conv <= '9'; conv++)
		if (width <= 64)
			width = width * 10 + (*conv - '0');
	switch (*conv) {
	case 'd':
	case 'n':
		if (width > 20)
			return "the width of %d is at most 20";
		*has_index = 1;
		*len = (size_t)snprintf(piece, 64, "%0*zu", width, index);
		break;
	case 'm':
	case '%':
		if (conv != *p + 1)
			return "only %d and %n take a width";
		if (*conv == '%') {
			piece[0] = '%';
			*len = 1;
		} else {
			base_name(mapname, s, len);
		}
		break;
	default:
		return *conv ? "unknown % sequence (use %d or %n "
		               "for the query number, %m for the "
		               "map name, %% for a percent sign)"
		             : "a lone % at the end (write %% "
		               "for a percent sign)";
	}
	*p = conv;
	return NULL;
}

/*
 * Expands pattern into out (when out is not NULL); sets *has_index when
 * it holds %d or %n.  Returns 0, or -1 with a message in msg.
 */
static int expand(const char *pattern, size_t index, const char *mapname,
                  char *out, size_t outsize, int *has_index, char *msg,
                  size_t msgsize)
{
	size_t n = 0;
	const char *why = NULL;

	*has_index = 0;
	for (const char *p = pattern; *p; p++) {
		char piece[64];
		const char *s = piece;
		size_t len;

		if (*p != '%') {
			piece[0] = *p;
			len = 1;
		} else if ((why = sequence(&p, index, mapname, piece, &s, &len,
		                           has_index)) != NULL) {
			break;
		}
		if (out != NULL) {
			if (n + len >= outsize) {
				why = "file name too long";
				break;
			}
			memcpy(out + n, s, len);
		}
		n += len;
	}
	if (why == NULL && out != NULL) {
		if (n >= outsize) /* only when outsize is 0 */
			why = "file name too long";
		else
			out[n] = '\0';
	}
	if (why == NULL && n == 0)
		why = "empty file name";
	if (why != NULL) {
		bad_pattern(msg, msgsize, pattern, why);
		return -1;
	}
	return 0;
}

/* The extension of the last component of path, after its last dot, or
 * "" when it has none. */
static const char *extension(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');

	return dot != NULL && dot != base ? dot + 1 : "";
}

/* Whether ext names another image format than PNG, which a picture
 * named so would not be (any case). */
static int other_format(const char *ext)
{
	static const char *const other[] = {"jpg",  "jpeg", "gif", "bmp",
	                                    "webp", "svg",  "tif", "tiff"};
	char low[8];
	size_t n = strlen(ext);

	if (n == 0 || n >= sizeof low)
		return 0;
	for (size_t i = 0; i <= n; i++)
		low[i] = (char)(ext[i] >= 'A' && ext[i] <= 'Z' ? ext[i] + 32
		                                               : ext[i]);
	for (size_t i = 0; i < sizeof other / sizeof *other; i++)
		if (strcmp(low, other[i]) == 0)
			return 1;
	return 0;
}

int image_pattern_check(const char *pattern, int several, diag_err *err)
{
	int has_index;
	char why[64];

	memset(err, 0, sizeof *err);
	if (expand(pattern, 0, "map", NULL, 0, &has_index, err->msg,
	           sizeof err->msg) != 0)
		return -1;
	/* out.jpg would hold PNG data: refused, rather than mislabelled */
	if (other_format(extension(pattern))) {
		snprintf(why, sizeof why,
		         "astar draws PNG pictures only, not .%s; name the "
		         "file .png",
		         extension(pattern));
		bad_pattern(err->msg, sizeof err->msg, pattern, why);
		return -1;
	}
	if (several && !has_index) {
		bad_pattern(
			err->msg, sizeof err->msg, pattern,
			"every query of the batch would write this one "
			"file; put %d in the name (e.g. --image=%m-%d.png)");
		return -1;
	}
	return 0;
}

int image_path_for(const char *pattern, size_t index, const char *mapname,
                   char *out, size_t outsize, diag_err *err)
{
	int has_index;

	memset(err, 0, sizeof *err);
	if (expand(pattern, index, mapname, out, outsize, &has_index, err->msg,
	           sizeof err->msg) != 0)
		return -1;
	if (index > 0 && !has_index)
		return image_pattern_check(pattern, 1, err);
	return 0;
}

/* --------------------------------------------------------------- image */

/* What the libpng callbacks share with image_write_png. */
typedef struct png_out {
	FILE *fp;
	int write_errno; /* errno of a failed write, or 0 */
	char msg[200];   /* libpng's error message */
} png_out;

static void on_error(png_structp png, png_const_charp msg)
{
	png_out *o = png_get_error_ptr(png);

	snprintf(o->msg, sizeof o->msg, "%s", msg);
	png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg; /* nothing here prints */
}

static void on_write(png_structp png, png_bytep data, png_size_t len)
{
	png_out *o = png_get_io_ptr(png);

	if (fwrite(data, 1, len, o->fp) != len) {
		o->write_errno = errno ? errno : EIO;
		png_error(png, "write error");
	}
}

static void on_flush(png_structp png)
{
	png_out *o = png_get_io_ptr(png);

	if (fflush(o->fp) != 0) {
		o->write_errno = errno ? errno : EIO;
		png_error(png, "write error");
	}
}

/* A start or goal marker: a filled square with an outline, in pixels. */
typedef struct marker {
	int64_t x0, y0, x1, y1; /* inclusive, clipped to the image */
	int outline;            /* draw the border in OUTLINE */
	rgb fill;
	int64_t bx0, by0, bx1, by1; /* the unclipped square, for the border */
} marker;

static marker make_marker(astar_point p, int scale, int64_t iw, int64_t ih,
                          rgb fill)
{
	marker m;
	int64_t side = (iw > ih ? iw : ih) / MARKER_SHARE;
	int64_t cx = (int64_t)p.x * scale + scale / 2;
	int64_t cy = (int64_t)p.y * scale + scale / 2;

	if (side <= scale)
		side = scale;
	else
		side |= 1; /* odd: centred on the cell's middle pixel */
	/* No larger than the picture's shorter side (a multiple of the
	 * scale), so that the square and its outline fit: on a picture one
	 * pixel high the marker is one pixel of its colour. */
	if (side > (iw < ih ? iw : ih))
		side = iw < ih ? iw : ih;

	if (side == scale) { /* exactly the cell */
		m.bx0 = (int64_t)p.x * scale;
		m.by0 = (int64_t)p.y * scale;
	} else { /* centred on the cell, moved inside the image if need be */
		m.bx0 = cx - side / 2;
		m.by0 = cy - side / 2;
		if (m.bx0 > iw - side)
			m.bx0 = iw - side;
		if (m.by0 > ih - side)
			m.by0 = ih - side;
		if (m.bx0 < 0)
			m.bx0 = 0;
		if (m.by0 < 0)
			m.by0 = 0;
	}
	m.bx1 = m.bx0 + side - 1;
	m.by1 = m.by0 + side - 1;
	m.x0 = m.bx0 < 0 ? 0 : m.bx0;
	m.y0 = m.by0 < 0 ? 0 : m.by0;
	m.x1 = m.bx1 >= iw ? iw - 1 : m.bx1;
	m.y1 = m.by1 >= ih ? ih - 1 : m.by1;
	m.outline = side >= 5;
	m.fill = fill;
	return m;
}

static void draw_marker(const marker *m, int64_t y, unsigned char *row)
{
	if (y < m->y0 || y > m->y1)
		return;
	for (int64_t x = m->x0; x <= m->x1; x++) {
		int edge = m->outline && (x == m->bx0 || x == m->bx1 ||
		                          y == m->by0 || y == m->by1);
		rgb c = edge ? OUTLINE : m->fill;
		row[3 * x] = c.r;
		row[3 * x + 1] = c.g;
		row[3 * x + 2] = c.b;
	}
}

/*
 * The jump points of a JPS picture, by cell row: the x of the points of
 * row y are xs[at[y]] to xs[at[y + 1] - 1].  Each is ringed (draw_jumps):
 * a square pad pixels larger than its cell on each side, outlined, the
 * ring between outline and cell in JUMP, the cell inside left as it is.
 */
typedef struct jumps {
	size_t *at; /* h + 1 offsets */
	int32_t *xs;
	int pad;
} jumps;

/* The jump points of q into j (none unless JPS with explored cells);
 * 0, or -1 when out of memory. */
static int jumps_make(jumps *j, const query_report *q, int scale, int32_t w,
                      int32_t h)
{
	const astar_result *r = q->res;
	size_t n = r ? r->explored_len : 0, *fill;

	memset(j, 0, sizeof *j);
	if (n == 0 || q->opts == NULL || q->opts->algorithm != ASTAR_ALGO_JPS)
		return 0;
	j->pad = scale / 2 > 3 ? scale / 2 : 3;
	j->at = calloc((size_t)h + 1, sizeof *j->at);
	j->xs = malloc(n * sizeof *j->xs);
	fill = calloc((size_t)h + 1, sizeof *fill);
	if (j->at == NULL || j->xs == NULL || fill == NULL) {
		free(fill);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		if (r->explored[i].y >= 0 && r->explored[i].y < h &&
		    r->explored[i].x >= 0 && r->explored[i].x < w)
			j->at[r->explored[i].y + 1]++;
	for (int32_t y = 0; y < h; y++)
		j->at[y + 1] += j->at[y];
	for (size_t i = 0; i < n; i++) {
		astar_point p = r->explored[i];
		if (p.y >= 0 && p.y < h && p.x >= 0 && p.x < w)
			j->xs[j->at[p.y] + fill[p.y]++] = p.x;
	}
	free(fill);
	return 0;
}

static void jumps_free(jumps *j)
{
	free(j->at);
	free(j->xs);
}

static void put_pixel(unsigned char *row, int64_t x, rgb c)
{
	row[3 * x] = c.r;
	row[3 * x + 1] = c.g;
	row[3 * x + 2] = c.b;
}

/* Draws the rings that cross pixel row py (of an image iw wide, of
 * cells scale pixels and h rows) into row. */
static void draw_jumps(const jumps *j, int64_t py, int scale, int64_t iw,
                       int32_t h, unsigned char *row)
{
	int64_t pad = j->pad, lo, hi;

	if (j->at == NULL)
		return;
	/* the cell rows whose rings reach py */
	lo = (py - pad) / scale - (py - pad < 0);
	hi = (py + pad) / scale;
	if (lo < 0)
		lo = 0;
	if (hi >= h)
		hi = h - 1;
	for (int64_t y = lo; y <= hi; y++) {
		int64_t by0 = y * scale - pad,
			by1 = y * scale + scale - 1 + pad;
		if (py < by0 || py > by1)
			continue;
		for (size_t i = j->at[y]; i < j->at[y + 1]; i++) {
			int64_t bx0 = (int64_t)j->xs[i] * scale - pad;
			int64_t bx1 = bx0 + scale - 1 + 2 * pad;
			int edge = py == by0 || py == by1;
			int ring = py < y * scale || py >= (y + 1) * scale;
			for (int64_t x = bx0 < 0 ? 0 : bx0; x <= bx1 && x < iw;
			     x++) {
				int side = x == bx0 || x == bx1;
				int inside = x >= bx0 + pad && x <= bx1 - pad;
				if (edge || side)
					put_pixel(row, x, OUTLINE);
				else if (ring || !inside)
					put_pixel(row, x, JUMP);
			}
		}
	}
}

/* Marks the explored cells (by rank), the path and the blocks. */
static void fill_overlay(uint8_t *ov, const query_report *q, int32_t w,
                         int32_t h)
{
	const astar_result *r = q->res;
	size_t n = r ? r->explored_len : 0;

	for (size_t i = 0; i < n; i++) {
		astar_point p = r->explored[i];
		size_t at;
		if (p.x < 0 || p.y < 0 || p.x >= w || p.y >= h)
			continue;
		at = (size_t)p.y * (size_t)w + (size_t)p.x;
		if (ov[at] == 0) { /* the first expansion counts */
			uint64_t rank = 0;
			if (n > 1)
				rank = (uint64_t)i * (RANK_LEVELS - 1) /
				       (n - 1);
			ov[at] = (uint8_t)(1 + rank);
		}
	}
	for (size_t i = 0; r && r->found && i < r->path_len; i++) {
		astar_point p = r->path[i];
		if (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h)
			ov[(size_t)p.y * (size_t)w + (size_t)p.x] = OV_PATH;
	}
	for (size_t i = 0; i < q->nblocks; i++) {
		astar_point p = q->blocks[i];
		if (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h)
			ov[(size_t)p.y * (size_t)w + (size_t)p.x] = OV_BLOCK;
	}
	for (size_t i = 0; i < q->nmarks; i++) {
		astar_point p = q->marks[i];
		if (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h)
			ov[(size_t)p.y * (size_t)w + (size_t)p.x] = OV_MARK;
	}
}

/* The largest distance in a distance map, the far end of its scale. */
static double most_distance(const query_report *q, size_t ncells)
{
	double most = 0.0;

	for (size_t k = 0; q->dist && k < ncells; k++)
		if (q->dist->dist[k] > most)
			most = q->dist->dist[k];
	return most;
}

/* The PNG header and text chunks; may longjmp to encode()'s setjmp. */
static void write_header(png_structp png, png_infop info, int64_t iw,
                         int64_t ih, const char *legend)
{
	png_text text[2];

	png_set_IHDR(png, info, (png_uint_32)iw, (png_uint_32)ih, 8,
	             PNG_COLOR_TYPE_RGB,
	             PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	             PNG_FILTER_TYPE_DEFAULT);
	memset(text, 0, sizeof text);
	text[0].compression = PNG_TEXT_COMPRESSION_NONE;
	text[0].key = (png_charp) "Software";
	text[0].text = (png_charp) "astar " ASTAR_VERSION;
	text[1].compression = PNG_TEXT_COMPRESSION_NONE;
	text[1].key = (png_charp) "Legend";
	text[1].text = (png_charp)legend;
	png_set_text(png, info, text, 2);
	png_write_info(png, info);
}

/* Map row y's cell colours into cells. */
static void colour_row(const query_report *q, const uint8_t *ov, int32_t y,
                       double most, rgb *cells)
{
	const astar_grid *g = q->map->grid;
	int32_t w = astar_grid_width(g);
	const uint8_t *orow = ov + (size_t)y * (size_t)w;
	const uint8_t *grow = astar_grid_row_view(g, y);

	for (int32_t x = 0; x < w; x++)
		cells[x] = orow[x] == OV_MARK ? GOAL
		           : q->dist ? dist_colour(q->dist,
		                                 (size_t)y * (size_t)w + x,
		                                 grow[x], most)
		                   : cell_colour(grow[x], orow[x]);
}

/* Pixel row sy of a map row whose colours are cells into row: each cell
 * scale pixels wide, its last column and row shaded as a grid line when
 * the cells are large enough to show one. */
static void cells_to_pixels(const rgb *cells, int32_t w, int scale, int sy,
                            unsigned char *row)
{
	int grid_lines = scale >= 8;
	unsigned char *px = row;

	for (int32_t x = 0; x < w; x++) {
		rgb c = cells[x];
		for (int sx = 0; sx < scale; sx++) {
			rgb d = c;
			if (grid_lines && (sx == scale - 1 || sy == scale - 1))
				d = mix(c, OUTLINE, 28);
			*px++ = d.r;
			*px++ = d.g;
			*px++ = d.b;
		}
	}
}

/* Under a distance map, its colour scale: near (left) to far; may
 * longjmp to encode()'s setjmp. */
static void write_band(png_structp png, int64_t iw, int64_t band,
                       unsigned char *row)
{
	for (int64_t by = 0; by < band; by++) {
		for (int64_t x = 0; x < iw; x++) {
			rgb c = by < 2 ? FLOOR
			                : heat(iw > 1 ? (unsigned)(x * 256 /
			                                           (iw - 1))
			                              : 0);
			row[3 * x] = c.r;
			row[3 * x + 1] = c.g;
			row[3 * x + 2] = c.b;
		}
		png_write_row(png, row);
	}
}

/*
 * Writes the whole PNG through png; returns -1 when libpng failed (o says
 * why).  The setjmp lives here, in a function that changes none of its
 * variables that outlive a longjmp, and owns nothing to free; the
 * helpers it calls own nothing either, so a longjmp out of them is safe.
 */
static int encode(png_structp png, png_infop info, png_out *o,
                  const query_report *q, int scale, const uint8_t *ov,
                  unsigned char *row, rgb *cells, const marker mk[2],
                  const jumps *jp, const char *legend)
{
	const astar_grid *g = q->map->grid;
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	int64_t iw = (int64_t)w * scale;
	int64_t band = scale_band(q, scale);
	double most;

	if (setjmp(png_jmpbuf(png)))
		return -1;
	/* Worked out after setjmp, so nothing of it is live across the
	 * jump (-Wclobbered); a longjmp only returns. */
	most = most_distance(q, (size_t)w * (size_t)h);
	png_set_write_fn(png, o, on_write, on_flush);
	write_header(png, info, iw, (int64_t)h * scale + band, legend);
	for (int32_t y = 0; y < h; y++) {
		colour_row(q, ov, y, most, cells);
		for (int sy = 0; sy < scale; sy++) {
			int64_t py = (int64_t)y * scale + sy;
			cells_to_pixels(cells, w, scale, sy, row);
			draw_jumps(jp, py, scale, iw, h, row);
			draw_marker(&mk[0], py, row);
			draw_marker(&mk[1], py, row);
			png_write_row(png, row);
		}
	}
	write_band(png, iw, band, row);
	png_write_end(png, info);
	return 0;
}

/* The picture's width and height in pixels at scale into *iw and *ih;
 * fails when the scale or the picture is larger than allowed. */
static int image_size(int32_t w, int32_t h, int scale, int64_t *iw, int64_t *ih,
                      diag_err *err)
{
	if (scale > IMAGE_MAX_SCALE) {
		diag_fail(err, 0, 0,
		          "a scale of %d is more than the largest, %d", scale,
		          IMAGE_MAX_SCALE);
		return -1;
	}
	*iw = (int64_t)w * scale;
	*ih = (int64_t)h * scale;
	if (*iw > IMAGE_MAX_SIDE || *ih > IMAGE_MAX_SIDE) {
		if (scale > 1 && (w > h ? w : h) <= IMAGE_MAX_SIDE)
			diag_fail(
				err, 0, 0,
				"the image would be %lldx%lld pixels, more than %d on a "
				"side; use a smaller --scale (at most %d for this %dx%d "
				"map)",
				(long long)*iw, (long long)*ih, IMAGE_MAX_SIDE,
				(int)(IMAGE_MAX_SIDE / (w > h ? w : h)), (int)w,
				(int)h);
		else
			diag_fail(
				err, 0, 0,
				"the %dx%d map is too large for an image (at most %d "
				"cells on a side)",
				(int)w, (int)h, IMAGE_MAX_SIDE);
		return -1;
	}
	return 0;
}

/* The overlay, one pixel row, one map row's colours and the jump
 * arrows; -1 when out of memory, with what was made left for the caller
 * to free. */
static int make_buffers(const query_report *q, int scale, int64_t iw,
                        uint8_t **ov, unsigned char **row, rgb **cells,
                        jumps *jp)
{
	int32_t w = astar_grid_width(q->map->grid);
	int32_t h = astar_grid_height(q->map->grid);

	memset(jp, 0, sizeof *jp);
	*ov = calloc((size_t)w * (size_t)h, 1);
	*row = malloc((size_t)iw * 3);
	*cells = malloc((size_t)w * sizeof **cells);
	if (*ov == NULL || *row == NULL || *cells == NULL ||
	    jumps_make(jp, q, scale, w, h) != 0)
		return -1;
	return 0;
}

/* The goal and start markers; a distance map has starts but no goal, so
 * it draws the start twice. */
static void set_markers(const query_report *q, int scale, int64_t iw,
                        int64_t ih, marker mk[2])
{
	mk[0] = q->dist ? make_marker(q->start, scale, iw, ih, START)
	                : make_marker(q->goal, scale, iw, ih, GOAL);
	mk[1] = make_marker(q->start, scale, iw, ih, START);
}

/* libpng's write and info structs, writing through o; -1 when out of
 * memory, with whatever was made left in *png for the caller to free. */
static int new_png(png_out *o, png_structp *png, png_infop *info)
{
	*png = png_create_write_struct(PNG_LIBPNG_VER_STRING, o, on_error,
	                               on_warning);
	if (*png != NULL)
		*info = png_create_info_struct(*png);
	return *png == NULL || *info == NULL ? -1 : 0;
}

/* Why encode() failed: the write's errno, else libpng's message. */
static void encode_error(const png_out *o, diag_err *err)
{
	if (o->write_errno)
		diag_fail(err, 0, 0, "%s", strerror(o->write_errno));
	else
		diag_fail(err, 0, 0, "libpng: %s", o->msg);
}

int image_write_png(FILE *fp, const query_report *q, int scale,
                    diag_err *err)
{
	const astar_grid *g = q->map->grid;
	int32_t w = astar_grid_width(g), h = astar_grid_height(g);
	int64_t iw, ih;
	uint8_t *ov = NULL;
	unsigned char *row = NULL;
	rgb *cells = NULL;
	png_structp png = NULL;
	png_infop info = NULL;
	png_out o;
	marker mk[2];
	jumps jp;
	char legend[sizeof LEGEND + sizeof LEGEND_JUMPS];
	int rc = -1;

	memset(&o, 0, sizeof o);
	o.fp = fp;
	if (scale <= 0)
		scale = image_default_scale(w, h);
	if (image_size(w, h, scale, &iw, &ih, err) != 0)
		return -1;

	/* Everything is allocated before setjmp: see the comment at the top. */
	if (make_buffers(q, scale, iw, &ov, &row, &cells, &jp) != 0) {
		diag_fail(err, 0, 0, "out of memory");
		goto done;
	}
	snprintf(legend, sizeof legend, "%s%s", LEGEND,
	         jp.at != NULL ? LEGEND_JUMPS : "");
	fill_overlay(ov, q, w, h);
	set_markers(q, scale, iw, ih, mk);
	if (new_png(&o, &png, &info) != 0) {
		diag_fail(err, 0, 0, "out of memory");
		goto done;
	}
	if (encode(png, info, &o, q, scale, ov, row, cells, mk, &jp, legend) !=
	    0) {
		encode_error(&o, err);
		goto done;
	}
	if (fflush(o.fp) != 0 || ferror(o.fp)) {
		diag_fail(err, 0, 0, "%s", strerror(errno ? errno : EIO));
		goto done;
	}
	rc = 0;
done:
	if (png != NULL)
		png_destroy_write_struct(&png, info ? &info : NULL);
	free(ov);
	free(row);
	free(cells);
	jumps_free(&jp);
	return rc;
}
