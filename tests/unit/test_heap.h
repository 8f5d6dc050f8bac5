/*
 * test_heap.h - the open list's tests (test_heap.c), run by the unit test
 * driver's main in test_search.c.
 */
#ifndef TEST_HEAP_H
#define TEST_HEAP_H

/* Runs every heap test, counting its cases through check.h. */
void test_heap(void);

#endif
