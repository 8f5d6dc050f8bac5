/*
 * map_json_values.c - the plain values every part of the JSON map reader
 * reads: a key quoted in a message, the check that an object has only
 * known keys (to catch typos), integers in a range, true or false, and
 * an agent's size.  The lowest of the reader's files, so that the grid,
 * the points, the queries and the expectations share these without
 * calling into each other or back into map_json.c.
 */
#include <string.h>

#include "map_json_values.h"

/* Writes key into out as text fit for a message: control characters
 * escaped, UTF-8 kept, cut after about MAP_JSON_KEY_SHOWN bytes with "...". */
const char *map_json_key_name(const char *key, char out[MAP_JSON_KEY_MAX])
{
	size_t n = 0;
	char cn[8];

	for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
		/* Stop at a character boundary once the budget is spent. */
		if (n >= MAP_JSON_KEY_SHOWN && (*p & 0xc0) != 0x80) {
			strcpy(out + n, "...");
			return out;
		}
		if (*p < 0x20 || *p == 0x7f) {
			map_char_name(*p, cn);
			strcpy(out + n, cn);
			n += strlen(cn);
		} else {
			out[n++] = (char)*p;
		}
	}
	out[n] = '\0';
	return out;
}

/* Fails on the first key of obj (in document order) not in keys[]; where
 * is the path of obj, "" at the top level. */
int map_json_check_keys(json_t *obj, const char *const *keys, const char *where,
                        map_error *err)
{
	const char *key;
	json_t *v;
	char kn[MAP_JSON_KEY_MAX];

	json_object_foreach(obj, key, v)
	{
		size_t i;
		for (i = 0; keys[i] != NULL; i++)
			if (strcmp(key, keys[i]) == 0)
				break;
		if (keys[i] == NULL)
			return map_fail(err, 0, 0, "%s%sunknown key '%s'",
			                where, *where ? ": " : "",
			                map_json_key_name(key, kn));
	}
	return 0;
}

/* An integer from lo to hi, or -1. */
int map_json_int(json_t *v, json_int_t lo, json_int_t hi, json_int_t *out)
{
	json_int_t n;

	if (!json_is_integer(v))
		return -1;
	n = json_integer_value(v);
	if (n < lo || n > hi)
		return -1;
	*out = n;
	return 0;
}

/* An optional true or false at key of obj into *out; where names obj. */
int map_json_flag(json_t *obj, const char *key, const char *where, int *out,
                  map_error *err)
{
	json_t *v = json_object_get(obj, key);

	if (v == NULL)
		return 0;
	if (!json_is_boolean(v))
		return map_fail(err, 0, 0, "%s.%s: expected true or false",
		                where, key);
	*out = json_is_true(v);
	return 0;
}

/* An agent size (key "size"): an integer from 1 to the map's smaller
 * side. */
int map_json_size(json_t *v, const char *where, long width, long height,
                  int32_t *out, map_error *err)
{
	json_int_t n;
	long most = width < height ? width : height;

	if (map_json_int(v, 1, most, &n) != 0)
		return map_fail(
			err, 0, 0,
			"%ssize: expected an integer from 1 to %ld (the "
			"map's smaller side)",
			where, most);
	*out = (int32_t)n;
	return 0;
}
