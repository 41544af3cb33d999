/* fp32 ops that take no rounding, on four lanes as one value: OMOD and clamp (the lane forms, us_fp_lanes.c) and
 * the compare with zero (the ALU's predicate and ALU-result writes). The same rules as the scalar forms
 * (us_fp_core.h, docs/fp.md part A), written as lane masks and selects; SSE2 has signed lane compares only, so
 * every compare is of values below 2^31 or of the sign. Internal to the model's arithmetic and the ALU. */
#ifndef US_FP_X4_H
#define US_FP_X4_H

#include "golden/us_fp.h"
#include "golden/us_u32x4.h"

typedef int32_t i32x4 __attribute__((vector_size(16)));

/* m ? x : y, lane by lane, for m all ones or all zeros. */
static inline u32x4 u32x4_select(u32x4 m, u32x4 x, u32x4 y) { return (m & x) | (~m & y); }

/* r * 2^k for OMOD's k (-3..3), exact, as omod_scale (us_fp_core.h): overflow to a signed infinity, a result
 * below 2^-126 (or a zero or denormal r) to a signed zero, a NaN to the canonical NaN, an infinity kept. In range
 * the scaled magnitude is the magnitude plus k in the exponent field. */
static inline u32x4 us_fp_omod_scale_x4(u32x4 r, int32_t k)
{
    const i32x4 inf = {0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000};
    i32x4 mag = (i32x4)(r & u32x4_splat(0x7FFFFFFFu));
    i32x4 scaled = (mag >> 23) + (i32x4){k, k, k, k}; /* the exponent field after scaling */
    /* the two ways out of range, never both: to a signed infinity (an infinity or NaN r too, the NaN made
     * canonical below), to a signed zero (a zero or denormal r too) */
    u32x4 to_inf = (u32x4)(scaled > (i32x4){254, 254, 254, 254}) | (u32x4)(mag >= inf);
    u32x4 to_zero = (u32x4)(mag < (i32x4){0x00800000, 0x00800000, 0x00800000, 0x00800000}) |
                    (u32x4)(scaled < (i32x4){1, 1, 1, 1});
    u32x4 m = ((u32x4)mag + u32x4_splat((uint32_t)k << 23)) & ~(to_inf | to_zero);
    u32x4 v = (r & u32x4_splat(0x80000000u)) | m | (to_inf & (u32x4)inf);
    u32x4 nan = (u32x4)(mag > inf);
    return (v | nan) & ~(nan & u32x4_splat(0x80000000u)); /* a NaN: 0x7FFFFFFF */
}

/* Clamp to [0, 1] as fp_clamp01: a negative value (-0 too), a zero or denormal and a NaN give +0. As signed
 * integers the first two are exactly the values below 2^-126's pattern. */
static inline u32x4 us_fp_clamp01_x4(u32x4 r)
{
    i32x4 s = (i32x4)r;
    u32x4 to_zero = (u32x4)(s < (i32x4){0x00800000, 0x00800000, 0x00800000, 0x00800000}) |
                    (u32x4)(s > (i32x4){0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000});
    i32x4 one = (i32x4){US_FP_ONE, US_FP_ONE, US_FP_ONE, US_FP_ONE};
    u32x4 v = u32x4_select((u32x4)(s > one), (u32x4)one, r);
    return v & ~to_zero;
}

static inline u32x4 us_fp_is_nan_x4(u32x4 x)
{
    return (u32x4)((i32x4)(x & u32x4_splat(0x7FFFFFFFu)) > (i32x4){0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000});
}

static inline u32x4 us_fp_reads_as_zero_x4(u32x4 x)
{
    return (u32x4)((i32x4)(x & u32x4_splat(0x7F800000u)) == (i32x4){0, 0, 0, 0});
}

/* For non-NaN lanes after DAZ: integers in the same order as the values, -0 equal to +0 (order_key). */
static inline i32x4 us_fp_order_key_x4(u32x4 x)
{
    u32x4 zero = us_fp_reads_as_zero_x4(x);
    i32x4 mag = (i32x4)(x & ~zero & u32x4_splat(0x7FFFFFFFu)); /* DAZ: a denormal's magnitude is 0 */
    return (i32x4)u32x4_select((u32x4)((i32x4)x < (i32x4){0, 0, 0, 0}), (u32x4)-mag, (u32x4)mag);
}

/* MIN and MAX as fp_min and fp_max: compare after DAZ, return the chosen operand's own bits, b on a NaN or a tie. */
static inline u32x4 us_fp_min_x4(u32x4 a, u32x4 b)
{
    u32x4 pick_a = ~us_fp_is_nan_x4(a) & ~us_fp_is_nan_x4(b) & (u32x4)(us_fp_order_key_x4(a) < us_fp_order_key_x4(b));
    return u32x4_select(pick_a, a, b);
}

static inline u32x4 us_fp_max_x4(u32x4 a, u32x4 b)
{
    u32x4 pick_a = ~us_fp_is_nan_x4(a) & ~us_fp_is_nan_x4(b) & (u32x4)(us_fp_order_key_x4(a) > us_fp_order_key_x4(b));
    return u32x4_select(pick_a, a, b);
}

/* CMP as fp_cmp: c >= 0 after DAZ (a negative zero or denormal too, a NaN not) picks a. */
static inline u32x4 us_fp_cmp_x4(u32x4 a, u32x4 b, u32x4 c)
{
    u32x4 negative = (u32x4)((i32x4)c < (i32x4){0, 0, 0, 0});
    return u32x4_select(u32x4_select(negative, us_fp_reads_as_zero_x4(c), ~us_fp_is_nan_x4(c)), a, b);
}

/* CND as fp_cnd: 0.5 < c <= inf (bit patterns of positive values order like the values) picks a. */
static inline u32x4 us_fp_cnd_x4(u32x4 a, u32x4 b, u32x4 c)
{
    i32x4 s = (i32x4)c;
    u32x4 pick_a = (u32x4)(s > (i32x4){US_FP_HALF, US_FP_HALF, US_FP_HALF, US_FP_HALF}) &
                   ~(u32x4)(s > (i32x4){0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000});
    return u32x4_select(pick_a, a, b);
}

/* op 0 ==, 1 <, 2 >=, 3 != (the predicate and ALU-result ops). Signed lane compares only: SSE2 has no other. */
static inline u32x4 us_fp_cmp0_x4(u32x4 v, unsigned op)
{
    i32x4 mag = (i32x4)(v & u32x4_splat(0x7FFFFFFFu));
    u32x4 zero = (u32x4)(mag < (i32x4){0x00800000, 0x00800000, 0x00800000, 0x00800000});
    u32x4 nan = (u32x4)(mag > (i32x4){0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000});
    u32x4 negative = (u32x4)((i32x4)v < (i32x4){0, 0, 0, 0});
    switch (op & 3u) {
    case 0: return zero;
    case 1: return negative & ~zero & ~nan;
    case 2: return ~nan & (zero | ~negative);
    default: return ~zero;
    }
}

#endif
