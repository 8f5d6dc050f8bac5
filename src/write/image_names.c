/*
 * image_names.c - the file names of pictures: a --image pattern's %
 * sequences (%d, %n, %m, %%) checked and expanded for each query, and
 * names in another image format's extension refused; see image_names.h.
 *
 * Names only: it knows nothing of how a picture is drawn, so the CLI can
 * check a pattern before any query runs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/diag.h"
#include "image_names.h"
#include "output.h"

/* A % sequence's expansion at most; a query's name in it at most. */
#define PIECE_MAX     128
#define NAME_MAX_PART 100

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
/* A query's name as a part of a file name, into piece: each ASCII byte
 * but a letter, a digit, '.', '-' and '_' made '_' (a slash, a space, a
 * control character; UTF-8 is kept), a leading '.' too (no hidden file),
 * cut at NAME_MAX_PART bytes (not inside a UTF-8 character); its length.
 */
static size_t safe_name(const char *name, char *piece)
{
	size_t n = 0;

	for (; name[n] != '\0' && n < NAME_MAX_PART; n++) {
		unsigned char c = (unsigned char)name[n];
		int keep = c >= 0x80 || (c >= 'a' && c <= 'z') ||
		           (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		           c == '-' || c == '_' || (c == '.' && n > 0);
		piece[n] = keep ? (char)c : '_';
	}
	while (n > 0 && name[n] != '\0' && ((unsigned char)name[n] & 0xc0) == 0x80)
		n--; /* cut before the character the cut would split */
	if (n == 0)
		piece[n++] = '_';
	return n;
}

static size_t level_part(const char *mapname, char *piece);

/* What %m gives for mapname, as [*s, *s + *len): its base name without
 * extension; for a level of a project ("x.ldtk[Level_1]"), the project's
 * then "-" and the level's made safe (x-Level_1), made in piece. */
static void map_part(const char *mapname, char *piece, const char **s,
                     size_t *len)
{
	*len = level_part(mapname, piece);
	if (*len > 0)
		*s = piece;
	else
		base_name(mapname, s, len);
}

/* map_part's name of a project's level into piece, its length; 0 when
 * mapname names no level. */
static size_t level_part(const char *mapname, char *piece)
{
	const char *s, *open = NULL;
	size_t len, n = 0, cut = 0;
	char level[PIECE_MAX];

	if (mapname != NULL && (n = strlen(mapname)) > 2 &&
	    mapname[n - 1] == ']' && (open = strrchr(mapname, '[')) != NULL &&
	    (cut = (size_t)(open - mapname)) < PIECE_MAX / 2 && cut > 0) {
		char project[PIECE_MAX / 2];
		size_t ln = n - cut - 2;
		memcpy(project, mapname, cut);
		project[cut] = '\0';
		base_name(project, &s, &len);
		memcpy(piece, s, len);
		piece[len++] = '-';
		if (ln >= NAME_MAX_PART / 2)
			ln = NAME_MAX_PART / 2;
		memcpy(level, open + 1, ln);
		level[ln] = '\0';
		return len + safe_name(level, piece + len);
	}
	return 0;
}

static const char *sequence(const char **p, size_t index, const char *mapname,
                            const char *qname, char piece[PIECE_MAX],
                            const char **s, size_t *len, int *has_index)
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
		if (*conv == 'n' && qname != NULL) {
			*len = safe_name(qname, piece);
			break;
		}
		*len = (size_t)snprintf(piece, PIECE_MAX, "%0*zu", width,
		                        index);
		break;
	case 'm':
	case '%':
		if (conv != *p + 1)
			return "only %d and %n take a width";
		if (*conv == '%') {
			piece[0] = '%';
			*len = 1;
		} else {
			map_part(mapname, piece, s, len);
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
                  const char *qname, char *out, size_t outsize,
                  int *has_index, char *msg, size_t msgsize)
{
	size_t n = 0;
	const char *why = NULL;

	*has_index = 0;
	for (const char *p = pattern; *p; p++) {
		char piece[PIECE_MAX];
		const char *s = piece;
		size_t len;

		if (*p != '%') {
			piece[0] = *p;
			len = 1;
		} else if ((why = sequence(&p, index, mapname, qname, piece,
		                           &s, &len, has_index)) != NULL) {
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
	if (expand(pattern, 0, "map", NULL, NULL, 0, &has_index, err->msg,
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
                   const char *qname, char *out, size_t outsize,
                   diag_err *err)
{
	int has_index;

	memset(err, 0, sizeof *err);
	if (expand(pattern, index, mapname, qname, out, outsize, &has_index,
	           err->msg, sizeof err->msg) != 0)
		return -1;
	if (index > 0 && !has_index)
		return image_pattern_check(pattern, 1, err);
	return 0;
}

int image_pattern_has_map(const char *pattern)
{
	for (const char *p = pattern; *p; p++) {
		if (*p != '%')
			continue;
		while (p[1] >= '0' && p[1] <= '9')
			p++;
		if (p[1] == 'm')
			return 1;
		if (p[1] != '\0')
			p++; /* past %%, %d, %n */
	}
	return 0;
}

void image_map_part(const char *mapname, char *out, size_t size)
{
	char piece[PIECE_MAX];
	const char *s;
	size_t len;

	map_part(mapname, piece, &s, &len);
	snprintf(out, size, "%.*s", (int)len, s);
}
