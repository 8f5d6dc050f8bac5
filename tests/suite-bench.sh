#!/bin/sh
# tests/suite-bench.sh - a smoke run of `make bench` (bench/bench.py): on a
# tiny generated Moving AI map and scenario file, every algorithm, a few
# queries, it must run, print its table and write valid JSON with the
# figures the bench promises.  No timing is asserted.  The PathFinding.js
# peer takes part only when node is present and the peer is already
# installed (bench.py's copy in the temp folder), so this stays fast and
# passes without node.  Last line: "bench: N passed, M failed".
set -u
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/astar-bench-smoke.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if ! command -v python3 >/dev/null 2>&1; then
	ok "python3 not found: bench smoke skipped"
	echo "bench: $passed passed, $failed failed"
	exit 0
fi

# A 16x12 map with a wall, and queries whose lengths are known by hand.
mkdir -p "$tmp/set/tiny"
{
	printf 'type octile\nheight 12\nwidth 16\nmap\n'
	for y in 0 1 2 3 4 5 6 7 8 9 10 11; do
		if [ $y -ge 2 ] && [ $y -le 9 ]; then
			echo '.......@........'
		else
			echo '................'
		fi
	done
} >"$tmp/set/tiny/wall.map"
printf 'version 1\n' >"$tmp/set/tiny/wall.map.scen"
printf '0\twall.map\t16\t12\t0\t0\t5\t0\t5.00000000\n' >>"$tmp/set/tiny/wall.map.scen"
printf '0\twall.map\t16\t12\t0\t0\t4\t4\t5.65685425\n' >>"$tmp/set/tiny/wall.map.scen"
printf '1\twall.map\t16\t12\t0\t0\t15\t0\t15.00000000\n' >>"$tmp/set/tiny/wall.map.scen"
printf '1\twall.map\t16\t12\t6\t5\t8\t5\t8.82842712\n' >>"$tmp/set/tiny/wall.map.scen"

peer=0
[ -d "${TMPDIR:-/tmp}/astar-bench-peer/node_modules/pathfinding" ] &&
	command -v node >/dev/null 2>&1 && peer=1

# BENCH_GEN=0: the generated sets of bench/data take minutes.
if BENCH_DIR="$tmp/set" BENCH_MAX=3 BENCH_GEN=0 BENCH_PEER=$peer BENCH_OUT="$tmp/out/results.json" \
	python3 bench/bench.py >"$tmp/log" 2>&1; then
	ok "bench.py ran (peer $peer)"
else
	bad "bench.py failed: $(tail -n 5 "$tmp/log")"
fi
if grep -q '^wall.map.scen  *jps ' "$tmp/log" && grep -q '^scenario ' "$tmp/log"; then
	ok "table printed"
else
	bad "no table: $(head -n 5 "$tmp/log")"
fi

# A sanitizer build (make check SANITIZE=1 or thread): bench.py cannot link
# bench/memprobe.c against the instrumented libastar.a, and leaves the
# memory figures (the library's and the peak RSS) out.
san=0
grep -qE '__[at]san_init' ./astar 2>/dev/null && san=1
if python3 - "$tmp/out/results.json" "$peer" "$san" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
peer = sys.argv[2] == "1"
san = sys.argv[3] == "1"
assert r["max_queries_per_file"] == 3
(m,) = r["maps"]
assert m["scenario"] == "tiny/wall.map.scen" and m["queries"] == 3
algos = m["algorithms"]
assert sorted(algos) == ["astar", "bfs", "dijkstra", "greedy", "jps"], sorted(algos)
for name, a in algos.items():
    assert a["queries"] == 3, name
    assert isinstance(a["total_prepare_ms"], float) and a["total_prepare_ms"] >= 0, name
    for k in ("mean_us", "median_us", "expanded_per_query", "ns_per_expansion",
              "load_mb_per_s", "bytes_per_cell_single_query", "peak_rss_kib"):
        if san and k in ("bytes_per_cell_single_query", "peak_rss_kib"):
            continue
        assert isinstance(a[k], (int, float)) and a[k] > 0, (name, k, a[k])
    assert san or a["bytes_per_cell_single_query"] < 10000, name
    assert ("speedup_vs_pfjs_search_only" in a) == peer, name
    assert ("speedup_vs_astar" in a) == (name != "astar"), name
PY
then
	ok "results.json is valid and complete"
else
	bad "results.json: see above"
fi

echo "bench: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
