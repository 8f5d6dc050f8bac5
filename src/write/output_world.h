/*
 * output_world.h - the results of a search of a world of several floors
 * (output_world.c): JSON Lines with places [x, y, f], and text that
 * draws each floor the path visits under its name.
 */
#ifndef ASTAR_OUTPUT_WORLD_H
#define ASTAR_OUTPUT_WORLD_H

#include <stdio.h>

#include "astar.h"
#include "read/world_map.h"

typedef struct world_report {
	const char *map_name;
	const map_world *w;
	astar_place start, goal;
	const astar_options *opts;
	const astar_world_result *res;
	const astar_world_flood_result *dist; /* --distances, else NULL */
	int flow; /* --flow: the flood's flow field too */
	int timing, no_path;
	double load_us, search_us;
	long query;        /* its number in the world's queries, or -1 */
	const char *name;  /* the query's name, or NULL */
} world_report;

/* One compact JSON object and a newline; 0, or -1 (errno tells). */
int output_world_json(FILE *out, const world_report *q);

/* Each floor the path visits (in the order it first does), under its
 * name, then the summary; 0 or -1. */
int output_world_text(FILE *out, const world_report *q);

/* One line of a world's query: "LABEL: X,Y,F -> X,Y,F: cost C, N
 * steps, E expanded" (or "no path"); 0 or -1. */
int output_world_line(FILE *out, const world_report *q, const char *label);

/* A distance map of a world: JSON {"distances": {floor: rows}} or, as
 * text, each floor's costs bucketed as the flat map's are; with q->flow,
 * the flow field after it ({"flow": {floor: rows}}, codes as
 * astar_world_flood's); 0 or -1. */
int output_world_distances(FILE *out, const world_report *q, int json);

#endif
