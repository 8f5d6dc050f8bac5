/*
 * outfile.c - the files a run writes besides its standard streams: see
 * outfile.h.  Files are told apart by device and inode, the only names
 * that links, "-" and /dev/stdout cannot disguise.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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

/* The standard stream (stdout or stderr) that already writes the file
 * an open report names (/dev/stdout, say, or the file the output goes
 * to), or NULL.  The report is then written through that stream: through
 * a second descriptor, each would write at its own offset and overwrite
 * the other, or mix with it as their buffers fill. */
static FILE *std_stream_of(FILE *f)
{
	struct stat a;

	if (fstat(fileno(f), &a) != 0)
		return NULL;
	switch (std_fd_writing(&a)) {
	case STDOUT_FILENO:
		return stdout;
	case STDERR_FILENO:
		return stderr;
	default:
		return NULL;
	}
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

int outfile_stream_id(FILE *f, outfile_id *id)
{
	struct stat st;

	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode))
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

FILE *outfile_open(const char *path, int *made, diag_err *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
	FILE *f;

	*made = fd >= 0;
	if (fd < 0 && errno == EEXIST) /* a file, or a link to none yet */
		fd = open(path, O_WRONLY | O_CREAT, 0666);
	if (fd < 0 && errno == EINTR && stop_requested())
		return NULL; /* a FIFO waiting for its reader: the run ends */
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
		diag_fail(err, 0, 0, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	return f;
}

int outfile_one_file(FILE *tap, FILE *junit, diag_err *err)
{
	struct stat a, b;

	if (fstat(fileno(tap), &a) != 0 || fstat(fileno(junit), &b) != 0 ||
	    !S_ISREG(a.st_mode) || !same_inode(&a, &b))
		return 0;
	diag_fail(err, 0, 0,
	          "is named by both --report=tap and --report=junit; give "
	          "each its own file");
	return 1;
}

int outfile_is_std(const FILE *f)
{
	return f == stdout || f == stderr;
}

FILE *outfile_through_std(FILE *f)
{
	FILE *s = f != NULL && !outfile_is_std(f) ? std_stream_of(f) : NULL;

	if (s == NULL)
		return f;
	fclose(f);
	return s;
}

int outfile_empty(FILE *f, diag_err *err)
{
	struct stat st;

	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    ftruncate(fileno(f), 0) != 0) {
		return diag_fail(err, 0, 0, "%s", strerror(errno));
	}
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

int outfile_replace(const char *path, outfile_writer put, void *arg,
                    diag_err *err)
{
	char real[PATH_MAX], dir[PATH_MAX], tmp[PATH_MAX + 32];
	const char *base;
	struct stat st;
	FILE *f = NULL;
	int fd, e = 0, dfd;

	if (realpath(path, real) == NULL || stat(real, &st) != 0)
		return diag_fail(err, 0, 0, "%s", strerror(errno));
	folder_of(real, dir, sizeof dir);
	base = strrchr(real, '/');
	base = base ? base + 1 : real;
	if ((size_t)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base) >=
	    sizeof tmp)
		return diag_fail(err, 0, 0, "%s", strerror(ENAMETOOLONG));
	if ((fd = mkstemp(tmp)) < 0)
		return diag_fail(err, 0, 0, "cannot create a file in %s: %s",
		                 dir, strerror(errno));
	/* The old file's permissions (mkstemp gives 0600). */
	if (fchmod(fd, st.st_mode & 07777) != 0 ||
	    (f = fdopen(fd, "w")) == NULL) {
		e = errno;
		close(fd);
		goto fail;
	}
	errno = 0;
	if (put(f, arg) != 0 || fflush(f) != 0 || ferror(f)) {
		e = errno ? errno : EIO;
		fclose(f);
		goto fail;
	}
	if (fsync(fileno(f)) != 0) {
		e = errno;
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0) {
		e = errno;
		goto fail;
	}
	if (rename(tmp, real) != 0) {
		e = errno;
		goto fail;
	}
	/* The rename itself on the disk (best effort: some file systems
	 * cannot sync a folder). */
	if ((dfd = open(dir, O_RDONLY)) >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	return 0;
fail:
	unlink(tmp);
	return diag_fail(err, 0, 0, "%s", strerror(e ? e : EIO));
}
