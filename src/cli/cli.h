/*
 * cli.h - what the command line asked for, and the driver that does it.
 */
#ifndef ASTAR_CLI_H
#define ASTAR_CLI_H

#include <stddef.h>

#include "astar.h"
#include "read/map.h"

enum output_format { FORMAT_TEXT, FORMAT_JSON };

typedef struct cli_config {
	astar_options opts;
	int diagonal_given; /* --diagonal was given (scenarios default to
	                       no-obstacles otherwise) */
	int has_start, has_goal;
	astar_point start, goal;
	astar_point *blocks; /* --block cells */
	size_t nblocks;
	enum output_format format;
	enum map_format input_format;
	int timing;               /* print load and search times */
	int color;                /* colour the text output */
	const char *const *files; /* maps ("-" is standard input) and .scen
	                             files */
	int nfiles;
	const char **scens; /* --scen files */
	int nscens;
	const char *map_override; /* --map: the map of every scenario */
	int jobs;                 /* threads; 0: one per core for batches */
	int shard_k, shard_n;     /* keep items k-1, k-1+n, ...; n = 0: all */
	size_t max_cells;         /* the largest map to read */
	int check;                /* compare with expectations */
	double tolerance;         /* < 0: check_result's default */
	const char *junit;        /* --report=junit:FILE */
	int tap;                  /* --report=tap */
	const char *tap_file;     /* its file, or NULL for standard output */
	const char *image;        /* --image: a file name pattern (image.h), or
	                             NULL */
	int scale;                /* --scale; 0: image_write_png's default */
} cli_config;

/* Whether a file operand is a scenario file: its name ends in ".scen". */
int cli_is_scen(const char *path);

/* The options a scenario's queries run with: cfg's, moving by the
 * benchmarks' rule (ASTAR_DIAG_NO_OBSTACLES) unless --diagonal was
 * given. */
astar_options cli_scen_options(const cli_config *cfg);

/* Solves every query of every input and prints the results in input
 * order; returns the exit status (enum exit_status in diag.h).  Errors in
 * one input are reported and the others still run.  SIGINT, SIGTERM or
 * SIGHUP (unless ignored) stops it at the next whole result, and the
 * process then dies of that signal. */
int cli_run(const cli_config *cfg);

/* Reports a failed write to standard output, err its errno, as "error
 * writing to standard output: REASON"; but a closed pipe (EPIPE) ends the
 * process quietly by SIGPIPE, as the shell expects of a filter whose
 * reader went away (astar ... | head). */
void cli_stdout_failed(int err);

#endif
