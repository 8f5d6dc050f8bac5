# astar - build, test, install.  See README.md.
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCDIR  ?= $(PREFIX)/include
MANDIR  ?= $(PREFIX)/share/man
CC      ?= cc
OBJCOPY ?= objcopy
CFLAGS  ?= -O2 -g
WARN     = -std=c11 -Wall -Wextra -pedantic
ALL_CPPFLAGS = -Iinclude -D_POSIX_C_SOURCE=200809L $(CPPFLAGS)
JANSSON_CFLAGS := $(shell pkg-config --cflags jansson 2>/dev/null)
JANSSON_LIBS   := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
PNG_CFLAGS     := $(shell pkg-config --cflags libpng 2>/dev/null)
PNG_LIBS       := $(shell pkg-config --libs libpng 2>/dev/null || echo -lpng)
EXPAT_LIBS     := $(shell pkg-config --libs expat 2>/dev/null || echo -lexpat)
ZLIB_LIBS      := $(shell pkg-config --libs zlib 2>/dev/null || echo -lz)
# zstd is optional: without libzstd a zstd-compressed Tiled layer is
# refused with a message (ASTAR_NO_ZSTD).
ZSTD_LIBS      := $(shell pkg-config --libs libzstd 2>/dev/null)
ZSTD_CFLAGS    := $(if $(ZSTD_LIBS),,-DASTAR_NO_ZSTD)
LEVEL_LIBS     = $(EXPAT_LIBS) $(ZLIB_LIBS) $(ZSTD_LIBS)
PUB_HDR        := include/astar.h include/astar_spaces.h
VERSION        := $(shell sed -n 's/.*define ASTAR_VERSION "\(.*\)"/\1/p' include/astar.h)
# The shared library's SONAME follows the major version: a program built
# against libastar.so.2 keeps running on any 2.x.y.
MAJOR          := $(firstword $(subst ., ,$(VERSION)))
SONAME         := libastar.so.$(MAJOR)
SOFILE         := libastar.so.$(VERSION)
COMPDIR ?= $(PREFIX)/share/bash-completion/completions

# Sanitizer builds keep line tables only (-g1): their reports still name
# file and line, and the compiler takes a quarter less time.
ifeq ($(SANITIZE),1)
CFLAGS  += -O1 -g1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
# Under ASan the Moving AI suite leaves out its 12120-query maze file
# (minutes); the normal run keeps it.  ?=: a caller's ASTAR_QUICK=2 wins.
export ASTAR_QUICK ?= 1
endif
# SANITIZE=thread: ThreadSanitizer, for the batch's threads.  A race
# report ends the process with status 66, which every test notices.
ifeq ($(SANITIZE),thread)
CFLAGS  += -O1 -g1 -fsanitize=thread -fno-omit-frame-pointer
LDFLAGS += -fsanitize=thread
export ASTAR_QUICK ?= 1
export TSAN_OPTIONS = halt_on_error=1 exitcode=66
endif

# Objects remember the flags they were built with: changing CC, CFLAGS,
# CPPFLAGS or
# SANITIZE rebuilds everything instead of mixing builds.
FLAGS_STAMP := .flags-$(shell echo '$(CC) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS)' | cksum | cut -d' ' -f1)
$(FLAGS_STAMP):
	rm -f .flags-*
	touch $@

# The tree is the architecture, each folder depending only on those
# above it in this list:
#   src/lib/    the library: grids, the search context, A*, JPS (no I/O)
#   src/base/   small pure helpers: option values, UTF-8, diagnostics
#   src/read/   readers: map and scenario files into grids and queries
#   src/write/  writers: text, JSON Lines, reports, PNG pictures
#   src/cli/    the command-line driver, on top of all of them
# The library is built from its folder alone, with no path into the rest.
LIB_SRC  = $(sort $(wildcard src/lib/*.c))
BASE_SRC = $(sort $(wildcard src/base/*.c))
READ_SRC = $(sort $(wildcard src/read/*.c))
WRITE_SRC = $(sort $(wildcard src/write/*.c))
CLI_SRC  = $(BASE_SRC) $(READ_SRC) $(WRITE_SRC) $(sort $(wildcard src/cli/*.c))
LIB_HDR  = $(wildcard src/lib/*.h)
CLI_HDR  = $(wildcard src/base/*.h src/read/*.h src/write/*.h src/cli/*.h)
LIB_OBJ = $(LIB_SRC:.c=.o)
LIB_PIC = $(LIB_SRC:.c=.pic.o)
CLI_OBJ = $(CLI_SRC:.c=.o)
UNIT_SRC = $(wildcard tests/unit/*.c)

.PHONY: all check check-cli deps install install-lib uninstall clean fmt lint bench bench-data bench-graphs bench-voxel-data fuzz fuzz-run
all: astar libastar.a $(SOFILE)

# The archive exports include/astar.h's API (astar_*) alone:
# its objects are linked into one, in which every other symbol (heap_,
# ctx_, jps_) is made local, so that none can clash with a program's own.
# The unit tests, which also test those, link the objects themselves.
libastar.a: $(LIB_OBJ)
	rm -f $@ src/lib/libastar.o
	$(LD) -r -o src/lib/libastar.o $(LIB_OBJ)
	$(OBJCOPY) --wildcard --keep-global-symbol='astar_*' src/lib/libastar.o
	$(AR) rcs $@ src/lib/libastar.o

# The shared library, from position-independent objects of their own
# (*.pic.o), so that the archive and the program keep their code as it
# is.  A version script exports astar_* alone, as the archive does, and
# binds the library's own calls inside it.
src/lib/libastar.map: Makefile
	printf '{\n\tglobal: astar_*;\n\tlocal: *;\n};\n' >$@

$(SOFILE): $(LIB_PIC) src/lib/libastar.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	    -Wl,--version-script,src/lib/libastar.map -o $@ $(LIB_PIC) -lm

astar: $(CLI_OBJ) libastar.a
	$(CC) $(LDFLAGS) -pthread -o $@ $(CLI_OBJ) libastar.a $(JANSSON_LIBS) $(PNG_LIBS) $(LEVEL_LIBS) -lm

# The library never sees jansson; the CLI's objects do.
$(LIB_OBJ): %.o: %.c $(PUB_HDR) $(LIB_HDR) $(FLAGS_STAMP)
	$(CC) $(WARN) $(CFLAGS) $(ALL_CPPFLAGS) -c -o $@ $<
$(LIB_PIC): %.pic.o: %.c $(PUB_HDR) $(LIB_HDR) $(FLAGS_STAMP)
	$(CC) $(WARN) $(CFLAGS) -fPIC $(ALL_CPPFLAGS) -c -o $@ $<
$(CLI_OBJ): %.o: %.c $(PUB_HDR) $(CLI_HDR) $(FLAGS_STAMP)
	$(CC) $(WARN) $(CFLAGS) $(ALL_CPPFLAGS) -Isrc $(JANSSON_CFLAGS) $(PNG_CFLAGS) $(ZSTD_CFLAGS) -pthread -c -o $@ $<

tests/unit/test_search: $(UNIT_SRC) $(wildcard tests/unit/*.h) $(LIB_OBJ) $(FLAGS_STAMP)
	$(CC) $(WARN) $(CFLAGS) $(ALL_CPPFLAGS) -Isrc/lib $(LDFLAGS) -o $@ $(UNIT_SRC) $(LIB_OBJ) -lm

check: astar tests/unit/test_search
	sh tests/run.sh

# The golden cases and suites without the unit tests, which run no
# threads: what `make SANITIZE=thread check-cli` is for.
check-cli: astar
	sh tests/run.sh --cli

# libFuzzer targets (clang, ASan, UBSan) into tests/fuzz/build/; fuzz-run
# replays their regressions and fuzzes each FUZZ_SECONDS (default 60).
fuzz:
	sh tests/fuzz/build.sh
fuzz-run:
	sh tests/fuzz/run.sh $(or $(FUZZ_SECONDS),60)

# Speed against the PathFinding.js peer on the Moving AI sets; see
# bench/bench.py for its knobs (BENCH_MAX, BENCH_FILES, BENCH_ALGOS, ...).
# bench.py builds bench/memprobe.c against libastar.a for the memory figures;
# bench/hostile.py then times the readers' adversarial inputs at N and 10 N,
# bench/editors.py the editors' files' load against jansson's own parse,
# bench/voxbench 3D against 2D A*, bench/graphs.py graphs against Boost,
# and bench/worlds.py the largest shared LDtk world's flood and bench/world.c.
bench: astar libastar.a bench-data bench-voxel-data bench/voxbench
	python3 bench/bench.py
	python3 bench/hostile.py
	python3 bench/editors.py
	bench/voxbench bench/data/voxel/*.3dscen
	python3 bench/graphs.py
	python3 bench/worlds.py

# Voxel maps like the Moving AI voxel benchmark's (caves, towers, open
# sky), deterministic, their scenarios' costs from the generator's own
# Dijkstra (bench/voxgen.c); bench/voxbench.c times 26-neighbour A* on
# them against 8-neighbour 2D A* on a map of as many cells, and checks
# every cost.
bench/voxgen: bench/voxgen.c
	$(CC) -O2 -o $@ bench/voxgen.c -lm
bench/voxbench: bench/voxbench.c libastar.a $(PUB_HDR)
	$(CC) -O2 -Iinclude -o $@ bench/voxbench.c libastar.a -lm
bench-voxel-data: bench/voxgen
	@test -f bench/data/voxel/done || { mkdir -p bench/data/voxel && \
	  for k in caves towers sky; do \
	    bench/voxgen $$k 128 128 64 1 20 bench/data/voxel/$$k-128-128-64 || exit 1; \
	  done && touch bench/data/voxel/done; }

# The generated sets of many queries on one map (mazes of wide corridors,
# terrain variants of shared maps, large random maps): bench/gen.py writes
# them into bench/data/ once, and checks a sample of every file against an
# independent Dijkstra (bench/refcheck.c).
bench-data: astar
	@test -f bench/data/done || { python3 bench/gen.py bench/data && touch bench/data/done; }

# Road-like DIMACS graphs (bench/roads.c) against the Boost Graph Library
# (bench/boost_graph.cpp, needs g++ and libboost-graph-dev); bench/graphs.py.
bench-graphs: astar
	python3 bench/graphs.py

# Everything the build, the tests, the fuzzers (clang and its libFuzzer
# runtime) and the docs lint need, from Debian.
deps:
	apt-get update
	apt-get install -y build-essential pkg-config libjansson-dev libpng-dev mandoc python3 \
	        clang libclang-rt-dev libexpat1-dev zlib1g-dev libzstd-dev zstd jq chromium pre-commit

lint:
	mandoc -T lint -W warning man/astar.1

fmt:
	clang-format -i include/*.h src/*/*.c src/*/*.h tests/unit/*.c tests/unit/*.h \
		tests/fuzz/*.c tests/fuzz/*.h bench/*.c

# The library alone (archive, shared library, header, astar.pc and
# astar-static.pc): it needs neither jansson nor libpng, which only the
# program uses.  The shared library's links are those ldconfig makes:
# the SONAME for programs at run time, libastar.so for the linker.
PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCDIR@|$(INCDIR)|g' -e 's|@VERSION@|$(VERSION)|g'
install-lib: libastar.a $(SOFILE)
	mkdir -p $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCDIR)
	cp libastar.a $(DESTDIR)$(LIBDIR)/libastar.a
	cp $(SOFILE) $(DESTDIR)$(LIBDIR)/$(SOFILE)
	ln -sf $(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libastar.so
	cp include/astar.h include/astar_spaces.h $(DESTDIR)$(INCDIR)/
	$(PC_SED) astar.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/astar.pc
	$(PC_SED) astar-static.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/astar-static.pc

install: all install-lib
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(COMPDIR)
	cp astar $(DESTDIR)$(BINDIR)/astar
	cp man/astar.1 $(DESTDIR)$(MANDIR)/man1/astar.1
	cp completion/astar.bash $(DESTDIR)$(COMPDIR)/astar

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/astar $(DESTDIR)$(LIBDIR)/libastar.a \
	      $(DESTDIR)$(LIBDIR)/$(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	      $(DESTDIR)$(LIBDIR)/libastar.so $(DESTDIR)$(LIBDIR)/pkgconfig/astar-static.pc \
	      $(DESTDIR)$(INCDIR)/astar.h $(DESTDIR)$(INCDIR)/astar_spaces.h $(DESTDIR)$(MANDIR)/man1/astar.1 \
	      $(DESTDIR)$(LIBDIR)/pkgconfig/astar.pc $(DESTDIR)$(COMPDIR)/astar

clean:
	rm -f astar libastar.a libastar.so.* bench/voxgen bench/voxbench src/*/*.o src/lib/libastar.map tests/unit/test_search .flags-*
	rm -rf tests/out tests/fuzz/build tests/fuzz/out
