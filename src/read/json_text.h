/*
 * json_text.h - the JSON readers' help with jansson: placing its syntax
 * errors, the size at a glance, and a value through the one checked
 * conversion of numbers (json_text.c).
 */
#ifndef ASTAR_JSON_TEXT_H
#define ASTAR_JSON_TEXT_H

#include <stddef.h>

#include <jansson.h>

/* The offset in buf (len bytes) of the byte jansson's error e is about,
 * from e's code and position, never from its message's words. */
size_t json_text_error_offset(const char *buf, size_t len,
                              const json_error_t *e);

/* The width and height of the top-level object in the n bytes at b, when
 * both are written plainly: returns 1 with them set, else 0 (the
 * judgement is left to jansson and the reader). */
int json_text_size(const char *b, size_t n, long *width, long *height);

/* Parses buf (len bytes) for the editors' readers: the root, or NULL
 * with err at the line and column of the syntax error (jansson's
 * placing, as the JSON map reader gives it). */
struct diag_err;
json_t *json_text_load(const char *buf, size_t len, struct diag_err *err);

/* v, a value of a parsed document, through the readers' one checked
 * conversion (map.h's map_number): a number judged by map_number_value,
 * anything else said as what it is ("a string", "an array", "missing"
 * when v is NULL).  0 with *out set, or -1 with msg[0..size) set. */
struct map_number;
int json_text_number(const struct map_number *r, const json_t *v,
                     double *out, char *msg, size_t size);

/*
 * Parsing in an arena.  jansson makes a block of memory for each value
 * of a document and frees each again: for the 10^5 values of an editor's
 * project that was more time than the parse, and left the heap in
 * pieces that the next large allocation (the search's) paid to join.
 * Between json_text_arena_begin and its json_text_arena_end (nested on
 * one thread: the outermost end frees), jansson's allocations on this
 * thread are taken from a few large blocks, its frees of them do
 * nothing, and the end frees the blocks.  No value may outlive the end.
 * json_text_init installs the allocator (once, before any thread);
 * outside an arena it is malloc and free.
 */
void json_text_init(void);
void json_text_arena_begin(void);
void json_text_arena_end(void);

#endif
