#!/usr/bin/env python3
"""bench/bench.py - `make bench`: astar against PathFinding.js on the Moving AI
benchmark sets, side by side in one run.

For every scenario file in the benchmark folder (default
../shared/benchmarks/movingai: N. Sturtevant, "Benchmarks for Grid-Based
Pathfinding", IEEE TCIAIG 4(2), 2012, Moving AI Lab, ODC-BY) and every
algorithm, it runs astar on one thread and reports, per map: queries, mean and
median microseconds per query, nodes expanded per query, nanoseconds per
expansion, map load speed (MB/s) and peak memory (whole process, and bytes per
map cell for a single query).  It then runs the PathFinding.js peer
(../shared/peers) on the same scenario file and prints astar's A* speed as a
ratio to the peer's search-only time.  Absolute times drift on shared
machines; the ratio, measured in the same run, is the figure that counts.

Every timed astar run is also a --check run: a wrong cost fails the bench.

Environment:
  BENCH_DIR      benchmark folder (default ../shared/benchmarks/movingai)
  BENCH_MAX      at most this many queries per file, sampled evenly across the
                 file so every length bucket stays in (default 500; 0 = all)
  BENCH_ALGOS    comma-separated algorithms (default astar,dijkstra)
  BENCH_PEER     0 to leave out the peer (default 1)
  BENCH_FILES    comma-separated substrings: only matching scenario files
Writes bench/results.json.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASTAR = os.path.join(ROOT, "astar")
BENCH_DIR = os.environ.get("BENCH_DIR", os.path.join(ROOT, "..", "shared", "benchmarks", "movingai"))
PEER_SRC = os.path.join(ROOT, "..", "shared", "peers")
MAX = int(os.environ.get("BENCH_MAX", "500"))
ALGOS = os.environ.get("BENCH_ALGOS", "astar,dijkstra").split(",")
PEER = os.environ.get("BENCH_PEER", "1") != "0"
ONLY = [s for s in os.environ.get("BENCH_FILES", "").split(",") if s]


def run(cmd, **kw):
    """Runs cmd; returns (stdout, stderr, status)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    out, err = p.communicate()
    return out.decode(), err.decode(), p.returncode


def run_rss(cmd):
    """Runs cmd to completion, returns (stdout, status, peak RSS KiB)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            try:
                os.execv(cmd[0], cmd)
            finally:
                os._exit(127)
        _, status, ru = os.wait4(pid, 0)
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            sys.stderr.write(err.read().decode())
        return out.read().decode(), code, ru.ru_maxrss


def sample_scen(scen, tmp):
    """A copy of scen keeping at most MAX queries, evenly spread, beside a
    link to its map so that both tools find it.  Returns the new path."""
    with open(scen, encoding="latin-1") as f:
        lines = f.read().splitlines()
    head, queries = lines[0], [l for l in lines[1:] if l.strip()]
    if MAX > 0 and len(queries) > MAX:
        step = len(queries) / MAX
        queries = [queries[int(i * step)] for i in range(MAX)]
    mapfield = queries[0].split("\t")[1]
    src_map = os.path.join(os.path.dirname(scen), os.path.basename(mapfield))
    if not os.path.exists(src_map):
        src_map = os.path.join(os.path.dirname(scen), mapfield)
    dst_map = os.path.join(tmp, os.path.basename(src_map))
    if not os.path.exists(dst_map):
        os.symlink(os.path.abspath(src_map), dst_map)
    fixed = []
    for q in queries:
        f = q.split("\t") if "\t" in q else q.split()
        f[1] = os.path.basename(src_map)
        fixed.append("\t".join(f))
    out = os.path.join(tmp, os.path.basename(scen))
    with open(out, "w") as f:
        f.write(head + "\n" + "\n".join(fixed) + "\n")
    return out, dst_map, len(fixed)


def bench_astar(scen, algo):
    cmd = [ASTAR, "--scen", scen, "--json", "--jobs=1", "--check", "--algorithm=" + algo]
    out, code, rss = run_rss(cmd)
    if code != 0:
        raise SystemExit("bench: %s failed its --check (exit %d)" % (" ".join(cmd), code))
    rows = [json.loads(l) for l in out.splitlines() if l.startswith("{")]
    us = [r["time_us"]["search"] for r in rows]
    exp = [r["expanded"] for r in rows]
    return {
        "queries": len(rows),
        "mean_us": statistics.fmean(us),
        "median_us": statistics.median(us),
        "expanded_per_query": statistics.fmean(exp),
        "ns_per_expansion": 1000.0 * sum(us) / max(1, sum(exp)),
        "total_search_ms": sum(us) / 1000.0,
        "load_us": rows[0]["time_us"]["load"] if rows else 0.0,
        "peak_rss_kib": rss,
    }


def single_query_bytes_per_cell(scen, mapfile, cells, tmp):
    """Peak memory of one query, less that of a 1x1 map, per map cell."""
    one = os.path.join(tmp, "one.scen")
    with open(scen) as f:
        lines = f.read().splitlines()
    with open(one, "w") as f:
        f.write(lines[0] + "\n" + lines[-1] + "\n")
    _, _, rss = run_rss([ASTAR, "--scen", one, "--jobs=1", "--no-timing"])
    tiny = os.path.join(tmp, "tiny.txt")
    with open(tiny, "w") as f:
        f.write("S\n")
    _, _, base = run_rss([ASTAR, tiny, "--goal=0,0", "--no-timing"])
    return max(0.0, (rss - base) * 1024.0 / cells)


def peer_setup():
    if not PEER:
        return None
    if shutil.which("node") is None or shutil.which("npm") is None:
        print("bench: node/npm not found; peer left out", file=sys.stderr)
        return None
    dst = os.path.join(tempfile.gettempdir(), "astar-bench-peer")
    if not os.path.isdir(os.path.join(dst, "node_modules", "pathfinding")):
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(PEER_SRC, dst, ignore=shutil.ignore_patterns("node_modules"))
        _, err, code = run(["npm", "install", "--no-audit", "--no-fund", "--silent"], cwd=dst)
        if code != 0:
            print("bench: npm install failed; peer left out\n" + err, file=sys.stderr)
            return None
    return dst


def bench_peer(peer, scen, mapfile):
    out, err, code = run(["node", os.path.join(peer, "pathfinding_js.js"), scen, mapfile])
    if code != 0:
        print("bench: peer failed on %s: %s" % (scen, err.strip()), file=sys.stderr)
        return None
    last = [l for l in out.splitlines() if l.startswith("peer=")][-1]
    kv = dict(x.split("=", 1) for x in last.split())
    lines = [l for l in out.splitlines() if not l.startswith("peer=")]
    expansions = sum(int(l.split()[1]) for l in lines)
    return {
        "search_only_ms": float(kv["search_only_ms"]),
        "with_clone_ms": float(kv["total_with_clone_ms"]),
        "expanded_per_query": expansions / max(1, len(lines)),
    }


def main():
    if not os.path.exists(ASTAR):
        raise SystemExit("bench: build astar first (make)")
    scens = sorted(
        os.path.join(d, f)
        for d, _, fs in os.walk(BENCH_DIR)
        for f in fs
        if f.endswith(".scen") and (not ONLY or any(o in f for o in ONLY))
    )
    if not scens:
        raise SystemExit("bench: no scenario files in " + BENCH_DIR)
    peer = peer_setup()
    results = {"max_queries_per_file": MAX, "maps": []}
    hdr = "%-28s %-9s %7s %10s %10s %10s %8s %8s %8s %7s %9s" % (
        "scenario", "algo", "queries", "mean_us", "median_us", "exp/query",
        "ns/exp", "load_MB/s", "peak_MB", "B/cell", "vs_pfjs")
    print(hdr)
    print("-" * len(hdr))
    with tempfile.TemporaryDirectory() as tmp:
        for scen in scens:
            name = os.path.basename(scen)
            sub = os.path.join(tmp, name + ".d")
            os.mkdir(sub)
            sscen, smap, n = sample_scen(scen, sub)
            with open(smap, "rb") as f:
                size = len(f.read())
            hw = [0, 0]
            with open(smap) as f:
                for l in f:
                    if l.startswith("height"):
                        hw[0] = int(l.split()[1])
                    elif l.startswith("width"):
                        hw[1] = int(l.split()[1])
            cells = hw[0] * hw[1]
            entry = {"scenario": os.path.relpath(scen, BENCH_DIR), "map_bytes": size,
                     "cells": cells, "algorithms": {}}
            entry["bytes_per_cell_single_query"] = single_query_bytes_per_cell(sscen, smap, cells, sub)
            pr = bench_peer(peer, sscen, smap) if peer else None
            entry["peer"] = pr
            for algo in ALGOS:
                r = bench_astar(sscen, algo)
                r["load_mb_per_s"] = size / max(r["load_us"], 1e-3)
                if pr and algo == "astar":
                    r["speedup_vs_pfjs_search_only"] = pr["search_only_ms"] / max(r["total_search_ms"], 1e-6)
                    r["speedup_vs_pfjs_with_clone"] = pr["with_clone_ms"] / max(r["total_search_ms"], 1e-6)
                entry["algorithms"][algo] = r
                ratio = r.get("speedup_vs_pfjs_search_only")
                print("%-28s %-9s %7d %10.1f %10.1f %10.0f %8.1f %8.1f %8.1f %7.1f %9s" % (
                    name[:28], algo, r["queries"], r["mean_us"], r["median_us"],
                    r["expanded_per_query"], r["ns_per_expansion"], r["load_mb_per_s"],
                    r["peak_rss_kib"] / 1024.0, entry["bytes_per_cell_single_query"],
                    ("%.1fx" % ratio) if ratio else "-"), flush=True)
            if pr:
                print("%-28s %-9s %7d %10.1f %10s %10.0f %8.1f   (search only; %.1f ms with grid clones)" % (
                    name[:28], "pfjs", n, 1000.0 * pr["search_only_ms"] / n, "-",
                    pr["expanded_per_query"],
                    1e6 * pr["search_only_ms"] / max(1.0, pr["expanded_per_query"] * n),
                    pr["with_clone_ms"]), flush=True)
            results["maps"].append(entry)
    os.makedirs(os.path.join(ROOT, "bench"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print("wrote bench/results.json")


if __name__ == "__main__":
    main()
