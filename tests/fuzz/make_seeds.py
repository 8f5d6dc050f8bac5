#!/usr/bin/env python3
"""tests/fuzz/make_seeds.py - writes the seed corpora in tests/fuzz/corpus/.

Run from the top of the tree (python3 tests/fuzz/make_seeds.py) to
regenerate them; it rewrites corpus/<target>/ from scratch.  The map
targets' inputs start with option bytes (see fz_decode_options in
fuzz_common.h): b0 = diagonal | heuristic << 2 | algorithm << 5 |
weight2 << 7, b1 = adjacent | closest << 1 | explored << 2 |
max_cells_choice << 3 | scale << 5 (fuzz_ascii's blown-up copy) |
jps << 7; fuzz_movingai adds two big-endian 16-bit numbers
choosing the start and the goal among the open cells.

Sources: the small maps of maps/ and tests/golden/json/*/map.json of this
repository, and the first lines of the Moving AI Lab's 32x32 maps and
scenario files in shared/benchmarks/movingai/mapf (ODC-BY; N. Sturtevant,
"Benchmarks for Grid-Based Pathfinding", IEEE TCIAIG 4(2), 2012).
"""
import glob
import os
import shutil
import sys
import struct

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(TOP, "tests", "fuzz", "corpus")
MAPF = os.path.join(os.path.dirname(TOP), "shared", "benchmarks", "movingai", "mapf")

NEVER, ALWAYS, ONE, NOOBS = range(4)
H_DEFAULT, H_MANHATTAN, H_EUCLIDEAN, H_OCTILE, H_CHEBYSHEV, H_ZERO = range(6)
ASTAR, DIJKSTRA, BFS, GREEDY = range(4)


def opts(diag=NEVER, h=H_DEFAULT, algo=ASTAR, weight2=False, adjacent=False,
         closest=False, explored=False, cells=0, scale=0, jps=False):
    b0 = diag | h << 2 | algo << 5 | (0x80 if weight2 else 0)
    b1 = (1 if adjacent else 0) | (2 if closest else 0) | (4 if explored else 0) | cells << 3 | scale << 5 | (0x80 if jps else 0)
    return bytes([b0, b1])


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def maps(name):
    return read(os.path.join(TOP, "maps", name))


def head_lines(path, n):
    return b"".join(read(path).splitlines(keepends=True)[:n])


# ---- fuzz_files: a main file and the files it names (see fuzz_files.c)
MAIN_TMX, MAIN_TMJ, MAIN_LDTK, MAIN_CHECK = range(4)
LO_NONE, LO_LEVEL0, LO_SOLID, LO_LAYER = range(4)
SEP = b"----8<----"


def files(kind, main, *subs, lo=LO_NONE, cells=8):
    """An input of fuzz_files: the main file of kind, then each (name,
    text) after a separator line naming it; cells: 2^(4 + cells % 16)
    cells at most."""
    data = bytes([kind | lo << 2, cells]) + main
    for name, text in subs:
        data += b"\n" + SEP + b" " + name + b"\n" + text
    return data


TSX = (b'<?xml version="1.0"?>\n<tileset name="t" tilewidth="16" tileheight="16" tilecount="4">\n'
       b' <tile id="1"><properties><property name="collides" type="bool" value="true"/>'
       b'<property name="solid" type="bool" value="true"/></properties></tile>\n'
       b' <tile id="2"><properties><property name="cost" type="int" value="3"/></properties></tile>\n'
       b'</tileset>\n')
TSJ = (b'{"name":"u","tilecount":4,"tiles":[{"id":1,"properties":[{"name":"collides","type":"bool",'
       b'"value":true}]},{"id":2,"properties":[{"name":"cost","type":"float","value":2.5}]}]}\n')
TX = b'<?xml version="1.0"?>\n<template><object name="Goal" width="16" height="16"/></template>\n'
TX_TILE = (b'<?xml version="1.0"?>\n<template><tileset firstgid="1" source="a.tsx"/>'
           b'<object name="Crate" gid="2" width="16" height="16"/></template>\n')
TJ = b'{"type":"template","object":{"name":"J","point":true}}\n'


def gids(tilesets):
    """Two tiles of the second tileset, if any, else of the first."""
    return (5, 6) if len(tilesets) > 1 else (1, 2) if tilesets else (0, 0)


def tmx(tilesets, objects, extra=b""):
    """A 4x3 .tmx map naming tilesets [(firstgid, source)] and holding
    objects (XML lines)."""
    ts = b"".join(b' <tileset firstgid="%d" source="%s"/>\n' % (g, s) for g, s in tilesets)
    return (b'<?xml version="1.0" encoding="UTF-8"?>\n'
            b'<map version="1.10" orientation="orthogonal" width="4" height="3" '
            b'tilewidth="16" tileheight="16" infinite="0">\n' + ts +
            b' <layer id="1" name="walls" width="4" height="3"><data encoding="csv">\n'
            b'0,2,0,0,\n0,%d,1,0,\n0,0,0,%d\n</data></layer>\n' % gids(tilesets) + extra +
            b' <objectgroup id="2" name="o">\n'
            b'  <object id="1" name="S" x="8" y="8"><point/></object>\n' + objects +
            b' </objectgroup>\n</map>\n')


def tmj(tilesets, objects):
    ts = b",".join(b'{"firstgid":%d,"source":"%s"}' % (g, s) for g, s in tilesets)
    return (b'{"type":"map","tiledversion":"1.10.2","orientation":"orthogonal","width":4,"height":3,'
            b'"tilewidth":16,"tileheight":16,"infinite":false,"tilesets":[' + ts + b'],\n'
            b' "layers":[{"type":"tilelayer","name":"walls","width":4,"height":3,'
            b'"data":[0,2,0,0,0,%d,1,0,0,0,0,%d]},\n' % gids(tilesets) +
            b'  {"type":"objectgroup","name":"o","objects":[{"id":1,"name":"S","x":8,"y":8,"point":true}'
            + objects + b']}]}\n')


OBJ_TEMPLATES = (b'  <object id="2" template="t.tx" x="48" y="32"/>\n'
                 b'  <object id="3" name="Q" template="t.tj" x="16" y="16"/>\n')
JOBJ_TEMPLATES = (b',{"id":2,"template":"t.tx","x":48,"y":32},'
                  b'{"id":3,"name":"Q","template":"t.tj","x":16,"y":16}')

LDTK_DEFS = (b'"defs":{"layers":[{"identifier":"Entities","type":"Entities","uid":1,"intGridValues":[]},'
             b'{"identifier":"Collisions","type":"IntGrid","uid":2,"gridSize":16,"intGridValues":'
             b'[{"value":1,"identifier":"wall"},{"value":2,"identifier":"water"}]}],"entities":[]}')


def ldtk_project(levels):
    lv = b",".join(b'{"identifier":"%s","iid":"%s","uid":%d,"externalRelPath":"%s","layerInstances":null}'
                   % (name, name, i, rel) for i, (name, rel) in enumerate(levels))
    return (b'{"__header__":{"fileType":"LDtk Project JSON","app":"LDtk"},"jsonVersion":"1.5.3",'
            b'"externalLevels":true,"worlds":[],\n' + LDTK_DEFS + b',\n"levels":[' + lv + b']}\n')


def ldtkl(name, wall=1):
    return (b'{"identifier":"%s","iid":"%s","uid":0,"layerInstances":[\n'
            b'{"__identifier":"Entities","__type":"Entities","__cWid":4,"__cHei":3,"__gridSize":16,'
            b'"layerDefUid":1,"intGridCsv":[],"entityInstances":[\n'
            b' {"__identifier":"Player","__grid":[0,0],"iid":"p","px":[0,0],"fieldInstances":[]},\n'
            b' {"__identifier":"Exit","__grid":[3,2],"iid":"e","px":[48,32],"fieldInstances":'
            b'[{"__identifier":"name","__type":"String","__value":"exit"}]}]},\n'
            b'{"__identifier":"Collisions","__type":"IntGrid","__cWid":4,"__cHei":3,"__gridSize":16,'
            b'"layerDefUid":2,"intGridCsv":[0,%d,0,0,0,%d,0,2,0,0,0,0],"entityInstances":[]}]}\n'
            % (name, name, wall, wall))


def tsx_map(source):
    """A .tsx whose root is a whole map naming one tileset."""
    return (b'<?xml version="1.0"?>\n<map orientation="orthogonal" width="3" height="2" '
            b'tilewidth="16" tileheight="16">\n<tileset firstgid="1" source="%s"/>\n</map>\n' % source)


def tsj_map(source):
    return (b'{"type":"map","orientation":"orthogonal","width":3,"height":2,"tilewidth":16,'
            b'"tileheight":16,"tilesets":[{"firstgid":1,"source":"%s"}],"layers":[]}\n' % source)


def tx_map(template):
    """A .tx whose root is a whole map with an object of template."""
    return (b'<?xml version="1.0"?>\n<map orientation="orthogonal" width="3" height="2" '
            b'tilewidth="16" tileheight="16">\n<objectgroup name="o">\n'
            b'<object id="1" name="T" template="%s" x="0" y="0"/>\n'
            b'<object id="2" name="U" x="16" y="0"><point/></object>\n'
            b'</objectgroup>\n</map>\n' % template)


def files_hostile(armed):
    """The shapes of issue 48's crashes: a tileset or template whose root
    is a map, that names itself, A -> B -> A.  Armed, the loops close
    (the inputs crashed the readers before the fix); unarmed, the last
    name is one byte off (a file that is not there), so the seeds pass
    on any code and the fuzzer is one mutation away."""
    def n(name):
        return name if armed else name[:-1] + b"_"
    one = tmx([(1, b"a.tsx")], b"")
    onej = tmj([(1, b"b.tsj")], b"")
    return [
        ("tsx-root-is-map", files(MAIN_TMX, one, (b"a.tsx", tsx_map(n(b"b.tsx"))), (b"b.tsx", TSX))),
        ("tsx-names-itself", files(MAIN_TMX, one, (b"a.tsx", tsx_map(n(b"a.tsx"))))),
        ("tsx-chain-a-b-a", files(MAIN_TMX, one, (b"a.tsx", tsx_map(b"b.tsx")),
                                  (b"b.tsx", tsx_map(n(b"a.tsx"))))),
        ("tsx-names-main", files(MAIN_TMX, one, (b"a.tsx", tsx_map(n(b"main.tmx"))))),
        ("tsj-root-is-map", files(MAIN_TMJ, onej, (b"b.tsj", tsj_map(n(b"a.tsj"))), (b"a.tsj", TSJ))),
        ("tsj-names-itself", files(MAIN_TMJ, onej, (b"b.tsj", tsj_map(n(b"b.tsj"))))),
        ("tsj-chain-tsx", files(MAIN_TMJ, onej, (b"b.tsj", tsj_map(b"a.tsx")),
                                (b"a.tsx", tsx_map(n(b"b.tsj"))))),
        ("tx-root-is-map", files(MAIN_TMX, tmx([(1, b"a.tsx")], b'  <object id="2" template="t.tx" x="0" y="16"/>\n'),
                                 (b"a.tsx", TSX), (b"t.tx", tx_map(n(b"u.tx"))), (b"u.tx", TX))),
        ("tx-names-itself", files(MAIN_TMX, tmx([], b'  <object id="2" template="t.tx" x="0" y="16"/>\n'),
                                  (b"t.tx", tx_map(n(b"t.tx"))))),
        ("tx-from-tmj-names-main", files(MAIN_TMJ, tmj([], b',{"id":2,"template":"t.tx","x":0,"y":16}'),
                                         (b"t.tx", tx_map(n(b"main.tmx"))),
                                         (b"main.tmx", tmx([], b'  <object id="2" template="t.tx" x="0" y="16"/>\n')))),
    ]


def files_seeds():
    ts2 = [(1, b"a.tsx"), (5, b"b.tsj")]
    seeds = [
        ("tmx-tsx-tsj-templates", files(MAIN_TMX, tmx(ts2, OBJ_TEMPLATES), (b"a.tsx", TSX),
                                        (b"b.tsj", TSJ), (b"t.tx", TX))),
        ("tmx-template-tileset-solid", files(MAIN_TMX, tmx([(1, b"a.tsx")], b'  <object id="2" template="t.tx" x="48" y="32"/>\n'),
                                             (b"a.tsx", TSX), (b"t.tx", TX_TILE), lo=LO_SOLID)),
        ("tmx-missing-template-layer", files(MAIN_TMX, tmx(ts2, OBJ_TEMPLATES), (b"a.tsx", TSX),
                                             (b"b.tsj", TSJ), lo=LO_LAYER)),
        ("tmx-infinite-tsj", files(MAIN_TMX,
                                   b'<?xml version="1.0"?>\n<map orientation="orthogonal" width="4" height="4" '
                                   b'tilewidth="16" tileheight="16" infinite="1">\n'
                                   b' <tileset firstgid="1" source="b.tsj"/>\n'
                                   b' <layer name="walls" width="4" height="4"><data encoding="csv">\n'
                                   b'  <chunk x="-16" y="0" width="16" height="1">2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2</chunk>\n'
                                   b' </data></layer>\n</map>\n', (b"b.tsj", TSJ))),
        ("tmj-tsx-tsj-templates", files(MAIN_TMJ, tmj(ts2, JOBJ_TEMPLATES), (b"a.tsx", TSX),
                                        (b"b.tsj", TSJ), (b"t.tx", TX))),
        ("tmj-tj-template", files(MAIN_TMJ, tmj([(1, b"b.tsj")], JOBJ_TEMPLATES), (b"b.tsj", TSJ),
                                  (b"t.tj", TJ), lo=LO_SOLID)),
        ("tmj-bad-tileset-syntax", files(MAIN_TMJ, tmj([(1, b"b.tsj")], b""), (b"b.tsj", b'{"name":"t",\n"tiles":[{"id":}]}\n'))),
        ("tmx-bad-tileset-syntax", files(MAIN_TMX, tmx([(1, b"a.tsx")], b""), (b"a.tsx", b'<?xml version="1.0"?>\n<tileset>\n<tile id="x">\n'))),
        ("ldtk-external-levels", files(MAIN_LDTK, ldtk_project([(b"L0", b"lvl.ldtkl"), (b"L1", b"lvl1.ldtkl")]),
                                       (b"lvl.ldtkl", ldtkl(b"L0")), (b"lvl1.ldtkl", ldtkl(b"L1", 2)),
                                       lo=LO_LEVEL0)),
        ("ldtk-external-level-layer", files(MAIN_LDTK, ldtk_project([(b"L0", b"lvl.ldtkl")]),
                                            (b"lvl.ldtkl", ldtkl(b"L0")), lo=LO_LAYER)),
        ("ldtk-external-level-missing", files(MAIN_LDTK, ldtk_project([(b"L0", b"gone.ldtkl")]))),
        ("ldtk-external-level-is-project", files(MAIN_LDTK, ldtk_project([(b"L0", b"main.ldtk")]))),
        ("ldtk-external-level-bad-json", files(MAIN_LDTK, ldtk_project([(b"L0", b"lvl.ldtkl")]),
                                               (b"lvl.ldtkl", b'{"identifier":"L0",\n"layerInstances":[1,]}'))),
        ("check-tmx-tsx", files(MAIN_CHECK,
                                b'{"level":"lvl.tmx","layer":"walls","solid":"collides",\n'
                                b' "queries":[{"start":"@S","goal":[3,0],"expect":{"reachable":true}}]}\n',
                                (b"lvl.tmx", tmx([(1, b"a.tsx")], OBJ_TEMPLATES)), (b"a.tsx", TSX), (b"t.tx", TX))),
        ("check-ldtk-external", files(MAIN_CHECK,
                                      b'{"level":"w.ldtk","level_id":"L0","layer":"Collisions","solid":["wall"],\n'
                                      b' "costs":{"water":3},"queries":[{"start":"@Player","goal":"@exit"}]}\n',
                                      (b"w.ldtk", ldtk_project([(b"L0", b"lvl.ldtkl")])),
                                      (b"lvl.ldtkl", ldtkl(b"L0")))),
        ("check-names-itself", files(MAIN_CHECK, b'{"level":"check.json","queries":[]}\n')),
        ("check-level-names-check", files(MAIN_CHECK, b'{"level":"lvl.tmj"}\n',
                                          (b"lvl.tmj", tmj([(1, b"check.json")], b"")))),
        ("check-escapes-folder", files(MAIN_CHECK, b'{"level":"../lvl.tmx"}\n', (b"lvl.tmx", tmx([], b"")))),
        ("tmx-absolute-tileset", files(MAIN_TMX, tmx([(1, b"/dev/stdin")], b""))),
        ("tmx-default-names", bytes([MAIN_TMX, 8]) + tmx(ts2, OBJ_TEMPLATES) + b"\n" + SEP + b"\n" + TSX +
         b"\n" + SEP + b"\n" + TSJ + b"\n" + SEP + b" ../x\n" + TX),
    ]
    return seeds + [("hostile-" + name, data) for name, data in files_hostile(False)]


def files_crafted():
    return files_hostile(True)


# ---- dictionaries: the keys of the editors' formats, for fuzz_levels and
# fuzz_files (which adds its separator and file names)
LEVEL_WORDS = [
    # Tiled XML
    '<?xml version="1.0"?>', "<map", "</map>", "<tileset", "</tileset>", "<tile ", "</tile>",
    "<layer", "</layer>", "<data", "</data>", "<chunk", "</chunk>", "<objectgroup", "</objectgroup>",
    "<object", "</object>", "<template>", "</template>", "<properties>", "</properties>",
    "<property", "<point/>", "<ellipse/>", "<polygon points=", "<polyline points=", "<group", "</group>",
    ' source="', ' template="', ' firstgid="', ' gid="', ' id="', ' name="', ' type="', ' value="',
    ' class="', ' width="', ' height="', ' x="', ' y="', ' tilewidth="', ' tileheight="', ' tilecount="',
    ' visible="0"', ' infinite="1"', ' orientation="orthogonal"', ' orientation="isometric"',
    ' encoding="csv"', ' encoding="base64"', ' compression="zlib"', ' compression="gzip"',
    ' compression="zstd"', 'type="bool"', 'type="int"', 'type="float"', 'type="string"',
    'value="true"', 'name="collides"', 'name="solid"', 'name="cost"',
    # Tiled JSON
    '"type":"map"', '"tiledversion"', '"orientation"', '"infinite"', '"tilesets"', '"firstgid"',
    '"source"', '"template"', '"object"', '"objects"', '"layers"', '"tilelayer"', '"objectgroup"',
    '"group"', '"chunks"', '"data"', '"encoding"', '"compression"', '"properties"', '"property"',
    '"tiles"', '"tilecount"', '"tilewidth"', '"tileheight"', '"width"', '"height"', '"x"', '"y"',
    '"id"', '"gid"', '"name"', '"type"', '"value"', '"class"', '"visible"', '"point"', '"ellipse"',
    '"polygon"', '"polyline"', '"collides"', '"solid"', '"cost"', '"bool"', '"float"', '"int"',
    '"string"', '"csv"', '"base64"', '"zlib"', '"gzip"', '"zstd"',
    # LDtk
    '"__header__"', '"jsonVersion"', '"externalLevels"', '"worlds"', '"levels"', '"defs"',
    '"identifier"', '"iid"', '"uid"', '"externalRelPath"', '"layerInstances"', '"__identifier"',
    '"__type"', '"__cWid"', '"__cHei"', '"__gridSize"', '"layerDefUid"', '"intGridCsv"',
    '"intGridValues"', '"entityInstances"', '"__grid"', '"px"', '"fieldInstances"', '"__value"',
    '"IntGrid"', '"Entities"', '"String"', '"Collisions"', '"walls"', '"obstacles"',
    # check files
    '"level"', '"level_id"', '"layer"', '"costs"', '"queries"', '"start"', '"goal"', '"expect"',
    '"reachable"', '"steps"', '"reach"',
    # values
    "true", "false", "null", "[]", "{}", "-1", "0", "4294967295", "1e300", "4.5", "0x4",
    "2147483648", "9223372036854775808", "\xef\xbb\xbf",
]
FILES_WORDS = [
    "----8<---- ", "\n----8<---- a.tsx\n", "\n----8<---- b.tsj\n", "\n----8<---- t.tx\n",
    "\n----8<---- lvl.ldtkl\n", "a.tsx", "b.tsj", "b.tsx", "a.tsj", "t.tx", "t.tj", "u.tx",
    "lvl.ldtkl", "lvl.tmx", "lvl.tmj", "w.ldtk", "main.tmx", "main.tmj", "main.ldtk", "check.json",
    '<tileset firstgid="1" source="a.tsx"/>', '<object id="9" template="t.tx"/>',
    '{"firstgid":1,"source":"b.tsj"}', '"externalRelPath":"lvl.ldtkl"', '"layerInstances":null',
]


def dict_entry(word):
    out = []
    for b in word.encode("latin-1"):
        if b in (0x22, 0x5c):
            out.append("\\" + chr(b))
        elif 0x20 <= b < 0x7f:
            out.append(chr(b))
        else:
            out.append("\\x%02x" % b)
    return '"' + "".join(out) + '"\n'


def write_dicts():
    d = os.path.join(TOP, "tests", "fuzz", "dict")
    head = "# Written by make_seeds.py: the keys and values of Tiled's XML and JSON\n" \
           "# files and of LDtk projects, levels and check files (src/read/).\n"
    with open(os.path.join(d, "fuzz_levels.dict"), "w") as f:
        f.write(head + "".join(dict_entry(w) for w in LEVEL_WORDS))
    with open(os.path.join(d, "fuzz_files.dict"), "w") as f:
        f.write(head + "# Then fuzz_files's separator and the file names of its seeds.\n" +
                "".join(dict_entry(w) for w in LEVEL_WORDS + FILES_WORDS))


# The targets whose corpus this script writes; corpus/fuzz_levels is
# kept as committed (a Tiled map, an LDtk project, decoder inputs).
TARGETS = ["fuzz_ascii", "fuzz_json", "fuzz_movingai", "fuzz_scen", "fuzz_args",
           "fuzz_files", "fuzz_voxel"]


def main():
    for t in TARGETS:
        if os.path.isdir(os.path.join(OUT, t)):
            shutil.rmtree(os.path.join(OUT, t))

    # ---- fuzz_ascii
    A = "fuzz_ascii"
    if os.path.exists(os.path.join(TOP, "maps", "door.txt")):
        write(A, "door-4conn", opts() + maps("door.txt"))
        write(A, "maze-noobs-octile-explored",
              opts(NOOBS, H_OCTILE, explored=True) + maps("maze.txt"))
        write(A, "swamp-dijkstra-always", opts(ALWAYS, algo=DIJKSTRA) + maps("swamp.txt"))
        write(A, "unreachable-closest", opts(ONE, closest=True) + maps("unreachable.txt"))
        write(A, "open-bfs-adjacent", opts(ALWAYS, algo=BFS, adjacent=True) + maps("open.txt"))
        write(A, "door-scaled-12-dijkstra", opts(ALWAYS, algo=DIJKSTRA, scale=2) + maps("door.txt"))
        write(A, "swamp-scaled-4-closest", opts(closest=True, scale=1) + maps("swamp.txt"))
        write(A, "dungeon-greedy-w2", opts(ONE, H_EUCLIDEAN, GREEDY, True) + maps("dungeon.txt"))
    write(A, "small-astar-w2-chebyshev", opts(ALWAYS, H_CHEBYSHEV, weight2=True) +
          b"S.#..\n.1#2.\n.9..G\n")
    write(A, "bom-crlf-trailing", opts(NOOBS) + b"\xef\xbb\xbfS..\r\n.#.\r\n..G\r\n\r\n\n")
    write(A, "no-markers-no-newline", opts(NEVER, H_ZERO) + b"...\n.#.\n...")
    write(A, "goal-on-wall-adjacent-closest",
          opts(ALWAYS, adjacent=True, closest=True) + b"S..\n.##\n.#.\n")
    write(A, "one-cell", opts() + b"S")
    write(A, "jps-8conn-adjacent", opts(NOOBS, jps=True, adjacent=True) +
          b"S...#....\n.##.#.##.\n....#...G\n..#......\n")
    write(A, "jps-refused-terrain", opts(NEVER, jps=True) + b"S.2\n.#.\n..G\n")
    write(A, "too-many-cells", opts(cells=1) + b".....\n.....\n.....\n.....\n")
    write(A, "err-ragged", opts() + b"S..\n..\n..G\n")
    write(A, "err-unknown-char", opts() + b"S.x\n..G\n")
    write(A, "err-two-starts", opts() + b"S.S\n..G\n")
    write(A, "err-empty-row-middle", opts() + b"S..\n\n..G\n")
    write(A, "err-empty", opts() + b"\n\n")

    # ---- fuzz_json
    J = "fuzz_json"
    write(J, "arena", opts(ALWAYS) + maps("arena.json"))
    write(J, "level-check-queries", opts(explored=True) + maps("level-check.json"))
    write(J, "level-check-queries-noobs-closest",
          opts(NOOBS, H_EUCLIDEAN, closest=True) + maps("level-check.json"))
    write(J, "cells-weighted", opts(ONE, algo=DIJKSTRA) + read(
        os.path.join(TOP, "tests", "golden", "json", "cells", "map.json")))
    write(J, "bom-legend-blocked", opts(NEVER, algo=BFS, adjacent=True) +
          b'\xef\xbb\xbf {"width":3,"height":2,"legend":{"x":"blocked","~":200},'
          b'"rows":["S~x","..G"],"queries":[{"start":[0,1],"goal":[2,0],'
          b'"expect":{"reachable":false,"steps":0,"max_cost":1.5}}]}')
    write(J, "level-rules", opts(NOOBS) + maps("level-rules.json"))
    # The JSON error cases' maps, each seed named json-CASE.
    for d in sorted(glob.glob(os.path.join(TOP, "tests", "golden", "json", "err-*"))):
        p = os.path.join(d, "map.json")
        if os.path.exists(p):
            write(J, "json-" + os.path.basename(d), opts() + read(p))

    # ---- fuzz_movingai
    M = "fuzz_movingai"
    se = struct.pack(">HH", 0, 600)
    for name, o in (("maze-32-32-2.map", opts(NOOBS)),
                    ("random-32-32-20.map", opts(NOOBS, H_OCTILE, explored=True)),
                    ("room-32-32-4.map", opts(ALWAYS, algo=DIJKSTRA, closest=True)),
                    ("room-32-32-4.map", opts(NOOBS, jps=True, explored=True)),
                    ("maze-32-32-2.map", opts(NEVER, jps=True, closest=True))):
        p = os.path.join(MAPF, name)
        if os.path.exists(p):
            write(M, name + ("-jps" if o[1] & 0x80 else ""), o + se + read(p))
    small = b"type octile\nheight 3\nwidth 4\nmap\n.GS.\n.@T.\n.WO.\n"
    write(M, "small", opts(ONE) + struct.pack(">HH", 0, 5) + small)
    write(M, "small-bom-crlf-width-first", opts(ALWAYS, algo=BFS) + struct.pack(">HH", 1, 3) +
          b"\xef\xbb\xbftype octile\r\nwidth 2\r\nheight 2\r\nmap\r\n..\r\n.@\r\n\r\n")
    write(M, "err-short", opts() + se + b"type octile\nheight 3\nwidth 2\nmap\n..\n..\n")
    write(M, "err-header", opts() + se + b"type octile\nheight x\nwidth 2\nmap\n")
    write(M, "err-huge", opts() + se + b"type octile\nheight 1000000\nwidth 1000000\nmap\n")
    write(M, "err-extra-row", opts() + se + b"type octile\nheight 1\nwidth 2\nmap\n..\n..\n")

    # ---- fuzz_scen
    S = "fuzz_scen"
    for name in ("maze-32-32-2-random-1.scen", "random-32-32-20-random-1.scen",
                 "room-32-32-4-random-1.scen"):
        p = os.path.join(MAPF, name)
        if os.path.exists(p):
            write(S, name, head_lines(p, 6))
    write(S, "bom-crlf-v10-blank", b"\xef\xbb\xbfversion 1.0\r\n0 a.map 4 4 0 0 3 3 4.24264069\r\n  \t\r\n"
          b"1 b.map 1 1 0 0 0 0 0\r\n")
    write(S, "bad-lines", b"version 1\n0\tm.map\t4\t4\t0\t0\t3\t3\n0 m.map 4 4 x 0 3 3 1\n"
          b"0 m.map 4 4 0 0 3 3 -1\n0 m.map 4 4 0 0 3 3 1e999\n0 m.map 4 4 0 0 3 3 1 extra\n"
          b"0 m.map 4 4 0 0 3 3 2e1\n")
    write(S, "err-no-version", b"version 2\n0 m.map 4 4 0 0 3 3 1\n")
    write(S, "err-empty", b"")

    # ---- fuzz_voxel: an option byte (policy, algorithm, adjacent,
    # closest), a max_cells byte, then a voxel map or JSON voxel level.
    V = "fuzz_voxel"
    write(V, "cave-box-astar", b"\x02\x0c" + maps("cave.3dmap"))
    write(V, "cave-never-bfs-adjacent", b"\x18\x0c" + maps("cave.3dmap"))
    write(V, "tiny-always-closest", b"\x21\x0c" + b"voxel 3 2 2\n1 0 0\n1 1 0\n\n2 1 1\n")
    write(V, "err-outside", b"\x02\x0c" + b"voxel 3 2 2\n1 2 0\n")
    write(V, "err-size", b"\x02\x0c" + b"voxel 3 -2 2\n")
    write(V, "level-layers", b"\x06\x0c" + b'{"size": [3, 2, 2], "layers": [["..#", "1.."], ["...", "#.9"]],'
          b' "start": [0, 0, 0], "goal": [2, 1, 0], "queries": [{"expect": {"cost": 3}}],'
          b' "reach": [{"from": [0, 0, 0], "to": "*"}]}')
    write(V, "level-blocked", b"\x02\x0c" + b'{"size": [2, 2, 2], "blocked": [[0, 1, 1], [1, 0, 0]]}')
    write(V, "level-starts-block", b"\x02\x0c" + b'{"size": [3, 2, 2], "points": {"p": [[0, 0, 0], [0, 1, 1]]},'
          b' "queries": [{"starts": ["@p", [1, 1, 0]], "goals": [[2, 0, 0], "@p"], "block": [[1, 0, 0], "@p"]},'
          b' {"start": [0, 0, 0], "starts": [], "block": [[9, 0, 0]]}]}')

    # ---- fuzz_args
    G = "fuzz_args"
    write(G, "points", b"3,4\x001000000,0\x00-1,2\x0012,\x001,2,3")
    write(G, "numbers", b"1.5\x001\x00inf\x00nan\x000.5\x001e308\x00 2\x00")
    write(G, "counts", b"1024\x001025\x000\x00007\x00")
    write(G, "shards", b"1/1\x003/2\x0010/1000000\x00/\x001/\x00")
    write(G, "names", b"never\x00always\x00at-most-one-obstacle\x00no-obstacles\x00octile\x00"
          b"default\x00dijkstra\x00greedy")
    write(G, "cells", b"4294967294\x004294967295\x00100000000")

    # ---- fuzz_files
    for name, data in files_seeds():
        write("fuzz_files", name, data)
    write_dicts()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--crafted":
        # The hostile inputs that crash the readers before issue 48's
        # fix, for regressions/fuzz_files/ once it is in.
        os.makedirs(sys.argv[2], exist_ok=True)
        for name, data in files_crafted():
            with open(os.path.join(sys.argv[2], "crafted-" + name), "wb") as f:
                f.write(data)
    else:
        main()
