/*
 * value.h - parsing and naming of option values (numbers, coordinates,
 * enumerations).  Pure functions: no printing, no globals written.  The
 * command line and the JSON map reader parse with them and the JSON
 * writer names the options with them, so this sits below all three.
 */
#ifndef ASTAR_VALUE_H
#define ASTAR_VALUE_H

#include "astar.h"

/* Nonzero when s is, whole, a number in decimal: an optional sign,
 * digits with at most one '.', at least one digit, and an optional
 * exponent (e or E, an optional sign, digits).  strtod takes more (hex,
 * "inf", "nan", leading spaces), which a map, a scenario or an option
 * should not mean. */
int value_decimal(const char *s);

/* Parses "X,Y" (two decimal integers, negative ones too: an infinite
 * map's editor coordinates; nothing else).  Returns 0, or
 * -1 leaving *p unchanged. */
int value_point(const char *s, astar_point *p);

/* Parses "X,Y" or "X,Y,T": T a decimal integer (a voxel's z, a floor's
 * index) or a name (a floor's name: letters, digits, '_', '-', '.' and
 * spaces, not starting with a digit or '-').  *third is 0 for X,Y, 1 for a
 * number (*t) and 2 for a name (*tname points into s).  Returns 0, or -1
 * leaving the outputs unchanged. */
int value_place(const char *s, astar_point *p, int *third, int32_t *t,
                const char **tname);

/* Parses a finite decimal number >= 1.  Returns 0 or -1. */
int value_weight(const char *s, double *w);

/* Parses the n bytes at s, digits only (no sign, no space), as a whole
 * number from 0 to max.  Returns 0, or -1 leaving *out unchanged. */
int value_digits(const char *s, size_t n, long max, long *out);

/* Parses a whole number from lo to hi.  Returns 0 or -1. */
int value_count(const char *s, int lo, int hi, int *out);

/* Parses "K/N" with 1 <= K <= N <= 1000000.  Returns 0 or -1. */
int value_shard(const char *s, int *k, int *n);

/* Parses a cell count from 1 to max.  Returns 0 or -1. */
int value_cells(const char *s, unsigned long long max, size_t *out);

/* Parses a finite decimal number >= 0.  Returns 0 or -1. */
int value_tolerance(const char *s, double *t);

/* Name lookups: return 0 and set *out, or -1 for an unknown name. */
int value_diagonal(const char *s, astar_diagonal *out);
int value_heuristic(const char *s, astar_heuristic *out);
int value_algorithm(const char *s, astar_algorithm *out);
int value_wrap(const char *s, astar_wrap *out); /* none, x, y, xy */
const char *value_wrap_name(astar_wrap w);

/* The names used on the command line and in JSON output: static
 * strings, "?" for a value outside the enumeration. */
const char *value_diagonal_name(astar_diagonal d);
const char *value_heuristic_name(astar_heuristic h);
const char *value_algorithm_name(astar_algorithm a);

/* The accepted names of each enumeration, comma-separated, for messages. */
extern const char VALUE_DIAGONAL_NAMES[], VALUE_HEURISTIC_NAMES[],
	VALUE_ALGORITHM_NAMES[];

#endif
