/*
 * fuzz_files.c - libFuzzer target for the places where one level file
 * names another: a Tiled map's external tilesets (.tsx, .tsj) and object
 * templates (.tx, .tj), an LDtk project's external levels (.ldtkl), and
 * a JSON check file's "level".  The input holds the main file and up to
 * three files it may name; they are written into a private folder and
 * the main one is read as the CLI reads it (map_read_tiled,
 * map_read_ldtk, map_read_json_at).
 *
 * Input: byte 0 chooses the main file (bits 0-1: main.tmx, main.tmj,
 * main.ldtk or check.json; bits 2-3 the level options), byte 1 max_cells
 * (2^(4 + b1 % 16)), then the main file's text.  A line starting with
 * "----8<----" ends a file and starts the next; the rest of that line
 * names it (letters, digits, '.', '_', '-'; not starting with '.'; at
 * most 32), else it is a.tsx, b.tsj or t.tx by its place.  A fourth
 * separator and those after it are text of the last file.
 *
 * Checked, as fuzz_levels does: a refusal leaves the map empty with a
 * message; a map read fits max_cells and its start, goal, queries and
 * points lie on it.  The readers may open nothing outside the folder:
 * io_slurp_regular, through which they open every file a level names,
 * is wrapped at link time (build.sh: -Wl,--wrap=io_slurp_regular) to
 * refuse, with EACCES, a path that resolves elsewhere (/dev/stdin, a
 * FIFO of the host, ../), so that a run reads only its input.
 */
/* realpath is X/Open's. */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz_common.h"

#define FF_FILES    4  /* the main file and three it may name */
#define FF_NAME_MAX 32 /* a secondary file's name, as the input gives */
#define FF_SEP      "----8<----"
#define FF_PREFIX   "fuzz_files."

/* The folder of the input being read (resolved), or "" between inputs. */
static char ff_dir[PATH_MAX];

int __real_io_slurp_regular(const char *path, size_t limit, char **buf,
                            size_t *len, struct stat *st);

/* io_slurp_regular, through which the readers open every file a level
 * names, confined to ff_dir: a path outside it is refused as if it
 * could not be opened.  Missing files fail as realpath says (ENOENT). */
int __wrap_io_slurp_regular(const char *path, size_t limit, char **buf,
                            size_t *len, struct stat *st)
{
	size_t dl = strlen(ff_dir);
	char *real;
	int inside;

	if (dl > 0) {
		/* malloc'd, not on the stack: the readers' recursion is
		 * under test, and the harness should not deepen it. */
		if ((real = realpath(path, NULL)) == NULL)
			return -1;
		inside = strncmp(real, ff_dir, dl) == 0 &&
		         (real[dl] == '/' || real[dl] == '\0');
		free(real);
		if (!inside) {
			errno = EACCES;
			return -1;
		}
	}
	return __real_io_slurp_regular(path, limit, buf, len, st);
}

/* Where the folders go: /dev/shm (memory) when there is one. */
static const char *ff_base(void)
{
	struct stat st;

	return stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm"
	                                                         : "/tmp";
}

/* Removes the files of folder dir, then the folder (no subfolders:
 * the input makes none). */
static void ff_remove(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

/* A crash ends the process inside an input, leaving its folder: the
 * next run removes the folders of processes that are gone (the name
 * carries the pid). */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *base = ff_base();
	DIR *d = opendir(base);
	struct dirent *e;
	char path[PATH_MAX];
	long pid;

	(void)argc;
	(void)argv;
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (sscanf(e->d_name, FF_PREFIX "%ld.", &pid) != 1 ||
		    pid <= 0 || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(path, sizeof path, "%s/%s", base, e->d_name);
		ff_remove(path);
	}
	closedir(d);
	return 0;
}

/* One file of the input: its name in the folder and its bytes. */
typedef struct ff_file {
	char name[FF_NAME_MAX + 1];
	const uint8_t *text;
	size_t len;
} ff_file;

/* Whether s[0..n) is a name the folder may hold: no '/', no ".." */
static int ff_name_ok(const uint8_t *s, size_t n)
{
	if (n == 0 || n > FF_NAME_MAX || s[0] == '.')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(s[i] >= 'a' && s[i] <= 'z') &&
		    !(s[i] >= 'A' && s[i] <= 'Z') &&
		    !(s[i] >= '0' && s[i] <= '9') && s[i] != '.' &&
		    s[i] != '_' && s[i] != '-')
			return 0;
	return 1;
}

/* Where the next separator line starts in d[at..n), or n. */
static size_t ff_next_sep(const uint8_t *d, size_t n, size_t at)
{
	size_t k = sizeof FF_SEP - 1;

	for (size_t i = at; i + k <= n; i++)
		if ((i == 0 || d[i - 1] == '\n') &&
		    memcmp(d + i, FF_SEP, k) == 0)
			return i;
	return n;
}

/* Splits d[0..n) into files (main first); returns how many. */
static size_t ff_split(const uint8_t *d, size_t n, const char *main, ff_file *f)
{
	static const char *const dflt[FF_FILES] = {"", "a.tsx", "b.tsj",
	                                           "t.tx"};
	size_t nf = 1, at = 0, sep;

	snprintf(f[0].name, sizeof f[0].name, "%s", main);
	f[0].text = d;
	for (;;) {
		sep = nf < FF_FILES ? ff_next_sep(d, n, at) : n;
		f[nf - 1].len = sep - (size_t)(f[nf - 1].text - d);
		if (sep == n)
			return nf;
		/* The separator line: its marker, spaces, a name. */
		size_t s = sep + sizeof FF_SEP - 1, e;
		while (s < n && d[s] == ' ')
			s++;
		for (e = s; e < n && d[e] != '\n'; e++)
			;
		if (ff_name_ok(d + s, e - s))
			snprintf(f[nf].name, sizeof f[nf].name, "%.*s",
			         (int)(e - s), (const char *)d + s);
		else
			snprintf(f[nf].name, sizeof f[nf].name, "%s", dflt[nf]);
		at = e < n ? e + 1 : n;
		f[nf].text = d + at;
		nf++;
	}
}

static void ff_write(const char *dir, const ff_file *f)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, f->name);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		abort();
	if (f->len > 0 && write(fd, f->text, f->len) != (ssize_t)f->len)
		abort();
	close(fd);
}

/* A map a reader returned, or its refusal. */
static FZ_NOCOV void ff_check(int rc, const map *m, const map_error *err,
                              size_t max_cells)
{
	if (rc != 0) {
		fz_check_error(err);
		fz_check_empty_map(m);
		FZ_CHECK(m->npoints == 0 && m->points == NULL);
		return;
	}
	fz_check_map(m, max_cells);
	for (size_t i = 0; i < m->npoints; i++) {
		FZ_CHECK(m->points[i].name != NULL);
		FZ_CHECK(astar_grid_contains(m->grid, m->points[i].at.x,
		                             m->points[i].at.y));
	}
}

/* Reads the main file f (at path) as the CLI would, by its kind. */
static void ff_read(int kind, int opts, const ff_file *f, const char *path,
                    size_t max_cells)
{
	static const char *const layers[] = {"walls"};
	char *text = fz_alloc(f->len + 1);
	map_level_opts lo;
	map m;
	map_error err;
	int rc;

	memcpy(text, f->text, f->len);
	memset(&lo, 0, sizeof lo);
	lo.path = path;
	if (opts == 1)
		lo.level = "0";
	else if (opts == 2)
		lo.solid = kind == 2 ? "1,solid" : "solid";
	else if (opts == 3) {
		lo.layers = layers;
		lo.nlayers = 1;
		lo.cost = "cost";
		lo.costs = "water:3";
	}
	memset(&err, 0, sizeof err);
	if (kind <= 1)
		rc = map_read_tiled(text, f->len, max_cells, &lo, &m, &err);
	else if (kind == 2)
		rc = map_read_ldtk(text, f->len, max_cells, &lo, &m, &err);
	else
		rc = map_read_json_at(text, f->len, max_cells, path, &m, &err);
	ff_check(rc, &m, &err, max_cells);
	/* FUZZ_FILES_TRACE=1: what each input came to, to see what the
	 * seeds reach. */
	if (getenv("FUZZ_FILES_TRACE") != NULL && rc != 0)
		fprintf(stderr, "refused: %ld:%ld: %s\n", err.line, err.col,
		        err.msg);
	else if (getenv("FUZZ_FILES_TRACE") != NULL)
		fprintf(stderr, "read: %dx%d, %zu points\n",
		        (int)astar_grid_width(m.grid),
		        (int)astar_grid_height(m.grid), m.npoints);
	map_free(&m);
	if (kind == 2) {
		char **names;
		size_t n;
		if (map_ldtk_levels(text, f->len, &names, &n, &err) == 0) {
			for (size_t i = 0; i < n; i++)
				free(names[i]);
			free(names);
		} else
			fz_check_error(&err);
	}
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const mains[] = {"main.tmx", "main.tmj", "main.ldtk",
	                                    "check.json"};
	char tmpl[PATH_MAX], path[PATH_MAX];
	ff_file f[FF_FILES];
	diag_list warnings = {0};
	size_t nf, max_cells;
	int kind;

	if (size < 2)
		return 0;
	kind = data[0] & 3;
	max_cells = (size_t)1 << (4 + data[1] % 16);
	nf = ff_split(data + 2, size - 2, mains[kind], f);
	snprintf(tmpl, sizeof tmpl, "%s/" FF_PREFIX "%ld.XXXXXX", ff_base(),
	         (long)getpid());
	if (mkdtemp(tmpl) == NULL || realpath(tmpl, ff_dir) == NULL)
		abort();
	for (size_t i = 0; i < nf; i++)
		ff_write(ff_dir, &f[i]);
	snprintf(path, sizeof path, "%s/%s", ff_dir, mains[kind]);
	/* Warnings (a template that cannot be read) are kept, not printed:
	 * each must say something. */
	diag_collect(&warnings);
	ff_read(kind, (data[0] >> 2) & 3, &f[0], path, max_cells);
	diag_collect(NULL);
	for (size_t i = 0; i < warnings.n; i++)
		FZ_CHECK(warnings.v[i].text != NULL &&
		         warnings.v[i].text[0] != '\0');
	diag_list_free(&warnings);
	ff_remove(ff_dir);
	ff_dir[0] = '\0';
	return 0;
}
