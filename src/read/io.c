/*
 * io.c - reads input files whole; the readers then parse from memory.
 * Standard input is read once a run (io_stdin) and shared by every "-".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"

/* Opens a named file for io_slurp, refusing a folder or a regular file
 * over the limit before any byte is read; *cap becomes the buffer size
 * that holds the whole file.  With st set, only a regular file is
 * opened: the open does not wait (a FIFO's would, for a writer), and
 * anything else is refused with IO_NOT_REGULAR, *st telling what it is.
 * Returns -1 with errno set, or IO_NOT_REGULAR. */
static int open_file(const char *path, size_t limit, int *fd, size_t *cap,
                     struct stat *st)
{
	struct stat own;
	int err = 0, rc = -1, flags = O_RDONLY;

	if (st == NULL)
		st = &own;
	else
		flags |= O_NONBLOCK | O_NOCTTY;
	if ((*fd = open(path, flags)) < 0)
		return -1;
	if (fstat(*fd, st) != 0)
		err = errno;
	else if (st != &own && !S_ISREG(st->st_mode))
		rc = IO_NOT_REGULAR;
	else if (S_ISDIR(st->st_mode))
		err = EISDIR;
	else if (S_ISREG(st->st_mode) &&
	         (unsigned long long)st->st_size > limit)
		err = EFBIG;
	if (err != 0 || rc == IO_NOT_REGULAR) {
		close(*fd);
		errno = err;
		return rc;
	}
	/* The bytes, the NUL, and room for the read that finds the
	 * end: a file read whole is not grown. */
	if (S_ISREG(st->st_mode) && st->st_size > 0)
		*cap = (size_t)st->st_size + 2;
	return 0;
}

/* Reads fd to its end into *buf (grown from cap, never past limit + 2),
 * *len bytes so far; returns 0 or the errno that stopped it. */
static int read_all(int fd, size_t limit, size_t cap, char **buf, size_t *len)
{
	char *b = NULL;
	size_t n = 0;
	int err = 0;

	for (;;) {
		ssize_t got;
		if (n > limit) {
			err = EFBIG;
			break;
		}
		if (b == NULL || n + 1 >= cap) {
			char *nb;
			if (b != NULL)
				cap = cap > (limit + 2) / 2 ? limit + 2
				                            : cap * 2;
			if ((nb = realloc(b, cap)) == NULL) {
				err = ENOMEM;
				break;
			}
			b = nb;
		}
		/* An error (EINTR too: a stop signal) ends the read even
		 * after some bytes came. */
		if ((got = read(fd, b + n, cap - n - 1)) < 0) {
			err = errno;
			break;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	*buf = b;
	*len = n;
	return err;
}

/* io_slurp and io_slurp_regular: st set for the latter. */
static int slurp(const char *path, size_t limit, char **buf, size_t *len,
                 struct stat *st)
{
	char *b = NULL;
	size_t n = 0, cap = 65536;
	int fd = STDIN_FILENO, err, rc;
	int named = st != NULL || strcmp(path, "-") != 0;

	if (named && (rc = open_file(path, limit, &fd, &cap, st)) != 0)
		return rc;
	/* Room for limit + 1 bytes, the one that tells the input is too
	 * large, and the NUL: an endless stream stops there. */
	if (cap > limit + 2)
		cap = limit + 2;
	err = read_all(fd, limit, cap, &b, &n);
	if (named)
		close(fd);
	if (err != 0) {
		free(b);
		errno = err;
		return -1;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int io_slurp(const char *path, size_t limit, char **buf, size_t *len)
{
	return slurp(path, limit, buf, len, NULL);
}

int io_slurp_regular(const char *path, size_t limit, char **buf, size_t *len,
                     struct stat *st)
{
	return slurp(path, limit, buf, len, st);
}

void io_stdin_init(io_stdin *in)
{
	memset(in, 0, sizeof *in);
	pthread_mutex_init(&in->lock, NULL);
}

void io_stdin_free(io_stdin *in)
{
	free(in->buf);
	pthread_mutex_destroy(&in->lock);
}

int io_read(io_stdin *in, const char *path, size_t limit, char **buf,
            size_t *len)
{
	char *b;
	int rc = 0;

	if (strcmp(path, "-") != 0)
		return io_slurp(path, limit, buf, len);
	pthread_mutex_lock(&in->lock);
	if (in->state == 0) {
		if (io_slurp(path, limit, &in->buf, &in->len) == 0) {
			in->state = 1;
		} else {
			in->state = -1;
			in->err = errno;
		}
	}
	if (in->state < 0) {
		errno = in->err;
		rc = -1;
	} else if ((b = malloc(in->len + 1)) == NULL) {
		errno = ENOMEM;
		rc = -1;
	} else {
		memcpy(b, in->buf, in->len + 1);
		*buf = b;
		*len = in->len;
	}
	pthread_mutex_unlock(&in->lock);
	return rc;
}

int io_keep_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		int got;
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		/* The lowest free number: fd itself, those below are open. */
		got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (got < 0)
			return -1;
		if (got != fd) { /* not expected; let nothing leak */
			close(got);
			errno = EBADF;
			return -1;
		}
	}
	return 0;
}

const char *io_kind(const struct stat *st)
{
	if (S_ISFIFO(st->st_mode))
		return "a FIFO";
	if (S_ISDIR(st->st_mode))
		return "a folder";
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		return "a device";
	if (S_ISSOCK(st->st_mode))
		return "a socket";
	return S_ISREG(st->st_mode) ? "a regular file" : "not a regular file";
}
