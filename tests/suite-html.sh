#!/bin/sh
# tests/suite-html.sh - the --report=html page in a real browser, and the
# pictures of changed routes.
#
#   - the page stands alone: no address of the network, no file beside
#     it (no <link>, no script or picture by src but data: URIs);
#   - Debian's chromium (installed by `make deps`; skipped only when
#     /usr/bin/chromium is absent) loads it from its file: the DOM's rows,
#     failed rows and pictures are the run's (counted from a TAP report of
#     the same run), the script ran (the "failed only" box is enabled),
#     the console has no error, and a screenshot is not blank;
#   - a voxel scenario's and level's page: a picture of the slices
#     each failed query crosses, as --image draws them;
#   - --report-images=N caps the pictures, the rest listed; a batch of
#     6,000 failed scenario queries gives a page of a few MB at most;
#   - --image of a check whose recorded path differs, and with --update,
#     draws the recorded route (blue) beside the current one; a check
#     whose path holds draws none;
#   - a report into a folder that cannot be written: exit 2, its message,
#     nothing written.
# Run from the top of the tree (tests/run.sh does).  Prints "ok NAME" or
# "FAIL NAME: why" per check and last "html: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
A=$(cd "$(dirname "$ASTAR")" && pwd)/$(basename "$ASTAR")
T=${TIMEOUT:-120}
CHROMIUM=/usr/bin/chromium
mkdir -p tests/out
d=$(cd "$(mktemp -d tests/out/html.XXXXXX)" && pwd) || exit 1
trap 'rm -rf "$d"' EXIT
passed=0
failed=0

ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# A PNG's pixels, read with python3's zlib: prints "W H DISTINCT" and
# whether a colour R,G,B is among them ("has" / "lacks").
cat >"$d/png.py" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n'
at, idat = 8, b''
while at < len(data):
    n, kind = struct.unpack('>I4s', data[at:at + 8])
    body = data[at + 8:at + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
    elif kind == b'IDAT':
        idat += body
    at += 12 + n
bpp = {2: 3, 6: 4}[ctype]
raw, stride = zlib.decompress(idat), w * bpp
prev, seen = bytearray(stride), set()
for y in range(h):
    f, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = row[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if f == 1: row[x] = (row[x] + a) & 255
        elif f == 2: row[x] = (row[x] + b) & 255
        elif f == 3: row[x] = (row[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    seen.update(bytes(row[i:i + 3]) for i in range(0, stride, bpp))
    prev = row
want = bytes(int(v) for v in sys.argv[2].split(',')) if len(sys.argv) > 2 else None
print(w, h, len(seen), ('has' if want in seen else 'lacks') if want else '')
PY

# --- a run with passing, failed, changed-path and reach checks
cp maps/level-check-broken.json maps/level-reach-walled.json "$d/"
cp tests/golden/check/fail-path/level.json "$d/paths.json"
( cd "$d" && "$A" --no-timing --check --report=html:page.html \
	--report=tap:page.tap level-check-broken.json level-reach-walled.json \
	paths.json >run.out 2>&1 )
rows=$(grep -c '^\(not \)\{0,1\}ok ' "$d/page.tap")
bad=$(grep -c '^not ok ' "$d/page.tap")
if [ -s "$d/page.html" ] && [ "$rows" -gt 5 ] && [ "$bad" -gt 2 ]; then
	ok "the page is written ($rows checks, $bad failed)"
else
	fail "the page is written" "$(cat "$d/run.out")"
fi
p=$d/page.html
if grep -Eqi 'https?:|<link|<script[^>]*src=|<img[^>]*src="[^d]|@import|url\(' "$p"; then
	fail "the page stands alone" "$(grep -Eio '.{20}(https?:|<link|src="[^d]|@import|url\().{20}' "$p" | head -3)"
else
	ok "the page stands alone (no network, no file beside it)"
fi
n=$(grep -c '<tr class="' "$p")
[ "$n" = "$rows" ] && ok "the table holds every check without script" ||
	fail "the table holds every check without script" "$n rows, $rows checks"

# --- the page in the browser
if [ ! -x "$CHROMIUM" ]; then
	echo "ok browser: skipped: no chromium"
else
	br() { timeout "$T" "$CHROMIUM" --headless --no-sandbox --disable-gpu \
		--user-data-dir="$d/profile" --virtual-time-budget=3000 "$@"; }
	br --enable-logging=stderr --v=0 --dump-dom "file://$p" \
		>"$d/dom.html" 2>"$d/console.txt"
	got_rows=$(grep -o '<tr class="[a-z]*"' "$d/dom.html" | wc -l)
	got_bad=$(grep -o '<tr class="failed"' "$d/dom.html" | wc -l)
	got_img=$(grep -o '<img ' "$d/dom.html" | wc -l)
	# every failed check has its picture but a region count's
	regions=$(grep -c '^not ok .*expect\.regions' "$d/page.tap")
	if [ "$got_rows" = "$rows" ] && [ "$got_bad" = "$bad" ] &&
	   [ "$got_img" = $((bad - regions)) ]; then
		ok "the DOM's counts are the run's ($got_rows rows, $got_bad failed, $got_img pictures)"
	else
		fail "the DOM's counts are the run's" "rows $got_rows/$rows failed $got_bad/$bad pictures $got_img"
	fi
	if grep -q 'id="failed-only"[^>]*disabled' "$d/dom.html" ||
	   ! grep -q 'id="failed-only"' "$d/dom.html"; then
		fail "the page's script ran" "the box is still disabled"
	else
		ok "the page's script ran"
	fi
	if grep -E 'Uncaught|ERROR:CONSOLE|:CONSOLE\(' "$d/console.txt" >"$d/errs.txt" ||
	   grep -q 'Uncaught' "$d/dom.html"; then
		fail "no console errors" "$(head -3 "$d/errs.txt")"
	else
		ok "no console errors"
	fi
	# The script's error would show: a page with one is caught.
	printf '<html><body><script>nosuch();</script></body></html>' >"$d/bad.html"
	br --enable-logging=stderr --v=0 --dump-dom "file://$d/bad.html" \
		>/dev/null 2>"$d/console-bad.txt"
	grep -q 'Uncaught' "$d/console-bad.txt" &&
		ok "a console error would be seen" ||
		fail "a console error would be seen" "$(tail -3 "$d/console-bad.txt")"
	( cd "$d" && br --screenshot="$d/shot.png" --window-size=1200,900 \
		"file://$p" >/dev/null 2>&1 )
	set -- $(python3 "$d/png.py" "$d/shot.png" 2>/dev/null)
	if [ "${1:-0}" = 1200 ] && [ "${3:-0}" -gt 20 ]; then
		ok "the screenshot is not blank (${3} colours)"
	else
		fail "the screenshot is not blank" "${*:-no PNG}"
	fi
	# A graph's page: its checks' rows, and a picture for each failed
	# query (none for a failed region count).
	( cd "$d" && "$A" --no-timing --check -q --report=html:graph.html \
		--report=tap:graph.tap "$OLDPWD/tests/fixtures/building-broken.json" \
		>graph.out 2>&1 )
	rows=$(grep -c '^\(not \)\{0,1\}ok ' "$d/graph.tap")
	bad=$(grep -c '^not ok ' "$d/graph.tap")
	regions=$(grep -c '^not ok .*expect\.regions' "$d/graph.tap")
	br --dump-dom "file://$d/graph.html" >"$d/graph-dom.html" 2>/dev/null
	got_rows=$(grep -o '<tr class="[a-z]*"' "$d/graph-dom.html" | wc -l)
	got_bad=$(grep -o '<tr class="failed"' "$d/graph-dom.html" | wc -l)
	got_img=$(grep -o '<img ' "$d/graph-dom.html" | wc -l)
	if [ "$rows" -gt 3 ] && [ "$got_rows" = "$rows" ] && [ "$got_bad" = "$bad" ] &&
	   [ "$bad" -gt "$regions" ] && [ "$got_img" = $((bad - regions)) ]; then
		ok "a graph's page: $got_rows rows, $got_bad failed, $got_img pictures"
	else
		fail "a graph's page" "rows $got_rows/$rows failed $got_bad/$bad pictures $got_img"
	fi
	# A voxel page: a scenario and a level, each failed query drawn as
	# the slices its path crosses (a picture of the slices' size).
	cp maps/cave.3dmap "$d/"
	printf 'version 1\ncave.3dmap\n0 0 0 5 4 0 8.61036599 1\n0 0 0 5 4 2 7.0711 1\n' \
		>"$d/cave.3dscen"
	cp tests/golden/voxel/draw-report-html/work/level.json "$d/vlevel.json"
	( cd "$d" && "$A" --no-timing --check -q --report=html:voxel.html \
		--report=tap:voxel.tap cave.3dscen vlevel.json >voxel.out 2>&1 )
	rows=$(grep -c '^\(not \)\{0,1\}ok ' "$d/voxel.tap")
	bad=$(grep -c '^not ok ' "$d/voxel.tap")
	br --dump-dom "file://$d/voxel.html" >"$d/voxel-dom.html" 2>/dev/null
	got_rows=$(grep -o '<tr class="[a-z]*"' "$d/voxel-dom.html" | wc -l)
	got_bad=$(grep -o '<tr class="failed"' "$d/voxel-dom.html" | wc -l)
	got_img=$(grep -o '<img ' "$d/voxel-dom.html" | wc -l)
	python3 -c "import base64, re, sys
s = open(sys.argv[1]).read()
m = re.search(r'data:image/png;base64,([A-Za-z0-9+/=]+)', s)
open(sys.argv[2], 'wb').write(base64.b64decode(m.group(1)) if m else b'')" \
		"$d/voxel.html" "$d/voxel-1.png"
	# the scenario's failed query crosses z 0 to 2: three 6x5 slices
	# and two gaps, drawn at one scale (the page's 512 pixels: 16)
	set -- $(python3 "$d/png.py" "$d/voxel-1.png" 255,120,0 2>/dev/null)
	if [ "$rows" -ge 6 ] && [ "$got_rows" = "$rows" ] && [ "$bad" = 3 ] &&
	   [ "$got_bad" = "$bad" ] && [ "$got_img" = "$bad" ] &&
	   [ "${1:-0}" = $((20 * 16)) ] && [ "${2:-0}" = $((5 * 16)) ] &&
	   [ "${4:-}" = has ]; then
		ok "a voxel page: $got_rows rows, $got_bad failed, $got_img pictures of slices"
	else
		fail "a voxel page" "rows $got_rows/$rows failed $got_bad/$bad pictures $got_img, first ${*:-no PNG}: $(cat "$d/voxel.out")"
	fi
fi

# --- --report-images caps the pictures; the rest are listed
( cd "$d" && "$A" --no-timing --check --report=html:one.html \
	--report-images=1 paths.json level-check-broken.json >/dev/null 2>&1 )
n=$(grep -o '<img ' "$d/one.html" | wc -l)
l=$(sed -n '/class="unpictured"/,/<\/ul>/p' "$d/one.html" | grep -c '<li>')
[ "$n" = 1 ] && [ "$l" = 4 ] && ok "--report-images=1: one picture, 4 listed" ||
	fail "--report-images=1" "$n pictures, $l listed"

# --- 6,000 failed scenario queries: a page of a few MB
awk 'NR == 1 { print; next } { l[++n] = $0 }
	END { for (k = 0; k < 6000; k++) { $0 = l[k % n + 1]; $9 = $9 + 1; print } }' \
	maps/room.scen >"$d/wrong.scen"
cp maps/room-32-32-4.map "$d/"
( cd "$d" && "$A" --check --report=html:big.html wrong.scen >/dev/null 2>&1 )
n=$(grep -c '<tr class="failed"' "$d/big.html")
sz=$(wc -c <"$d/big.html")
if [ "$n" -ge 5000 ] && [ "$sz" -lt 5000000 ]; then
	ok "6,000 failed queries: $n failed rows in $sz bytes"
else
	fail "6,000 failed queries: a page of a few MB" "$n rows, $sz bytes"
fi

# --- --image of a changed route draws the recorded one (blue)
( cd "$d" && "$A" --check --image=p%d.png --scale=8 paths.json >/dev/null 2>&1 )
set -- $(python3 "$d/png.py" "$d/p0.png" 40,110,230 2>/dev/null)
[ "${4:-}" = has ] && ok "--image of a changed route draws the recorded one" ||
	fail "--image of a changed route" "${*:-no PNG}"
printf '{"width": 3, "height": 1, "rows": ["S.G"], "queries": [{"start": [0, 0], "goal": [2, 0], "expect": {"path": [[0,0],[1,0],[2,0]]}}]}\n' >"$d/same.json"
( cd "$d" && "$A" --check --image=s%d.png --scale=8 same.json >/dev/null 2>&1 )
set -- $(python3 "$d/png.py" "$d/s0.png" 40,110,230 2>/dev/null)
[ "${4:-}" = lacks ] && ok "--image of a route that holds draws one route" ||
	fail "--image of a route that holds" "${*:-no PNG}"
cp "$d/paths.json" "$d/upd.json"
( cd "$d" && "$A" --update=path --image=u%d.png --scale=8 upd.json >/dev/null 2>&1 )
set -- $(python3 "$d/png.py" "$d/u0.png" 40,110,230 2>/dev/null)
[ "${4:-}" = has ] && ok "--update --image shows the old route and the new" ||
	fail "--update --image shows old and new" "${*:-no PNG}"

# --- a folder that cannot be written: exit 2, its message, no file
if [ "$(id -u)" = 0 ]; then
	ro=/sys # root writes a folder of mode 555; sysfs refuses even root
else
	ro=$d/ro
	mkdir "$ro" && chmod 555 "$ro"
fi
( cd "$d" && "$A" --check --report=html:"$ro/astar-page.html" paths.json \
	>/dev/null 2>"$d/ro.err" )
rc=$?
if [ $rc = 2 ] && grep -q "^astar: $ro/astar-page.html: cannot create a file in $ro: " "$d/ro.err" &&
   [ ! -e "$ro/astar-page.html" ]; then
	ok "a read-only folder: exit 2, $(cat "$d/ro.err")"
else
	fail "a read-only folder" "status $rc: $(cat "$d/ro.err")"
fi

echo "html: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
