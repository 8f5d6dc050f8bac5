/*
 * load.c - reading the inputs: a file whole (standard input once for the
 * run), a map in its format with --block applied, and the maps that the
 * queries of scenario files share, read by the first that needs one and
 * freed by the last.  The main thread's flush of the results before a
 * read that may wait is handed in (batch.alone), so that reading calls
 * nothing of the writing of the results, which is above it.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver.h"
#include "read/world_ascii.h"
#include "read/world_ldtk.h"
#include "read/world_tiled.h"
#include "stop.h"

/* The most bytes an input may hold: 16 a cell of --max-cells (a JSON
 * map's cells take up to about 5, pretty-printed more), and 64 MiB at
 * least for scenario files.  It bounds what an endless stream, say
 * /dev/zero, costs before it is refused. */
static size_t input_limit(const cli_config *cfg)
{
	size_t n = cfg->max_cells > (SIZE_MAX - 2) / 16 ? SIZE_MAX - 2
	                                                : cfg->max_cells * 16;

	return n < ((size_t)64 << 20) ? (size_t)64 << 20 : n;
}

/* Whether reading path may wait: the first read of standard input, or a
 * path that is not a regular file or a folder (a FIFO, a terminal). */
static int may_wait(const batch *b, const char *path)
{
	struct stat st;

	if (strcmp(path, "-") == 0)
		return b->in.state == 0 &&
		       (fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode));
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	       !S_ISDIR(st.st_mode);
}

/* Reads path whole (io_read); on failure fills err with why (io_read's
 * errno, kept in errno for the caller too). */
int read_input(batch *b, const char *path, char **buf, size_t *len,
               diag_err *err)
{
	size_t limit = input_limit(b->cfg);
	sigset_t old;
	int rc, e;

	/* The main thread, running the items alone, sends out the results
	 * so far before an input that may keep it waiting, as it does when
	 * it waits for a worker's item; the stop signals are still blocked,
	 * so that none is spent cutting the flush short. */
	if (b->alone != NULL && may_wait(b, path))
		b->alone->flush(*b->alone->tap, b->alone->write_err);
	/* A stop signal may end a read that waits on a silent terminal or
	 * pipe: let in here, whatever this thread's mask is otherwise.  One
	 * that was pending is taken as the mask opens, before the read could
	 * be cut short by it: the read is not begun. */
	stop_mask(SIG_UNBLOCK, &old);
	if (stop_requested()) {
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		diag_fail(err, 0, 0, "%s", strerror(EINTR));
		errno = EINTR; /* not a stale one for the caller's tests */
		return -1;
	}
	rc = io_read(&b->in, path, limit, buf, len);
	e = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = e;
	if (rc == 0)
		return 0;
	if (e == EFBIG)
		diag_fail(err, 0, 0,
		          "more than %zu bytes, the input limit (raise it with "
		          "--max-cells)",
		          limit);
	else if (e == ENOMEM)
		diag_fail(err, 0, 0, "out of memory");
	else
		diag_fail(err, 0, 0, "%s", strerror(e));
	errno = e; /* for the caller too */
	return -1;
}

/* Warns of a level option given for a map that is no editor's level: it
 * chooses nothing there (a check file gives its own keys). */
static void unused_level_options(const cli_config *cfg, const char *name)
{
	const map_level_opts *lo = &cfg->level;
	const char *flag = lo->nlayers ? "--layer"
	                   : lo->solid ? "--solid"
	                   : lo->cost  ? "--cost"
	                   : lo->costs ? "--costs"
	                   : lo->level ? "--level"
	                               : NULL;

	if (flag != NULL)
		diag_warn("%s: %s applies to Tiled and LDtk files only (a "
		          "JSON check file gives its own keys); ignored here",
		          name, flag);
}

/* Warns of a level option of the other editor's (--cost is Tiled's,
 * --costs and --level LDtk's): it chooses nothing in this map either,
 * and is warned of as one given for a map of no editor. */
static void other_editor_options(const cli_config *cfg, enum map_format fmt,
                                 const char *name)
{
	const map_level_opts *lo = &cfg->level;
	const char *flag = fmt == MAPFMT_LDTK ? (lo->cost ? "--cost" : NULL)
	                   : lo->costs        ? "--costs"
	                   : lo->level        ? "--level"
	                                      : NULL;

	if (flag != NULL)
		diag_warn("%s: %s applies to %s files only; ignored here", name,
		          flag, fmt == MAPFMT_LDTK ? "Tiled" : "LDtk");
}

/* Reads and parses one map of the configured (or detected) format;
 * reports and returns -1 on failure.  level: an LDtk project's level
 * for this item, or NULL for --level's. */
/* Set while a thread reads an item's map: its project has no level
 * with a start and a goal (parse_map tells the LDtk reader). */
static _Thread_local int reading_unmarked;

int load_map(batch *b, const char *path, const char *level, map *m)
{
	return load_map_or(b, path, level, m, NULL);
}

/* Set while a thread reads an input file (not a scenario's map): an
 * editor's file caught by --check's glob is skipped (load_map_or). */
static _Thread_local int reading_item;

int load_item_map(batch *b, const item *it, map *m)
{
	int rc;

	reading_unmarked = it->unmarked;
	reading_item = 1;
	rc = load_map_or(b, it->path, it->level, m, NULL);
	reading_unmarked = reading_item = 0;
	return rc;
}

/* Whether an input of format fmt is an editor's level that --check has
 * nothing to check in (no check file names it, no --start or --goal):
 * said, and skipped, rather than read for a start it need not have. */
static int no_checks_here(const cli_config *cfg, enum map_format fmt,
                          const char *name)
{
	if (!reading_item || !cfg->check || cfg->update || cfg->nstarts > 0 ||
	    cfg->ngoals > 0 || (fmt != MAPFMT_TILED && fmt != MAPFMT_LDTK))
		return 0;
	diag_warn("%s: %s holds no checks, so --check skips it: its queries "
	          "and expectations go in a JSON check file that names it "
	          "as its \"level\" (a glob such as levels/*.check.json "
	          "takes the check files alone)",
	          name, fmt == MAPFMT_TILED ? "a Tiled map" : "an LDtk project");
	return 1;
}

int ldtk_level_marked(const cli_config *cfg, const char *buf, size_t len,
                      const char *path, const char *level)
{
	map_level_opts lo = cfg->level;
	map_error err;
	map m;
	int marked;

	lo.path = path;
	lo.level = level;
	if (map_read_ldtk(buf, len, cfg->max_cells, &lo, &m, &err) != 0)
		return 1;
	marked = m.has_start && m.has_goal;
	map_free(&m);
	return marked;
}

/* Says why a map could not be read.  A missing file named by digits
 * after --json is most likely a thread count meant for -J. */
static void report_unread(const cli_config *cfg, const char *path,
                          const char *name, const map_error *err)
{
	if (errno == ENOENT && cfg->format == FORMAT_JSON &&
	    path[strspn(path, "0123456789")] == '\0')
		/* astar -j 4 big.scen: -j is --json, threads -J */
		diag_error(name, 0, 0, "%s (for %s threads, use -J %s)",
		           err->msg, path, path);
	else
		diag_report(name, err);
}

/* The format to read the bytes as: forced by the configuration, or
 * detected from the bytes. */
static enum map_format choose_format(const cli_config *cfg, const char *buf,
                                     size_t len)
{
	enum map_format fmt = cfg->input_format != MAPFMT_AUTO
	                              ? cfg->input_format
	                              : map_detect(buf, len);
	/* The same words whatever the format, forced or not, also for a
	 * byte order mark alone. */
	if (map_bom(buf, len) == len)
		fmt = MAPFMT_ASCII; /* whose reader says "empty map" */
	return fmt;
}

/* Whether the file is a Tiled world: JSON named *.world. */
static int tiled_world(enum map_format fmt, const char *path)
{
	size_t n = strlen(path);

	return fmt == MAPFMT_JSON && n > 6 && strcmp(path + n - 6, ".world") == 0;
}

/* Hands the bytes to the reader of their format; 0 on success. */
static int parse_map(const cli_config *cfg, enum map_format fmt,
                     const char *buf, size_t len, const char *path,
                     const char *level, map *m, map_error *err)
{
	map_level_opts lo = cfg->level;

	lo.path = path;
	if (tiled_world(fmt, path))
		/* a Tiled world: a world by its nature, --world or not */
		return map_read_world_tiled(buf, len, cfg->max_cells, &lo, m, err);
	if (cfg->world && fmt != MAPFMT_LDTK)
		return map_fail(err, 0, 0, "--world applies to LDtk projects; "
		                "this is a single-level format");
	switch (fmt) {
	case MAPFMT_JSON:
		return map_read_json_at(buf, len, cfg->max_cells, path, m, err);
	case MAPFMT_MOVINGAI:
		return map_read_movingai(buf, len, cfg->max_cells, m, err);
	case MAPFMT_VOXEL:
		return map_read_voxel(buf, len, cfg->max_cells, m, err);
	case MAPFMT_TILED:
	case MAPFMT_LDTK:
		lo = cfg->level;
		if (cfg->world && fmt == MAPFMT_LDTK) {
			lo.path = path;
			return map_read_world_ldtk(buf, len, cfg->max_cells, &lo, m,
			                           err);
		}
		lo.path = path;
		lo.unmarked = reading_unmarked;
		if (level != NULL)
			lo.level = level;
		return fmt == MAPFMT_TILED
		               ? map_read_tiled(buf, len, cfg->max_cells, &lo,
		                                m, err)
		               : map_read_ldtk(buf, len, cfg->max_cells, &lo, m,
		                               err);
	default:
		if (map_ascii_floors(buf, len)) /* floors: a world */
			return map_read_world_ascii(buf, len, cfg->max_cells, m,
			                            err);
		return map_read_ascii(buf, len, cfg->max_cells, m, err);
	}
}

int load_map_or(batch *b, const char *path, const char *level, map *m,
                diag_err *unread)
{
	const cli_config *cfg = b->cfg;
	const char *name = display_name(path);
	char *buf;
	size_t len;
	map_error err;
	enum map_format fmt;
	int rc;

	memset(m, 0, sizeof *m);
	memset(&err, 0, sizeof err);
	if (read_input(b, path, &buf, &len, &err) != 0) {
		if (unread != NULL) {
			*unread = err;
			return -2;
		}
		report_unread(cfg, path, name, &err);
		return -1;
	}
	fmt = choose_format(cfg, buf, len);
	/* A scenario file given where a map goes (standard input, or a
	 * name not ending in .scen): its first line says so. */
	if (cfg->input_format == MAPFMT_AUTO && len - map_bom(buf, len) >= 8 &&
	    memcmp(buf + map_bom(buf, len), "version ", 8) == 0) {
		free(buf);
		diag_error(
			name, 1, 1,
			"a scenario file, not a map: give it with --scen=FILE "
			"(--scen=- for the standard input)");
		return -1;
	}
	if (no_checks_here(cfg, fmt, name)) {
		free(buf);
		return LOAD_SKIPPED;
	}
	/* Said first, also of a file whose reading fails: --level cannot
	 * be what that check file lacks. */
	if (fmt != MAPFMT_TILED && fmt != MAPFMT_LDTK && !tiled_world(fmt, path))
		unused_level_options(cfg, name);
	rc = parse_map(cfg, fmt, buf, len, path, level, m, &err);
	free(buf);
	if (rc != 0)
		diag_report(name, &err);
	else
		m->format = fmt;
	if (rc == 0 && (fmt == MAPFMT_TILED || fmt == MAPFMT_LDTK))
		other_editor_options(cfg, fmt, name);
	return rc;
}

int apply_blocks(const cli_config *cfg, const char *name, map *m)
{
	if (m->voxels != NULL)
		return 0; /* refused with the voxel map's options */
	for (size_t i = 0; i < cfg->nblocks; i++) {
		astar_point b = cfg->blocks[i];
		if (strchr(strchr(cfg->block_args[i], ',') + 1, ',') != NULL) {
			diag_error(name, 0, 0, "--block %s: a third part names a "
			           "floor of a world, and this map is flat: give X,Y",
			           cfg->block_args[i]);
			return -1;
		}
		/* In the editor's coordinates, as --start and --goal. */
		b.x = (int32_t)(b.x - m->ox);
		b.y = (int32_t)(b.y - m->oy);
		if (!astar_grid_contains(m->grid, b.x, b.y)) {
			diag_error(name, 0, 0,
			           "--block %d,%d is outside the %dx%d map",
			           (int)cfg->blocks[i].x, (int)cfg->blocks[i].y,
			           (int)astar_grid_width(m->grid),
			           (int)astar_grid_height(m->grid));
			return -1;
		}
		astar_grid_set(m->grid, b.x, b.y, 0);
	}
	return 0;
}

/*
 * Reads sm, its diagnostics kept in sm->msgs for its first query to
 * give; `mine` is the calling thread's list, collected into again after.
 * A map that cannot be read is one error about the scenario file that
 * names it, saying where it was looked for: its queries add none.
 */
static void shared_read(batch *b, shared_map *sm, diag_list *mine)
{
	double t0 = now_us();
	diag_err unread;
	int rc;

	diag_collect(&sm->msgs);
	rc = load_map_or(b, sm->path, NULL, &sm->m, &unread);
	if (rc == -2 && sm->looked != NULL)
		diag_error(sm->scen_name, 0, 0,
		           "map %s could not be read: %s (looked for %s)",
		           sm->field, unread.msg, sm->looked);
	else if (rc == -2)
		diag_error(sm->scen_name, 0, 0,
		           "map %s could not be read: %s (given with --map)",
		           display_name(sm->path), unread.msg);
	sm->ok = rc == 0 &&
	         apply_blocks(b->cfg, display_name(sm->path), &sm->m) == 0;
	sm->load_us = now_us() - t0;
	diag_collect(mine);
	if (sm->msgs.nomem)
		sm->nomem = 1;
	if (!sm->ok)
		map_free(&sm->m);
}

/* Makes sm read: reads it, or waits for the thread reading it. */
void shared_acquire(batch *b, shared_map *sm, diag_list *mine)
{
	pthread_mutex_lock(&b->lock);
	while (sm->state == SM_LOADING)
		pthread_cond_wait(&b->loaded, &b->lock);
	if (sm->state == SM_NEW) {
		sm->state = SM_LOADING;
		pthread_mutex_unlock(&b->lock);
		shared_read(b, sm, mine);
		pthread_mutex_lock(&b->lock);
		sm->state = SM_DONE;
		pthread_cond_broadcast(&b->loaded);
	}
	pthread_mutex_unlock(&b->lock);
}

/* One query on sm is done; the last frees the map. */
void shared_release(batch *b, shared_map *sm)
{
	int last;

	pthread_mutex_lock(&b->lock);
	last = --sm->users == 0;
	pthread_mutex_unlock(&b->lock);
	if (last) {
		map_free(&sm->m);
		astar_ctx_free(sm->prep);
		sm->prep = NULL;
	}
}
