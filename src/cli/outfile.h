/*
 * outfile.h - the files a run writes besides its standard streams (the
 * --report files and the --image pictures): opening a report, and
 * knowing files by device and inode, so that no output overwrites an
 * input or another output, and none is written through a second
 * descriptor to a file a standard stream already writes.
 */
#ifndef ASTAR_OUTFILE_H
#define ASTAR_OUTFILE_H

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

/* The open file f's id, when it is a regular file: 0, else -1. */
int outfile_stream_id(FILE *f, outfile_id *id);

/* Whether path names the regular file, pipe or terminal that the
 * standard output (1) or error (2) writes, or 0: a picture written there
 * by a second descriptor would be cut into by the text, or cut into it
 * (on a terminal, spill binary into it).  Other devices, /dev/null
 * first, take a picture as well as anything. */
int outfile_std_fd_of(const char *path);

/* Opens a --report file for writing, before the batch runs, so that a
 * file that cannot be written stops it at once; *made tells whether it
 * was created here (to be removed if the run stops before it starts; one
 * created through a link to no file is not known as such, and stays).
 * It is not emptied yet (outfile_empty does that once both reports are
 * open), so that the other report's failure leaves it as it was.  On
 * failure it returns NULL with the error in err; an open cut short by a
 * stop signal (a FIFO waiting for its reader) returns NULL, err left
 * alone (there is nothing to say). */
FILE *outfile_open(const char *path, int *made, diag_err *err);

/* Returns 1, with why in err, when the two open reports are one regular
 * file, by any names: each would overwrite the other. */
int outfile_one_file(FILE *tap, FILE *junit, diag_err *err);

/* Whether a report is written through a standard stream (and so is not
 * to be closed). */
int outfile_is_std(const FILE *f);

/* The report f, or, when a standard stream (stdout or stderr) already
 * writes its file (/dev/stdout, say, or the file the output goes to),
 * that stream, f then closed: through a second descriptor, each would
 * write at its own offset and overwrite the other, or mix with it as
 * their buffers fill.  f may be NULL. */
FILE *outfile_through_std(FILE *f);

/* Empties an open report that is a regular file (a pipe or a device has
 * nothing to empty); returns -1 with the error in err on failure. */
int outfile_empty(FILE *f, diag_err *err);

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
