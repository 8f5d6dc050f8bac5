/*
 * json_text.c - what the JSON map reader reads in the text itself rather
 * than in jansson's tree: where a syntax error jansson reports lies, as
 * a byte offset, and the map's width and height at a glance, before the
 * tree is built; and the arena jansson parses an editor's file in.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "astar.h"
#include "base/diag.h"
#include "json_text.h"
#include "map.h"

/* How a string token ends, for token_start. */
enum string_end { STRING_CLOSED, STRING_CUT, STRING_BAD_ESCAPE };

/*
 * The end of the string that begins at buf[i] (its opening quote), read
 * up to end; *how says whether it was closed, cut short at end (by a
 * control character, not read), or ended by a bad escape, whose last
 * byte read is the one before end.
 */
static size_t string_end(const char *buf, size_t i, size_t end,
                         enum string_end *how)
{
	*how = STRING_CLOSED;
	for (i++; i < end && buf[i] != '"'; i++) {
		if (buf[i] != '\\')
			continue;
		/* An escape is read whole: one cut short is a bad one. */
		if (++i >= end || buf[i] == '\0' ||
		    strchr("\"\\/bfnrtu", buf[i]) == NULL) {
			*how = STRING_BAD_ESCAPE;
			return end;
		}
		for (int k = buf[i] == 'u' ? 4 : 0; k > 0; k--)
			if (++i >= end || !isxdigit((unsigned char)buf[i])) {
				*how = STRING_BAD_ESCAPE;
				return end;
			}
	}
	if (i >= end)
		*how = STRING_CUT;
	return i + 1;
}

/* The end of the number that begins at buf[i], as jansson reads one. */
static size_t number_end(const char *buf, size_t i, size_t end)
{
	i += buf[i] == '-';
	while (i < end && isdigit((unsigned char)buf[i]))
		i++;
	if (i < end && buf[i] == '.')
		for (i++; i < end && isdigit((unsigned char)buf[i]);)
			i++;
	if (i < end && (buf[i] == 'e' || buf[i] == 'E')) {
		i++;
		i += i < end && (buf[i] == '+' || buf[i] == '-');
		while (i < end && isdigit((unsigned char)buf[i]))
			i++;
	}
	return i;
}

/*
 * Where the JSON token that ends at end (exclusive) begins, the text
 * lexed as jansson does from the start of the line of its last byte (no
 * token spans a line but a string with an error at a newline); *how
 * says how a string token ended (STRING_CLOSED for other tokens).
 */
static size_t token_start(const char *buf, size_t end, enum string_end *how)
{
	size_t i = end - 1, s = end;

	while (i > 0 && buf[i - 1] != '\n')
		i--;
	*how = STRING_CLOSED;
	while (i < end) {
		s = i;
		*how = STRING_CLOSED;
		if (buf[i] == '"') {
			i = string_end(buf, i, end, how);
		} else if (isalpha((unsigned char)buf[i])) {
			while (i < end && isalpha((unsigned char)buf[i]))
				i++;
		} else if (buf[i] == '-' || isdigit((unsigned char)buf[i])) {
			i = number_end(buf, i, end);
		} else { /* one character, of as many bytes as UTF-8 says */
			for (i++;
			     i < end && ((unsigned char)buf[i] & 0xc0) == 0x80;)
				i++;
		}
	}
	return s;
}

/*
 * The offset in buf of the byte a jansson error is about, from its code
 * and position (the count of bytes read; its line and column count
 * characters and name the last one read).  A byte that is not UTF-8 was
 * not counted, and the end of the input is at len.  Otherwise the error
 * is about the token that ends at the position, from its start; but
 * inside a string, about the control character after it (not read) or
 * the last byte of a bad escape.  A token too long for jansson to quote
 * in its message is placed at its start too, as the page promises.
 */
size_t json_text_error_offset(const char *buf, size_t len,
                              const json_error_t *e)
{
	size_t pos = e->position > 0 ? (size_t)e->position : 0, start;
	enum string_end how;

	if (pos > len)
		pos = len;
	switch (json_error_code(e)) {
	case json_error_invalid_utf8:
	case json_error_premature_end_of_input:
		return pos;
	default:
		break;
	}
	if (pos == 0)
		return 0;
	start = token_start(buf, pos, &how);
	if (how == STRING_CUT)
		return pos;
	if (how == STRING_BAD_ESCAPE)
		return pos - 1;
	return start;
}

/* ----------------------------------------------------- size at a glance */

/*
 * jansson's tree takes some 40 bytes a number, so a "cells" map is far
 * bigger in it than in the grid: the size is looked for before the tree
 * is built, so that --max-cells refuses a map before that allocation too.
 * json_text_size reads the top-level object's members up to "width" and
 * "height" (skipping other values by their brackets and strings) and
 * gives their values when both are written plainly: a whole number from
 * 1 to ASTAR_DIM_MAX, without sign or leading zero, once each.  Anything
 * else, a syntax error included, leaves the judgement to jansson and
 * read_root (returns 0).
 */
static size_t skip_space(const char *b, size_t n, size_t i)
{
	while (i < n &&
	       (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	return i;
}

/* Past the string that opens at b[i] ('"'); n when it does not end. */
static size_t skip_string(const char *b, size_t n, size_t i)
{
	for (i++; i < n; i++) {
		if (b[i] == '\\')
			i++;
		else if (b[i] == '"')
			return i + 1;
	}
	return n;
}

/* Past a member's value, at the ',' or '}' that ends it (n if none). */
static size_t skip_value(const char *b, size_t n, size_t i)
{
	long depth = 0;

	while (i < n) {
		char c = b[i];
		if (c == '"') {
			i = skip_string(b, n, i);
			continue;
		}
		if (c == '[' || c == '{')
			depth++;
		else if (c == ']' || c == '}') {
			if (depth == 0)
				return i;
			depth--;
		} else if (c == ',' && depth == 0)
			return i;
		i++;
	}
	return n;
}

int json_text_size(const char *b, size_t n, long *width, long *height)
{
	size_t i = skip_space(b, n, 0);

	*width = *height = 0;
	if (i >= n || b[i] != '{')
		return 0;
	for (i++;;) {
		size_t k0, k1;
		long *dim = NULL, v = 0;
		i = skip_space(b, n, i);
		if (i >= n || b[i] != '"')
			return 0;
		k0 = i + 1;
		i = skip_string(b, n, i);
		k1 = i - 1;
		if (i >= n)
			return 0;
		if (k1 - k0 == 5 && memcmp(b + k0, "width", 5) == 0)
			dim = width;
		else if (k1 - k0 == 6 && memcmp(b + k0, "height", 6) == 0)
			dim = height;
		i = skip_space(b, n, i);
		if (i >= n || b[i] != ':')
			return 0;
		i = skip_space(b, n, i + 1);
		if (dim != NULL) {
			if (*dim != 0 || i >= n || b[i] < '1' || b[i] > '9')
				return 0;
			for (; i < n && b[i] >= '0' && b[i] <= '9'; i++)
				if ((v = v * 10 + (b[i] - '0')) > ASTAR_DIM_MAX)
					return 0;
			*dim = v;
			i = skip_space(b, n, i); /* no fraction, no exponent */
			if (i >= n || (b[i] != ',' && b[i] != '}'))
				return 0;
			if (*width != 0 && *height != 0)
				return 1;
		}
		i = skip_space(b, n, skip_value(b, n, i));
		if (i >= n || b[i] != ',')
			return 0;
		i++;
	}
}

json_t *json_text_load(const char *buf, size_t len, diag_err *err)
{
	json_error_t jerr;
	json_t *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr);
	size_t off, bol = 0;
	long line = 1;

	if (root != NULL)
		return root;
	if (json_error_code(&jerr) == json_error_out_of_memory ||
	    jerr.text[0] == '\0') {
		diag_fail(err, 0, 0, "out of memory");
		return NULL;
	}
	off = json_text_error_offset(buf, len, &jerr);
	for (size_t i = 0; i < off && i < len; i++)
		if (buf[i] == '\n') {
			line++;
			bol = i + 1;
		}
	diag_fail(err, line, (long)(off - bol) + 1, "%s", jerr.text);
	return NULL;
}

/* What a value that is no number is, as a message says it. */
static const char *kind_of(const json_t *v)
{
	switch (v == NULL ? JSON_NULL : json_typeof(v)) {
	case JSON_STRING:
		return "a string";
	case JSON_TRUE:
		return "true";
	case JSON_FALSE:
		return "false";
	case JSON_ARRAY:
		return "an array";
	case JSON_OBJECT:
		return "an object";
	default:
		return v == NULL ? "missing" : "null";
	}
}

int json_text_number(const map_number *r, const json_t *v, double *out,
                     char *msg, size_t size)
{
	if (json_is_integer(v))
		return map_number_value(r, (double)json_integer_value(v), out,
		                        msg, size);
	if (json_is_real(v))
		return map_number_value(r, json_real_value(v), out, msg, size);
	return map_number_say(r, kind_of(v), msg, size);
}

/* The arena's blocks, newest first, and how deep this thread's arenas
 * are nested. */
typedef struct arena_block {
	struct arena_block *next;
	size_t size, used;
	max_align_t data[]; /* size bytes */
} arena_block;

static _Thread_local arena_block *arena;
static _Thread_local int arena_depth;

/* The first block's size; each next one doubles, up to the last. */
#define ARENA_FIRST ((size_t)256 << 10)
#define ARENA_LAST  ((size_t)16 << 20)

static void *arena_malloc(size_t n)
{
	size_t want = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	arena_block *b = arena;
	void *p;

	if (arena_depth == 0 || want < n)
		return malloc(n);
	if (b == NULL || b->size - b->used < want) {
		size_t size = b == NULL ? ARENA_FIRST
		              : b->size < ARENA_LAST ? 2 * b->size
		                                     : b->size;
		if (size < want)
			size = want;
		if (size > SIZE_MAX - sizeof *b ||
		    (b = malloc(sizeof *b + size)) == NULL)
			return NULL;
		b->size = size;
		b->used = 0;
		b->next = arena;
		arena = b;
	}
	p = (char *)b->data + b->used;
	b->used += want;
	return p;
}

/* A block of the arena is freed with it; any other with free. */
static void arena_free(void *p)
{
	for (const arena_block *b = arena_depth ? arena : NULL; p && b;
	     b = b->next)
		if ((const char *)p >= (const char *)b->data &&
		    (const char *)p < (const char *)b->data + b->size)
			return;
	free(p);
}

void json_text_init(void)
{
	json_set_alloc_funcs(arena_malloc, arena_free);
}

void json_text_arena_begin(void)
{
	arena_depth++;
}

void json_text_arena_end(void)
{
	if (--arena_depth > 0)
		return;
	while (arena != NULL) {
		arena_block *next = arena->next;
		free(arena);
		arena = next;
	}
}
