#!/bin/sh
# tests/suite-limits.sh - the readers' limits against hostile files.
# First a property: the cells a Tiled collision polygon blocks are those
# whose centre an even-odd test against every edge puts inside (a
# reference written here in python3, on random polygons: concave,
# crossing themselves, corners on cell centres and edges, off the map).
# Then one hang guard per reader: a large adversarial input of the kind
# bench/hostile.py scales (it writes them), run under `timeout 60`, which
# only catches a hang (time that grows faster than the input); it asserts
# no time.  Last line: "limits: N passed, M failed".
set -u
out=tests/out/limits
rm -rf "$out"
mkdir -p "$out"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
ASTAR=${ASTAR:-./astar}

# 1. Polygons against the reference, 20 files of 10 maps each.
for batch in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
	python3 - "$ASTAR" "$out" "$batch" <<'PY' && ok "polygons $batch" || fail "polygons $batch"
import json, os, random, subprocess, sys
astar, d, batch = sys.argv[1], sys.argv[2], int(sys.argv[3])

def inside(pts, px, py):
    # The even-odd rule, each centre against every edge, in the order
    # and arithmetic of the test the reader used before its scanline.
    c, j = False, len(pts) - 1
    for i in range(len(pts)):
        (xi, yi), (xj, yj) = pts[i], pts[j]
        if (yi > py) != (yj > py) and \
                px < (xj - xi) * (py - yi) / (yj - yi) + xi:
            c = not c
        j = i
    return c

bad = 0
for seed in range(10 * batch, 10 * batch + 10):
    r = random.Random(seed)
    W, H = r.randint(1, 30), r.randint(1, 30)
    tw, th = r.choice([1, 8, 16, 32]), r.choice([1, 8, 16, 32])
    objs, walls = [], [[False] * W for _ in range(H)]
    def coord(span, t):
        if r.random() < .3:  # on a centre line or a cell's edge
            return r.randint(-3, span) * t + r.choice([0, t / 2])
        return round(r.uniform(-span * t / 2, span * t * 1.2),
                     r.choice([0, 1, 3]))
    for k in range(r.randint(1, 4)):
        n = r.randint(3, 30)
        ox = r.randint(-2, W) * tw + r.choice([0, tw / 2, r.uniform(0, tw)])
        oy = r.randint(-2, H) * th + r.choice([0, th / 2, r.uniform(0, th)])
        rel = [(coord(W, tw), coord(H, th)) for _ in range(n)]
        if r.random() < .2:  # a corner twice, a level edge
            rel.insert(r.randint(0, n), rel[r.randint(0, n - 1)])
        pts = [(ox + x, oy + y) for x, y in rel]
        objs.append({"id": k + 1, "x": ox, "y": oy,
                     "polygon": [{"x": x, "y": y} for x, y in rel]})
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        for cy in range(H):
            for cx in range(W):
                px, py = (cx + 0.5) * tw, (cy + 0.5) * th
                if min(xs) <= px <= max(xs) and min(ys) <= py <= max(ys) \
                        and inside(pts, px, py):
                    walls[cy][cx] = True
    m = {"type": "map", "tiledversion": "1.10",
         "orientation": "orthogonal", "width": W, "height": H,
         "tilewidth": tw, "tileheight": th, "infinite": False,
         "tilesets": [], "layers": [{"type": "objectgroup",
                                     "name": "collision", "objects": objs}]}
    path = os.path.join(d, "polygon-%d.tmj" % seed)
    with open(path, "w") as f:
        json.dump(m, f)
    free = [(x, y) for y in range(H) for x in range(W) if not walls[y][x]]
    if not free:
        continue
    at = "%d,%d" % free[0]
    p = subprocess.run([astar, "--no-timing", "-s", at, "-g", at, path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    got = [[ch == "#" for ch in row] for row in p.stdout.split("\n")[:H]]
    if got != walls:
        bad += 1
        print("seed %d: %s differs from the reference %s" %
              (seed, path, p.stderr.strip()))
sys.exit(1 if bad else 0)
PY
done

# 2. Hang guards: KIND N STATUS (the exit status expected).
guard() {
	d=$out/$1
	mkdir -p "$d"
	if ! args=$(python3 bench/hostile.py write "$1" "$2" "$d"); then
		fail "$1: input not made"
		return
	fi
	# shellcheck disable=SC2086 # the arguments are words without spaces
	timeout 60 "$ASTAR" --no-timing -q $args >"$d/out" 2>"$d/err"
	s=$?
	if [ "$s" = 124 ]; then
		fail "$1 x$2: still running after 60 s"
	elif [ "$s" != "$3" ]; then
		fail "$1 x$2: exit $s, expected $3"
		head -n 3 "$d/err"
	else
		ok "$1 x$2"
	fi
}
guard ldtk-entities 20000 0
guard tiled-polygon 20000 0
guard tiled-chunks 4000 0
guard tiled-chunk-rows 20000 0
guard tiled-tiles 20000 0
guard tmx-nesting 1000000 2
guard json-nesting 1000000 2

# The readers of plain maps: an ASCII and a Moving AI map of 4 million
# cells, and a JSON level of many points and as many queries naming them.
python3 - "$out" <<'PY'
import json, os, sys
d = sys.argv[1]
row = "." * 2000
with open(os.path.join(d, "big.txt"), "w") as f:
    f.write("\n".join([row] * 2000) + "\n")
with open(os.path.join(d, "big.map"), "w") as f:
    f.write("type octile\nheight 2000\nwidth 2000\nmap\n")
    f.write("\n".join([row] * 2000) + "\n")
n = 60000  # points, and queries from one to the next by name
with open(os.path.join(d, "points.json"), "w") as f:
    json.dump({"width": 64, "height": 64, "rows": [row[:64]] * 64,
               "points": {"p%d" % i: [i % 64, i // 64 % 64]
                          for i in range(n)},
               "queries": [{"start": "@p%d" % i, "goal": "@p%d" % (i + 1)}
                           for i in range(n - 1)]}, f)
PY
plain() {
	f=$1
	shift
	timeout 60 "$ASTAR" --no-timing -q "$@" "$out/$f" >/dev/null 2>"$out/$f.err"
	s=$?
	if [ "$s" = 0 ]; then
		ok "$f"
	else
		fail "$f: exit $s"
		head -n 3 "$out/$f.err"
	fi
}
plain big.txt -s 0,0 -g 1,1
plain big.map -s 0,0 -g 1,1
plain points.json -J1

# A map that names one 5 MB tileset 60 times is refused once the files
# it names pass 256 MiB together, not read 60 times over.
python3 - "$out" <<'PY'
import os, sys
d = sys.argv[1]
with open(os.path.join(d, "fat.tsx"), "w") as f:
    f.write('<tileset name="t" tilewidth="16" tileheight="16" '
            'tilecount="1">\n<!-- %s -->\n</tileset>\n' % ("x" * 5000000))
with open(os.path.join(d, "many-tilesets.tmx"), "w") as f:
    f.write('<map orientation="orthogonal" width="2" height="1" '
            'tilewidth="16" tileheight="16">\n')
    for i in range(60):
        f.write(' <tileset firstgid="%d" source="fat.tsx"/>\n' % (i + 1))
    f.write(' <layer name="w" width="2" height="1"><data encoding="csv">'
            '0,0</data></layer>\n</map>\n')
PY
timeout 60 "$ASTAR" --no-timing -q -s 0,0 -g 1,0 "$out/many-tilesets.tmx" \
	>/dev/null 2>"$out/many-tilesets.err"
s=$?
want="astar: $out/many-tilesets.tmx:55: external tileset 'fat.tsx': the files the map names hold more than 256 MiB together"
if [ "$s" = 2 ] && [ "$(cat "$out/many-tilesets.err")" = "$want" ]; then
	ok "a map naming one large tileset many times is refused"
else
	fail "many-tilesets.tmx: exit $s: $(head -c 300 "$out/many-tilesets.err")"
fi
echo "limits: $passed passed, $failed failed"
[ "$failed" = 0 ]
