#!/usr/bin/env python3
"""bench/editors.py - the load time of editors' files against jansson's own
parse of them: `make bench` runs it after hostile.py and prints, per file, its
size, jansson's parse (json_loadb, bench/jsonparse.c), the free of what it made
(json_decref), astar's load of the level (time_us.load of its JSON output) and
the ratio of that load to the parse alone.  About 1 means loading costs what
parsing does; each figure is the fastest of BENCH_EDITOR_RUNS runs.

The files: a generated LDtk project of about 300 KB (3 levels of 48x32 cells
with entities and auto-layer tiles, as the editor writes them), always; and the
sample levels of ../shared/levels (or $LEVELS) when they are there.

Environment: ASTAR (default ./astar), CC (default cc), LEVELS,
BENCH_EDITOR_RUNS (default 5).
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASTAR = os.environ.get("ASTAR", os.path.join(ROOT, "astar"))
RUNS = int(os.environ.get("BENCH_EDITOR_RUNS", "5"))
LEVELS = os.environ.get("LEVELS", os.path.join(ROOT, "..", "shared", "levels"))

# The samples and a query each can run (their README gives the points).
SAMPLES = [
    ("ldtk/Typical_TopDown_example.ldtk",
     ["--level", "World_Level_0", "-s", "@Player", "-g", "@Item#1"]),
    ("ldtk/Typical_2D_platformer_example.ldtk",
     ["--level", "0", "--solid", "dirt,stone", "-s", "@Player", "-g", "@Chest"]),
    ("tiled/phaser-3-tilemap-blog-posts/post-2/platformer.json",
     ["--layer", "Ground", "--solid", "collides", "-s", "@Spawn Point",
      "-g", "10,6"]),
    ("tiled/excalibur-tiled/formats/example-city.tmj",
     ["-s", "@Player", "-g", "@Camera"]),
]


def project(path):
    """A generated LDtk project like the editor's samples, about 300 KB."""
    rnd = random.Random(49)
    w, h, levels = 48, 32, []
    for k in range(3):
        grid = [1 if x in (0, w - 1) or y in (0, h - 1) or rnd.random() < 0.15
                else 0 for y in range(h) for x in range(w)]
        grid[w + 1] = grid[2 * w - 2] = 0
        tiles = [{"px": [16 * (i % w), 16 * (i // w)], "src": [16 * (i % 7), 0],
                  "f": 0, "t": i % 7, "d": [i], "a": 1}
                 for i in range(w * h) if grid[i]]
        ents = [{"__identifier": name, "__grid": [gx, gy], "__pivot": [0.5, 1],
                 "__tags": [], "__tile": None, "__smartColor": "#BE4A2F",
                 "iid": "%08x-0000-11ed-8430-%012x" % (k, i), "width": 16,
                 "height": 16, "defUid": 10 + i, "px": [16 * gx, 16 * gy],
                 "fieldInstances": []}
                for i, (name, gx, gy) in enumerate(
                    [("Player", 1, 1), ("Exit", w - 2, 1)])]
        layers = [
            {"__identifier": "Entities", "__type": "Entities", "__cWid": w,
             "__cHei": h, "__gridSize": 16, "layerDefUid": 2,
             "entityInstances": ents, "intGridCsv": [], "autoLayerTiles": [],
             "gridTiles": []},
            {"__identifier": "Collisions", "__type": "IntGrid", "__cWid": w,
             "__cHei": h, "__gridSize": 16, "layerDefUid": 1,
             "intGridCsv": grid, "autoLayerTiles": tiles,
             "entityInstances": [], "gridTiles": []}]
        levels.append({"identifier": "Level_%d" % k, "iid": "level-%d" % k,
                       "uid": k, "worldX": 0, "worldY": 0, "pxWid": 16 * w,
                       "pxHei": 16 * h, "layerInstances": layers,
                       "fieldInstances": [], "__neighbours": []})
    doc = {"__header__": {"fileType": "LDtk Project JSON", "app": "LDtk"},
           "jsonVersion": "1.5.3", "defs": {"layers": [
               {"identifier": "Collisions", "type": "IntGrid", "uid": 1,
                "intGridValues": [{"value": 1, "identifier": "walls"}]}]},
           "levels": levels}
    with open(path, "w") as f:
        json.dump(doc, f, indent="\t")
    return ["--level", "0", "-s", "@Player", "-g", "@Exit"]


def load_us(args):
    best = None
    for _ in range(RUNS):
        p = subprocess.run([ASTAR, "-j", "--no-path", "-J1"] + args,
                           capture_output=True, text=True)
        m = re.search(r'"load":([0-9.]+)', p.stdout)
        if m is None:
            raise SystemExit("bench: astar %s: %s" % (" ".join(args),
                                                      p.stderr.strip()))
        best = float(m.group(1)) if best is None else min(best, float(m.group(1)))
    return best


def main():
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "jsonparse")
        cc = os.environ.get("CC", "cc")
        subprocess.run([cc, "-O2", "-o", probe,
                        os.path.join(ROOT, "bench", "jsonparse.c"), "-ljansson"],
                       check=True)
        files = [(os.path.join(tmp, "generated.ldtk"), None)]
        files[0] = (files[0][0], project(files[0][0]))
        for rel, args in SAMPLES:
            path = os.path.join(LEVELS, rel)
            if os.path.exists(path):
                files.append((path, args))
        print("editors' files: jansson's parse and free, astar's load (fastest of %d)"
              % RUNS)
        print("%-40s %8s %10s %10s %10s %6s" % ("file", "KB", "parse ms",
                                                "free ms", "load ms", "ratio"))
        for path, args in files:
            out = subprocess.run([probe, path, str(RUNS)], capture_output=True,
                                 text=True, check=True).stdout.split()
            parse, free = float(out[0]), float(out[1])
            load = load_us(args + [path])
            print("%-40s %8.0f %10.2f %10.2f %10.2f %6.2f" % (
                os.path.basename(path), os.path.getsize(path) / 1024,
                parse / 1000, free / 1000, load / 1000, load / parse))
    return 0


if __name__ == "__main__":
    sys.exit(main())
