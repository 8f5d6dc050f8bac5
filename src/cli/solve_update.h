/*
 * solve_update.h - --update's part in solving an item (solve_update.c).
 */
#ifndef ASTAR_SOLVE_UPDATE_H
#define ASTAR_SOLVE_UPDATE_H

#include "driver.h"
#include "update.h"

/* The new expectation of query mq (named label; qname in file) from its
 * result res into u, its diff noted and the hand-written expectations
 * it left said (a warning at the query); 0, or -1 when out of memory. */
int update_one(sink *k, const char *label, const char *file,
               const char *qname, const map_query *mq,
               const astar_result *res, update_query *u);

/* Whether --update cannot rewrite map file m (name) (reported). */
int refuse_update(const map *m, const char *name);

/* Rewrites map file name with the new expectations of its n queries uq,
 * when one changed. */
void update_file(sink *k, const char *name, update_query *uq, size_t n);

/* A scenario query's new optimal length, when its cost res is not the
 * one written: noted, kept in the item, and made *expect. */
void update_scen_query(sink *k, const char *label, map_expect *expect,
                       const astar_result *res);

#endif
