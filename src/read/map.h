/*
 * map.h - a map as the readers deliver it: a grid plus the start and goal
 * the file marks, and the error type every reader reports with.
 */
#ifndef ASTAR_MAP_H
#define ASTAR_MAP_H

#include <stdarg.h>
#include <stddef.h>

#include "astar.h"
#include "base/diag.h"

/* The readers' errors are the callee's records of diag.h. */
typedef diag_err map_error;

/* A reader's message is cut short at this many bytes (its NUL included),
 * as it always was. */
#define MAP_MSG_MAX 256

/* What a query expects, for --check.  A field counts only when its has_
 * flag is set. */
typedef struct map_expect {
	int has_reachable, reachable;
	int has_cost;
	double cost;
	int cost_decimals; /* decimals the cost was written with, or -1 */
	int has_max_cost;
	double max_cost;
	int has_steps;
	long steps;
	astar_point *path; /* has_path: the path's cells, path_len of them
	                      (owned by the map, freed by map_free) */
	size_t path_len;
	int has_path;
} map_expect;

/* A place in a map file: line and column from 1; 0 when unknown. */
typedef struct map_place {
	long line, col;
} map_place;

/* One query a map file (JSON "queries") or a scenario file carries. */
typedef struct map_query {
	astar_point start, goal;
	long line, col; /* where it was written, for messages; 0 unknown */
	map_place start_at, goal_at; /* where its start and goal are */
	char *name;                  /* its "name" (owned), or NULL */
	int adjacent, closest; /* the query asks for --adjacent, --closest */
	map_expect expect;
} map_query;

/* The input formats, for --input-format and detection. */
enum map_format { MAPFMT_AUTO, MAPFMT_ASCII, MAPFMT_JSON, MAPFMT_MOVINGAI };

typedef struct map {
	astar_grid *grid;       /* owned */
	enum map_format format; /* what it was read as (set by the caller of
	                           the reader) */
	int has_start, has_goal;
	astar_point start, goal;
	map_place start_at, goal_at; /* where start and goal are given (JSON
	                                "start" and "goal"), or 0 */
	int has_diagonal; /* the map gives its diagonal policy (JSON, and a
	                     Moving AI map's "type octile") */
	astar_diagonal diagonal;
	map_query *queries; /* owned; nqueries of them */
	size_t nqueries;
} map;

/* Frees what the map owns and zeroes it. */
void map_free(map *m);

/* Sets err's location and message (printf-style); returns -1. */
int map_fail(map_error *err, long line, long col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* map_fail with the message's arguments in ap. */
int map_vfail(map_error *err, long line, long col, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));

/* Writes c into out (size >= 8) as text fit for a message: the character
 * itself when printable, otherwise an escape such as \r or \x00.
 * Returns out. */
const char *map_char_name(int c, char out[8]);

/* The default of --max-cells: 100 million cells, about 2 GB to search. */
#define MAP_MAX_CELLS_DEFAULT 100000000UL

/* The largest --max-cells, 2^32 - 2: no map of more cells can be
 * searched (nor some of fewer: see map_check_size). */
#define MAP_MAX_CELLS_LIMIT 4294967294ULL

/*
 * Fails (with the message on err, at line) when a width x height map has
 * more than max_cells cells, or is too large for astar_search with the
 * library's border around it (ASTAR_SEARCH_CELLS_MAX); returns 0 when it
 * fits.
 */
int map_check_size(long width, long height, size_t max_cells, long line,
                   map_error *err);

/*
 * Reads an ASCII map (legend in astar(1)) from buf[0..len), refusing maps
 * of more than max_cells cells before allocating them.  Returns 0 and
 * fills *m (the caller frees it with map_free), or -1 with *err set and
 * *m left empty.
 */
int map_read_ascii(const char *buf, size_t len, size_t max_cells, map *m,
                   map_error *err);

/* Reads a JSON map (schema in astar(1)); same contract as map_read_ascii.
 * Errors carry the line and column of the byte at fault (a syntax
 * error) or of the value concerned, whose JSON path the message starts
 * with ("queries[3].goal: expected [x, y]"); the queries carry the places
 * of their objects, starts and goals. */
int map_read_json(const char *buf, size_t len, size_t max_cells, map *m,
                  map_error *err);

/* Reads a Moving AI .map file; same contract as map_read_ascii. */
int map_read_movingai(const char *buf, size_t len, size_t max_cells, map *m,
                      map_error *err);

/* 3 when buf starts with a UTF-8 byte order mark, which every reader
 * skips, else 0: a file that holds nothing more is empty. */
size_t map_bom(const char *buf, size_t len);

/* Guesses the format from the content: "type " first -> Moving AI, '{'
 * first (after white space) -> JSON, otherwise ASCII. */
enum map_format map_detect(const char *buf, size_t len);

#endif
