/*
 * output.h - the writers of query results: text for people, JSON Lines
 * for programs.  Both write one complete record per call.
 */
#ifndef ASTAR_OUTPUT_H
#define ASTAR_OUTPUT_H

#include <stdio.h>

#include "astar.h"
#include "read/map.h"

/* The name standard input goes by in messages and output. */
#define STDIN_NAME "<stdin>"

typedef struct query_report {
	const char *map_name;
	const map *map;
	const astar_point *blocks; /* --block cells, drawn as X */
	size_t nblocks;
	astar_point start, goal; /* with several: those the path joins (or
	                            the first of each, when none) */
	const astar_point *starts, *goals; /* all of them, when several */
	size_t nstarts, ngoals;            /* 0 or 1: start, goal alone */
	const astar_options *opts;
	const astar_result *res;
	const astar_flood_result *dist; /* --distances: the map, else NULL */
	int flow; /* --flow: the picture draws dist's flow field */
	const astar_point *marks; /* cells --image marks (a failed reach
	                             check's targets), nmarks of them */
	size_t nmarks;
	int timing;  /* include load_us, prepare_us and search_us */
	int no_path; /* leave out the path and explored cells (JSON) and
	                the drawing (text) */
	double load_us, search_us;
	int prepared;      /* astar_prepare ran before the search (batches) */
	double prepare_us; /* its time; 0 when not prepared */
	const char *scen;  /* the scenario file, or NULL */
	long line;         /* the query's line in it */
	long query;        /* index in the map's queries, or -1 */
	const char *name;  /* the query's name, or NULL */
	map_place at;      /* where the query is written in its map file
	                      (0: not known, or a scenario's line) */
	const map_expect *expect; /* what the query expects, or NULL */
	const map_expect *before; /* --update: what it expected before, whose
	                             path a picture draws as the recorded
	                             route; NULL: expect's */
	int check;                /* -1 not checked, 0 failed, 1 passed */
	int start_given, goal_given; /* by --start, --goal or the query,
	                                not the level's defaults */
	/* A voxel query: its result, whose path and end the writers show
	 * as X,Y,Z (res holds its cost, length and counts), and its start
	 * and goal; NULL on a grid. */
	const astar_voxel_result *vres;
	astar_place vstart, vgoal;
	const astar_place *vstarts, *vgoals; /* all of them, when several */
	size_t nvstarts, nvgoals;
	/* A voxel map's --distances: astar_voxels_flood's costs, and with
	 * --flow astar_voxels_flow's steps (else NULL), which the picture
	 * draws in place of a path. */
	const double *vdist;
	const uint8_t *vflow;
} query_report;

/* Draws the map with the path (and explored cells when the options asked
 * for them) and a summary.  Returns 0, or -1 when writing or allocating
 * failed (errno tells which). */
int output_text(FILE *out, const query_report *q, int color);

/* One line for a query of a batch: "LABEL: X,Y -> X,Y: cost C, N steps,
 * E expanded" (or "no path").  Returns 0 or -1 as output_text. */
int output_text_line(FILE *out, const query_report *q, const char *label);

/* Writes one compact JSON object and a newline; the line is built whole
 * before it is written.  Returns 0 or -1 as output_text. */
int output_json(FILE *out, const query_report *q);

/*
 * A distance map (--distances; astar_flood's result f, from q's starts),
 * and with flow its flow field: as text, the map with each cell's cost
 * bucketed into a character ramp (and the flow field's map below it),
 * then a legend; as one JSON object with "distances" (rows of numbers,
 * null where unreachable or blocked) and "flow" (rows of the library's
 * direction codes 0-7, N E S W NE SE SW NW, null at a start or without a
 * cost).  Return 0 or -1 as output_text.
 */
int output_text_distances(FILE *out, const query_report *q,
                          const astar_flood_result *f, int flow);
int output_json_distances(FILE *out, const query_report *q,
                          const astar_flood_result *f, int flow);

/* A distance map's character for cost d, the largest being most (its
 * tenth: '0' to '9'), and the legend of those characters, as the text
 * of --distances writes them (output_costs.c). */
char output_distance_char(double d, double most);
void output_distance_legend(FILE *out, double most);

/* A voxel query's map as text (output_voxel.c): each z layer the path
 * crosses, under its number, with the path drawn.  0 or -1 as
 * output_text. */
int output_voxel_draw(FILE *out, const query_report *q, int color);

/*
 * A voxel map's distance map (astar_voxels_flood's dist, reached of its
 * voxels with a cost, from q's vstarts) and, when flow is not NULL, its
 * flow field (astar_voxels_flow's codes), from output_voxel.c.  As text:
 * every z layer under its number, each voxel's cost bucketed as a
 * grid's ('0' to '9', S a source, # blocked, ! unreachable) and the
 * legend; then the flow's layers, a glyph a direction (its legend
 * first).  As one JSON record: "distances" in layers (z) of rows (y) of
 * costs, "flow" so of [dx, dy, dz] steps (null at a source or without a
 * cost), with the starts, options, size and times as a grid's.  0 or -1
 * as output_text.
 */
int output_voxel_distances(FILE *out, const query_report *q,
                           const double *dist, size_t reached,
                           const uint8_t *flow);
int output_voxel_distances_json(FILE *out, const query_report *q,
                                const double *dist, size_t reached,
                                const uint8_t *flow);

/* The "options" member of a record, ",\"options\":{...}", as every
 * query's record writes it (output_json.c); 0 or -1. */
int output_json_options(FILE *out, const astar_options *o);

/* A cell's character in a text map by its cost (# blocked, . 1, 2-9 a
 * dearer cell, ~ dearer still), and the ANSI colour of a map's character
 * (NULL: none), shared by the grid's, a world's and a voxel map's
 * drawings. */
static inline char output_cell_char(uint8_t cost)
{
	if (cost == 0)
		return '#';
	if (cost == 1)
		return '.';
	return cost <= 9 ? (char)('0' + cost) : '~';
}

static inline const char *output_cell_color(char c)
{
	switch (c) {
	case '#':
		return "\033[2m";
	case 'X':
		return "\033[35m";
	case '*':
		return "\033[1;33m";
	case '+':
		return "\033[36m";
	case 'S':
		return "\033[1;32m";
	case 'G':
		return "\033[1;31m";
	default:
		return NULL;
	}
}

/* s as a JSON string, as the records write file names; 0 or -1. */
int output_json_string(FILE *out, const char *s);

/* v as a JSON number, as the records write costs and distances; 0 or
 * -1. */
int output_json_real(FILE *out, double v);

/* The cost as text: at most 8 decimals, trailing zeros trimmed
 * (output_costs.c). */
void output_cost(char *buf, size_t size, double cost);

#endif
