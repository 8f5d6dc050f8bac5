/*
 * check.h - a tiny assertion and counting framework for the unit tests.
 *
 * This file owns test bookkeeping only: a "case" is one named comparison
 * (e.g. one grid under one diagonal policy and one heuristic) made of any
 * number of CHECK()s; it passes when none of its checks fail.  A CHECK()
 * outside an open case is a case of its own.  On the first failure of a
 * case the case name and, if one was registered with check_context(), a
 * context dump (seed, grid, query) go to stderr, followed by each failing
 * check's message.  check_module() runs one module of tests and prints
 * its count, "unit/NAME: N passed, M failed", on stdout; check_finish()
 * prints the summary line "unit: N passed, M failed" there and returns
 * the exit status.
 */
#ifndef CHECK_H
#define CHECK_H

/* Opens a case (closing any open one) and clears the context dumper. */
void check_begin(const char *fmt, ...);

/* Closes the open case; returns 1 when it passed. */
int check_end(void);

/* Registers a function that describes the open case on its first
 * failure; cleared by check_begin. */
void check_context(void (*dump)(void *arg), void *arg);

/* Records one check; returns ok (normalised to 0 or 1). */
int check_at(int ok, const char *file, int line, const char *fmt, ...);

/* Runs one module's tests (closing any case it leaves open) and prints
 * the cases it counted: "unit/NAME: N passed, M failed". */
void check_module(const char *name, void (*run)(void));

/* Prints the summary line; returns 0 when nothing failed, else 1. */
int check_finish(void);

/* Number of failed cases so far. */
unsigned long check_failed(void);

#define CHECK(cond, ...) check_at(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#endif
