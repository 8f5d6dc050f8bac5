/*
 * diag.h - diagnostics as values: every message of the tool is a record
 * (its severity, the file and the place in it, its text), and one
 * function formats a record, for standard error as
 *   astar: FILE:LINE:COL: message     (a location in a file)
 *   astar: FILE: message              (a whole file)
 *   astar: message                    (options, the system)
 *   astar: warning: message
 *   astar: FILE:LINE:COL: warning: message
 * and without "astar: " for the test reports.
 *
 * diag_error and diag_warn make a record.  It is printed at once, unless
 * the calling thread collects its records into a list (diag_collect): a
 * batch worker does, so that the main thread prints them in input order,
 * beside the results they belong to.
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

/* A note is a line of the run's own on standard error (--check's
 * mismatches when the output is for programs): its text alone. */
enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE };

typedef struct diag_msg {
	enum diag_level level;
	char *file;     /* owned, or NULL: no location */
	long line, col; /* 1-based; 0 when they mean nothing */
	char *text;     /* owned */
} diag_msg;

/* Records in the order they were made.  All zero is an empty list;
 * nomem is set when one could not be kept. */
typedef struct diag_list {
	diag_msg *v;
	size_t n, cap;
	int nomem;
} diag_list;

/*
 * What a callee that does not print fills for its caller, who knows the
 * file (a reader, the image writer, a file that could not be opened): the
 * place in the file and the text.  The caller makes it a record with
 * diag_report.
 */
typedef struct diag_err {
	long line, col; /* 1-based; 0 when they mean nothing */
	char msg[512];
	char file[512]; /* the file the place is in when it is not the one
	                   the caller read (a check file's level), else "" */
} diag_err;

/* Fills e (printf-style); returns -1, for `return diag_fail(...)`. */
int diag_fail(diag_err *e, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* e as an error record about file (NULL: none), or about e->file when
 * it is set, made as diag_error's. */
void diag_report(const char *file, const diag_err *e);

/* file may be NULL (no location); line and col 0 when they mean nothing. */
void diag_error(const char *file, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void diag_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A warning about a place in a file: "astar: FILE:LINE:COL: warning: ..." */
void diag_warn_at(const char *file, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void diag_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Sends this thread's records to l from now on; NULL prints them. */
void diag_collect(diag_list *l);

/* The one formatter: m as a line, with "astar: " in front when prog is
 * set, and without a newline, into a malloc'd string (NULL when out of
 * memory). */
char *diag_format(const diag_msg *m, int prog);

/* Prints m to f as a line of its own ("astar: ..."); 0, or -1 when the
 * write fails. */
int diag_print(FILE *f, const diag_msg *m);

/* Prints every record of l to f, in one write when memory allows; 0, or
 * -1 when the write fails. */
int diag_list_print(FILE *f, const diag_list *l);

/* The last error or warning of l (not a note), or NULL. */
const diag_msg *diag_list_last(const diag_list *l);

/* Appends a copy of m to l (l->nomem set on failure). */
void diag_list_add(diag_list *l, const diag_msg *m);

/* Moves every record of src to the end of dst (src left empty). */
void diag_list_move(diag_list *dst, diag_list *src);

void diag_list_free(diag_list *l);

/* s as a message quotes it (an option's value, say), in buf of size
 * bytes (at least 8): bytes below 0x20 and DEL written as \xNN, so that
 * a newline in it cannot start a line without "astar: ", and what does
 * not fit cut short with "..." (between UTF-8 characters).  Returns
 * buf. */
const char *diag_quote(const char *s, char *buf, size_t size);

/* Writes s to f with its control characters (bytes below 0x20, and DEL)
 * as \xNN, as every message is printed: for a name from a file in text
 * output. */
void diag_fputs(FILE *f, const char *s);

#endif
