#!/bin/sh
# tests/suite-editors.sh - what a fixed output cannot show of the editors'
# levels: that a search on an LDtk project is timed alone.  The project's
# parse once left the heap in pieces that the first search's allocation
# paid to join (1-2 ms in "time_us.search" where the search takes tens of
# microseconds); the parse now has an arena of its own (json_text.c).  A
# project of bench/editors.py's and the same grid as an ASCII map are
# searched 7 times each, the fastest kept; the project's search may take
# at most 3 times the ASCII map's and 0.1 ms more, well below the 10
# times and more it took.  Last line: "editors: N passed, M failed".
set -u
out=tests/out/editors
rm -rf "$out"
mkdir -p "$out"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
ASTAR=${ASTAR:-./astar}

python3 - "$ASTAR" "$out" <<'PY' && ok "search timed alone on an LDtk project" || fail "search timed alone on an LDtk project"
import json, os, re, subprocess, sys
sys.path.insert(0, "bench")
import editors

astar, d = sys.argv[1], sys.argv[2]
project = os.path.join(d, "project.ldtk")
args = editors.project(project)
level = json.load(open(project))["levels"][0]["layerInstances"][1]
w, h, cells = level["__cWid"], level["__cHei"], level["intGridCsv"]
ascii_map = os.path.join(d, "same.txt")
with open(ascii_map, "w") as f:
    for y in range(h):
        f.write("".join("#" if cells[y * w + x] else "." for x in range(w)) + "\n")

def search_us(cmd):
    best = None
    for _ in range(7):
        p = subprocess.run([astar, "-J1", "-j", "--no-path"] + cmd,
                           capture_output=True, text=True)
        m = re.search(r'"search":([0-9.]+)', p.stdout)
        if m is None:
            sys.exit("astar %s: %s" % (cmd, p.stderr))
        best = float(m.group(1)) if best is None else min(best, float(m.group(1)))
    return best

ldtk = search_us(args + [project])
plain = search_us(["-s", "1,1", "-g", "%d,1" % (w - 2), ascii_map])
print("search: %.1f us on the project, %.1f us on the ASCII map" % (ldtk, plain))
sys.exit(0 if ldtk <= 3 * plain + 100 else 1)
PY

echo "editors: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
