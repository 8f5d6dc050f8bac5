#!/usr/bin/env python3
"""bench/worlds.py - what worlds of several levels cost (issue 44; run by
`make bench`).

1. The whole-world flood of the largest shared LDtk world (the project
   under $LEVELS/ldtk with the most cells that marks a start), read with
   --world: `astar --world --distances --json --no-timing FILE`, timed as
   a whole process, RUNS rounds; beside it the same process with a search
   from the start to itself (the load alone, nearly), so that the flood's
   own share is the difference of the medians.  Every round must give the
   same "reached".
2. bench/world.c (built with cc -O2 against libastar.a into bench/out/):
   the queries of a Moving AI scenario on its map as a grid, as a world of
   that one level, and on a world of two copies side by side joined along
   their seam with a door; the grid's and the one-level world's summed
   costs must agree.  Its seconds are printed, and the two-level world's
   overhead against the grid.

Environment: LEVELS (default /work/shared/levels), WORLD_MAP and
WORLD_SCEN (default dao/den011d of /work/shared/benchmarks/movingai),
WORLD_RUNS (5), ASTAR (default ./astar).  Results also go to
bench/out/worlds.json.
"""
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
LEVELS = os.environ.get("LEVELS", "/work/shared/levels")
MOVINGAI = "/work/shared/benchmarks/movingai/dao/den011d.map"
MAP = os.environ.get("WORLD_MAP", MOVINGAI)
SCEN = os.environ.get("WORLD_SCEN", MOVINGAI + ".scen")
RUNS = max(1, int(os.environ.get("WORLD_RUNS", "5")))
ASTAR = os.environ.get("ASTAR", os.path.join(ROOT, "astar"))


def flood(path, extra=()):
    """One run: (seconds, the JSON record)."""
    cmd = [ASTAR, "--world", "--json", "--no-timing", *extra, path]
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    dt = time.perf_counter() - t
    if p.returncode not in (0, 1):
        return dt, None
    return dt, json.loads(p.stdout.splitlines()[0])


def largest_world():
    """The shared LDtk project with the most cells whose world marks a
    start: (path, cells, record)."""
    best = None
    folder = os.path.join(LEVELS, "ldtk")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if not name.endswith(".ldtk"):
            continue
        _, rec = flood(os.path.join(folder, name), ["--distances"])
        if rec is None:
            print(f"worlds: {name}: no start of its own, left out")
            continue
        cells = sum(len(r) for rows in rec["distances"].values() for r in rows)
        if best is None or cells > best[1]:
            best = (os.path.join(folder, name), cells, rec)
    return best


def median_span(xs):
    return f"{statistics.median(xs) * 1000:.1f} ms ({min(xs) * 1000:.1f}..{max(xs) * 1000:.1f})"


def bench_flood(results):
    found = largest_world()
    if found is None:
        print("worlds: no shared LDtk world with a start; flood skipped")
        return
    path, cells, rec = found
    start = rec["start"]
    here = f"--start={start[0]},{start[1]},{start[2]}"
    whole, load = [], []
    for _ in range(RUNS):
        dt, r = flood(path, ["--distances"])
        if r is None or r["reached"] != rec["reached"]:
            sys.exit("worlds: the flood's reached count changed between rounds")
        whole.append(dt)
        dt, _ = flood(path, [here, f"--goal={start[0]},{start[1]},{start[2]}"])
        load.append(dt)
    share = statistics.median(whole) - statistics.median(load)
    print(f"flood of {os.path.basename(path)}: {len(rec['floors'])} levels, "
          f"{cells} cells, {rec['reached']} reached")
    print(f"  process with the flood  {median_span(whole)}")
    print(f"  process, search to itself {median_span(load)}")
    print(f"  the flood's share       {share * 1000:.2f} ms")
    results["flood"] = {"file": os.path.basename(path), "levels": len(rec["floors"]),
                        "cells": cells, "reached": rec["reached"],
                        "whole_s": whole, "load_s": load}


def bench_two_levels(results):
    if not (os.path.exists(MAP) and os.path.exists(SCEN)):
        print(f"worlds: {MAP} or its scenario missing; world.c skipped")
        return
    exe = os.path.join(OUT, "world")
    src = os.path.join(ROOT, "bench", "world.c")
    lib = os.path.join(ROOT, "libastar.a")
    if not os.path.exists(exe) or os.path.getmtime(exe) < max(
            os.path.getmtime(src), os.path.getmtime(lib)):
        subprocess.run(["cc", "-O2", "-Iinclude", src, lib, "-lm", "-o", exe],
                       check=True, cwd=ROOT)
    secs = []
    for _ in range(RUNS):
        p = subprocess.run([exe, MAP, SCEN], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("worlds: bench/world.c: the grid's and the one-level "
                     "world's costs differ\n" + p.stdout + p.stderr)
        line = [l for l in p.stdout.splitlines() if l.startswith("seconds:")][0]
        secs.append([float(w.rstrip(",")) for w in line.split()
                     if w.rstrip(",").replace(".", "").isdigit()])
    print(p.stdout.splitlines()[0])
    names = ["grid", "one-level world", "two-level world"]
    for i, n in enumerate(names):
        xs = [s[i] for s in secs]
        print(f"  {n:16} {median_span(xs)}")
    grid = statistics.median(s[0] for s in secs)
    for i in (1, 2):
        over = statistics.median(s[i] for s in secs) / grid - 1
        print(f"  {names[i]} against the grid: {over * 100:+.1f}%")
    results["two_levels"] = {"map": os.path.basename(MAP), "seconds": secs}


def main():
    os.makedirs(OUT, exist_ok=True)
    results = {}
    bench_flood(results)
    bench_two_levels(results)
    with open(os.path.join(OUT, "worlds.json"), "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
