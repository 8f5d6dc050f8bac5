#!/bin/sh
# tests/suite-docs.sh - the examples in README.md stay true.
#
# Every ```console block in README.md holds "$ COMMAND" lines, each followed
# by the output it prints.  This runs each command from the top of the tree
# (a leading "astar" becomes ./astar) and compares its standard output and
# standard error, together, with what the README shows.  A line "(exit N)"
# after the output states a non-zero exit status.
# `sh tests/suite-docs.sh --update` rewrites the outputs in place.
# Last line: "docs: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
out=tests/out/docs
mkdir -p "$out"
update=0
[ "${1:-}" = --update ] && update=1

awk -v outdir="$out" '
	/^```console$/ { inblock = 1; n = 0; next }
	inblock && /^```$/ { inblock = 0; next }
	inblock && /^\$ / { cmds++; f = sprintf("%s/cmd%03d", outdir, cmds);
		print substr($0, 3) > (f ".cmd"); close(f ".cmd");
		printf "" > (f ".want"); next }
	inblock { print > (sprintf("%s/cmd%03d", outdir, cmds) ".want") }
' README.md

passed=0
failed=0
for c in "$out"/cmd*.cmd; do
	[ -f "$c" ] || continue
	b=${c%.cmd}
	cmd=$(cat "$c")
	case $cmd in astar*) cmd="$ASTAR${cmd#astar}" ;; esac
	(NO_COLOR=1 sh -c "$cmd" >"$b.got" 2>&1; rc=$?
	 [ $rc -ne 0 ] && echo "(exit $rc)" >>"$b.got") </dev/null
	# Timing lines vary: the README shows them, the comparison skips them.
	grep -v '^time: ' "$b.got" >"$b.g2"
	grep -v '^time: ' "$b.want" >"$b.w2"
	if cmp -s "$b.g2" "$b.w2"; then
		passed=$((passed + 1))
		echo "ok README: $(cat "$c")"
	else
		failed=$((failed + 1))
		echo "FAIL README: $(cat "$c")"
		diff "$b.w2" "$b.g2" | head -n 10
	fi
done

if [ $update = 1 ]; then
	awk -v outdir="$out" '
		/^```console$/ { print; inblock = 1; next }
		inblock && /^```$/ { inblock = 0; print; next }
		inblock && /^\$ / { cmds++; print;
			f = sprintf("%s/cmd%03d.got", outdir, cmds);
			while ((getline l < f) > 0) print l; close(f); next }
		inblock { next }
		{ print }
	' README.md >"$out/README.new" && mv "$out/README.new" README.md
	echo "README.md outputs rewritten; review git diff"
fi
echo "docs: $passed passed, $failed failed"
[ $failed -eq 0 ]
