#!/bin/sh
# tests/suite-voxel.sh - the voxel generator of `make bench`
# (bench/voxgen.c) on small maps of each kind: the same arguments give the
# same bytes, every scenario cost is what a second, independent Dijkstra
# written here (in Python, from the Moving AI voxel rule: 26 moves of
# length 1, sqrt 2, sqrt 3, every voxel of a move's box open) finds, and
# `astar --check` reproduces them all; the pictures of voxel and
# height maps (and of a voxel distance map and flow field) have the size
# their layout says; and --update on a JSON
# voxel level records its queries once (a second run finds nothing to
# change and leaves the file untouched) and refuses a read-only level,
# leaving it as it was.  Last line: "voxel: N passed, M failed".
set -u
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }
ASTAR=${ASTAR:-./astar}
mkdir -p tests/out
tmp=$(mktemp -d tests/out/voxel.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

if ! ${CC:-cc} -O2 -o "$tmp/voxgen" bench/voxgen.c -lm; then
	bad "bench/voxgen.c does not build"
	echo "voxel: $passed passed, $failed failed"
	exit 1
fi
for kind in caves towers sky; do
	"$tmp/voxgen" $kind 14 11 7 5 25 "$tmp/$kind" &&
		"$tmp/voxgen" $kind 14 11 7 5 25 "$tmp/again-$kind" ||
		bad "voxgen $kind failed"
	# The scenarios differ in their map's name alone (line 2).
	tail -n +3 "$tmp/$kind.3dscen" >"$tmp/q1"
	tail -n +3 "$tmp/again-$kind.3dscen" >"$tmp/q2"
	if cmp -s "$tmp/$kind.3dmap" "$tmp/again-$kind.3dmap" &&
		cmp -s "$tmp/q1" "$tmp/q2"; then
		ok "voxgen $kind is deterministic"
	else
		bad "voxgen $kind: two runs differ"
	fi
	n=$(tail -n +3 "$tmp/$kind.3dscen" | wc -l)
	[ "$n" -eq 25 ] && ok "voxgen $kind wrote 25 queries" ||
		bad "voxgen $kind wrote $n queries"
	if python3 - "$tmp/$kind.3dmap" "$tmp/$kind.3dscen" <<'PY'; then
import heapq, math, sys
mp, sc = sys.argv[1], sys.argv[2]
lines = open(mp).read().split('\n')
w, h, d = map(int, lines[0].split()[1:])
blocked = {tuple(map(int, l.split())) for l in lines[1:] if l.strip()}
def open_(x, y, z):
    return 0 <= x < w and 0 <= y < h and 0 <= z < d and (x, y, z) not in blocked
def moves(x, y, z):
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for dz in (-1, 0, 1):
                if (dx, dy, dz) == (0, 0, 0):
                    continue
                box = [(x + a * dx, y + b * dy, z + c * dz)
                       for a in (0, 1) for b in (0, 1) for c in (0, 1)
                       if (a, b, c) != (0, 0, 0)]
                if all(open_(*p) for p in box):
                    yield (x + dx, y + dy, z + dz), math.sqrt(dx*dx + dy*dy + dz*dz)
def cost(s, t):
    dist = {s: 0.0}
    q = [(0.0, s)]
    while q:
        g, u = heapq.heappop(q)
        if u == t:
            return g
        if g > dist[u]:
            continue
        for v, c in moves(*u):
            if g + c < dist.get(v, math.inf):
                dist[v] = g + c
                heapq.heappush(q, (g + c, v))
    return None
bad = 0
for no, l in enumerate(open(sc).read().split('\n')[2:], 3):
    if not l.strip():
        continue
    f = l.split()
    s, t = tuple(map(int, f[0:3])), tuple(map(int, f[3:6]))
    c = cost(s, t)
    if c is None or abs(c - float(f[6])) > 1e-7:
        print('line %d: generator says %s, reference %s' % (no, f[6], c))
        bad += 1
sys.exit(1 if bad else 0)
PY
		ok "voxgen $kind: every cost is the second reference's"
	else
		bad "voxgen $kind: a cost differs from the second reference's"
	fi
	out=$("$ASTAR" --check --no-timing "$tmp/$kind.3dscen" 2>&1)
	[ "$out" = "checked 25, passed 25, failed 0" ] &&
		ok "astar --check reproduces voxgen $kind's costs" ||
		bad "astar --check on voxgen $kind: $out"
done
# --image: the voxel map's slices side by side (3 layers of 6x5 and two
# columns between them, 16 pixels a voxel), and a height map's relief.
png_size() {
	python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(); print("%dx%d %s" % (struct.unpack(">II", d[16:24]) + ("slices" if b"voxel slices" in d else "relief" if b"shaded relief" in d else "?",)))' "$1"
}
"$ASTAR" --no-timing --scale=16 --image="$tmp/v.png" -s 0,0,0 -g 5,4,0 maps/cave.3dmap >/dev/null &&
	[ "$(png_size "$tmp/v.png")" = "320x80 slices" ] &&
	ok "--image draws a voxel path's three slices side by side" ||
	bad "--image on a voxel map: $(png_size "$tmp/v.png" 2>&1)"
"$ASTAR" --no-timing --scale=8 --image="$tmp/h.png" maps/hill.json >/dev/null &&
	[ "$(png_size "$tmp/h.png")" = "40x24 relief" ] &&
	ok "--image draws a height map as relief" ||
	bad "--image on a height map: $(png_size "$tmp/h.png" 2>&1)"
# --update on a JSON voxel level: the first run records, the second
# changes nothing and so writes nothing (the same file, inode and time).
cp maps/drone.json "$tmp/drone.json"
"$ASTAR" --no-timing --update "$tmp/drone.json" >"$tmp/u1" 2>&1
rc=$?
cp "$tmp/drone.json" "$tmp/drone.first"
stamp=$(stat -c '%i %Y' "$tmp/drone.json")
sleep 1
out=$("$ASTAR" --no-timing --update "$tmp/drone.json" 2>&1)
rc2=$?
if [ $rc = 0 ] && [ $rc2 = 0 ] &&
	[ "$(tail -n 1 "$tmp/u1")" = "updated 3 of 3 queries in 1 file" ] &&
	[ "$out" = "updated 0 of 3 queries in 0 files" ] &&
	cmp -s "$tmp/drone.json" "$tmp/drone.first" &&
	[ "$(stat -c '%i %Y' "$tmp/drone.json")" = "$stamp" ]; then
	ok "--update records a voxel level once; a second run writes nothing"
else
	bad "--update twice on a voxel level: status $rc, $rc2: $out"
fi
cp maps/drone.json "$tmp/ro.json"
chmod a-w "$tmp/ro.json"
out=$("$ASTAR" --no-timing --update "$tmp/ro.json" 2>&1)
rc=$?
if [ $rc = 2 ] && cmp -s maps/drone.json "$tmp/ro.json" &&
	echo "$out" | grep -q 'read-only; not updating it'; then
	ok "--update refuses a read-only voxel level and leaves it"
else
	bad "--update on a read-only voxel level: status $rc: $out"
fi
chmod u+w "$tmp/ro.json"
# --distances and --flow with --image: every layer (all 3 of cave.3dmap,
# the start's included), its legend saying which picture it is.
legend_of() {
	python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(); print("%dx%d %s" % (struct.unpack(">II", d[16:24]) + ("distances" if b"voxel distance map" in d else "flow" if b"voxel flow field" in d else "?",)))' "$1"
}
for what in distances flow; do
	flag=--distances
	[ $what = flow ] && flag="--distances --flow"
	"$ASTAR" --no-timing -q $flag --scale=16 --image="$tmp/$what.png" -s 0,0,0 maps/cave.3dmap &&
		[ "$(legend_of "$tmp/$what.png")" = "320x80 $what" ] &&
		ok "--image with $flag draws every layer of a voxel map" ||
		bad "--image with $flag on a voxel map: $(legend_of "$tmp/$what.png" 2>&1)"
done
echo "voxel: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
