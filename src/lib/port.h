/*
 * port.h - what the library asks of the compiler beyond C11, private to
 * the library.
 *
 * Each is chosen at compile time: the GCC and Clang form where the
 * compiler has it, otherwise (or with -DASTAR_PORTABLE, which forces
 * every fallback of the library) a plain C11 one that gives the same
 * results, only more slowly.  The inlining hints matter for speed alone:
 * the search loops rely on them to keep their hot paths in one body.
 */
#ifndef ASTAR_PORT_H
#define ASTAR_PORT_H

#include <stdint.h>

#if defined(__GNUC__) && !defined(ASTAR_PORTABLE)
#define PORT_GNUC 1
#endif

/* Sanitizer builds (make check SANITIZE=...) test correctness, not
 * speed: there the hints are dropped, since the instrumented bodies of
 * the loops' forced instances took the compiler minutes a file. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PORT_SANITIZE 1
#endif

#if defined(PORT_GNUC) && !defined(PORT_SANITIZE)
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#define NOINLINE      __attribute__((noinline))
#define PREFETCH(p)   __builtin_prefetch(p)
#elif defined(PORT_GNUC)
#define ALWAYS_INLINE static inline
#define NOINLINE      __attribute__((noinline))
#define PREFETCH(p)   __builtin_prefetch(p)
#else
#define ALWAYS_INLINE static inline
#define NOINLINE
#define PREFETCH(p) ((void)(p))
#endif

/* The index of the lowest set bit of x, which must not be 0. */
static inline unsigned port_ctz64(uint64_t x)
{
#if defined(PORT_GNUC)
	return (unsigned)__builtin_ctzll(x);
#else
	/* De Bruijn: the lowest bit alone, times the sequence, indexes a
	 * table by its top six bits. */
	static const unsigned char pos[64] = {
		0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28,
		62, 5,  39, 46, 44, 42, 22, 9,  24, 35, 59, 56, 49, 18, 29, 11,
		63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
		51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};

	return pos[((x & (0 - x)) * UINT64_C(0x022FDD63CC95386D)) >> 58];
#endif
}

/* The number of zero bits above the highest set bit of x, which must not
 * be 0. */
static inline unsigned port_clz64(uint64_t x)
{
#if defined(PORT_GNUC)
	return (unsigned)__builtin_clzll(x);
#else
	unsigned n = 0;

	for (unsigned sh = 32; sh != 0; sh >>= 1)
		if ((x >> (64 - sh)) == 0) {
			x <<= sh;
			n += sh;
		}
	return n;
#endif
}

#endif
