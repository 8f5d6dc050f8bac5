#!/usr/bin/env python3
"""bench/gen.py - the generated benchmark sets of many queries on one map,
written into bench/data/ (gitignored; `make bench-data`, which `make bench`
runs first).  Deterministic: the same seeds give the same bytes.

Sets (each a map and a Moving AI scenario file beside it):
  maze512-32-K    512x512 mazes of corridors 32 cells wide and walls 1
                  wide (like the Moving AI maze512-32-* maps), a perfect
                  maze carved by a seeded depth-first search; 6000 queries.
  *-terrain       terrain variants of shared Moving AI maps (Dragon Age
                  arena2, den011d, brc202d; 8room_000 and random512-10-0,
                  both 512x512): every open cell gets a cost 1..9 from
                  smooth value noise (patches about 32 cells across),
                  written as an ASCII map ('#' wall, digits the cost);
                  1000 queries.
  always/NAME.map
                  shared Moving AI files (arena2, den011d, brc202d,
                  8room_000, maze512-1-0) with their queries' lengths
                  under --diagonal=always (corners cut), from our
                  Dijkstra, so that timed runs under that policy can be
                  --check runs; the map is a link to the shared one.
  random2048-10/-20, random4096-10/-20
                  random obstacles (10% and 20%), a few hundred long
                  queries (start and goal at least 0.6 of the side apart
                  in each axis).

Optimal lengths come from our own exact searches, run on two threads:
Dijkstra on the mazes, the terrain maps and the always/ files, A* (exact, and checked the same
way) on the large random maps, where Dijkstra would take minutes.  Queries
with no path are dropped.  bench/refcheck.c then checks a sample of every
file (the always/ files under that policy) against the independent
reference Dijkstra of tests/unit/reference.c (`make bench-data` fails if
one differs).

The shared maps are N. Sturtevant's Moving AI benchmarks ("Benchmarks for
Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012, Moving AI Lab, ODC-BY);
see ../shared/benchmarks/movingai/README.md.

Usage: bench/gen.py [OUTDIR]   (default bench/data)
Environment: GEN_QUICK=1 makes every set ten times smaller (for tests).
"""
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASTAR = os.path.join(ROOT, "astar")
SHARED = os.path.join(ROOT, "..", "shared", "benchmarks", "movingai")
QUICK = os.environ.get("GEN_QUICK", "0") == "1"


def scaled(n):
    return max(20, n // 10) if QUICK else n


def write_movingai(path, rows):
    with open(path, "w") as f:
        f.write("type octile\nheight %d\nwidth %d\nmap\n" % (len(rows), len(rows[0])))
        for r in rows:
            f.write("".join(r) + "\n")


def read_movingai(path):
    with open(path, encoding="latin-1") as f:
        lines = f.read().split("\n")
    h = int(lines[1].split()[1])
    return [lines[4 + y] for y in range(h)]


def maze(seed, size=512, corridor=32, wall=1):
    """A perfect maze: rooms of corridor x corridor cells, walls of `wall`."""
    rnd = random.Random(seed)
    step = corridor + wall
    n = (size - wall) // step
    g = [["@"] * size for _ in range(size)]

    def carve(x0, y0, w, h):
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                g[y][x] = "."

    seen = [[False] * n for _ in range(n)]
    stack = [(rnd.randrange(n), rnd.randrange(n))]
    seen[stack[0][1]][stack[0][0]] = True
    carve(wall + stack[0][0] * step, wall + stack[0][1] * step, corridor, corridor)
    while stack:
        cx, cy = stack[-1]
        nb = [(cx + dx, cy + dy, dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
              if 0 <= cx + dx < n and 0 <= cy + dy < n and not seen[cy + dy][cx + dx]]
        if not nb:
            stack.pop()
            continue
        nx, ny, dx, dy = nb[rnd.randrange(len(nb))]
        seen[ny][nx] = True
        carve(wall + nx * step, wall + ny * step, corridor, corridor)
        # the wall between the two rooms
        if dx:
            carve(wall + max(cx, nx) * step - wall, wall + cy * step, wall, corridor)
        else:
            carve(wall + cx * step, wall + max(cy, ny) * step - wall, corridor, wall)
        stack.append((nx, ny))
    return ["".join(r) for r in g]


def noise(rnd, w, h, cell=32):
    """Smooth value noise in [0, 1): random values on a coarse lattice,
    interpolated bilinearly with a smoothstep."""
    gw, gh = w // cell + 2, h // cell + 2
    lat = [[rnd.random() for _ in range(gw)] for _ in range(gh)]
    out = []
    for y in range(h):
        fy, ty = divmod(y / cell, 1)
        iy = int(fy)
        sy = ty * ty * (3 - 2 * ty)
        row = []
        for x in range(w):
            fx, tx = divmod(x / cell, 1)
            ix = int(fx)
            sx = tx * tx * (3 - 2 * tx)
            a = lat[iy][ix] + (lat[iy][ix + 1] - lat[iy][ix]) * sx
            b = lat[iy + 1][ix] + (lat[iy + 1][ix + 1] - lat[iy + 1][ix]) * sx
            row.append(a + (b - a) * sy)
        out.append(row)
    return out


def terrain(rows, seed):
    """ASCII rows: '#' where the Moving AI map is not passable, else 1..9."""
    rnd = random.Random(seed)
    h, w = len(rows), len(rows[0])
    nz = noise(rnd, w, h)
    out = []
    for y in range(h):
        out.append("".join(
            str(1 + min(8, int(nz[y][x] * 9))) if rows[y][x] in ".GS" else "#"
            for x in range(w)))
    return out


def random_map(seed, size, pct):
    rnd = random.Random(seed)
    return ["".join("@" if rnd.random() * 100 < pct else "." for _ in range(size))
            for _ in range(size)]


def open_cells(rows):
    return [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c not in "@#OTW"]


def random_pairs(rows, n, seed, far=0.0):
    rnd = random.Random(seed)
    cells = open_cells(rows)
    h, w = len(rows), len(rows[0])
    out = []
    while len(out) < n:
        s = cells[rnd.randrange(len(cells))]
        g = cells[rnd.randrange(len(cells))]
        if s == g:
            continue
        if far and (abs(s[0] - g[0]) < far * w or abs(s[1] - g[1]) < far * h):
            continue
        out.append((s, g))
    return out


def solve(mapname, outdir, w, h, pairs, algo):
    """Optimal costs of pairs from our own exact search (None: no path)."""
    scen = os.path.join(outdir, mapname + ".tmp.scen")
    with open(scen, "w") as f:
        f.write("version 1\n")
        for (s, g) in pairs:
            f.write("0\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t0\n" % (mapname, w, h, s[0], s[1], g[0], g[1]))
    p = subprocess.run([ASTAR, "-J2", "--json", "--no-timing", "--algorithm=" + algo, scen],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.unlink(scen)
    costs = {}
    for line in p.stdout.decode().splitlines():
        o = json.loads(line)
        costs[o["line"]] = o["cost"] if o.get("reached_goal") else None
    if len(costs) != len(pairs):
        raise SystemExit("gen: %s: %d of %d queries answered\n%s" %
                         (mapname, len(costs), len(pairs), p.stderr.decode()))
    return [costs[i + 2] for i in range(len(pairs))]


def write_set(outdir, mapname, rows, pairs, algo, write_map):
    path = os.path.join(outdir, mapname)
    write_map(path, rows)
    h, w = len(rows), len(rows[0])
    costs = solve(mapname, outdir, w, h, pairs, algo)
    kept = sorted(((c, s, g) for (s, g), c in zip(pairs, costs) if c is not None),
                  key=lambda t: t[0])
    with open(path + ".scen", "w") as f:
        f.write("version 1\n")
        for c, s, g in kept:
            f.write("%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n" %
                    (int(c // 4), mapname, w, h, s[0], s[1], g[0], g[1], c))
    print("gen: %s: %dx%d, %d queries" % (mapname, w, h, len(kept)), flush=True)


def always_set(outdir, name):
    """A shared Moving AI file's queries with their lengths under the
    always policy (bench/RESULTS.md times landmarks under it)."""
    d = os.path.join(outdir, "always")
    os.makedirs(d, exist_ok=True)
    base = os.path.basename(name) + ".map"
    if not os.path.lexists(os.path.join(d, base)):
        os.symlink(os.path.join(SHARED, name + ".map"), os.path.join(d, base))
    src = os.path.join(SHARED, name + ".map.scen")
    p = subprocess.run([ASTAR, "-J2", "--json", "--no-timing", "--diagonal=always",
                        "--algorithm=dijkstra", src], stdout=subprocess.PIPE, check=True)
    cost = {}
    for line in p.stdout.decode().splitlines():
        o = json.loads(line)
        cost[o["line"]] = o["cost"]
    out = ["version 1"]
    with open(src) as f:
        for n, line in enumerate(f.read().split("\n"), 1):
            if n > 1 and line.strip():
                fields = line.split("\t")
                fields[8] = "%.8f" % cost[n]
                out.append("\t".join(fields))
    with open(os.path.join(d, base + ".scen"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("gen: always/%s: %d queries" % (base, len(out) - 1), flush=True)


def refcheck(outdir, sets):
    """Builds bench/refcheck.c and checks a sample of every set."""
    exe = os.path.join(outdir, "refcheck")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-std=c11", "-O2", "-I" + os.path.join(ROOT, "include"), "-o", exe,
                    os.path.join(ROOT, "bench", "refcheck.c"),
                    os.path.join(ROOT, "tests", "unit", "reference.c"), "-lm"], check=True)
    bad = 0
    for name, samples, *policy in sets:
        path = os.path.join(outdir, name)
        bad |= subprocess.run([exe, path, path + ".scen", str(samples)] +
                              policy).returncode != 0
    if bad:
        raise SystemExit("gen: an optimal length differs from the reference Dijkstra")


def write_ascii(path, rows):
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "bench", "data")
    os.makedirs(outdir, exist_ok=True)
    sets = []
    for k in range(3):
        rows = maze(3200 + k)
        write_set(outdir, "maze512-32-%d.map" % k, rows,
                  random_pairs(rows, scaled(6000), 100 + k), "dijkstra", write_movingai)
        sets.append(("maze512-32-%d.map" % k, 40))
    for k, name in enumerate(("dao/arena2", "dao/den011d", "dao/brc202d",
                              "rooms/8room_000", "random/random512-10-0")):
        base = read_movingai(os.path.join(SHARED, name + ".map"))
        rows = terrain(base, 900 + k)
        write_set(outdir, os.path.basename(name) + "-terrain.txt", rows,
                  random_pairs(rows, scaled(1000), 200 + k), "dijkstra", write_ascii)
        sets.append((os.path.basename(name) + "-terrain.txt", 40))
    for size, pct, n in ((2048, 10, 300), (2048, 20, 300), (4096, 10, 150), (4096, 20, 150)):
        rows = random_map(size * 100 + pct, size, pct)
        write_set(outdir, "random%d-%d.map" % (size, pct), rows,
                  random_pairs(rows, scaled(n), size + pct, far=0.6), "astar", write_movingai)
        sets.append(("random%d-%d.map" % (size, pct), 3))
    for name in ("dao/arena2", "dao/den011d", "dao/brc202d", "rooms/8room_000",
                 "mazes/maze512-1-0"):
        always_set(outdir, name)
        sets.append(("always/" + os.path.basename(name) + ".map", 20, "always"))
    refcheck(outdir, sets)


if __name__ == "__main__":
    main()
