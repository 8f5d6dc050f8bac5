#!/usr/bin/env python3
"""tests/fuzz/make_seeds.py - writes the seed corpora in tests/fuzz/corpus/.

Run from the top of the tree (python3 tests/fuzz/make_seeds.py) to
regenerate them; it rewrites corpus/<target>/ from scratch.  The map
targets' inputs start with option bytes (see fz_decode_options in
fuzz_common.h): b0 = diagonal | heuristic << 2 | algorithm << 5 |
weight2 << 7, b1 = adjacent | closest << 1 | explored << 2 |
max_cells_choice << 3 | scale << 5 (fuzz_ascii's blown-up copy) |
jps << 7; fuzz_movingai adds two big-endian 16-bit numbers
choosing the start and the goal among the open cells.

Sources: the small maps of maps/ and tests/golden/json/*/map.json of this
repository, and the first lines of the Moving AI Lab's 32x32 maps and
scenario files in shared/benchmarks/movingai/mapf (ODC-BY; N. Sturtevant,
"Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012).
"""
import glob
import os
import shutil
import struct

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(TOP, "tests", "fuzz", "corpus")
MAPF = os.path.join(os.path.dirname(TOP), "shared", "benchmarks", "movingai", "mapf")

NEVER, ALWAYS, ONE, NOOBS = range(4)
H_DEFAULT, H_MANHATTAN, H_EUCLIDEAN, H_OCTILE, H_CHEBYSHEV, H_ZERO = range(6)
ASTAR, DIJKSTRA, BFS, GREEDY = range(4)


def opts(diag=NEVER, h=H_DEFAULT, algo=ASTAR, weight2=False, adjacent=False,
         closest=False, explored=False, cells=0, scale=0, jps=False):
    b0 = diag | h << 2 | algo << 5 | (0x80 if weight2 else 0)
    b1 = (1 if adjacent else 0) | (2 if closest else 0) | (4 if explored else 0) | cells << 3 | scale << 5 | (0x80 if jps else 0)
    return bytes([b0, b1])


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def maps(name):
    return read(os.path.join(TOP, "maps", name))


def head_lines(path, n):
    return b"".join(read(path).splitlines(keepends=True)[:n])


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)

    # ---- fuzz_ascii
    A = "fuzz_ascii"
    if os.path.exists(os.path.join(TOP, "maps", "door.txt")):
        write(A, "door-4conn", opts() + maps("door.txt"))
        write(A, "maze-noobs-octile-explored",
              opts(NOOBS, H_OCTILE, explored=True) + maps("maze.txt"))
        write(A, "swamp-dijkstra-always", opts(ALWAYS, algo=DIJKSTRA) + maps("swamp.txt"))
        write(A, "unreachable-closest", opts(ONE, closest=True) + maps("unreachable.txt"))
        write(A, "open-bfs-adjacent", opts(ALWAYS, algo=BFS, adjacent=True) + maps("open.txt"))
        write(A, "door-scaled-12-dijkstra", opts(ALWAYS, algo=DIJKSTRA, scale=2) + maps("door.txt"))
        write(A, "swamp-scaled-4-closest", opts(closest=True, scale=1) + maps("swamp.txt"))
        write(A, "dungeon-greedy-w2", opts(ONE, H_EUCLIDEAN, GREEDY, True) + maps("dungeon.txt"))
    write(A, "small-astar-w2-chebyshev", opts(ALWAYS, H_CHEBYSHEV, weight2=True) +
          b"S.#..\n.1#2.\n.9..G\n")
    write(A, "bom-crlf-trailing", opts(NOOBS) + b"\xef\xbb\xbfS..\r\n.#.\r\n..G\r\n\r\n\n")
    write(A, "no-markers-no-newline", opts(NEVER, H_ZERO) + b"...\n.#.\n...")
    write(A, "goal-on-wall-adjacent-closest",
          opts(ALWAYS, adjacent=True, closest=True) + b"S..\n.##\n.#.\n")
    write(A, "one-cell", opts() + b"S")
    write(A, "jps-8conn-adjacent", opts(NOOBS, jps=True, adjacent=True) +
          b"S...#....\n.##.#.##.\n....#...G\n..#......\n")
    write(A, "jps-refused-terrain", opts(NEVER, jps=True) + b"S.2\n.#.\n..G\n")
    write(A, "too-many-cells", opts(cells=1) + b".....\n.....\n.....\n.....\n")
    write(A, "err-ragged", opts() + b"S..\n..\n..G\n")
    write(A, "err-unknown-char", opts() + b"S.x\n..G\n")
    write(A, "err-two-starts", opts() + b"S.S\n..G\n")
    write(A, "err-empty-row-middle", opts() + b"S..\n\n..G\n")
    write(A, "err-empty", opts() + b"\n\n")

    # ---- fuzz_json
    J = "fuzz_json"
    write(J, "arena", opts(ALWAYS) + maps("arena.json"))
    write(J, "level-check-queries", opts(explored=True) + maps("level-check.json"))
    write(J, "level-check-queries-noobs-closest",
          opts(NOOBS, H_EUCLIDEAN, closest=True) + maps("level-check.json"))
    write(J, "cells-weighted", opts(ONE, algo=DIJKSTRA) + read(
        os.path.join(TOP, "tests", "golden", "json", "cells", "map.json")))
    write(J, "bom-legend-blocked", opts(NEVER, algo=BFS, adjacent=True) +
          b'\xef\xbb\xbf {"width":3,"height":2,"legend":{"x":"blocked","~":200},'
          b'"rows":["S~x","..G"],"queries":[{"start":[0,1],"goal":[2,0],'
          b'"expect":{"reachable":false,"steps":0,"max_cost":1.5}}]}')
    write(J, "level-rules", opts(NOOBS) + maps("level-rules.json"))
    # The JSON error cases' maps, each seed named json-CASE.
    for d in sorted(glob.glob(os.path.join(TOP, "tests", "golden", "json", "err-*"))):
        p = os.path.join(d, "map.json")
        if os.path.exists(p):
            write(J, "json-" + os.path.basename(d), opts() + read(p))

    # ---- fuzz_movingai
    M = "fuzz_movingai"
    se = struct.pack(">HH", 0, 600)
    for name, o in (("maze-32-32-2.map", opts(NOOBS)),
                    ("random-32-32-20.map", opts(NOOBS, H_OCTILE, explored=True)),
                    ("room-32-32-4.map", opts(ALWAYS, algo=DIJKSTRA, closest=True)),
                    ("room-32-32-4.map", opts(NOOBS, jps=True, explored=True)),
                    ("maze-32-32-2.map", opts(NEVER, jps=True, closest=True))):
        p = os.path.join(MAPF, name)
        if os.path.exists(p):
            write(M, name + ("-jps" if o[1] & 0x80 else ""), o + se + read(p))
    small = b"type octile\nheight 3\nwidth 4\nmap\n.GS.\n.@T.\n.WO.\n"
    write(M, "small", opts(ONE) + struct.pack(">HH", 0, 5) + small)
    write(M, "small-bom-crlf-width-first", opts(ALWAYS, algo=BFS) + struct.pack(">HH", 1, 3) +
          b"\xef\xbb\xbftype octile\r\nwidth 2\r\nheight 2\r\nmap\r\n..\r\n.@\r\n\r\n")
    write(M, "err-short", opts() + se + b"type octile\nheight 3\nwidth 2\nmap\n..\n..\n")
    write(M, "err-header", opts() + se + b"type octile\nheight x\nwidth 2\nmap\n")
    write(M, "err-huge", opts() + se + b"type octile\nheight 1000000\nwidth 1000000\nmap\n")
    write(M, "err-extra-row", opts() + se + b"type octile\nheight 1\nwidth 2\nmap\n..\n..\n")

    # ---- fuzz_scen
    S = "fuzz_scen"
    for name in ("maze-32-32-2-random-1.scen", "random-32-32-20-random-1.scen",
                 "room-32-32-4-random-1.scen"):
        p = os.path.join(MAPF, name)
        if os.path.exists(p):
            write(S, name, head_lines(p, 6))
    write(S, "bom-crlf-v10-blank", b"\xef\xbb\xbfversion 1.0\r\n0 a.map 4 4 0 0 3 3 4.24264069\r\n  \t\r\n"
          b"1 b.map 1 1 0 0 0 0 0\r\n")
    write(S, "bad-lines", b"version 1\n0\tm.map\t4\t4\t0\t0\t3\t3\n0 m.map 4 4 x 0 3 3 1\n"
          b"0 m.map 4 4 0 0 3 3 -1\n0 m.map 4 4 0 0 3 3 1e999\n0 m.map 4 4 0 0 3 3 1 extra\n"
          b"0 m.map 4 4 0 0 3 3 2e1\n")
    write(S, "err-no-version", b"version 2\n0 m.map 4 4 0 0 3 3 1\n")
    write(S, "err-empty", b"")

    # ---- fuzz_args
    G = "fuzz_args"
    write(G, "points", b"3,4\x001000000,0\x00-1,2\x0012,\x001,2,3")
    write(G, "numbers", b"1.5\x001\x00inf\x00nan\x000.5\x001e308\x00 2\x00")
    write(G, "counts", b"1024\x001025\x000\x00007\x00")
    write(G, "shards", b"1/1\x003/2\x0010/1000000\x00/\x001/\x00")
    write(G, "names", b"never\x00always\x00at-most-one-obstacle\x00no-obstacles\x00octile\x00"
          b"default\x00dijkstra\x00greedy")
    write(G, "cells", b"4294967294\x004294967295\x00100000000")


if __name__ == "__main__":
    main()
