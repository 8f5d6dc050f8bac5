#!/bin/sh
# tests/suite-ci.sh - the CI workflow's parts that a golden case cannot
# show (issue 33):
#
#   - --no-path: every JSON line parses (jq) and none has "path" or
#     "explored", also with -e; -q writes nothing on standard output,
#     whatever the outcome, and keeps the exit status;
#   - --update: a level killed by SIGKILL while its new text is written
#     is left as it was (the new text goes to a temporary file in the
#     same folder, renamed over it only when whole); a read-only level or
#     folder is refused, naming it, and the other files are updated;
#     run twice, the second run changes nothing, byte for byte;
#   - --report=github: the annotation of a failed check in a JSON level
#     names the line and column of its query;
#   - --shard=auto: K/N from the variables of GitLab, CircleCI,
#     Buildkite, Slurm and Kubernetes Indexed Jobs, the shards together
#     the whole batch.
# Run from the top of the tree (tests/run.sh does).  Prints "ok NAME" or
# "FAIL NAME: why" per check and last "ci: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
case $ASTAR in /*) ;; *) ASTAR=$(pwd)/$ASTAR ;; esac
mkdir -p tests/out
d=$(mktemp -d tests/out/ci.XXXXXX) || exit 1
d=$(cd "$d" && pwd)
trap 'chmod -R u+w "$d" 2>/dev/null; rm -rf "$d"' EXIT
passed=0
failed=0
ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
# The CI variables of --shard=auto, so that a run under a CI system
# tests what it means to.
unset CI_NODE_INDEX CI_NODE_TOTAL CIRCLE_NODE_INDEX CIRCLE_NODE_TOTAL \
	BUILDKITE_PARALLEL_JOB BUILDKITE_PARALLEL_JOB_COUNT \
	SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX \
	SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX

# ------------------------------------------------------------- --no-path
"$ASTAR" -j -e --no-path --no-timing maps/room.scen maps/legend.json \
	maps/dungeon.txt >"$d/np.jsonl" 2>"$d/np.err"
rc=$?
n=$(wc -l <"$d/np.jsonl")
bad=$(jq -c 'select(has("path") or has("explored"))' "$d/np.jsonl" 2>&1)
if [ $rc = 0 ] && [ "$n" = 8 ] && [ -z "$bad" ] &&
	[ "$(jq -r .cost "$d/np.jsonl" | grep -c .)" = 8 ]; then
	ok "--no-path: 8 JSON lines that parse, with costs, without paths"
else
	fail "--no-path" "status $rc, $n lines, jq: $(echo "$bad" | head -c 200)"
fi

# -------------------------------------------------------------------- -q
q() { # expected status, then the arguments
	want=$1
	shift
	"$ASTAR" -q "$@" >"$d/q.out" 2>"$d/q.err"
	rc=$?
	if [ $rc = "$want" ] && [ ! -s "$d/q.out" ]; then
		ok "-q $*: nothing on standard output, status $rc"
	else
		fail "-q $*" "status $rc (expected $want), stdout: $(head -c 100 "$d/q.out")"
	fi
}
q 0 maps/dungeon.txt
q 0 -j maps/room.scen
q 1 maps/unreachable.txt
q 0 --check maps/level-check.json
q 1 --check maps/level-check-broken.json
q 1 -j --check maps/level-check-broken.json
q 2 maps/no-such-map.txt
if [ "$(wc -l <"$d/q.err")" = 1 ]; then
	ok "-q: errors still on standard error"
else
	fail "-q" "no error message on standard error"
fi

# --------------------------------------------------------------- --update
# Run twice: the second run finds nothing to change and writes nothing.
mkdir -p "$d/twice"
cp tests/fixtures/named.json maps/room.scen maps/room-32-32-4.map "$d/twice/"
sed -i '3s/39.82842712/41.5/' "$d/twice/room.scen"
"$ASTAR" --update "$d/twice/named.json" "$d/twice/room.scen" >"$d/u1.out" 2>&1
rc1=$?
cp "$d/twice/named.json" "$d/named.1"
cp "$d/twice/room.scen" "$d/room.1"
"$ASTAR" --update "$d/twice/named.json" "$d/twice/room.scen" >"$d/u2.out" 2>&1
rc2=$?
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && cmp -s "$d/named.1" "$d/twice/named.json" &&
	cmp -s "$d/room.1" "$d/twice/room.scen" &&
	grep -qx 'updated 3 of 8 queries in 2 files' "$d/u1.out" &&
	grep -qx 'updated 0 of 8 queries in 0 files' "$d/u2.out" &&
	[ "$(ls -A "$d/twice" | wc -l)" = 3 ]; then
	ok "--update twice: the second run changes nothing, byte for byte"
else
	fail "--update twice" "status $rc1 then $rc2: $(tail -n 1 "$d/u1.out") / $(tail -n 1 "$d/u2.out")"
fi
if "$ASTAR" --check "$d/twice/named.json" "$d/twice/room.scen" >/dev/null 2>&1; then
	ok "--update: the files it wrote pass --check"
else
	fail "--update" "the files it wrote fail --check"
fi

# Through a link: the file it names is rewritten, the link stays one.
mkdir -p "$d/link"
cp tests/fixtures/named.json "$d/link/real.json"
ln -s real.json "$d/link/level.json"
"$ASTAR" --update "$d/link/level.json" >/dev/null 2>&1
if [ -L "$d/link/level.json" ] && "$ASTAR" -q --check "$d/link/real.json"; then
	ok "--update through a link rewrites the file it names"
else
	fail "--update through a link" "the link was replaced, or the file not updated"
fi

# Read-only: a level (chmod a-w) and a folder are refused, named, and
# left alone; the other files of the run are updated.  Also as root,
# who could write them.
mkdir -p "$d/ro" "$d/rodir"
cp tests/fixtures/named.json "$d/ro/locked.json"
cp tests/fixtures/named.json "$d/ro/open.json"
cp tests/fixtures/named.json "$d/rodir/level.json"
chmod a-w "$d/ro/locked.json" "$d/rodir"
"$ASTAR" --update "$d/ro/locked.json" "$d/ro/open.json" "$d/rodir/level.json" \
	>"$d/ro.out" 2>"$d/ro.err"
rc=$?
chmod u+w "$d/rodir"
if [ $rc = 2 ] && cmp -s tests/fixtures/named.json "$d/ro/locked.json" &&
	cmp -s tests/fixtures/named.json "$d/rodir/level.json" &&
	! cmp -s tests/fixtures/named.json "$d/ro/open.json" &&
	grep -qx "astar: $d/ro/locked.json: the file is read-only; not updating it" "$d/ro.err" &&
	grep -qx "astar: $d/rodir: the folder is read-only; cannot update $d/rodir/level.json in it" "$d/ro.err" &&
	[ "$(ls -A "$d/rodir" | wc -l)" = 1 ]; then
	ok "--update: a read-only level and folder refused by name, the others updated"
else
	fail "--update read-only" "status $rc: $(cat "$d/ro.err")"
fi

# SIGKILL while the new text is written: the level is the old one,
# whole.  The write is caught by polling for its temporary file (a level
# of a million cells takes tens of milliseconds to write), stopped, its
# partial state looked at, then killed.
python3 -c "
import json
w = h = 1000
print(json.dumps({'width': w, 'height': h, 'cells': [[1] * w] * h,
                  'queries': [{'name': 'corner to corner', 'start': [0, 0],
                               'goal': [w - 1, h - 1], 'expect': {'cost': 5}}]}))
" >"$d/big.json"
caught=0
for try in 1 2 3 4 5; do
	rm -rf "$d/kill" && mkdir -p "$d/kill" && cp "$d/big.json" "$d/kill/level.json"
	(cd "$d/kill" && exec "$ASTAR" --update=path level.json >/dev/null 2>&1) &
	pid=$!
	while :; do
		for f in "$d"/kill/.level.json.*; do [ -e "$f" ] && break 2; done
		kill -0 $pid 2>/dev/null || break
	done
	kill -STOP $pid 2>/dev/null
	tmp=$(ls "$d"/kill/.level.json.* 2>/dev/null | head -n 1)
	kill -KILL $pid 2>/dev/null
	wait $pid 2>/dev/null
	if [ -n "$tmp" ] && [ "$(wc -c <"$tmp")" -lt "$(wc -c <"$d/big.json")" ]; then
		caught=1
		break
	fi
done
if [ $caught = 1 ] && cmp -s "$d/big.json" "$d/kill/level.json"; then
	ok "--update killed (SIGKILL) mid-write: the level intact (try $try)"
elif [ $caught = 1 ]; then
	fail "--update killed mid-write" "the level changed"
else
	fail "--update killed mid-write" "never caught writing in 5 tries"
fi
# And then, not killed, it is written whole.
(cd "$d/kill" && "$ASTAR" --update=path level.json >/dev/null 2>&1)
if [ "$(jq -c '.queries[0].expect | [.cost, (.path | length)]' "$d/kill/level.json")" = "[1998,1999]" ]; then
	ok "--update after the kill: written whole"
else
	fail "--update after the kill" "not written whole"
fi

# ------------------------------------------------------ --report=github
# Each annotation of a failed check names the line and column of its
# query's object in the level: the "{" there opens the query whose name
# the title gives.
"$ASTAR" --check --report=github:"$d/gh.txt" tests/fixtures/named.json >/dev/null 2>&1
n=0 bad=
while IFS= read -r l; do
	n=$((n + 1))
	line=$(echo "$l" | sed -n 's/.*,line=\([0-9]*\),.*/\1/p')
	col=$(echo "$l" | sed -n 's/.*,col=\([0-9]*\),.*/\1/p')
	name=$(echo "$l" | sed -n 's/.*title=astar --check%3A \([^:]*\)::.*/\1/p')
	at=$(sed -n "${line}p" tests/fixtures/named.json | cut -c "$col-")
	case $at in
	"{\"name\": \"$name\""*) ;;
	*) bad="$bad [$l: line $line col $col is '$(echo "$at" | cut -c 1-20)']" ;;
	esac
done <"$d/gh.txt"
if [ $n = 2 ] && [ -z "$bad" ]; then
	ok "--report=github: each failed check at its query's line and column"
else
	fail "--report=github" "$n annotations:$bad"
fi

# --------------------------------------------------------- --shard=auto
# Each system's copies, numbered its way, together run every query of
# the batch once.
whole=$("$ASTAR" -j --no-timing maps/room.scen | sort)
shards() { # name, then one "VAR=VALUE ..." word list a copy
	name=$1
	shift
	for vars in "$@"; do
		env $vars "$ASTAR" -j --no-timing --shard=${SHARD:-auto} maps/room.scen
	done | sort >"$d/shards.jsonl"
	if [ -n "$whole" ] && [ "$(cat "$d/shards.jsonl")" = "$whole" ]; then
		ok "--shard=auto: $name's copies together are the whole batch"
	else
		fail "--shard=auto" "$name's copies are not the whole batch"
	fi
}
shards GitLab "CI_NODE_INDEX=1 CI_NODE_TOTAL=3" "CI_NODE_INDEX=2 CI_NODE_TOTAL=3" \
	"CI_NODE_INDEX=3 CI_NODE_TOTAL=3"
shards CircleCI "CIRCLE_NODE_INDEX=0 CIRCLE_NODE_TOTAL=2" "CIRCLE_NODE_INDEX=1 CIRCLE_NODE_TOTAL=2"
shards Buildkite "BUILDKITE_PARALLEL_JOB=0 BUILDKITE_PARALLEL_JOB_COUNT=4" \
	"BUILDKITE_PARALLEL_JOB=1 BUILDKITE_PARALLEL_JOB_COUNT=4" \
	"BUILDKITE_PARALLEL_JOB=2 BUILDKITE_PARALLEL_JOB_COUNT=4" \
	"BUILDKITE_PARALLEL_JOB=3 BUILDKITE_PARALLEL_JOB_COUNT=4"
s="SLURM_ARRAY_TASK_MIN=5 SLURM_ARRAY_TASK_MAX=9 SLURM_ARRAY_TASK_STEP=2"
shards Slurm "SLURM_ARRAY_TASK_ID=5 $s" "SLURM_ARRAY_TASK_ID=7 $s" "SLURM_ARRAY_TASK_ID=9 $s"
SHARD=auto/2 shards Kubernetes JOB_COMPLETION_INDEX=0 JOB_COMPLETION_INDEX=1

# ------------------------------------------------------- JPS pictures
# The jump points show at every scale: at least nine rings' worth of the
# ring colour (255,222,0) at scales 1, 3 and 16 (the dungeon's JPS query
# expands 9 cells), none without JPS; the PNG's legend names them.
png_count() { # file: "PIXELS LEGEND" (ring-coloured pixels, legend text)
	python3 - "$1" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
pos, idat, legend, w, h = 8, b'', '', 0, 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h = struct.unpack('>II', body[:8])
    elif kind == b'IDAT':
        idat += body
    elif kind == b'tEXt' and body.startswith(b'Legend\0'):
        legend = body[7:].decode()
    pos += 12 + n
raw, stride, prev, count = zlib.decompress(idat), 3 * w, bytearray(3 * w), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - 3] if i >= 3 else 0
        b, c = prev[i], prev[i - 3] if i >= 3 else 0
        p = a + b - c
        pr = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else b if abs(p - b) <= abs(p - c) else c
        line[i] = (line[i] + (0, a, b, (a + b) // 2, pr)[f]) & 255
    count += sum(1 for x in range(w) if line[3 * x:3 * x + 3] == b'\xff\xde\x00')
    prev = line
print(count, 'jump points' in legend)
PY
}
bad=
for sc in 1 3 16; do
	"$ASTAR" -d -e -a jps --scale=$sc --image="$d/jps$sc.png" maps/dungeon.txt >/dev/null 2>&1
	set -- $(png_count "$d/jps$sc.png")
	# a ring of side scale + 2 pad, less the outline and the cell
	pad=$((sc / 2 > 3 ? sc / 2 : 3))
	ring=$(((sc + 2 * pad - 2) * (sc + 2 * pad - 2) - sc * sc))
	[ "${1:-0}" -ge $((ring * 6)) ] && [ "${2:-}" = True ] ||
		bad="$bad scale $sc: $* (a ring is $ring);"
done
"$ASTAR" -d -e --scale=3 --image="$d/astar.png" maps/dungeon.txt >/dev/null 2>&1
set -- $(png_count "$d/astar.png")
[ "${1:-x}" = 0 ] && [ "${2:-}" = False ] || bad="$bad without JPS: $*"
if [ -z "$bad" ]; then
	ok "JPS pictures: jump points ringed at scales 1, 3 and 16, said in the legend"
else
	fail "JPS pictures" "$bad"
fi

echo "ci: $passed passed, $failed failed"
[ $failed -eq 0 ]
