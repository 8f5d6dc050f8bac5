/*
 * fuzz_levels.c - libFuzzer target for the editors' readers: the Tiled
 * XML and JSON readers (map_read_tiled), the layer data decoders
 * (tiled_decode: CSV, base64, zlib, gzip, zstd) and the LDtk reader
 * (map_read_ldtk, map_ldtk_levels).
 *
 * Input: one byte choosing the entry point (mod 3) and, for the
 * decoders, the encoding and compression; one byte the cell count
 * (decoders) or max_cells bits; then the text.  Checked: a refusal
 * leaves the map empty with a message; a map read fits max_cells, and
 * each of its points lies on it; a decode never writes past count gids.
 * External files are looked for in a folder that does not exist, so
 * that the target reads nothing but its input.
 */
#include "fuzz_common.h"
#include "read/tiled_data.h"

static void check_map(int rc, const map *m, const map_error *err,
                      size_t max_cells)
{
	if (rc != 0) {
		FZ_CHECK(m->grid == NULL && m->npoints == 0);
		FZ_CHECK(err->msg[0] != '\0');
		return;
	}
	FZ_CHECK(m->grid != NULL);
	FZ_CHECK((size_t)astar_grid_width(m->grid) *
	                 (size_t)astar_grid_height(m->grid) <=
	         max_cells);
	for (size_t i = 0; i < m->npoints; i++)
		FZ_CHECK(astar_grid_contains(m->grid, m->points[i].at.x,
		                             m->points[i].at.y));
}

static void decode(const uint8_t *d, size_t n, uint8_t how, uint8_t cells)
{
	static const char *const enc[] = {"csv", "base64", "xml"};
	static const char *const comp[] = {NULL, "zlib", "gzip", "zstd"};
	size_t count = (size_t)cells + 1;
	uint32_t *gids = malloc((count + 1) * sizeof *gids);
	char *text = malloc(n + 1);
	map_error err;

	if (gids == NULL || text == NULL)
		abort();
	memcpy(text, d, n);
	text[n] = '\0';
	gids[count] = 0xdeadbeef; /* a guard past the last gid */
	memset(&err, 0, sizeof err);
	if (tiled_decode(text, n, enc[how % 3], comp[(how / 3) % 4], count,
	                 gids, 1, &err) != 0)
		FZ_CHECK(err.msg[0] != '\0');
	FZ_CHECK(gids[count] == 0xdeadbeef);
	free(gids);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	map_level_opts lo;
	map m;
	map_error err;
	size_t max_cells;
	char *text;

	if (size < 2)
		return 0;
	if (data[0] % 3 == 2) {
		decode(data + 2, size - 2, data[0] / 3, data[1]);
		return 0;
	}
	max_cells = (size_t)1 << (4 + data[1] % 16);
	if ((text = malloc(size - 1)) == NULL)
		abort();
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';
	memset(&lo, 0, sizeof lo);
	lo.path = "/nonexistent-fuzz-folder/level";
	lo.level = data[1] & 0x80 ? "0" : NULL;
	memset(&err, 0, sizeof err);
	if (data[0] % 3 == 0) {
		int rc = map_read_tiled(text, size - 2, max_cells, &lo, &m, &err);
		check_map(rc, &m, &err, max_cells);
	} else {
		char **names;
		size_t n;
		int rc = map_read_ldtk(text, size - 2, max_cells, &lo, &m, &err);
		check_map(rc, &m, &err, max_cells);
		if (map_ldtk_levels(text, size - 2, &names, &n, &err) == 0) {
			for (size_t i = 0; i < n; i++)
				free(names[i]);
			free(names);
		}
	}
	map_free(&m);
	free(text);
	return 0;
}
