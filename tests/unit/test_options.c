/*
 * test_options.c - astar_options_init's defaults, astar_strerror, and the
 * heuristic tables: the effective heuristic of every diagonal policy,
 * heuristic and algorithm, and which heuristics are admissible.
 * The runner (main.c) runs it as the module "options".
 */
#include <string.h>

#include "astar.h"
#include "check.h"
#include "names.h"
#include "unit.h"

static void test_options_and_strings(void)
{
	astar_options o;
	int s;

	memset(&o, 0x5A, sizeof o);
	astar_options_init(&o);
	check_begin("astar_options_init defaults");
	CHECK(o.diagonal == ASTAR_DIAG_NEVER, "diagonal %d", (int)o.diagonal);
	CHECK(o.heuristic == ASTAR_H_DEFAULT, "heuristic %d", (int)o.heuristic);
	CHECK(o.algorithm == ASTAR_ALGO_ASTAR, "algorithm %d",
	      (int)o.algorithm);
	CHECK(o.weight == 1.0, "weight %g", o.weight);
	CHECK(o.adjacent == 0 && o.closest == 0 && o.explored == 0,
	      "adjacent %d closest %d explored %d", o.adjacent, o.closest,
	      o.explored);
	check_end();

	for (s = ASTAR_OK; s <= ASTAR_EINVAL; s++) {
		const char *m = astar_strerror((astar_status)s);

		check_begin("astar_strerror(%d)", s);
		CHECK(m != NULL && m[0] != '\0', "empty message for status %d",
		      s);
		check_end();
	}

	/* astar.h: 0 for values outside the enums. */
	check_begin("astar_heuristic_admissible outside the enums");
	for (int h = ASTAR_H_DEFAULT; h <= ASTAR_H_ZERO; h++) {
		CHECK(!astar_heuristic_admissible((astar_heuristic)h,
		                                  (astar_diagonal)99),
		      "heuristic %d, diagonal 99", h);
		CHECK(!astar_heuristic_admissible((astar_heuristic)h,
		                                  (astar_diagonal)-1),
		      "heuristic %d, diagonal -1", h);
	}
	CHECK(!astar_heuristic_admissible((astar_heuristic)99,
	                                  ASTAR_DIAG_NEVER),
	      "heuristic 99");
	CHECK(astar_heuristic_admissible(ASTAR_H_OCTILE,
	                                 ASTAR_DIAG_NO_OBSTACLES),
	      "octile, no-obstacles");
	check_end();
}

static void test_heuristic_tables(void)
{
	int d, h;

	for (d = 0; d < 4; d++) {
		astar_options o;

		astar_options_init(&o);
		o.diagonal = (astar_diagonal)d;
		check_begin("effective heuristic, default, %s",
		            diag_name(o.diagonal));
		CHECK(astar_effective_heuristic(&o) ==
		              (d == 0 ? ASTAR_H_MANHATTAN : ASTAR_H_OCTILE),
		      "got %s", heur_name(astar_effective_heuristic(&o)));
		check_end();
		for (h = ASTAR_H_DEFAULT; h <= ASTAR_H_ZERO; h++) {
			o.heuristic = (astar_heuristic)h;
			o.algorithm = ASTAR_ALGO_ASTAR;
			if (h != ASTAR_H_DEFAULT) {
				check_begin("effective heuristic %s, %s",
				            heur_name(o.heuristic),
				            diag_name(o.diagonal));
				CHECK(astar_effective_heuristic(&o) ==
				              o.heuristic,
				      "got %s",
				      heur_name(astar_effective_heuristic(&o)));
				check_end();
			}
			o.algorithm = ASTAR_ALGO_DIJKSTRA;
			check_begin("effective heuristic %s + dijkstra, %s",
			            heur_name(o.heuristic),
			            diag_name(o.diagonal));
			CHECK(astar_effective_heuristic(&o) == ASTAR_H_ZERO,
			      "got %s",
			      heur_name(astar_effective_heuristic(&o)));
			check_end();
		}
		for (h = ASTAR_H_MANHATTAN; h <= ASTAR_H_ZERO; h++) {
			int want =
				h != ASTAR_H_MANHATTAN || d == ASTAR_DIAG_NEVER;

			check_begin("admissible(%s, %s)",
			            heur_name((astar_heuristic)h),
			            diag_name((astar_diagonal)d));
			CHECK(!astar_heuristic_admissible((astar_heuristic)h,
			                                  (astar_diagonal)d) ==
			              !want,
			      "got %d, expected %d",
			      astar_heuristic_admissible((astar_heuristic)h,
			                                 (astar_diagonal)d),
			      want);
			check_end();
		}
	}
}

void test_options(void)
{
	test_options_and_strings();
	test_heuristic_tables();
}
