/*
 * astar.h - the astar library: grids, a reusable search context and grid
 * search.
 *
 * The library owns three things: a grid of cell costs (astar_grid), a
 * search context that is reused across queries (astar_ctx) and the search
 * itself (astar_search).  It performs no I/O, never prints and never exits;
 * every failure is reported through a return value.  Its one piece of
 * global state is an atomic counter that numbers the grids it creates (so
 * that a context can tell a new grid from an old one at the same address);
 * no result depends on it.
 * Readers of map files, output formats and the command-line tool live
 * outside it and depend on it, never the other way round.
 *
 * Coordinates are 0-based: x is the column, y the row, (0,0) the top-left
 * cell.  A cell holds the cost to enter it, 1 to ASTAR_COST_MAX, or 0 for a
 * blocked cell.  A step costs 1 orthogonally and sqrt(2) diagonally, times
 * the cost of the cell entered.
 *
 * Pointer arguments must not be NULL unless a function says it takes NULL
 * (astar_grid_new's status, astar_grid_free, astar_ctx_free); the library does not
 * check, as the C library's own functions do not.
 */
#ifndef ASTAR_H
#define ASTAR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" { /* C++ programs link the C names */
#endif

#define ASTAR_VERSION "2.0.0"

/* The largest cost a cell can have; 0 means blocked. */
#define ASTAR_COST_MAX 255

/* The largest width or height of a grid. */
#define ASTAR_DIM_MAX 1000000

/* The most cells a grid that astar_search can search has, counting the
 * border of one cell the library keeps around it: (width + 2) x
 * (height + 2) at most 2^32 - 6.  A larger grid can be made, but a
 * search of it fails with ASTAR_ETOOBIG. */
#define ASTAR_SEARCH_CELLS_MAX 4294967290ULL

/* Status codes returned by library functions. */
typedef enum astar_status {
	ASTAR_OK = 0,
	ASTAR_ENOMEM,         /* an allocation failed; nothing was changed */
	ASTAR_ETOOBIG,        /* the grid dimensions are 0 or too large */
	ASTAR_ERANGE,         /* a coordinate lies outside the grid */
	ASTAR_ESTART_BLOCKED, /* the start cell is blocked */
	ASTAR_EGOAL_BLOCKED,  /* the goal is blocked and neither adjacent nor
	                         closest was asked for */
	ASTAR_EINVAL,         /* an option is out of range */
	ASTAR_EUNSUPPORTED    /* the algorithm does not apply to this grid or
	                         movement */
} astar_status;

/*
 * A short English description of a status, e.g. "out of memory".  The
 * string is static: the caller must not free or change it.  An unknown
 * value gives a generic description, never NULL.
 */
const char *astar_strerror(astar_status status);

typedef struct astar_point {
	int32_t x, y;
} astar_point;

/* ---------------------------------------------------------------- grid */

typedef struct astar_grid astar_grid;

/*
 * Creates a width x height grid with every cell blocked.  The caller owns
 * the grid and frees it with astar_grid_free.  On failure returns NULL and sets
 * *status (if not NULL) to ASTAR_ETOOBIG when a dimension is 0 or larger
 * than ASTAR_DIM_MAX or the cell count would overflow, or ASTAR_ENOMEM.
 */
astar_grid *astar_grid_new(int32_t width, int32_t height, astar_status *status);

/* Frees a grid; NULL is ignored.  The grid must not be in use by a
 * search running in another thread. */
void astar_grid_free(astar_grid *grid);

/* The grid's width and height, as given to astar_grid_new; never fail. */
int32_t astar_grid_width(const astar_grid *grid);
int32_t astar_grid_height(const astar_grid *grid);

/* Nonzero when (x, y) lies inside the grid, 0 otherwise. */
int astar_grid_contains(const astar_grid *grid, int32_t x, int32_t y);

/*
 * Sets the cost of entering (x, y): 0 blocks it, 1..ASTAR_COST_MAX opens
 * it.  Out-of-range coordinates are ignored (there is no error to
 * report; check with astar_grid_contains first when that matters).
 */
void astar_grid_set(astar_grid *grid, int32_t x, int32_t y, uint8_t cost);

/* The cost of entering (x, y), or 0 when it is blocked or outside. */
uint8_t astar_grid_get(const astar_grid *grid, int32_t x, int32_t y);

/*
 * Row y's cells as a writable array of width costs, for readers that fill
 * a whole row at once; NULL when y is outside.  The array belongs to
 * the grid and stays valid until astar_grid_free.  A reader that writes
 * through it calls astar_grid_recount afterwards, before the next search:
 * searches see such writes only from there (a context keeps JPS's maps
 * of the grid as it was, and a kept pointer written later would leave
 * JPS searching the old cells while A* sees the new ones).
 */
uint8_t *astar_grid_row(astar_grid *grid, int32_t y);

/* Row y's cells as a read-only array of width costs (what astar_grid_get gives
 * for each x), for drawing or copying a whole row; NULL when y is
 * outside.  Valid until astar_grid_free; it sees later changes to the grid. */
const uint8_t *astar_grid_row_view(const astar_grid *grid, int32_t y);

/* Marks the grid changed and recomputes the least and greatest open-cell
 * costs from the cells; it cannot fail.  Needed after writing through
 * astar_grid_row (not after astar_grid_set), before the next search or prepare. */
void astar_grid_recount(astar_grid *grid);

/*
 * Bounds of the open cells' costs, used to scale the heuristics so they
 * stay admissible on maps whose every cell costs more than 1, and to tell
 * uniform-cost grids (for JPS).  They never overstate how uniform the grid
 * is: astar_grid_set only ever lowers the least and raises the greatest (a new
 * grid starts at ASTAR_COST_MAX and 0), so after a cell is raised, lowered
 * or blocked they may be wider than the truth, which is still admissible.
 * astar_grid_recount makes them exact.
 */
uint8_t astar_grid_min_cost(const astar_grid *grid);
uint8_t astar_grid_max_cost(const astar_grid *grid);

/* ---------------------------------------------------------------- search */

/* Which diagonal steps are allowed. */
typedef enum astar_diagonal {
	ASTAR_DIAG_NEVER = 0,    /* 4-connected */
	ASTAR_DIAG_ALWAYS,       /* any diagonal into an open cell */
	ASTAR_DIAG_ONE_OBSTACLE, /* at least one of the two orthogonal
	                            neighbours is open */
	ASTAR_DIAG_NO_OBSTACLES  /* both are open (Moving AI rule) */
} astar_diagonal;

typedef enum astar_heuristic {
	ASTAR_H_DEFAULT = 0, /* manhattan when 4-connected, octile otherwise */
	ASTAR_H_MANHATTAN,
	ASTAR_H_EUCLIDEAN,
	ASTAR_H_OCTILE,
	ASTAR_H_CHEBYSHEV,
	ASTAR_H_ZERO
} astar_heuristic;

typedef enum astar_algorithm {
	ASTAR_ALGO_ASTAR = 0,
	ASTAR_ALGO_DIJKSTRA, /* A* with the zero heuristic: shortest paths */
	ASTAR_ALGO_BFS,      /* breadth-first: fewest steps, whatever they
	                        cost; the cost reported is the path's own */
	ASTAR_ALGO_GREEDY,   /* best-first on the heuristic alone: fast, not
	                        shortest */
	ASTAR_ALGO_JPS       /* Jump Point Search: shortest paths, of the
	                        same cost as A*'s, on grids whose open cells
	                        all cost the same, under
	                        ASTAR_DIAG_NO_OBSTACLES or ASTAR_DIAG_NEVER,
	                        with that movement's own heuristic (the
	                        default) and weight 1.  The path lists every
	                        cell.  explored lists the jump points
	                        expanded, which may leave out points the
	                        search can prove lead nowhere; expanded
	                        counts them, and generated the jump points
	                        opened or improved, which may leave out some
	                        that could only come after the goal.  So
	                        both differ from A*'s counts.  Results
	                        depend on the grid, the query and the
	                        options alone, not on earlier searches. */
} astar_algorithm;

/* Which borders of a grid join, for worlds that wrap around: with
 * ASTAR_WRAP_X a step off the right edge enters the left one (and back),
 * with ASTAR_WRAP_Y the bottom joins the top, with ASTAR_WRAP_XY both.
 * Such steps are ordinary steps (a diagonal across a joined border
 * follows the diagonal policy with the wrapped neighbours), and the
 * heuristics take the shorter way round so they stay admissible. */
typedef enum astar_wrap {
	ASTAR_WRAP_NONE = 0,
	ASTAR_WRAP_X,
	ASTAR_WRAP_Y,
	ASTAR_WRAP_XY
} astar_wrap;

typedef struct astar_options {
	astar_diagonal diagonal;
	astar_heuristic heuristic;
	astar_algorithm algorithm;
	double weight; /* >= 1: f = g + weight * h */
	int adjacent;  /* stop next to the target instead of on it */
	int closest;   /* fall back to the reachable cell nearest the target */
	int explored;  /* record expanded cells in expansion order */
	int landmarks; /* A* only: guide the search with this many landmarks
	                  (0 to ASTAR_LANDMARKS_MAX; 0, the default, for
	                  none; ASTAR_LANDMARKS_AUTO: 8, or 12 on terrain
	                  whose costs exceed the exact tables' 16 bits,
	                  when the grid's detours make them pay, judged once
	                  per grid from one Dijkstra search, else none).
	                  The context builds their distance tables
	                  for the grid once (astar_prepare, or the first
	                  search), then every A* search of that grid with
	                  this count uses them: the cost is the same, the
	                  expansions far fewer.  Used with an admissible
	                  heuristic and without adjacent and closest, which
	                  search as if it were 0. */
	astar_wrap wrap; /* joined borders (ASTAR_WRAP_NONE: none); JPS,
	                    adjacent and closest do not apply to a wrapping
	                    grid (ASTAR_EUNSUPPORTED) */
	int32_t size; /* the agent's side in cells: 0 or 1 for one cell, N
	                 for an N x N agent anchored at its top-left cell,
	                 searched on astar_grid_footprint's grid (which the
	                 context keeps between queries); points are anchors */
	int no_path;  /* astar_search leaves result->path NULL and writes no
	                 cell of it; path_len, cost, end and the rest are
	                 what they would be, so the cost and the step count
	                 (path_len - 1) come without the work of listing the
	                 cells.  For a caller that checks or prints only
	                 those.  The same for astar_search_many. */
} astar_options;

/* The most landmarks astar_options.landmarks can ask for, and the value
 * that lets the context choose. */
#define ASTAR_LANDMARKS_MAX  32
#define ASTAR_LANDMARKS_AUTO (-1)

/* Fills *opts (which must not be NULL) with the defaults: 4-connected,
 * default heuristic, A*, weight 1, no adjacent, no closest, no explored
 * list, no wrapping, an agent of one cell, the path's cells listed. */
void astar_options_init(astar_options *opts);

/* The heuristic actually used for the options (resolves the default, and
 * the zero heuristic of Dijkstra and breadth-first search). */
astar_heuristic astar_effective_heuristic(const astar_options *opts);

/* Nonzero when the heuristic never overestimates under the diagonal
 * policy, so that A* with weight 1 returns shortest paths; 0 otherwise
 * (also for values outside the enums). */
int astar_heuristic_admissible(astar_heuristic h, astar_diagonal diagonal);

/* Nonzero when the algorithm of opts applies to grid, 0 when a search
 * would fail with ASTAR_EUNSUPPORTED (JPS: see astar_search).  grid may
 * be NULL: then the options alone are judged, as if on a grid where
 * every open cell costs the same. */
int astar_supported(const astar_grid *grid, const astar_options *opts);

/*
 * The outcome of one query.  The arrays belong to the context that
 * produced them and stay valid until its next search or its release.
 */
typedef struct astar_result {
	int found;        /* a path was returned (possibly by closest) */
	int reached_goal; /* it ends on the goal (or next to it, adjacent) */
	double cost;      /* cost of the path */
	astar_point end;  /* last cell of the path */
	const astar_point *path; /* path_len cells from start to end
	                            (NULL under options.no_path) */
	size_t path_len;         /* 0 when found is 0 */
	uint64_t expanded;       /* cells taken off the open list */
	uint64_t generated; /* cells put on (or improved in) the open list */
	const astar_point *explored; /* expanded cells in expansion order,
	                                only when options.explored is set */
	size_t explored_len;
	size_t start_index; /* astar_search_many: the start the path leaves */
	size_t goal_index;  /* astar_search_many: the goal it reaches */
} astar_result;

typedef struct astar_ctx astar_ctx;

/*
 * Creates a search context.  A context grows to the largest grid it has
 * searched and is reused across queries without clearing its arrays; it
 * is not shared between threads (use one context per thread; grids may
 * be shared read-only).  The caller owns it and frees it with
 * astar_ctx_free.  Returns NULL when out of memory.
 */
astar_ctx *astar_ctx_new(void);

/* Frees a context and every array it owns, including the path and
 * explored arrays of its last result; NULL is ignored. */
void astar_ctx_free(astar_ctx *ctx);

/*
 * Readies ctx for many searches of grid with opts by doing now the work
 * that the first searches would otherwise do: room for the grid's cells,
 * written once so that the system maps the memory now rather than during
 * a search, and for JPS the maps of the grid it precomputes, including
 * those that only pay off over many queries (a lone search does without
 * them).  Optional: astar_search does what is missing on its own, and
 * the results are the same either way.  Call it where
 * a pause is cheap (a game when a level loads, a batch before its first
 * query) so that no search pays for it.  The work holds while ctx
 * searches this grid unchanged; after astar_grid_set, or writes through
 * astar_grid_row followed by astar_grid_recount, JPS's maps are rebuilt by the next
 * search (or prepare).
 * Fails with ASTAR_EINVAL for options out of range, ASTAR_EUNSUPPORTED
 * when opts ask for JPS and it does not apply, ASTAR_ETOOBIG and
 * ASTAR_ENOMEM; ctx stays usable.  Costs next to nothing when the work
 * is already done.
 */
astar_status astar_prepare(astar_ctx *ctx, const astar_grid *grid,
                           const astar_options *opts);

/*
 * A loop the caller runs on its own threads: calls job(arg, i) once for
 * every i below n, on any of its threads and in any order, and returns
 * when every call has returned.  self is the caller's.
 */
typedef void astar_parallel(void *self, size_t n,
                            void (*job)(void *arg, size_t i), void *arg);

/*
 * astar_prepare, with the parts of the work that do not depend on each
 * other run through each (NULL: on the calling thread, as
 * astar_prepare): on a grid with terrain, each landmark's two distance
 * maps (the costs from it and to it) are built side by side.  The
 * result is the same, bit for bit, whatever threads each uses; with
 * astar_prepare_share, a batch builds the preparation once on its
 * threads and every thread's context uses it.
 */
astar_status astar_prepare_on(astar_ctx *ctx, const astar_grid *grid,
                              const astar_options *opts,
                              astar_parallel *each, void *self);

/*
 * Makes ctx use the landmark tables that from holds for grid and opts
 * (from astar_prepare, astar_prepare_on or a search with landmarks)
 * instead of building its own: they are shared read-only, so contexts
 * holding them may search on different threads at once, and freed when
 * the last context holding them is freed or builds others.  ASTAR_OK;
 * ASTAR_EINVAL when from holds none for this grid, unchanged, and these
 * options (its landmark count and diagonal policy), or when the options
 * ask for no landmarks; ctx is then unchanged.
 */
astar_status astar_prepare_share(astar_ctx *ctx, const astar_ctx *from,
                                 const astar_grid *grid,
                                 const astar_options *opts);

/*
 * Searches grid from start to goal.  On ASTAR_OK *result describes the
 * outcome (found may be 0: no path).  Fails with ASTAR_ERANGE when start
 * or goal lies outside the grid, ASTAR_ESTART_BLOCKED, ASTAR_EGOAL_BLOCKED
 * (goal blocked without adjacent or closest), ASTAR_EINVAL for options out
 * of range (weight below 1 or not finite, unknown enum values),
 * ASTAR_ETOOBIG for a grid of more than ASTAR_SEARCH_CELLS_MAX cells
 * (its border included),
 * ASTAR_EUNSUPPORTED when the algorithm does not apply (JPS on a grid
 * whose open cells do not all cost the same, as far as astar_grid_min_cost and
 * astar_grid_max_cost tell, or under another diagonal policy, another heuristic
 * than the movement's own or a weight other than 1) and ASTAR_ENOMEM;
 * then *result is zeroed.  The grid is only read, and must not change
 * during the search.  result->path and result->explored point into ctx:
 * they stay valid until the next astar_search with ctx or
 * astar_ctx_free(ctx); copy them to keep them longer, never free them.
 */
astar_status astar_search(astar_ctx *ctx, const astar_grid *grid,
                          astar_point start, astar_point goal,
                          const astar_options *opts, astar_result *result);

/* How the grid's obstacles break its open space, as astar_choose judges
 * it: corner cells, open cells with a blocked diagonal neighbour whose
 * two side neighbours toward it are open (where JPS's jumps stop), in
 * parts per million of the open cells (*per_open) and of the blocked
 * cells (*per_blocked; the border outside the grid not counted).
 * Measured on one row in each band of rows, at most about 65,000 cells, so it
 * costs well under one search of a large grid; 0 where there is no open
 * (blocked) cell. */
void astar_grid_corners(const astar_grid *grid, uint32_t *per_open,
                        uint32_t *per_blocked);

/* astar_choose picks A* on a grid with at least ASTAR_AUTO_SCATTER
 * corner cells per million blocked cells (one a blocked cell):
 * obstacles scattered cell by cell (a random map), not walls and blobs,
 * which stop JPS's jumps every few cells while A*'s heuristic is nearly
 * exact.  Set by measurement: bench/RESULTS.md, "--algorithm=auto". */
#define ASTAR_AUTO_SCATTER 1000000u

/* The exact algorithm that should answer grid's queries under opts (its
 * algorithm field aside): ASTAR_ALGO_JPS when JPS applies (see
 * astar_supported: uniform costs, its diagonal policies and heuristic,
 * weight 1; no wrapping; an agent of one cell) and the grid's obstacles
 * are not a scatter (ASTAR_AUTO_SCATTER), else ASTAR_ALGO_ASTAR.
 * Both give paths of the same cost.  ctx may be NULL; otherwise it
 * keeps the judgement while the grid is unchanged, so that later calls
 * cost next to nothing.  Set opts->algorithm to the result before
 * searching. */
astar_algorithm astar_choose(astar_ctx *ctx, const astar_grid *grid,
                             const astar_options *opts);

/* ------------------------------------------------------- one-to-many */

/* The most goals for which astar_search_many's A* uses a heuristic. */
#define ASTAR_MANY_GOALS_H 16

/* The flow field's code of a source, or of a cell without a cost. */
#define ASTAR_FLOW_NONE 8

/*
 * Searches grid from the nearest of nstarts starts to the nearest of
 * ngoals goals: the cheapest path between any start and any goal.  Ties
 * of cost go to the goal given first, then to the start given first.
 * result->start_index and result->goal_index say which were joined.  A*
 * uses the least of the heuristics to the goals (admissible, so paths
 * stay shortest); with more than ASTAR_MANY_GOALS_H goals it runs as
 * Dijkstra, which costs less than the heuristic would.  JPS runs one
 * jump-point search per pair of start and goal and reports the cheapest
 * (expanded and generated are then the sums).  adjacent and closest
 * apply only to one start and one goal (ASTAR_EUNSUPPORTED otherwise).
 * Fails with ASTAR_EINVAL when nstarts or ngoals is 0, and otherwise as
 * astar_search does, every start and every goal being checked.  The
 * result's arrays belong to ctx as astar_search's do.
 */
astar_status astar_search_many(astar_ctx *ctx, const astar_grid *grid,
                               const astar_point *starts, size_t nstarts,
                               const astar_point *goals, size_t ngoals,
                               const astar_options *opts,
                               astar_result *result);

/* Flow directions: the step to take from a cell toward the nearest
 * source.  0..7 are N E S W NE SE SW NW (N is y - 1, E is x + 1);
 * ASTAR_FLOW_NONE marks a source itself and every cell that is blocked
 * or unreachable.  astar_flow_dx/astar_flow_dy give a code's offset
 * (0 for ASTAR_FLOW_NONE and unknown codes). */
int astar_flow_dx(int code);
int astar_flow_dy(int code);

/* A distance map and its flow field.  Both arrays hold width x height
 * cells in rows (cell (x, y) at y * width + x) and belong to the context,
 * valid until its next search, flood or regions call. */
typedef struct astar_flood_result {
	int32_t width, height;
	const double *dist;  /* cost from the nearest source; -1 when the
	                        cell is blocked or unreachable */
	const uint8_t *flow; /* the step toward the nearest source (above) */
	size_t reached;      /* cells with a cost, sources included */
	uint64_t expanded;   /* cells taken off the open list */
} astar_flood_result;

/*
 * The distance map from the sources: one Dijkstra flood that gives every
 * cell its cost from the nearest source (ties to the source given first),
 * under opts' diagonal policy, wrapping and agent size, and the flow
 * field beside it: following the flow from a reachable cell walks a
 * shortest path to a source, the source's path to the cell reversed (its
 * steps, taken from the source, cost the cell's distance; with terrain
 * costs, walked toward the source they cost the cells left instead of
 * those entered).  The
 * algorithm must be ASTAR_ALGO_ASTAR or ASTAR_ALGO_DIJKSTRA (the same
 * flood; heuristic and weight are ignored), ASTAR_EUNSUPPORTED
 * otherwise.  Fails with ASTAR_EINVAL when nsources is 0 or an option is
 * out of range, ASTAR_ERANGE and ASTAR_ESTART_BLOCKED for a source
 * outside or blocked, ASTAR_ETOOBIG and ASTAR_ENOMEM; then *result is
 * zeroed.
 */
astar_status astar_flood(astar_ctx *ctx, const astar_grid *grid,
                         const astar_point *sources, size_t nsources,
                         const astar_options *opts,
                         astar_flood_result *result);

/*
 * The connected regions of open cells under opts' diagonal policy,
 * wrapping and agent size (a region: cells that can all reach each
 * other).  *count gets their number; *labels (when labels is not NULL)
 * width x height numbers in rows, 0 for a blocked cell and 1..*count
 * numbering the regions in the order of their first cell in rows.  The
 * array belongs to ctx like astar_flood's.  Fails with ASTAR_EINVAL,
 * ASTAR_ETOOBIG and ASTAR_ENOMEM.
 */
astar_status astar_regions(astar_ctx *ctx, const astar_grid *grid,
                           const astar_options *opts, size_t *count,
                           const uint32_t **labels);

/*
 * The grid an N x N agent sees (N = size): cell (x, y) is open when every
 * cell of the square with (x, y) as its top-left corner is open (with
 * wrap, the square may cross a joined border; otherwise a square that
 * leaves the grid is blocked), and costs the dearest of them.  A search
 * of it under any diagonal policy is the agent's search: a diagonal
 * step's two orthogonal neighbours there are the footprints the agent
 * passes.  Built in time linear in the cells, whatever the size.  The
 * caller owns the new grid (astar_grid_free).  size must be 1 to
 * ASTAR_DIM_MAX (ASTAR_EINVAL); ASTAR_ENOMEM.  On failure returns NULL
 * and sets *status when status is not NULL.
 */
astar_grid *astar_grid_footprint(const astar_grid *grid, int32_t size,
                                 astar_wrap wrap, astar_status *status);

/* ------------------------------------------------ beyond one flat grid */

/*
 * A place in a space with a third dimension: a world's cell (x, y on the
 * level numbered level, z 0) or a voxel (x, y, z; level 0).  Graphs name
 * their places by node index (uint32_t).  See docs/design.md, "How
 * results and points name a place".
 */
typedef struct astar_place {
	int32_t x, y, z;
	uint32_t level;
} astar_place;

/* --------------------------------------------------------------- worlds */

/* Worlds of several levels joined by seams and links (docs/design.md). */

/*
 * A world: levels (grids) placed at a position in world cells and a
 * depth, joined where levels of one depth touch (a step across such a
 * seam is an ordinary step under the diagonal policy) and by links from
 * a cell of one level to a cell of any level (stairs, doors,
 * teleporters), each with its cost, both ways or one way.  A link's ends
 * are walkable (cost 1) even where their level says wall.  A place is an
 * astar_place: x, y on the level numbered level (in the order added), z 0.
 */
typedef struct astar_world astar_world;

/* An empty world, NULL when out of memory; freed with astar_world_free
 * (NULL ignored). */
astar_world *astar_world_new(void);
void astar_world_free(astar_world *world);

/* Adds a level; its number is the count of levels before it.  The grid
 * is borrowed: it must outlive the world and not change after
 * astar_world_build.  name (may be NULL) is copied.  ASTAR_ENOMEM. */
astar_status astar_world_add_level(astar_world *world, const astar_grid *grid,
                                   const char *name, int32_t x, int32_t y,
                                   int32_t depth);

/* Adds a link from one place to another of cost (finite, >= 0; EINVAL
 * otherwise), both ways unless oneway.  Its places are checked by
 * astar_world_build.  ASTAR_ENOMEM. */
astar_status astar_world_add_link(astar_world *world, astar_place from,
                                  astar_place to, double cost, int oneway);

/* What astar_world_build found wrong. */
typedef enum astar_world_fault {
	ASTAR_WORLD_FINE = 0,
	ASTAR_WORLD_NO_LEVEL,   /* a link names a level not added (link, end) */
	ASTAR_WORLD_OUTSIDE,    /* a link end lies outside its level */
	ASTAR_WORLD_OVERLAP,    /* levels a and b of one depth overlap, in
	                           world cells x0..x1, y0..y1 */
	ASTAR_WORLD_EMPTY       /* no level */
} astar_world_fault;

typedef struct astar_world_problem {
	astar_world_fault fault;
	size_t link;        /* the link (in the order added) */
	int end;            /* 0 its from, 1 its to */
	size_t a, b;        /* the overlapping levels */
	int32_t x0, y0, x1, y1;
} astar_world_problem;

/* Joins the levels and links into the searchable world: seams, link
 * ends, the heuristic's tables.  Call once after the last level and link
 * and before any search; ASTAR_EINVAL with *why (may be NULL) filled for
 * a fault above, ASTAR_ETOOBIG past ASTAR_SEARCH_CELLS_MAX places,
 * ASTAR_ENOMEM.  A built world is only read by the searches, so threads
 * may share it, each with its own context. */
astar_status astar_world_build(astar_world *world, astar_world_problem *why);

/* The number of levels. */
size_t astar_world_level_count(const astar_world *world);

/* Level number level's grid (NULL past the last). */
const astar_grid *astar_world_level(const astar_world *world, size_t level);

/* Its name as given (never NULL: "" when none or past the last). */
const char *astar_world_level_name(const astar_world *world, size_t level);

/* Its place in world cells and its depth (0s past the last). */
void astar_world_level_at(const astar_world *world, size_t level, int32_t *x,
                          int32_t *y, int32_t *depth);

/* The number of links, stairs among them. */
size_t astar_world_link_count(const astar_world *world);

/* Link number link (below the count) as it was added. */
void astar_world_link_get(const astar_world *world, size_t link,
                          astar_place *from, astar_place *to, double *cost,
                          int *oneway);
/* The cost of entering a place (link ends count as open), 0 when blocked
 * or outside. */
uint8_t astar_world_get(const astar_world *world, astar_place p);
/* Blocks place p of a built world (as --block: a link end too), for the
 * searches after; ASTAR_ERANGE when p lies outside its level.
 * The heuristic stays admissible: a wall only lengthens paths. */
astar_status astar_world_block(astar_world *world, astar_place p);

/* A world search's outcome, as astar_result with places. */
typedef struct astar_world_result {
	int found, reached_goal;
	double cost;
	astar_place end;
	const astar_place *path; /* NULL under options.no_path */
	size_t path_len;
	uint64_t expanded, generated;
	const astar_place *explored;
	size_t explored_len;
	size_t start_index, goal_index;
} astar_world_result;

/*
 * astar_search_many on a world: the cheapest path from any start to any
 * goal, ties to the goal then the start given first.  A*, Dijkstra, BFS
 * (fewest steps, a link one step) and greedy; weight, adjacent and
 * closest (one start, one goal) as on a grid.  ASTAR_EUNSUPPORTED for
 * JPS, wrapping and an agent of more than one cell; landmarks are not
 * used (the search is as with 0).  A world of one level and no link is
 * searched by the grid's own engines, exactly as astar_search_many.
 * Statuses as astar_search_many's; the arrays belong to ctx.
 */
astar_status astar_world_search(astar_ctx *ctx, const astar_world *world,
                                const astar_place *starts, size_t nstarts,
                                const astar_place *goals, size_t ngoals,
                                const astar_options *opts,
                                astar_world_result *result);

/* The cells of every level in one array: level k's cell (x, y) at
 * astar_world_offset(world, k) + y * width + x; offset(level count) is
 * the total. */
size_t astar_world_offset(const astar_world *world, size_t level);

/* A link's code in a world's flow field: the step toward the nearest
 * source is along a link (0..7 and ASTAR_FLOW_NONE as astar_flood's). */
#define ASTAR_WORLD_FLOW_LINK 9

/* A world's distance map: dist in the layout above, -1 when blocked or
 * unreachable, and its flow field (each cell's step toward the nearest
 * source; a seam's step is a direction); valid until ctx's next search. */
typedef struct astar_world_flood_result {
	const double *dist;
	const uint8_t *flow;
	size_t cells, reached;
	uint64_t expanded;
} astar_world_flood_result;

/* astar_flood on a world. */
astar_status astar_world_flood(astar_ctx *ctx, const astar_world *world,
                               const astar_place *sources, size_t nsources,
                               const astar_options *opts,
                               astar_world_flood_result *result);

/* astar_regions on a world, labels in the layout above: a region is
 * places that can all reach each other (one-way links make regions
 * that are strongly connected). */
astar_status astar_world_regions(astar_ctx *ctx, const astar_world *world,
                                 const astar_options *opts, size_t *count,
                                 const uint32_t **labels);


/* --------------------------------------------------------------- voxels */

/* Voxel grids (x, y, z) with 6 or 26 neighbours (docs/design.md). */


/* ------------------------------------------------------------- graphs */

/* Navigation graphs: nodes anywhere in 3D joined by arcs (docs/design.md). */

typedef struct astar_graph astar_graph;

/* One directed arc of a graph being built: from node `from` to node `to`
 * (node numbers, 0 .. nnodes - 1), costing `cost` (finite, >= 0). */
typedef struct astar_arc {
	uint32_t from, to;
	double cost;
} astar_arc;

/* The most nodes, and the most arcs, that a graph can have. */
#define ASTAR_GRAPH_MAX 4294967290ULL

/*
 * Builds a graph of nnodes nodes and narcs arcs into compressed rows
 * (each node's arcs side by side, sorted by target).  xyz holds each
 * node's position, three doubles a node (x, y, z); walkable one byte a
 * node, 0 for a node that no search enters (NULL: all walkable).  Two
 * arcs between the same nodes in the same direction are one, the cheaper.
 * The arrays are copied.  The caller owns the graph (astar_graph_free).
 * On failure returns NULL and sets *status (when not NULL): ASTAR_EINVAL
 * for an arc whose end is not a node or whose cost is negative or not
 * finite, or a position that is not finite; ASTAR_ETOOBIG for more than
 * ASTAR_GRAPH_MAX nodes or arcs; ASTAR_ENOMEM.
 */
astar_graph *astar_graph_new(size_t nnodes, const double *xyz,
                             const uint8_t *walkable, const astar_arc *arcs,
                             size_t narcs, astar_status *status);

/* Frees a graph; NULL is ignored. */
void astar_graph_free(astar_graph *graph);

/* Its nodes, and its arcs after duplicates were merged. */
size_t astar_graph_nodes(const astar_graph *graph);
size_t astar_graph_arcs(const astar_graph *graph);

/* Node i's position into xyz[0..2], and whether it is walkable. */
void astar_graph_pos(const astar_graph *graph, uint32_t i, double xyz[3]);
int astar_graph_walkable(const astar_graph *graph, uint32_t i);

/* Node i's arcs: *to and *cost point at its n arcs' targets and costs
 * (sorted by target), valid until astar_graph_free.  Returns n. */
size_t astar_graph_out(const astar_graph *graph, uint32_t i,
                       const uint32_t **to, const double **cost);

/*
 * The scale of the straight-line heuristic, worked out once when the
 * graph is built: the least cost / length over the arcs whose two nodes
 * lie apart, capped at 1 (1 also when there is no such arc).  Below 1
 * some arc costs less than the distance it covers, and A* multiplies the
 * straight line by this to stay exact; 0 makes A* a Dijkstra search.
 */
double astar_graph_h_scale(const astar_graph *graph);

/* The outcome of a graph search; arrays belong to the context as
 * astar_result's do (valid until its next search or release). */
typedef struct astar_graph_result {
	int found;         /* a path was returned (possibly by closest) */
	int reached_goal;  /* it ends on the goal (or next to it, adjacent) */
	double cost;       /* the path's cost (BFS: the sum of its arcs) */
	uint32_t end;      /* the path's last node */
	const uint32_t *path; /* path_len nodes (NULL under no_path) */
	size_t path_len;
	uint64_t expanded, generated;
	const uint32_t *explored; /* expanded nodes in order (opts.explored) */
	size_t explored_len;
	size_t start_index, goal_index; /* which start and goal were joined */
	double h_scale; /* the heuristic's scale used (0: none, Dijkstra) */
} astar_graph_result;

/*
 * Searches graph from the nearest of nstarts starts to the nearest of
 * ngoals goals, under opts: algorithm A* (straight-line heuristic times
 * astar_graph_h_scale; ASTAR_H_ZERO makes it Dijkstra, any other
 * heuristic means the straight line), Dijkstra, BFS (fewest arcs) or
 * greedy; weight; adjacent (the path ends on a node from which one arc
 * reaches the goal, which need not be walkable), closest (when the goal
 * cannot be reached, the path to the reachable node nearest it in a
 * straight line, ties to the cheaper then the lower number), explored,
 * no_path.  Diagonal, wrap, size and landmarks do not apply and are
 * ignored.  A node that is not walkable is never entered.  Fails with
 * ASTAR_EINVAL (no start or goal, options out of range), ASTAR_ERANGE (a
 * node number past the graph), ASTAR_ESTART_BLOCKED,
 * ASTAR_EGOAL_BLOCKED (without adjacent or closest), ASTAR_EUNSUPPORTED
 * (JPS; adjacent or closest with several goals) and ASTAR_ENOMEM; then
 * *result is zeroed.
 */
astar_status astar_graph_search(astar_ctx *ctx, const astar_graph *graph,
                                const uint32_t *starts, size_t nstarts,
                                const uint32_t *goals, size_t ngoals,
                                const astar_options *opts,
                                astar_graph_result *result);

/*
 * The cost from the nearest source to every node: *dist gets one double
 * a node, -1 where no path reaches it (and for unwalkable nodes), valid
 * like a result's arrays; *reached the nodes with a cost.  Errors as
 * astar_graph_search's for the sources.
 */
astar_status astar_graph_distances(astar_ctx *ctx, const astar_graph *graph,
                                   const uint32_t *sources, size_t nsources,
                                   const double **dist, size_t *reached);

/*
 * The graph's regions: its strongly connected components over the
 * walkable nodes (nodes that can all reach each other; where every arc
 * has its reverse, these are the connected parts).  *count gets their
 * number, *labels one number a node (0 for an unwalkable node, 1..count
 * in the order of each region's lowest node).  ASTAR_ENOMEM.
 */
astar_status astar_graph_regions(astar_ctx *ctx, const astar_graph *graph,
                                 size_t *count, const uint32_t **labels);


#ifdef __cplusplus
}
#endif

#endif
