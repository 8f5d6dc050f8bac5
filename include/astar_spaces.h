/*
 * astar_spaces.h - the library's spaces beyond one flat grid: worlds of
 * several levels, voxel grids (with height maps beside them) and
 * navigation graphs.  Part of astar.h, which includes it inside its own
 * C++ linkage block: include astar.h, not this file.
 */
#ifndef ASTAR_SPACES_H
#define ASTAR_SPACES_H

#ifndef ASTAR_H
#error "include astar.h, which includes astar_spaces.h"
#endif

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

/* Voxel grids (x, y, z) with 6 or 26 neighbours (docs/design.md).
 *
 * A voxel holds the cost to enter it, 1 to ASTAR_COST_MAX, or 0 when it
 * is blocked.  A move changes each coordinate by -1, 0 or 1 and costs
 * 1, sqrt(2) or sqrt(3) (one, two or three of them change) times the
 * cost of the voxel entered.  The options' diagonal policy says which
 * moves there are: ASTAR_DIAG_NEVER the 6 faces; ASTAR_DIAG_NO_OBSTACLES
 * (the Moving AI voxel benchmark's rule) all 26, a move allowed only when
 * every voxel of the box it spans (2 x 2 x 2 at most) is open;
 * ASTAR_DIAG_ALWAYS all 26 into any open voxel.  ASTAR_DIAG_ONE_OBSTACLE
 * has no one meaning in 3D and is refused (ASTAR_EUNSUPPORTED), as are
 * JPS, landmarks, wrapping and agents larger than one voxel.  The
 * heuristics: ASTAR_H_OCTILE, the 3D octile distance (exact on an open
 * grid under the 26-neighbour policies), Euclidean and Chebyshev
 * (admissible under every policy), Manhattan (admissible with 6
 * neighbours only) and zero; the default is Manhattan with 6 neighbours,
 * the octile distance with 26. */

typedef struct astar_voxels astar_voxels;

/* Creates a width x height x depth voxel grid with every voxel open at
 * cost 1 (a voxel map lists the blocked ones).  NULL on failure, with
 * *status (when not NULL) ASTAR_ETOOBIG for a dimension below 1 or
 * above ASTAR_DIM_MAX or a voxel count that overflows, or
 * ASTAR_ENOMEM. */
astar_voxels *astar_voxels_new(int32_t width, int32_t height, int32_t depth,
                               astar_status *status);

/* Frees a voxel grid; NULL is ignored. */
void astar_voxels_free(astar_voxels *v);

/* The grid's width, height and depth, as given to astar_voxels_new. */
int32_t astar_voxels_width(const astar_voxels *v);
int32_t astar_voxels_height(const astar_voxels *v);
int32_t astar_voxels_depth(const astar_voxels *v);

/* Nonzero when (x, y, z) lies inside the grid. */
int astar_voxels_contains(const astar_voxels *v, int32_t x, int32_t y,
                          int32_t z);

/* Sets the cost of entering (x, y, z) (0 blocks it); outside: ignored. */
void astar_voxels_set(astar_voxels *v, int32_t x, int32_t y, int32_t z,
                      uint8_t cost);

/* The cost of entering (x, y, z), 0 when blocked or outside. */
uint8_t astar_voxels_get(const astar_voxels *v, int32_t x, int32_t y,
                         int32_t z);

/* The outcome of a voxel query; the arrays belong to the context as
 * astar_result's do.  The places' level is 0. */
typedef struct astar_voxel_result {
	int found;        /* a path was returned (possibly by closest) */
	int reached_goal; /* it ends on a goal (or next to it, adjacent) */
	double cost;      /* cost of the path, summed from its start */
	astar_place end;  /* last voxel of the path */
	const astar_place *path; /* path_len voxels (NULL under no_path) */
	size_t path_len;
	uint64_t expanded, generated;
	const astar_place *explored; /* with options.explored */
	size_t explored_len;
	size_t start_index, goal_index; /* the start left, the goal reached */
} astar_voxel_result;

/*
 * Searches v from the nearest of nstarts starts to the nearest of
 * ngoals goals with opts' algorithm (A*, Dijkstra, BFS or greedy; JPS:
 * A* pruned, see astar_voxels_choose, else ASTAR_EUNSUPPORTED), the
 * memory of ctx reused (20 bytes a voxel, its border included).  Ties of
 * cost between goals go to the goal given first.  A* uses the least of
 * the heuristics to the goals, up to ASTAR_MANY_GOALS_H goals, and runs
 * as Dijkstra beyond.  adjacent and closest apply to one start and one
 * goal.  Fails as astar_search_many does (ASTAR_ERANGE, ASTAR_ESTART_BLOCKED,
 * ASTAR_EGOAL_BLOCKED, ASTAR_EINVAL, ASTAR_EUNSUPPORTED, ASTAR_ETOOBIG,
 * ASTAR_ENOMEM); then *result is zeroed.
 */
astar_status astar_voxels_search(astar_ctx *ctx, const astar_voxels *v,
                                 const astar_place *starts, size_t nstarts,
                                 const astar_place *goals, size_t ngoals,
                                 const astar_options *opts,
                                 astar_voxel_result *result);

/* Nonzero when astar_voxels_search accepts opts' movement and algorithm
 * (options out of range aside). */
int astar_voxels_supported(const astar_options *opts);

/* The exact algorithm that should answer v's queries under opts (its
 * algorithm field aside): ASTAR_ALGO_JPS, A* with its successors pruned
 * to the canonical ones where a voxel's 26 neighbours are all open, when
 * that applies (the box rule, the default or octile heuristic, weight 1,
 * every open voxel of one cost); else ASTAR_ALGO_ASTAR.  Both give paths
 * of the same cost. */
astar_algorithm astar_voxels_choose(const astar_voxels *v,
                                    const astar_options *opts);

/*
 * The cost from the nearest of the sources to every voxel (a Dijkstra
 * flood under opts' policy): *dist gets width x height x depth costs,
 * voxel (x, y, z) at (z * height + y) * width + x, -1 where blocked or
 * unreachable; *reached the voxels with a cost.  The array belongs to
 * ctx until its next voxel call.  Fails as astar_voxels_search does.
 */
astar_status astar_voxels_flood(astar_ctx *ctx, const astar_voxels *v,
                                const astar_place *sources, size_t nsources,
                                const astar_options *opts, const double **dist,
                                size_t *reached);

/* The code of no step in a voxel flow field: (0, 0, 0). */
#define ASTAR_VOXEL_FLOW_NONE 13

/*
 * The flow field of a voxel distance map: *flow gets, for each voxel in
 * astar_voxels_flood's order, its step toward the nearest source, coded
 * (dx + 1) + 3 (dy + 1) + 9 (dz + 1) from the move's offsets (each -1,
 * 0 or 1), or ASTAR_VOXEL_FLOW_NONE (13, no move) at a source and where
 * dist has no cost.  dist is astar_voxels_flood's under the same opts;
 * each step is a move of opts' policy into a neighbour whose distance
 * plus the move's cost is the voxel's, so following the steps walks a
 * cheapest path to a source (of equal moves, the first of the faces,
 * then the edges, then the corners).  The array belongs to ctx until
 * its next voxel call (dist's is left as it is).  ASTAR_EINVAL for a
 * NULL dist; otherwise fails as astar_voxels_flood does.
 */
astar_status astar_voxels_flow(astar_ctx *ctx, const astar_voxels *v,
                               const astar_options *opts, const double *dist,
                               const uint8_t **flow);

/*
 * The connected regions of open voxels under opts' policy: *count their
 * number, *labels (when not NULL) width x height x depth numbers in the
 * order of astar_voxels_flood's, 0 for a blocked voxel and 1..*count in
 * the order of each region's first voxel.  The array belongs to ctx
 * until its next voxel call.
 */
astar_status astar_voxels_regions(astar_ctx *ctx, const astar_voxels *v,
                                  const astar_options *opts, size_t *count,
                                  const uint32_t **labels);


/* Height maps: a grid whose cells also carry a height (a walking unit on
 * hills).  A step under the options' diagonal policy (its corner rule as
 * on a grid) from a to b costs the cost of b times its 3D length,
 * sqrt(dx^2 + dy^2 + dh^2), dh = height(b) - height(a); a step that rises
 * more than max_climb or falls more than max_drop is not taken (a limit
 * below 0: none).  The planar heuristics stay admissible and consistent
 * (a 3D length is never shorter than the planar one), so the costs are
 * exact.  JPS, landmarks, wrapping and agent sizes do not apply
 * (ASTAR_EUNSUPPORTED). */
typedef struct astar_heights {
	const double *height; /* width x height heights in rows, finite */
	double max_climb, max_drop;
} astar_heights;

/* astar_search_many on grid with the heights of hm; the result's arrays
 * belong to ctx as astar_search's do.  Fails as astar_search_many.
 * adjacent (one start, one goal) ends on a cell from which one legal
 * step would enter the goal, the goal seen as open: the corner rule, and
 * the climb or drop from that cell's height to the goal's within the
 * limits; the heuristic is then short by at most one step's, and stays
 * admissible.  closest (one start, one goal), when the goal cannot be
 * reached, ends on the reachable cell nearest the goal in the plane
 * (straight-line distance in cells, heights aside), ties to the cheaper,
 * then the lower row, then the lower column. */
astar_status astar_heights_search(astar_ctx *ctx, const astar_grid *grid,
                                  const astar_heights *hm,
                                  const astar_point *starts, size_t nstarts,
                                  const astar_point *goals, size_t ngoals,
                                  const astar_options *opts,
                                  astar_result *result);

/* astar_flood on grid with the heights of hm: every cell's cost from
 * the nearest source and the flow field toward it, the arrays the
 * context's as astar_flood's.  ASTAR_ALGO_ASTAR or ASTAR_ALGO_DIJKSTRA
 * (the same flood); fails as astar_flood does.  With a climb or drop
 * limit a path may not be walked back, so a cell's flow leads to the
 * source the way the source's path came. */
astar_status astar_heights_flood(astar_ctx *ctx, const astar_grid *grid,
                                 const astar_heights *hm,
                                 const astar_point *sources, size_t nsources,
                                 const astar_options *opts,
                                 astar_flood_result *result);

/* The regions of a height map's open cells under opts' diagonal policy
 * and hm's limits: the strongly connected components of its steps (a
 * region: cells each of which can reach every other; a climb limit
 * other than the drop limit makes steps one-way, and a cell that can
 * only be left is then a region of its own).  *count and *labels as
 * astar_regions gives them (0 for a blocked cell, 1..*count in the order
 * of each region's first cell in rows); the array belongs to ctx until
 * its next height or voxel call.  ASTAR_EINVAL, ASTAR_EUNSUPPORTED
 * (wrapping, agent sizes), ASTAR_ETOOBIG, ASTAR_ENOMEM. */
astar_status astar_heights_regions(astar_ctx *ctx, const astar_grid *grid,
                                   const astar_heights *hm,
                                   const astar_options *opts, size_t *count,
                                   const uint32_t **labels);

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

#endif
