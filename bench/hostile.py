#!/usr/bin/env python3
"""bench/hostile.py - the readers' adversarial inputs, scaled by 10: `make bench`
runs it after bench.py and prints, per input, astar's wall time at a size N and
at 10 N and their ratio.  About 10 means time linear in the input (n log n
reads a little over); 100 would be quadratic.  It asserts nothing: the suite
tests/suite-limits.sh runs the large inputs under a timeout that only catches
a hang.

The inputs, each a small file as a stranger could send one:
  ldtk-entities   an LDtk level with N entities of one kind (@Coin#1..#N)
  tiled-polygon   a 1000x1000 Tiled map blocked by one polygon of N corners
                  (a star whose points reach across most rows)
  tiled-chunks    an infinite Tiled map of N 16x16 chunks side by side
  tiled-chunk-rows  an infinite Tiled map of N chunks of 1024x1 cells, one
                  under the other (each widens the layer's box)
  tiled-tiles     a 1000x1000 Tiled map walled by a tile property, whose
                  tileset lists N tiles (the map's last) and gives one tile
                  N properties (a fixed map: at most 10 means linear)
  tmx-nesting     a .tmx map whose <map> holds elements nested N deep
  json-nesting    a JSON level whose "points" holds arrays nested N deep

Usage:
  python3 bench/hostile.py                  the table
  python3 bench/hostile.py write KIND N DIR writes KIND's input of size N in
                                            DIR, prints astar's arguments
Environment: ASTAR (default ./astar), HOSTILE_RUNS (runs a size, the
fastest kept; default 3).
"""
import base64
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib


def ldtk_entities(n, d):
    w = h = 64
    coins = [{"__identifier": "Coin", "__grid": [i % w, (i // w) % h],
              "iid": "coin-%d" % i, "fieldInstances": []} for i in range(n)]
    level = {"identifier": "Hoard", "layerInstances": [
        {"__identifier": "Collision", "__type": "IntGrid", "__cWid": w,
         "__cHei": h, "intGridCsv": [0] * (w * h), "entityInstances": []},
        {"__identifier": "Entities", "__type": "Entities", "__cWid": w,
         "__cHei": h, "entityInstances": coins}]}
    path = os.path.join(d, "hoard.ldtk")
    with open(path, "w") as f:
        json.dump({"jsonVersion": "1.5.3", "defs": {"layers": []},
                   "levels": [level]}, f, separators=(",", ":"))
    return ["-s", "@Coin#1", "-g", "@Coin#%d" % n, path]


def tiled_map(layers, w, h, infinite=False):
    return {"type": "map", "tiledversion": "1.10", "orientation": "orthogonal",
            "width": w, "height": h, "tilewidth": 16, "tileheight": 16,
            "infinite": infinite, "tilesets": [
                {"firstgid": 1, "name": "t", "tilewidth": 16,
                 "tileheight": 16, "tilecount": 1, "columns": 1}],
            "layers": layers}


def star(n, cx, cy, r_out, r_in):
    """n corners (n even) alternating between two radii."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        r = r_out if i % 2 == 0 else r_in
        pts.append({"x": round(r * math.cos(a), 3),
                    "y": round(r * math.sin(a), 3)})
    return [{"id": 1, "x": cx, "y": cy, "polygon": pts}]


def tiled_polygon(n, d):
    side = 1000
    c = side * 16 / 2
    objs = star(n - n % 2, c, c, c * 0.98, c * 0.2)
    m = tiled_map([{"type": "objectgroup", "name": "collision",
                    "objects": objs}], side, side)
    path = os.path.join(d, "star.tmj")
    with open(path, "w") as f:
        json.dump(m, f, separators=(",", ":"))
    return ["--no-path", "-s", "0,0", "-g", "999,0", path]


def tiled_chunks(n, d):
    per_row = max(1, int(math.sqrt(n)))
    chunks = []
    for k in range(n):
        data = [0] * 256
        data[0] = data[1 + (k * 7) % 254] = 1
        chunks.append({"x": 16 * (k % per_row), "y": 16 * (k // per_row),
                       "width": 16, "height": 16, "data": data})
    layer = {"type": "tilelayer", "name": "walls", "chunks": chunks,
             "startx": 0, "starty": 0, "width": 16, "height": 16}
    path = os.path.join(d, "chunks.tmj")
    with open(path, "w") as f:
        json.dump(tiled_map([layer], 16, 16, True), f, separators=(",", ":"))
    return ["--no-path", "-s", "15,15", "-g", "15,15", path]


def tiled_chunk_rows(n, d):
    w = 1024
    row = struct.pack("<%dI" % w, *([1] + [0] * (w - 2) + [1]))
    data = base64.b64encode(zlib.compress(row)).decode()
    chunks = [{"x": 0, "y": k, "width": w, "height": 1, "data": data}
              for k in range(n)]
    layer = {"type": "tilelayer", "name": "walls", "encoding": "base64",
             "compression": "zlib", "chunks": chunks, "startx": 0,
             "starty": 0, "width": w, "height": 1}
    path = os.path.join(d, "rows.tmj")
    with open(path, "w") as f:
        json.dump(tiled_map([layer], 1, 1, True), f, separators=(",", ":"))
    return ["--no-path", "-s", "1,0", "-g", "1,%d" % (n - 1), path]


def tiled_tiles(n, d):
    side = 1000
    tiles = [{"id": i, "properties": [
        {"name": "collides", "type": "bool", "value": i % 2 == 1}]}
        for i in range(n - 1, -1, -1)]
    tiles[-1]["properties"] = [{"name": "p%d" % k, "type": "string",
                                "value": ""} for k in range(n)]
    gids = [1 + i % 7 for i in range(side * side)]
    data = zlib.compress(struct.pack("<%dI" % len(gids), *gids))
    m = tiled_map([{"type": "tilelayer", "name": "ground", "width": side,
                    "height": side, "encoding": "base64",
                    "compression": "zlib",
                    "data": base64.b64encode(data).decode()}], side, side)
    m["tilesets"][0].update(tilecount=n, tiles=tiles)
    path = os.path.join(d, "tiles.tmj")
    with open(path, "w") as f:
        json.dump(m, f, separators=(",", ":"))
    return ["--no-path", "-s", "0,0", "-g", "0,0", path]


def tmx_nesting(n, d):
    path = os.path.join(d, "deep.tmx")
    with open(path, "w") as f:
        f.write('<?xml version="1.0"?>\n<map orientation="orthogonal" '
                'width="4" height="4" tilewidth="16" tileheight="16">\n'
                ' <tileset firstgid="1" name="t" tilewidth="16" '
                'tileheight="16" tilecount="1" columns="1"/>\n')
        f.write("<x>" * n + "</x>" * n)
        f.write('\n <layer name="walls" width="4" height="4"><data '
                'encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0</data>'
                '</layer>\n</map>\n')
    return ["-s", "0,0", "-g", "3,3", path]


def json_nesting(n, d):
    path = os.path.join(d, "deep.json")
    with open(path, "w") as f:
        f.write('{"width": 4, "height": 4, "rows": ["....", "....", '
                '"....", "...."], "points": ')
        f.write("[" * n + "]" * n + "}\n")
    return ["-s", "0,0", "-g", "3,3", path]


KINDS = {
    # kind: (writer, the size N of the table's first run)
    "ldtk-entities": (ldtk_entities, 5000),
    "tiled-polygon": (tiled_polygon, 20000),
    "tiled-chunks": (tiled_chunks, 1000),
    "tiled-chunk-rows": (tiled_chunk_rows, 2000),
    "tiled-tiles": (tiled_tiles, 2000),
    "tmx-nesting": (tmx_nesting, 200000),
    "json-nesting": (json_nesting, 200000),
}


def run(astar, args, runs):
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.run([astar, "--no-timing", "-q"] + args,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return best, p.returncode, p.stderr.decode(errors="replace").strip()


def table():
    astar = os.environ.get("ASTAR", "./astar")
    runs = int(os.environ.get("HOSTILE_RUNS", "3"))
    print("hostile inputs: time at N and at 10 N (about 10x: linear)")
    print("%-16s %8s %10s %9s %9s %7s  %s" %
          ("input", "N", "bytes@10N", "s@N", "s@10N", "ratio", "exit"))
    with tempfile.TemporaryDirectory() as d:
        for kind, (write, n) in KINDS.items():
            got = []
            for size in (n, 10 * n):
                sub = os.path.join(d, "%s-%d" % (kind, size))
                os.mkdir(sub)
                args = write(size, sub)
                got.append(run(astar, args, runs) + (
                    os.path.getsize(args[-1]),))
            (t1, _, _, _), (t2, rc, err, size) = got
            print("%-16s %8d %10d %9.3f %9.3f %6.1fx  %d%s" %
                  (kind, n, size, t1, t2, t2 / t1 if t1 > 0 else 0, rc,
                   " (%s)" % err[:60] if rc == 2 else ""))


def main(argv):
    if len(argv) == 5 and argv[1] == "write" and argv[2] in KINDS:
        print(" ".join(KINDS[argv[2]][0](int(argv[3]), argv[4])))
        return 0
    if len(argv) == 1:
        table()
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
