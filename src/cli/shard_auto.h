/*
 * shard_auto.h - --shard=auto: K/N from where CI runners already split
 * a job into parallel copies.
 */
#ifndef ASTAR_SHARD_AUTO_H
#define ASTAR_SHARD_AUTO_H

/*
 * This job's shard K of N from the environment, looked for in this
 * order: GitLab's parallel jobs (CI_NODE_INDEX from 1, CI_NODE_TOTAL),
 * CircleCI (CIRCLE_NODE_INDEX from 0, CIRCLE_NODE_TOTAL), Buildkite
 * (BUILDKITE_PARALLEL_JOB from 0, BUILDKITE_PARALLEL_JOB_COUNT), Slurm
 * job arrays (SLURM_ARRAY_TASK_ID within SLURM_ARRAY_TASK_MIN to
 * SLURM_ARRAY_TASK_MAX, by SLURM_ARRAY_TASK_STEP), and Kubernetes
 * Indexed Jobs (JOB_COMPLETION_INDEX from 0, with the count n_given of
 * --shard=auto/N).  n_given > 0 must also be the count a system gives.
 * An empty variable counts as unset.  opt ("--shard=auto") starts the
 * messages.  Returns 0 with *k and *n, or -1 (reported): none set (the
 * message lists what was looked for), one of a pair alone, or a value
 * out of range.
 */
int shard_auto(const char *opt, int n_given, int *k, int *n);

#endif
