/*
 * json_pos.c - the places of a JSON document's values, by their paths
 * (json_pos.h): a walk of the text that keeps the path to the value it
 * is at and the line it is on.
 */
#include <string.h>

#include "json_pos.h"

/* Keys longer than this are kept cut short, and so match no step. */
#define KEY_MAX 64

typedef struct walker {
	const char *b;
	size_t n, i;
	long line;
	size_t bol; /* where the current line begins */
	json_visit visit;
	void *arg;
	int stop, bad;
	json_step path[JSON_PATH_MAX];
	char keys[JSON_PATH_MAX][KEY_MAX + 2]; /* the +1 marks a cut key */
} walker;

static json_place place_of(const walker *w, size_t off)
{
	json_place p;

	p.line = w->line;
	p.col = (long)(off - w->bol) + 1;
	return p;
}

static void skip_space(walker *w)
{
	while (w->i < w->n) {
		char c = w->b[w->i];
		if (c == '\n') {
			w->line++;
			w->bol = w->i + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return;
		}
		w->i++;
	}
}

static int hex4(const char *s, unsigned *out)
{
	unsigned v = 0;

	for (int k = 0; k < 4; k++) {
		char c = s[k];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/*
 * Reads the escape at s[0] = '\\' (of at most end - s bytes) as the bytes
 * of UTF-8 it stands for, into out (4 bytes) and *outlen; returns how
 * many bytes of text it takes, or 0 when it is not a whole escape.
 */
static size_t unescape(const char *s, const char *end, char *out,
                       size_t *outlen)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	unsigned u, lo;
	size_t took = 6;
	const char *k;

	if (end - s < 2)
		return 0;
	if (s[1] != 'u') {
		if ((k = strchr(from, s[1])) == NULL || s[1] == '\0')
			return 0;
		out[0] = to[k - from];
		*outlen = 1;
		return 2;
	}
	if (end - s < 6 || hex4(s + 2, &u) != 0)
		return 0;
	/* A surrogate pair is one character. */
	if (u >= 0xd800 && u < 0xdc00 && end - s >= 12 && s[6] == '\\' &&
	    s[7] == 'u' && hex4(s + 8, &lo) == 0 && lo >= 0xdc00 &&
	    lo < 0xe000) {
		u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
		took = 12;
	}
	if (u < 0x80) {
		out[0] = (char)u;
		*outlen = 1;
	} else if (u < 0x800) {
		out[0] = (char)(0xc0 | (u >> 6));
		out[1] = (char)(0x80 | (u & 0x3f));
		*outlen = 2;
	} else if (u < 0x10000) {
		out[0] = (char)(0xe0 | (u >> 12));
		out[1] = (char)(0x80 | ((u >> 6) & 0x3f));
		out[2] = (char)(0x80 | (u & 0x3f));
		*outlen = 3;
	} else {
		out[0] = (char)(0xf0 | (u >> 18));
		out[1] = (char)(0x80 | ((u >> 12) & 0x3f));
		out[2] = (char)(0x80 | ((u >> 6) & 0x3f));
		out[3] = (char)(0x80 | (u & 0x3f));
		*outlen = 4;
	}
	return took;
}

/*
 * Reads the string that opens at w->b[i] ('"'), its value decoded into
 * out (outsize bytes, when out is not NULL): at most outsize - 2 bytes of
 * it and a NUL, out[outsize - 1] set when it was cut.  Returns the offset
 * past its closing quote, or 0 when it does not close.  Its lines are
 * counted: a raw newline in a string is no JSON, but the walk may run
 * before the text is judged (a map's size is checked first), and a place
 * after it must still be on the line an editor shows.
 */
static size_t read_string(walker *w, size_t i, char *out, size_t outsize)
{
	const char *b = w->b, *end = w->b + w->n;
	size_t n = w->n, o = 0;
	int cut = 0;

	for (i++; i < n && b[i] != '"';) {
		char dec[4];
		size_t dn = 1, took = 1;
		if (b[i] == '\\') {
			if ((took = unescape(b + i, end, dec, &dn)) == 0)
				return 0;
		} else {
			dec[0] = b[i];
			if (b[i] == '\n') {
				w->line++;
				w->bol = i + 1;
			}
		}
		if (out != NULL && o + dn <= outsize - 2) {
			memcpy(out + o, dec, dn);
			o += dn;
		} else {
			cut = 1;
		}
		i += took;
	}
	if (out != NULL) {
		out[o] = '\0';
		out[outsize - 1] = (char)cut;
	}
	return i < n ? i + 1 : 0;
}

static void walk_value(walker *w, int depth);

/* After a member or an element: 1 when a ',' leads to the next, 0 when
 * the container ends at `close` or the text is bad (w->bad set). */
static int next_item(walker *w, char close)
{
	if (w->stop || w->bad)
		return 0;
	skip_space(w);
	if (w->i < w->n && w->b[w->i] == ',') {
		w->i++;
		skip_space(w);
		return 1;
	}
	if (w->i < w->n && w->b[w->i] == close)
		w->i++;
	else
		w->bad = 1;
	return 0;
}

/* The members of the object whose '{' is at w->i. */
static void walk_object(walker *w, int depth)
{
	w->i++;
	skip_space(w);
	if (w->i < w->n && w->b[w->i] == '}') {
		w->i++;
		return;
	}
	for (;;) {
		size_t k = w->i, e;
		json_place kp;
		char *kb = w->keys[depth]; /* depth < JSON_PATH_MAX */
		if (k >= w->n || w->b[k] != '"') {
			w->bad = 1;
			return;
		}
		kp = place_of(w, k);
		e = read_string(w, k, kb, KEY_MAX + 2);
		if (e == 0) {
			w->bad = 1;
			return;
		}
		/* A key cut short matches no step's. */
		w->path[depth].key = kb[KEY_MAX + 1] ? "\x01" : kb;
		w->path[depth].index = 0;
		w->i = e;
		skip_space(w);
		if (w->i >= w->n || w->b[w->i] != ':') {
			w->bad = 1;
			return;
		}
		w->i++;
		skip_space(w);
		/* The key's place goes with the value's. */
		{
			json_place vp = place_of(w, w->i);
			enum json_walk r =
				w->visit(w->arg, w->path, depth + 1, vp, kp);
			if (r == JSON_WALK_STOP) {
				w->stop = 1;
				return;
			}
			if (r == JSON_WALK_ENTER)
				walk_value(w, depth + 1);
			else
				walk_value(w, -1);
		}
		if (!next_item(w, '}'))
			return;
	}
}

/* The elements of the array whose '[' is at w->i. */
static void walk_array(walker *w, int depth)
{
	size_t index = 0;
	json_place none = {0, 0};

	w->i++;
	skip_space(w);
	if (w->i < w->n && w->b[w->i] == ']') {
		w->i++;
		return;
	}
	for (;; index++) {
		enum json_walk r;
		w->path[depth].key = NULL; /* depth < JSON_PATH_MAX */
		w->path[depth].index = index;
		r = w->visit(w->arg, w->path, depth + 1, place_of(w, w->i),
		             none);
		if (r == JSON_WALK_STOP) {
			w->stop = 1;
			return;
		}
		walk_value(w, r == JSON_WALK_ENTER ? depth + 1 : -1);
		if (!next_item(w, ']'))
			return;
	}
}

/* Passes over the value at w->i, its lines counted, visiting nothing. */
static void skip_value(walker *w)
{
	long open = 0;

	while (w->i < w->n) {
		char c = w->b[w->i];
		if (c == '"') {
			size_t e = read_string(w, w->i, NULL, 0);
			if (e == 0) {
				w->bad = 1;
				return;
			}
			w->i = e;
			if (open == 0)
				return;
		} else if (c == '{' || c == '[') {
			open++;
			w->i++;
		} else if (c == '}' || c == ']') {
			if (open == 0)
				return; /* the end of the container around it */
			w->i++;
			if (--open == 0)
				return;
		} else if (c == ',' || c == ':') {
			if (open == 0)
				return;
			w->i++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			if (open == 0)
				return;
			skip_space(w);
		} else {
			w->i++; /* a scalar's byte */
		}
	}
	if (open > 0)
		w->bad = 1; /* the text ends inside the value */
}

/* Passes over the value at w->i, visiting its members or elements when
 * depth >= 0 (the value's depth), nothing when depth < 0. */
static void walk_value(walker *w, int depth)
{
	if (w->i >= w->n) {
		w->bad = 1;
		return;
	}
	if (depth >= 0 && depth < JSON_PATH_MAX && w->b[w->i] == '{')
		walk_object(w, depth);
	else if (depth >= 0 && depth < JSON_PATH_MAX && w->b[w->i] == '[')
		walk_array(w, depth);
	else
		skip_value(w);
}

static int walk(walker *w, const char *buf, size_t len, json_visit visit,
                void *arg)
{
	json_place none = {0, 0};
	enum json_walk r;

	memset(w, 0, sizeof *w);
	w->b = buf;
	w->n = len;
	w->line = 1;
	w->visit = visit;
	w->arg = arg;
	skip_space(w);
	if (w->i >= w->n)
		return -1;
	r = visit(arg, w->path, 0, place_of(w, w->i), none);
	if (r == JSON_WALK_STOP)
		return 0;
	walk_value(w, r == JSON_WALK_ENTER ? 0 : -1);
	return w->bad ? -1 : 0;
}

int json_pos_walk(const char *buf, size_t len, json_visit visit, void *arg)
{
	walker w;

	return walk(&w, buf, len, visit, arg);
}

/* ------------------------------------------------------------- finding */

typedef struct finder {
	const json_step *path;
	int n, key;
	int found; /* steps matched so far */
	json_place at;
	size_t off; /* the offset of the deepest value matched */
	walker *w;
} finder;

static int step_is(const json_step *a, const json_step *b)
{
	if (a->key == NULL || b->key == NULL)
		return a->key == NULL && b->key == NULL && a->index == b->index;
	return strcmp(a->key, b->key) == 0;
}

static enum json_walk find_visit(void *arg, const json_step *path, int depth,
                                 json_place at, json_place key)
{
	finder *f = arg;

	if (depth == 0) {
		f->found = 0;
		f->at = at;
		f->off = f->w->i;
		return f->n > 0 ? JSON_WALK_ENTER : JSON_WALK_STOP;
	}
	/* Only the values on the path are entered, so depth is found + 1. */
	if (!step_is(&path[depth - 1], &f->path[depth - 1]))
		return JSON_WALK_SKIP;
	f->found = depth;
	f->at = f->key && depth == f->n && key.line > 0 ? key : at;
	f->off = f->w->i;
	return depth < f->n ? JSON_WALK_ENTER : JSON_WALK_STOP;
}

/*
 * The place of byte index of the value of the string whose opening quote
 * is at buf[off], on line at->line at column at->col: the column of the
 * escape or byte that gives it.  0, or -1 when the string is shorter.
 */
static int string_byte(const char *buf, size_t len, size_t off, size_t index,
                       json_place *at)
{
	const char *end = buf + len;
	size_t i = off + 1, o = 0;

	while (i < len && buf[i] != '"') {
		char dec[4];
		size_t dn = 1, took = 1;
		if (buf[i] == '\\' &&
		    (took = unescape(buf + i, end, dec, &dn)) == 0)
			return -1;
		if (index < o + dn) {
			at->col += (long)(i - off);
			return 0;
		}
		o += dn;
		i += took;
	}
	return -1;
}

int json_pos_nearest(const char *buf, size_t len, const json_step *path, int n,
                     int key, json_place *at)
{
	walker w;
	finder f;
	int steps = n, tail = 0;

	memset(&f, 0, sizeof f);
	if (steps > JSON_PATH_MAX)
		steps = JSON_PATH_MAX;
	f.path = path;
	f.w = &w;
	f.found = -1;
	/* A last index step may be a byte of a string: the walk finds the
	 * string, then its byte is counted here. */
	f.n = steps;
	f.key = key;
	(void)walk(&w, buf, len, find_visit, &f);
	if (f.found < 0)
		return -1;
	*at = f.at;
	if (f.found == steps - 1 && steps > 0 && path[steps - 1].key == NULL &&
	    f.off < len && buf[f.off] == '"') {
		json_place p = f.at;
		if (string_byte(buf, len, f.off, path[steps - 1].index, &p) ==
		    0) {
			*at = p;
			tail = 1;
		}
	}
	return f.found + tail;
}

int json_pos_find(const char *buf, size_t len, const json_step *path, int n,
                  int key, json_place *at)
{
	json_place p;

	if (n > JSON_PATH_MAX ||
	    json_pos_nearest(buf, len, path, n, key, &p) != n)
		return -1;
	*at = p;
	return 0;
}

/* -------------------------------------------------------------- paths */

static int is_word(char c)
{
	return (c >= 'a' && c <= 'z') || c == '_';
}

int json_path_parse(const char *s, size_t len, json_step *steps, int max,
                    char *keys, size_t keysize)
{
	size_t i = 0, k = 0;
	int n = 0;

	/* The first step: a word. */
	while (i < len && is_word(s[i]))
		i++;
	if (i == 0 || max < 1 || i + 1 > keysize)
		return -1;
	memcpy(keys, s, i);
	keys[i] = '\0';
	steps[n].key = keys;
	steps[n++].index = 0;
	k = i + 1;
	while (i < len && n < max) {
		if (s[i] == '[') {
			size_t v = 0, j = i + 1;
			while (j < len && s[j] >= '0' && s[j] <= '9' &&
			       v < (size_t)1 << 40)
				v = v * 10 + (size_t)(s[j++] - '0');
			if (j == i + 1 || j >= len || s[j] != ']')
				break;
			steps[n].key = NULL;
			steps[n++].index = v;
			i = j + 1;
		} else if (s[i] == '.' && i + 1 < len) {
			size_t j = i + 1;
			/* legend's keys are one character, whatever it is */
			if (n == 1 && strcmp(steps[0].key, "legend") == 0) {
				j = len;
			} else {
				while (j < len && s[j] != '.' && s[j] != '[')
					j++;
			}
			if (k + (j - i - 1) + 1 > keysize)
				break;
			memcpy(keys + k, s + i + 1, j - i - 1);
			keys[k + (j - i - 1)] = '\0';
			steps[n].key = keys + k;
			steps[n++].index = 0;
			k += j - i;
			i = j;
		} else {
			break;
		}
	}
	return i == len ? n : -1;
}
