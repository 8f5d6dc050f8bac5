#!/bin/sh
# tests/fuzz/build.sh - builds the libFuzzer targets with clang, ASan and
# UBSan into tests/fuzz/build/ (or $FUZZ_BUILD).  Run from anywhere.
#
#   sh tests/fuzz/build.sh              all targets
#   sh tests/fuzz/build.sh fuzz_scen    only the ones named
#
# Needs clang with its fuzzer runtime (Debian: clang, and on some
# releases libclang-rt-14-dev) and libjansson-dev.  CC overrides the
# compiler (it must be a clang); FUZZ_CFLAGS adds flags.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
CC=${CC:-clang}
case $CC in cc | gcc* | */gcc*) CC=clang ;; esac
out=${FUZZ_BUILD:-tests/fuzz/build}
mkdir -p "$out/obj"

ALL="fuzz_ascii fuzz_json fuzz_movingai fuzz_scen fuzz_args fuzz_levels fuzz_files fuzz_graph fuzz_voxel"
targets=${*:-$ALL}

# The library's and the readers' sources, by their folders.
lib=$(ls src/lib/*.c)
readers="$(ls src/read/*.c) src/base/value.c src/base/diag.c src/base/utf8.c"

jansson_cflags=$(pkg-config --cflags jansson 2>/dev/null || true)
jansson_libs="$(pkg-config --libs jansson 2>/dev/null || echo -ljansson) $(pkg-config --libs expat zlib libzstd libpng 2>/dev/null || echo -lexpat -lz -lzstd -lpng)"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
CFLAGS="-std=c11 -g1 -O1 -Wall -Wextra $SAN ${FUZZ_CFLAGS:-}"
CPPFLAGS="-Iinclude -Isrc -Isrc/lib -Isrc/read -Isrc/base -Itests/unit -D_POSIX_C_SOURCE=200809L $jansson_cflags"

# The library at -O0: its search instances are inlined by force, and at
# -O1 UBSan makes clang take minutes a file over them (seconds at -O0);
# the readers, where most inputs end, keep -O1.
objs=
for src in $lib $readers; do
	o=$out/obj/$(basename "$src" .c).o
	opt=
	case $src in src/lib/*) opt=-O0 ;; esac
	# shellcheck disable=SC2086
	$CC $CFLAGS $opt -fsanitize=fuzzer-no-link $CPPFLAGS -c -o "$o" "$src"
	objs="$objs $o"
done
# The tests' reference model (movement rules, Dijkstra), kept out of the
# coverage feedback like the rest of the harness.
o=$out/obj/reference.o
# shellcheck disable=SC2086
$CC $CFLAGS $CPPFLAGS -c -o "$o" tests/unit/reference.c
objs="$objs $o"
for t in $targets; do
	# fuzz_files confines the readers' io_slurp_regular to its folder (see there).
	link=
	[ "$t" = fuzz_files ] && link=-Wl,--wrap=io_slurp_regular
	# shellcheck disable=SC2086
	$CC $CFLAGS -fsanitize=fuzzer $CPPFLAGS -o "$out/$t" \
		"tests/fuzz/$t.c" $objs $jansson_libs -lm $link
	echo "built $out/$t"
done
