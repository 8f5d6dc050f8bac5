/*
 * options_typos.c - command lines that parse but do not mean what was
 * typed: a flag's optional value given as the next word (read as a
 * file) and -j4 (--json and a file "4"), each reported with the form
 * that works.  Apart from options.c's table, so that the table and its
 * parsing stay in one screenful each.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "options_typos.h"

/* The values of the options whose value is optional, which must be
 * attached (--diagonal=always): a value given as the next word is read
 * as a file, so such a word is looked for (optional_word). */
static const struct {
	const char *name, *values; /* values: space-separated */
} optional_values[] = {
	{"diagonal", "never always at-most-one-obstacle no-obstacles"},
	{"color", "auto always never"},
	{"update", "path"},
};

/* Whether word is one of the space-separated values. */
static int is_value(const char *values, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = values; *p;) {
		const char *e = strchr(p, ' ');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && n > 0 && strncmp(p, word, n) == 0)
			return 1;
		p += len + (e != NULL);
	}
	return 0;
}

/*
 * A flag whose value is optional given without one, and then a word that
 * is one of its values and not a file (astar --diagonal always map.txt):
 * the word would be read as a file.  Reports it (and returns 1), with
 * the form that works.
 */
int optional_word(const char *name, int optional, const char *typed,
                  const char *next)
{
	struct stat st;
	char q[64], t[64];

	if (next == NULL || !optional ||
	    stat(next, &st) == 0)
		return 0;
	for (size_t i = 0; i < sizeof optional_values / sizeof *optional_values;
	     i++)
		if (strcmp(optional_values[i].name, name) == 0 &&
		    is_value(optional_values[i].values, next)) {
			diag_quote(next, q, sizeof q);
			diag_quote(typed, t, sizeof t);
			diag_error(NULL, 0, 0,
			           "%s %s: '%s' would be read as a file; use "
			           "--%s=%s",
			           t, q, q, name, q);
			return 1;
		}
	return 0;
}

/* -j4: -j is --json, and 4 no option; the threads are -J's.  s is an
 * argument "-...j" followed by digits alone (a cluster of flags), or
 * not. */
int jobs_typo(const char *s)
{
	const char *j;

	if (s == NULL || s[0] != '-' || s[1] == '-' ||
	    (j = strchr(s, 'j')) == NULL || j[1] == '\0' ||
	    j[1 + strspn(j + 1, "0123456789")] != '\0')
		return 0;
	for (const char *p = s + 1; p < j; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
			return 0;
	diag_error(NULL, 0, 0, "%s: -j is --json (for %s threads, use -J %s)",
	           s, j + 1, j + 1);
	return 1;
}
