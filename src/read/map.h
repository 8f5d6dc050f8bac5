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
	int32_t ox, oy; /* the editor's coordinates of cell 0,0: the path
	                   is kept in grid cells, written and shown in the
	                   editor's (an infinite Tiled map's) */
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
	/* Several starts or goals ("starts", "goals", or an @name holding
	 * several cells): owned lists, NULL when the query has one (start,
	 * goal); start and goal are then the first of each. */
	astar_point *starts, *goals;
	size_t nstarts, ngoals;
	int has_size; /* "size": the agent's side in cells */
	int32_t size;
	/* "block": cells this query alone treats as walls (each cell of an
	 * @name), owned; nblocks of them */
	astar_point *blocks;
	size_t nblocks;
} map_query;

/* A named point of a level: a JSON level's "points", a Tiled object, an
 * LDtk entity.  Several points may share a name (the chests of a level);
 * `@name` picks them wherever a coordinate is accepted.  at is a grid
 * cell (0-based, inside the map). */
typedef struct map_point {
	char *name; /* owned */
	astar_point at;
	char *kind; /* owned: a Tiled object's type/class, or NULL */
	size_t obj; /* the index of the first point of its object: the
	               names of one LDtk entity share it (@Door, @Door#1,
	               @iid), so that a list shows each object once */
	/* By name (points.c): the next point of the same name's index + 1
	 * (0: none); on a name's first point, its count and last point. */
	size_t next, count, last;
} map_point;

/* A reachability assertion of a level ("reach"): whether every target
 * can be reached from the sources (reachable 1) or none can (0).  all:
 * the targets are every open cell ("*"). */
typedef struct map_reach {
	astar_point *from, *to; /* owned; nfrom, nto cells */
	size_t nfrom, nto;
	int all;
	int reachable;
	char *from_text; /* the "from" as written (owned), for messages */
	map_place at;    /* where it is written (JSON), for annotations */
} map_reach;

/* The input formats, for --input-format and detection. */
enum map_format {
	MAPFMT_AUTO,
	MAPFMT_ASCII,
	MAPFMT_JSON,
	MAPFMT_MOVINGAI,
	MAPFMT_TILED,
	MAPFMT_LDTK,
	MAPFMT_GRAPH,  /* a JSON graph (graph_file.h) */
	MAPFMT_DIMACS, /* DIMACS .gr, .p2p, .ss */
	MAPFMT_EDGES   /* an edge list */,
	MAPFMT_VOXEL /* a Moving AI voxel map ("voxel W H D") */
};

/* What the level options (--layer, --solid, --cost, --costs, --level, or
 * a JSON check file's keys) choose in an editor's file.  All NULL/0:
 * the defaults (astar(1), "Level editors"). */
typedef struct map_level_opts {
	const char *const *layers; /* --layer names: their union blocks */
	size_t nlayers;
	const char *solid; /* Tiled: a tile property; LDtk: values "a,b" */
	const char *cost;  /* Tiled: a numeric tile property */
	const char *costs; /* LDtk: "name:cost,..." */
	const char *level; /* LDtk: a level's identifier or index */
	const char *link_property; /* Tiled worlds: the @MAP/NAME property */
	const char *path;  /* the file read, whose folder holds the files
	                      it names ("-": the current folder) */
	int unmarked; /* no level of the project has a start and a goal of
	                 its own: without --level, one error lists them */
	int from_check; /* chosen by a check file's keys ("level_id"), not
	                   by the flags (--level), which messages name */
	int max_cells_given; /* --max-cells was given: its number alone
	                        rules, a sparse infinite map's too */
} map_level_opts;

/*
 * What an editor's reader chose, for -v and the JSON record: the layers
 * that block and what in them does, the points the defaults made start
 * and goal, and why each wall is one.  Strings owned unless said; all
 * 0 for maps of other formats (has 0).
 */
typedef struct map_chosen {
	int has;
	char **layers; /* the layers that block */
	size_t nlayers;
	const char *layers_by; /* how they were chosen (static text) */
	char *walls;           /* what in them blocks, as a sentence */
	const char *walls_by;  /* "by default" or the option (static) */
	char *start, *goal;    /* the points the defaults chose, or NULL */
	char *start_by, *goal_by; /* by which rule */
	/* Where the level is, for a failed check's report and annotation:
	 * the file (as opened), the place of the LDtk level or of the first
	 * Tiled layer that blocks (0 unknown), and what is there ("LDtk
	 * level 'Cave'"); NULL when read from standard input. */
	char *file, *place;
	long line, col;
	/* Each cell's cause (w*h, row by row): 0 none, else an index into
	 * causes ("IntGrid value 'water'", "a tile of layer 'Solid'"). */
	unsigned char *why;
	char *causes[256];
} map_chosen;

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
	map_point *points; /* owned; npoints of them, in the file's order */
	size_t npoints;
	/* owned: a hash table of each name's first point (its index + 1;
	 * 0 a free slot), index_cap slots for index_n names, so that a
	 * query's "@name" costs no scan of every point (points.c) */
	size_t *index, index_cap, index_n;
	/* The editor's coordinates of cell (0, 0): an infinite Tiled map's
	 * grid starts where its tiles do, and the CLI shows users the
	 * editor's coordinates.  0, 0 for every other map. */
	long ox, oy;
	char *level;  /* owned: an LDtk level's identifier, or NULL */
	int has_wrap; /* the map's joined borders (JSON "wrap") */
	astar_wrap wrap;
	int has_size; /* the agent size its queries are for (JSON "size") */
	int32_t size;
	map_reach *reach; /* owned; nreach of them (JSON "reach") */
	size_t nreach;
	int has_regions;      /* "expect": {"regions": N} at the top level */
	map_place regions_at; /* where that "expect" is written */
	long regions;
	map_chosen *chosen; /* owned: an editor's level's choices, or NULL */
	struct map_world *world; /* owned: a world of floors (world_map.h),
	                            or NULL; grid is then NULL */
	/* Frees world (set by the reader that made it, so that map_free
	 * depends on no world reader). */
	void (*world_free)(struct map_world *world);
	astar_voxels *voxels; /* owned: a voxel map's grid (grid is then
	                         NULL) */
	double *heights; /* owned: a JSON level's "heights", width x height
	                    in rows, or NULL */
	struct map_voxel_level *vlevel; /* owned: a JSON voxel level's
	                                   points, queries and reach, or
	                                   NULL */
} map;

/* A JSON voxel level's query, as map_query is a grid's. */
typedef struct map_vquery {
	astar_place start, goal; /* the first of starts and goals */
	astar_place *starts, *goals; /* owned: "@name" of several voxels,
	                                nstarts and ngoals; else NULL */
	size_t nstarts, ngoals;
	char *name; /* owned, or NULL */
	int adjacent, closest;
	map_expect expect; /* reachable, cost, max_cost, steps */
	map_place at;      /* where it is written */
	map_place start_at, goal_at; /* where its start(s) and goal(s) are
	                                written, or 0 (the level's own) */
	/* "block": voxels this query alone treats as blocked (each voxel
	 * of an @name), owned; nblocks of them */
	astar_place *blocks;
	size_t nblocks;
} map_vquery;

/* A JSON voxel level's reach assertion: whether every target can be
 * reached from the source (or none can); all: every open voxel. */
typedef struct map_vreach {
	astar_place from, *to; /* to: owned, nto of them */
	size_t nto;
	int all, reachable;
	map_place at;
} map_vreach;

typedef struct map_voxel_level {
	int has_start, has_goal;
	astar_place start, goal;
	/* owned: the z of each of the map's named points (map.points: its
	 * x, y, name and the index by name), in the same order */
	int32_t *pz;
	map_vquery *queries; /* owned */
	size_t nqueries;
	map_vreach *reach; /* owned */
	size_t nreach;
} map_voxel_level;

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

/*
 * A number a file gives, checked before it is used, so that no reader
 * truncates, wraps or guesses: what messages call it, whether the format
 * says it is whole, and its bounds (within 2^53, where doubles are
 * exact).  Every reader reads its numbers through map_number_text (a
 * number written as text: an XML attribute, a CSV field) or
 * map_number_value (a number a JSON parser read).
 */
typedef struct map_number {
	const char *name; /* "width", "layers[0].chunks[2].x" */
	int whole;
	double lo, hi;
} map_number;

/* Reads all of s as r asks, in decimal only: a sign, digits, and for a
 * number that need not be whole a fraction and an exponent; no spaces,
 * hex, octal, inf or nan.  0 with *out set, or -1 with msg[0..size) set
 * to "NAME must be a whole number from LO to HI, not TEXT" (or "a
 * number" when it need not be whole), TEXT cut short and escaped. */
int map_number_text(const map_number *r, const char *s, double *out, char *msg,
                    size_t size);

/* The same for v, a number a JSON parser read: a whole number written
 * 4.0 is 4, one written 4.5 is refused. */
int map_number_value(const map_number *r, double v, double *out, char *msg,
                     size_t size);

/* The message for a value that is no number at all, what it is said as
 * (a string, true, an array); returns -1. */
int map_number_say(const map_number *r, const char *what, char *msg,
                   size_t size);

/* Adds a point named name (copied) at cell at; 0, or -1 when memory
 * ran out. */
int map_add_point(map *m, const char *name, astar_point at);

/* A count for each of a set of names, hashed (points.c): for a reader
 * that asks, for each of many names, how many it has seen, in time that
 * does not grow with how many it holds. */
typedef struct names names;

/* An empty set, or NULL when out of memory. */
names *names_new(void);
void names_free(names *s);

/* The count of name (a copy of name is kept), 0 when new; NULL when out
 * of memory. */
size_t *names_slot(names *s, const char *name);

/* The count of name, 0 for one never given. */
size_t names_get(const names *s, const char *name);

/* How many of m's points are named name (exactly, case included); the
 * first of them in *first when there is one. */
size_t map_count_points(const map *m, const char *name, size_t *first);

/*
 * Resolves "@name" (ref, the '@' included) to the one cell it names.
 * Returns 0 with *at set, or -1 with a message in msg[0..size) that says
 * what is wrong: no such point (the known names listed, or that the map
 * names none), or a name that several points hold (their cells listed).
 */
int map_resolve_point(const map *m, const char *ref, astar_point *at, char *msg,
                      size_t size);

/* An editor's level without a start or goal of its own: the points
 * whose name, or else type/class, is like a start (map_like_start) are
 * the start when they are all on one cell, and the same for the goal;
 * none, or several cells: not set.  What was chosen and why goes in
 * m->chosen (made when NULL). */
void map_default_endpoints(map *m);

/* Whether name is like a start (goal 0) or a goal: with case, spaces,
 * '-' and '_' left out, it is made of the words player, spawn, start
 * (a goal: exit, goal, end, level) and point, each at most once, and
 * holds one of the first three (the rule astar(1) gives). */
int map_like_endpoint(const char *name, int goal);

/* The level's points for a message, each object once with its cell in
 * the editor's coordinates: "@Player 10,10, @Door#1 5,2, ..." (cut
 * short with "..."), or "none". */
void map_list_points(const map *m, char *out, size_t size);

/* Sets point k's kind (a copy) and object; 0, or -1 out of memory. */
int map_point_tag(map *m, size_t k, const char *kind, size_t obj);

/* m->chosen, made empty when there is none; NULL out of memory. */
map_chosen *map_chosen_of(map *m);

/* The sentence why cell p of m is a wall ("on IntGrid value 'water', a
 * wall by default (--solid chooses the walls)"), or "" when the map
 * does not say. */
void map_why_blocked(const map *m, astar_point p, char *out, size_t size);
/*
 * Appends the cells "@name" (ref, the '@' included) names to the list
 * *list of *n cells (grown with realloc): one or several.  Returns 0, or
 * -1 with msg set as map_resolve_point does for an unknown name, or
 * "out of memory".
 */
int map_append_points(const map *m, const char *ref, astar_point **list,
                      size_t *n, char *msg, size_t size);

/* The default of --max-cells: 40 million cells, so that one search of
 * the largest map a small file can describe (a compressed Tiled layer, a
 * JSON level of few cells given) stays within about 1 GB (the figures:
 * bench/RESULTS.md). */
#define MAP_MAX_CELLS_DEFAULT 40000000UL

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

/* A sparse infinite map: one whose box holds more than this many
 * times the cells its chunks cover, and more than MAP_SPARSE_CELLS. */
#define MAP_SPARSE_RATIO 64
#define MAP_SPARSE_CELLS (1ULL << 20)

/*
 * Fails (at line) when a width x height box of an infinite map, what
 * (a layer or the map), whose chunks cover covered cells in all, is
 * sparse (above) and --max-cells was not given (given 0): a few bytes
 * of chunks far apart would otherwise make a map of millions of cells.
 * Its size is map_check_size's to check.
 */
int map_check_sparse(long width, long height, unsigned long long covered,
                     const char *what, int given, long line,
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

/* map_read_json for a file at path: a check file's "level" (a Tiled
 * or LDtk file, found beside path) gives the grid and points, and its
 * "level_id", "layer", "solid", "cost" and "costs" choose as the level
 * options do. */
int map_read_json_at(const char *buf, size_t len, size_t max_cells,
                     const char *path, map *m, map_error *err);

/* The check file's level (map_check.c), for map_json.c: root is the
 * check file's object; fills m's grid, points and level. */
struct json_t;
int map_check_load(struct json_t *root, const char *path, size_t max_cells,
                   map *m, map_error *err);

/* Reads a Tiled map (.tmx XML, or .tmj JSON: told by the first byte)
 * by the level options lo; external tilesets and templates are read
 * beside lo->path.  A missing template is a warning (diag_warn).  Same
 * contract as map_read_ascii otherwise. */
int map_read_tiled(const char *buf, size_t len, size_t max_cells,
                   const map_level_opts *lo, map *m, map_error *err);

/* Reads one level of an LDtk project (lo->level: an identifier or an
 * index; NULL: the only level, else an error), external .ldtkl files
 * read beside lo->path; an .ldtkl file given alone is its level. */
int map_read_ldtk(const char *buf, size_t len, size_t max_cells,
                  const map_level_opts *lo, map *m, map_error *err);

/* map_read_ldtk of the project root already parsed from buf (a whole
 * world reads each level of one parse); *read, when read is not NULL,
 * gets a reference to the level read (an external file's own). */
int map_read_ldtk_root(struct json_t *root, const char *buf, size_t len,
                       size_t max_cells, const map_level_opts *lo, map *m,
                       map_error *err, struct json_t **read);

/* The identifiers of an LDtk project's levels, for a batch to make one
 * item of each: *names malloc'd, each name malloc'd, *n of them (0 for
 * an .ldtkl file).  0, or -1 with err set. */
int map_ldtk_levels(const char *buf, size_t len, char ***names, size_t *n,
                    map_error *err);

/* map_ldtk_levels of a project root already parsed. */
int map_ldtk_levels_root(const struct json_t *root, char ***names, size_t *n,
                         map_error *err);

/* Reads a Moving AI .map file; same contract as map_read_ascii. */
int map_read_movingai(const char *buf, size_t len, size_t max_cells, map *m,
                      map_error *err);

/* Reads a Moving AI voxel map: "voxel W H D", then one "x y z" line per
 * blocked voxel (map_voxel.c), refusing more than max_cells voxels
 * before allocating them; same contract as map_read_ascii, the voxels in
 * m->voxels. */
int map_read_voxel(const char *buf, size_t len, size_t max_cells, map *m,
                   map_error *err);

/* The heights of a width x height map from the grayscale PNG at path
 * (8 or 16 bits; heights_png.c), each grey level times scale, into *out
 * (malloc'd).  0, or -1 with err set (line 0). */
int map_read_heights_png(const char *path, int32_t width, int32_t height,
                         double scale, double **out, map_error *err);

/* 3 when buf starts with a UTF-8 byte order mark, which every reader
 * skips, else 0: a file that holds nothing more is empty. */
size_t map_bom(const char *buf, size_t len);

/* Guesses the format from the content: "type " first -> Moving AI,
 * "voxel " first -> a Moving AI voxel map, '<'
 * (an XML map) -> Tiled, '{' first (after white space) -> JSON, unless
 * its object has, among its own keys (not those of the values inside
 * it), Tiled's "tiledversion" or "type": "map" (Tiled) or LDtk's
 * "jsonVersion" or "__header__" (LDtk), otherwise ASCII. */
enum map_format map_detect(const char *buf, size_t len);

#endif
