/*
 * main.c - the unit test runner: runs the modules of unit.h in turn (or
 * only those named as arguments: tests/unit/test_search heap grid), each
 * printing "unit/NAME: N passed, M failed", then the total line
 * "unit: N passed, M failed" that tests/run.sh counts.  Exit status 0
 * only when nothing failed.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "unit.h"

static const struct {
	const char *name;
	void (*run)(void);
} modules[] = {
	{"heap", test_heap},     {"options", test_options}, {"grid", test_grid},
	{"search", test_search}, {"jps", test_jps},
	{"landmarks", test_landmarks}, {"many", test_many},
	{"choose", test_choose},   {"graph", test_graph},
	{"world", test_world},
	{"choose", test_choose}, {"voxel", test_voxel},
	{"height", test_height},
};

#define N_MODULES (sizeof modules / sizeof modules[0])

int main(int argc, char **argv)
{
	for (int a = 1; a < argc; a++) {
		size_t i = 0;

		while (i < N_MODULES && strcmp(argv[a], modules[i].name) != 0)
			i++;
		if (i == N_MODULES) {
			fprintf(stderr, "no unit test module %s\n", argv[a]);
			return 2;
		}
	}
	for (size_t i = 0; i < N_MODULES; i++) {
		int run = argc == 1;

		for (int a = 1; a < argc; a++)
			run |= strcmp(argv[a], modules[i].name) == 0;
		if (run)
			check_module(modules[i].name, modules[i].run);
	}
	return check_finish();
}
