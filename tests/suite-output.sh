#!/bin/sh
# tests/suite-output.sh - what astar does when its output cannot be
# written, and whether its output depends on anything but its input.
#
#   - a closed pipe (astar ... | head -c 10), text and JSON, one map and a
#     batch: a quiet death by SIGPIPE (status 141), as a filter's, no hang,
#     and a TAP file that ends in "Bail out!";
#   - a full device (> /dev/full): exit status 2, the one message
#     "astar: error writing to standard output: REASON";
#   - a closed standard output or input: that same message, or the
#     input's, and a TAP file that holds TAP alone and ends in "Bail out!"
#     (and no JUnit report), also when only the last flush failed;
#   - reports through a standard stream that cannot be written, or whose
#     stand-in (a closed one) is /dev/null;
#   - results flushed before a slow item (-J1: before a FIFO is read), a
#     FIFO whose writer waits first read whole, and SIGINT during that
#     flush still ending the run;
#   - a pipe closed after 100000 bytes: what was written is exactly the
#     start of the complete output (no half line followed by more lines);
#   - the same batch with --jobs=1, 2 and 3 gives byte-identical output,
#     also when standard input is named more than once;
#   - with both streams on one file (2>&1), an error comes on a line of
#     its own, between the results of the inputs around it;
#   - the default thread count follows the CPU affinity;
#   - an item's output and diagnostics past 64 KiB come out whole and in
#     order;
#   - SIGINT and SIGTERM mid-batch: whole JSON lines only, death by the
#     signal (also of a run of graphs), TAP's "Bail out!", and a silent
#     standard input let go;
#     also while a picture or a report waits for a FIFO's reader;
#   - a --report file that is also an input: refused, the input intact;
#     a --image picture that would be one: not drawn, the input intact;
#   - no file and a terminal for standard input: the usage message and
#     status 2 at once;
#   - the input limit of --max-cells: an endless standard input ends in
#     its error, a file over it is refused, one of exactly it is read;
#   - a scenario file's path of 1000 bytes named whole with its lines;
#   - file names that are not UTF-8, in JSON and in a JUnit report: each
#     byte that does not start well-formed UTF-8 written as U+FFFD;
#   - an unreadable map, also one a scenario names (as root, run as
#     nobody through setpriv, or skipped), a failed allocation (in a
#     search, and in putting a record together, which fails that query
#     only), and a batch of 60 large maps in less
#     memory than they take together (ulimit -v; skipped in sanitizer
#     builds, whose shadow memory needs more address space than any
#     useful limit).
# Run from the top of the tree (tests/run.sh does).  Prints "ok NAME" or
# "FAIL NAME: why" per check and last "output: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
T=${TIMEOUT:-60}
# A folder of its own: several runs of the suite may share the tree.
mkdir -p tests/out
d=$(mktemp -d tests/out/output.XXXXXX) || exit 1
trap 'rm -rf "$d"' EXIT
passed=0
failed=0

ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
skip() { echo "skip $1: $2"; }

# --- inputs: a 600x600 serpentine (text output ~360 KB, a path of
# ~180000 cells in JSON) and a batch of 3000 queries on a Moving AI map
# (JSON ~1 MB), well beyond a pipe's buffer.
awk 'BEGIN { for (y = 0; y < 600; y++) { r = ""
	for (x = 0; x < 600; x++) {
		c = "."
		if (y % 2 == 1 && x != (y % 4 == 1 ? 599 : 0)) c = "#"
		if (x == 0 && y == 0) c = "S"
		if (x == 0 && y == 598) c = "G"
		r = r c
	}
	print r } }' >"$d/big.txt"
cp maps/room-32-32-4.map "$d/"
{
	echo "version 1"
	i=0
	while [ $i -lt 500 ]; do
		sed -n '2,$p' maps/room.scen
		i=$((i + 1))
	done
} >"$d/many.scen"

# run NAME EXPECTED_STATUS EXPECTED_STDERR_FILE CMD... : runs CMD through
# sh -c under timeout; checks the status and the whole of stderr.
run() {
	name=$1 want=$2 experr=$3
	shift 3
	timeout "$T" sh -c "$*" 2>"$d/$name.err"
	got=$?
	if [ "$got" = 124 ]; then
		fail "$name" "did not finish within ${T}s"
	elif [ "$got" != "$want" ]; then
		fail "$name" "exit status $got, expected $want; stderr: $(head -c 300 "$d/$name.err")"
	elif ! cmp -s "$experr" "$d/$name.err"; then
		fail "$name" "stderr: $(head -c 300 "$d/$name.err")"
	else
		ok "$name"
	fi
}

# A closed pipe: no message, death by SIGPIPE (128 + 13 in the shell).
: >"$d/epipe"
echo "astar: error writing to standard output: No space left on device" >"$d/enospc"
A="$ASTAR --no-timing"

# --- a closed pipe: astar's own status goes through a file (POSIX sh
# has no PIPESTATUS).
closed() { # NAME ARGS...
	name=$1
	shift
	timeout "$T" sh -c "{ $A $* 2>$d/$name.err; echo \$? >$d/$name.rc; } | head -c 10 >/dev/null"
	got=$?
	st=$(cat "$d/$name.rc" 2>/dev/null)
	if [ "$got" = 124 ]; then
		fail "$name" "did not finish within ${T}s"
	elif [ "$st" != 141 ]; then
		fail "$name" "exit status ${st:-none}, expected 141; stderr: $(head -c 300 "$d/$name.err")"
	elif ! cmp -s "$d/epipe" "$d/$name.err"; then
		fail "$name" "stderr: $(head -c 300 "$d/$name.err")"
	else
		ok "$name"
	fi
}
closed pipe-text-single "$d/big.txt"
closed pipe-json-single "--json $d/big.txt"
closed pipe-text-batch "$d/many.scen"
closed pipe-json-batch "--json $d/many.scen"
closed pipe-json-batch-jobs-2 "--json --jobs=2 $d/many.scen"
closed pipe-tap-file "--jobs=2 --report=tap:$d/pipe.tap $d/many.scen"
if [ "$(tail -n 1 "$d/pipe.tap")" != "Bail out! standard output closed" ] || grep -q '^1\.\.' "$d/pipe.tap"; then
	fail pipe-tap-file-bail-out "the TAP file ends in '$(tail -n 1 "$d/pipe.tap")'"
else
	ok pipe-tap-file-bail-out
fi

# --- a full device.
full() { # NAME ARGS...
	name=$1
	shift
	run "$name" 2 "$d/enospc" "$A $* >/dev/full"
}
full full-text-single "$d/big.txt"
full full-text-small maps/dungeon.txt
full full-json-single "--json $d/big.txt"
full full-text-batch "$d/many.scen"
full full-json-batch "--json --jobs=2 $d/many.scen"
full full-check-batch "--check $d/many.scen"
# (with JSON Lines the summary is on standard error: not after a failure)
full full-check-json-summary "--json --check maps/room.scen"
full full-tap-batch "--report=tap $d/many.scen"
full full-version --version
full full-help --help

# --- a closed standard stream: using it still fails as it should, but
# its number goes to no file the run opens (a report file given fd 1
# would take the results).
echo "astar: error writing to standard output: Bad file descriptor" >"$d/ebadf"
timeout "$T" $A --jobs=2 --report=tap:"$d/closed.tap" "$d/many.scen" >&- 2>"$d/closed.err"
st=$?
if [ $st != 2 ] || ! cmp -s "$d/ebadf" "$d/closed.err"; then
	fail closed-stdout-tap-file "exit status $st; stderr: $(head -c 300 "$d/closed.err")"
elif grep -qv '^TAP version 13$\|^ok \|^not ok \|^  \|^Bail out! ' "$d/closed.tap"; then
	fail closed-stdout-tap-file "not TAP: $(grep -v '^TAP version 13$\|^ok \|^not ok \|^  ' "$d/closed.tap" | head -c 200)"
elif [ "$(tail -n 1 "$d/closed.tap")" != "Bail out! error writing to standard output" ]; then
	fail closed-stdout-tap-file "the TAP file ends in '$(tail -n 1 "$d/closed.tap")'"
else
	ok closed-stdout-tap-file
fi
# A small run whose output fails only at the last flush: the reports
# are not written as if it were whole.
timeout "$T" $A --report=tap:"$d/closed2.tap" --report=junit:"$d/closed2.xml" maps/small.txt >&- 2>"$d/closed2.err"
st=$?
if [ $st != 2 ] || ! cmp -s "$d/ebadf" "$d/closed2.err"; then
	fail closed-stdout-reports "exit status $st; stderr: $(head -c 300 "$d/closed2.err")"
elif [ "$(tail -n 1 "$d/closed2.tap")" != "Bail out! error writing to standard output" ] || [ -s "$d/closed2.xml" ]; then
	fail closed-stdout-reports "the TAP file ends in '$(tail -n 1 "$d/closed2.tap")'; JUnit: $(head -c 100 "$d/closed2.xml")"
else
	ok closed-stdout-reports
fi
# A closed standard error's stand-in (/dev/null, read-only) is not the
# file a report on /dev/null writes through.
timeout "$T" $A --report=junit:/dev/null maps/small.txt 2>&- >"$d/null.out"
st=$?
if [ $st != 0 ]; then
	fail closed-stderr-report-null "exit status $st"
else
	ok closed-stderr-report-null
fi
# TAP through the standard error, which cannot be written: an error.
timeout "$T" $A --report=tap:/dev/stderr maps/small.txt 2>/dev/full >/dev/null
st=$?
if [ $st != 2 ]; then
	fail full-stderr-tap "exit status $st"
else
	ok full-stderr-tap
fi
echo "astar: <stdin>: Bad file descriptor" >"$d/ebadf-in"
timeout "$T" $A --jobs=1 maps/small.txt - <&- >"$d/closed-in.out" 2>"$d/closed-in.err"
st=$?
if [ $st != 2 ] || ! cmp -s "$d/ebadf-in" "$d/closed-in.err"; then
	fail closed-stdin "exit status $st; stderr: $(head -c 300 "$d/closed-in.err")"
elif [ "$(grep -c '^found: yes' "$d/closed-in.out")" != 1 ]; then
	fail closed-stdin "stdout: $(head -c 300 "$d/closed-in.out")"
else
	ok closed-stdin
fi

# --- the input limit (16 bytes a cell of --max-cells, 64 MiB at least):
# an endless stream is refused once it has sent one byte more, and a
# file one byte over is refused before it is read; exactly the limit is
# read and parsed.
echo "astar: <stdin>: more than 67108864 bytes, the input limit (raise it with --max-cells)" >"$d/limit-stdin"
echo "astar: <stdin>:1:1: unknown map character '\\x00'" >"$d/limit-nul"
# (yes's own "Broken pipe", when a CI runner ignores SIGPIPE, is not
# astar's to report.)
run limit-endless-stdin 2 "$d/limit-stdin" "yes . 2>/dev/null | $A --max-cells=1000 -"
run limit-endless-scen 2 "$d/limit-stdin" "yes . 2>/dev/null | $A --max-cells=1000 --scen=-"
run limit-stdin-exact 2 "$d/limit-nul" "head -c 67108864 /dev/zero | $A --max-cells=1000 -"
run limit-stdin-over 2 "$d/limit-stdin" "head -c 67108865 /dev/zero | $A --max-cells=1000 -"
truncate -s 67108865 "$d/sparse-over.txt"
echo "astar: $d/sparse-over.txt: more than 67108864 bytes, the input limit (raise it with --max-cells)" >"$d/limit-file"
run limit-file-over 2 "$d/limit-file" "$A --max-cells=1000 $d/sparse-over.txt"
truncate -s 67108864 "$d/sparse-exact.txt"
echo "astar: $d/sparse-exact.txt:1:1: unknown map character '\\x00'" >"$d/limit-file-exact"
run limit-file-exact 2 "$d/limit-file-exact" "$A --max-cells=1000 $d/sparse-exact.txt"
rm -f "$d/sparse-over.txt" "$d/sparse-exact.txt"
# 16 a cell above 64 MiB: --max-cells=5000000 allows 80000000 bytes.
echo "astar: <stdin>: more than 80000000 bytes, the input limit (raise it with --max-cells)" >"$d/limit-80m"
run limit-scaled 2 "$d/limit-80m" "head -c 80000001 /dev/zero | $A --max-cells=5000000 -"

# --- a stop signal mid-batch: what was written is whole records only
# (JSON Lines of some 4 KB, which stdio writes in pieces of 4 KB), the
# run dies of the signal, and a TAP stream ends in "Bail out!".  The
# batch (6000 Dijkstra queries across a 300x300 floor, some 3 ms each)
# is far from done when the signal comes: as soon as the first bytes
# are out, however slow the build (no fixed delay: the sanitizer
# build on a busy machine is ten times slower).  Standard input that
# sends nothing does not hold it up.
awk 'BEGIN { print "type octile"; print "height 300"; print "width 300"
	print "map"; r = sprintf("%300s", ""); gsub(/ /, ".", r)
	for (y = 0; y < 300; y++) print r }' >"$d/open300.map"
awk 'BEGIN { print "version 1"
	for (i = 0; i < 6000; i++) print "0\topen300.map\t300\t300\t0\t0\t299\t299\t0" }' >"$d/slow.scen"
# Runs ARGS with the stop signals at their default, sends SIGNAL once
# the file WATCH is not empty (or after $T seconds), and prints the exit
# status as the shell gives it (128 + N for death by signal N).
signal_when_written() { # SIGNAL WATCH OUT ERR ARGS...
	python3 - "$@" <<'PY'
import os, signal, subprocess, sys, time
sig = getattr(signal, "SIG" + sys.argv[1])
watch, out, err = sys.argv[2], sys.argv[3], sys.argv[4]
def defaults():
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)
def empty():
    try:
        return os.path.getsize(watch) == 0
    except OSError:
        return True
with open(out, "wb") as o, open(err, "wb") as e:
    p = subprocess.Popen(sys.argv[5:], stdout=o, stderr=e,
                         preexec_fn=defaults)
    end = time.monotonic() + float(os.environ.get("T", "60"))
    while p.poll() is None and empty() and time.monotonic() < end:
        time.sleep(0.01)
    if p.poll() is None:
        p.send_signal(sig)
    st = p.wait()
print(128 - st if st < 0 else st)
PY
}
stopped() { # NAME SIGNAL EXPECTED_STATUS ARGS...
	name=$1 sig=$2 want=$3
	shift 3
	T=$T signal_when_written "$sig" "$d/$name.out" "$d/$name.out" "$d/$name.err" $A "$@" >"$d/$name.rc"
	st=$(cat "$d/$name.rc")
	if [ "$st" != "$want" ]; then
		fail "$name" "exit status $st, expected $want; stderr: $(head -c 300 "$d/$name.err")"
		return 1
	elif [ -s "$d/$name.err" ]; then
		fail "$name" "stderr: $(head -c 300 "$d/$name.err")"
		return 1
	elif [ ! -s "$d/$name.out" ]; then
		fail "$name" "nothing was written in $T s"
		return 1
	fi
	return 0
}
# ok NAME when NAME's output is whole JSON lines, at least one and fewer
# than ALL (the run was stopped midway).
json_lines_stopped() { # NAME ALL
	if python3 -c 'import json, sys
n = 0
for line in open(sys.argv[1], "rb"):
    json.loads(line)
    n += 1
sys.exit(0 if 0 < n < int(sys.argv[2]) else 1)' "$d/$1.out" "$2" 2>"$d/$1.py"; then
		ok "$1"
	else
		fail "$1" "a line that is not JSON, or no lines, or all: $(tail -n 1 "$d/$1.py")"
	fi
}
for j in 1 2; do
	for sig in INT TERM; do
		[ $sig = INT ] && want=130 || want=143
		name=stop-$sig-json-jobs-$j
		if stopped $name $sig $want -J$j --json -a dijkstra "$d/slow.scen"; then
			json_lines_stopped $name 6000
		fi
		rm -f "$d/$name.out"
	done
done
if stopped stop-tap INT 130 -J2 --report=tap -a dijkstra "$d/slow.scen"; then
	last=$(tail -n 1 "$d/stop-tap.out")
	if [ "$last" != "Bail out! interrupted" ] || grep -q '^1\.\.' "$d/stop-tap.out"; then
		fail stop-tap "the stream ends in '$last' (a plan: $(grep -c '^1\.\.' "$d/stop-tap.out"))"
	else
		ok stop-tap
	fi
fi
rm -f "$d/stop-tap.out"
# A graph run, whose results the main thread writes, file after file:
# stopped, it too leaves whole JSON lines and dies of the signal.
awk 'BEGIN { n = 150; print "p sp " n * n " " 4 * n * (n - 1)
	for (y = 0; y < n; y++) for (x = 0; x < n; x++) { v = y * n + x + 1
		if (x + 1 < n) { print "a " v " " v + 1 " 1"; print "a " v + 1 " " v " 1" }
		if (y + 1 < n) { print "a " v " " v + n " 1"; print "a " v + n " " v " 1" } } }' >"$d/g0.gr"
printf 'p aux sp p2p 10\n' >"$d/g0.p2p"
i=0
while [ $i -lt 10 ]; do echo "q 1 22500" >>"$d/g0.p2p"; i=$((i + 1)); done
graphs=
i=1
while [ $i -le 300 ]; do
	ln -s g0.gr "$d/g$i.gr" && ln -s g0.p2p "$d/g$i.p2p"
	graphs="$graphs $d/g$i.p2p"
	i=$((i + 1))
done
if stopped stop-INT-graph INT 130 -J1 --json -a dijkstra $graphs; then
	json_lines_stopped stop-INT-graph 3000
fi
rm -f "$d"/g*.gr "$d"/g*.p2p "$d/stop-INT-graph.out"
# Report files are written under new names and put in place at the end:
# a stop leaves the old JUnit file as it was and puts the TAP file, which
# says "Bail out!", in place; SIGKILL, which nothing can catch, leaves
# both old files as they were.
for sig in INT KILL; do
	name=stop-old-reports-$sig
	printf 'old junit\n' >"$d/old-$sig.xml"
	printf 'old tap\n' >"$d/old-$sig.tap"
	T=$T signal_when_written $sig "$d/$name.out" "$d/$name.out" "$d/$name.err" \
		$A -J2 --json -a dijkstra --report=junit:"$d/old-$sig.xml" \
		--report=tap:"$d/old-$sig.tap" "$d/slow.scen" >"$d/$name.rc"
	st=$(cat "$d/$name.rc")
	tap=$(tail -n 1 "$d/old-$sig.tap")
	if [ $sig = INT ]; then want=130 wtap="Bail out! interrupted"; else want=137 wtap="old tap"; fi
	if [ "$st" != $want ]; then
		fail $name "exit status $st, expected $want"
	elif [ "$(cat "$d/old-$sig.xml")" != "old junit" ]; then
		fail $name "the JUnit file was changed: $(head -c 100 "$d/old-$sig.xml")"
	elif [ "$tap" != "$wtap" ]; then
		fail $name "the TAP file ends in '$tap', expected '$wtap'"
	elif [ $sig = INT ] && ls -a "$d" | grep -q '^\.old-.*astar-'; then
		fail $name "a new name is left: $(ls -a "$d" | grep '^\.old-')"
	else
		ok $name
	fi
	rm -f "$d/$name.out" "$d"/.old-$sig.*astar-*
done
# Pictures: a stop while workers write them leaves each whole (a PNG
# ends in its IEND chunk), and none begun after it.  The signal comes
# as soon as the first picture file appears; 60 queries, each picture
# of the 300x300 floor taking far longer to write than its search.
mkdir "$d/pics"
head -n 61 "$d/slow.scen" >"$d/pics/p.scen"
cp "$d/open300.map" "$d/pics/"
st=$(T=$T signal_when_written TERM "$d/pics/0.png" "$d/pics.out" "$d/pics.err" $A -J4 -e --image="$d/pics/%d.png" "$d/pics/p.scen")
cut=$(for f in "$d"/pics/*.png; do
	[ "$(tail -c 8 "$f" | od -An -tx1 | tr -d ' ')" = 49454e44ae426082 ] || echo "$f"
done)
n=$(ls "$d/pics" | grep -c 'png$')
if [ "$st" != 143 ] || [ -s "$d/pics.err" ]; then
	fail stop-image "exit status $st; stderr: $(head -c 300 "$d/pics.err")"
elif [ -n "$cut" ] || [ "$n" -ge 60 ]; then
	fail stop-image "cut pictures: $cut ($n of 60 written)"
elif ls -a "$d/pics" | grep -q 'astar-'; then
	fail stop-image "a picture's new name is left: $(ls -a "$d/pics" | grep 'astar-' | head -n 3)"
else
	ok stop-image
fi
rm -rf "$d/pics"
# Prints a PNG's height and the colour of each pixel X,Y given (a
# negative X or Y counts from the right or the bottom): "H (R, G, B) ...".
# The pictures are 8-bit RGB; every PNG row filter is undone.
png_pixels() { # FILE X,Y...
	python3 - "$@" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], 'rb').read()
i, idat = 8, b''
while i < len(d):
    n, t = struct.unpack('>I4s', d[i:i + 8])
    if t == b'IHDR':
        w, h = struct.unpack('>II', d[i + 8:i + 16])
    elif t == b'IDAT':
        idat += d[i + 8:i + 8 + n]
    i += 12 + n
raw, rows, prev, n = zlib.decompress(idat), [], bytearray(3 * w), 3 * w + 1
for y in range(h):
    f, line = raw[y * n], bytearray(raw[y * n + 1:(y + 1) * n])
    for x in range(len(line)):
        a = line[x - 3] if x >= 3 else 0
        b, c = prev[x], (prev[x - 3] if x >= 3 else 0)
        p = a + b - c
        pr = a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (b if abs(p - b) <= abs(p - c) else c)
        line[x] = (line[x] + [0, a, b, (a + b) // 2, pr][f]) & 255
    rows.append(line)
    prev = line
out = [str(h)]
for xy in sys.argv[2:]:
    x, y = (int(v) for v in xy.split(','))
    x, y = x % w, y % h
    out.append(str(tuple(rows[y][3 * x:3 * x + 3])))
print(' '.join(out))
PY
}
# Markers on a picture one pixel high (a 3000x1 map at scale 1): the
# start's pixel green and the goal's red, not the outline's near-black
# that a marker taller than the picture was drawn in.
awk 'BEGIN { r = sprintf("%2998s", ""); gsub(/ /, ".", r); print "S" r "G" }' >"$d/thin.txt"
if ! $A --no-timing --image="$d/thin.png" "$d/thin.txt" >/dev/null 2>"$d/thin.err"; then
	fail image-thin-markers "astar failed: $(head -c 300 "$d/thin.err")"
elif got=$(png_pixels "$d/thin.png" 0,0 -1,0
) && [ "$got" = "1 (30, 170, 60) (225, 25, 35)" ]; then
	ok image-thin-markers
else
	fail image-thin-markers "height, start and goal pixels: $got"
fi
# A failed reach check's picture (--check --image): the flood as a heat
# map (a grey cell it does not reach, the scale under the map from near,
# yellow, to far, purple) and the target at fault red.
printf '{"width": 5, "height": 1, "rows": [".#..."], "points": {"spawn": [0, 0]},\n "reach": [{"from": "@spawn", "to": [3, 0]}]}\n' >"$d/reach.json"
$A --no-timing --check --scale=1 --image="$d/reach.png" "$d/reach.json" >/dev/null 2>&1
if [ $? -ne 1 ] || [ ! -f "$d/reach.png" ]; then
	fail image-reach-marks "astar did not fail the check with a picture"
elif got=$(png_pixels "$d/reach.png" 3,0 2,0 0,-1 -1,-1
) && [ "$got" = "9 (225, 25, 35) (150, 150, 150) (250, 232, 70) (52, 30, 110)" ]; then
	ok image-reach-marks
else
	fail image-reach-marks "height, target, unreached, scale pixels: $got"
fi
# --image across several check files, each holding several queries:
# %m names the file, %n the query's name made safe (a slash is no
# folder) or, without a name, its number; --image-failed draws only the
# failed check, numbered as in its file.
mkdir -p "$d/lv/all" "$d/lv/failed"
printf '{"width": 4, "height": 1, "rows": ["...."],\n "queries": [{"name": "to the door", "start": [0, 0], "goal": [3, 0], "expect": {"cost": 3}},\n  {"name": "back/out", "start": [3, 0], "goal": [0, 0], "expect": {"cost": 3}}]}\n' >"$d/lv/a.json"
printf '{"width": 3, "height": 1, "rows": ["..."],\n "queries": [{"start": [0, 0], "goal": [2, 0], "expect": {"cost": 2}},\n  {"name": "wrong", "start": [0, 0], "goal": [1, 0], "expect": {"cost": 5}}]}\n' >"$d/lv/b.json"
$A --check -J2 --image="$d/lv/all/%m-%n.png" "$d/lv/a.json" "$d/lv/b.json" >/dev/null 2>&1
st=$?
$A --check --image-failed --image="$d/lv/failed/%m-%d.png" "$d/lv/a.json" "$d/lv/b.json" >/dev/null 2>&1
st2=$?
got=$(cd "$d/lv" && ls all failed | tr '\n' ' ')
if [ $st = 1 ] && [ $st2 = 1 ] && [ "$got" = "all: a-back_out.png a-to_the_door.png b-0.png b-wrong.png  failed: b-1.png " ]; then
	ok image-batch-levels
else
	fail image-batch-levels "status $st, $st2; pictures: $got"
fi
# --image-failed on a graph: only the query whose check fails is drawn.
mkdir -p "$d/gr"
$A --check -q --image-failed --image="$d/gr/%m-%n.png" tests/fixtures/building-broken.json >/dev/null 2>&1
st=$?
got=$(ls "$d/gr" | tr '\n' ' ')
if [ $st = 1 ] && [ "$got" = "building-broken-office_back_out.png " ]; then
	ok image-failed-graph
else
	fail image-failed-graph "status $st; pictures: $got"
fi
# The PNG's Legend text (its tEXt chunk).
png_legend() { # FILE
	python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
i = 8
while i < len(d):
    n, t = struct.unpack('>I4s', d[i:i + 8])
    if t == b'tEXt' and d[i + 8:i + 15] == b'Legend\0':
        print(d[i + 15:i + 8 + n].decode())
    i += 12 + n
PY
}
# --flow draws the flow field, not the heat map of --distances: on a row
# whose start is at its west end, every cell steps west (red), a dark
# stroke from its centre toward the west; the heat map's cell is its
# heat.  Each picture's Legend says what it shows, not a path's colours.
printf 'S....\n' >"$d/row.txt"
$A --no-timing --distances --flow --scale=8 --image="$d/flow.png" "$d/row.txt" >/dev/null 2>&1
$A --no-timing --distances --scale=8 --image="$d/dist.png" "$d/row.txt" >/dev/null 2>&1
if cmp -s "$d/flow.png" "$d/dist.png"; then
	fail image-flow "the --flow picture is the --distances one"
elif got=$(png_pixels "$d/flow.png" 16,0 18,4 21,4 20,2
) && [ "$got" != "8 (220, 70, 70) (20, 20, 24) (220, 70, 70) (220, 70, 70)" ]; then
	fail image-flow "height, a west cell, its stroke west of the centre, east of it, above it: $got"
elif got=$(png_pixels "$d/dist.png" 16,0) && [ "$got" != "24 (214, 80, 64)" ]; then
	fail image-flow "the heat map's cell: $got"
else
	ok image-flow
fi
case $(png_legend "$d/dist.png") in
"distance map: "*path*) fail image-legend "the heat map's legend speaks of paths: $(png_legend "$d/dist.png")" ;;
"distance map: "*) case $(png_legend "$d/flow.png") in
	"flow field: "*west\ red*) ok image-legend ;;
	*) fail image-legend "the flow field's legend: $(png_legend "$d/flow.png")" ;;
	esac ;;
*) fail image-legend "the heat map's legend: $(png_legend "$d/dist.png")" ;;
esac
# Runs astar with ARGS on a terminal (a pty for its standard input,
# output and error) for at most $T seconds; prints its exit status
# ("hung" when it had to be killed), a space and all it wrote, its lines
# joined by "|".
on_terminal() { # ARGS...
	T=$T python3 - "$ASTAR" "$@" <<'PY'
import os, pty, select, signal, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b''
end = time.monotonic() + float(os.environ.get("T", "60"))
st = None
while st is None:
    if select.select([fd], [], [], 0.1)[0]:
        try:
            out += os.read(fd, 4096)
        except OSError:
            pass
    done, ws = os.waitpid(pid, os.WNOHANG)
    if done:
        st = os.waitstatus_to_exitcode(ws)
    elif time.monotonic() > end:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        st = "hung"
while select.select([fd], [], [], 0)[0]:  # what is left in the terminal
    try:
        b = os.read(fd, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
print(st, out.replace(b'\r\n', b'|').decode('utf-8', 'replace'))
PY
}
# --image=/dev/stdout with the standard output on a terminal: refused,
# not a PNG spilled into the terminal (the text still comes out).
got=$(on_terminal --no-timing --image=/dev/stdout maps/small.txt)
case $got in
*PNG*) fail image-stdout-terminal "a PNG in the terminal" ;;
"2 "*) case $got in
	*"is also the standard output; not drawing"*) case $got in
		*"found: yes"*) ok image-stdout-terminal ;;
		*) fail image-stdout-terminal "no results: $got" ;;
		esac ;;
	*) fail image-stdout-terminal "no message: $got" ;;
	esac ;;
*) fail image-stdout-terminal "status: $(echo "$got" | head -c 300)" ;;
esac
# No file and the standard input a terminal: the usage message and
# status 2 at once, not a wait for a map typed in.
got=$(on_terminal)
if [ "$got" = "2 usage: astar [options] [file ...]|Try 'astar --help' for more information.|" ]; then
	ok usage-stdin-terminal
else
	fail usage-stdin-terminal "status and output: $got"
fi
# A slow item: the results before it go out while it runs, not when
# stdio's buffer fills (or at the end).  Item 1 (from 0) is a FIFO nobody
# writes to until the first result is seen, so the run would wait
# forever for a writer if nothing came out; 72 map files make chunks of
# two items.  With threads the main thread flushes when it has waited
# 0.1 s for a worker's item; alone, before an item whose map is not a
# regular file.
mkfifo "$d/slowmap"
for j in 2 1; do
	python3 - "$d/slowmap" "$d/early.out" $A -J$j maps/small.txt "$d/slowmap" $(for i in $(seq 70); do echo maps/small.txt; done) <<'PY' >"$d/early.rc"
import os, subprocess, sys, time
fifo, out = sys.argv[1], sys.argv[2]
with open(out, "wb") as o:
    p = subprocess.Popen(sys.argv[3:], stdout=o, stderr=subprocess.DEVNULL)
    end = time.monotonic() + float(os.environ.get("T", "60"))
    while os.path.getsize(out) == 0 and time.monotonic() < end:
        time.sleep(0.01)
    early = os.path.getsize(out) > 0
    with open(fifo, "w") as f:  # then let the run end
        f.write(open("maps/small.txt").read())
    st = p.wait()
print("%d %s" % (st, "early" if early else "late"))
PY
	if [ "$(cat "$d/early.rc")" != "0 early" ]; then
		fail output-before-slow-item-jobs-$j "$(cat "$d/early.rc") (status; whether output came before the slow item ended)"
	else
		ok output-before-slow-item-jobs-$j
	fi
done
# One thread, a map from a FIFO whose writer is already waiting, after
# a little more output than a pipe holds (255x260 floor, 66 KB), read
# slowly, so that the flush before the FIFO waits: the FIFO is opened
# once, the normal way, so the writer's bytes are read (and astar ends).
# Then SIGINT during that flush, before a FIFO nobody writes: astar
# still dies of it (130), without waiting for a writer.
awk 'BEGIN { for (y = 0; y < 260; y++) { r = ""
	for (x = 0; x < 255; x++) r = r (x + y == 0 ? "S" : x == 254 && y == 259 ? "G" : ".")
	print r } }' >"$d/mid.txt"
python3 - "$d/slowmap" "$d/mid.txt" $A -J1 <<'PY' >"$d/fifo.rc"
import os, signal, subprocess, sys, threading, time
fifo, mid, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
T = float(os.environ.get("T", "60"))
def finish(p):  # (status or "hung", output)
    try:
        out = p.communicate(timeout=T)[0]
        return p.returncode, out
    except subprocess.TimeoutExpired:
        p.kill()
        return "hung", p.communicate()[0]
def writer(res):
    try:
        with open(fifo, "w") as f:
            f.write(open("maps/small.txt").read())
        res.append("wrote")
    except OSError:
        res.append("lost")
res = []
w = threading.Thread(target=writer, args=(res,), daemon=True)
w.start()
time.sleep(0.2)
p = subprocess.Popen(cmd + [mid, fifo], stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL)
time.sleep(1)
st, out = finish(p)
w.join(1)
first = "%s %s %d" % (st, res[0] if res else "waiting",
                      out.count(b"found: yes"))
# SIGINT at its default: a shell that starts a background job without
# job control (make check &, nohup, some CI runners) ignores SIGINT in
# it, and astar keeps a disposition it inherits ignored.
p = subprocess.Popen(cmd + [mid, fifo], stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
time.sleep(0.7)
p.send_signal(signal.SIGINT)
time.sleep(1)
print(first, finish(p)[0])
PY
set -- $(cat "$d/fifo.rc")
if [ "${1:-}" != 0 ] || [ "${2:-}" != wrote ] || [ "${3:-}" != 2 ]; then
	fail fifo-writer-first-jobs-1 "$(cat "$d/fifo.rc") (status, the writer, results found; then the SIGINT run's status)"
else
	ok fifo-writer-first-jobs-1
fi
if [ "${4:-}" != -2 ]; then
	fail stop-INT-while-flushing-jobs-1 "status ${4:-none}, expected -2 (SIGINT)"
else
	ok stop-INT-while-flushing-jobs-1
fi
mkfifo "$d/fifo"
# Some bytes first: a read interrupted after them must end too.
{ head -c 20 maps/small.txt; sleep 30; } >"$d/fifo" &
writer=$!
t0=$(date +%s)
timeout --preserve-status -s INT 1 $A -J1 - maps/small.txt <"$d/fifo" >"$d/stop-stdin.out" 2>"$d/stop-stdin.err"
st=$?
t1=$(date +%s)
kill $writer 2>/dev/null
if [ "$st" != 130 ] || [ -s "$d/stop-stdin.err" ] || [ -s "$d/stop-stdin.out" ]; then
	fail stop-stdin "exit status $st; stderr: $(head -c 300 "$d/stop-stdin.err")"
elif [ $((t1 - t0)) -gt 15 ]; then
	fail stop-stdin "it waited $((t1 - t0)) s for the silent input to end"
else
	ok stop-stdin
fi

# A write that nobody takes, with one thread (whose stop signals are
# blocked while it writes): a --image FIFO that no reader opens, so its
# open waits.  The run still dies of the signal, at the deadline (11 s
# after it), not never.
mkfifo "$d/nobody"
t0=$(date +%s)
timeout -k 40 --preserve-status -s INT 1 $A -J1 --no-timing --image="$d/nobody" maps/small.txt >"$d/stop-stuck.out" 2>"$d/stop-stuck.err"
st=$?
t1=$(date +%s)
if [ "$st" != 130 ] || [ -s "$d/stop-stuck.err" ]; then
	fail stop-stuck-write "exit status $st; stderr: $(head -c 300 "$d/stop-stuck.err")"
elif [ $((t1 - t0)) -gt 30 ]; then
	fail stop-stuck-write "it took $((t1 - t0)) s to die"
else
	ok stop-stuck-write
fi
# A --report FIFO that nobody reads: its open waits, and a stop signal
# ends the run by that signal, without a message (it was "Interrupted
# system call" and status 2).
timeout -k 40 --preserve-status -s TERM 1 $A --report=junit:"$d/nobody" maps/small.txt >"$d/stop-report.out" 2>"$d/stop-report.err"
st=$?
if [ "$st" != 143 ] || [ -s "$d/stop-report.err" ] || [ -s "$d/stop-report.out" ]; then
	fail stop-report-fifo "exit status $st; stderr: $(head -c 300 "$d/stop-report.err")"
else
	ok stop-report-fifo
fi

# --- a report file that is also an input is refused before anything
# is read or written, and the input is left as it was.
# (A folder of their own: a regression must not spoil the others' maps.)
mkdir "$d/victim"
cp maps/small.txt "$d/victim.txt"
cp maps/room.scen maps/room-32-32-4.map "$d/victim/"
echo "astar: $d/victim.txt: is also an input of this run; not overwriting it" >"$d/victim-err"
run report-input-tap 2 "$d/victim-err" "$A --report=tap:$d/victim.txt $d/victim.txt >$d/victim.out"
run report-input-junit 2 "$d/victim-err" "$A --report=junit:$d/victim.txt --report=tap maps/dungeon.txt $d/victim.txt >$d/victim.out"
echo "astar: $d/victim/room-32-32-4.map: is also an input of this run; not overwriting it" >"$d/victim-map-err"
run report-input-scen-map 2 "$d/victim-map-err" "$A --check --report=junit:$d/victim/room-32-32-4.map $d/victim/room.scen >$d/victim.out"
run report-input-stdin 2 "$d/victim-err" "$A --report=tap:$d/victim.txt - <$d/victim.txt >$d/victim.out"
# So is a --image picture that would overwrite an input, by any name
# (the same path, a hard link, standard input's file, a map a scenario
# names, picture 4 of room-32-32-%d.map here): that query's picture is
# not drawn, its results and the other pictures are.
cp maps/small.txt "$d/pic-victim.txt"
ln "$d/pic-victim.txt" "$d/pic-victim-link.txt"
$A --no-timing maps/small.txt >"$d/pic-victim-want.out" 2>&1
echo "astar: $d/pic-victim.txt: is also an input of this run; not overwriting it" >"$d/pic-victim-err"
echo "astar: $d/pic-victim-link.txt: is also an input of this run; not overwriting it" >"$d/pic-victim-link-err"
run image-input-map 2 "$d/pic-victim-err" "$A --no-timing --image=$d/pic-victim.txt $d/pic-victim.txt >$d/pic-victim.out"
cmp -s "$d/pic-victim-want.out" "$d/pic-victim.out" || fail image-input-map "results: $(head -c 200 "$d/pic-victim.out")"
run image-input-hard-link 2 "$d/pic-victim-link-err" "$A --no-timing --image=$d/pic-victim-link.txt $d/pic-victim.txt >$d/pic-victim.out"
run image-input-stdin 2 "$d/pic-victim-err" "$A --no-timing --image=$d/pic-victim.txt - <$d/pic-victim.txt >$d/pic-victim.out"
mkdir "$d/pic-scen"
cp maps/room.scen maps/room-32-32-4.map "$d/pic-scen/"
echo "astar: $d/pic-scen/room-32-32-4.map: is also an input of this run; not overwriting it" >"$d/pic-scen-err"
run image-input-scen-map 2 "$d/pic-scen-err" "$A -J2 --image=$d/pic-scen/room-32-32-%d.map --scen $d/pic-scen/room.scen >/dev/null"
pngs=$(for i in 0 1 2 3; do head -c 4 "$d/pic-scen/room-32-32-$i.map" | tail -c 3; done)
if ! cmp -s maps/small.txt "$d/pic-victim.txt" || ! cmp -s maps/room-32-32-4.map "$d/pic-scen/room-32-32-4.map"; then
	fail image-input-intact "an input named as a picture was changed"
elif [ "$pngs" != PNGPNGPNGPNG ]; then
	fail image-input-intact "the other pictures: $pngs"
else
	ok image-input-intact
fi
# One file for both reports: refused, and left as it was.
echo keep >"$d/both.txt"
echo "astar: $d/both.txt: is named by both --report=tap and --report=junit; give each its own file" >"$d/both-err"
run report-both-one-file 2 "$d/both-err" "$A --report=tap:$d/both.txt --report=junit:$d/both.txt maps/small.txt >$d/victim.out"
ln -s both.txt "$d/both-link.txt"
echo "astar: $d/both-link.txt: is named by both --report=tap and --report=junit; give each its own file" >"$d/both-link-err"
run report-both-one-file-link 2 "$d/both-link-err" "$A --report=tap:$d/both.txt --report=junit:$d/both-link.txt maps/small.txt >$d/victim.out"
# ... also when it does not exist yet, and then it is not left behind.
echo "astar: $d/./new.txt: is named by both --report=tap and --report=junit; give each its own file" >"$d/both-new-err"
run report-both-new-file 2 "$d/both-new-err" "$A --report=tap:$d/new.txt --report=junit:$d/./new.txt maps/small.txt >$d/victim.out"
# Not a regular file: nothing to overwrite, so both may name it.
run report-both-dev-null 0 /dev/null "$A --report=tap:/dev/null --report=junit:/dev/null maps/small.txt >$d/victim.out"
# A JUnit path that cannot be opened leaves the TAP file as it was.
echo "astar: $d/no/such/dir.xml: No such file or directory" >"$d/nodir-err"
run report-junit-unopenable 2 "$d/nodir-err" "$A --report=tap:$d/both.txt --report=junit:$d/no/such/dir.xml maps/small.txt >$d/victim.out"
run report-junit-unopenable-new-tap 2 "$d/nodir-err" "$A --report=tap:$d/new.txt --report=junit:$d/no/such/dir.xml maps/small.txt >$d/victim.out"
if [ -e "$d/new.txt" ]; then
	fail report-new-not-left "a report file the refused run created is left: $d/new.txt"
else
	ok report-new-not-left
fi
# A report named by a link to a file not there yet is written there, as
# a shell's > would (it was "No such file or directory").
ln -s link-target.xml "$d/dangling.xml"
run report-dangling-link 0 /dev/null "$A --report=junit:$d/dangling.xml maps/small.txt >$d/dangling.out"
if ! grep -q '^<testsuites' "$d/link-target.xml" 2>/dev/null; then
	fail report-dangling-link-target "no report in the link's target"
else
	ok report-dangling-link-target
fi
# A report written over a longer file leaves none of the old bytes.
awk 'BEGIN { for (i = 0; i < 2000; i++) print "old junk line" }' >"$d/long.tap"
$A --report=tap:"$d/long.tap" maps/small.txt >/dev/null 2>&1
if [ "$(head -n 1 "$d/long.tap")" != "TAP version 13" ] || grep -q junk "$d/long.tap"; then
	fail report-over-longer "old bytes are left: $(head -c 200 "$d/long.tap")"
else
	ok report-over-longer
fi
if [ "$(cat "$d/both.txt")" != keep ]; then
	fail report-both-intact "a refused or failed report emptied $d/both.txt"
else
	ok report-both-intact
fi
if ! cmp -s maps/small.txt "$d/victim.txt" || ! cmp -s maps/room-32-32-4.map "$d/victim/room-32-32-4.map"; then
	fail report-input-intact "an input named as the report was changed"
elif [ -s "$d/victim.out" ]; then
	fail report-input-intact "output before the refusal: $(head -c 200 "$d/victim.out")"
else
	ok report-input-intact
fi

# --- a scenario file whose path is 1000 bytes long: its queries are
# still named by the whole path and their lines, in text lines, --check
# mismatches and TAP (they were cut at 511 bytes, the lines with them).
long=$d/$(printf 'd%.0s' $(seq 200))
long=$long/${long##*/}/${long##*/}/${long##*/}/${long##*/}
mkdir -p "$long"
cp maps/room.scen maps/room-32-32-4.map "$long/"
sed '2s/23.65685425/99/' "$long/room.scen" >"$long/bad.scen"
$A --no-timing "$long/room.scen" >"$d/long.txt" 2>&1
$A --check "$long/bad.scen" >"$d/long-check.txt" 2>&1
$A --check --report=tap "$long/room.scen" >"$d/long.tap" 2>&1
if [ "$(sed -n 1p "$d/long.txt")" != "$long/room.scen:2: 21,14 -> 9,0: cost 23.65685425, 22 steps, 67 expanded" ]; then
	fail long-path-names "text line: $(sed -n 1p "$d/long.txt" | tail -c 100)"
elif [ "$(sed -n 1p "$d/long-check.txt")" != "$long/bad.scen:2: expected cost 99, got 23.65685425" ]; then
	fail long-path-names "mismatch: $(sed -n 1p "$d/long-check.txt" | tail -c 100)"
elif [ "$(grep -c "^ok [0-9] - $long/room.scen:[2-6]\$" "$d/long.tap")" != 5 ]; then
	fail long-path-names "TAP: $(sed -n 3p "$d/long.tap" | tail -c 100)"
else
	ok long-path-names
fi

# --- a pipe closed after 100000 bytes: the bytes written are the start
# of the complete output, whole lines then at most one cut line.
timeout "$T" $A --json --jobs=1 "$d/many.scen" >"$d/whole.json" 2>"$d/whole.err"
st=$?
if [ $st != 0 ]; then
	fail cut-json-batch "the whole batch exited $st: $(head -c 300 "$d/whole.err")"
else
	for j in 1 2; do
		timeout "$T" sh -c "{ $A --json --jobs=$j $d/many.scen 2>$d/cut$j.err; echo \$? >$d/cut$j.rc; } | head -c 100000 >$d/cut$j.json"
		st=$(cat "$d/cut$j.rc" 2>/dev/null)
		n=$(wc -c <"$d/cut$j.json")
		if [ "$st" != 141 ] || ! cmp -s "$d/epipe" "$d/cut$j.err"; then
			fail cut-json-batch-jobs-$j "exit status ${st:-none}; stderr: $(head -c 300 "$d/cut$j.err")"
		elif [ "$n" != 100000 ] || ! head -c 100000 "$d/whole.json" | cmp -s - "$d/cut$j.json"; then
			fail cut-json-batch-jobs-$j "the first $n bytes differ from the complete output's"
		else
			ok cut-json-batch-jobs-$j
		fi
	done
fi

# --- determinism: --jobs changes nothing but the speed.
for fmt in text json; do
	f=
	[ $fmt = json ] && f=--json
	ref=
	for j in 1 2 3; do
		timeout "$T" $A $f --jobs=$j "$d/many.scen" tests/fixtures/arena.scen \
			maps/dungeon.txt >"$d/det-$fmt-$j.out" 2>"$d/det-$fmt-$j.err"
		echo $? >>"$d/det-$fmt-$j.err"
	done
	if cmp -s "$d/det-$fmt-1.out" "$d/det-$fmt-2.out" && cmp -s "$d/det-$fmt-1.out" "$d/det-$fmt-3.out" &&
		cmp -s "$d/det-$fmt-1.err" "$d/det-$fmt-2.err" && cmp -s "$d/det-$fmt-1.err" "$d/det-$fmt-3.err"; then
		ok "jobs-identical-$fmt"
	else
		fail "jobs-identical-$fmt" "output differs between --jobs=1, 2 and 3"
	fi
done

# --- both streams into one file (2>&1, as in a CI log): a map's error
# comes on a line of its own, after the results of the inputs before it
# and before those after it, however many threads.
timeout "$T" $A --json "$d/many.scen" >"$d/merge-first.out" 2>/dev/null
timeout "$T" $A --json "$d/many.scen" maps/door.txt "$d/many.scen" >"$d/merge-ref.out" 2>"$d/merge-ref.err"
at=$(($(wc -l <"$d/merge-first.out") + 1))
for j in 1 2 3; do
	timeout "$T" $A --json --jobs=$j "$d/many.scen" maps/door.txt "$d/many.scen" >"$d/merge-$j.out" 2>&1
	if [ "$(grep -n '^astar: ' "$d/merge-$j.out")" != "$at:$(cat "$d/merge-ref.err")" ] ||
		! grep -v '^astar: ' "$d/merge-$j.out" | cmp -s - "$d/merge-ref.out"; then
		fail "merged-streams-jobs-$j" "the message is not line $at alone: $(grep -n '^astar: ' "$d/merge-$j.out" | head -c 300)"
	else
		ok "merged-streams-jobs-$j"
	fi
done

# --- the default thread count follows the CPU affinity (taskset, a
# container's CPU set), as nproc does: on one allowed processor a batch
# starts no worker: while standard input (a FIFO nobody writes) keeps
# the run waiting, it has as many threads as with -J1 (the main one and
# the signal catcher, and a sanitizer's own).  With two or more allowed
# it has workers too.
mkfifo "$d/affinity"
python3 - "$d/affinity" $A - maps/small.txt maps/small.txt <<'PY' >"$d/affinity.rc"
import os, signal, subprocess, sys, time
fifo, cmd = sys.argv[1], sys.argv[2:]
def threads(cpus, opts=[]):
    keep = os.open(fifo, os.O_RDWR)  # a writer that never writes
    with open(fifo, "rb") as stdin:
        p = subprocess.Popen(cmd[:1] + opts + cmd[1:], stdin=stdin, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL,
                             preexec_fn=lambda: os.sched_setaffinity(0, cpus))
    time.sleep(0.5)
    n = [l.split()[1] for l in open("/proc/%d/status" % p.pid)
         if l.startswith("Threads:")][0]
    p.send_signal(signal.SIGTERM)
    p.wait()
    os.close(keep)
    return int(n)
allowed = sorted(os.sched_getaffinity(0))
base = threads(set(allowed), ["-J1"])
one = threads({allowed[0]})
more = threads(set(allowed)) if len(allowed) > 1 else None
print(base, one, more)
PY
read base one more <"$d/affinity.rc"
if [ "$one" != "$base" ]; then
	fail jobs-follow-affinity "$one threads on one allowed processor, $base with -J1"
elif [ "$more" != None ] && [ "$more" -le "$base" ]; then
	fail jobs-follow-affinity "$more threads on all processors, expected workers too"
else
	ok jobs-follow-affinity
fi

# --- standard input named three times, on up to three threads: it is
# read once, and every "-" is that map (threads that each read stdin
# split a large map between them, differently from run to run).
python3 -c "
print('S' + '.' * 511)
for _ in range(510): print('.' * 512)
print('.' * 511 + 'G')" >"$d/wide.txt"
stdin_ok=1
for j in 1 2 3 2 3 2 3; do
	timeout "$T" $A --no-timing --jobs=$j - - - <"$d/wide.txt" >"$d/stdin-$j.out" 2>"$d/stdin-$j.err"
	echo $? >>"$d/stdin-$j.err"
	if [ "$(cat "$d/stdin-$j.err")" != 0 ] || [ "$(grep -c '^cost: 1022$' "$d/stdin-$j.out")" != 3 ] ||
		! cmp -s "$d/stdin-1.out" "$d/stdin-$j.out"; then
		stdin_ok=0
		fail "stdin-three-times-jobs-$j" "status and stderr: $(head -c 300 "$d/stdin-$j.err")"
	fi
done
[ $stdin_ok = 1 ] && ok stdin-three-times

# --- diagnostics past 64 KiB in one item (each thread hands such a buffer
# over whole instead of copying it): two copies of a map whose 2000
# queries all start on a wall, around one good map.  stderr must be every
# message, in order, for each copy; stdout the good map's result alone.
{
	printf '{"width": 3, "height": 3, "rows": ["...", ".#.", "..."], "queries": ['
	i=0
	while [ $i -lt 2000 ]; do
		[ $i -gt 0 ] && printf ', '
		printf '{"start": [1, 1], "goal": [0, 0]}'
		i=$((i + 1))
	done
	printf ']}\n'
} >"$d/walls.json"
# Each message at its query's start: line 1, the column after the text
# before the queries, 35 bytes a query ('{"start": [1, 1], ...}, '), and
# 10 into one.
pre='{"width": 3, "height": 3, "rows": ["...", ".#.", "..."], "queries": ['
i=0
while [ $i -lt 2000 ]; do
	echo "astar: $d/walls.json:1:$((${#pre} + 35 * i + 11)): queries[$i]: start 1,1 is blocked"
	i=$((i + 1))
done >"$d/walls.err1"
cat "$d/walls.err1" "$d/walls.err1" >"$d/walls.err"
$A --no-timing --json maps/dungeon.txt >"$d/dungeon.json" 2>/dev/null
for j in 1 2; do
	timeout "$T" $A --no-timing --json --jobs=$j "$d/walls.json" maps/dungeon.txt "$d/walls.json" \
		>"$d/walls-$j.out" 2>"$d/walls-$j.err"
	st=$?
	if [ $st != 2 ]; then
		fail big-diagnostics-jobs-$j "exit status $st, expected 2"
	elif ! cmp -s "$d/walls.err" "$d/walls-$j.err"; then
		fail big-diagnostics-jobs-$j "stderr is not the 4000 messages in order: $(diff "$d/walls.err" "$d/walls-$j.err" | head -n 3)"
	elif ! cmp -s "$d/dungeon.json" "$d/walls-$j.out"; then
		fail big-diagnostics-jobs-$j "stdout is not dungeon.txt's result alone"
	else
		ok big-diagnostics-jobs-$j
	fi
done

# The same for standard output: big.txt's record (a path of 300 rows of
# 599 steps and 299 turns of 2, 1.7 MB of JSON) between two small ones.
want=$((300 * 599 + 299 * 2))
for j in 1 2; do
	timeout "$T" $A --no-timing --json --jobs=$j maps/dungeon.txt "$d/big.txt" maps/dungeon.txt \
		>"$d/bigout-$j.out" 2>"$d/bigout-$j.err"
	st=$?
	sed -n 2p "$d/bigout-$j.out" >"$d/bigout-$j.line"
	steps=$(grep -o '"steps":[0-9]*' "$d/bigout-$j.line" | cut -d: -f2)
	joins=$(grep -o '\],\[' "$d/bigout-$j.line" | wc -l)
	if [ $st != 0 ] || [ -s "$d/bigout-$j.err" ]; then
		fail big-output-jobs-$j "exit status $st; stderr: $(head -c 300 "$d/bigout-$j.err")"
	elif [ "$(wc -l <"$d/bigout-$j.out")" != 3 ] || [ "$steps" != "$want" ] || [ "$joins" != "$want" ] ||
		[ "$(tail -c 2 "$d/bigout-$j.line")" != "}" ]; then
		fail big-output-jobs-$j "the big record is not whole: steps ${steps:-none}, $joins points joined, want $want"
	elif [ "$(sed -n 1p "$d/bigout-$j.out")" != "$(cat "$d/dungeon.json")" ] ||
		[ "$(sed -n 3p "$d/bigout-$j.out")" != "$(cat "$d/dungeon.json")" ]; then
		fail big-output-jobs-$j "the small records around it differ from dungeon.txt's alone"
	else
		ok big-output-jobs-$j
	fi
done

# --- coordinates of five and six digits: a one-row map 123457 cells wide,
# walked end to end, backwards.  The JSON path must be every point from
# 123456 down to 0, as awk writes them (the goldens reach four digits).
awk 'BEGIN { r = ""; for (x = 0; x < 123457; x++) r = r "."; print r }' >"$d/wide.txt"
awk 'BEGIN { printf "\"path\":["
	for (x = 123456; x >= 0; x--) printf "%s[%d,0]", (x < 123456 ? "," : ""), x
	printf "]\n" }' >"$d/wide.want"
timeout "$T" $A --no-timing --json -s 123456,0 -g 0,0 "$d/wide.txt" >"$d/wide.out" 2>"$d/wide.err"
st=$?
grep -o '"path":\[[^"]*\]' "$d/wide.out" | sed 's/,$//' >"$d/wide.got"
if [ $st != 0 ] || [ -s "$d/wide.err" ]; then
	fail wide-coordinates "exit status $st; stderr: $(head -c 300 "$d/wide.err")"
elif ! cmp -s "$d/wide.want" "$d/wide.got"; then
	fail wide-coordinates "the path is not 123456,0 down to 0,0: $(cmp "$d/wide.want" "$d/wide.got" 2>&1 | head -c 200)"
else
	ok wide-coordinates
fi

# --- file names that are not UTF-8: JSON strings and the JUnit report (an
# XML document that says it is UTF-8) hold Unicode text, so each byte that
# does not start a well-formed UTF-8 sequence is written as U+FFFD (EF BF
# BD); well-formed sequences of two, three and four bytes stay as they
# are.  Each name below is followed by what its "map" member must read:
# a Latin-1 e-acute; an overlong '/' (C0 AF), a surrogate (ED A0 80), a
# code point past U+10FFFF (F4 90 80 80) and '/' overlong in three and
# four bytes (E0 80 AF, F0 80 80 AF), each byte replaced; a
# three-byte sequence cut after two bytes; e-acute, the euro sign and an
# emoji in UTF-8.
R='\357\277\275'
i=0
for pair in "caf\351:caf$R" "a\300\257b:a$R${R}b" "s\355\240\200:s$R$R$R" \
	"m\364\220\200\200:m$R$R$R$R" "o\340\200\257:o$R$R$R" \
	"p\360\200\200\257:p$R$R$R$R" "c\342\202:c$R$R" \
	"caf\303\251-\342\202\254-\360\237\230\200:caf\303\251-\342\202\254-\360\237\230\200"; do
	i=$((i + 1))
	name=$(printf "${pair%%:*}.txt")
	want=$(printf "${pair#*:}.txt")
	cp maps/dungeon.txt "$d/$name"
	timeout "$T" $A --no-timing --json "$d/$name" >"$d/name-$i.out" 2>"$d/name-$i.err"
	st=$?
	if [ $st != 0 ] || [ -s "$d/name-$i.err" ]; then
		fail json-file-name-$i "exit status $st; stderr: $(head -c 300 "$d/name-$i.err")"
	elif ! LC_ALL=C grep -qF "{\"map\":\"$d/$want\"," "$d/name-$i.out"; then
		fail json-file-name-$i "the map member is not $d/$want: $(head -c 120 "$d/name-$i.out")"
	else
		ok json-file-name-$i
	fi
done
# The same in a scenario file's name and the map name it holds, in the
# JSON records and in the JUnit report's test names.
sname=$(printf 'sc\377.scen')
mname=$(printf 'caf\351.txt')
printf '..\n..\n' >"$d/$mname"
printf 'version 1\n0\t%s\t2\t2\t0\t0\t1\t0\t2\n' "$d/$mname" >"$d/$sname"
timeout "$T" $A --no-timing --json --scen "$d/$sname" >"$d/sname.out" 2>"$d/sname.err"
st=$?
if [ $st != 0 ] || [ -s "$d/sname.err" ] ||
	! LC_ALL=C grep -qF "\"map\":\"$d/caf$(printf "$R").txt\"" "$d/sname.out" ||
	! LC_ALL=C grep -qF "\"scen\":\"$d/sc$(printf "$R").scen\"" "$d/sname.out"; then
	fail json-scen-name "exit status $st; $(head -c 300 "$d/sname.err" "$d/sname.out")"
else
	ok json-scen-name
fi
timeout "$T" $A --check --report=junit:"$d/sname.xml" --scen "$d/$sname" >/dev/null 2>&1
st=$?
if [ $st != 1 ] || ! LC_ALL=C grep -qF "name=\"$d/sc$(printf "$R").scen:2\"" "$d/sname.xml" ||
	LC_ALL=C grep -q "$(printf '\377')" "$d/sname.xml"; then
	fail junit-file-name "exit status $st (want 1: the query's cost is 1, not 2); $(head -c 400 "$d/sname.xml")"
else
	ok junit-file-name
fi
# A newline in a file name: a query's report message is its whole
# diagnostic, not what follows the name's newline.
mkdir "$d/nl"
printf '#x\n' >"$d/nl/a
b.txt"
printf 'version 1\n0\tnope\n' >"$d/nl/s
c.scen"
timeout "$T" $A --report=tap "$d/nl/a
b.txt" "$d/nl/s
c.scen" >"$d/nl.tap" 2>/dev/null
st=$?
if [ $st != 2 ] ||
	! grep -qF "message: \"$d/nl/a\\x0ab.txt:1:2: unknown map character 'x'\"" "$d/nl.tap" ||
	! grep -qF "message: \"$d/nl/s\\x0ac.scen:2:1: expected 9 fields, got 2\"" "$d/nl.tap"; then
	fail report-newline-name "exit status $st; $(grep message "$d/nl.tap" | head -c 400)"
else
	ok report-newline-name
fi

# --- unreadable files.  Root reads anything: as root these run as
# nobody (setpriv), in a folder under /tmp that nobody may enter; they
# are skipped when that cannot be done.
as=
u=$(mktemp -d /tmp/astar-unreadable.XXXXXX) && chmod 755 "$u"
if [ "$(id -u)" = 0 ]; then
	as="setpriv --reuid=65534 --regid=65534 --clear-groups"
	$as $ASTAR --version >/dev/null 2>&1 || as=none
fi
if [ "$as" = none ] || [ ! -d "$u" ]; then
	skip unreadable-map "running as root, and nobody cannot run $ASTAR here"
	skip unreadable-scen-map "running as root, and nobody cannot run $ASTAR here"
else
	cp maps/dungeon.txt "$u/unreadable.txt"
	chmod 000 "$u/unreadable.txt"
	echo "astar: $u/unreadable.txt: Permission denied" >"$d/eacces"
	run unreadable-map 2 "$d/eacces" "$as $A $u/unreadable.txt"
	# A scenario's map named by an absolute path that exists but cannot
	# be read: its error is the one given, not that of the map beside
	# the scenario file, which the lookup tries next and is not there.
	mkdir "$u/q"
	chmod 755 "$u/q"
	printf 'version 1\n0\t%s\t40\t17\t1\t1\t36\t15\t0\n' "$u/unreadable.txt" >"$u/q/s.scen"
	chmod 644 "$u/q/s.scen"
	printf 'astar: %s: map %s could not be read: Permission denied (looked for %s and %s)\n' \
		"$u/q/s.scen" "$u/unreadable.txt" "$u/unreadable.txt" "$u/q/unreadable.txt" >"$d/eacces-scen"
	run unreadable-scen-map 2 "$d/eacces-scen" "$as $A $u/q/s.scen"
fi
rm -rf "$u"

# --- a failed allocation: a 20000x20000 map within a raised --max-cells,
# under a 200 MB address-space limit.
if grep -qE '__[at]san_init' "$ASTAR" 2>/dev/null; then
	skip out-of-memory "sanitizer build"
else
	printf 'type octile\nheight 20000\nwidth 20000\nmap\n...\n' >"$d/huge.map"
	echo "astar: $d/huge.map:4:1: 20000x20000 map: out of memory" >"$d/enomem"
	run out-of-memory 2 "$d/enomem" "ulimit -v 200000; $A --max-cells=400000000 $d/huge.map"

	# A scenario file over 60 maps of 2000x2000 (4 MB each; links to
	# one file, each its own map by its path): each map is freed after
	# its last query, so the batch fits in 200 MB of address space,
	# where keeping them all would take more than 240 MB.
	mkdir "$d/many-maps"
	awk 'BEGIN { print "type octile\nheight 2000\nwidth 2000\nmap"
		r = sprintf("%2000s", ""); gsub(/ /, ".", r)
		for (y = 0; y < 2000; y++) print r }' >"$d/many-maps/open.map"
	{
		echo "version 1"
		i=1
		while [ $i -le 60 ]; do
			ln -s open.map "$d/many-maps/m$i.map"
			printf '0\tm%d.map\t2000\t2000\t0\t0\t1\t0\t1\n' $i
			i=$((i + 1))
		done
	} >"$d/many-maps/all.scen"
	: >"$d/empty"
	run maps-freed 0 "$d/empty" "ulimit -v 200000; $A -J1 --check $d/many-maps/all.scen >$d/many-maps/out"

	# A search that fits in 480 MB but whose JSON record does not (all
	# 9 million cells of a 3000x3000 floor explored, some 100 MB of
	# text): that query fails, and the next file's record still comes
	# out.  (The record needs some 220 MB beyond the search: it fails
	# from about 380 to 600 MB here.)
	awk 'BEGIN { r = sprintf("%3000s", ""); gsub(/ /, ".", r)
		print "S" substr(r, 2); for (y = 1; y < 2999; y++) print r
		print substr(r, 2) "G" }' >"$d/open3000.txt"
	echo "astar: $d/open3000.txt: out of memory" >"$d/enomem-out"
	run record-out-of-memory 2 "$d/enomem-out" \
		"ulimit -v 480000; $A -J1 --no-timing --json --explored -a dijkstra $d/open3000.txt maps/small.txt >$d/oom.json"
	if [ "$(wc -l <"$d/oom.json")" != 1 ] || ! grep -q '"map":"maps/small.txt"' "$d/oom.json"; then
		fail record-out-of-memory-next "the next file's record is missing: $(head -c 200 "$d/oom.json")"
	else
		ok record-out-of-memory-next
	fi

	# A JSON map whose tree (some 40 bytes a number) does not fit: jansson
	# gives no message then, and astar says "out of memory" for that map
	# (it said "FILE:1:1: " and nothing more); the next file still runs.
	awk 'BEGIN { r = "1"; for (x = 1; x < 2000; x++) r = r ",1"
		printf "{\"width\": 2000, \"height\": 2000, \"cells\": ["
		for (y = 0; y < 2000; y++) printf "%s[%s]", (y ? "," : ""), r
		print "]}" }' >"$d/cells2000.json"
	echo "astar: $d/cells2000.json: out of memory" >"$d/json-enomem"
	run json-tree-out-of-memory 2 "$d/json-enomem" \
		"ulimit -v 150000; $A -J1 --json $d/cells2000.json maps/small.txt >$d/jsonoom.json"
	if ! grep -q '"map":"maps/small.txt"' "$d/jsonoom.json"; then
		fail json-tree-out-of-memory-next "the next file's record is missing"
	else
		ok json-tree-out-of-memory-next
	fi
	# The same map over --max-cells is refused before that tree is built,
	# in a few megabytes.
	echo "astar: $d/cells2000.json:1:11: the map has 2000x2000 = 4000000 cells, more than the limit of 1000 (raise it with --max-cells)" >"$d/json-max"
	run json-max-cells-before-tree 2 "$d/json-max" \
		"ulimit -v 150000; $A -J1 --max-cells=1000 $d/cells2000.json"
fi

echo "output: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
