/*
 * test_jps.h - the Jump Point Search tests (test_jps.c), run by the unit
 * test driver's main in test_search.c.
 */
#ifndef TEST_JPS_H
#define TEST_JPS_H

/* Runs every JPS test, counting its cases through check.h. */
void test_jps(void);

#endif
