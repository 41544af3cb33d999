/* Seeded random inputs for any program: the --program mode of usim and uscosim. */
#ifndef US_RANDOM_H
#define US_RANDOM_H

#include "gen/us_vec.h"

/* Deterministic generator (splitmix64). */
typedef struct us_rng {
    uint64_t state;
} us_rng_t;

uint32_t us_rng_next(us_rng_t *r);
/* A float bit pattern: mostly moderate values, some integers, special values and raw bits. */
uint32_t us_rng_float(us_rng_t *r);

/* Builds a vector around prog: the program load, US_CODE_* for exactly it, US_CONFIG = 2, random constants,
 * bool and int constants (int 0 = 0xFF as Mesa writes it; the others short loops), random temporaries, covered
 * mask and four 4x4 textures, all from seed. */
void us_random_vector(us_vector_t *v, const us_program_t *prog, uint64_t seed);

#endif
