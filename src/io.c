/*
 * io.c - reads input files whole; the readers then parse from memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io.h"

int io_slurp(const char *path, char **buf, size_t *len)
{
	FILE *f;
	char *b = NULL;
	size_t n = 0, cap = 0;
	int err = 0;
	struct stat st;

	if (strcmp(path, "-") == 0) {
		f = stdin;
	} else {
		if ((f = fopen(path, "rb")) == NULL)
			return -1;
		if (fstat(fileno(f), &st) == 0) {
			if (S_ISDIR(st.st_mode)) {
				fclose(f);
				errno = EISDIR;
				return -1;
			}
			if (S_ISREG(st.st_mode) && st.st_size > 0)
				cap = (size_t)st.st_size + 1;
		}
	}
	if (cap == 0)
		cap = 65536;
	for (;;) {
		if (b == NULL || n + 1 >= cap) {
			char *nb;
			if (b != NULL)
				cap *= 2;
			if ((nb = realloc(b, cap)) == NULL) {
				err = ENOMEM;
				break;
			}
			b = nb;
		}
		size_t got = fread(b + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0) {
			if (ferror(f))
				err = errno ? errno : EIO;
			break;
		}
	}
	if (f != stdin)
		fclose(f);
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
