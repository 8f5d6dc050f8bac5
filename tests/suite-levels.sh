#!/bin/sh
# tests/suite-levels.sh - property test of the level readers: one Tiled
# map written in every encoding Tiled has (CSV, XML <tile>s, base64 raw,
# zlib, gzip and zstd, infinite chunks; .tmx and .tmj) gives the same
# grid, and an LDtk level the grid of its IntGrid CSV read by hand.  The
# files are made here by python3 (base64, zlib, gzip) and the zstd
# command from one random grid a seed, so that no reader writes what it
# is checked against.  Last line: "levels: N passed, M failed".
set -u
out=tests/out/levels
rm -rf "$out"
mkdir -p "$out"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
ASTAR=${ASTAR:-./astar}

if ! command -v zstd >/dev/null 2>&1; then
	echo "note: no zstd command: the zstd encoding is left out"
fi
for seed in 1 2 3; do
	d=$out/$seed
	mkdir -p "$d"
	python3 - "$d" "$seed" <<'PY' || fail "seed $seed: files not made"
import base64, gzip, json, os, random, shutil, struct, subprocess, sys, zlib
d, seed = sys.argv[1], int(sys.argv[2])
rnd = random.Random(seed)
W, H = rnd.randint(3, 40), rnd.randint(3, 30)
# gids: 0 empty, 1..4 tiles, some with flip bits (masked off by readers)
g = [[0 if rnd.random() < .7 else rnd.randint(1, 4) | (rnd.choice([0, 0x80000000, 0x40000000]))
      for _ in range(W)] for _ in range(H)]
flat = [v for row in g for v in row]
raw = struct.pack('<%dI' % len(flat), *flat)
# The expected picture: '#' where the walls layer has a tile.
with open(os.path.join(d, 'expect.txt'), 'w') as f:
    for row in g:
        f.write(''.join('#' if v & 0x0fffffff else '.' for v in row) + '\n')
head = ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        'width="%d" height="%d" tilewidth="16" tileheight="16" infinite="%d">\n'
        ' <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="4"/>\n')
def tmx(name, data_attrs, body, infinite=0):
    with open(os.path.join(d, name), 'w') as f:
        f.write(head % (W, H, infinite))
        f.write(' <layer id="1" name="walls" width="%d" height="%d">\n  <data%s>%s</data>\n </layer>\n</map>\n'
                % (W, H, data_attrs, body))
tmx('csv.tmx', ' encoding="csv"', ',\n'.join(','.join(map(str, r)) for r in g))
tmx('xml.tmx', '', ''.join('<tile gid="%d"/>' % v if v else '<tile/>' for v in flat))
tmx('base64.tmx', ' encoding="base64"', base64.b64encode(raw).decode())
tmx('zlib.tmx', ' encoding="base64" compression="zlib"', base64.b64encode(zlib.compress(raw)).decode())
tmx('gzip.tmx', ' encoding="base64" compression="gzip"', base64.b64encode(gzip.compress(raw)).decode())
if shutil.which('zstd'):
    z = subprocess.run(['zstd', '-q', '-c'], input=raw, stdout=subprocess.PIPE, check=True).stdout
    tmx('zstd.tmx', ' encoding="base64" compression="zstd"', base64.b64encode(z).decode())
# Infinite: 16x16 chunks, written from a shifted origin (negative chunk
# coordinates); the reader's grid is the tiles' bounding box, which is
# the grid's own when its corner rows and columns hold a tile.
ox, oy = -16 * rnd.randint(1, 3), -16 * rnd.randint(0, 2)
open(os.path.join(d, 'shift'), 'w').write('%d %d\n' % (ox, oy))
chunks = ''
for cy in range(oy, oy + H + 16, 16):
    for cx in range(ox, ox + W + 16, 16):
        cells = []
        for y in range(cy, cy + 16):
            for x in range(cx, cx + 16):
                gx, gy = x - ox, y - oy
                cells.append(g[gy][gx] if 0 <= gx < W and 0 <= gy < H else 0)
        if any(cells):
            chunks += '<chunk x="%d" y="%d" width="16" height="16">%s</chunk>\n' % (
                cx, cy, ','.join(map(str, cells)))
tmx('infinite.tmx', ' encoding="csv"', chunks, 1)
bbox = [(x, y) for y in range(H) for x in range(W) if flat[y * W + x] & 0x0fffffff]
with open(os.path.join(d, 'infinite.box'), 'w') as f:
    xs = [p[0] for p in bbox]; ys = [p[1] for p in bbox]
    f.write('%d %d %d %d\n' % (min(xs), min(ys), max(xs), max(ys)) if bbox else 'none\n')
def tmj(name, layer):
    m = {"type": "map", "tiledversion": "1.10.2", "orientation": "orthogonal", "width": W, "height": H,
         "tilewidth": 16, "tileheight": 16, "infinite": False,
         "tilesets": [{"firstgid": 1, "name": "t", "tilecount": 4}],
         "layers": [dict({"type": "tilelayer", "name": "walls", "width": W, "height": H, "visible": True}, **layer)]}
    json.dump(m, open(os.path.join(d, name), 'w'))
tmj('array.tmj', {"data": flat})
tmj('gzip.tmj', {"encoding": "base64", "compression": "gzip", "data": base64.b64encode(gzip.compress(raw)).decode()})
tmj('zlib.tmj', {"encoding": "base64", "compression": "zlib", "data": base64.b64encode(zlib.compress(raw)).decode()})
# LDtk: an IntGrid level whose non-zero values are walls.
vals = [rnd.choice([0, 0, 0, 1, 2]) for _ in range(W * H)]
with open(os.path.join(d, 'ldtk.expect'), 'w') as f:
    for y in range(H):
        f.write(''.join('#' if vals[y * W + x] else '.' for x in range(W)) + '\n')
lvl = {"identifier": "L", "iid": "l", "layerInstances": [
    {"__identifier": "Walls", "__type": "IntGrid", "__cWid": W, "__cHei": H, "__gridSize": 16,
     "layerDefUid": 1, "intGridCsv": vals, "entityInstances": []}]}
proj = {"__header__": {"fileType": "LDtk Project JSON"}, "jsonVersion": "1.5.3",
        "defs": {"layers": [{"uid": 1, "identifier": "Walls", "type": "IntGrid",
                             "intGridValues": [{"value": 1, "identifier": "wall"}, {"value": 2, "identifier": "lava"}]}]},
        "levels": [lvl]}
json.dump(proj, open(os.path.join(d, 'level.ldtk'), 'w'))
PY
	# The grid as text: astar's picture of a query between two open
	# cells (taken from the expected grid; a different grid shows
	# anyway), with the path and marks read as floor.
	for f in "$d"/*.tmx "$d"/*.tmj "$d"/level.ldtk; do
		n=$(basename "$f")
		exp=$d/expect.txt
		[ "$n" = level.ldtk ] && exp=$d/ldtk.expect
		[ "$n" = infinite.tmx ] && exp=$d/infinite.expect
		[ "$n" = infinite.tmx ] && python3 - "$d" <<'PY'
import sys
d = sys.argv[1]
rows = open(d + '/expect.txt').read().split()
box = open(d + '/infinite.box').read().split()
x0, y0, x1, y1 = map(int, box)
with open(d + '/infinite.expect', 'w') as f:
    for r in rows[y0:y1 + 1]:
        f.write(r[x0:x1 + 1] + '\n')
PY
		se=$(python3 -c "
import sys
rows = open('$exp').read().split()
open_ = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == '.']
print('%d,%d %d,%d' % (open_[0] + open_[-1]) if open_ else '')")
		if [ -z "$se" ]; then
			ok "seed $seed: $n (no open cell)"
			continue
		fi
		# shellcheck disable=SC2086
		set -- $se
		# Infinite maps: X,Y are the editor's, the grid's plus origin.
		if [ "$n" = infinite.tmx ]; then
			# Negative editor coordinates are not taken by -s/-g:
			# the two cells are objects of the map, at their pixels.
			python3 - "$d" "$1" "$2" <<'PY'
import sys
d, a, b = sys.argv[1], sys.argv[2], sys.argv[3]
box = open(d + '/infinite.box').read().split()
sh = open(d + '/shift').read().split()
dx, dy = int(box[0]) + int(sh[0]), int(box[1]) + int(sh[1])
objs = ''
for name, p in (('a', a), ('b', b)):
    x, y = map(int, p.split(','))
    objs += '<object name="%s" x="%d" y="%d"><point/></object>' % (
        name, (x + dx) * 16 + 8, (y + dy) * 16 + 8)
t = open(d + '/infinite.tmx').read().replace(
    '</map>', '<objectgroup name="marks">%s</objectgroup>\n</map>' % objs)
open(d + '/infinite.tmx', 'w').write(t)
PY
			set -- @a @b
		fi
		"$ASTAR" --no-timing --closest --layer=walls -s "$1" -g "$2" "$f" 2>"$f.err" |
			sed -n '/^[.#SG*]*$/p' | tr 'SG*' '...' >"$f.grid"
		if cmp -s "$exp" "$f.grid"; then
			ok "seed $seed: $n"
		else
			fail "seed $seed: $n differs"
			diff "$exp" "$f.grid" | head -n 5
			head -n 3 "$f.err"
		fi
	done
done
echo "levels: $passed passed, $failed failed"
[ "$failed" = 0 ]
