#!/bin/sh
# tests/run.sh - the whole test suite: the library's unit and property
# tests, then the golden CLI cases.  Run from the top of the tree (make
# check does).  The last line is "N passed, M failed"; the exit status is
# 0 only when nothing failed.
#
# A golden case is a folder tests/golden/NAME holding
#   args     the arguments, one line of shell words (run from the top)
#   stdin    optional: fed to standard input (otherwise /dev/null)
#   stdout   expected standard output (absent: must be empty)
#   stderr   expected standard error (absent: must be empty)
#   status   expected exit status (absent: 0)
# `sh tests/run.sh --update NAME...` rewrites a case's expectations from
# what astar does now; review the diff before committing it.
# `sh tests/run.sh --cli` leaves out the library's unit tests (make
# check-cli: for a ThreadSanitizer build, where only the command line
# runs threads).
set -u
ASTAR=${ASTAR:-./astar}
out=tests/out
mkdir -p "$out"
passed=0
failed=0
unset NO_COLOR

run_case() { # dir -> writes $out/NAME.{stdout,stderr,status}
	d=$1 n=$(basename "$1")
	in=/dev/null
	[ -f "$d/stdin" ] && in=$d/stdin
	eval "set -- $(cat "$d/args")"
	"$ASTAR" "$@" <"$in" >"$out/$n.stdout" 2>"$out/$n.stderr"
	echo $? >"$out/$n.status"
}

if [ "${1:-}" = --update ]; then
	shift
	for n in "$@"; do
		d=tests/golden/$n
		run_case "$d"
		for f in stdout stderr; do
			if [ -s "$out/$n.$f" ]; then cp "$out/$n.$f" "$d/$f"; else rm -f "$d/$f"; fi
		done
		s=$(cat "$out/$n.status")
		if [ "$s" = 0 ]; then rm -f "$d/status"; else echo "$s" >"$d/status"; fi
		echo "updated $n (status $s)"
	done
	exit 0
fi

cli_only=0
[ "${1:-}" = --cli ] && cli_only=1

# 1. Unit and property tests of the library.
if [ $cli_only = 1 ]; then
	echo "unit: left out (--cli)"
elif [ -x tests/unit/test_search ]; then
	tests/unit/test_search >"$out/unit.log" 2>"$out/unit.err"
	rc=$?
	line=$(grep -E '^unit: [0-9]+ passed, [0-9]+ failed$' "$out/unit.log" | tail -n 1)
	if [ -n "$line" ]; then
		p=$(echo "$line" | sed 's/^unit: \([0-9]*\) passed.*/\1/')
		f=$(echo "$line" | sed 's/.* \([0-9]*\) failed$/\1/')
		passed=$((passed + p))
		failed=$((failed + f))
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
gp=0
gf=0
for d in tests/golden/*/; do
	d=${d%/}
	[ -f "$d/args" ] || continue
	n=$(basename "$d")
	run_case "$d"
	ok=1
	for f in stdout stderr; do
		exp=$d/$f
		[ -f "$exp" ] || exp=/dev/null
		if ! cmp -s "$exp" "$out/$n.$f"; then
			ok=0
			echo "FAIL $n: $f differs"
			diff "$exp" "$out/$n.$f" | head -n 10
		fi
	done
	want=0
	[ -f "$d/status" ] && want=$(cat "$d/status")
	got=$(cat "$out/$n.status")
	if [ "$want" != "$got" ]; then
		ok=0
		echo "FAIL $n: exit status $got, expected $want"
	fi
	if [ $ok = 1 ]; then gp=$((gp + 1)); else gf=$((gf + 1)); fi
done
echo "golden: $gp passed, $gf failed"
passed=$((passed + gp))
failed=$((failed + gf))

# 3. Further suites (tests/*.sh) print their own "NAME: N passed, M failed".
for s in tests/suite-*.sh; do
	[ -f "$s" ] || continue
	sh "$s" >"$out/suite.log" 2>&1
	rc=$?
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
