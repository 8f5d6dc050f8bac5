/*
 * jsonparse.c - jansson's own parse of a file, for bench/editors.py: the
 * time json_loadb takes (with the flag the readers give it) and the time
 * json_decref takes to free what it made, each the fastest of R runs, in
 * microseconds on one line: "PARSE FREE".  The yardstick the editors'
 * readers' load time is measured against.
 *
 * Usage: jsonparse FILE [R]
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
	FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	double parse = -1, del = -1;
	char *buf;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0 || (buf = malloc((size_t)n + 1)) == NULL ||
	    fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "usage: jsonparse FILE [RUNS]\n");
		return 2;
	}
	fclose(f);
	for (int i = 0; i < runs; i++) {
		json_error_t e;
		double t0 = now_us(), t1, t2;
		json_t *root = json_loadb(buf, (size_t)n, JSON_REJECT_DUPLICATES,
		                          &e);
		t1 = now_us();
		if (root == NULL) {
			fprintf(stderr, "jsonparse: %s: %s\n", argv[1], e.text);
			return 2;
		}
		json_decref(root);
		t2 = now_us();
		if (parse < 0 || t1 - t0 < parse)
			parse = t1 - t0;
		if (del < 0 || t2 - t1 < del)
			del = t2 - t1;
	}
	printf("%.1f %.1f\n", parse, del);
	free(buf);
	return 0;
}
