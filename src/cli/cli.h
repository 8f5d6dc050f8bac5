/*
 * cli.h - the driver: runs what the configuration (config.h) asks for.
 */
#ifndef ASTAR_CLI_H
#define ASTAR_CLI_H

#include <stddef.h>

#include "astar.h"
#include "config.h"

/* Solves every query of every input and prints the results in input
 * order; returns the exit status (enum exit_status in diag.h).  Errors in
 * one input are reported and the others still run.  SIGINT, SIGTERM or
 * SIGHUP (unless ignored) stops it at the next whole result, and the
 * process then dies of that signal. */
int cli_run(const cli_config *cfg);

#endif
