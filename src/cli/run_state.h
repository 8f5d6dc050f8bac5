/*
 * run_state.h - what the parts of the driver share under the batch lock
 * while the items run: whether the run is stopping, and the file writes
 * (pictures, --update's rewrites) in progress.  See run_state.c.
 */
#ifndef ASTAR_RUN_STATE_H
#define ASTAR_RUN_STATE_H

#include "driver.h"

/* No more chunks of items, pictures or rewrites are begun. */
void run_stop(batch *b);

/* As run_stop, then waits for the writes begun, up to ten seconds (a
 * picture written to a pipe nobody reads would never end). */
void run_stop_and_wait(batch *b);

/* Counts a file write (a picture, an update) as begun, unless the run is
 * stopping (returns 0: not to be begun); write_end counts it done. */
int write_begin(batch *b);
void write_end(batch *b);

#endif
