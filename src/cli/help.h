/*
 * help.h - the text of --help from the flag table's rows (help.c): the
 * rows grouped under headings, before and after them the lines that
 * say what FILE is and what the exit status means.
 */
#ifndef ASTAR_HELP_H
#define ASTAR_HELP_H

#include <stddef.h>

/* One flag's row of --help, in the order of options.c's table. */
typedef struct help_row {
	const char *name;  /* the long name, which help.c groups by */
	const char *usage; /* the left column */
	const char *help;  /* the text, its lines separated by '\n' */
} help_row;

/* Writes --help's text (without the usage line) for the n rows into
 * text (size bytes, cut short if it must be); returns its length. */
size_t help_text(char *text, size_t size, const help_row *rows, size_t n);

#endif
