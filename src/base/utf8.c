/*
 * utf8.c - well-formed UTF-8 (see utf8.h).
 */
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

size_t utf8_seq(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned lo = 0x80, hi = 0xbf;
	size_t n;

	if (p[0] < 0x80)
		return p[0] != 0;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3;
		lo = p[0] == 0xe0 ? 0xa0 : lo; /* no overlong form */
		hi = p[0] == 0xed ? 0x9f : hi; /* no surrogate */
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		lo = p[0] == 0xf0 ? 0x90 : lo; /* no overlong form */
		hi = p[0] == 0xf4 ? 0x8f : hi; /* nothing past U+10FFFF */
	} else {
		return 0;
	}
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t k = 2; k < n; k++)
		if (p[k] < 0x80 || p[k] > 0xbf)
			return 0;
	return n;
}

char *utf8_clean(const char *s, size_t len, size_t *out_len)
{
	char *u = malloc(3 * len + 1);
	size_t n = 0, k = 0;

	if (u == NULL)
		return NULL;
	while (n < len) {
		size_t m = utf8_seq(s + n);
		if (m > 0) {
			memcpy(u + k, s + n, m);
			k += m;
			n += m;
		} else {
			memcpy(u + k, UTF8_REPLACEMENT, 3);
			k += 3;
			n++;
		}
	}
	u[k] = '\0';
	*out_len = k;
	return u;
}

void utf8_write(FILE *f, const char *s, size_t n,
                void (*put)(FILE *f, unsigned char c, const void *arg),
                const void *arg)
{
	const char *end = s + n;

	for (; s < end && *s; s++) {
		size_t k = utf8_seq(s);
		if (k == 0 || k > (size_t)(end - s)) {
			fputs(UTF8_REPLACEMENT, f);
		} else if (k > 1) {
			fwrite(s, 1, k, f);
			s += k - 1;
		} else {
			put(f, (unsigned char)*s, arg);
		}
	}
}
