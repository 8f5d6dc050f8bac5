#!/bin/sh
# tests/suite-tools.sh - the files that install astar where CI runs
# (issue 47): action.yml, .pre-commit-hooks.yaml and the Dockerfile.
#
#   - packages: the action and the Dockerfile install the same packages,
#     each one `make deps` installs, and every library make deps installs
#     for the build (the -dev packages but the fuzzers' libclang-rt-dev);
#   - Dockerfile: a Debian base, `make install`, ENTRYPOINT ["astar"]
#     (its build is not run here: no network);
#   - action.yml: a composite action whose run steps all name a shell and
#     whose ${{ inputs.X }} are all declared; its check step's script run
#     with bash as GitHub would: a name, a ** pattern, a pattern matching
#     nothing, the report kinds and the step summary;
#   - the pre-commit hook, through Debian's pre-commit on a scratch
#     repository whose config names a scratch clone of the manifest (no
#     network): a passing check file commits, a failing one is stopped, a
#     JSON file that is no check file is not checked.
# The pre-commit part says "skipped" when pre-commit is not installed
# (make deps installs it); the YAML parts need python3's yaml module,
# which pre-commit brings.  Prints "ok NAME" or "FAIL NAME: why" per
# check and last "tools: N passed, M failed".
set -u
ASTAR=${ASTAR:-./astar}
case $ASTAR in /*) ;; *) ASTAR=$(pwd)/$ASTAR ;; esac
top=$(pwd)
mkdir -p tests/out
d=$(mktemp -d tests/out/tools.XXXXXX) || exit 1
d=$(cd "$d" && pwd)
trap 'rm -rf "$d"' EXIT
passed=0
failed=0
ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# ------------------------------------------------------------- packages
# The words after "apt-get install -y" (with --no-install-recommends and
# continuation lines), one a line, sorted.
apt_words() {
	sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$1" |
		grep 'apt-get install' |
		sed -e 's/.*apt-get install//' -e 's/&&.*//' |
		tr ' \t' '\n\n' | grep -v -e '^-' -e '^$' | sort -u
}
apt_words Makefile >"$d/deps"
apt_words action.yml >"$d/action"
apt_words Dockerfile >"$d/docker"
grep -e '-dev$' "$d/deps" | grep -v '^libclang-rt-dev$' >"$d/devs"
if [ "$(wc -l <"$d/deps")" -lt 10 ]; then
	fail "packages" "read only $(wc -l <"$d/deps") packages from make deps"
elif ! cmp -s "$d/action" "$d/docker"; then
	fail "packages" "action.yml and Dockerfile differ: $(diff "$d/action" "$d/docker" | tr '\n' ' ')"
elif extra=$(comm -23 "$d/action" "$d/deps") && [ -n "$extra" ]; then
	fail "packages" "not in make deps: $(echo $extra)"
elif missing=$(comm -13 "$d/action" "$d/devs") && [ -n "$missing" ]; then
	fail "packages" "make deps builds with what the action lacks: $(echo $missing)"
elif ! grep -qx build-essential "$d/action"; then
	fail "packages" "no build-essential"
else
	ok "packages: action.yml and Dockerfile install $(echo $(cat "$d/action")), all from make deps"
fi

# ----------------------------------------------------------- Dockerfile
if grep -q '^FROM debian:' Dockerfile && grep -q 'make install' Dockerfile &&
	grep -qx 'ENTRYPOINT \["astar"\]' Dockerfile && grep -q '^COPY \. ' Dockerfile; then
	ok "Dockerfile: a Debian base, the tree copied, make install, ENTRYPOINT [\"astar\"]"
else
	fail "Dockerfile" "no FROM debian:, COPY . , make install or ENTRYPOINT [\"astar\"]"
fi
if grep -qx '\.git' .dockerignore && grep -qx 'tests/out' .dockerignore &&
	grep -qx 'src/\*/\*\.o' .dockerignore; then
	ok ".dockerignore: leaves out .git, tests/out and the host's objects"
else
	fail ".dockerignore" "lacks .git, tests/out or src/*/*.o"
fi

# ------------------------------------------------------------ action.yml
if ! python3 -c 'import yaml' 2>/dev/null; then
	ok "action.yml: skipped (python3 has no yaml module; pre-commit brings it)"
else
	python3 - "$d" <<'EOF' >"$d/yaml.out" 2>&1
import re, sys, yaml
d = sys.argv[1]
a = yaml.safe_load(open("action.yml"))
bad = []
if a["runs"]["using"] != "composite":
    bad.append("not composite")
inputs = set(a["inputs"])
for want in ("files", "args", "reports", "summary"):
    if want not in inputs:
        bad.append("no input " + want)
check = None
for step in a["runs"]["steps"]:
    if "run" in step and "shell" not in step:
        bad.append("a run step without shell: " + step.get("name", "?"))
    for name in re.findall(r"\$\{\{\s*inputs\.([A-Za-z_-]+)", yaml.dump(step)):
        if name not in inputs:
            bad.append("undeclared input " + name)
    if "--check" in step.get("run", ""):
        check = step
    if "${{" in step.get("run", ""):
        bad.append("an expression pasted into a script: " + step.get("name", "?"))
if check is None:
    bad.append("no step runs astar --check")
else:
    open(d + "/check.sh", "w").write(check["run"])
h = yaml.safe_load(open(".pre-commit-hooks.yaml"))
hook = [x for x in h if x.get("id") == "astar-check"]
if not hook or hook[0].get("language") != "system" or \
        not hook[0].get("entry", "").startswith("astar --check"):
    bad.append(".pre-commit-hooks.yaml: no astar-check hook of language system")
# The README's workflow and pre-commit config (section "Where CI runs").
blocks = re.findall(r"^```yaml\n(.*?)^```$", open("README.md").read(), re.M | re.S)
uses = [b for b in blocks if "uses: OWNER/astar@" in b]
pc = [b for b in blocks if "id: astar-check" in b]
if not uses or not pc:
    bad.append("README: no workflow using OWNER/astar@ or no pre-commit config")
else:
    for step in yaml.safe_load(uses[0])["jobs"]["levels"]["steps"]:
        if step.get("uses", "").startswith("OWNER/astar@"):
            for k in step.get("with", {}):
                if k not in inputs:
                    bad.append("README's workflow gives input " + k + ", which action.yml lacks")
    open(d + "/readme-pc.yaml", "w").write(pc[0])
print("; ".join(bad) if bad else "good")
EOF
	if [ "$(cat "$d/yaml.out")" = good ]; then
		ok "action.yml: composite, every run step has a shell, inputs through env; the hook manifest and README's YAML parse, README's inputs are the action's"
	else
		fail "action.yml" "$(head -c 400 "$d/yaml.out")"
	fi
fi

# The check step's script, run by bash in a scratch project as GitHub
# runs it: in the workspace, the action's tree in GITHUB_ACTION_PATH (a
# folder holding the astar under test).
action() { # files args reports summary
	(cd "$d/proj" && GITHUB_ACTION_PATH="$d/bin" GITHUB_STEP_SUMMARY="$d/summary.md" \
		ASTAR_FILES=$1 ASTAR_ARGS=$2 ASTAR_REPORTS=$3 ASTAR_SUMMARY=$4 \
		bash "$d/check.sh" >"$d/act.out" 2>"$d/act.err" </dev/null)
}
mkdir -p "$d/bin" "$d/proj/levels/sub"
ln -s "$ASTAR" "$d/bin/astar"
cp maps/level-check.json "$d/proj/levels/good.check.json"
cp maps/level-check-broken.json "$d/proj/levels/sub/bad.check.json"
if [ ! -f "$d/check.sh" ]; then
	ok "action.yml's script: skipped (no yaml module to read it with)"
else
	action levels/good.check.json "--no-timing" "tap junit:astar.xml" false
	rc=$?
	if [ $rc = 0 ] && grep -q '^ok 4 ' "$d/act.out" &&
		grep -q 'tests="4" failures="0" time="0.000000"' "$d/proj/astar.xml"; then
		ok "action: a name, --no-timing, two report kinds (tap, junit:FILE)"
	else
		fail "action: a name" "status $rc, $(head -c 300 "$d/act.out" "$d/act.err")"
	fi
	action '**/*.check.json' "" github false
	rc=$?
	if [ $rc = 1 ] && grep -q '^checked 8, passed 6, failed 2$' "$d/act.out" &&
		grep -q '^::error file=levels/sub/bad.check.json,line=15,col=5' "$d/act.out"; then
		ok "action: '**/*.check.json' finds both levels, annotates the failure, exits 1"
	else
		fail "action: **" "status $rc, $(head -c 300 "$d/act.out" "$d/act.err")"
	fi
	action 'nowhere/*.check.json' "" github false
	rc=$?
	if [ $rc = 1 ] && grep -q 'no file matches: nowhere/\*.check.json' "$d/act.err"; then
		ok "action: a pattern matching nothing fails the step, saying so"
	else
		fail "action: no match" "status $rc, $(head -c 300 "$d/act.out" "$d/act.err")"
	fi
	# The summary is --report=markdown:FILE (issue 47, item 2): tested
	# when this astar has it.
	if "$ASTAR" --check --report=markdown:/dev/null maps/level-check.json >/dev/null 2>&1; then
		: >"$d/summary.md"
		action '**/*.check.json' "" "" true
		rc=$?
		if [ $rc = 1 ] && grep -q 'bad.check.json' "$d/summary.md"; then
			ok "action: the Markdown summary goes to GITHUB_STEP_SUMMARY"
		else
			fail "action: summary" "status $rc, summary: $(head -c 300 "$d/summary.md")"
		fi
	else
		ok "action: summary skipped (this astar has no --report=markdown)"
	fi
fi

# ------------------------------------------------------------ pre-commit
if ! command -v pre-commit >/dev/null 2>&1 || ! command -v git >/dev/null 2>&1; then
	ok "pre-commit: skipped (pre-commit or git is not installed; make deps installs pre-commit)"
else
	# No network and nothing outside $d: the hook repository is a local
	# clone of the manifest at a commit; pre-commit's cache is in $d.
	export PRE_COMMIT_HOME="$d/pre-commit-cache" GIT_CONFIG_NOSYSTEM=1 HOME="$d"
	g() { git -c user.name=astar -c user.email=astar@example.invalid \
		-c init.defaultBranch=main -c commit.gpgsign=false "$@"; }
	mkdir -p "$d/hooks" "$d/game/levels"
	cp .pre-commit-hooks.yaml "$d/hooks/"
	(cd "$d/hooks" && g init -q && g add . && g commit -qm hooks) >"$d/git.log" 2>&1
	rev=$(cd "$d/hooks" && git rev-parse HEAD)
	cat >"$d/game/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $d/hooks
    rev: $rev
    hooks:
      - id: astar-check
EOF
	cd "$d/game"
	PATH="$d/bin:$PATH"
	g init -q && pre-commit install >"$d/pc.log" 2>&1 &&
		g add .pre-commit-config.yaml && g commit -qm config >>"$d/pc.log" 2>&1
	rc=$?
	[ $rc = 0 ] || fail "pre-commit install" "status $rc, $(head -c 300 "$d/pc.log")"
	commit() { # file to add, from the top of the tree
		cp "$top/$1" "levels/$2"
		g add "levels/$2"
		g commit -qm "$2" >"$d/commit.log" 2>&1
	}
	commit maps/level-check.json good.check.json
	rc=$?
	if [ $rc = 0 ] && grep -q 'astar --check.*Passed' "$d/commit.log" &&
		[ "$(git log --format=%s -1)" = good.check.json ]; then
		ok "pre-commit: a passing check file commits, the hook having run"
	else
		fail "pre-commit: passing" "status $rc, $(head -c 400 "$d/commit.log")"
	fi
	commit maps/level-check-broken.json bad.check.json
	rc=$?
	if [ $rc != 0 ] && grep -q 'astar --check.*Failed' "$d/commit.log" &&
		grep -q 'bad.check.json:15:5: spawn to exit: expected cost 22, got 24' "$d/commit.log" &&
		[ "$(git log --format=%s -1)" = good.check.json ]; then
		ok "pre-commit: a failing check file is stopped, the failure shown"
	else
		fail "pre-commit: failing" "status $rc, $(head -c 400 "$d/commit.log")"
	fi
	g reset -q
	rm -f levels/bad.check.json
	# A JSON file that is no check file (astar would refuse it) is left
	# alone: the hook's files pattern.
	echo '{"name": "game"}' >"$top/tests/out/package.json.$$"
	commit "tests/out/package.json.$$" package.json
	rc=$?
	rm -f "$top/tests/out/package.json.$$"
	if [ $rc = 0 ] && grep -q 'astar --check.*Skipped' "$d/commit.log"; then
		ok "pre-commit: a JSON file that is no check file is not checked"
	else
		fail "pre-commit: other JSON" "status $rc, $(head -c 400 "$d/commit.log")"
	fi
	# The README's config, which names JSON levels with "files".
	if [ -f "$d/readme-pc.yaml" ]; then
		sed -e "s|repo: .*|repo: $d/hooks|" -e "s|rev: .*|rev: $rev|" \
			"$d/readme-pc.yaml" >.pre-commit-config.yaml
		g add .pre-commit-config.yaml
		commit maps/level-check-broken.json castle.json
		rc=$?
		if [ $rc != 0 ] && grep -q 'castle.json:15:5: spawn to exit' "$d/commit.log"; then
			ok "pre-commit: README's config checks a JSON level in levels/"
		else
			fail "pre-commit: README's config" "status $rc, $(head -c 400 "$d/commit.log")"
		fi
		g reset -q
		rm -f levels/castle.json
		g checkout -q .pre-commit-config.yaml
	fi
	# try-repo, the way to try the manifest before pinning it.
	cp "$top/maps/level-check-broken.json" levels/bad.check.json
	pre-commit try-repo "$d/hooks" astar-check --files levels/bad.check.json >"$d/try.log" 2>&1
	rc=$?
	if [ $rc = 1 ] && grep -q 'expected cost 22, got 24' "$d/try.log"; then
		ok "pre-commit try-repo: the manifest's hook fails a failing check file"
	else
		fail "pre-commit try-repo" "status $rc, $(head -c 400 "$d/try.log")"
	fi
	cd "$top"
fi

echo "tools: $passed passed, $failed failed"
[ $failed -eq 0 ]
