/*
 * outfile.c - the files a run writes besides its standard streams: see
 * outfile.h.  Files are told apart by device and inode, the only names
 * that links, "-" and /dev/stdout cannot disguise.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "outfile.h"
#include "stop.h"

/* Whether two stats are of one file, by whatever names. */
static int same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* The standard output's or error's descriptor (1 or 2) when it writes
 * the file *a describes, or 0.  One open for reading only is the stand-in
 * for a closed stream (io_keep_std_fds), which writes nothing. */
static int std_fd_writing(const struct stat *a)
{
	struct stat s;

	for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++) {
		int fl = fcntl(fd, F_GETFL);
		if (fl != -1 && (fl & O_ACCMODE) != O_RDONLY &&
		    fstat(fd, &s) == 0 && same_inode(&s, a))
			return fd;
	}
	return 0;
}

static int cmp_id(const void *pa, const void *pb)
{
	const outfile_id *a = pa, *c = pb;

	if (a->dev != c->dev)
		return a->dev < c->dev ? -1 : 1;
	return a->ino < c->ino ? -1 : a->ino > c->ino;
}

int outfile_same(const outfile_id *a, const outfile_id *b)
{
	return cmp_id(a, b) == 0;
}

int outfile_set_add(outfile_set *s, const char *path)
{
	struct stat st;

	if ((strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st)
	                            : stat(path, &st)) != 0 ||
	    !S_ISREG(st.st_mode))
		return 0;
	if (s->n == s->cap) {
		size_t nc = s->cap ? s->cap * 2 : 16;
		outfile_id *ni = realloc(s->ids, nc * sizeof *ni);
		if (ni == NULL)
			return -1;
		s->ids = ni;
		s->cap = nc;
	}
	s->ids[s->n].dev = st.st_dev;
	s->ids[s->n++].ino = st.st_ino;
	return 0;
}

void outfile_set_sort(outfile_set *s)
{
	if (s->n > 1)
		qsort(s->ids, s->n, sizeof *s->ids, cmp_id);
}

int outfile_set_has(const outfile_set *s, const outfile_id *id)
{
	return s->n > 0 &&
	       bsearch(id, s->ids, s->n, sizeof *id, cmp_id) != NULL;
}

void outfile_set_free(outfile_set *s)
{
	free(s->ids);
	s->ids = NULL;
	s->n = s->cap = 0;
}

int outfile_regular_id(const char *path, outfile_id *id)
{
	struct stat st;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	return 0;
}

int outfile_std_fd_of(const char *path)
{
	struct stat a;
	int fd;

	if (stat(path, &a) != 0)
		return 0;
	if (S_ISREG(a.st_mode) || S_ISFIFO(a.st_mode))
		return std_fd_writing(&a);
	if (S_ISCHR(a.st_mode) && (fd = std_fd_writing(&a)) != 0 && isatty(fd))
		return fd;
	return 0;
}

/* The folder of path (a path that exists, links resolved) into dir. */
static void folder_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

/* Whether st (of a file or folder at path) has no write permission bit,
 * or path is not writable by this process. */
static int read_only(const char *path, const struct stat *st)
{
	return (st->st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 ||
	       access(path, W_OK) != 0;
}

int outfile_replaceable(const char *path, diag_err *err, const char **about)
{
	static _Thread_local char dir[PATH_MAX];
	char real[PATH_MAX];
	struct stat st;

	*about = path;
	if (realpath(path, real) == NULL || stat(real, &st) != 0)
		return diag_fail(err, 0, 0, "%s", strerror(errno));
	if (!S_ISREG(st.st_mode))
		return diag_fail(err, 0, 0,
		                 "not a regular file; cannot be updated");
	if (read_only(real, &st))
		return diag_fail(err, 0, 0,
		                 "the file is read-only; not updating it");
	folder_of(real, dir, sizeof dir);
	if (stat(dir, &st) != 0)
		return diag_fail(err, 0, 0, "%s", strerror(errno));
	if (read_only(dir, &st)) {
		/* the folder as the user named it, when it has one */
		folder_of(path, dir, sizeof dir);
		*about = dir;
		return diag_fail(err, 0, 0,
		                 "the folder is read-only; cannot update %s "
		                 "in it",
		                 path);
	}
	return 0;
}

/* The file a rename at path would replace, or does create, into dest:
 * an existing regular file through its links, or a name not there yet
 * in its folder (a link to no file is not one: it is written through).
 * *mode gets the old file's permission bits, or 0 for a new file. */
static int dest_of(const char *path, char *dest, mode_t *mode)
{
	char dir[PATH_MAX], real[PATH_MAX];
	const char *base = strrchr(path, '/');
	struct stat st;

	if (lstat(path, &st) == 0) {
		if (realpath(path, dest) == NULL || stat(dest, &st) != 0 ||
		    !S_ISREG(st.st_mode))
			return -1;
		*mode = st.st_mode & 07777;
		return 0;
	}
	if (errno != ENOENT)
		return -1;
	folder_of(path, dir, sizeof dir);
	base = base ? base + 1 : path;
	if (*base == '\0' || realpath(dir, real) == NULL ||
	    (size_t)snprintf(dest, PATH_MAX, "%s/%s",
	                     strcmp(real, "/") ? real : "", base) >= PATH_MAX)
		return -1;
	*mode = 0;
	return 0;
}

int outfile_same_dest(const char *a, const char *b)
{
	char da[PATH_MAX], db[PATH_MAX];
	mode_t ma, mb;

	/* Through a standard stream, reports follow one another. */
	return !outfile_std_fd_of(a) && !outfile_std_fd_of(b) &&
	       dest_of(a, da, &ma) == 0 && dest_of(b, db, &mb) == 0 &&
	       strcmp(da, db) == 0;
}

/* Opens a new file beside t->dest (".NAME.astar-N"), with the old
 * file's permission bits, or those a new file gets (0666 less umask). */
static int open_temp(outfile_tx *t, mode_t mode)
{
	static atomic_uint seq;
	char dir[PATH_MAX];
	const char *base = strrchr(t->dest, '/') + 1;
	int fd = -1;

	folder_of(t->dest, dir, sizeof dir);
	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		if ((size_t)snprintf(
			    t->tmp, sizeof t->tmp, "%s/.%s.astar-%ld-%u", dir,
			    base, (long)getpid(),
			    atomic_fetch_add(&seq, 1)) >= sizeof t->tmp) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = open(t->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		          mode ? 0600 : 0666);
		if (fd < 0 && errno != EEXIST)
			return -1;
	}
	if (fd >= 0 && mode && fchmod(fd, mode) != 0) {
		int e = errno;
		close(fd);
		unlink(t->tmp);
		errno = e;
		return -1;
	}
	return fd;
}

/* A file written in place: a FIFO, a device, a link to no file yet. */
static int begin_in_place(outfile_tx *t, const char *path, diag_err *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

	t->made = fd >= 0;
	if (fd < 0 && errno == EEXIST)
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 && errno == EINTR && stop_requested())
		return -1; /* a FIFO waiting for its reader: the run ends */
	if (fd < 0 || (t->f = fdopen(fd, "w")) == NULL) {
		diag_fail(err, 0, 0, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	snprintf(t->dest, sizeof t->dest, "%s", path);
	return 0;
}

/* outfile_begin; through_std: whether a file a standard stream
 * writes is written through that stream. */
static int begin(outfile_tx *t, const char *path, int through_std,
                 diag_err *err)
{
	mode_t mode;
	int fd;

	memset(t, 0, sizeof *t);
	switch (through_std ? outfile_std_fd_of(path) : 0) {
	case STDOUT_FILENO:
		t->f = stdout;
		return 0;
	case STDERR_FILENO:
		t->f = stderr;
		return 0;
	}
	if (dest_of(path, t->dest, &mode) != 0)
		return begin_in_place(t, path, err);
	if ((fd = open_temp(t, mode)) < 0) {
		char dir[PATH_MAX];
		folder_of(t->dest, dir, sizeof dir);
		return diag_fail(err, 0, 0, "cannot create a file in %s: %s",
		                 dir, strerror(errno));
	}
	if ((t->f = fdopen(fd, "w")) == NULL) {
		int e = errno;
		close(fd);
		unlink(t->tmp);
		return diag_fail(err, 0, 0, "%s", strerror(e));
	}
	return 0;
}

int outfile_begin(outfile_tx *t, const char *path, diag_err *err)
{
	return begin(t, path, 1, err);
}

int outfile_is_std(const FILE *f)
{
	return f == stdout || f == stderr;
}

/* Flushes t's file to the disk and closes it; 0, or an errno. */
static int close_synced(outfile_tx *t)
{
	int e = 0;

	errno = 0;
	if (fflush(t->f) != 0 || ferror(t->f))
		e = errno ? errno : EIO;
	else if (t->tmp[0] && fsync(fileno(t->f)) != 0)
		e = errno;
	errno = 0;
	if (fclose(t->f) != 0 && e == 0)
		e = errno ? errno : EIO;
	t->f = NULL;
	return e;
}

int outfile_commit(outfile_tx *t, diag_err *err)
{
	char dir[PATH_MAX];
	int e, dfd;

	if (t->f == NULL || outfile_is_std(t->f)) {
		t->f = NULL;
		return 0;
	}
	e = close_synced(t);
	if (e == 0 && t->tmp[0] && rename(t->tmp, t->dest) != 0)
		e = errno;
	if (e != 0) {
		if (t->tmp[0])
			unlink(t->tmp);
		return diag_fail(err, 0, 0, "%s", strerror(e));
	}
	if (t->tmp[0]) {
		/* The rename itself on the disk (best effort: some file
		 * systems cannot sync a folder). */
		folder_of(t->dest, dir, sizeof dir);
		if ((dfd = open(dir, O_RDONLY | O_CLOEXEC)) >= 0) {
			(void)fsync(dfd);
			close(dfd);
		}
	}
	t->tmp[0] = '\0';
	return 0;
}

void outfile_abort(outfile_tx *t)
{
	if (t->f != NULL && !outfile_is_std(t->f))
		fclose(t->f);
	if (t->tmp[0])
		unlink(t->tmp);
	else if (t->f != NULL && t->made)
		unlink(t->dest);
	t->f = NULL;
	t->tmp[0] = '\0';
}

int outfile_replace(const char *path, outfile_writer put, void *arg,
                    diag_err *err)
{
	outfile_tx t;
	char real[PATH_MAX];

	if (realpath(path, real) == NULL)
		return diag_fail(err, 0, 0, "%s", strerror(errno));
	if (begin(&t, real, 0, err) != 0)
		return -1;
	errno = 0;
	if (put(t.f, arg) != 0) {
		int e = errno ? errno : EIO;
		outfile_abort(&t);
		return diag_fail(err, 0, 0, "%s", strerror(e));
	}
	return outfile_commit(&t, err);
}
