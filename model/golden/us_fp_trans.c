/* The transcendentals RCP, RSQ, EX2, LN2, SIN, COS on fp32 bit patterns, in integer C only: exact argument
 * reduction to a fixed-point kernel argument, one piecewise-quadratic table lookup
 * (model/golden/generated/us_fp_tables.h), then one normalise-and-round step. docs/fp.md part B states every width and rounding step for the RTL. */
#include "golden/us_fp.h"
#include "golden/generated/us_fp_tables.h"

#define SIGN_BIT 0x80000000u
#define FRAC_MASK 0x007FFFFFu
#define HIDDEN_BIT 0x00800000u
#define QUIET_BIT 0x00400000u
#define POS_INF 0x7F800000u
#define NEG_INF 0xFF800000u
#define DEFAULT_NAN 0xFFC00000u
#define EXP_BIAS 127

static uint32_t exp_field(uint32_t a) { return (a >> 23) & 0xFFu; }
static bool is_nan(uint32_t a) { return exp_field(a) == 0xFFu && (a & FRAC_MASK) != 0; }
static uint32_t quiet(uint32_t a) { return a | QUIET_BIT; }

/* floor(v / 2^s) without relying on how >> treats negative numbers. */
static int64_t floor_shift(int64_t v, uint32_t s)
{
    return v >= 0 ? v >> s : ~(~v >> s);
}

/* The shared interpolator: table t at the fixed-point argument x (index bits above dx_bits). */
static uint64_t interp(const us_fp_table_t *t, uint32_t x)
{
    uint32_t i = x >> t->dx_bits;
    uint32_t dx = x & ((1u << t->dx_bits) - 1u);
    uint32_t dq = dx >> (t->dx_bits - t->dq_bits);
    uint64_t sq = ((uint64_t)dq * dq) >> (2u * t->dq_bits - t->sq_bits);
    int64_t acc = (int64_t)t->c0[i] + floor_shift((int64_t)t->c1[i] * dx, t->c1_shift) +
                  floor_shift((int64_t)t->c2[i] * (int64_t)sq, t->c2_shift);
    return (uint64_t)acc; /* in [2^29, 2^30] for every argument the reductions make (docs/fp.md part B) */
}

/* sign | mag * 2^scale rounded to 24 significant bits, half away from zero; below 2^-126 after rounding
 * gives a zero, 2^128 and above infinity. mag < 2^62. */
static uint32_t pack(uint32_t sign, uint64_t mag, int scale)
{
    if (mag == 0)
        return sign;
    int top = 63 - __builtin_clzll(mag);
    if (top > 23) {
        int sh = top - 23;
        mag = ((mag >> (sh - 1)) + 1u) >> 1;
        scale += sh;
        if (mag >> 24) { /* rounding carried into a new bit */
            mag >>= 1;
            scale += 1;
        }
    } else {
        mag <<= 23 - top;
        scale -= 23 - top;
    }
    int exp = scale + 23;
    if (exp < -126)
        return sign;
    if (exp > 127)
        return sign | POS_INF;
    return sign | ((uint32_t)(exp + EXP_BIAS) << 23) | ((uint32_t)mag & FRAC_MASK);
}

uint32_t us_fp_rcp(uint32_t a)
{
    uint32_t sign = a & SIGN_BIT, e = exp_field(a);
    if (is_nan(a))
        return quiet(a);
    if (e == 0) /* zero or denormal (DAZ) */
        return sign | POS_INF;
    if (e == 0xFFu)
        return sign;
    /* 1/(1.f * 2^(e-127)) = (1/1.f) * 2^(127-e); the table indexes by the fraction bits 22:16. */
    uint64_t r = interp(&us_fp_rcp_table, a & FRAC_MASK);
    return pack(sign, r, EXP_BIAS - (int)e - (int)us_fp_rcp_table.frac_bits);
}

uint32_t us_fp_rsq(uint32_t a)
{
    uint32_t sign = a & SIGN_BIT, e = exp_field(a);
    if (is_nan(a))
        return quiet(a);
    if (e == 0)
        return sign | POS_INF;
    if (sign)
        return DEFAULT_NAN;
    if (e == 0xFFu)
        return 0;
    /* x = 1.f * 2^k. Even k: 1/sqrt(1.f) * 2^(-k/2); odd k: 1/sqrt(2 * 1.f) * 2^(-(k-1)/2). The odd half of
     * the table is the upper 128 entries. */
    int k = (int)e - EXP_BIAS;
    uint32_t odd = (uint32_t)k & 1u;
    uint64_t r = interp(&us_fp_rsq_table, (odd << 23) | (a & FRAC_MASK));
    int half = (k - (int)odd) / 2; /* floor(k/2), exact division of an even number */
    return pack(0, r, -half - (int)us_fp_rsq_table.frac_bits);
}

/* |a| * 2^32 as a fixed-point number, exact for 2^-9 <= |a| < 2^7 (the low bits of smaller |a| drop). */
static uint64_t fixed32(uint32_t e, uint32_t a)
{
    uint64_t sig = (a & FRAC_MASK) | HIDDEN_BIT; /* |a| = sig * 2^(e-150) */
    if (e >= 118)
        return sig << (e - 118);
    return 118 - e < 64 ? sig >> (118 - e) : 0;
}

uint32_t us_fp_ex2(uint32_t a)
{
    uint32_t sign = a & SIGN_BIT, e = exp_field(a);
    if (is_nan(a))
        return quiet(a);
    if (e == 0)
        return US_FP_ONE;
    if (e >= 134) /* |a| >= 128, infinities too: overflow or underflow whatever the fraction */
        return sign ? 0 : POS_INF;
    /* a = n + f exactly: n = floor(a), f in [0,1) with 32 fraction bits; 2^a = 2^f * 2^n. */
    int64_t fixed = (int64_t)fixed32(e, a); /* < 2^39 */
    if (sign)
        fixed = -fixed;
    int n = (int)floor_shift(fixed, 32);
    uint32_t f = (uint32_t)((uint64_t)fixed & 0xFFFFFFFFu);
    /* The table takes f bits 31:2: index bits 31:26, offset bits 25:2. */
    uint64_t r = interp(&us_fp_ex2_table, f >> 2);
    return pack(0, r, n - (int)us_fp_ex2_table.frac_bits);
}

uint32_t us_fp_ln2(uint32_t a)
{
    uint32_t sign = a & SIGN_BIT, e = exp_field(a), frac = a & FRAC_MASK;
    if (is_nan(a))
        return quiet(a);
    if (e == 0)
        return NEG_INF;
    if (sign)
        return DEFAULT_NAN;
    if (e == 0xFFu)
        return POS_INF;
    /* a = (1+d) * 2^k with d in [-1/4, 1/2) exact in 24 fraction bits: a significand of 1.5 or more is halved.
     * log2(a) = k + d * L(d), L(d) = log2(1+d)/d from the table, so the result stays relatively accurate
     * near a = 1, where k = 0. */
    int k = (int)e - EXP_BIAS;
    int32_t d24;
    if (frac < 0x400000u) {
        d24 = (int32_t)(frac << 1);
    } else {
        d24 = (int32_t)frac - 0x800000;
        k += 1;
    }
    uint32_t p = us_fp_ln2_table.frac_bits;
    /* The table's argument is (d + 1/4) * 2^24: index bits 23:17, offset bits 16:0. */
    uint64_t ratio = interp(&us_fp_ln2_table, (uint32_t)(d24 + 0x400000));
    int64_t sum = (int64_t)k * ((int64_t)1 << (24 + p)) + (int64_t)d24 * (int64_t)ratio;
    uint32_t rsign = sum < 0 ? SIGN_BIT : 0;
    uint64_t mag = sum < 0 ? (uint64_t)0 - (uint64_t)sum : (uint64_t)sum;
    return pack(rsign, mag, -24 - (int)p);
}

/* sin(2 pi a) and cos(2 pi a): T = frac(|a|) in turns, 32 fraction bits (exact for |a| >= 2^-9; |a| >= 2^23
 * is an integer, T = 0); cos adds a quarter turn. Octant o = T bits 31:29, w = bits 28:0. Within a half turn,
 * octants 0 and 3 use the sine kernel S(z) = z * G(z), G = sin(2 pi z)/z, octants 1 and 2 the cosine kernel
 * cos(2 pi z), with z = w (o even) or 1/8 - w (o odd), z in [0, 1/8] with 32 fraction bits. */
static uint32_t sin_cos(uint32_t a, bool is_cos)
{
    uint32_t sign = a & SIGN_BIT, e = exp_field(a);
    if (is_nan(a))
        return quiet(a);
    if (e == 0xFFu)
        return DEFAULT_NAN;
    if (e == 0)
        return is_cos ? US_FP_ONE : sign;
    uint32_t turns = e >= 150 ? 0 : (uint32_t)(fixed32(e, a) & 0xFFFFFFFFu);
    if (is_cos)
        turns += 1u << 30;
    uint32_t octant = turns >> 29;
    uint32_t w = turns & 0x1FFFFFFFu;
    uint32_t z = (octant & 1u) ? 0x20000000u - w : w;
    uint64_t mag;
    int scale;
    if (((octant + 1u) >> 1) & 1u) { /* octants 1, 2, 5, 6 */
        mag = interp(&us_fp_cos_table, z);
        scale = -(int)us_fp_cos_table.frac_bits;
    } else {
        uint64_t ratio = interp(&us_fp_sin_table, z);
        scale = -(int)us_fp_sin_table.frac_bits;
        if (!is_cos && e < 124) { /* |a| < 1/8: z = |a|, taken at full precision */
            mag = (uint64_t)((a & FRAC_MASK) | HIDDEN_BIT) * ratio;
            scale += (int)e - 150;
        } else { /* |a| >= 1/8: T and so z are multiples of 2^-26 */
            mag = (uint64_t)(z >> 6) * ratio;
            scale -= 26;
        }
    }
    /* Zeros take the sign of a for sin and are +0 for cos (as sinPi and cosPi in IEEE 754). */
    uint32_t rsign = mag == 0 ? (is_cos ? 0 : sign) : (octant >= 4 ? SIGN_BIT : 0) ^ (is_cos ? 0 : sign);
    return pack(rsign, mag, scale);
}

uint32_t us_fp_sin(uint32_t a) { return sin_cos(a, false); }
uint32_t us_fp_cos(uint32_t a) { return sin_cos(a, true); }
