/* Deterministic random numbers for the tests (splitmix64): the same seed gives the same run everywhere. */
#ifndef TEST_RNG_H
#define TEST_RNG_H

#include <stdint.h>

static uint64_t rng_state;

static inline uint32_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

#endif
