/*
 * diag.h - the one place that prints diagnostics.
 *
 * Every message goes to standard error as
 *   astar: FILE:LINE:COL: message     (a location in a file)
 *   astar: FILE: message              (a whole file)
 *   astar: message                    (options, the system)
 * and warnings as "astar: warning: message".
 *
 * A batch worker points its thread's diagnostics at a buffer with
 * diag_set_stream, so that messages are printed in input order, beside
 * the results they belong to.
 */
#include <stdio.h>
#ifndef ASTAR_DIAG_H
#define ASTAR_DIAG_H

#define PROGNAME "astar"

/* Exit statuses; documented in astar(1). */
enum exit_status {
	EXIT_FOUND = 0,  /* every query found a path */
	EXIT_NOPATH = 1, /* some query found none (or a --check failed) */
	EXIT_ERROR = 2   /* usage, input or system error */
};

/* file may be NULL (no location); line and col 0 when they mean nothing. */
void diag_error(const char *file, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void diag_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* s as a message quotes it (an option's value, say), in buf of size
 * bytes (at least 8): bytes below 0x20 and DEL written as \xNN, so that
 * a newline in it cannot start a line without "astar: ", and what does
 * not fit cut short with "..." (between UTF-8 characters).  Returns
 * buf. */
const char *diag_quote(const char *s, char *buf, size_t size);

/* Sends this thread's diagnostics to f; NULL means standard error. */
void diag_set_stream(FILE *f);

/* Where in its stream (ftell) this thread's last diagnostic began, or -1
 * when there is none or the stream cannot tell (standard error, say):
 * the message itself runs from there to the end, whatever newlines a
 * file name in it holds. */
long diag_last_start(void);

#endif
