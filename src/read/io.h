/*
 * io.h - reading a whole input file into memory.
 */
#ifndef ASTAR_IO_H
#define ASTAR_IO_H

#include <pthread.h>
#include <stddef.h>
#include <sys/stat.h>

/*
 * Reads all of path ("-" for standard input) into a NUL-terminated buffer
 * the caller frees.  Returns 0, or -1 with errno set: EFBIG for an input
 * of more than limit bytes (limit < SIZE_MAX - 1; at most limit + 1 bytes
 * are read, so an endless stream ends there), EISDIR for a directory,
 * ENOMEM, or the error of open/read.
 */
int io_slurp(const char *path, size_t limit, char **buf, size_t *len);

/*
 * io_slurp for a file that another names (a tileset, a template, an
 * external level): it must be a regular file, "-" included (a file named
 * so).  A FIFO or a device would make the read wait or never end, and
 * the file naming it is no place to ask for that, so it is refused at
 * once, without waiting in open: IO_NOT_REGULAR, with *st saying what
 * it is.  Otherwise as io_slurp, and *st is the file's (its device and
 * inode tell it from the files being read).
 */
#define IO_NOT_REGULAR 1
int io_slurp_regular(const char *path, size_t limit, char **buf, size_t *len,
                     struct stat *st);

/* What a file that is not regular is, for a message: "a FIFO", "a
 * folder", "a device"... */
const char *io_kind(const struct stat *st);

/*
 * Standard input for a run whose threads may each ask for it: it is read
 * once, by whichever asks first, and every "-" of the run names those
 * same bytes, so what an input reads does not depend on the order in
 * which the threads come to it.
 */
typedef struct io_stdin {
	pthread_mutex_t lock;
	int state; /* 0 not read yet, 1 read (buf, len), -1 failed (err) */
	int err;
	char *buf;
	size_t len;
} io_stdin;

void io_stdin_init(io_stdin *in);
void io_stdin_free(io_stdin *in);

/* io_slurp, with "-" served from in: the caller gets a copy of standard
 * input's bytes to free.  Safe to call from several threads at once. */
int io_read(io_stdin *in, const char *path, size_t limit, char **buf,
            size_t *len);

/*
 * Makes sure descriptors 0, 1 and 2 are open, to be called before any
 * file is: a closed one is opened on /dev/null the wrong way round (0 for
 * writing, 1 and 2 for reading), so that reading standard input or
 * writing the output still fails (EBADF) as the caller meant, but no
 * file the run opens (a map, a report, a picture) takes its number and
 * gets the results.  Returns 0, or -1 with errno set when one cannot be
 * opened (the run then goes on as it would have).
 */
int io_keep_std_fds(void);

#endif
