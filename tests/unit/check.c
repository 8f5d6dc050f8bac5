/*
 * check.c - the counting and reporting behind check.h.
 *
 * Owns the pass/fail counters and the failure report format.  To keep a
 * badly broken library from flooding the terminal, only the first
 * DETAIL_CASES failing cases are reported in full (context dump plus up
 * to MSGS_PER_CASE messages); the next BRIEF_CASES get a one-line note and
 * the rest are only counted.  Every failing case is always counted.
 */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>

#define DETAIL_CASES  25
#define BRIEF_CASES   200
#define MSGS_PER_CASE 10

static unsigned long n_pass, n_fail;
static int in_case;
static unsigned case_failures;
static char case_name[640];
static void (*ctx_dump)(void *);
static void *ctx_arg;

void check_begin(const char *fmt, ...)
{
	va_list ap;

	if (in_case)
		check_end();
	va_start(ap, fmt);
	vsnprintf(case_name, sizeof case_name, fmt, ap);
	va_end(ap);
	in_case = 1;
	case_failures = 0;
	ctx_dump = NULL;
	ctx_arg = NULL;
}

int check_end(void)
{
	if (!in_case)
		return 1;
	in_case = 0;
	ctx_dump = NULL;
	ctx_arg = NULL;
	if (case_failures) {
		n_fail++;
		return 0;
	}
	n_pass++;
	return 1;
}

void check_context(void (*dump)(void *arg), void *arg)
{
	ctx_dump = dump;
	ctx_arg = arg;
}

int check_at(int ok, const char *file, int line, const char *fmt, ...)
{
	int standalone = !in_case;
	va_list ap;

	if (standalone)
		check_begin("%s:%d", file, line);
	if (!ok) {
		/* n_fail does not yet include the open case. */
		if (case_failures == 0) {
			if (n_fail < DETAIL_CASES) {
				fprintf(stderr, "FAIL: %s\n", case_name);
				if (ctx_dump)
					ctx_dump(ctx_arg);
			} else if (n_fail < DETAIL_CASES + BRIEF_CASES) {
				fprintf(stderr,
				        "FAIL: %s (details suppressed)\n",
				        case_name);
			}
		}
		if (n_fail < DETAIL_CASES && case_failures < MSGS_PER_CASE) {
			fprintf(stderr, "  %s:%d: ", file, line);
			va_start(ap, fmt);
			vfprintf(stderr, fmt, ap);
			va_end(ap);
			fputc('\n', stderr);
		}
		case_failures++;
	}
	if (standalone)
		check_end();
	return ok;
}

unsigned long check_failed(void)
{
	return n_fail + (in_case && case_failures ? 1 : 0);
}

void check_module(const char *name, void (*run)(void))
{
	unsigned long pass, fail;

	if (in_case)
		check_end();
	pass = n_pass;
	fail = n_fail;
	run();
	if (in_case)
		check_end();
	printf("unit/%s: %lu passed, %lu failed\n", name, n_pass - pass,
	       n_fail - fail);
	fflush(stdout);
}

int check_finish(void)
{
	if (in_case)
		check_end();
	if (n_fail > DETAIL_CASES + BRIEF_CASES)
		fprintf(stderr, "(%lu further failing cases not shown)\n",
		        n_fail - DETAIL_CASES - BRIEF_CASES);
	printf("unit: %lu passed, %lu failed\n", n_pass, n_fail);
	fflush(stdout);
	return n_fail ? 1 : 0;
}
