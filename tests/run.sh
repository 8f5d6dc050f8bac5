#!/bin/sh
# tests/run.sh - the whole test suite: the library's unit and property
# tests, then the golden CLI cases, then the suites tests/suite-*.sh.
# Run from the top of the tree (make check does).  The last line is
# "N passed, M failed"; the exit status is 0 only when nothing failed.
# tests/README.md says how to add a test of each kind.
#
# A golden case is a folder tests/golden/AREA/CASE holding
#   args     the arguments, one line of shell words
#   stdin    optional: fed to standard input (otherwise /dev/null)
#   stdout   expected standard output (absent: must be empty)
#   stderr   expected standard error (absent: must be empty)
#   status   expected exit status (absent: 0)
#   env      optional: NAME=VALUE lines, set for the run (every other
#            variable of the CI systems --shard=auto reads is unset)
#   work/    optional: files the run may change (--update), copied
#            afresh to $WORK before it; then work.expected/ holds what
#            $WORK must hold after it, byte for byte, and nothing more
# and any input only that case reads.  astar runs in the case's folder,
# so args name its own files as they are (map.txt), and these, which are
# the same relative paths from every case:
#   $MAPS      maps/, the sample maps      (../../../../maps)
#   $FIXTURES  tests/fixtures/, inputs two or more cases share
#   $OUT       tests/out/, for files a case writes (pictures)
#   $WORK      the copy of the case's work/ ($OUT/golden/AREA/CASE.work)
#   $LEVELS    ../shared/levels, real Tiled and LDtk files kept beside
#              the repository (../../../../../shared/levels); a case
#              whose args name it is skipped when it is absent
#
#   sh tests/run.sh                   everything
#   sh tests/run.sh --cli             no unit tests (make check-cli: for a
#                                     ThreadSanitizer build, where only the
#                                     command line runs threads)
#   sh tests/run.sh --golden [AREA[/CASE]...]   those golden cases only
#   sh tests/run.sh --update AREA/CASE...       rewrite their expectations
#                                     from what astar does now; review the
#                                     diff before committing it
#
# SUITES="movingai output" runs only those tests/suite-NAME.sh (default:
# every suite); CI's ThreadSanitizer stage needs only those that run the
# batch's threads.
set -u
top=$(pwd)
ASTAR=${ASTAR:-./astar}
case $ASTAR in /*) ;; *) ASTAR=$top/$ASTAR ;; esac
out=tests/out
mkdir -p "$out"
passed=0
failed=0
unset NO_COLOR
# What --shard=auto reads: a case sets them in its env file.
unset CI_NODE_INDEX CI_NODE_TOTAL CIRCLE_NODE_INDEX CIRCLE_NODE_TOTAL \
	BUILDKITE_PARALLEL_JOB BUILDKITE_PARALLEL_JOB_COUNT \
	SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX \
	SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX GITHUB_ACTIONS
export MAPS=../../../../maps FIXTURES=../../../fixtures OUT=../../../out
export LEVELS=../../../../../shared/levels

run_case() { # tests/golden/AREA/CASE -> $out/golden/AREA/CASE.{stdout,stderr,status,work}
	d=$1 r=$top/$out/golden/${1#tests/golden/}
	mkdir -p "${r%/*}"
	in=/dev/null
	[ -f "$d/stdin" ] && in=$top/$d/stdin
	rm -rf "$r.work"
	[ -d "$d/work" ] && cp -R "$d/work" "$r.work"
	(
		cd "$d" || exit 99
		WORK=$OUT/golden/${d#tests/golden/}.work
		if [ -f env ]; then
			while IFS= read -r kv; do
				[ -n "$kv" ] && export "${kv%%=*}=${kv#*=}"
			done <env
		fi
		eval "set -- $(cat args)"
		"$ASTAR" "$@" <"$in" >"$r.stdout" 2>"$r.stderr"
	)
	echo $? >"$r.status"
}

if [ "${1:-}" = --update ]; then
	shift
	for n in "$@"; do
		n=${n#tests/golden/}
		n=${n%/}
		d=tests/golden/$n r=$out/golden/$n
		if [ ! -f "$d/args" ]; then
			echo "no golden case $d (AREA/CASE, with an args file)"
			exit 1
		fi
		run_case "$d"
		for f in stdout stderr; do
			if [ -s "$r.$f" ]; then cp "$r.$f" "$d/$f"; else rm -f "$d/$f"; fi
		done
		s=$(cat "$r.status")
		if [ "$s" = 0 ]; then rm -f "$d/status"; else echo "$s" >"$d/status"; fi
		if [ -d "$d/work" ]; then
			rm -rf "$d/work.expected"
			cp -R "$r.work" "$d/work.expected"
		fi
		echo "updated $n (status $s)"
	done
	exit 0
fi

cli_only=0 golden_only=0
case ${1:-} in
--cli) cli_only=1 ;;
--golden) golden_only=1 cli_only=1; shift ;;
esac

# 1. Unit and property tests of the library: one binary, built from
# tests/unit/*.c, whose runner (main.c) runs each module.
if [ $cli_only = 1 ]; then
	echo "unit: left out (--cli)"
elif [ -x tests/unit/test_search ]; then
	t=$(date +%s)
	tests/unit/test_search >"$out/unit.log" 2>"$out/unit.err"
	rc=$?
	echo "time: unit $(($(date +%s) - t)) s"
	line=$(grep -E '^unit: [0-9]+ passed, [0-9]+ failed$' "$out/unit.log" | tail -n 1)
	if [ -n "$line" ]; then
		p=$(echo "$line" | sed 's/^unit: \([0-9]*\) passed.*/\1/')
		f=$(echo "$line" | sed 's/.* \([0-9]*\) failed$/\1/')
		passed=$((passed + p))
		failed=$((failed + f))
		grep -E '^unit/[a-z]+: ' "$out/unit.log" # each module's count
		echo "$line"
	fi
	if [ $rc -ne 0 ] && { [ -z "$line" ] || [ "$f" = 0 ]; }; then
		failed=$((failed + 1))
		echo "FAIL unit tests exited $rc"
	fi
	[ $rc -ne 0 ] && head -n 40 "$out/unit.err"
else
	echo "FAIL tests/unit/test_search is not built"
	failed=$((failed + 1))
fi

# 2. Golden CLI cases.
tg=$(date +%s)
gp=0
gf=0
# The cases to run: all, or those --golden names (areas or cases).
if [ $golden_only = 1 ] && [ $# -gt 0 ]; then
	for a in "$@"; do
		a=${a#tests/golden/}
		a=${a%/}
		if [ -d "tests/golden/$a" ] && [ ! -f "tests/golden/$a/args" ]; then
			ls -d tests/golden/"$a"/*/
		else
			echo "tests/golden/$a/"
		fi
	done
else
	ls -d tests/golden/*/*/
fi >"$out/golden.list"
while read -r d; do
	d=${d%/}
	n=${d#tests/golden/} r=$out/golden/${d#tests/golden/}
	if [ ! -f "$d/args" ]; then
		echo "FAIL $n: no args file (not a golden case)"
		gf=$((gf + 1))
		continue
	fi
	if grep -q 'LEVELS' "$d/args" && [ ! -d "$top/../shared/levels" ]; then
		echo "skip $n: ../shared/levels is absent"
		continue
	fi
	run_case "$d"
	ok=1
	for f in stdout stderr; do
		exp=$d/$f
		[ -f "$exp" ] || exp=/dev/null
		if ! cmp -s "$exp" "$r.$f"; then
			ok=0
			echo "FAIL $n: $f differs"
			diff "$exp" "$r.$f" | head -n 10
		fi
	done
	if [ -d "$d/work" ] && ! diff -r "$d/work.expected" "$r.work" >"$r.workdiff" 2>&1; then
		ok=0
		echo "FAIL $n: \$WORK differs from work.expected"
		head -n 10 "$r.workdiff"
	fi
	want=0
	[ -f "$d/status" ] && want=$(cat "$d/status")
	got=$(cat "$r.status")
	if [ "$want" != "$got" ]; then
		ok=0
		echo "FAIL $n: exit status $got, expected $want"
	fi
	if [ $ok = 1 ]; then gp=$((gp + 1)); else gf=$((gf + 1)); fi
done <"$out/golden.list"
echo "time: golden $(($(date +%s) - tg)) s"
echo "golden: $gp passed, $gf failed"
passed=$((passed + gp))
failed=$((failed + gf))
if [ $golden_only = 1 ]; then
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
fi

# 3. Further suites (tests/*.sh) print their own "NAME: N passed, M failed".
for s in tests/suite-*.sh; do
	[ -f "$s" ] || continue
	n=${s#tests/suite-}
	case " ${SUITES:-${n%.sh}} " in *" ${n%.sh} "*) ;; *) continue ;; esac
	t=$(date +%s)
	sh "$s" >"$out/suite.log" 2>&1
	rc=$?
	echo "time: $s $(($(date +%s) - t)) s"
	cat "$out/suite.log" | grep -v '^ok ' | head -n 60
	line=$(grep -E '^[a-z-]+: [0-9]+ passed, [0-9]+ failed$' "$out/suite.log" | tail -n 1)
	if [ -n "$line" ]; then
		p=$(echo "$line" | sed 's/^[a-z-]*: \([0-9]*\) passed.*/\1/')
		f=$(echo "$line" | sed 's/.* \([0-9]*\) failed$/\1/')
		passed=$((passed + p))
		failed=$((failed + f))
	fi
	if [ $rc -ne 0 ] && { [ -z "$line" ] || [ "$f" = 0 ]; }; then
		failed=$((failed + 1))
		echo "FAIL $s exited $rc"
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
