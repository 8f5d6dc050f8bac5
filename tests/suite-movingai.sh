#!/bin/sh
# tests/suite-movingai.sh - astar against the Moving AI benchmark sets in
# ../shared/benchmarks/movingai (N. Sturtevant, "Benchmarks for Grid-Based
# Pathfinding", IEEE TCIAIG 4(2), 2012; Open Data Commons Attribution
# License).  Every query's optimal length must be reproduced (--check),
# also by --algorithm=jps, and batch output must not depend on --jobs or
# on sharding.
# ASTAR_BENCH_DIR overrides where the sets are; ASTAR_QUICK=1 leaves out
# the 12120-query maze file, ASTAR_QUICK=2 also checks only the first
# tenth (--shard=1/10) of every other file and leaves out the --no-path
# run on the maze.  Last line: "movingai: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
B=${ASTAR_BENCH_DIR:-../shared/benchmarks/movingai}
out=tests/out/movingai
mkdir -p "$out"
passed=0
failed=0
# ASTAR_QUICK=2 (CI's ThreadSanitizer stage) checks a tenth of each file,
# its first shard: the threads are what that stage is for.
sample=
[ "${ASTAR_QUICK:-0}" = 2 ] && sample=--shard=1/10
ok() { passed=$((passed + 1)); echo "ok $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

if [ ! -d "$B" ]; then
	bad "benchmark sets not found in $B (set ASTAR_BENCH_DIR)"
	echo "movingai: $passed passed, $failed failed"
	exit 1
fi

# Every optimal length of every file (but the maze under ASTAR_QUICK),
# under OPTIONS (an algorithm); NAME starts each test's name.
check_all() { # NAME OPTIONS...
	name=$1
	shift
	for scen in "$B"/*/*.scen; do
		case $scen in *maze512*) [ "${ASTAR_QUICK:-0}" != 0 ] && continue ;; esac
		n=$(grep -c . "$scen")
		n=$((n - 1)) # the version line
		[ -n "$sample" ] && n=$(((n + 9) / 10))
		got=$("$ASTAR" "$@" --check --no-timing $sample "$scen" 2>&1)
		rc=$?
		want="checked $n, passed $n, failed 0"
		if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then
			ok "$scen: $name$want"
		else
			bad "$scen: ${name}exit $rc, got: $(echo "$got" | tail -n 3)"
		fi
	done
}
check_all ""
# Jump Point Search must find the same optimal lengths (its own cache
# per thread, rebuilt for every map).
check_all "jps: " --algorithm=jps

# --no-path keeps a big batch's JSON small: a tenth of the 12120-query
# maze file (the whole is some 5 MB so, 287 MB with its paths), every
# line parsing, none with a path.  Not under ASTAR_QUICK=2: it runs no
# threads, and ThreadSanitizer makes its 1212 long searches the stage's
# largest cost.
maze=$(ls "$B"/mazes/*.scen 2>/dev/null | head -n 1)
[ "${ASTAR_QUICK:-0}" = 2 ] && maze=
if [ -n "$maze" ]; then
	"$ASTAR" -j --no-path --no-timing --shard=1/10 "$maze" >"$out/nopath.jsonl"
	rc=$?
	n=$(wc -l <"$out/nopath.jsonl")
	bytes=$(wc -c <"$out/nopath.jsonl")
	with=$(jq -c 'select(has("path"))' "$out/nopath.jsonl" | wc -l)
	if [ $rc = 0 ] && [ "$n" = 1212 ] && [ "$bytes" -lt 600000 ] && [ "$with" = 0 ]; then
		ok "--no-path: $n maze queries in $bytes bytes of JSON, no path"
	else
		bad "--no-path on the maze: status $rc, $n lines, $bytes bytes, $with with a path"
	fi
fi

# The same batch on 1, 2 and 7 threads, byte for byte (under
# ASTAR_QUICK=2 the first tenth of it: ThreadSanitizer makes --explored
# on every query the stage's largest cost, and a tenth still spreads
# over every thread).
set -- $sample "$B/dao/arena.map.scen" "$B/mapf/maze-32-32-2-random-1.scen" \
	maps/dungeon.txt tests/no-such-file "$B/mapf/room-32-32-4-random-1.scen"
for j in 1 2 7; do
	"$ASTAR" --json --no-timing --explored -J$j "$@" >"$out/jobs$j.out" 2>"$out/jobs$j.err"
	echo $? >>"$out/jobs$j.err"
done
for j in 2 7; do
	if cmp -s "$out/jobs1.out" "$out/jobs$j.out" && cmp -s "$out/jobs1.err" "$out/jobs$j.err"; then
		ok "--jobs=$j output identical to --jobs=1"
	else
		bad "--jobs=$j output differs from --jobs=1"
	fi
done
for j in 1 2; do
	"$ASTAR" --no-timing -J$j "$@" >"$out/text$j.out" 2>&1
done
if cmp -s "$out/text1.out" "$out/text2.out"; then
	ok "text output identical for --jobs=1 and 2"
else
	bad "text output differs between --jobs=1 and 2"
fi

# Landmark tables are built once for a batch, their two directions on
# terrain side by side on its threads, and shared by every thread: the
# same bytes on 1, 2 and 7 threads, on a terrain variant of arena (costs
# 1..9, an ASCII map) and under --diagonal=always.
rm -rf "$out/lm" && mkdir -p "$out/lm"
awk 'NR > 4 { r = ""; for (x = 1; x <= length($0); x++)
	r = r (substr($0, x, 1) == "." ? (x * 7 + NR * 3) % 9 + 1 : "#")
	print r }' "$B/dao/arena.map" >"$out/lm/terrain.txt"
sed '2,$s/arena\.map/terrain.txt/' "$B/dao/arena.map.scen" >"$out/lm/terrain.scen"
for how in "--landmarks=6 $out/lm/terrain.scen" \
	"--landmarks=5 --diagonal=always $B/dao/arena.map.scen"; do
	for j in 1 2 7; do
		"$ASTAR" --json --no-timing -J$j $how >"$out/lm/$j.out" 2>&1
		echo $? >>"$out/lm/$j.out"
	done
	if [ "$(grep -c '"expanded"' "$out/lm/1.out")" = 130 ] &&
		[ "$(tail -n 1 "$out/lm/1.out")" = 0 ] &&
		cmp -s "$out/lm/1.out" "$out/lm/2.out" &&
		cmp -s "$out/lm/1.out" "$out/lm/7.out"; then
		ok "landmarks ($how): the same output on 1, 2 and 7 threads"
	else
		bad "landmarks ($how): output differs between thread counts"
	fi
done

# Shards: together they hold every line of the whole, each exactly once.
"$ASTAR" --json --no-timing "$B/dao/arena.map.scen" | sort >"$out/whole"
for k in 1 2 3; do
	"$ASTAR" --json --no-timing --shard=$k/3 "$B/dao/arena.map.scen"
done | sort >"$out/shards"
if [ -s "$out/whole" ] && cmp -s "$out/whole" "$out/shards"; then
	ok "--shard=K/3 pieces concatenate to the whole"
else
	bad "--shard pieces differ from the whole"
fi

# A map field holding an absolute path is used as it is (no map beside
# the scenario file here), and one that does not exist falls back to its
# last component beside the scenario file.
abs=$(cd "$B/dao" && pwd)/arena.map
rm -rf "$out/abs" && mkdir -p "$out/abs"
sed "2,11s#arena.map#$abs#" "$B/dao/arena.map.scen" | sed 11q >"$out/abs/abs.scen"
got=$("$ASTAR" --check --no-timing "$out/abs/abs.scen" 2>&1)
if [ "$got" = "checked 10, passed 10, failed 0" ]; then
	ok "an absolute map path in a scenario line"
else
	bad "an absolute map path in a scenario line: $got"
fi
cp "$B/dao/arena.map" "$out/abs/"
sed "2,11s#arena.map#/nonexistent/arena.map#" "$B/dao/arena.map.scen" |
	sed 11q >"$out/abs/gone.scen"
got=$("$ASTAR" --check --no-timing "$out/abs/gone.scen" 2>&1)
if [ "$got" = "checked 10, passed 10, failed 0" ]; then
	ok "a missing absolute map path falls back to the map beside"
else
	bad "a missing absolute map path: $got"
fi

echo "movingai: $passed passed, $failed failed"
[ $failed -eq 0 ]
