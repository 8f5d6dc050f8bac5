/*
 * rng.h - the unit tests' one random number generator: splitmix64, small
 * and fully deterministic, so that a seed names the same case on every
 * machine.  The state is the caller's.
 */
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

static inline uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* A number in [0, n), n > 0. */
static inline unsigned rng_below(uint64_t *s, unsigned n)
{
	return (unsigned)(rng_next(s) % n);
}

/* The same as an int, n > 0. */
static inline int rng_int(uint64_t *s, int n)
{
	return (int)(rng_next(s) % (uint64_t)n);
}

#endif
