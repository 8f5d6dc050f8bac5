/*
 * tiled_data.c - a Tiled tile layer's data into gids: CSV, or base64
 * either raw or compressed with zlib, gzip or zstd.  Every decoder knows
 * how many cells the layer has, so that the count is checked and a
 * compressed layer is never inflated past what those cells can hold
 * (4 bytes a cell): a decompression bomb stops there, early.  It knows
 * nothing of the model (tiled_data.h): text in, gids out.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#ifndef ASTAR_NO_ZSTD
#include <zstd.h>
#endif

#include "base/diag.h"
#include "tiled_data.h"

static int b64_value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* base64 text (white space skipped, '=' padding at the end) into out,
 * malloc'd, of *outlen bytes. */
static int b64_decode(const char *s, size_t len, unsigned char **out,
                      size_t *outlen, long line, map_error *err)
{
	unsigned char *o = malloc(len / 4 * 3 + 3);
	size_t n = 0, pad = 0;
	unsigned long acc = 0;
	int bits = 0;

	if (o == NULL)
		return map_fail(err, line, 0, "out of memory");
	for (size_t i = 0; i < len; i++) {
		int c = (unsigned char)s[i], v;
		if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
			continue;
		if (c == '=') {
			pad++;
			continue;
		}
		if ((v = b64_value(c)) < 0 || pad > 0) {
			free(o);
			return map_fail(err, line, 0,
			                "layer data: bad base64 character '%c'",
			                c < 0x20 || c >= 0x7f ? '?' : c);
		}
		acc = (acc << 6 | (unsigned long)v) & 0xffffff;
		if ((bits += 6) >= 8) {
			bits -= 8;
			o[n++] = (unsigned char)(acc >> bits);
		}
	}
	*out = o;
	*outlen = n;
	return 0;
}

/* Bytes after the end of the compressed stream are no part of the
 * layer: refused, not dropped, as Tiled writes none. */
static int after_end(size_t n, size_t left, long line, map_error *err)
{
	if (left == 0)
		return 0;
	return map_fail(err, line, 0,
	                "layer data: the compressed data ends at byte %zu of "
	                "%zu, and more follows",
	                n - left, n);
}

/* zlib or gzip (inflate's automatic header detection) into out[0..limit);
 * more than limit bytes is a bomb, refused. */
static int inflate_into(const unsigned char *in, size_t n, unsigned char *out,
                        size_t limit, size_t *got, long line, map_error *err)
{
	z_stream z;
	unsigned char spare[64];
	int rc;

	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 15 + 32) != Z_OK)
		return map_fail(err, line, 0, "out of memory");
	z.next_in = (unsigned char *)in;
	z.avail_in = n > UINT32_MAX ? UINT32_MAX : (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)limit;
	rc = inflate(&z, Z_FINISH);
	*got = limit - z.avail_out;
	if (rc == Z_BUF_ERROR && z.avail_out == 0) {
		/* Full: more to come would make it a bomb. */
		z.next_out = spare;
		z.avail_out = sizeof spare;
		rc = inflate(&z, Z_FINISH);
		inflateEnd(&z);
		if (z.avail_out < sizeof spare)
			return map_fail(err, line, 0,
			                "layer data inflates past %zu bytes, "
			                "4 a cell: refused",
			                limit);
		if (rc == Z_STREAM_END)
			return after_end(n, z.avail_in, line, err);
		return map_fail(err, line, 0,
		                "layer data: bad compressed data (%s)",
		                z.msg ? z.msg : "truncated");
	}
	inflateEnd(&z);
	if (rc != Z_STREAM_END)
		return map_fail(err, line, 0,
		                "layer data: bad compressed data (%s)",
		                z.msg ? z.msg : "truncated");
	return after_end(n, z.avail_in, line, err);
}

static int zstd_into(const unsigned char *in, size_t n, unsigned char *out,
                     size_t limit, size_t *got, long line, map_error *err)
{
#ifdef ASTAR_NO_ZSTD
	(void)in, (void)n, (void)out, (void)limit, (void)got;
	return map_fail(err, line, 0,
	                "layer data is compressed with zstd, and this astar "
	                "was built without zstd");
#else
	ZSTD_DCtx *d = ZSTD_createDCtx();
	ZSTD_inBuffer ib = {in, n, 0};
	ZSTD_outBuffer ob = {out, limit, 0};
	size_t rc;

	if (d == NULL)
		return map_fail(err, line, 0, "out of memory");
	do {
		rc = ZSTD_decompressStream(d, &ob, &ib);
	} while (!ZSTD_isError(rc) && rc != 0 && ob.pos < ob.size &&
	         ib.pos < ib.size);
	if (!ZSTD_isError(rc) && rc != 0 && ob.pos == ob.size) {
		unsigned char spare[64];
		ZSTD_outBuffer sb = {spare, sizeof spare, 0};
		rc = ZSTD_decompressStream(d, &sb, &ib);
		if (!ZSTD_isError(rc) && sb.pos > 0) {
			ZSTD_freeDCtx(d);
			return map_fail(err, line, 0,
			                "layer data inflates past %zu bytes, "
			                "4 a cell: refused",
			                limit);
		}
	}
	ZSTD_freeDCtx(d);
	*got = ob.pos;
	if (ZSTD_isError(rc))
		return map_fail(err, line, 0,
		                "layer data: bad zstd data (%s)",
		                ZSTD_getErrorName(rc));
	if (rc != 0)
		return map_fail(err, line, 0,
		                "layer data: bad zstd data (truncated)");
	return after_end(n, ib.size - ib.pos, line, err);
#endif
}

/* Little-endian 32-bit gids from raw bytes; their count must be count. */
static int gids_from_bytes(const unsigned char *b, size_t n, size_t count,
                           uint32_t *gids, long line, map_error *err)
{
	if (n != count * 4)
		return map_fail(err, line, 0,
		                "layer data holds %zu bytes, %zu cells' worth; "
		                "the layer has %zu cells",
		                n, n / 4, count);
	for (size_t i = 0; i < count; i++)
		gids[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
		          (uint32_t)b[4 * i + 2] << 16 |
		          (uint32_t)b[4 * i + 3] << 24;
	return 0;
}

static int decode_csv(const char *s, size_t len, size_t count, uint32_t *gids,
                      long line, map_error *err)
{
	size_t i = 0, k = 0;

	for (;;) {
		unsigned long long v = 0;
		size_t start;
		while (i < len && strchr(" \t\r\n", s[i]) != NULL && s[i])
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && s[i] >= '0' && s[i] <= '9' && v <= UINT32_MAX)
			v = v * 10 + (unsigned)(s[i++] - '0');
		if (i == start || v > UINT32_MAX)
			return map_fail(err, line, 0,
			                "layer data: CSV value %zu is not a "
			                "tile number (0 to 4294967295)",
			                k + 1);
		if (k < count)
			gids[k] = (uint32_t)v;
		k++;
		while (i < len && strchr(" \t\r\n", s[i]) != NULL && s[i])
			i++;
		if (i < len && s[i] == ',')
			i++;
		else if (i < len)
			return map_fail(err, line, 0,
			                "layer data: CSV value %zu is not a "
			                "tile number (0 to 4294967295)",
			                k + 1);
	}
	if (k != count)
		return map_fail(err, line, 0,
		                "layer data holds %zu cells; the layer has %zu",
		                k, count);
	return 0;
}

int tiled_decode(const char *text, size_t len, const char *encoding,
                 const char *compression, size_t count, uint32_t *gids,
                 long line, map_error *err)
{
	unsigned char *raw = NULL, *out;
	size_t n = 0, got = 0, limit = count * 4;
	int rc;

	if (compression != NULL && compression[0] == '\0')
		compression = NULL;
	if (encoding != NULL && strcmp(encoding, "csv") == 0 &&
	    compression == NULL)
		return decode_csv(text, len, count, gids, line, err);
	char q[48];

	if (encoding == NULL || strcmp(encoding, "base64") != 0)
		return map_fail(err, line, 0,
		                "layer data: unknown encoding '%s' (Tiled "
		                "writes csv or base64)",
		                diag_quote(encoding ? encoding : "", q, sizeof q));
	if (compression != NULL && strcmp(compression, "zlib") != 0 &&
	    strcmp(compression, "gzip") != 0 && strcmp(compression, "zstd"))
		return map_fail(err, line, 0,
		                "layer data: unknown compression '%s' (zlib, "
		                "gzip or zstd)",
		                diag_quote(compression, q, sizeof q));
	if (limit > UINT32_MAX) /* zlib counts in 32 bits */
		return map_fail(err, line, 0,
		                "layer of %zu cells: too large to decompress",
		                count);
	if (b64_decode(text, len, &raw, &n, line, err) != 0)
		return -1;
	if (compression == NULL) {
		rc = gids_from_bytes(raw, n, count, gids, line, err);
		free(raw);
		return rc;
	}
	if ((out = malloc(limit ? limit : 1)) == NULL) {
		free(raw);
		return map_fail(err, line, 0, "out of memory");
	}
	if (strcmp(compression, "zstd") == 0)
		rc = zstd_into(raw, n, out, limit, &got, line, err);
	else
		rc = inflate_into(raw, n, out, limit, &got, line, err);
	free(raw);
	if (rc == 0)
		rc = gids_from_bytes(out, got, count, gids, line, err);
	free(out);
	return rc;
}
