#!/bin/sh
# tests/suite-house.sh - the shape of the tree (docs/design.md, "The
# house"): no circle of files in src/, no source over 800 lines,
# bench/RESULTS.md at most 300 lines.  tests/house.py reads the sources
# and the objects that make built; first it is shown a small tree with a
# circle and a tree without one, so that a checker which finds nothing
# cannot pass.  Last line: "house: N passed, M failed".
set -u
out=tests/out/house
rm -rf "$out"
mkdir -p "$out"
top=$(pwd)
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# A scratch tree: src/a/up.c calls down.c, and down.c either calls back
# (a circle) or not.  $1: "circle" or "line".
scratch() {
	d=$out/$1
	mkdir -p "$d/src/a" "$d/bench" "$d/include"
	: >"$d/bench/RESULTS.md"
	: >"$d/include/astar.h"
	printf 'int down(int);\n' >"$d/src/a/down.h"
	printf '#include "down.h"\nint up(int x) { return down(x) + 1; }\n' >"$d/src/a/up.c"
	if [ "$1" = circle ]; then
		printf 'int up(int);\nint down(int x) { return x ? up(x - 1) : 0; }\n' >"$d/src/a/down.c"
	else
		printf 'int down(int x) { return x; }\n' >"$d/src/a/down.c"
	fi
	for c in up down; do
		${CC:-cc} -c -o "$d/src/a/$c.o" "$d/src/a/$c.c" || return 1
	done
	(cd "$d" && python3 "$top/tests/house.py") >"$d.log" 2>&1
}
if scratch circle; then
	fail "house.py passes a tree with a circle"
elif grep -q '^FAIL circle of 2 files: src/a/down.c src/a/up.c$' "$out/circle.log"; then
	ok "house.py finds a circle"
else
	fail "house.py on a tree with a circle: $(cat "$out/circle.log")"
fi
if scratch line; then
	ok "house.py passes a tree without a circle"
else
	fail "house.py on a tree without a circle: $(cat "$out/line.log")"
fi

# The tree itself.
python3 tests/house.py >"$out/tree.log" 2>&1
while IFS= read -r line; do
	case $line in
	"ok "*) ok "${line#ok }" ;;
	"FAIL "*) fail "${line#FAIL }" ;;
	*) echo "$line" ;;
	esac
done <"$out/tree.log"
grep -q '^ok no circle' "$out/tree.log" || grep -q '^FAIL' "$out/tree.log" ||
	fail "house.py said nothing: $(cat "$out/tree.log")"
echo "house: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
