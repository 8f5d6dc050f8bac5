/*
 * io.h - reading a whole input file into memory.
 */
#ifndef ASTAR_IO_H
#define ASTAR_IO_H

#include <stddef.h>

/* The name standard input goes by in messages and output. */
#define STDIN_NAME "<stdin>"

/*
 * Reads all of path ("-" for standard input) into a NUL-terminated buffer
 * the caller frees.  Returns 0, or -1 with errno set (EISDIR for a
 * directory, ENOMEM, or the error of open/read).
 */
int io_slurp(const char *path, char **buf, size_t *len);

#endif
