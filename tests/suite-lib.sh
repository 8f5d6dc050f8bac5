#!/bin/sh
# tests/suite-lib.sh - the installed library works as README.md says.
#
# Takes the C program of README.md's "The C library" section (its one
# ```c block) and the output shown after it (the next ```text block),
# runs `make install PREFIX=<scratch>`, builds the program with nothing
# but `pkg-config --cflags --libs astar` from the installed astar.pc,
# runs it and compares its output with the README's.  Then checks that
# every function declared in include/astar.h has a comment right above
# it, that the archive exports that API alone (a program may use the
# library's private names), that a C++ program includes the header and
# links, that `make install-lib` installs the library alone without
# jansson or libpng, that DESTDIR stages the same files without changing the paths
# inside astar.pc, that `make uninstall` leaves no file behind, and that
# the library's plain C11 build (-DASTAR_PORTABLE) gives the same results.
# The shared library: its SONAME follows the major version, its links are
# those ldconfig makes, it exports astar_* alone, programs built with
# astar.pc need it (and run on it with LD_LIBRARY_PATH at the installed
# lib dir), while astar-static.pc, `pkg-config --static` and the astar
# program itself link libastar.a.
# Last line: "lib: N passed, M failed".
set -u
out=tests/out/lib
rm -rf "$out"
mkdir -p "$out"
tmp=$(cd "$out" && pwd)
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# The files make install must put under a prefix.
major=$(sed -n 's/.*define ASTAR_VERSION "\([0-9]*\)\..*/\1/p' include/astar.h)
version=$(sed -n 's/.*define ASTAR_VERSION "\(.*\)"/\1/p' include/astar.h)
installed="bin/astar lib/libastar.a lib/libastar.so.$version include/astar.h include/astar_spaces.h share/man/man1/astar.1
lib/pkgconfig/astar.pc lib/pkgconfig/astar-static.pc share/bash-completion/completions/astar"
# The links beside it: "LINK TARGET".
links="libastar.so.$major libastar.so.$version
libastar.so libastar.so.$major"
# links_ok DIR: the names of the shared library's links missing from DIR
# or not naming their target by a relative name (which DESTDIR keeps).
links_ok() {
	echo "$links" | while read -r l t; do
		[ -L "$1/$l" ] && [ "$(readlink "$1/$l")" = "$t" ] || echo "$l"
	done
}

# 1. The example and its output, from the README.
awk -v c="$out/example.c" -v t="$out/example.want" '
	/^```c$/ && !done { inc = 1; next }
	inc && /^```$/ { inc = 0; done = 1; want = 1; next }
	inc { print > c; next }
	want && /^```text$/ { intext = 1; next }
	intext && /^```$/ { intext = 0; want = 0; next }
	intext { print > t }
' README.md
if [ -s "$out/example.c" ] && [ -s "$out/example.want" ]; then
	ok "README has a C example and its output"
else
	fail "README has no \`\`\`c block followed by a \`\`\`text block"
fi

# 2. Install into a scratch prefix; every file is there.
pfx=$tmp/prefix
if make -s install PREFIX="$pfx" >"$out/install.log" 2>&1; then
	miss=
	for f in $installed; do [ -f "$pfx/$f" ] || miss="$miss $f"; done
	if [ -z "$miss" ]; then ok "make install PREFIX"; else fail "make install PREFIX: missing$miss"; fi
	bad=$(links_ok "$pfx/lib")
	if [ -z "$bad" ]; then ok "make install links libastar.so.$major and libastar.so"; else fail "make install: wrong links:" $bad; fi
else
	fail "make install PREFIX failed"
	cat "$out/install.log"
fi

# 3. Build the example with pkg-config alone, run it, compare.  In a
#    sanitizer build (make check SANITIZE=1 or SANITIZE=thread) the
#    installed libastar.a is instrumented, so the program also links the
#    sanitizers' runtime, as any program using such a library must.
flags=$(PKG_CONFIG_PATH=$pfx/lib/pkgconfig pkg-config --cflags --libs astar 2>"$out/pc.err")
pcrc=$?
san=
grep -q __asan_init ./astar 2>/dev/null && san=-fsanitize=address,undefined
grep -q __tsan_init ./astar 2>/dev/null && san=-fsanitize=thread
if [ $pcrc -eq 0 ] && ${CC:-cc} -std=c11 -Wall -Wextra -pedantic -Werror $san -o "$out/example" \
	"$out/example.c" $flags >"$out/cc.log" 2>&1; then
	ok "README example builds with pkg-config ($flags)"
	LD_LIBRARY_PATH=$pfx/lib "$out/example" >"$out/example.got" 2>&1
	if cmp -s "$out/example.want" "$out/example.got"; then
		ok "README example prints what the README shows"
	else
		fail "README example output differs"
		diff "$out/example.want" "$out/example.got" | head -n 10
	fi
else
	fail "README example does not build against the installed library"
	cat "$out/pc.err" "$out/cc.log" | head -n 20
fi
# 3b. The installed archive defines no global symbol outside the API of
#     astar.h (astar_*): a program with its own heap_init,
#     ctx_begin and jps_search links against it and finds a path.
extra=$(nm -g --defined-only "$pfx/lib/libastar.a" 2>/dev/null |
	awk 'NF == 3 && $3 !~ /^astar_/ { print $3 }' | tr '\n' ' ')
if [ -z "$extra" ] && [ -n "$(nm -g --defined-only "$pfx/lib/libastar.a" 2>/dev/null | grep ' astar_search$')" ]; then
	ok "libastar.a exports astar_* alone"
else
	fail "libastar.a also exports: $extra"
fi
cat >"$out/clash.c" <<'EOF_C'
#include <astar.h>
#include <stdio.h>
/* The library's private names, taken by the program. */
int heap_init(void) { return 1; }
int ctx_begin = 2;
int jps_search(int x) { return x; }
int main(void)
{
	astar_status st;
	astar_grid *g = astar_grid_new(3, 1, &st);
	astar_ctx *c = astar_ctx_new();
	astar_options o;
	astar_result r;
	astar_point s = {0, 0}, t = {2, 0};
	for (int x = 0; x < 3; x++)
		astar_grid_set(g, x, 0, 1);
	astar_options_init(&o);
	st = astar_search(c, g, s, t, &o, &r);
	printf("%d %g %d %d\n", (int)st, r.cost, heap_init(), jps_search(ctx_begin));
	astar_ctx_free(c);
	astar_grid_free(g);
	return 0;
}
EOF_C
if [ $pcrc -eq 0 ] && ${CC:-cc} -std=c11 $san -o "$out/clash" "$out/clash.c" $flags >"$out/clash.log" 2>&1 &&
	[ "$(LD_LIBRARY_PATH=$pfx/lib "$out/clash")" = "0 2 1 2" ]; then
	ok "a program's own heap_init, ctx_begin and jps_search do not clash with the shared library's"
else
	fail "a program defining heap_init, ctx_begin, jps_search: $(head -c 400 "$out/clash.log")"
fi
sflags=$(PKG_CONFIG_PATH=$pfx/lib/pkgconfig pkg-config --cflags --libs astar-static 2>"$out/pcs.err")
if [ $? -eq 0 ] && ${CC:-cc} -std=c11 $san -o "$out/clash-static" "$out/clash.c" $sflags >"$out/clash-static.log" 2>&1 &&
	[ "$("$out/clash-static")" = "0 2 1 2" ]; then
	ok "a program's own heap_init, ctx_begin and jps_search do not clash with libastar.a's"
else
	fail "the same program with astar-static.pc: $(cat "$out/pcs.err" "$out/clash-static.log" | head -c 400)"
fi
# 3c. C++ includes the header as it is: the names link as C's.  The
#     same program, compiled as C++.
if [ $pcrc -eq 0 ] && ${CXX:-c++} -x c++ -std=c++11 -Wall -Wextra -pedantic -Werror $san -o "$out/cxx" \
	"$out/clash.c" -x none $flags >"$out/cxx.log" 2>&1 && [ "$(LD_LIBRARY_PATH=$pfx/lib "$out/cxx")" = "0 2 1 2" ]; then
	ok "a C++ program includes astar.h and links"
else
	fail "a C++ program against astar.h: $(head -c 400 "$out/cxx.log")"
fi
if [ "$("$pfx/bin/astar" --version 2>&1)" = "astar $(sed -n 's/^Version: //p' "$pfx/lib/pkgconfig/astar.pc")" ]; then
	ok "installed astar and astar.pc agree on the version"
else
	fail "installed astar --version differs from astar.pc's Version"
fi

# 3d. The shared library: its SONAME is libastar.so.MAJOR, the README
#     example built with astar.pc needs it (from the installed lib dir)
#     and it exports astar.h's API alone, the archive's very symbols.
so=$pfx/lib/libastar.so.$version
soname=$(readelf -d "$so" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [ "$soname" = "libastar.so.$major" ]; then
	ok "libastar.so.$version has the SONAME libastar.so.$major"
else
	fail "libastar.so.$version: SONAME '$soname', not libastar.so.$major"
fi
needed=$(readelf -d "$out/example" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(libastar.*\)\]/\1/p')
where=$(LD_LIBRARY_PATH=$pfx/lib ldd "$out/example" 2>/dev/null | awk '$1 ~ /^libastar/ { print $3 }')
if [ "$needed" = "libastar.so.$major" ] && [ "$where" = "$pfx/lib/libastar.so.$major" ]; then
	ok "the README example needs libastar.so.$major and runs on the installed one"
else
	fail "the README example: NEEDED '$needed', loaded from '$where'"
fi
nm -D --defined-only "$so" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort >"$out/so.syms"
nm -g --defined-only "$pfx/lib/libastar.a" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort >"$out/a.syms"
extra=$(grep -v '^astar_' "$out/so.syms" | tr '\n' ' ')
if [ -z "$extra" ] && grep -qx astar_search "$out/so.syms" && cmp -s "$out/so.syms" "$out/a.syms"; then
	ok "libastar.so exports astar_* alone, the archive's symbols"
else
	fail "libastar.so exports: $extra; against the archive: $(diff "$out/a.syms" "$out/so.syms" | head -n 4 | tr '\n' ' ')"
fi
# 3e. The archive still serves who wants it: astar-static.pc links it by
#     its path, and `pkg-config --static` gives what `cc -static` needs
#     (not in a sanitizer build, whose runtimes are not static);
#     the installed astar program links it too, needing no libastar.so.
if [ -x "$out/clash-static" ] && ! readelf -d "$out/clash-static" | grep -q 'NEEDED.*libastar' &&
	! readelf -d "$pfx/bin/astar" | grep -q 'NEEDED.*libastar'; then
	ok "astar-static.pc and the astar program link libastar.a, not libastar.so"
else
	fail "astar-static.pc or bin/astar need libastar.so: $(readelf -d "$out/clash-static" "$pfx/bin/astar" 2>&1 | grep NEEDED | tr -s ' ' | head -c 300)"
fi
if [ -z "$san" ]; then
	stflags=$(PKG_CONFIG_PATH=$pfx/lib/pkgconfig pkg-config --static --cflags --libs astar 2>&1)
	if ${CC:-cc} -std=c11 -static -o "$out/example-static" "$out/example.c" $stflags >"$out/static.log" 2>&1 &&
		! readelf -d "$out/example-static" | grep -q NEEDED &&
		"$out/example-static" >"$out/example-static.got" 2>&1 && cmp -s "$out/example.want" "$out/example-static.got"; then
		ok "cc -static with pkg-config --static ($stflags): the README example, static"
	else
		fail "cc -static with pkg-config --static ($stflags): $(head -c 400 "$out/static.log")"
	fi
fi

# 4. Every function declared in the header has a comment above it (the
#    line before the declaration, or before a group of declarations,
#    ends a comment).
undoc=$(awk '
	/^[a-z].*\(/ && !/^typedef/ {
		name = $0; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
		if (prev !~ /\*\/$/ && !(grouped && prev ~ /;$/)) print name
		grouped = 1; prev = $0
		while (prev !~ /;$/ && (getline l) > 0) prev = l
		next
	}
	{ grouped = 0; if ($0 != "") prev = $0 }
' include/astar.h include/astar_spaces.h)
if [ -z "$undoc" ]; then
	ok "every function in include/astar.h and astar_spaces.h is documented"
else
	fail "include/astar.h: no comment above:" $undoc
fi

# 5. make uninstall removes everything make install put there.
make -s uninstall PREFIX="$pfx" >"$out/uninstall.log" 2>&1
left=$(find "$pfx" ! -type d 2>/dev/null)
if [ -z "$left" ]; then ok "make uninstall PREFIX leaves no file"; else fail "make uninstall left:" $left; fi

# 6. DESTDIR stages the same files under DESTDIR, and astar.pc still
#    names the final PREFIX; uninstall with the same DESTDIR cleans up.
st=$tmp/stage
if make -s install DESTDIR="$st" PREFIX=/opt/astar >"$out/destdir.log" 2>&1; then
	miss=
	for f in $installed; do [ -f "$st/opt/astar/$f" ] || miss="$miss $f"; done
	if [ -z "$miss" ] && [ -z "$(links_ok "$st/opt/astar/lib")" ] &&
		grep -qx 'prefix=/opt/astar' "$st/opt/astar/lib/pkgconfig/astar.pc" &&
		! grep -q "$st" "$st/opt/astar/lib/pkgconfig/astar.pc" "$st/opt/astar/lib/pkgconfig/astar-static.pc"; then
		ok "make install DESTDIR PREFIX"
	else
		fail "make install DESTDIR: missing$miss, links: $(links_ok "$st/opt/astar/lib" | tr "\n" " "), or a .pc names DESTDIR"
	fi
else
	fail "make install DESTDIR failed"
	cat "$out/destdir.log"
fi
make -s uninstall DESTDIR="$st" PREFIX=/opt/astar >>"$out/destdir.log" 2>&1
left=$(find "$st" ! -type d 2>/dev/null)
if [ -z "$left" ]; then ok "make uninstall DESTDIR leaves no file"; else fail "make uninstall DESTDIR left:" $left; fi

# 7. make install-lib installs the library's three files alone, and
#    builds from src/lib/ alone, without jansson's and libpng's headers
#    (a copy of the tree with no other source folder, where both headers
#    stop the compiler).  -O0: what is checked is which headers and
#    sources the build reads, and the optimiser would only add time.
lt=$tmp/libonly
mkdir -p "$lt/tree/src" "$lt/fake"
cp -R Makefile astar.pc.in astar-static.pc.in include "$lt/tree/"
cp -R src/lib "$lt/tree/src/"
rm -f "$lt"/tree/src/lib/*.o "$lt"/tree/src/lib/*.map
printf '#error "jansson is not needed here"\n' >"$lt/fake/jansson.h"
printf '#error "libpng is not needed here"\n' >"$lt/fake/png.h"
if (cd "$lt/tree" && make -s -j2 install-lib PREFIX="$lt/prefix" CPPFLAGS="-I$lt/fake" CFLAGS=-O0) >"$out/install-lib.log" 2>&1; then
	got=$(cd "$lt/prefix" && find . ! -type d | sort | tr '\n' ' ')
	if [ "$got" = "./include/astar.h ./include/astar_spaces.h ./lib/libastar.a ./lib/libastar.so ./lib/libastar.so.$major ./lib/libastar.so.$version ./lib/pkgconfig/astar-static.pc ./lib/pkgconfig/astar.pc " ]; then
		ok "make install-lib: the library alone, from src/lib/, without jansson or libpng"
	else
		fail "make install-lib installed: $got"
	fi
else
	fail "make install-lib failed: $(head -c 400 "$out/install-lib.log")"
fi

# 8. The plain C11 fallbacks (-DASTAR_PORTABLE: no 128-bit integers, no
#    inline assembly, no builtins or intrinsics) give the same results as
#    the default build: one program searches random grids, small and
#    large enough for every JPS shortcut, with A*, Dijkstra and JPS on
#    one context, linked once against each build of src/lib/, and prints
#    every result and a checksum of its path and explored cells.  Both at
#    -O0, which keeps the compiler's builtins and 128-bit arithmetic of
#    the default build, and compiles in seconds rather than a minute.
cat >"$out/same.c" <<'EOF_C'
#include <astar.h>
#include <stdio.h>
static unsigned long long seed = 12345;
static unsigned next(unsigned n)
{
	seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(seed >> 33) % n;
}
static unsigned long long sum(const astar_point *p, size_t n)
{
	unsigned long long h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned)(p[i].x * 65599 + p[i].y)) * 1099511628211ULL;
	return h;
}
int main(void)
{
	static const int size[3][2] = {{37, 29}, {131, 97}, {160, 160}};
	static const astar_algorithm algo[3] = {ASTAR_ALGO_ASTAR, ASTAR_ALGO_DIJKSTRA, ASTAR_ALGO_JPS};
	static const astar_diagonal diag[2] = {ASTAR_DIAG_NEVER, ASTAR_DIAG_NO_OBSTACLES};
	astar_ctx *c = astar_ctx_new();
	for (int m = 0; m < 3; m++) {
		int w = size[m][0], h = size[m][1];
		astar_status st;
		astar_grid *g = astar_grid_new(w, h, &st);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++)
				astar_grid_set(g, x, y, next(100) < 30 ? 0 : 1);
		for (int q = 0; q < 40; q++) {
			astar_point s, t;
			do { /* an open start; the goal blocked at times */
				s.x = (int32_t)next((unsigned)w);
				s.y = (int32_t)next((unsigned)h);
				t.x = (int32_t)next((unsigned)w);
				t.y = (int32_t)next((unsigned)h);
			} while (!astar_grid_get(g, s.x, s.y) || (q % 4 && !astar_grid_get(g, t.x, t.y)));
			for (int a = 0; a < 3; a++)
				for (int d = 0; d < 2; d++) {
					astar_options o;
					astar_result r;
					astar_options_init(&o);
					o.algorithm = algo[a];
					o.diagonal = diag[d];
					o.explored = 1;
					o.closest = q % 3 == 0;
					o.adjacent = q % 5 == 0;
					st = astar_search(c, g, s, t, &o, &r);
					printf("%d %d %d %d %d %.17g %zu %llu %llu %llx %llx\n", m, q, a, d,
					       (int)st, r.cost, r.path_len, (unsigned long long)r.expanded,
					       (unsigned long long)r.generated, sum(r.path, r.path_len),
					       sum(r.explored, r.explored_len));
				}
		}
		astar_grid_free(g);
	}
	astar_ctx_free(c);
	return 0;
}
EOF_C
same_ok=1
for b in default portable; do # the two builds side by side
	def=
	[ $b = portable ] && def=-DASTAR_PORTABLE
	mkdir -p "$out/$b"
	(${CC:-cc} -std=c11 -Wall -Wextra -pedantic -O0 $def -D_POSIX_C_SOURCE=200809L \
		-Iinclude -o "$out/$b/same" "$out/same.c" src/lib/*.c -lm >"$out/$b/cc.log" 2>&1 &&
		"$out/$b/same" >"$out/$b/same.out" 2>&1; echo $? >"$out/$b/rc") &
done
wait
for b in default portable; do
	if [ "$(cat "$out/$b/rc")" != 0 ]; then
		same_ok=0
		fail "the $b build of the same-results program: $(head -c 400 "$out/$b/cc.log")"
	fi
done
if [ $same_ok = 1 ] && [ -s "$out/default/same.out" ] && cmp -s "$out/default/same.out" "$out/portable/same.out"; then
	ok "-DASTAR_PORTABLE: the plain C11 build gives the default build's results"
elif [ $same_ok = 1 ]; then
	fail "-DASTAR_PORTABLE changes results: $(diff "$out/default/same.out" "$out/portable/same.out" | head -n 4)"
fi

echo "lib: $passed passed, $failed failed"
[ $failed -eq 0 ]
