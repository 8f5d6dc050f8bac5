#!/bin/sh
# docs/pictures.sh - regenerates the pictures of README.md with astar
# --image: the cells A*, Dijkstra's algorithm and Jump Point Search expand
# (shaded from light blue, first, to purple, last) on one query of the
# Dragon Age: Origins map arena2 from the Moving AI Lab benchmarks
# (N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG
# 4(2), 144-148, 2012; Open Data Commons Attribution License).
#
# Run from the top of the tree after make:  sh docs/pictures.sh [MAPDIR]
# MAPDIR holds dao/arena2.map (default: ../shared/benchmarks/movingai,
# or $MOVINGAI).  Prints each run's summary; the PNGs go to docs/.
set -eu
dir=${1:-${MOVINGAI:-../shared/benchmarks/movingai}}
map=$dir/dao/arena2.map
[ -f "$map" ] || { echo "docs/pictures.sh: $map not found" >&2; exit 2; }
# One line of dao/arena2.map.scen (bucket 88): across the whole map,
# from the south-east room to the western entrance.  (tests/suite-docs.sh
# reads this line to check the README's counts.)
query='-s 247,204 -g 5,101'
for a in astar dijkstra jps; do
	echo "== $a"
	./astar --no-timing --diagonal --explored --algorithm=$a $query \
		--image=docs/arena2-$a.png --scale=3 "$map" | grep -E '^(found|cost|steps|expanded):'
done
# The distance map of maps/dungeon.txt from its start (README).
./astar --no-timing --distances -s 1,1 --image=docs/dungeon-distances.png \
	maps/dungeon.txt >/dev/null
ls -l docs/*.png
