#!/bin/sh
# tests/suite-docs.sh - README.md, man/astar.1, --help and the bash
# completion stay true and agree with each other.
#
# 1. Examples.  Every ```console block in README.md and docs/guide.md
#    holds "$ COMMAND"
#    lines, each followed by the output it prints.  In man/astar.1 every
#    literal display (.Bd -literal) whose first line starts with "$ " is
#    an example in the same form, where a line starting with "> "
#    continues the command and an output line starting with a space
#    continues the line before it (long JSON lines are shown wrapped).
#    Each command runs under sh with ./astar first in PATH, in a scratch
#    folder where maps/ is the tree's maps/; its standard output and
#    standard error together are compared with what the document shows.
#    A line "(exit N)" after the output states a non-zero exit status;
#    "time:" lines are left out of the comparison.
# 2. Options.  The long and short options of `astar --help`, of the
#    option list in the man page's DESCRIPTION (its .It Fl entries) and
#    of completion/astar.bash are the same
#    sets; the values the completion offers for the options that take a
#    word are those astar's own error message lists.
# 3. The man page's SYNOPSIS, rendered, is the usage line of --help.
# 4. `mandoc -T lint -W warning man/astar.1` says nothing.
# 5. The packages README.md says `make deps` installs are the Makefile's.
# 6. Every error message of the golden cases is listed in DIAGNOSTICS,
#    and so are those of ASCII maps too large for a golden case (a row of
#    1000001 cells, 1000001 rows), whose exact messages and status are
#    checked here; and every entry of DIAGNOSTICS is a message that a
#    golden case or tests/suite-output.sh expects.
# 7. The README's pictures: the counts of expanded cells above them and
#    the cost of their paths are what astar prints for that query (on
#    dao/arena2.map of the benchmark sets; left out, and said so, where
#    the sets are not).
# 8. The README's CI examples: its GitLab job with --shard=auto, each
#    parallel copy run with the variables set by hand, and its GNU
#    parallel line; together they are the whole batch.
# 9. The README's GitHub Actions workflow, as far as it runs without
#    GitHub: its astar steps on a folder of levels, the annotations at
#    the places of the failed queries, then --update and a green check.
# 10. Every source file that docs/design.md's "The house" names
#    (`name.c`, `name.h`) is in the tree (the design's later sections name
#    files still to come), and every .c of src/ is named there: the map of
#    the house stays true when a file is split or renamed.
#
# `sh tests/suite-docs.sh --update` rewrites the outputs of README.md and
# docs/guide.md in place.
# Last line: "docs: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
out=tests/out/docs
rm -rf "$out"
mkdir -p "$out/run"
top=$(pwd)
ln -s "$top/maps" "$out/run/maps"
bindir=$(cd "$(dirname "$ASTAR")" && pwd)
[ "$(basename "$ASTAR")" = astar ] || { mkdir -p "$out/bin"; ln -s "$(cd "$(dirname "$ASTAR")" && pwd)/$(basename "$ASTAR")" "$out/bin/astar"; bindir=$top/$out/bin; }
update=0
[ "${1:-}" = --update ] && update=1
# The documents whose ```console blocks are examples run and compared.
guides="README.md docs/guide.md"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# ---------------------------------------------------------------- 1. examples
awk -v outdir="$out" '
	/^```console$/ { inblock = 1; next }
	inblock && /^```$/ { inblock = 0; next }
	inblock && /^\$ / { cmds++; f = sprintf("%s/cmd%03d", outdir, cmds);
		print substr($0, 3) > (f ".cmd"); close(f ".cmd");
		print FILENAME > (f ".src"); close(f ".src");
		printf "" > (f ".want"); next }
	inblock { print > (sprintf("%s/cmd%03d", outdir, cmds) ".want") }
	END { print cmds + 0 > (outdir "/readme.count") }
' $guides
first=$(($(cat "$out/readme.count") + 1))
awk -v outdir="$out" -v n="$first" '
	function flush() {
		if (f == "") return
		printf "%s", cmd > (f ".cmd"); close(f ".cmd")
		printf "%s", want > (f ".want"); close(f ".want")
		print "man/astar.1:" line > (f ".src"); close(f ".src")
		f = ""
	}
	/^\.Bd -literal/ { lit = 1; firstline = 1; ex = 0; next }
	lit && /^\.Ed/ { flush(); lit = 0; ex = 0; next }
	!lit { next }
	{ gsub(/\\&/, ""); gsub(/\\e/, "\\") }
	firstline { firstline = 0; ex = /^\$ / }
	!ex { next }
	/^\$ / { flush(); f = sprintf("%s/cmd%03d", outdir, n++); line = NR
		cmd = substr($0, 3) "\n"; want = ""; next }
	/^> / && want == "" { cmd = cmd substr($0, 3) "\n"; next }
	/^ / && want != "" { want = substr(want, 1, length(want) - 1) substr($0, 2) "\n"; next }
	{ want = want $0 "\n" }
' man/astar.1

nex=0
for c in "$out"/cmd*.cmd; do
	[ -f "$c" ] || continue
	b=${c%.cmd}
	nex=$((nex + 1))
	(cd "$out/run" && PATH="$bindir:$PATH" NO_COLOR=1 sh -c "$(cat "$top/$c")" \
		>"$top/$b.got" 2>&1; rc=$?
	 [ $rc -ne 0 ] && echo "(exit $rc)" >>"$top/$b.got") </dev/null
	grep -v '^time: ' "$b.got" >"$b.g2"
	grep -v '^time: ' "$b.want" >"$b.w2"
	label="$(cat "$b.src"): $(head -n 1 "$c")"
	if cmp -s "$b.g2" "$b.w2"; then
		ok "$label"
	else
		fail "$label"
		diff "$b.w2" "$b.g2" | head -n 10
	fi
done
[ "$nex" -gt "$first" ] || fail "no examples found in the man page"

# ---------------------------------------------------------------- 2. options
# Each list: one option a line, "--long" or "-x", sorted.
"$ASTAR" --help >"$out/help.txt" 2>&1
sed -n 's/^  *\(-[A-Za-z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\1\2/p' "$out/help.txt" |
	tr ',' '\n' | sed 's/^ *//' | grep . | sort >"$out/opts.help"
awk '/^\.Sh /{ sec = $0 } sec == ".Sh DESCRIPTION" && /^\.It Fl / {
	for (i = 2; i < NF; i++) if ($i == "Fl") print "-" $(i + 1) }' man/astar.1 |
	sort -u >"$out/opts.man"
bash -c '. ./completion/astar.bash || exit 1
	for o in $_astar_long; do printf "%s\n" "${o%%=*}"; done
	s=$_astar_short_arg$_astar_short_opt$_astar_short_flag
	for ((i = 0; i < ${#s}; i++)); do printf -- "-%s\n" "${s:i:1}"; done' 2>&1 |
	sort -u >"$out/opts.completion"
if [ "$(wc -l <"$out/opts.help")" -lt 20 ]; then
	fail "--help: found only $(wc -l <"$out/opts.help") options"
fi
for w in man completion; do
	if cmp -s "$out/opts.help" "$out/opts.$w"; then
		ok "options: --help and $w agree ($(wc -l <"$out/opts.help") options)"
	else
		fail "options: --help (<) and $w (>) disagree"
		diff "$out/opts.help" "$out/opts.$w" | grep '^[<>]'
	fi
done
# The words the completion offers for an option are the ones astar takes.
for o in diagonal heuristic algorithm format color input-format update; do
	want=$("$ASTAR" --$o=@ 2>&1 </dev/null | sed -n "s/.*--$o: expected \(.*\), got '@'\$/\1/p" |
		tr -d ',' | tr ' ' '\n' | sort | tr '\n' ' ')
	got=$(bash -c '. ./completion/astar.bash; COMPREPLY=(); _astar_values "$1" "" ""
		printf "%s\n" "${COMPREPLY[@]}"' sh "--$o" | sort | tr '\n' ' ')
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		ok "completion: --$o values ($want)"
	else
		fail "completion: --$o values: astar takes '$want', completion offers '$got'"
	fi
done

# Typing the start of each long option completes to it (as readline
# calls the function: the line so far in COMP_WORDS and COMP_LINE).
miss=$(bash -c '. ./completion/astar.bash
	while read -r o; do
		case $o in --*) ;; *) continue ;; esac
		w=${o:0:7}
		COMP_WORDS=(astar "$w"); COMP_CWORD=1; COMP_LINE="astar $w"
		COMP_POINT=${#COMP_LINE}; COMPREPLY=(); _astar
		r=" ${COMPREPLY[*]} "
		[[ $r == *" $o "* || $r == *" $o= "* ]] || printf "%s " "$w->$o"
	done' <"$out/opts.help")
if [ -z "$miss" ]; then
	ok "completion: the start of every long option completes to it"
else
	fail "completion: these do not complete: $miss"
fi

# ---------------------------------------------------------------- 3. synopsis
render() { mandoc -T ascii "$1" | sed 's/.\x08//g'; }
if command -v mandoc >/dev/null 2>&1; then
	render man/astar.1 | awk '/^SYNOPSIS/ { s = 1; next } s && /^[A-Z]/ { exit }
		s && NF { $1 = $1; print }' >"$out/synopsis.man"
	sed -n 's/^usage: //p; s/^       \(astar .*\)/\1/p' "$out/help.txt" |
		awk '{ $1 = $1; print }' >"$out/synopsis.help"
	if [ -s "$out/synopsis.help" ] && cmp -s "$out/synopsis.help" "$out/synopsis.man"; then
		ok "SYNOPSIS is the usage of --help: $(cat "$out/synopsis.help")"
	else
		fail "SYNOPSIS (<) differs from the usage of --help (>)"
		diff "$out/synopsis.man" "$out/synopsis.help"
	fi
	# ------------------------------------------------------------ 4. lint
	if mandoc -T lint -W warning man/astar.1 >"$out/lint.txt" 2>&1 && [ ! -s "$out/lint.txt" ]; then
		ok "mandoc -T lint -W warning man/astar.1"
	else
		fail "mandoc -T lint -W warning man/astar.1"
		head -n 20 "$out/lint.txt"
	fi
	# What lint lets by: macros that swallow the words after them, as
	# the page renders them (a word taken for a flag, "-or -the"; a
	# quote that closes after a delimiter, "queries[N']"; a quote opened
	# inside another; a JSON key whose closing quote was eaten).
	mandoc -T utf8 man/astar.1 | col -b >"$out/man.txt"
	python3 - "$out/man.txt" >"$out/garbled.txt" <<'PY'
import re, sys
bad = [(r"(?<![\w-])-(?!dalways\b)[a-z][a-z]+\b", "a word rendered as a flag"),
       (r"(?<![\w-])-\(", "a parenthesis rendered as a flag"),
       (r"‘[^’\n]*‘", "a quote opened inside another"),
       (r"\[[^\]‘’\n]*’\]", "a quote closed inside brackets"),
       (r'"[a-z_]+: ', "a JSON key without its closing quote"),
       (r"[)\]],[A-Za-z]", "no space after a comma")]
for n, line in enumerate(open(sys.argv[1], encoding='utf-8'), 1):
    for rx, what in bad:
        if re.search(rx, line):
            print("%d: %s: %s" % (n, what, line.strip()))
PY
	if [ ! -s "$out/garbled.txt" ]; then
		ok "man/astar.1 renders without swallowed words or quotes"
	else
		fail "man/astar.1 renders garbled:"
		head -n 20 "$out/garbled.txt"
	fi
else
	fail "mandoc is not installed (make deps installs it)"
fi

# ---------------------------------------------------------------- 5. deps
awk '/apt-get install -y / { p = 1; sub(/.*apt-get install -y /, "") }
	p { c = sub(/\\$/, ""); print; if (!c) exit }' Makefile |
	tr ' \t' '\n\n' | grep . | sort >"$out/deps.make"
awk '/^`make deps` installs/ { p = 1 } p { t = t " " $0 } p && /\.( |$)/ { exit }
	END { sub(/\.( .*)?$/, "", t); print t }' README.md |
	grep -o '`[^`]*`' | tr -d '`' | grep -v '^make deps$' | sort >"$out/deps.readme"
if [ -s "$out/deps.make" ] && cmp -s "$out/deps.make" "$out/deps.readme"; then
	ok "README's make deps packages are the Makefile's"
else
	fail "make deps packages: Makefile (<) and README (>) disagree"
	diff "$out/deps.make" "$out/deps.readme"
fi

# ---------------------------------------------------------------- 6. messages
# The two ASCII limits, on input made here (1 and 2 MB: too large to keep
# as golden cases); their messages join the golden ones below.
mkdir -p "$out/big"
big() { # name, expected stderr; the map on standard input
	"$ASTAR" -s 0,0 -g 1,0 >/dev/null 2>"$out/big/$1.stderr"
	rc=$?
	if [ $rc = 2 ] && [ "$(cat "$out/big/$1.stderr")" = "$2" ]; then
		ok "ASCII limit: $1"
	else
		fail "ASCII limit: $1: status $rc, stderr: $(head -c 300 "$out/big/$1.stderr")"
	fi
}
python3 -c "print('.' * 1000001)" |
	big long-row "astar: <stdin>:1:1000001: row longer than 1000000 cells"
python3 -c "print('.\n' * 1000001, end='')" |
	big many-rows "astar: <stdin>:1000001:1: more than 1000000 rows"
# Every message astar prints in the golden cases (tests/golden/*/*/stderr,
# lines "astar: ..."), less its file:line:col and JSON-path prefixes, is
# listed in the man page's DIAGNOSTICS: an entry's upper-case words (N,
# FILE, VALUE, KEY, ...), 'c', '...' and any quoted value or number stand
# for whatever the message has there.  And the other way round, every
# entry is a message that a test expects.
python3 - >"$out/diagnostics.txt" 2>&1 <<'PY'
import glob, re, sys
man = open('man/astar.1').read()
sec = man[man.index('.Sh DIAGNOSTICS'):man.index('.Sh', man.index('.Sh DIAGNOSTICS') + 4)]
pats = []
PH = r"\b(?:N|M|E|C|FILE|VALUE|NAME|POLICY|REASON|TEXT|PLACE|FIELD|KEY|X,Y|WxH)\b|'c'|\.\.\."
# A JSON path in front of a message ("rows[2][4]: ", "legend.~: ",
# "width: ") is left out on both sides: KEY stands for it in the page.
jpath = re.compile(r"^(?:KEY|[a-z_]+(?:\[\d+\]|\.[^ :]+)*): ")
for line in sec.split('\n'):
    items = re.findall(r'Li "((?:[^"\\]|\\.)*)"', line)
    entry = line.startswith('.It ')  # an entry, not an example in its text
    if line.startswith('.Ql '):
        items.append(re.sub(r'\s+[.,;:]$', '', line[4:].strip()))
    for it in items:
        it = jpath.sub('', it.replace('\\&', '').replace('\\e', '\\').replace('\\(dq', '"'))
        if not re.sub(PH, '', it).strip(" :.,'"):
            continue  # nothing but placeholders: would match anything
        rx = ''
        pos = 0
        for m in re.finditer(PH + r"|\d+|'[^']*'", it):
            rx += re.escape(it[pos:m.start()])
            t = m.group(0)
            rx += r'\d+' if t.isdigit() else ("'.*'" if t.startswith("'") else '.*')
            pos = m.end()
        rx += re.escape(it[pos:])
        pats.append((it, re.compile(rx + '$'), entry))
# A place: a path with a slash, <stdin>, or (a golden case runs in its
# folder) a file name of its own, or "." for that folder.
loc = re.compile(r"^(?!-)(?:[^ ]*[/<][^ ]*?|[^ /<:]+\.(?:txt|map|scen|3dmap|3dscen|json|dat|tmx|tmj|tsx|tsj|tx|tj|ldtk|ldtkl|gr|co|p2p|ss)|\.)(?::\d+)*: ")
fpath = re.compile(r"^[a-z_]+(?:\[\d+\]|\.[^ :]+)+: ")
def strip(m):
    # Its places: file:line:col, and a JSON path naming where a file
    # is named, before that file's place ("tilesets[0]: t.tsx:4:3: ").
    while True:
        if loc.match(m):
            m = loc.sub('', m, count=1)
        elif fpath.match(m) and loc.match(fpath.sub('', m, count=1)):
            m = loc.sub('', fpath.sub('', m, count=1), count=1)
        else:
            return m
seen = {}
for f in sorted(glob.glob('tests/golden/*/*/stderr')) + sorted(glob.glob('tests/out/docs/big/*.stderr')):
    for l in open(f, encoding='utf-8', errors='replace'):
        l = l.rstrip('\n')
        if not l.startswith('astar: '):
            continue
        seen.setdefault(strip(l[7:]), f)
bad = 0
# A message matches as it is or without a leading JSON path (which a
# scenario field such as "bucket: " looks like).
for m, f in sorted(seen.items()):
    if not any(rx.match(m) or rx.match(jpath.sub('', m)) for _, rx, _ in pats):
        bad += 1
        print('not in DIAGNOSTICS: %s  (%s)' % (m, f))
print('%d messages, %d patterns, %d unlisted' % (len(seen), len(pats), bad))
# The other way: every entry is a message some test expects, a golden
# case's (--check's mismatches are lines of its standard output) or one
# a suite compares ("astar: ..." in the text of tests/suite-*.sh: full
# devices, closed pipes, reports, memory limits, read-only files).
expected = set(seen)
def add(m):
    expected.add(strip(m))
for f in sorted(glob.glob('tests/golden/*/*/stdout')):
    for l in open(f, encoding='utf-8', errors='replace'):
        add(l.rstrip('\n'))
for f in sorted(glob.glob('tests/suite-*.sh')):
    for l in open(f, encoding='utf-8'):
        for m in re.findall(r'astar: ([^"]*)', l):
            add(m)
untested = 0
for it, rx, entry in pats:
    if entry and not any(
            rx.match(m) or rx.match(jpath.sub('', m)) for m in expected):
        untested += 1
        print('no test expects: %s' % it)
print('%d entries, %d untested' % (sum(e for _, _, e in pats), untested))
sys.exit(10 + (1 if bad else 0) + (2 if untested else 0))
PY
rc=$? # 10, plus 1 for unlisted messages, plus 2 for untested entries
if [ $rc -ge 10 ] && [ $((rc & 1)) = 0 ]; then
	ok "DIAGNOSTICS lists every message of the golden cases ($(grep unlisted "$out/diagnostics.txt"))"
else
	fail "DIAGNOSTICS misses messages of the golden cases:"
	grep -v '^no test' "$out/diagnostics.txt" | head -n 20
fi
if [ $rc -ge 10 ] && [ $(((rc - 10) & 2)) = 0 ]; then
	ok "every DIAGNOSTICS entry is a message a test expects ($(grep untested "$out/diagnostics.txt"))"
else
	fail "DIAGNOSTICS entries no test expects:"
	grep -v '^not in' "$out/diagnostics.txt" | head -n 20
fi

# ---------------------------------------------------------------- 7. pictures
B=${ASTAR_BENCH_DIR:-../shared/benchmarks/movingai}
if [ -f "$B/dao/arena2.map" ]; then
	want=$(sed -n 's/^| A\*: \([0-9,]*\) cells expanded | Dijkstra: \([0-9,]*\) | Jump Point Search: \([0-9,]*\) jump points |$/\1 \2 \3/p' README.md | tr -d ,)
	wcost=$(sed -n 's/.*all three paths costing \([0-9.]*\):$/\1/p' README.md)
	query=$(sed -n "s/^query='\(.*\)'$/\1/p" docs/pictures.sh) # the pictures' query
	got=""
	for a in astar dijkstra jps; do
		r=$("$ASTAR" --no-timing --diagonal --algorithm=$a $query "$B/dao/arena2.map")
		got="$got $(echo "$r" | sed -n 's/^expanded: //p')"
		echo "$r" | grep -qx "cost: $wcost" || got="$got (cost of $a not $wcost)"
	done
	got=${got# }
	if [ -n "$query" ] && [ -n "$want" ] && [ -n "$wcost" ] && [ "$got" = "$want" ]; then
		ok "README pictures: expanded $want, cost $wcost"
	else
		fail "README pictures: the README says expanded '$want', cost '$wcost'; astar gives $got"
	fi
else
	echo "skipped: README pictures ($B/dao/arena2.map not found)"
fi

# ---------------------------------------------------------------- 8. CI examples
# The README's GitLab job (its ```yaml block with "parallel: N"): the
# script run N times, with CI_NODE_INDEX and CI_NODE_TOTAL set by hand
# as GitLab sets them; the copies together check every query of the
# unsharded run once, and each leaves its JUnit report.  The GNU
# parallel line: run on this machine (by parallel when it is installed,
# else each of its arguments in turn, as parallel would), its output the
# unsharded batch's lines.
ci=$out/ci
mkdir -p "$ci"
ln -s "$top/maps" "$ci/maps"
unset CI_NODE_INDEX CI_NODE_TOTAL CIRCLE_NODE_INDEX CIRCLE_NODE_TOTAL \
	BUILDKITE_PARALLEL_JOB BUILDKITE_PARALLEL_JOB_COUNT \
	SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX \
	SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX
awk -v d="$ci" '/^```yaml$/ { n++; y = 1; next } y && /^```$/ { y = 0; next }
	y { print > (d "/yaml" n) }' $guides
gl=$(grep -l '^  parallel: [0-9]' "$ci"/yaml* 2>/dev/null | head -n 1)
np=$(sed -n 's/^  parallel: \([0-9]*\)$/\1/p' "$gl" 2>/dev/null)
script=$(sed -n 's/^    - //p' "$gl" 2>/dev/null)
if [ -n "$np" ] && [ -n "$script" ]; then
	sum=0 why=
	for i in $(seq 1 "$np"); do
		rm -f "$ci/astar.xml"
		(cd "$ci" && CI_NODE_INDEX=$i CI_NODE_TOTAL=$np PATH="$bindir:$PATH" \
			sh -c "$script") >"$ci/gitlab$i.out" 2>&1 || why="$why copy $i failed;"
		c=$(sed -n 's/^checked \([0-9]*\), passed [0-9]*, failed 0$/\1/p' "$ci/gitlab$i.out")
		sum=$((sum + ${c:-0}))
		grep -q '<testsuite ' "$ci/astar.xml" 2>/dev/null || why="$why copy $i left no JUnit report;"
	done
	whole=$(cd "$ci" && PATH="$bindir:$PATH" sh -c "$(echo "$script" | sed 's/ --shard=auto[^ ]*//')" 2>&1 |
		sed -n 's/^checked \([0-9]*\),.*/\1/p')
	if [ -z "$why" ] && [ "$sum" -gt 0 ] && [ "$sum" = "$whole" ]; then
		ok "README GitLab job: $np copies with --shard=auto check $sum queries, the whole"
	else
		fail "README GitLab job: $why checked $sum in $np copies, the whole run $whole"
	fi
else
	fail "README: no GitLab job (a yaml block with 'parallel: N' and a script)"
fi
pl=$(awk '/^```sh$/ { s = 1; next } s && /^```$/ { s = 0 } s && /^parallel /' $guides | head -n 1)
if [ -n "$pl" ]; then
	cmd=$(echo "${pl#parallel }" | sed 's/^--sshlogin [^ ]* //')
	target=${cmd##*> }
	args=${cmd#* ::: }
	args=${args%% >*}
	cmd=${cmd%% ::: *}
	if command -v parallel >/dev/null 2>&1; then
		(cd "$ci" && PATH="$bindir:$PATH" sh -c "parallel $cmd ::: $args > $target")
	else
		for a in $args; do
			(cd "$ci" && PATH="$bindir:$PATH" sh -c "$(echo "$cmd" | sed "s/{}/$a/g")")
		done >"$ci/$target"
	fi
	(cd "$ci" && PATH="$bindir:$PATH" sh -c "$(echo "$cmd" | sed 's/ --shard=[^ ]*//')") |
		sort >"$ci/whole.jsonl"
	if [ -s "$ci/whole.jsonl" ] && sort "$ci/$target" | cmp -s - "$ci/whole.jsonl"; then
		ok "README GNU parallel line: its shards are the whole batch"
	else
		fail "README GNU parallel line: its output is not the whole batch's"
	fi
else
	fail "README: no GNU parallel line"
fi

# ------------------------------------------------------- 9. GitHub workflow
# The README's .github/workflows/levels.yml (its ```yaml block with
# "runs-on:"), as far as it runs without GitHub, in a folder whose
# levels/ holds the broken level and a good one: its "Check the levels"
# step once for each value of the matrix's "shard" (${{ matrix.shard }}
# and ${{ strategy.job-total }} put in as GitHub does), which together
# must fail with one annotation a failed query, at the line and column
# of that query in its file (whose name the title gives), a row of the
# step summary ($GITHUB_STEP_SUMMARY) linked to it, and check every
# query once; then its "Record the levels' routes" step, whole (bash
# -e, as GitHub runs it), in a git repository with a remote: it commits
# and pushes; after it the check passes, a second record says "nothing
# to record" and pushes nothing, and a record whose push fails fails.
# Its build step installs every package action.yml's does; every astar
# line, and the action's example, uses one glob, levels/*.check.json.
# The YAML must parse, where python3 has its yaml module.
gh=$out/gh
rm -rf "$gh"
mkdir -p "$gh/levels"
cp maps/level-check-broken.json "$gh/levels/castle.check.json"
cp maps/level-rules.json "$gh/levels/rules.check.json"
wf=$(grep -l '^    runs-on: ' "$ci"/yaml* 2>/dev/null | head -n 1)
steps() { # the run lines of the workflow's step named $1 (astar's: $2 = astar)
	python3 - "$wf" "$1" "$2" <<'PY'
import sys
lines = open(sys.argv[1]).read().split('\n')
want, i, out = sys.argv[2], 0, []
def indent(l):
    return len(l) - len(l.lstrip())
while i < len(lines):
    if lines[i].strip() == '- name: ' + want:
        ind = indent(lines[i])
        i += 1
        while i < len(lines) and (indent(lines[i]) > ind or not lines[i].strip()):
            s = lines[i].strip()
            if s.startswith('run: |'):
                rind = indent(lines[i])
                i += 1
                while i < len(lines) and indent(lines[i]) > rind:
                    out.append(lines[i][rind + 2:])
                    i += 1
                continue
            if s.startswith('run: '):
                out.append(s[5:])
            i += 1
        break
    i += 1
if sys.argv[3] == 'astar':
    out = [c.strip() for c in out if c.strip().startswith('astar ')]
print('\n'.join(out))
PY
}
run_gh() { # the command $1 in $gh, its output in $gh/$2.out; prints its status
	(cd "$gh" && PATH="$bindir:$PATH" GITHUB_STEP_SUMMARY="$2.md" bash -e -c "$1") >"$gh/$2.out" 2>&1
	echo $?
}
# The check step on each shard of the matrix: its status (the largest),
# the outputs and summaries joined in $gh/$1.out and $gh/$1.md.
run_shards() {
	: >"$gh/$1.out"
	: >"$gh/$1.md"
	worst=0
	for k in $shards; do
		c=$(echo "$check" | sed "s/\${{ matrix.shard }}/$k/g; s/\${{ strategy.job-total }}/$nshards/g")
		r=$(run_gh "$c" "$1-$k")
		cat "$gh/$1-$k.out" >>"$gh/$1.out"
		cat "$gh/$1-$k.md" >>"$gh/$1.md" 2>/dev/null
		[ "$r" -gt "$worst" ] && worst=$r
	done
	echo "$worst"
}
check=$(steps "Check the levels" astar)
record=$(steps "Record the levels' routes" all)
shards=$(sed -n 's/^        shard: \[\(.*\)\]$/\1/p' "$wf" 2>/dev/null | tr -d ,)
nshards=$(echo $shards | wc -w)
if [ -n "$wf" ] && [ -n "$check" ] && [ -n "$record" ] && [ "$nshards" -gt 1 ]; then
	git init -q --bare "$gh/remote.git"
	(cd "$gh" && git init -q && git add levels && git -c user.name=t -c user.email=t@t commit -qm levels &&
		git remote add origin remote.git && git push -q origin HEAD:refs/heads/main 2>/dev/null &&
		git branch -q -u origin/main 2>/dev/null; git config push.default upstream)
	rc=$(run_shards check1)
	grep '^::error ' "$gh/check1.out" >"$gh/annotations"
	checked=$(sed -n 's/^checked \([0-9]*\),.*/\1/p' "$gh/check1.out" | awk '{ s += $1 } END { print s + 0 }')
	n=0 bad=
	while IFS= read -r l; do
		n=$((n + 1))
		f=$(echo "$l" | sed -n 's/^::error file=\([^,]*\),.*/\1/p')
		line=$(echo "$l" | sed -n 's/.*,line=\([0-9]*\),.*/\1/p')
		col=$(echo "$l" | sed -n 's/.*,col=\([0-9]*\),.*/\1/p')
		name=$(echo "$l" | sed -n 's/.*title=astar --check%3A \([^:]*\)::.*/\1/p')
		at=$(sed -n "${line}p" "$gh/$f" 2>/dev/null | cut -c "$col-")
		case $at in "{\"name\": \"$name\""*) ;; *) bad="$bad $f:$line:$col;" ;; esac
	done <"$gh/annotations"
	rc2=$(run_gh "$record" record1)
	pushed=$(git -C "$gh/remote.git" log --format=%s -1 main 2>/dev/null)
	cp "$gh/levels/castle.check.json" "$gh/castle.1"
	rc3=$(run_shards check2)
	rc4=$(run_gh "$record" record2)
	pushed2=$(git -C "$gh/remote.git" rev-list --count main 2>/dev/null)
	same=$(cmp -s "$gh/castle.1" "$gh/levels/castle.check.json" && echo yes)
	# A push that fails (the remote gone) fails the step.
	sed 's/"cost": 24/"cost": 30/' "$gh/castle.1" >"$gh/levels/castle.check.json"
	git -C "$gh" -c user.name=t -c user.email=t@t commit -qam "a cost to record"
	mv "$gh/remote.git" "$gh/remote.gone"
	rc5=$(run_gh "$record" record3)
	# The step summary, when the step writes one: a table row a failure.
	md=$(grep -c '^| .* | \[levels/castle.check.json:[0-9]*\](levels/castle.check.json#L[0-9]*) |' "$gh/check1.md" 2>/dev/null)
	if [ "$rc" = 1 ] && [ $n = 2 ] && [ "${md:-0}" = $n ] && [ -z "$bad" ] && [ "${checked:-0}" = 8 ] &&
		[ "$rc2" = 0 ] && [ "$pushed" = "levels: record the routes" ] && [ "$rc3" = 0 ] &&
		! grep -q '^::' "$gh/check2.out" && [ "$rc4" = 0 ] && [ "$pushed2" = 2 ] && [ "$same" = yes ] &&
		grep -q '^updated 0 of ' "$gh/record2.out" && grep -qx 'nothing to record' "$gh/record2.out" &&
		! grep -q 'nothing to record' "$gh/record3.out" && [ "$rc5" != 0 ]; then
		ok "README GitHub workflow: $nshards shards, $n annotations at their queries, then recorded and pushed, then green; a failed push fails"
	else
		fail "README GitHub workflow: check $rc ($n annotations, ${md:-0} summary rows, ${checked:-0} checked, bad:$bad), record $rc2 (pushed '$pushed'), check $rc3, record $rc4 ($pushed2 commits), failed push $rc5"
		tail -n 5 "$gh/record1.out" "$gh/record3.out"
	fi
	if python3 -c 'import yaml' 2>/dev/null; then
		if python3 -c 'import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); assert d["jobs"]["levels"]["steps"] and d["jobs"]["record"]["steps"]' "$wf" 2>/dev/null; then
			ok "README GitHub workflow: its YAML parses"
		else
			fail "README GitHub workflow: its YAML does not parse"
		fi
	fi
	# Every package the action's build installs, in each build step.
	want=$(sed -n 's/.*apt-get install -y //p' action.yml | tr ' ' '\n' | sort -u)
	miss=
	for b in $(grep -n 'apt-get install -y' "$wf" | cut -d: -f1); do
		have=$(sed -n "${b}s/.*apt-get install -y //p" "$wf" | tr ' ' '\n' | sort -u)
		m=$(printf '%s\n' "$want" | comm -23 - "$(printf '%s\n' "$have" >"$gh/have"; echo "$gh/have")")
		miss="$miss$m"
	done
	if [ -n "$want" ] && [ -z "$miss" ] && grep -q 'apt-get install -y' "$wf"; then
		ok "README GitHub workflow: its build steps install every package action.yml does"
	else
		fail "README GitHub workflow: its build steps miss:$miss"
	fi
	# One glob: every astar line of the workflow and the action's files.
	act=$(grep -l 'uses: OWNER/astar' "$ci"/yaml* 2>/dev/null | head -n 1)
	globs=$( { grep -o 'levels/[^ "]*' "$wf"; sed -n 's/^ *files: //p' "$act" | tr ' ' '\n'; } | sort -u)
	if [ "$globs" = "levels/*.check.json" ]; then
		ok "README CI examples: one glob, levels/*.check.json"
	else
		fail "README CI examples: globs $(echo $globs)"
	fi
else
	fail "README: no GitHub workflow with a shard matrix and the steps 'Check the levels' and 'Record the levels' routes'"
fi

# 10. The map of the house (docs/design.md, "The house") names the files
# that are there, and all of them.
srcs=$(cd src && ls */*.c */*.h | sed 's|.*/||' | sort -u)
named=$(sed -n '/^## The house/,/^## Kinds/p' docs/design.md |
	grep -oE '`[a-z0-9_]+\.[ch]`' | tr -d '`' | sort -u)
missing=$(for f in $named; do echo "$srcs" | grep -qx "$f" || echo "$f"; done)
if [ -z "$named" ]; then
	fail "house map: docs/design.md's \"The house\" names no file"
elif [ -n "$missing" ]; then
	fail "house map: docs/design.md names files src/ does not have:" $missing
else
	ok "house map: the $(echo "$named" | wc -l) files docs/design.md names are in src/"
fi
unnamed=$(for f in $(cd src && ls */*.c | sed 's|.*/||'); do
	echo "$named" | grep -qx "$f" || echo "$f"; done)
if [ -n "$unnamed" ]; then
	fail "house map: docs/design.md's \"The house\" does not name:" $unnamed
else
	ok "house map: docs/design.md's \"The house\" names every .c of src/"
fi

if [ $update = 1 ]; then
	done=0
	for g in $guides; do
		awk -v outdir="$out" -v cmds="$done" '
			/^```console$/ { print; inblock = 1; next }
			inblock && /^```$/ { inblock = 0; print; next }
			inblock && /^\$ / { cmds++; print;
				f = sprintf("%s/cmd%03d.got", outdir, cmds);
				while ((getline l < f) > 0) print l; close(f); next }
			inblock { next }
			{ print }
		' "$g" >"$out/guide.new" && mv "$out/guide.new" "$g"
		done=$((done + $(grep -c '^\$ ' "$g")))
	done
	echo "$guides: outputs rewritten; review git diff"
fi
echo "docs: $passed passed, $failed failed"
[ $failed -eq 0 ]
