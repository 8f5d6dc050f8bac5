#!/usr/bin/env python3
"""tests/house.py - the shape of the source tree, checked.

The rules of docs/design.md ("The house") that a reader can see without
running anything:

  1. No circle of files in src/.  A file is taken together with its own
     headers (x.c with x.h and x_internal.h); a header with no such .c is
     a file of its own.  A -> B when A includes one of B's headers, when
     A's object uses a symbol that B's object defines (nm), or when a
     header of A calls a function that B defines.  A loop of arrows is a
     circle.
  2. No source or header in src/ or include/ over 800 lines.
  3. bench/RESULTS.md at most 300 lines.

Run from the top of the tree after `make` (it reads the objects
src/*/*.o); prints one "ok"/"FAIL" line a rule and exits 1 on a failure.
`--graph` prints the arrows instead.
"""
import os
import re
import subprocess
import sys

MAX_LINES = 800
MAX_RESULTS = 300


def sources():
    out = []
    for folder in sorted(os.listdir("src")):
        d = os.path.join("src", folder)
        if os.path.isdir(d):
            out += [os.path.join(d, f) for f in sorted(os.listdir(d))
                    if f.endswith((".c", ".h"))]
    return out


def room_of(path):
    """The file a header belongs to: x.h and x_internal.h are x.c's."""
    if path.endswith(".c"):
        return path
    stem = path[:-2]
    for own in (stem + ".c", re.sub(r"_internal$", "", stem) + ".c"):
        if os.path.exists(own):
            return own
    return path


def resolve_include(name, here):
    for base in (os.path.dirname(here), "src"):
        p = os.path.normpath(os.path.join(base, name))
        if os.path.exists(p) and p.startswith("src/"):
            return p
    return None  # a system header, or include/astar.h (below everything)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def bodies(code):
    """The text inside braces and #define lines: where a header calls
    (its declarations name functions without calling them)."""
    out, depth = [], 0
    for line in code.splitlines():
        if re.match(r"\s*#\s*define\b", line):
            out.append(line)
            continue
        for ch in line:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif depth > 0:
                out.append(ch)
        out.append("\n")
    return "".join(out)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def nm(obj, *flags):
    r = subprocess.run(["nm", *flags, obj], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("house.py: nm %s failed: %s" % (obj, r.stderr.strip()))
    return [line.split()[-1] for line in r.stdout.splitlines() if line.split()]


def arrows(files):
    """{(room A, room B): set of names} for every arrow between rooms."""
    edges = {}

    def add(a, b, why):
        a, b = room_of(a), room_of(b)
        if a != b:
            edges.setdefault((a, b), set()).add(why)

    for f in files:
        for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', read(f), re.M):
            target = resolve_include(name, f)
            if target:
                add(f, target, "#include \"%s\"" % name)
    defined = {}
    for c in (f for f in files if f.endswith(".c")):
        obj = c[:-2] + ".o"
        if not os.path.exists(obj):
            sys.exit("house.py: %s is missing: run make first" % obj)
        for sym in nm(obj, "-g", "--defined-only"):
            defined[sym] = c
    for c in (f for f in files if f.endswith(".c")):
        for sym in nm(c[:-2] + ".o", "-u"):
            if sym in defined:
                add(c, defined[sym], sym)
    for h in (f for f in files if f.endswith(".h")):
        code = bodies(strip_comments(read(h)))
        for name in set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", code)):
            if name in defined:
                add(h, defined[name], name)
    return edges


def circles(nodes, edges):
    """The strongly connected components of more than one room (Tarjan)."""
    succ = {n: [] for n in nodes}
    for a, b in edges:
        succ.setdefault(a, []).append(b)
        succ.setdefault(b, [])
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(succ):
        if v not in index:
            visit(v)
    return out


def main():
    files = sources()
    edges = arrows(files)
    if "--graph" in sys.argv[1:]:
        for (a, b), why in sorted(edges.items()):
            print("%s -> %s: %s" % (a, b, ", ".join(sorted(why)[:6])))
        return 0
    failed = 0
    found = circles({room_of(f) for f in files}, edges)
    for comp in found:
        print("FAIL circle of %d files: %s" % (len(comp), " ".join(comp)))
        for (a, b), why in sorted(edges.items()):
            if a in comp and b in comp:
                print("  %s -> %s: %s" % (a, b, ", ".join(sorted(why)[:6])))
    print("%s no circle of files in src/" % ("FAIL" if found else "ok"))
    failed += bool(found)
    long_files = []
    for f in files + ["include/astar.h"]:
        n = read(f).count("\n")
        if n > MAX_LINES:
            long_files.append("%s (%d lines)" % (f, n))
    for f in long_files:
        print("FAIL %s is over %d lines" % (f, MAX_LINES))
    print("%s no source over %d lines" % ("FAIL" if long_files else "ok",
                                          MAX_LINES))
    failed += bool(long_files)
    n = read("bench/RESULTS.md").count("\n")
    ok = n <= MAX_RESULTS
    print("%s bench/RESULTS.md is %d lines (at most %d)" %
          ("ok" if ok else "FAIL", n, MAX_RESULTS))
    failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
