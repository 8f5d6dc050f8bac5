/*
 * shard_auto.c - --shard=auto: this job's K and N from the variables the
 * CI systems that split a job into parallel copies set (shard_auto.h).
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/value.h"
#include "shard_auto.h"

/* The largest N of --shard (value_shard's). */
#define SHARD_MAX 1000000

/* The largest index or bound read from a variable. */
#define VAR_MAX 1000000000

/* A variable, or NULL when it is not set or empty. */
static const char *var(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : NULL;
}

/* The whole number in variable name (set) into *out; -1 (reported) when
 * it is none. */
static int number(const char *opt, const char *name, int *out)
{
	char q[64];

	if (value_count(var(name), 0, VAR_MAX, out) == 0)
		return 0;
	diag_error(NULL, 0, 0, "%s: %s is '%s', not a whole number", opt, name,
	           diag_quote(var(name), q, sizeof q));
	return -1;
}

/* Both or neither of a pair of variables; -1 (reported) for one alone. */
static int pair(const char *opt, const char *a, const char *b)
{
	if ((var(a) == NULL) == (var(b) == NULL))
		return 0;
	diag_error(NULL, 0, 0, "%s: %s is set but %s is not", opt,
	           var(a) ? a : b, var(a) ? b : a);
	return -1;
}

/* A count n (of the variable named what) from 1 to SHARD_MAX, and the
 * same as the N of auto/N when that was given; 0, or -1 (reported). */
static int total(const char *opt, const char *what, int n, int n_given)
{
	if (n < 1 || n > SHARD_MAX) {
		diag_error(NULL, 0, 0,
		           "%s: %s gives %d shards, not from 1 to %d", opt,
		           what, n, SHARD_MAX);
		return -1;
	}
	if (n_given > 0 && n != n_given) {
		diag_error(NULL, 0, 0, "%s: %s gives %d shards, not %d", opt,
		           what, n, n_given);
		return -1;
	}
	return 0;
}

/* The index in variable name, from first to first + n - 1, as the K of
 * n shards into *k; 0, or -1 (reported). */
static int index_of(const char *opt, const char *name, int first, int n, int *k)
{
	int i;

	if (number(opt, name, &i) != 0)
		return -1;
	if (i < first || i - first >= n) {
		diag_error(NULL, 0, 0, "%s: %s is %d, not from %d to %d", opt,
		           name, i, first, first + n - 1);
		return -1;
	}
	*k = i - first + 1;
	return 0;
}

/* A CI system whose index and count are one variable each. */
typedef struct ci_system {
	const char *index, *count;
	int first; /* the index of the first job: 0 or 1 */
} ci_system;

static const ci_system systems[] = {
	{"CI_NODE_INDEX", "CI_NODE_TOTAL", 1},         /* GitLab */
	{"CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0}, /* CircleCI */
	{"BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0},
};

/* Slurm job arrays: the task's id within min..max, by step. */
static int slurm(const char *opt, int n_given, int *k, int *n)
{
	int id, lo, hi, step = 1;

	if (var("SLURM_ARRAY_TASK_MIN") == NULL ||
	    var("SLURM_ARRAY_TASK_MAX") == NULL) {
		diag_error(NULL, 0, 0,
		           "%s: SLURM_ARRAY_TASK_ID is set but not "
		           "SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX",
		           opt);
		return -1;
	}
	if (number(opt, "SLURM_ARRAY_TASK_ID", &id) != 0 ||
	    number(opt, "SLURM_ARRAY_TASK_MIN", &lo) != 0 ||
	    number(opt, "SLURM_ARRAY_TASK_MAX", &hi) != 0 ||
	    (var("SLURM_ARRAY_TASK_STEP") != NULL &&
	     number(opt, "SLURM_ARRAY_TASK_STEP", &step) != 0))
		return -1;
	if (step < 1)
		step = 1;
	if (hi < lo || id < lo || id > hi || (id - lo) % step != 0) {
		diag_error(NULL, 0, 0,
		           "%s: SLURM_ARRAY_TASK_ID is %d, not a task of "
		           "%d-%d:%d",
		           opt, id, lo, hi, step);
		return -1;
	}
	*n = (hi - lo) / step + 1;
	*k = (id - lo) / step + 1;
	return total(opt, "the Slurm array", *n, n_given);
}

int shard_auto(const char *opt, int n_given, int *k, int *n)
{
	for (size_t i = 0; i < sizeof systems / sizeof systems[0]; i++) {
		const ci_system *s = &systems[i];
		if (pair(opt, s->index, s->count) != 0)
			return -1;
		if (var(s->index) == NULL)
			continue;
		if (number(opt, s->count, n) != 0 ||
		    total(opt, s->count, *n, n_given) != 0)
			return -1;
		return index_of(opt, s->index, s->first, *n, k);
	}
	if (var("SLURM_ARRAY_TASK_ID") != NULL)
		return slurm(opt, n_given, k, n);
	if (var("JOB_COMPLETION_INDEX") != NULL) {
		if (n_given == 0) {
			diag_error(NULL, 0, 0,
			           "%s: JOB_COMPLETION_INDEX gives this job's "
			           "index but not how many there are; use "
			           "--shard=auto/N",
			           opt);
			return -1;
		}
		*n = n_given;
		return index_of(opt, "JOB_COMPLETION_INDEX", 0, *n, k);
	}
	diag_error(NULL, 0, 0,
	           "%s: no CI system's parallel job is set: looked for "
	           "CI_NODE_INDEX and CI_NODE_TOTAL (GitLab), "
	           "CIRCLE_NODE_INDEX and CIRCLE_NODE_TOTAL (CircleCI), "
	           "BUILDKITE_PARALLEL_JOB and BUILDKITE_PARALLEL_JOB_COUNT "
	           "(Buildkite), SLURM_ARRAY_TASK_ID with "
	           "SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_MAX (Slurm), "
	           "JOB_COMPLETION_INDEX with --shard=auto/N (Kubernetes)",
	           opt);
	return -1;
}
