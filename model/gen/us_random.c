#include "gen/us_random.h"

#include <stdio.h>

uint32_t us_rng_next(us_rng_t *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

uint32_t us_rng_float(us_rng_t *r)
{
    static const uint32_t special[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x3F000000u,
                                       0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x00000001u, 0x80400000u,
                                       0x7F7FFFFFu, 0x00800000u, 0x40000000u, 0x3F7FFFFFu, 0x80800000u,
                                       0x00800001u};
    uint32_t k = us_rng_next(r) % 100u, b = us_rng_next(r);
    if (k < 70) /* |x| in [2^-3, 2^3) with either sign */
        return (b & 0x80000000u) | ((124u + b % 6u) << 23) | (us_rng_next(r) & 0x7FFFFFu);
    if (k < 80) { /* small integers -8..8: exact arithmetic, ties, exact zeros */
        int n = (int)(b % 17u) - 8;
        if (n == 0)
            return 0;
        uint32_t m = (uint32_t)(n < 0 ? -n : n), e = 31u - (uint32_t)__builtin_clz(m);
        return (n < 0 ? 0x80000000u : 0u) | ((127u + e) << 23) | ((m << (23u - e)) & 0x7FFFFFu);
    }
    if (k < 90)
        return special[b % (sizeof special / sizeof special[0])];
    return us_rng_next(r);
}

void us_random_vector(us_vector_t *v, const us_program_t *prog, uint64_t seed)
{
    us_rng_t r = {seed * 0x2545F4914F6CDD1Dull + 1u};
    us_vec_init(v);
    snprintf(v->name, sizeof v->name, "random_seed_%llu", (unsigned long long)seed);
    us_vec_add_write(v, US_CONFIG_ADDR, 1u << US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_LO);
    us_vec_add_write(v, US_FC_CTRL_ADDR, US_FC_CTRL_FULL_FC_EN_MASK);
    us_vec_add_write(v, US_CODE_OFFSET_ADDR, 0);
    uint32_t last = prog->count ? prog->count - 1u : 0u;
    us_vec_add_write(v, US_CODE_ADDR_ADDR, last << US_CODE_ADDR_END_ADDR_LO);
    us_vec_add_write(v, US_CODE_RANGE_ADDR, last << US_CODE_RANGE_CODE_SIZE_LO);
    us_vec_add_write(v, US_FC_BOOL_CONST_ADDR, us_rng_next(&r));
    us_vec_add_write(v, US_FC_INT_CONST_ADDR, 0xFFu);
    for (unsigned i = 1; i < 32; i++) {
        uint32_t kr = us_rng_next(&r) % 9u, kg = us_rng_next(&r) % 16u, kb = (us_rng_next(&r) % 5u - 2u) & 0xFFu;
        us_vec_add_write(v, US_FC_INT_CONST_ADDR + 4u * i, kr | kg << 8 | kb << 16);
    }
    us_vec_add_program(v, prog, 0);
    us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, GA_US_VECTOR_INDEX_TYPE_MASK);
    for (unsigned c = 0; c < US_NCONST; c++)
        for (unsigned ch = 0; ch < 4; ch++)
            us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, us_rng_float(&r));
    v->covered = us_rng_next(&r) % 4u ? 0xFu : (uint8_t)(1u + us_rng_next(&r) % 15u);
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++)
            for (unsigned ch = 0; ch < 4; ch++)
                v->temp[p][a][ch] = us_rng_float(&r);
    for (unsigned id = 0; id < 4; id++) {
        v->tex[id].width = v->tex[id].height = 4;
        for (unsigned t = 0; t < 16; t++)
            for (unsigned ch = 0; ch < 4; ch++)
                v->tex[id].texel[t][ch] = us_rng_float(&r);
    }
}
