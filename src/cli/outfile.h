/*
 * outfile.h - the files a run writes besides its standard streams (the
 * --report files, the --image pictures, the files --update rewrites):
 * writing each whole or not at all, and knowing files by device and
 * inode, so that no output overwrites an input or another output, and
 * none is written through a second descriptor to a file a standard
 * stream already writes.
 */
#ifndef ASTAR_OUTFILE_H
#define ASTAR_OUTFILE_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "base/diag.h"

/* A file by device and inode: names differ, this does not. */
typedef struct outfile_id {
	dev_t dev;
	ino_t ino;
} outfile_id;

/* A set of regular files, searched once sorted (outfile_set_sort).  All
 * zero is an empty set; outfile_set_free frees it. */
typedef struct outfile_set {
	outfile_id *ids;
	size_t n, cap;
} outfile_set;

/* Adds path's file to s when it is a regular file ("-" stands for the
 * file standard input reads); a path that cannot be stat'ed is left out.
 * 0, or -1 when out of memory (s unchanged). */
int outfile_set_add(outfile_set *s, const char *path);

/* Sorts s, for outfile_set_has. */
void outfile_set_sort(outfile_set *s);

/* Whether id is in s, which outfile_set_sort has sorted since the last
 * add.  A binary search. */
int outfile_set_has(const outfile_set *s, const outfile_id *id);

void outfile_set_free(outfile_set *s);

/* Whether two ids are of one file. */
int outfile_same(const outfile_id *a, const outfile_id *b);

/* path's file by device and inode, when it is a regular file (what a
 * report or picture could overwrite): 0, else -1. */
int outfile_regular_id(const char *path, outfile_id *id);

/* Whether path names the regular file, pipe or terminal that the
 * standard output (1) or error (2) writes, or 0: a picture written there
 * by a second descriptor would be cut into by the text, or cut into it
 * (on a terminal, spill binary into it).  Other devices, /dev/null
 * first, take a picture as well as anything. */
int outfile_std_fd_of(const char *path);

/*
 * A file written whole or not at all (a --report file, a picture): a
 * regular file, or a name not there yet, is written under a new name
 * beside it (".NAME.astar-PID-N") that outfile_commit flushes to the disk
 * and renames over it, so that a failure, a stop or a crash leaves the
 * old file, or none, never a part of one.  A FIFO or a device is written
 * in place, and a file a standard stream already writes (/dev/stdout, or
 * the file the output goes to) through that stream: through a second
 * descriptor, each would write at its own offset over the other.
 */
typedef struct outfile_tx {
	FILE *f;                 /* where to write; stdout or stderr too */
	char dest[PATH_MAX];     /* the file replaced or created */
	char tmp[PATH_MAX + 48]; /* the new name, or "" when in place */
	int made;                /* in place: created by outfile_begin */
} outfile_tx;

/* Opens t->f for path: 0, or -1 with why in err (err left alone when a
 * stop signal cut short the open of a FIFO waiting for its reader). */
int outfile_begin(outfile_tx *t, const char *path, diag_err *err);

/* Puts what was written in its place (and closes t->f unless it is a
 * standard stream): 0, or -1 with why in err, the old file then left. */
int outfile_commit(outfile_tx *t, diag_err *err);

/* Drops what was written: the new name removed, a file created in place
 * removed, the old file left as it was. */
void outfile_abort(outfile_tx *t);

/* Whether two paths would write one file, by any names (links, "./",
 * names not there yet): each would overwrite the other.  Not so for a
 * file a standard stream writes: both go through that stream. */
int outfile_same_dest(const char *a, const char *b);

/* Whether a report is written through a standard stream (and so is not
 * to be closed). */
int outfile_is_std(const FILE *f);

/*
 * Whether the regular file at path (through a link, the file it names)
 * may be replaced by outfile_replace: it and its folder exist, and
 * neither is read-only (without a write permission bit for anyone, or
 * one this process cannot write: so that a file made read-only is kept
 * as it is also by root, who could write it).  0, or -1 with why in err
 * and in *about what it is about (path, or the folder's name: a static
 * buffer of the calling thread's).
 */
int outfile_replaceable(const char *path, diag_err *err, const char **about);

/* Writes the new contents of a file to f; 0, or -1 (errno says why). */
typedef int (*outfile_writer)(FILE *f, void *arg);

/*
 * Replaces the file at path (through a link, the file it names) with what
 * put(f, arg) writes, atomically: into a new file in the same folder
 * (".NAME.XXXXXX", with the old file's permission bits), flushed to the
 * disk (fsync), then renamed over it, the folder flushed too.  Whatever
 * happens, a failure, a signal, a crash, the file is the old one or the
 * new one whole, never a part of either; a failure removes the new one.
 * 0, or -1 with why in err.
 */
int outfile_replace(const char *path, outfile_writer put, void *arg,
                    diag_err *err);

#endif
