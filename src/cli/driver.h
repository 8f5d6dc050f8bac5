/*
 * driver.h - what the parts of the driver share: the work items, the
 * batch that holds them, and each part's entry points.  It is a file of
 * its own, owned by none of them, and includes only headers below them
 * all (config.h, not cli.h), so that every part may include it.
 *
 * An item is a map file (read, and solved for its one query or its list
 * of queries, by the thread that takes it), one query of a scenario file
 * (whose map is read once, by the first thread that needs it, shared
 * read-only, and freed after its last query), or a scenario line that
 * could not be read.  Each item keeps its standard output in a buffer
 * and its diagnostics as records of its own; the main thread prints them
 * in item order, so the output is the same, byte for byte, whatever the
 * number of threads.
 *
 * The parts in layers, bottom up; each calls only those below it (a
 * part that needs a service of one above gets it handed in: the pool
 * its work, load.c the flush of the results):
 *
 *   stop.c outfile.c check.c update.c rules.c shard_auto.c  helpers
 *   options.c, config.c  the flags, and the configuration they make
 *   driver.h       these types
 *   run_state.c    the stop flag and the file writes in progress
 *   pool.c         the threads, each item given to the work handed in
 *   load.c         reading an input; the maps scenario queries share
 *   prep.c         the landmark tables queries on a shared map share
 *   reports.c      the --report files, from opening to their last line
 *   emit.c         one solved query into its item's output and picture
 *   reach.c        a level's reach and region checks
 *   endpoints.c    a query's starts and goals, found and checked
 *   solve_update.c --update's new expectations as queries are solved
 *   solve_map.c    a map file's queries, one query, or distance map
 *   solve.c        one item into its results (run_item, the pool's work)
 *   update_run.c   --update's scenario files and summary, at the end
 *   plan.c         the inputs into the list of items (--shard too)
 *   results.c      the results written in input order; an early end
 *   cli.c          the run from start to end
 *   main.c         the command line in three steps
 */
#ifndef ASTAR_DRIVER_H
#define ASTAR_DRIVER_H

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/diag.h"
#include "config.h"
#include "outfile.h"
#include "read/io.h"
#include "read/scen.h"
#include "write/output.h"
#include "write/report.h"

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
	size_t queries; /* queries on it that run (--shard's kept): the
	                   batch size config_landmarks judges */
	/* Where it was looked for, for the one error of a map that cannot
	 * be read: the scenario file and map field of the first line
	 * naming it (both outlive the batch's items), and the paths tried
	 * ("A and B", owned; NULL for --map). */
	const char *scen_name, *field;
	char *looked;
	/* The landmark tables its queries share (prep.c): prep_state and
	 * prep are the batch lock's; prep holds only the tables, or is
	 * NULL when none could be built or shared.  Freed with the map. */
	enum { SM_PREP_NONE, SM_PREP_BUILDING, SM_PREP_DONE } prep_state;
	astar_ctx *prep;
} shared_map;

enum item_kind { ITEM_FILE, ITEM_SCEN, ITEM_ERROR };

typedef struct item {
	enum item_kind kind;
	const char *path;        /* FILE: as given ("-" for stdin) */
	char *level;             /* FILE: an LDtk project's level, one item
	                            a level (owned), or NULL */
	char *label;             /* FILE with level: "path[level]", its name
	                            in messages and results (owned) */
	int unmarked;            /* FILE: an LDtk project none of whose
	                            levels has a start and a goal, one item
	                            whose error lists them */
	const char *scen_name;   /* SCEN, ERROR: the scenario file */
	const scen_entry *entry; /* SCEN */
	shared_map *sm;          /* SCEN */
	int map_first;           /* SCEN: the first query on sm, which gives
	                            sm->msgs */
	int pictures;            /* --report=html: the pictures drawn */
	size_t index;            /* position among the inputs, before --shard
	                            (%d of --image) */
	size_t ninputs;          /* how many inputs there are, before --shard */
	char *pic_twin;          /* --image: another input whose %m is this
	                            one's (owned), or NULL (plan_pictures) */
	/* Results, filled by the thread that did the item. */
	char *out;
	size_t outlen;
	diag_list msgs;
	enum exit_status status; /* exit status of the item */
	int lost; /* memory ran out for its output or diagnostics: the batch
	             stops there */
	unsigned checked, failed;
	unsigned errors; /* --check: queries that could not run */
	report_case *cases;
	size_t ncases;
	/* --update: the queries it had and changed, the files it rewrote;
	 * for a scenario query (scen_ix its file in batch.scens), whether
	 * its optimal length changes, and to what. */
	unsigned upd_total, upd_changed, upd_files;
	size_t scen_ix;
	int upd_scen;
	double upd_value;
	atomic_int done; /* set by its worker when its results are ready */
} item;

/* A flush of the results before a wait (results.c's flush_results,
 * handed in by cli.c, so that load.c does not call up into the writing
 * of the results), with cli_run's TAP stream and the errno of a failed
 * flush of the output. */
typedef struct results_flush {
	void (*flush)(FILE *tap, int *write_err);
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
	/* --update: each scenario file's text as read (NULL when it could
	 * not be read or is not to be updated), for its rewrite. */
	char **scen_text;
	size_t *scen_len;
	size_t ninputs; /* items before --shard */
	/* The inputs' files, sorted, when a report or picture is written
	 * (index_inputs); read-only once the workers start. */
	outfile_set inputs;
	/* The reports, once open: a run that ends early puts what they
	 * hold so far in place (reports_end_early). */
	struct reports *rep;
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
	int nthreads; /* the threads solving the items (pool_start) */
	/* Pictures (--image) and --update's files being written: the main
	 * thread waits for them before the process dies (end_early), so
	 * none is left cut short. */
	int images_busy;
	io_stdin in; /* standard input, read once for every "-" */
	/* --only: whether each pattern matched a query (any thread sets
	 * one), or NULL without --only. */
	atomic_uchar *only_hit;
	/* Set while the main thread runs the items itself (no workers):
	 * it flushes the results before an input that may keep it waiting
	 * (see read_input). */
	const results_flush *alone;
} batch;

/*
 * What a thread works with: its search context, and a memory stream for
 * the standard output of the item it is doing (its diagnostics are
 * records, collected in the item).  The stream is opened once and
 * rewound after each item, whose bytes are copied out: glibc gives each
 * new stream a zeroed buffer, too dear to pay a query.
 */
typedef struct lane {
	astar_ctx *ctx;
	FILE *out;
	char *obuf; /* the stream's buffer, valid after a flush */
	size_t olen;
} lane;

/* The item's output stream, its diagnostics and bookkeeping while it
 * runs. */
typedef struct sink {
	FILE *out;
	diag_list *msgs; /* the item's diagnostics */
	item *it;
	const cli_config *cfg;
	batch *b;
	int nomem;
	const map *level; /* the item's map while it runs, or NULL: an
	                     editor's level its failed cases name */
	/* --report=html: the picture drawn for the next report case */
	unsigned char *png;
	size_t png_len;
} sink;

/* Room for a query's name, its file's (as long as a path that opens can
 * be) and ": queries[N]" or ":LINE"; and for a message naming two files,
 * a scenario's and its map's.  Shorter buffers cut the names, and the
 * line or query after them, from the text lines and reports. */
#define LABEL_MAX   (PATH_MAX + 64)
#define MESSAGE_MAX (2 * PATH_MAX + 1024)

static inline double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static inline const char *display_name(const char *path)
{
	return strcmp(path, "-") == 0 ? STDIN_NAME : path;
}

/* The work on one item, on a lane (solve.c's run_item): handed to the
 * pool, which calls up into nothing. */
typedef void pool_work(batch *b, item *it, lane *l);

/* The threads of a run, or the main thread's lane when there are
 * none. */
typedef struct pool {
	pthread_t *threads; /* NULL: the main thread solves the items */
	int n;
	lane alone;
	batch *b;
	pool_work *work; /* what each item is given to */
} pool;

/* The --report files of a run. */
typedef struct reports {
	FILE *tap, *junit, *github, *html; /* open (a file's, or stdout),
	                                      or NULL */
	outfile_tx tx[4]; /* the TAP, JUnit, GitHub and HTML files */
	FILE *md;                   /* --report=markdown's, or NULL */
	outfile_tx md_tx;           /* its file */
	unsigned checked, failed;   /* --check's counts, for its totals */
	const char *nothing; /* why the run as a whole failed its check (it
	                        checked nothing), for the reports; or NULL */
	report_case *all;    /* the cases, for JUnit's document, the Markdown
	                        summary and the HTML page at the end */
	size_t nall, ntap;   /* cases in all; TAP lines written */
	atomic_int pictures; /* pictures kept for the HTML page, by the
	                        main thread; the workers read it */
	int html_images;     /* at most (--report-images) */
} reports;

/* A progress line on a terminal, for batches. */
typedef struct progress {
	int on;
	double start, last;
	int shown;
} progress;

/* What the writing of the results comes to. */
typedef struct results {
	enum exit_status status;
	int write_failed, write_err; /* a write of the output failed; errno */
	int nomem;                   /* memory ran out: the run ends */
	unsigned checked, failed;    /* --check's counts */
	unsigned errors;             /* and the queries that could not run */
	unsigned upd_total, upd_changed, upd_files; /* --update's */
	int last_kind; /* of the last item with text output, or -1 */
	progress prog;
} results;

/* plan.c */
int plan(batch *b);
int index_inputs(batch *b);
int plan_pictures(batch *b);
void free_item(item *it);

/* load.c */
int read_input(batch *b, const char *path, char **buf, size_t *len,
               diag_err *err);
int load_map(batch *b, const char *path, const char *level, map *m);
/* load_map of an item (its path, level, and whether it is unmarked);
 * LOAD_SKIPPED (warned) for an editor's level --check has nothing to
 * check in. */
#define LOAD_SKIPPED (-3)
int load_item_map(batch *b, const item *it, map *m);
/* load_map, but a file that cannot be read is not reported: its reason
 * goes to *unread (returns -2); other errors are reported (-1). */
int load_map_or(batch *b, const char *path, const char *level, map *m,
                diag_err *unread);
/* Whether an LDtk project's level has a start and a goal of its own
 * (one that cannot be read counts as having them: its item says why). */
int ldtk_level_marked(const cli_config *cfg, const char *buf, size_t len,
                      const char *path, const char *level);
int apply_blocks(const cli_config *cfg, const char *name, map *m);
void shared_acquire(batch *b, shared_map *sm, diag_list *mine);
void shared_release(batch *b, shared_map *sm);

/* prep.c: readies ctx for a query on sm with o (astar_prepare), the
 * landmark tables built once for the batch and shared; the microseconds
 * spent (the first query builds, the others on sm wait for it). */
double shared_prepare(batch *b, shared_map *sm, astar_ctx *ctx,
                      const astar_options *o);

/* solve.c */
void run_item(batch *b, item *it, lane *l);

/* emit.c */
void scen_label(char *buf, size_t n, const char *scen, long line);
void last_message(const diag_list *l, const char *fallback, char *why,
                  size_t whysz);
void query_error(sink *k, const char *label);
void map_error_case(sink *k, const char *label, const shared_map *sm);
int text_blocks_on(const cli_config *cfg);
int notes_to_stderr(const cli_config *cfg);
void file_header(sink *k, const char *name);
void emit(sink *k, query_report *q, const char *label, int draw);
/* Counts and reports one checked case that is not a query (a level's
 * reach assertion or region count) of file, written at at: its failure
 * line, its report case (annotated there), the item's status. */
void check_case(sink *k, const char *file, const map_place *at,
                const char *label, int ok, const char *why, double us);
/* reach.c: a level's "reach" and "expect" checks (--check). */
void run_level_checks(sink *k, astar_ctx *ctx, const map *m,
                      const astar_options *o, const char *name);
/* Draws q to its --image file (a failure is an error of the item). */
void emit_image(sink *k, const query_report *q);
/* Whether map m may draw several pictures (its queries, its reach
 * checks): they are numbered in the file (%d). */
int map_draws_several(const map *m);
/* --report=html: draws q for the page (k->png), for a failed or changed
 * check, while its item has fewer than --report-images and the items
 * before it kept fewer so far (reports_add keeps the first ones of the
 * run, in its order, whatever the threads did). */
void html_picture(sink *k, const query_report *q);

/* pool.c */
int lane_init(lane *l);
void lane_free(lane *l);
int lane_take(FILE **f, char **buf, size_t *len, char **dst, size_t *dlen);
/* Starts the threads (or sets up the main thread's lane), which give
 * each item to work; 0, or -1 when out of memory. */
int pool_start(pool *p, batch *b, pool_work *work);
/* Waits for item i, calling slow(arg) every 100 ms while it is not done
 * (and no stop was asked for). */
void pool_wait(batch *b, size_t i, void (*slow)(void *), void *arg);
/* Ends the threads (none is begun on a new chunk) and frees p. */
void pool_stop(pool *p, batch *b);

/* results.c */
void flush_results(FILE *tap, int *write_err);
void output_failed(batch *b, FILE *tap, int *write_err);
/* Writes the items' results in order, solving them first when there are
 * no threads; ends the process when a stop signal came. */
void results_write(results *r, batch *b, pool *p, reports *rep);
/* --check's summary, after the results, and the last flush of them. */
void results_summary(results *r, batch *b, reports *rep);

/* reports.c */
int is_report_path(const batch *b, const char *path);
/* Judges, opens and empties the --report files; 0, or -1 (reported). */
int reports_open(reports *rep, batch *b);
/* An item's cases: TAP's lines now, JUnit's kept; 0, or -1 when out of
 * memory. */
int reports_add(reports *rep, item *it);
/* Annotates the diagnostics of l (the run's own, not an item's) in the
 * GitHub report. */
void reports_diags(reports *rep, const diag_list *l);
/* TAP's plan and JUnit's document, the files put in their places. */
void reports_finish(reports *rep, const cli_config *cfg,
                    enum exit_status *status);
/* Ends the reports of a run that ends before its last case: "Bail out!
 * why" ends the TAP stream when tap (rep->tap, or NULL to write nothing
 * more there) is given, and the TAP and GitHub files are put in place
 * with what they hold; JUnit's document is left out, its old file left. */
void reports_end_early(reports *rep, FILE *tap, const char *why);
void reports_close(reports *rep);

/* update_run.c */
/* The scenario files' new optimal lengths written, after the results;
 * each error reported, the status made 2. */
void update_scens(batch *b, results *r);
/* --update's summary line, where --check's would go. */
void update_summary(const batch *b, const results *r);

#endif
