/*
 * args.h - parsing and naming of option values (coordinates, numbers,
 * enumerations).  Pure functions: no printing, no globals written.  The
 * command line parses with them and the JSON writer names the options
 * with them, so this sits below both.
 */
#ifndef ASTAR_ARGS_H
#define ASTAR_ARGS_H

#include "astar.h"

/* Parses "X,Y" (two decimal integers >= 0, nothing else).  Returns 0, or
 * -1 leaving *p unchanged. */
int args_point(const char *s, astar_point *p);

/* Parses a finite decimal number >= 1.  Returns 0 or -1. */
int args_weight(const char *s, double *w);

/* Parses a whole number from lo to hi.  Returns 0 or -1. */
int args_count(const char *s, int lo, int hi, int *out);

/* Parses "K/N" with 1 <= K <= N <= 1000000.  Returns 0 or -1. */
int args_shard(const char *s, int *k, int *n);

/* Parses a cell count from 1 to MAP_MAX_CELLS_LIMIT (2^32 - 2).  Returns
 * 0 or -1. */
int args_cells(const char *s, size_t *out);

/* Parses a finite decimal number >= 0.  Returns 0 or -1. */
int args_tolerance(const char *s, double *t);

/* Name lookups: return 0 and set *out, or -1 for an unknown name. */
int args_diagonal(const char *s, astar_diagonal *out);
int args_heuristic(const char *s, astar_heuristic *out);
int args_algorithm(const char *s, astar_algorithm *out);

/* The names used on the command line and in JSON output: static
 * strings, "?" for a value outside the enumeration. */
const char *args_diagonal_name(astar_diagonal d);
const char *args_heuristic_name(astar_heuristic h);
const char *args_algorithm_name(astar_algorithm a);

/* The accepted names of each enumeration, comma-separated, for messages. */
extern const char ARGS_DIAGONAL_NAMES[], ARGS_HEURISTIC_NAMES[],
	ARGS_ALGORITHM_NAMES[];

#endif
