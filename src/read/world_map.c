/*
 * world_map.c - freeing a world a reader made, and finding its floors by
 * name (world_map.h).
 */
#include <stdlib.h>
#include <string.h>

#include "world_map.h"

void map_world_free(map_world *w)
{
	if (w == NULL)
		return;
	astar_world_free(w->world);
	for (size_t k = 0; k < w->nfloors; k++) {
		free(w->floors[k].name);
		astar_grid_free(w->floors[k].grid);
	}
	free(w->floors);
	for (size_t k = 0; k < w->npoints; k++)
		free(w->points[k].name);
	free(w->points);
	for (size_t k = 0; k < w->nreach; k++) {
		free(w->reach[k].from);
		free(w->reach[k].to);
		free(w->reach[k].from_text);
	}
	free(w->reach);
	for (size_t k = 0; k < w->nqueries; k++) {
		free(w->queries[k].name);
		free(w->queries[k].expect.path);
	}
	free(w->queries);
	free(w);
}

long map_world_floor(const map_world *w, const char *name)
{
	size_t n = strlen(name), k;

	for (k = 0; k < w->nfloors; k++)
		if (strcmp(w->floors[k].name, name) == 0)
			return (long)k;
	if (n == 0 || n > 9 || strspn(name, "0123456789") != n)
		return -1;
	k = (size_t)strtoul(name, NULL, 10);
	return k < w->nfloors ? (long)k : -1;
}
