/*
 * utf8.h - telling well-formed UTF-8 from other bytes, for the writers of
 * formats that hold only Unicode text (JSON, XML): the file names they
 * echo may hold any bytes.
 */
#ifndef ASTAR_UTF8_H
#define ASTAR_UTF8_H

#include <stddef.h>
#include <stdio.h>

/* U+FFFD, the replacement character, which those writers put in place of
 * each byte that does not start a well-formed sequence. */
#define UTF8_REPLACEMENT "\xef\xbf\xbd"

/*
 * The length (1 to 4) of the well-formed UTF-8 sequence (RFC 3629: no
 * overlong form, no surrogate, nothing past U+10FFFF) that starts at s, or
 * 0 when none does, a NUL included.  Reads no further than the first byte
 * that breaks the sequence, so never past the end of a string.
 */
size_t utf8_seq(const char *s);

/*
 * A copy of the string s (len bytes) with each byte that does not start a
 * well-formed sequence replaced by UTF8_REPLACEMENT, NUL-terminated, its
 * length in *out_len; the caller frees it.  NULL when out of memory.
 */
char *utf8_clean(const char *s, size_t len, size_t *out_len);

/*
 * Writes the n bytes at s (fewer at a NUL) to f: each well-formed
 * multi-byte sequence as it is, each byte that starts none as
 * UTF8_REPLACEMENT, and each ASCII byte c through put(f, c, arg), the
 * writer's own escaping.  Every text a report writes (XML, TAP, GitHub
 * commands, HTML, Markdown) walks its bytes here.
 */
void utf8_write(FILE *f, const char *s, size_t n,
                void (*put)(FILE *f, unsigned char c, const void *arg),
                const void *arg);

#endif
