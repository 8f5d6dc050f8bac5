#!/usr/bin/env python3
"""bench/graphs.py - astar's navigation graphs against the Boost Graph
Library on road-like DIMACS graphs (`make bench-graphs`, also run by
`make bench`).

1. bench/roads.c (built with cc -O2 into bench/out/) writes, once, into
   bench/data/roads/: roads-N.gr, roads-N.co, roads-N.p2p (100 queries) and
   roads-N.costs, the optimal costs from its own plain Dijkstra.
2. bench/boost_graph.cpp (g++ -O2, Debian's libboost-graph-dev) loads the
   graph into a compressed_sparse_row_graph and answers the queries with
   dijkstra_shortest_paths stopped at the target, and with astar_search
   and the straight-line heuristic.  Both must give exactly the costs of
   roads-N.costs, or this script fails.
3. When ./astar reads DIMACS query files, it answers the same queries:
       ./astar --jobs=1 --json --no-path --no-timing roads-N.p2p
   (one thread, like Boost; one JSON object a query, in file order, with
   its "cost"); every cost must equal Boost's.  A build without DIMACS
   support (that command exits non-zero) is said and skipped.
4. Each command is timed as a whole process (load + all queries), RUNS
   rounds with the commands in turn (astar, Boost A*, Boost Dijkstra), the
   ratio to Boost A* taken round by round so that it holds when the
   machine's speed drifts; peak memory is the process's own (wait4), also
   given per node and per arc of the graph.  Medians are printed, with
   min..max.

Environment: ROADS_NODES (default 1000000), ROADS_QUERIES (100),
ROADS_RUNS (3), ASTAR (the binary to time, default ./astar).  Results also
go to bench/out/graphs.json.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out")
DATA = os.path.join(ROOT, "bench", "data", "roads")
NODES = int(os.environ.get("ROADS_NODES", "1000000"))
QUERIES = int(os.environ.get("ROADS_QUERIES", "100"))
RUNS = max(1, int(os.environ.get("ROADS_RUNS", "3")))
ASTAR = os.environ.get("ASTAR", os.path.join(ROOT, "astar"))
BOOST_HEADER = "/usr/include/boost/graph/compressed_sparse_row_graph.hpp"


def log(msg):
    print(msg, flush=True)


def build(src, exe, cmd):
    """Compiles src into exe unless exe is newer."""
    if os.path.exists(exe) and os.path.getmtime(exe) >= os.path.getmtime(src):
        return
    log("build: " + " ".join(cmd))
    subprocess.run(cmd, check=True, cwd=ROOT)


def generate():
    """The graph files, written once; returns their common prefix."""
    prefix = os.path.join(DATA, "roads-%d" % NODES)
    done = prefix + ".done"
    src = os.path.join(ROOT, "bench", "roads.c")
    if (os.path.exists(done) and open(done).read().strip() == str(QUERIES)
            and os.path.getmtime(done) >= os.path.getmtime(src)):
        return prefix
    os.makedirs(DATA, exist_ok=True)
    gen = os.path.join(OUT, "roads")
    build(src, gen,
          ["cc", "-O2", "-o", gen, "bench/roads.c", "-lm"])
    log("generate: %s %s %d %d" % (os.path.relpath(gen, ROOT), os.path.relpath(prefix, ROOT),
                                   NODES, QUERIES))
    t = time.monotonic()
    subprocess.run([gen, prefix, str(NODES), str(QUERIES)], check=True)
    log("generate: %.1f s" % (time.monotonic() - t))
    with open(done, "w") as f:
        f.write("%d\n" % QUERIES)
    return prefix


def graph_size(prefix):
    with open(prefix + ".gr") as f:
        for line in f:
            if line.startswith("p "):
                _, _, n, m = line.split()
                return int(n), int(m)
    raise SystemExit("graphs: no problem line in %s.gr" % prefix)


def expected_costs(prefix):
    rows = []
    with open(prefix + ".costs") as f:
        for line in f:
            if line.startswith("c") or not line.strip():
                continue
            s, t, c = line.split()
            rows.append((int(s), int(t), int(c)))
    return rows


def run(cmd, out_path):
    """Runs cmd once, its standard output into out_path; returns
    (exit code, wall seconds, peak resident KB, standard error text)."""
    err_path = out_path + ".err"
    with open(out_path, "w") as out, open(err_path, "w") as err:
        t = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, cwd=ROOT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
    with open(err_path) as f:
        return proc.returncode, wall, usage.ru_maxrss, f.read()


def boost_costs(path):
    rows = []
    with open(path) as f:
        for line in f:
            s, t, c = line.split()
            rows.append((int(s), int(t), int(c)))
    return rows


def astar_costs(path):
    """The costs in astar's JSON output, in order: JSON lines, or one
    document holding a list (bare or under "results"/"queries")."""
    text = open(path).read()
    try:
        doc = json.loads(text)
        items = doc if isinstance(doc, list) else doc.get("results", doc.get("queries", [doc]))
    except json.JSONDecodeError:
        items = [json.loads(line) for line in text.splitlines() if line.strip()]
    return items


def check_astar(items, want):
    """Each JSON object must answer its query (start and goal, where it
    names them) with the reference cost."""
    for it, (s, t, _) in zip(items, want):
        if (it.get("start", s), it.get("goal", t)) != (s, t):
            raise SystemExit("graphs: astar answered %s -> %s where the query is %d -> %d"
                             % (it.get("start"), it.get("goal"), s, t))
    compare("astar", [it.get("cost") if it.get("found", True) else None for it in items], want)


def compare(name, got, want):
    """Fails the bench unless got (costs, in query order) equals want."""
    if len(got) != len(want):
        raise SystemExit("graphs: %s answered %d queries, expected %d" % (name, len(got), len(want)))
    bad = [(w, g) for w, g in zip(want, got) if g is None or float(g) != float(w[2])]
    if bad:
        w, g = bad[0]
        raise SystemExit("graphs: %s: %d of %d costs differ, first: q %d %d cost %s, expected %d"
                         % (name, len(bad), len(want), w[0], w[1], g, w[2]))
    log("check: %s: %d costs equal the reference Dijkstra's" % (name, len(want)))


def spread(values, fmt):
    return "%s (%s..%s)" % (fmt % statistics.median(values), fmt % min(values), fmt % max(values))


def main():
    os.makedirs(OUT, exist_ok=True)
    prefix = generate()
    n, m = graph_size(prefix)
    want = expected_costs(prefix)
    files = [prefix + ext for ext in (".gr", ".co", ".p2p")]
    log("graph: %s.gr, %d nodes, %d arcs, %d queries" % (os.path.relpath(prefix, ROOT), n, m,
                                                          len(want)))
    commands = {}
    boost = os.path.join(OUT, "boost_graph")
    if not os.path.exists(BOOST_HEADER) or not shutil.which("g++"):
        log("boost: libboost-graph-dev or g++ missing (Debian: apt-get install g++ "
            "libboost-graph-dev): Boost side skipped")
    else:
        build(os.path.join(ROOT, "bench", "boost_graph.cpp"), boost,
              ["g++", "-O2", "-o", boost, "bench/boost_graph.cpp"])
        commands["boost-astar"] = [boost, "astar"] + files
        commands["boost-dijkstra"] = [boost, "dijkstra"] + files
    astar_cmd = [ASTAR, "--jobs=1", "--json", "--no-path", "--no-timing",
                 prefix + ".p2p"]
    if not os.access(ASTAR, os.X_OK):
        rc, err = 127, "%s: not built" % ASTAR
    else:
        rc, _, _, err = run(astar_cmd, os.path.join(OUT, "graphs-astar.out"))
    if rc != 0:
        log("astar: no DIMACS support in this build (%s)" % (err.strip().splitlines() or ["?"])[0])
    else:
        check_astar(astar_costs(os.path.join(OUT, "graphs-astar.out")), want)
        commands = {"astar": astar_cmd, **commands}
    for name in ("boost-astar", "boost-dijkstra"):
        if name in commands:
            out = os.path.join(OUT, "graphs-%s.out" % name)
            rc, _, _, err = run(commands[name], out)
            if rc != 0:
                raise SystemExit("graphs: %s failed: %s" % (name, err.strip()))
            rows = boost_costs(out)
            if [r[:2] for r in rows] != [w[:2] for w in want]:
                raise SystemExit("graphs: %s answered other queries than %s.p2p" % (name, prefix))
            compare(name, [c for _, _, c in rows], want)
    if not commands:
        return 0
    for name, cmd in commands.items():
        log("command %s: %s" % (name, " ".join(os.path.relpath(a, ROOT) if a.startswith(ROOT)
                                                 else a for a in cmd)))
    walls = {k: [] for k in commands}
    peaks = {k: [] for k in commands}
    ratios = {k: [] for k in commands}
    for r in range(RUNS):
        for name, cmd in commands.items():
            rc, wall, peak, err = run(cmd, os.path.join(OUT, "graphs-%s.out" % name))
            if rc != 0:
                raise SystemExit("graphs: %s failed: %s" % (name, err.strip()))
            walls[name].append(wall)
            peaks[name].append(peak * 1024)
        if "boost-astar" in commands:
            for name in commands:
                ratios[name].append(walls[name][-1] / walls["boost-astar"][-1])
    _, _, floor, _ = run(["true"], os.path.join(OUT, "graphs-floor.out"))
    log("\nroads-%d: %d nodes, %d arcs, %d queries; whole process (load + queries), "
        "%d rounds, median (min..max)" % (NODES, n, m, len(want), RUNS))
    log("%-15s %-24s %-22s %-9s %-9s %s" % ("command", "wall s", "peak MB", "B/node", "B/arc",
                                             "wall / Boost A*"))
    results = {"nodes": n, "arcs": m, "queries": len(want), "runs": RUNS, "commands": {}}
    for name in commands:
        peak = statistics.median(peaks[name])
        ratio = spread(ratios[name], "%.2f") if ratios[name] else "-"
        log("%-15s %-24s %-22s %-9.0f %-9.1f %s" % (
            name, spread(walls[name], "%.2f"), spread([p / 1e6 for p in peaks[name]], "%.0f"),
            peak / n, peak / m, ratio))
        results["commands"][name] = {
            "command": commands[name], "wall_s": walls[name], "peak_bytes": peaks[name],
            "bytes_per_node": peak / n, "bytes_per_arc": peak / m,
            "ratio_to_boost_astar": ratios[name]}
    log("(peak memory reads no lower than %.0f MB here: the floor of a process this script "
        "starts)" % (floor * 1024 / 1e6))
    results["peak_floor_bytes"] = floor * 1024
    with open(os.path.join(OUT, "graphs.json"), "w") as f:
        json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
