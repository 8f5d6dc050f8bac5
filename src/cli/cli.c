/*
 * cli.c - the driver: turns the inputs into a list of work items, solves
 * them on one or more threads and prints their results in input order.
 *
 * An item is a map file (read, and solved for its one query or its list
 * of queries, by the thread that takes it), one query of a scenario file
 * (whose map is read once, by the first thread that needs it, shared
 * read-only, and freed after its last query), or a scenario line that
 * could not be read.  Each item writes its standard output and its
 * diagnostics into buffers of its own; the main thread prints the buffers
 * in item order, so the output is the same, byte for byte, whatever the
 * number of threads.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/value.h"
#include "check.h"
#include "cli.h"
#include "base/diag.h"
#include "write/image.h"
#include "read/io.h"
#include "outfile.h"
#include "write/output.h"
#include "write/report.h"
#include "read/scen.h"
#include "rules.h"
#include "stop.h"

/*
 * A map read once and shared by the queries of scenario files.  Planning
 * only names it; the first worker to need it reads it (the others wait),
 * so that the maps of a batch are read in parallel, and the last query on
 * it frees it, so that the next map reuses its memory rather than fresh
 * pages.  state and users are the batch lock's; the reading thread fills
 * the rest before it sets SM_DONE under the lock, and the others read it
 * only after they see SM_DONE.
 */
typedef struct shared_map {
	char *path;
	enum { SM_NEW, SM_LOADING, SM_DONE } state;
	map m;
	int ok;    /* read, and --block applied */
	int nomem; /* its diagnostics could not be kept */
	double load_us;
	diag_list msgs; /* the diagnostics of reading it, which its first
	                   query gives (whichever thread read it) */
	size_t users;   /* queries on it not yet done */
	size_t named;   /* queries naming it, those --shard drops too */
} shared_map;

enum item_kind { ITEM_FILE, ITEM_SCEN, ITEM_ERROR };

typedef struct item {
	enum item_kind kind;
	const char *path;        /* FILE: as given ("-" for stdin) */
	const char *scen_name;   /* SCEN, ERROR: the scenario file */
	const scen_entry *entry; /* SCEN */
	shared_map *sm;          /* SCEN */
	int map_first;           /* SCEN: the first query on sm, which gives
	                            sm->msgs */
	size_t index;            /* position among the inputs, before --shard
	                            (%d of --image) */
	size_t ninputs;          /* how many inputs there are, before --shard */
	/* Results, filled by the thread that did the item. */
	char *out;
	size_t outlen;
	diag_list msgs;
	enum exit_status status; /* exit status of the item */
	int lost; /* memory ran out for its output or diagnostics: the batch
	             stops there */
	unsigned checked, failed;
	report_case *cases;
	size_t ncases;
	atomic_int done; /* set by its worker when its results are ready */
} item;

/* cli_run's TAP stream and the errno of a failed flush of the output,
 * for a flush of the results before a wait. */
typedef struct results_flush {
	FILE *const *tap;
	int *write_err;
} results_flush;

typedef struct batch {
	const cli_config *cfg;
	item *items;
	size_t n;
	shared_map **maps; /* each allocated alone: items point to them */
	size_t nmaps;
	scen *scens;
	size_t nscens;
	size_t ninputs; /* items before --shard */
	/* The inputs' files, sorted, when a report or picture is written
	 * (index_inputs); read-only once the workers start. */
	outfile_set inputs;
	/* The --report files (regular ones), which no picture overwrites. */
	outfile_id reports[2];
	int nreports;
	/* Work sharing between threads: a worker takes the next `chunk`
	 * items at once, so that a batch of many small queries costs few
	 * trips to the queue; it marks each done as it ends, and wakes the
	 * main thread only when that one is the item it waits for
	 * (`waiting`), so that output starts with the first query. */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	pthread_cond_t loaded; /* a shared map was read */
	size_t next, chunk;
	/* The item the main thread waits for, or SIZE_MAX.  It is set
	 * before the main thread looks at the item's done, and done is set
	 * before the worker looks at it (both sequentially consistent), so
	 * one of the two sees the other's store: the main thread does not
	 * sleep on a done item, or the worker wakes it, under the lock the
	 * main thread holds until it sleeps.  Neither takes the lock for an
	 * item that is done before it is waited for. */
	atomic_size_t waiting;
	int stop; /* no more chunks, and no more pictures, are begun */
	/* Pictures (--image) being written: the main thread waits for them
	 * before the process dies (end_early), so none is left cut short. */
	int images_busy;
	io_stdin in; /* standard input, read once for every "-" */
	/* Set while the main thread runs the items itself (no workers):
	 * it flushes the results before an input that may keep it waiting
	 * (see read_input). */
	const results_flush *alone;
} batch;

void cli_stdout_failed(int err)
{
	if (err == EPIPE)
		stop_die(SIGPIPE, NULL, NULL);
	diag_error(NULL, 0, 0, "error writing to standard output: %s",
	           strerror(err));
}

/* stop_die, once the pictures workers are writing are whole: none is
 * begun from now on, and those begun are waited for, up to ten seconds
 * (a picture written to a pipe nobody reads would never end). */
static void end_early(batch *b, int sig, FILE *tap, const char *why)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 10;
	pthread_mutex_lock(&b->lock);
	b->stop = 1;
	while (b->images_busy > 0 &&
	       pthread_cond_timedwait(&b->cond, &b->lock, &until) == 0)
		;
	pthread_mutex_unlock(&b->lock);
	stop_die(sig, tap, why);
}

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static const char *display_name(const char *path)
{
	return strcmp(path, "-") == 0 ? STDIN_NAME : path;
}

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

/* Sends out the results written so far (and a TAP file's lines) before
 * a wait; a failed flush keeps its errno in *write_err, which the next
 * write then reports (EPIPE ends the run by SIGPIPE). */
static void flush_results(FILE *tap, int *write_err)
{
	if (fflush(stdout) != 0 && !*write_err)
		*write_err = errno ? errno : EIO;
	if (tap != NULL && tap != stdout)
		fflush(tap);
}

/* After a failed write of the output, its errno kept in *write_err
 * (the first failure's): a reader that went away (EPIPE) ends the run
 * now, by SIGPIPE as a filter's, a TAP file saying so; otherwise the
 * caller stops writing and reports it (cli_stdout_failed). */
static void output_failed(batch *b, FILE *tap, int *write_err)
{
	if (!*write_err)
		*write_err = errno ? errno : EIO;
	if (*write_err == EPIPE)
		end_early(b, SIGPIPE, tap == stdout ? NULL : tap,
		          "standard output closed");
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

/* Reads path whole (io_read); on failure writes why into msg. */
static int read_input(batch *b, const char *path, char **buf, size_t *len,
                      char *msg, size_t size)
{
	size_t limit = input_limit(b->cfg);
	sigset_t old;
	int rc, err;

	/* The main thread, running the items alone, sends out the results
	 * so far before an input that may keep it waiting, as it does when
	 * it waits for a worker's item; the stop signals are still blocked,
	 * so that none is spent cutting the flush short. */
	if (b->alone != NULL && may_wait(b, path))
		flush_results(*b->alone->tap, b->alone->write_err);
	/* A stop signal may end a read that waits on a silent terminal or
	 * pipe: let in here, whatever this thread's mask is otherwise.  One
	 * that was pending is taken as the mask opens, before the read could
	 * be cut short by it: the read is not begun. */
	stop_mask(SIG_UNBLOCK, &old);
	if (stop_requested()) {
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		snprintf(msg, size, "%s", strerror(EINTR));
		errno = EINTR; /* not a stale one for the caller's tests */
		return -1;
	}
	rc = io_read(&b->in, path, limit, buf, len);
	err = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = err;
	if (rc == 0)
		return 0;
	if (errno == EFBIG)
		snprintf(msg, size,
		         "more than %zu bytes, the input limit (raise it with "
		         "--max-cells)",
		         limit);
	else if (errno == ENOMEM)
		snprintf(msg, size, "out of memory");
	else
		snprintf(msg, size, "%s", strerror(errno));
	errno = err; /* for the caller too */
	return -1;
}

/* Reads and parses one map of the configured (or detected) format;
 * reports and returns -1 on failure. */
static int load_map(batch *b, const char *path, map *m)
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
	if (read_input(b, path, &buf, &len, err.msg, sizeof err.msg) != 0) {
		if (errno == ENOENT && cfg->format == FORMAT_JSON &&
		    path[strspn(path, "0123456789")] == '\0')
			/* astar -j 4 big.scen: -j is --json, threads -J */
			diag_error(name, 0, 0, "%s (for %s threads, use -J %s)",
			           err.msg, path, path);
		else
			diag_error(name, 0, 0, "%s", err.msg);
		return -1;
	}
	fmt = cfg->input_format != MAPFMT_AUTO ? cfg->input_format
	                                       : map_detect(buf, len);
	/* The same words whatever the format, forced or not, also for a
	 * byte order mark alone. */
	if (map_bom(buf, len) == len)
		fmt = MAPFMT_ASCII; /* whose reader says "empty map" */
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
	switch (fmt) {
	case MAPFMT_JSON:
		rc = map_read_json(buf, len, cfg->max_cells, m, &err);
		break;
	case MAPFMT_MOVINGAI:
		rc = map_read_movingai(buf, len, cfg->max_cells, m, &err);
		break;
	default:
		rc = map_read_ascii(buf, len, cfg->max_cells, m, &err);
		break;
	}
	free(buf);
	if (rc != 0)
		diag_error(name, err.line, err.col, "%s", err.msg);
	else
		m->format = fmt;
	return rc;
}

/* A map file with no start (what = "start", mark 'S') or no goal, and
 * none given: says how to give one in that format.  In a Moving AI map
 * S and G are terrain. */
static void no_endpoint(const char *name, enum map_format fmt, const char *what,
                        char mark)
{
	if (fmt == MAPFMT_MOVINGAI)
		diag_error(name, 0, 0,
		           "no %s: use --%s or a scenario file (%c is terrain "
		           "in a Moving AI map)",
		           what, what, mark);
	else if (fmt == MAPFMT_JSON)
		diag_error(name, 0, 0,
		           "no %s: give \"%s\", mark one with %c in \"rows\", "
		           "or use --%s",
		           what, what, mark, what);
	else
		diag_error(name, 0, 0, "no %s: mark one with %c or use --%s",
		           what, mark, what);
}

static int apply_blocks(const cli_config *cfg, const char *name, map *m)
{
	for (size_t i = 0; i < cfg->nblocks; i++) {
		astar_point b = cfg->blocks[i];
		if (!astar_grid_contains(m->grid, b.x, b.y)) {
			diag_error(name, 0, 0,
			           "--block %d,%d is outside the %dx%d map",
			           (int)b.x, (int)b.y,
			           (int)astar_grid_width(m->grid),
			           (int)astar_grid_height(m->grid));
			return -1;
		}
		astar_grid_set(m->grid, b.x, b.y, 0);
	}
	return 0;
}

/* Reads sm, its diagnostics kept in sm->msgs for its first query to
 * give; `mine` is the calling thread's list, collected into again after. */
static void shared_read(batch *b, shared_map *sm, diag_list *mine)
{
	double t0 = now_us();

	diag_collect(&sm->msgs);
	sm->ok = load_map(b, sm->path, &sm->m) == 0 &&
	         apply_blocks(b->cfg, display_name(sm->path), &sm->m) == 0;
	sm->load_us = now_us() - t0;
	diag_collect(mine);
	if (sm->msgs.nomem)
		sm->nomem = 1;
	if (!sm->ok)
		map_free(&sm->m);
}

/* Makes sm read: reads it, or waits for the thread reading it. */
static void shared_acquire(batch *b, shared_map *sm, diag_list *mine)
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
static void shared_release(batch *b, shared_map *sm)
{
	int last;

	pthread_mutex_lock(&b->lock);
	last = --sm->users == 0;
	pthread_mutex_unlock(&b->lock);
	if (last)
		map_free(&sm->m);
}

/*
 * Checks a query's start and goal against the map; `where` locates the
 * query in messages ("queries[2]: " or "").  Reports and returns -1.
 */
static int valid_query(const astar_options *opts, const char *name, long line,
                       const char *where, const astar_grid *g, astar_point s,
                       astar_point t)
{
	const char *what[2] = {"start", "goal"};
	astar_point p[2] = {s, t};

	if (rule_jps_query(opts, g, name, line, where) != 0)
		return -1;
	for (int k = 0; k < 2; k++)
		if (!astar_grid_contains(g, p[k].x, p[k].y)) {
			diag_error(name, line, 0,
			           "%s%s %d,%d is outside the %dx%d map", where,
			           what[k], (int)p[k].x, (int)p[k].y,
			           (int)astar_grid_width(g),
			           (int)astar_grid_height(g));
			return -1;
		}
	if (astar_grid_get(g, s.x, s.y) == 0) {
		diag_error(name, line, 0, "%sstart %d,%d is blocked", where,
		           (int)s.x, (int)s.y);
		return -1;
	}
	if (astar_grid_get(g, t.x, t.y) == 0 && !opts->adjacent &&
	    !opts->closest) {
		diag_error(
			name, line, 0,
			"%sgoal %d,%d is blocked (use --adjacent to stop next to "
			"it, or --closest to get as near as possible)",
			where, (int)t.x, (int)t.y);
		return -1;
	}
	return 0;
}

/* The per-item output streams and bookkeeping while an item runs. */
typedef struct sink {
	FILE *out;
	diag_list *msgs; /* the item's diagnostics */
	item *it;
	const cli_config *cfg;
	batch *b;
	int nomem;
} sink;

static void add_case(sink *k, const char *name, int ok, const char *msg,
                     double us)
{
	item *it = k->it;
	report_case *c;

	if (!k->cfg->junit && !k->cfg->tap)
		return;
	c = realloc(it->cases, (it->ncases + 1) * sizeof *c);
	if (c == NULL) {
		k->nomem = 1;
		return;
	}
	it->cases = c;
	c += it->ncases++;
	c->name = strdup(name);
	c->message = msg ? strdup(msg) : NULL;
	c->ok = ok;
	c->seconds = k->cfg->timing ? us / 1e6 : 0; /* --no-timing: diffable */
	if (c->name == NULL || (msg && c->message == NULL))
		k->nomem = 1;
}

/* Room for a query's name, its file's (as long as a path that opens can
 * be) and ": queries[N]" or ":LINE"; and for a message naming two files,
 * a scenario's and its map's.  Shorter buffers cut the names, and the
 * line or query after them, from the text lines and reports. */
#define LABEL_MAX   (PATH_MAX + 64)
#define MESSAGE_MAX (2 * PATH_MAX + 1024)

/* The name of a scenario file's query (FILE:LINE) in its text line, its
 * check's mismatch message and the --junit and --tap reports. */
static void scen_label(char *buf, size_t n, const char *scen, long line)
{
	snprintf(buf, n, "%s:%ld", scen, line);
}

/* Records a query that could not run (its message is in k->msgs), with
 * `why` as its report's failure message. */
static void query_failed(sink *k, const char *label, const char *why)
{
	k->it->status = EXIT_ERROR;
	if (k->cfg->check) {
		k->it->checked++;
		k->it->failed++;
	}
	add_case(k, label, 0, why, 0);
}

/* The last diagnostic of l, formatted for a report (without "astar: "),
 * into why (or `fallback` when there is none): the failure message of a
 * query's --junit and --tap report, so that it names its FILE:LINE:COL
 * as the error output does. */
static void last_message(const diag_list *l, const char *fallback, char *why,
                         size_t whysz)
{
	const diag_msg *m = diag_list_last(l);
	char *s = m ? diag_format(m, 0) : NULL;

	snprintf(why, whysz, "%s", s ? s : fallback);
	free(s);
}

/* Records a query that could not run, the last message it wrote as its
 * report's failure message. */
static void query_error(sink *k, const char *label)
{
	char why[MESSAGE_MAX];

	last_message(k->msgs, "invalid query (see the error output)", why,
	             sizeof why);
	query_failed(k, label, why);
}

/* query_error for a scenario query whose map could not be read: its
 * report's message also gives the map's own error (written once, before
 * the first such query), so that each failed case says why. */
static void map_error_case(sink *k, const char *label, const shared_map *sm)
{
	char why[MESSAGE_MAX], reason[MESSAGE_MAX], both[2 * MESSAGE_MAX + 4];

	if (!k->cfg->junit && !k->cfg->tap) {
		query_error(k, label);
		return;
	}
	last_message(k->msgs, "invalid query (see the error output)", why,
	             sizeof why);
	last_message(&sm->msgs, "", reason, sizeof reason);
	if (reason[0] != '\0')
		snprintf(both, sizeof both, "%s (%s)", why, reason);
	else
		snprintf(both, sizeof both, "%s", why);
	query_failed(k, label, both);
}

/* --check's last line. */
static void check_summary(FILE *f, unsigned checked, unsigned failed)
{
	fprintf(f, "checked %u, passed %u, failed %u\n", checked,
	        checked - failed, failed);
}

/* After --check's summary: a run that checked nothing (no query had an
 * expectation, a CI job pointed at the wrong files, say) fails, unless
 * it failed already, or it is a --shard that was left no query (a small
 * batch split many ways). */
static void check_nothing(const batch *b, unsigned checked,
                          enum exit_status *status)
{
	if (checked > 0 || *status >= EXIT_ERROR ||
	    (b->cfg->shard_n > 0 && b->n == 0))
		return;
	diag_error(NULL, 0, 0,
	           "--check: nothing was checked: no query has an "
	           "expectation");
	*status = EXIT_NOPATH;
}

static int is_report_id(const batch *b, const outfile_id *id);

/*
 * Draws a query to its --image file.  It is numbered (%d) by its input's
 * position in the batch, or, for the only input, by its index in the
 * map's queries; a failure is an error of the item.
 */
static void emit_image(sink *k, const query_report *q)
{
	const cli_config *cfg = k->cfg;
	size_t index = k->it->index;
	char path[4096], why[512];
	const char *clash = NULL;
	outfile_id id;
	int fd;

	if (k->it->ninputs == 1 && q->query >= 0)
		index = (size_t)q->query;
	if (image_path_for(cfg->image, index, q->map_name, path, sizeof path) !=
	    0) {
		diag_error(NULL, 0, 0, "%s", path);
		k->it->status = EXIT_ERROR;
		return;
	}
	if ((fd = outfile_std_fd_of(path)) != 0) {
		diag_error(path, 0, 0,
		           "is also the standard %s; not drawing the picture "
		           "there",
		           fd == STDOUT_FILENO ? "output" : "error");
		k->it->status = EXIT_ERROR;
		return;
	}
	if (outfile_regular_id(path, &id) == 0)
		clash = outfile_set_has(&k->b->inputs, &id)
		                ? "is also an input of this run; not overwriting it"
		        : is_report_id(k->b, &id)
		                ? "is also a --report file; not drawing the "
		                  "picture there"
		                : NULL;
	if (clash != NULL) {
		diag_error(path, 0, 0, "%s", clash);
		k->it->status = EXIT_ERROR;
		return;
	}
	pthread_mutex_lock(&k->b->lock);
	if (k->b->stop) { /* the run is ending early: not begun */
		pthread_mutex_unlock(&k->b->lock);
		return;
	}
	k->b->images_busy++;
	pthread_mutex_unlock(&k->b->lock);
	if (image_write_png(path, q, cfg->scale, why, sizeof why) != 0) {
		diag_error(path, 0, 0, "%s", why);
		k->it->status = EXIT_ERROR;
	}
	pthread_mutex_lock(&k->b->lock);
	if (--k->b->images_busy == 0 && k->b->stop)
		pthread_cond_broadcast(&k->b->cond);
	pthread_mutex_unlock(&k->b->lock);
}

/* A TAP stream on stdout (--report=tap without a file). */
static int tap_on_stdout(const cli_config *cfg)
{
	return cfg->tap && !cfg->tap_file;
}

/* Whether stdout carries the text output's blocks, one a map file,
 * which have headers and blank lines between them when there are
 * several: not with JSON Lines, --check's lines or a TAP stream. */
static int text_blocks_on(const cli_config *cfg)
{
	return cfg->format == FORMAT_TEXT && !cfg->check && !tap_on_stdout(cfg);
}

/* A text block's header line, when the batch has several inputs. */
static void file_header(sink *k, const char *name)
{
	if (text_blocks_on(k->cfg) && k->it->ninputs > 1)
		fprintf(k->out, "%s:\n", name);
}

/* Whether stdout carries data for programs (JSON Lines or a TAP stream):
 * then --check's mismatches and summary go to stderr instead. */
static int notes_to_stderr(const cli_config *cfg)
{
	return cfg->format == FORMAT_JSON || tap_on_stdout(cfg);
}

/*
 * Prints one solved query and checks it.  label names the query in
 * mismatch messages and reports; draw selects the map drawing (single
 * queries) over one line per query (batches) in text output.
 */
static void emit(sink *k, query_report *q, const char *label, int draw)
{
	const cli_config *cfg = k->cfg;
	const astar_result *r = q->res;
	char why[256];
	int ok = r->reached_goal, rc = 0;

	q->check = -1;
	if (cfg->check && q->expect != NULL && check_any(q->expect)) {
		ok = check_result(q->expect, r, cfg->tolerance, why,
		                  sizeof why);
		q->check = ok;
		k->it->checked++;
		k->it->failed += !ok;
		if (!ok && notes_to_stderr(cfg))
			diag_note("%s: %s", label, why);
		else if (!ok)
			fprintf(k->out, "%s: %s\n", label, why);
	} else if (!r->reached_goal) {
		snprintf(why, sizeof why, "no path");
		/* It makes the status 1 all the same: say which query. */
		if (cfg->check && notes_to_stderr(cfg))
			diag_note("%s: no path (the query has no expectation)",
			          label);
		else if (cfg->check)
			fprintf(k->out,
			        "%s: no path (the query has no expectation)\n",
			        label);
	}
	if (!tap_on_stdout(cfg)) {
		if (cfg->format == FORMAT_JSON)
			rc = output_json(k->out, q);
		else if (!cfg->check && draw)
			rc = output_text(k->out, q, cfg->color);
		else if (!cfg->check)
			rc = output_text_line(k->out, q, label);
		if (rc != 0 && ferror(k->out)) {
			k->nomem = 1; /* the item's stream is lost */
		} else if (rc != 0) {
			/* Nothing was written: the record could not be put
			 * together.  The query fails; the batch goes on. */
			diag_error(label, 0, 0, "out of memory");
			k->it->status = EXIT_ERROR;
		}
	}
	if (cfg->image != NULL)
		emit_image(k, q);
	add_case(k, label, ok, ok ? NULL : why, q->search_us);
	/* A checked query's status is its check's; others, whether they
	 * reached the goal. */
	if (!ok && k->it->status < EXIT_NOPATH)
		k->it->status = EXIT_NOPATH;
}

/*
 * Before each query of a batch: the work a context does once per map
 * (astar_prepare), so that a thread's first query on a map is timed like
 * the others.  It costs next to nothing once done.  Its failures are the
 * search's as well, which reports them.  Returns the microseconds spent.
 */
static double prepare(astar_ctx *ctx, const astar_grid *g,
                      const astar_options *opts)
{
	double t = now_us();

	(void)astar_prepare(ctx, g, opts);
	return now_us() - t;
}

/* Refuses (reports, -1) to draw the several queries of a map file unless
 * it is the only input and --image numbers the pictures. */
static int several_pictures(sink *k, const char *name)
{
	if (k->it->ninputs > 1) {
		diag_error(name, 0, 0,
		           "--image: a map with several queries has to be the "
		           "only input");
		return -1;
	}
	return rule_image_pattern(k->cfg->image, 1, name);
}

static void run_file(sink *k, astar_ctx *ctx)
{
	const cli_config *cfg = k->cfg;
	const char *name = display_name(k->it->path);
	map m;
	astar_result res;
	query_report q;
	double t0 = now_us(), t1;
	char label[LABEL_MAX];
	astar_status st;
	astar_options opts; /* cfg's, with what the map and query ask */

	if (load_map(k->b, k->it->path, &m) != 0 ||
	    apply_blocks(cfg, name, &m) != 0) {
		map_free(&m);
		query_error(k, name);
		return;
	}
	t1 = now_us();
	opts = cfg->opts;
	if (m.has_diagonal && !cfg->diagonal_given) {
		opts.diagonal =
			m.diagonal; /* the map's rule, unless overridden */
		rule_admissible(&opts, name);
	}
	memset(&q, 0, sizeof q);
	q.map_name = name;
	q.map = &m;
	q.blocks = cfg->blocks;
	q.nblocks = cfg->nblocks;
	q.opts = &opts;
	q.res = &res;
	q.timing = cfg->timing;
	q.load_us = t1 - t0;
	q.query = -1;

	/* -s and -g make one query of a map that holds several; with
	 * --check that would pass a level by skipping its expectations. */
	if (m.nqueries > 0 && cfg->check && (cfg->has_start || cfg->has_goal)) {
		diag_error(name, 0, 0,
		           "%s replaces the map's queries; not with --check, "
		           "which would skip their expectations",
		           cfg->has_start ? "--start" : "--goal");
		map_free(&m);
		query_error(k, name);
		return;
	}
	if (m.nqueries > 0 && !cfg->has_start && !cfg->has_goal) {
		if (cfg->image != NULL && m.nqueries > 1 &&
		    several_pictures(k, name) != 0) {
			map_free(&m);
			query_error(k, name);
			return;
		}
		file_header(k, name);
		for (size_t i = 0; i < m.nqueries; i++) {
			const map_query *mq = &m.queries[i];
			char where[64];
			double t2;
			snprintf(where, sizeof where, "queries[%zu]: ", i);
			snprintf(label, sizeof label, "%s: queries[%zu]", name,
			         i);
			astar_options qo = opts;
			qo.adjacent |= mq->adjacent;
			qo.closest |= mq->closest;
			q.opts = &qo;
			if (valid_query(&qo, name, mq->line, where, m.grid,
			                mq->start, mq->goal) != 0) {
				query_error(k, label);
				continue;
			}
			/* Several queries: the context's one-time work
			 * for the map is timed apart (see prepare). */
			q.prepared = m.nqueries > 1;
			if (q.prepared)
				q.prepare_us = prepare(ctx, m.grid, &qo);
			t2 = now_us();
			if ((st = astar_search(ctx, m.grid, mq->start, mq->goal,
			                       &qo, &res)) != ASTAR_OK) {
				diag_error(name, 0, 0, "%s%s", where,
				           astar_strerror(st));
				query_error(k, label);
				continue;
			}
			q.search_us = now_us() - t2;
			q.start = mq->start;
			q.goal = mq->goal;
			q.query = (long)i;
			q.expect = &mq->expect;
			/* Several blocks of one map: each says which query
			 * it draws. */
			if (m.nqueries > 1 && text_blocks_on(cfg))
				fprintf(k->out,
				        "queries[%zu]: %d,%d -> %d,%d\n", i,
				        (int)mq->start.x, (int)mq->start.y,
				        (int)mq->goal.x, (int)mq->goal.y);
			emit(k, &q, label, 1);
			if (i + 1 < m.nqueries && text_blocks_on(cfg))
				fputc('\n', k->out);
		}
		map_free(&m);
		return;
	}

	if (!cfg->has_start && !m.has_start) {
		no_endpoint(name, m.format, "start", 'S');
	} else if (!cfg->has_goal && !m.has_goal) {
		no_endpoint(name, m.format, "goal", 'G');
	} else {
		q.start = cfg->has_start ? cfg->start : m.start;
		q.goal = cfg->has_goal ? cfg->goal : m.goal;
		if (valid_query(&opts, name, 0, "", m.grid, q.start, q.goal) ==
		    0) {
			if ((st = astar_search(ctx, m.grid, q.start, q.goal,
			                       &opts, &res)) == ASTAR_OK) {
				q.search_us = now_us() - t1;
				file_header(k, name);
				emit(k, &q, name, 1);
				map_free(&m);
				return;
			}
			diag_error(name, 0, 0, "%s", astar_strerror(st));
		}
	}
	map_free(&m);
	query_error(k, name);
}

static void scen_query(sink *k, astar_ctx *ctx)
{
	const cli_config *cfg = k->cfg;
	const scen_entry *e = k->it->entry;
	const astar_grid *g = k->it->sm->m.grid;
	const char *name = k->it->scen_name;
	astar_options opts = config_scen_options(cfg);
	astar_result res;
	query_report q;
	map_expect expect;
	char label[LABEL_MAX];
	double t0, prep;
	astar_status st;

	scen_label(label, sizeof label, name, e->line);
	if (e->width != astar_grid_width(g) ||
	    e->height != astar_grid_height(g)) {
		diag_error(
			name, e->line, 0,
			"the scenario says the map is %dx%d, but %s is %dx%d",
			(int)e->width, (int)e->height,
			display_name(k->it->sm->path), (int)astar_grid_width(g),
			(int)astar_grid_height(g));
		query_error(k, label);
		return;
	}
	if (valid_query(&opts, name, e->line, "", g, e->start, e->goal) != 0) {
		query_error(k, label);
		return;
	}
	prep = prepare(ctx, g, &opts);
	memset(&q, 0, sizeof q);
	t0 = now_us();
	if ((st = astar_search(ctx, g, e->start, e->goal, &opts, &res)) !=
	    ASTAR_OK) {
		diag_error(name, e->line, 0, "%s", astar_strerror(st));
		query_error(k, label);
		return;
	}
	q.search_us = now_us() - t0;
	q.prepared = 1;
	q.prepare_us = prep;
	q.map_name = display_name(k->it->sm->path);
	q.map = &k->it->sm->m;
	q.blocks = cfg->blocks;
	q.nblocks = cfg->nblocks;
	q.opts = &opts;
	q.res = &res;
	q.timing = cfg->timing;
	q.load_us = k->it->sm->load_us;
	q.start = e->start;
	q.goal = e->goal;
	q.scen = name;
	q.line = e->line;
	q.query = -1;
	memset(&expect, 0, sizeof expect);
	expect.has_cost = 1;
	expect.cost = e->optimal;
	expect.cost_decimals = e->decimals;
	q.expect = &expect;
	emit(k, &q, label, 0);
}

/* A query of a scenario file, on its shared map. */
static void run_scen(sink *k, astar_ctx *ctx)
{
	shared_map *sm = k->it->sm;

	shared_acquire(k->b, sm, k->msgs);
	for (size_t i = 0; k->it->map_first && i < sm->msgs.n; i++)
		diag_list_add(k->msgs, &sm->msgs.v[i]);
	if (sm->nomem || k->msgs->nomem) {
		k->nomem = 1;
	} else if (!sm->ok) {
		/* The map's own error is written once, by its first query;
		 * one line per query would only repeat it. */
		const scen_entry *e = k->it->entry;
		char label[LABEL_MAX];
		scen_label(label, sizeof label, k->it->scen_name, e->line);
		diag_error(k->it->scen_name, e->line, 0,
		           "map %s could not be read", display_name(sm->path));
		map_error_case(k, label, sm);
	} else {
		scen_query(k, ctx);
	}
	shared_release(k->b, sm);
}

/*
 * What a thread works with: its search context, and two memory streams
 * for the standard output and the diagnostics of the item it is doing.
 * The streams are opened once and rewound after each item, whose bytes
 * are copied out: opening a pair for every item cost glibc two zeroed
 * 8 KiB buffers a query, an eighth of a scenario batch's instructions.
 */
typedef struct lane {
	astar_ctx *ctx;
	FILE *out;
	char *obuf; /* the stream's buffer, valid after a flush */
	size_t olen;
} lane;

static void lane_free(lane *l)
{
	if (l->out)
		fclose(l->out);
	free(l->obuf);
	astar_ctx_free(l->ctx);
	memset(l, 0, sizeof *l);
}

/* A new lane, 0; or -1 when out of memory (l is then empty). */
static int lane_init(lane *l)
{
	memset(l, 0, sizeof *l);
	l->ctx = astar_ctx_new();
	l->out = open_memstream(&l->obuf, &l->olen);
	if (l->ctx == NULL || l->out == NULL) {
		lane_free(l);
		return -1;
	}
	return 0;
}

/*
 * Moves what an item wrote to *f into a buffer of its own (*dst, *dlen;
 * NULL and 0 when it wrote nothing) and rewinds *f.  A large output is
 * handed over whole, the stream closed and a new one opened, so that a
 * lane does not keep the largest buffer it ever needed.  0, or -1 when
 * out of memory.
 */
static int lane_take(FILE **f, char **buf, size_t *len, char **dst,
                     size_t *dlen)
{
	long n;

	*dst = NULL;
	*dlen = 0;
	if (fflush(*f) != 0 || (n = ftell(*f)) < 0)
		return -1;
	if (n == 0)
		return 0;
	if (n > 65536) {
		if (fclose(*f) != 0) {
			*f = NULL;
			return -1;
		}
		*dst = *buf;
		*dlen = (size_t)n;
		*buf = NULL;
		*f = open_memstream(buf, len);
		return *f == NULL ? -1 : 0;
	}
	if ((*dst = malloc((size_t)n)) == NULL)
		return -1;
	memcpy(*dst, *buf, (size_t)n);
	*dlen = (size_t)n;
	return fseek(*f, 0, SEEK_SET) == 0 ? 0 : -1;
}

/* Does one item on a lane, with this thread's diagnostics sent to the
 * lane's stream; the item is lost when memory ran out. */
static void run_item(batch *b, item *it, lane *l)
{
	const cli_config *cfg = b->cfg;
	sink k;

	if (l->out == NULL) { /* the stream was lost */
		it->lost = 1;
		return;
	}
	memset(&k, 0, sizeof k);
	k.it = it;
	k.cfg = cfg;
	k.b = b;
	k.out = l->out;
	k.msgs = &it->msgs;
	diag_collect(k.msgs);
	switch (it->kind) {
	case ITEM_FILE:
		run_file(&k, l->ctx);
		break;
	case ITEM_SCEN:
		run_scen(&k, l->ctx);
		break;
	case ITEM_ERROR: /* never run: its message was written at planning */
		break;
	}
	diag_collect(NULL);
	if (lane_take(&l->out, &l->obuf, &l->olen, &it->out, &it->outlen) !=
	            0 ||
	    it->msgs.nomem || k.nomem)
		it->lost = 1;
}

static void *worker(void *arg)
{
	batch *b = arg;
	lane l;
	int ok = lane_init(&l) == 0;

	for (;;) {
		size_t lo, hi;
		pthread_mutex_lock(&b->lock);
		if (b->stop || b->next == b->n) {
			pthread_mutex_unlock(&b->lock);
			break;
		}
		lo = b->next;
		hi = b->n - lo > b->chunk ? lo + b->chunk : b->n;
		b->next = hi;
		pthread_mutex_unlock(&b->lock);
		/* Each item is handed over as soon as it is done, so that
		 * the first results of a chunk are written while the rest
		 * of it runs; after a stop the rest are handed over unrun. */
		for (size_t i = lo; i < hi; i++) {
			if (!stop_requested()) {
				if (!ok)
					b->items[i].lost = 1;
				else if (b->items[i].kind != ITEM_ERROR)
					run_item(b, &b->items[i], &l);
			}
			atomic_store(&b->items[i].done, 1);
			if (atomic_load(&b->waiting) == i) {
				pthread_mutex_lock(&b->lock);
				pthread_cond_signal(&b->cond);
				pthread_mutex_unlock(&b->lock);
			}
		}
	}
	lane_free(&l);
	return NULL;
}

/* ------------------------------------------------------------ planning */

static int push_item(batch *b, size_t *cap, item it)
{
	if (b->n == *cap) {
		size_t nc = *cap ? *cap * 2 : 64;
		item *ni = realloc(b->items, nc * sizeof *ni);
		if (ni == NULL)
			return -1;
		b->items = ni;
		*cap = nc;
	}
	b->items[b->n++] = it;
	return 0;
}

static void free_item(item *it);

/* An item that only carries a message, written now. */
static int push_error(batch *b, size_t *cap, const char *scen_name,
                      const map_error *err)
{
	item it;

	memset(&it, 0, sizeof it);
	it.kind = ITEM_ERROR;
	it.scen_name = scen_name;
	it.status = EXIT_ERROR;
	diag_collect(&it.msgs);
	diag_error(scen_name, err->line, err->col, "%s", err->msg);
	diag_collect(NULL);
	if (it.msgs.nomem)
		goto fail;
	if (b->cfg->check) {
		it.checked = 1;
		it.failed = 1;
	}
	if (b->cfg->junit || b->cfg->tap) {
		char label[LABEL_MAX], why[MESSAGE_MAX];
		/* A line's error names the line; the file's (unreadable, no
		 * version line) the file alone. */
		if (err->line > 0)
			scen_label(label, sizeof label, scen_name, err->line);
		else
			snprintf(label, sizeof label, "%s", scen_name);
		if ((it.cases = calloc(1, sizeof *it.cases)) == NULL)
			goto fail;
		it.ncases = 1;
		last_message(&it.msgs, err->msg, why, sizeof why);
		if ((it.cases->name = strdup(label)) == NULL ||
		    (it.cases->message = strdup(why)) == NULL)
			goto fail;
	}
	if (push_item(b, cap, it) == 0)
		return 0;
fail:
	free_item(&it);
	return -1;
}

/* Where a scenario's map is: --map, else the map field itself when it is
 * an absolute path to a readable file, else beside the scenario file by
 * the name in the map field, else by that name's last component (so a
 * scenario written elsewhere still finds the maps copied beside it).
 * When none of these is readable, the first that exists is taken, so
 * that the error its read gives (say, Permission denied) is about a file
 * the scenario names, and else the last.  Returns a malloc'd path, or
 * NULL when out of memory. */
static char *resolve_map(const cli_config *cfg, const char *scen_path,
                         const char *field)
{
	const char *slash = strrchr(scen_path, '/');
	size_t dirlen = slash ? (size_t)(slash - scen_path + 1) : 0;
	const char *base = strrchr(field, '/');
	const char *name[2] = {field, base ? base + 1 : field};
	char *cand[3] = {NULL, NULL, NULL}, *p = NULL;
	int n = 0, pick = -1;

	if (cfg->map_override)
		return strdup(cfg->map_override);
	if (field[0] == '/' && (cand[n++] = strdup(field)) == NULL)
		return NULL;
	for (int k = 0; k < 2; k++) {
		size_t len = dirlen + strlen(name[k]) + 1;
		if ((cand[n] = malloc(len)) == NULL)
			goto out;
		memcpy(cand[n], scen_path, dirlen);
		strcpy(cand[n++] + dirlen, name[k]);
	}
	for (int i = 0; i < n && pick < 0; i++)
		if (access(cand[i], R_OK) == 0)
			pick = i;
	for (int i = 0; i < n && pick < 0; i++)
		if (access(cand[i], F_OK) == 0)
			pick = i;
	p = cand[pick < 0 ? n - 1 : pick];
	cand[pick < 0 ? n - 1 : pick] = NULL;
out:
	for (int i = 0; i < 3; i++)
		free(cand[i]);
	return p;
}

/* The shared map at path, new (to be read when a query needs it) or
 * already named; takes path. */
static shared_map *shared(batch *b, char *path)
{
	shared_map *sm, **nm;

	for (size_t i = 0; i < b->nmaps; i++)
		if (strcmp(b->maps[i]->path, path) == 0) {
			free(path);
			return b->maps[i];
		}
	nm = realloc(b->maps, (b->nmaps + 1) * sizeof *nm);
	sm = calloc(1, sizeof *sm);
	if (nm != NULL)
		b->maps = nm;
	if (nm == NULL || sm == NULL) {
		free(sm);
		free(path);
		return NULL;
	}
	b->maps[b->nmaps++] = sm;
	sm->path = path;
	return sm;
}

/* Is the item at this index (before sharding) kept by --shard? */
static int in_shard(const cli_config *cfg, size_t i)
{
	return cfg->shard_n == 0 ||
	       i % (size_t)cfg->shard_n == (size_t)cfg->shard_k - 1;
}

static int plan_scen(batch *b, size_t *cap, const char *path, scen *sc)
{
	const char *name = display_name(path);
	char *buf;
	size_t len;
	map_error err;

	memset(&err, 0, sizeof err);
	if (read_input(b, path, &buf, &len, err.msg, sizeof err.msg) != 0)
		return push_error(b, cap, name, &err);
	if (scen_read(buf, len, sc, &err) != 0) {
		free(buf);
		return push_error(b, cap, name, &err);
	}
	free(buf);
	if (sc->n == 0) { /* the version line alone: surely a mistake */
		snprintf(err.msg, sizeof err.msg,
		         "no queries after the version line");
		return push_error(b, cap, name, &err);
	}
	/* The map field of the last query whose map was looked up, and its
	 * map: a scenario file names one map on every line, and finding it
	 * again would cost a system call a line. */
	const char *last_field = NULL;
	shared_map *last_sm = NULL;
	for (size_t i = 0; i < sc->n; i++) {
		const scen_entry *e = &sc->entries[i];
		item it;
		if (e->bad) {
			if (push_error(b, cap, name, e->err) != 0)
				return -1;
			continue;
		}
		memset(&it, 0, sizeof it);
		it.kind = ITEM_SCEN;
		it.scen_name = name;
		it.entry = e;
		if (last_field != NULL && strcmp(last_field, e->map) == 0) {
			it.sm = last_sm;
		} else {
			char *mp = resolve_map(b->cfg, path, e->map);
			if (mp == NULL || (it.sm = shared(b, mp)) == NULL)
				return -1;
			last_field = e->map;
			last_sm = it.sm;
		}
		/* The map's first query in the whole batch writes why it
		 * could not be read, so that the shards of a batch together
		 * say it once, as the batch does; one --shard drops is not
		 * run, and its map not read for it. */
		it.map_first = it.sm->named++ == 0;
		if (in_shard(b->cfg, b->n))
			it.sm->users++;
		else
			it.sm = NULL;
		if (push_item(b, cap, it) != 0)
			return -1;
	}
	return 0;
}

static void free_item(item *it)
{
	free(it->out);
	diag_list_free(&it->msgs);
	for (size_t i = 0; i < it->ncases; i++) {
		free(it->cases[i].name);
		free(it->cases[i].message);
	}
	free(it->cases);
	it->out = NULL;
	it->cases = NULL;
	it->ncases = 0;
}

/* Builds the item list; returns -1 when out of memory. */
static int plan(batch *b)
{
	const cli_config *cfg = b->cfg;
	size_t cap = 0, si = 0;
	int nscen = cfg->nscens;

	for (int i = 0; i < cfg->nfiles; i++)
		nscen += config_is_scen(cfg->files[i]);
	b->scens = calloc((size_t)nscen + 1, sizeof *b->scens);
	if (b->scens == NULL)
		return -1;
	b->nscens = (size_t)nscen;
	for (int i = 0; i < cfg->nfiles; i++) {
		item it;
		if (config_is_scen(cfg->files[i])) {
			if (plan_scen(b, &cap, cfg->files[i],
			              &b->scens[si++]) != 0)
				return -1;
			continue;
		}
		memset(&it, 0, sizeof it);
		it.kind = ITEM_FILE;
		it.path = cfg->files[i];
		if (push_item(b, &cap, it) != 0)
			return -1;
	}
	for (int i = 0; i < cfg->nscens; i++)
		if (plan_scen(b, &cap, cfg->scens[i], &b->scens[si++]) != 0)
			return -1;
	b->ninputs = b->n;
	for (size_t i = 0; i < b->n; i++) {
		b->items[i].index = i;
		b->items[i].ninputs = b->n;
	}
	if (cfg->shard_n > 0) {
		size_t kept = 0;
		for (size_t i = 0; i < b->n; i++) {
			if (in_shard(cfg, i))
				b->items[kept++] = b->items[i];
			else
				free_item(&b->items[i]);
		}
		b->n = kept;
	}
	return 0;
}

/* ------------------------------------------------------------- output */

typedef struct progress {
	int on;
	double start, last;
	int shown;
} progress;

static void progress_show(progress *p, size_t done, size_t total)
{
	double t = now_us(), el = (t - p->start) / 1e6, rate, left;
	int width = 30, fill;

	if (!p->on || el < 0.5 || t - p->last < 1e5)
		return;
	p->last = t;
	rate = done / (el > 0 ? el : 1);
	left = rate > 0 ? (double)(total - done) / rate : 0;
	fill = total ? (int)((double)width * (double)done / (double)total) : 0;
	fprintf(stderr, "\r\033[K[%.*s%*s] %zu/%zu queries, %.0f/s, %.0fs left",
	        fill, "##############################", width - fill, "", done,
	        total, rate, left);
	fflush(stderr);
	p->shown = 1;
}

static void progress_clear(progress *p)
{
	if (p->shown) {
		fputs("\r\033[K", stderr);
		p->shown = 0;
	}
}

/* The batch's inputs are its map and scenario files (standard input as
 * "-"), the --map override and the maps its scenarios name: n_inputs of
 * them, the i-th input_path (NULL for a --map not given).  One may
 * appear twice. */
static size_t n_inputs(const batch *b)
{
	return (size_t)b->cfg->nfiles + (size_t)b->cfg->nscens + 1 + b->nmaps;
}

static const char *input_path(const batch *b, size_t i)
{
	const cli_config *cfg = b->cfg;
	size_t nf = (size_t)cfg->nfiles, ns = (size_t)cfg->nscens;

	if (i < nf)
		return cfg->files[i];
	if (i < nf + ns)
		return cfg->scens[i - nf];
	if (i == nf + ns)
		return cfg->map_override;
	return b->maps[i - nf - ns - 1]->path;
}

/*
 * Indexes the regular files among the batch's inputs by device and inode
 * (b->inputs), so that no report or picture overwrites one: named like a
 * map by mistake, it would empty it, maybe before it is read.  Inputs
 * that cannot be stat'ed are left out: they are not read either.  0, or
 * -1 when out of memory.
 */
static int index_inputs(batch *b)
{
	size_t n = n_inputs(b);
	const char *p;

	for (size_t i = 0; i < n; i++)
		if ((p = input_path(b, i)) != NULL &&
		    outfile_set_add(&b->inputs, p) != 0)
			return -1;
	outfile_set_sort(&b->inputs);
	return 0;
}

/* Whether the file id is one of the open --report files (b->reports). */
static int is_report_id(const batch *b, const outfile_id *id)
{
	for (int i = 0; i < b->nreports; i++)
		if (outfile_same(&b->reports[i], id))
			return 1;
	return 0;
}

/* Notes an open --report file in b->reports (when it is a regular file),
 * for is_report_id. */
static void note_report(batch *b, FILE *f)
{
	if (f != NULL && outfile_stream_id(f, &b->reports[b->nreports]) == 0)
		b->nreports++;
}

/* Reports (and returns 1) when a --report path is an input of the run. */
static int refuse_report(const batch *b, const char *path)
{
	outfile_id id;

	if (outfile_regular_id(path, &id) != 0 ||
	    !outfile_set_has(&b->inputs, &id))
		return 0;
	diag_error(path, 0, 0,
	           "is also an input of this run; not overwriting it");
	return 1;
}

/* The processors this process may run on, as nproc(1) counts them: its
 * CPU affinity (taskset, or a container's cpuset, may allow fewer than
 * the machine has), else those online. */
static int cores_allowed(void)
{
	long cores;
#ifdef CPU_COUNT
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
#endif
	cores = sysconf(_SC_NPROCESSORS_ONLN);
	return cores > 0 ? (int)cores : 1;
}

int cli_run(const cli_config *cfg)
{
	batch b;
	pthread_t *threads = NULL;
	enum exit_status status = EXIT_FOUND;
	int nthreads, write_failed = 0, write_err = 0, nomem = 0;
	int tap_made = 0, junit_made = 0; /* report files created here */
	double window; /* when stop signals were last let in (one thread) */
	int last_kind = -1; /* of the last item with text output */
	unsigned checked = 0, failed = 0;
	report_case *all = NULL;
	size_t nall = 0, ntap = 0;
	FILE *tap = NULL, *junit = NULL;
	results_flush rf = {&tap, &write_err};
	lane main_lane; /* the main thread's, when there are no threads */
	progress prog;
	stop_watch watch;

	memset(&b, 0, sizeof b);
	memset(&main_lane, 0, sizeof main_lane);
	b.cfg = cfg;
	pthread_mutex_init(&b.lock, NULL);
	pthread_cond_init(&b.cond, NULL);
	pthread_cond_init(&b.loaded, NULL);
	io_stdin_init(&b.in);
	stop_begin(&watch);
	if (plan(&b) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		status = EXIT_ERROR;
		goto out;
	}
	if (cfg->image != NULL && b.ninputs > 1 &&
	    rule_image_pattern(cfg->image, 1, NULL) != 0) {
		status = EXIT_ERROR;
		goto out;
	}
	if ((cfg->image != NULL || cfg->tap_file != NULL ||
	     cfg->junit != NULL) &&
	    index_inputs(&b) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		status = EXIT_ERROR;
		goto out;
	}
	/* Both paths are judged, then both files opened, before either is
	 * emptied: a refusal or a failure leaves both as they were. */
	if ((cfg->tap_file && refuse_report(&b, cfg->tap_file)) ||
	    (cfg->junit && refuse_report(&b, cfg->junit))) {
		status = EXIT_ERROR;
		goto out;
	}
	if (cfg->tap)
		tap = cfg->tap_file ? outfile_open(cfg->tap_file, &tap_made)
		                    : stdout;
	if (cfg->junit && (!cfg->tap || tap != NULL))
		junit = outfile_open(cfg->junit, &junit_made);
	if (stop_requested()) { /* nothing is written yet, nor left behind */
		if (tap_made)
			unlink(cfg->tap_file);
		if (junit_made)
			unlink(cfg->junit);
		stop_die(stop_requested(), NULL, NULL);
	}
	tap = outfile_through_std(tap);
	junit = outfile_through_std(junit);
	if ((cfg->tap && tap == NULL) || (cfg->junit && junit == NULL) ||
	    (tap != NULL && !outfile_is_std(tap) && junit != NULL &&
	     !outfile_is_std(junit) &&
	     outfile_one_file(tap, junit, cfg->junit)) ||
	    (tap != NULL && !outfile_is_std(tap) &&
	     outfile_empty(tap, cfg->tap_file) != 0) ||
	    (junit != NULL && !outfile_is_std(junit) &&
	     outfile_empty(junit, cfg->junit) != 0)) {
		if (tap_made) /* what was not there is not left there */
			unlink(cfg->tap_file);
		if (junit_made)
			unlink(cfg->junit);
		status = EXIT_ERROR;
		goto out;
	}
	if (tap != NULL)
		report_tap_header(tap); /* its errors count with the plan's */
	note_report(&b, tap);
	note_report(&b, junit);

	nthreads = cfg->jobs > 0 ? cfg->jobs : cores_allowed();
	if ((size_t)nthreads > b.n)
		nthreads = b.n > 0 ? (int)b.n : 1;
	/* Some sixteen chunks a thread, so that one slow query does not
	 * leave the other threads idle for long; at most 64 items. */
	b.chunk = b.n / ((size_t)nthreads * 16);
	b.chunk = b.chunk < 1 ? 1 : b.chunk > 64 ? 64 : b.chunk;
	atomic_init(&b.waiting, SIZE_MAX);
	if (nthreads > 1 &&
	    (threads = calloc((size_t)nthreads, sizeof *threads))) {
		for (int i = 0; i < nthreads; i++)
			if (pthread_create(&threads[i], NULL, worker, &b) !=
			    0) {
				nthreads =
					i; /* go on with those that started */
				break;
			}
		if (nthreads == 0) {
			free(threads);
			threads = NULL;
		}
	}
	if (threads == NULL && lane_init(&main_lane) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		status = EXIT_ERROR;
		goto out;
	}
	if (threads == NULL) /* the reads are all the main thread's */
		b.alone = &rf;

	/* The main thread keeps the stop signals blocked, so that no write
	 * of a result is cut short: with threads the workers take them;
	 * alone, it lets them in while it reads an input (read_input) and,
	 * every 50 ms, between two items (two calls to the kernel a window,
	 * where blocking them around each write cost two a query). */
	stop_mask(SIG_BLOCK, NULL);
	memset(&prog, 0, sizeof prog);
	prog.on = isatty(STDERR_FILENO) && b.n > 1;
	prog.start = now_us();
	window = prog.start;
	for (size_t i = 0; i < b.n; i++) {
		item *it = &b.items[i];
		if (threads == NULL) {
			double t = now_us();
			if (t - window >= 50000) {
				stop_take();
				window = t;
			}
			if (stop_requested())
				break;
			if (it->kind != ITEM_ERROR)
				run_item(&b, it, &main_lane);
		} else if (!atomic_load(&it->done)) {
			pthread_mutex_lock(&b.lock);
			while (!it->done && !stop_requested()) {
				struct timespec ts;
				clock_gettime(CLOCK_REALTIME, &ts);
				ts.tv_nsec += 100 * 1000 * 1000;
				if (ts.tv_nsec >= 1000000000L) {
					ts.tv_sec++;
					ts.tv_nsec -= 1000000000L;
				}
				atomic_store(&b.waiting, i);
				if (!atomic_load(&it->done))
					pthread_cond_timedwait(&b.cond, &b.lock,
					                       &ts);
				atomic_store(&b.waiting, SIZE_MAX);
				if (!it->done) {
					/* A slow item: what came before it
					 * goes out now, not when stdio's
					 * buffer fills. */
					pthread_mutex_unlock(&b.lock);
					flush_results(tap, &write_err);
					progress_show(&prog, i, b.n);
					pthread_mutex_lock(&b.lock);
				}
			}
			pthread_mutex_unlock(&b.lock);
		}
		if (stop_requested())
			break; /* this item perhaps cut short: not written */
		if (it->lost) {
			nomem = 1;
			break;
		}
		if (it->msgs.n > 0 || it->outlen > 0)
			progress_clear(&prog);
		/* The results before an item's messages go out before them:
		 * with both streams on one file (2>&1, a CI log), a message
		 * then comes between whole results, in input order. */
		if (it->msgs.n > 0) {
			flush_results(NULL, &write_err);
			(void)diag_list_print(stderr, &it->msgs);
		}
		/* A map file's text block is kept apart by one blank line
		 * from the output before and after it; scenario lines
		 * follow one another. */
		if (text_blocks_on(cfg) && it->outlen > 0) {
			if (last_kind >= 0 &&
			    (it->kind == ITEM_FILE || last_kind == ITEM_FILE))
				putchar('\n');
			last_kind = (int)it->kind;
		}
		if ((it->outlen > 0 &&
		     fwrite(it->out, 1, it->outlen, stdout) != it->outlen) ||
		    ferror(stdout)) {
			output_failed(&b, tap, &write_err);
			write_failed = 1;
			break;
		}
		for (size_t c = 0; tap && c < it->ncases; c++)
			report_tap_case(tap, ++ntap, &it->cases[c]);
		if (cfg->junit && it->ncases > 0) {
			report_case *na =
				realloc(all, (nall + it->ncases) * sizeof *na);
			if (na == NULL) {
				nomem = 1;
				break;
			}
			all = na;
			memcpy(all + nall, it->cases, it->ncases * sizeof *na);
			nall += it->ncases;
			free(it->cases); /* the names now belong to `all` */
			it->cases = NULL;
			it->ncases = 0;
		}
		checked += it->checked;
		failed += it->failed;
		if (it->status > status)
			status = it->status;
		free_item(it);
		progress_show(&prog, i + 1, b.n);
	}
	/* What is written from here on (summary, reports, the last flush)
	 * is not cut short by a stop signal either (they stay blocked); one
	 * that came during the loop ends the run now. */
	if (threads == NULL)
		stop_take(); /* the last window */
	progress_clear(&prog);
	if (stop_requested())
		end_early(&b, stop_requested(), tap, "interrupted");

	if (threads != NULL) {
		pthread_mutex_lock(&b.lock);
		b.stop = 1;
		pthread_mutex_unlock(&b.lock);
		for (int i = 0; i < nthreads; i++)
			pthread_join(threads[i], NULL);
		free(threads);
	}

	/* The results and --check's summary are all out before a report
	 * says the run is whole: a failed write ends the run here, and a
	 * TAP file says so (below) instead of giving its plan. */
	if (!write_failed && !nomem) {
		/* On standard error the summary follows the results, and
		 * only when they were all written: a run whose output was
		 * lost does not end in "passed". */
		FILE *sf = !cfg->check            ? NULL
		           : notes_to_stderr(cfg) ? stderr
		                                  : stdout;
		if (sf == stdout)
			check_summary(sf, checked, failed);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			output_failed(&b, tap, &write_err);
			write_failed = 1;
		} else {
			if (sf == stderr)
				check_summary(sf, checked, failed);
			if (sf != NULL)
				check_nothing(&b, checked, &status);
		}
	}
	if (!write_failed && !nomem) {
		if (tap) {
			/* A write that failed before the end leaves the
			 * stream in error, which fclose does not report.
			 * Through stdout, the last flush reports one. */
			int bad = report_tap_plan(tap, ntap) != 0;
			if (!outfile_is_std(tap)) {
				errno = 0;
				bad |= fclose(tap) != 0;
				if (bad) {
					diag_error(
						cfg->tap_file, 0, 0, "%s",
						strerror(errno ? errno : EIO));
					status = EXIT_ERROR;
				}
			} else if (tap == stderr &&
			           (bad || fflush(stderr) != 0)) {
				status = EXIT_ERROR; /* nowhere to say so */
			}
			tap = NULL;
		}
		if (junit == stdout) {
			/* A failure is the last flush's to report. */
			(void)report_junit(junit, all, nall);
		} else if (junit != NULL) {
			int bad = report_junit(junit, all, nall) != 0;
			errno = 0;
			bad |= (junit == stderr ? fflush(junit)
			                        : fclose(junit)) != 0;
			if (bad) {
				diag_error(cfg->junit, 0, 0, "%s",
				           strerror(errno ? errno : EIO));
				status = EXIT_ERROR;
			}
		}
		junit = NULL;
	}
	if ((write_failed || nomem) && tap != NULL && tap != stdout) {
		/* The run ended before its last case: its plan would claim
		 * a count it did not reach. */
		fprintf(tap, "Bail out! %s\n",
		        nomem ? "out of memory"
		              : "error writing to standard output");
	}
	if (nomem) {
		diag_error(NULL, 0, 0, "out of memory");
		status = EXIT_ERROR;
	}
	if (!write_failed && (fflush(stdout) != 0 || ferror(stdout))) {
		output_failed(&b, NULL, &write_err); /* the reports are done */
		write_failed = 1;
	}
	if (write_failed) {
		cli_stdout_failed(write_err);
		status = EXIT_ERROR;
	}
out:
	stop_end(&watch);
	if (tap != NULL && !outfile_is_std(tap))
		fclose(tap);
	if (junit != NULL && !outfile_is_std(junit))
		fclose(junit);
	for (size_t i = 0; i < nall; i++) {
		free(all[i].name);
		free(all[i].message);
	}
	free(all);
	for (size_t i = 0; i < b.n; i++)
		free_item(&b.items[i]);
	free(b.items);
	for (size_t i = 0; i < b.nmaps; i++) {
		free(b.maps[i]->path);
		map_free(&b.maps[i]->m);
		diag_list_free(&b.maps[i]->msgs);
		free(b.maps[i]);
	}
	free(b.maps);
	outfile_set_free(&b.inputs);
	for (size_t i = 0; i < b.nscens; i++)
		scen_free(&b.scens[i]);
	lane_free(&main_lane);
	free(b.scens);
	pthread_mutex_destroy(&b.lock);
	pthread_cond_destroy(&b.cond);
	pthread_cond_destroy(&b.loaded);
	io_stdin_free(&b.in);
	return status;
}
