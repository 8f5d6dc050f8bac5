/*
 * jps_prune.h - the table of barren jump points of Jump Point Search
 * (jps_prune.c), private to the library.
 */
#ifndef ASTAR_JPS_PRUNE_H
#define ASTAR_JPS_PRUNE_H

#include "jps_types.h"

/* Makes the table's entry for node j = (x, y) reached by a step of
 * class a and returns it (see jps_prune.c).  The search hands it to the
 * jumps as jps's probe_barren. */
uint8_t jps_barren_probe(jps *s, uint32_t j, int32_t x, int32_t y, uint32_t a);

/* The table for grid g (zeroed: nothing known) unless the cache has it;
 * 0, or -1 without the memory. */
int jps_barren_ready(jps_cache *c, const astar_grid *g);

#endif
