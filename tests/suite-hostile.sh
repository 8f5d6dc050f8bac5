#!/bin/sh
# tests/suite-hostile.sh - files a level names that are not regular
# files: a tileset, a template, an LDtk external level or a check file's
# level that is a FIFO (or a device) is refused with a message instead of
# waiting forever for a writer; the map itself may still be a FIFO or
# standard input.  A golden case cannot hold a FIFO, so they are made
# here in tests/out/hostile/.  `timeout 20` only guards against a hang
# (status 124); no assertion is timed.  Last line: "hostile: N passed,
# M failed".
set -u
out=tests/out/hostile
rm -rf "$out"
mkdir -p "$out"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
ASTAR=${ASTAR:-./astar}
case $ASTAR in /*) ;; *) ASTAR=$(pwd)/$ASTAR ;; esac

if ! mkfifo "$out/tiles.tsx" "$out/obj.tx" "$out/level.ldtkl" \
	"$out/level.tmx" "$out/main.tmx" 2>/dev/null; then
	echo "note: mkfifo failed: no FIFO to test"
	echo "hostile: 0 passed, 0 failed"
	exit 0
fi
map_head='<?xml version="1.0"?>
<map orientation="orthogonal" width="3" height="2" tilewidth="8" tileheight="8">'
map_layer=' <layer name="walls"><data encoding="csv">0,0,0,0,0,0</data></layer>'
printf '%s\n <tileset firstgid="1" source="tiles.tsx"/>\n%s\n</map>\n' \
	"$map_head" "$map_layer" >"$out/tileset-fifo.tmx"
printf '%s\n <tileset firstgid="1" source="/dev/zero"/>\n%s\n</map>\n' \
	"$map_head" "$map_layer" >"$out/tileset-device.tmx"
printf '%s\n%s\n <objectgroup name="o"><object template="obj.tx" x="0" y="0"/></objectgroup>\n</map>\n' \
	"$map_head" "$map_layer" >"$out/template-fifo.tmx"
printf '%s\n%s\n</map>\n' "$map_head" "$map_layer" >"$out/plain.tmx"
cat >"$out/tileset-fifo.tmj" <<'EOF'
{"type": "map", "tiledversion": "1.10", "orientation": "orthogonal",
 "width": 3, "height": 2, "tilewidth": 8, "tileheight": 8,
 "tilesets": [{"firstgid": 1, "source": "tiles.tsx"}],
 "layers": [{"type": "tilelayer", "name": "walls", "data": [0, 0, 0, 0, 0, 0]}]}
EOF
cat >"$out/project.ldtk" <<'EOF'
{"jsonVersion": "1.5.3", "externalLevels": true, "defs": {"layers": []},
 "levels": [{"identifier": "L", "externalRelPath": "level.ldtkl",
             "layerInstances": null}]}
EOF
printf '{"level": "level.tmx", "queries": [{"start": [0, 0], "goal": [1, 1]}]}\n' \
	>"$out/check.json"

# run NAME STATUS TEXT ARGS...: astar ARGS in $out must end with STATUS
# (not a hang) and say TEXT, a whole line, on standard error.
run() {
	name=$1 want=$2 text=$3
	shift 3
	(cd "$out" && timeout 20 "$ASTAR" --no-timing "$@" >"$name.out" \
		2>"$name.err" </dev/null)
	rc=$?
	if [ $rc = 124 ]; then
		fail "$name: hangs"
	elif [ $rc != "$want" ]; then
		fail "$name: status $rc, expected $want: $(cat "$out/$name.err")"
	elif ! grep -qxF -- "$text" "$out/$name.err"; then
		fail "$name: no '$text' in: $(cat "$out/$name.err")"
	else
		ok "$name"
	fi
}

run tileset-fifo 2 \
	"astar: tileset-fifo.tmx:3: external tileset 'tiles.tsx' is a FIFO, not a regular file (looked for tiles.tsx)" \
	-s 0,0 -g 1,1 tileset-fifo.tmx
run tileset-fifo-tmj 2 \
	"astar: tileset-fifo.tmj: tilesets[0]: external tileset 'tiles.tsx' is a FIFO, not a regular file (looked for tiles.tsx)" \
	-s 0,0 -g 1,1 tileset-fifo.tmj
run tileset-device 2 \
	"astar: tileset-device.tmx:3: external tileset '/dev/zero' is a device, not a regular file (looked for /dev/zero)" \
	-s 0,0 -g 1,1 tileset-device.tmx
# A template only shapes an object: refused with a warning, the map read.
run template-fifo 0 \
	"astar: warning: template-fifo.tmx:4: object template 'obj.tx' is a FIFO, not a regular file (looked for obj.tx); the object is read without it" \
	-s 0,0 -g 1,1 template-fifo.tmx
run ldtk-level-fifo 2 \
	"astar: project.ldtk: external level 'level.ldtkl' is a FIFO, not a regular file (looked for level.ldtkl)" \
	-s 0,0 -g 1,1 project.ldtk
run check-level-fifo 2 \
	"astar: check.json:1:11: level 'level.tmx' is a FIFO, not a regular file (looked for level.tmx)" \
	--check check.json

# The map itself may be a FIFO, or standard input.
(cat "$out/plain.tmx" >"$out/main.tmx" &)
(cd "$out" && timeout 20 "$ASTAR" --no-timing -s 0,0 -g 1,1 main.tmx \
	>main-fifo.out 2>&1)
rc=$?
if [ $rc = 0 ] && grep -q '^found: yes' "$out/main-fifo.out"; then
	ok "map on a FIFO"
else
	fail "map on a FIFO: status $rc: $(cat "$out/main-fifo.out")"
	# a writer left waiting for a reader that never came
	(exec 3<"$out/main.tmx") 2>/dev/null &
fi
(cd "$out" && timeout 20 "$ASTAR" --no-timing -s 0,0 -g 1,1 - \
	<plain.tmx >main-stdin.out 2>&1)
rc=$?
if [ $rc = 0 ] && grep -q '^found: yes' "$out/main-stdin.out"; then
	ok "map on standard input"
else
	fail "map on standard input: status $rc: $(cat "$out/main-stdin.out")"
fi

echo "hostile: $passed passed, $failed failed"
[ "$failed" = 0 ]
