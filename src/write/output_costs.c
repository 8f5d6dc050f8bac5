/*
 * output_costs.c - what the text writers share about costs: a cost as
 * text, and a distance map's ramp of digits (each a tenth of the
 * farthest cost) with its legend, for the grid's and the voxel map's
 * distance maps alike.
 */
#include <string.h>

#include "output.h"

void output_cost(char *buf, size_t size, double cost)
{
	size_t n;

	snprintf(buf, size, "%.8f", cost);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
}

/* The distance map's character ramp: bucket k of DIST_BUCKETS holds the
 * costs from k / DIST_BUCKETS to (k + 1) / DIST_BUCKETS of the largest. */
#define DIST_BUCKETS 10
static const char dist_ramp[DIST_BUCKETS + 1] = "0123456789";

static int dist_bucket(double d, double most)
{
	int b = most > 0 ? (int)(d / most * DIST_BUCKETS) : 0;

	return b >= DIST_BUCKETS ? DIST_BUCKETS - 1 : b;
}

char output_distance_char(double d, double most)
{
	return dist_ramp[dist_bucket(d, most)];
}

void output_distance_legend(FILE *out, double most)
{
	char lo[64], hi[64];

	fputs("legend: S start, # blocked, ! unreachable\n", out);
	for (int b = 0; b < DIST_BUCKETS; b++) {
		output_cost(lo, sizeof lo, most * b / DIST_BUCKETS);
		output_cost(hi, sizeof hi, most * (b + 1) / DIST_BUCKETS);
		fprintf(out, "  %c  cost %s to %s%s\n", dist_ramp[b], lo, hi,
		        b + 1 < DIST_BUCKETS ? "" : " (the largest)");
	}
}

