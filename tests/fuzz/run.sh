#!/bin/sh
# tests/fuzz/run.sh - builds the libFuzzer targets, replays each one's
# regressions (tests/fuzz/regressions/TARGET/), then fuzzes it for a
# bounded time on a copy of its seed corpus (the committed corpus never
# grows).  Run from anywhere:
#
#   sh tests/fuzz/run.sh [SECONDS [TARGET...]]     SECONDS per target, default 60
#
# Prints "ok TARGET" or "FAIL TARGET" per target and last
# "fuzz: N passed, M failed"; exits non-zero when anything failed.  Logs
# and crash inputs go to tests/fuzz/out/ (or $FUZZ_OUT).  FUZZ_JOBS
# targets run at a time (default 1), so the whole run takes about
# 7 / FUZZ_JOBS x SECONDS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-fuzz_ascii fuzz_json fuzz_movingai fuzz_scen fuzz_args fuzz_levels fuzz_files fuzz_graph fuzz_voxel}
case $secs in '' | *[!0-9]*) echo "usage: run.sh [SECONDS [TARGET...]]" >&2; exit 2 ;; esac
build=${FUZZ_BUILD:-$here/build}
out=${FUZZ_OUT:-$here/out}
export FUZZ_BUILD="$build"
# UBSan's reports name the frames too, as ASan's do.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
mkdir -p "$out"
passed=0
failed=0

if ! sh "$here/build.sh" $targets >"$out/build.log" 2>&1; then
	tail -n 30 "$out/build.log"
	for t in $targets; do
		echo "FAIL $t"
	done
	echo "fuzz: 0 passed, $(echo $targets | wc -w) failed"
	exit 1
fi

# Shows why a run failed: the invariant or sanitizer report and where the
# crashing input was written.
why() {
	grep -E 'invariant violated|ERROR: |SUMMARY: |Test unit written|^    #[0-9] ' "$1" | head -n 20 | sed 's/^/  /'
}

# Fuzzes target $1; writes its report to $out/$1.report and "ok" or
# "FAIL" to $out/$1.result.
fuzz_one() {
	t=$1
	bin=$build/$t
	ok=1
	dict=
	[ -f "$here/dict/$t.dict" ] && dict="-dict=$here/dict/$t.dict"
	rm -rf "$out/$t" "$out/$t-crashes"
	mkdir -p "$out/$t-crashes"

	# 1. Every committed regression input, once each.
	regs=$(ls "$here/regressions/$t" 2>/dev/null | sed "s|^|$here/regressions/$t/|")
	if [ -n "$regs" ]; then
		# shellcheck disable=SC2086
		if ! "$bin" -runs=1 $regs >"$out/$t.regressions.log" 2>&1; then
			ok=0
			echo "  $t: a regression input fails:"
			why "$out/$t.regressions.log"
			grep -E '^Running: ' "$out/$t.regressions.log" | tail -n 1 | sed 's/^/  /'
		fi
	fi

	# 2. Fuzzing for the time given, on a scratch copy of the seeds.
	cp -R "$here/corpus/$t" "$out/$t"
	# shellcheck disable=SC2086
	if ! "$bin" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
		$dict -artifact_prefix="$out/$t-crashes/" "$out/$t" \
		>"$out/$t.log" 2>&1; then
		ok=0
		echo "  $t: fuzzing found a failure:"
		why "$out/$t.log"
	fi
	if [ $ok = 1 ]; then
		stats=$(grep -E '^stat::number_of_executed_units' "$out/$t.log" | sed 's/.*: *//')
		echo "  $t: ${stats:-?} executions in ${secs}s, no failure"
		echo "ok $t"
		echo ok >"$out/$t.result"
	else
		echo "FAIL $t"
		echo FAIL >"$out/$t.result"
	fi
}

jobs=${FUZZ_JOBS:-1}
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
running=0
for t in $targets; do
	rm -f "$out/$t.result" "$out/$t.report"
	fuzz_one "$t" >"$out/$t.report" 2>&1 &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
for t in $targets; do
	cat "$out/$t.report" 2>/dev/null
	if [ "$(cat "$out/$t.result" 2>/dev/null)" = ok ]; then
		passed=$((passed + 1))
	else
		[ -f "$out/$t.result" ] || echo "FAIL $t (no result)"
		failed=$((failed + 1))
	fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
