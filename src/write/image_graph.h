/*
 * image_graph.h - a graph query drawn from above as a PNG: the arcs and
 * nodes on their x, y positions, the explored nodes, the path, its start
 * and its goal.
 */
#ifndef ASTAR_IMAGE_GRAPH_H
#define ASTAR_IMAGE_GRAPH_H

#include <stdio.h>

#include "astar.h"
#include "base/diag.h"
#include "read/graph_file.h"

/* The most pixels on a side of the picture. */
#define IMAGE_GRAPH_SIDE 1024

/* Writes the picture to fp; 0, or -1 with why in err. */
int image_graph_png(FILE *fp, const graph_file *f,
                    const astar_graph_result *r, const graph_query *q,
                    diag_err *err);

#endif
