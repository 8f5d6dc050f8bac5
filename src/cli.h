/*
 * cli.h - what the command line asked for, and the driver that does it.
 */
#ifndef ASTAR_CLI_H
#define ASTAR_CLI_H

#include <stddef.h>

#include "astar.h"

enum output_format { FORMAT_TEXT, FORMAT_JSON };

typedef struct cli_config {
	astar_options opts;
	int has_start, has_goal;
	astar_point start, goal;
	astar_point *blocks;   /* --block cells */
	size_t nblocks;
	enum output_format format;
	int timing;            /* print load and search times */
	int color;             /* colour the text output */
	char **files;          /* "-" is standard input */
	int nfiles;
} cli_config;

/* Solves every file's query and prints the results; returns the exit
 * status (enum exit_status in diag.h).  Errors in one file are reported
 * and the others still run. */
int cli_run(const cli_config *cfg);

#endif
