/* The basic fp32 ops of the US as inline kernels, in integer C only, shared by the scalar API (us_fp.c) and its
 * form over flat arrays of lanes (us_fp_lanes.c), so both compute through the very same code. Internal to the
 * model's arithmetic: callers use us_fp.h.
 * The arithmetic is x86 SSE with MXCSR.FTZ and .DAZ set; docs/fp.md part A states it rule by rule.
 * add and mul have a fast path for two normal operands; zeros, denormals, infinities and NaNs take a slow path. */
#ifndef US_FP_CORE_H
#define US_FP_CORE_H

#include "golden/us_fp.h"

#define SIGN_BIT 0x80000000u
#define ABS_MASK 0x7FFFFFFFu
#define EXP_MASK 0x7F800000u
#define FRAC_MASK 0x007FFFFFu
#define HIDDEN_BIT 0x00800000u
#define QUIET_BIT 0x00400000u
#define INF_BITS 0x7F800000u
#define DEFAULT_NAN 0xFFC00000u /* the SSE "real indefinite": invalid operation without a NaN operand */

static inline uint32_t exp_field(uint32_t x) { return (x >> 23) & 0xFFu; }
static inline bool is_nan(uint32_t x) { return (x & ABS_MASK) > INF_BITS; }
static inline bool is_inf(uint32_t x) { return (x & ABS_MASK) == INF_BITS; }
/* Zero after DAZ: a zero or a denormal. */
static inline bool reads_as_zero(uint32_t x) { return (x & EXP_MASK) == 0; }
/* DAZ: a denormal reads as a zero of the same sign. */
static inline uint32_t daz(uint32_t x) { return reads_as_zero(x) ? x & SIGN_BIT : x; }

/* Both operands normal (exponent field 1..254): the fast path. One branch for both. */
static inline bool both_normal(uint32_t a, uint32_t b)
{
    return (((a & EXP_MASK) - HIDDEN_BIT) < 0x7F000000u) & (((b & EXP_MASK) - HIDDEN_BIT) < 0x7F000000u);
}

/* Round to nearest even and pack. sig holds the exact result with its leading one at bit 62, so the 39 bits
 * below the result's last place are all there (no sticky bit is needed): the value is sig * 2^(exp - 127 - 62).
 * Rounding is at unbounded exponent; then a result whose exponent, after the rounding carry, is above 254 is
 * inf, and one below 1 (tiny AFTER rounding, i.e. below 2^-126) is FTZ'd to a zero of the same sign. */
#define ROUND_SHIFT 39
static inline uint32_t round_and_pack(uint32_t sign, int32_t exp, uint64_t sig)
{
    sig += (1ull << (ROUND_SHIFT - 1)) - 1u + ((sig >> ROUND_SHIFT) & 1u); /* ties to even */
    uint32_t q = (uint32_t)(sig >> ROUND_SHIFT);                            /* [2^23, 2^24] */
    /* The hidden bit of q adds one to the exponent field, and a rounding carry (q == 2^24) one more. */
    uint32_t packed = ((uint32_t)(exp - 1) << 23) + q;
    if ((packed - HIDDEN_BIT) >= 0x7F000000u) /* the exponent field ended outside 1..254 */
        return exp > 127 ? sign | INF_BITS : sign; /* overflow needs exp >= 254, underflow exp <= 0 */
    return sign | packed;
}

/* Significand with its hidden bit. */
static inline uint32_t significand(uint32_t x) { return (x & FRAC_MASK) | HIDDEN_BIT; }

/* Any operand a NaN, infinity, zero or denormal. */
__attribute__((noinline, unused)) static uint32_t add_special(uint32_t a, uint32_t b)
{
    if (is_nan(a))
        return a | QUIET_BIT;
    if (is_nan(b))
        return b | QUIET_BIT;
    a = daz(a);
    b = daz(b);
    if (is_inf(a))
        return is_inf(b) && ((a ^ b) & SIGN_BIT) ? DEFAULT_NAN : a;
    if (is_inf(b))
        return b;
    if ((a & ABS_MASK) == 0)
        return (b & ABS_MASK) == 0 ? (a & b) : b; /* -0 + -0 = -0, any other pair of zeros +0 */
    return a;                                     /* b is the zero */
}

static inline uint32_t fp_add(uint32_t a, uint32_t b)
{
    /* The operand of larger magnitude first (a if equal). A mask, not a branch: the order is random data. */
    uint32_t mag_a = a & ABS_MASK, mag_b = b & ABS_MASK;
    uint32_t swap = 0u - (uint32_t)(mag_b > mag_a);
    uint32_t big = mag_a ^ ((mag_a ^ mag_b) & swap), small = mag_a ^ mag_b ^ big; /* magnitudes */
    /* Both normal: the smaller one is no zero or denormal, the larger one no infinity or NaN. */
    if (small < HIDDEN_BIT || big >= INF_BITS) {
        if (small < HIDDEN_BIT && big - HIDDEN_BIT < INF_BITS - HIDDEN_BIT)
            return swap ? b : a; /* a normal number plus a zero after DAZ (add_special's last case), inline */
        return add_special(a, b);
    }
    uint32_t sign = (a ^ ((a ^ b) & swap)) & SIGN_BIT;
    /* Significands with the leading one at bit 61 (one bit of room for a carry). Aligning keeps every bit for
     * shifts up to 38, so the sum is exact. A larger shift means |small| < 2^-15 ulp(big): big +- small then
     * rounds to big, and so does big +- (the part of small that is kept), so nothing needs to be sticky. */
    uint32_t shift = (big >> 23) - (small >> 23);
    shift = shift < 63u ? shift : 63u;
    uint64_t aligned = ((uint64_t)significand(small) << 38) >> shift;
    uint64_t subtract = 0u - (uint64_t)((a ^ b) >> 31); /* all ones when the signs differ */
    uint64_t sum = ((uint64_t)significand(big) << 38) + ((aligned ^ subtract) - subtract);
    if (sum == 0)
        return 0; /* exact cancellation gives +0 when rounding to nearest */
    uint32_t lead = (uint32_t)__builtin_clzll(sum); /* 1 after a carry, 2 usually, more after cancellation */
    int32_t exp = (int32_t)(big >> 23) + 2 - (int32_t)lead;
    return round_and_pack(sign, exp, sum << (lead - 1));
}

/* Any operand a NaN, infinity, zero or denormal. */
__attribute__((noinline, unused)) static uint32_t mul_special(uint32_t a, uint32_t b, bool zero_legacy)
{
    uint32_t sign = (a ^ b) & SIGN_BIT;
    bool has_zero = reads_as_zero(a) || reads_as_zero(b);
    if (zero_legacy && has_zero)
        return sign; /* US_CONFIG zero-times-anything: beats inf and NaN */
    if (is_nan(a))
        return a | QUIET_BIT;
    if (is_nan(b))
        return b | QUIET_BIT;
    if (is_inf(a) || is_inf(b))
        return has_zero ? DEFAULT_NAN : sign | INF_BITS;
    return sign; /* zero times finite */
}

static inline uint32_t fp_mul(uint32_t a, uint32_t b, bool zero_legacy)
{
    if (!both_normal(a, b)) {
        uint32_t mag_a = a & ABS_MASK, mag_b = b & ABS_MASK;
        uint32_t big = mag_a > mag_b ? mag_a : mag_b, small = mag_a ^ mag_b ^ big;
        if (small < HIDDEN_BIT && big < INF_BITS)
            return (a ^ b) & SIGN_BIT; /* a zero after DAZ times a finite number: a signed zero, inline */
        return mul_special(a, b, zero_legacy);
    }
    uint64_t prod = (uint64_t)significand(a) * significand(b); /* exact, [2^46, 2^48) */
    uint32_t high = (uint32_t)(prod >> 47);                    /* product of the significands >= 2 */
    int32_t exp = (int32_t)(exp_field(a) + exp_field(b)) - 127 + (int32_t)high;
    return round_and_pack((a ^ b) & SIGN_BIT, exp, prod << (16u - high)); /* leading one to bit 62 */
}

static inline uint32_t fp_mad(uint32_t a, uint32_t b, uint32_t c, bool zero_legacy)
{
    return fp_add(fp_mul(a, b, zero_legacy), c);
}

/* The alignment window of the dot products (docs/fp.md A.2, CTM p.42: when the two largest terms cancel exactly
 * and the next is 2^25 or more smaller, the result is +0). A term whose exponent field is 25 or more below the
 * largest one of the terms (zeros and denormals count as 0) reads as +0: it is below 2^-24 of the largest term.
 * With an infinity or NaN among the terms nothing drops: no result is exact cancellation then, and a finite term
 * can still decide an overflow (max + 2^103 = inf, and inf - inf is a NaN). */
#define WINDOW 25u
static inline void alignment_window(uint32_t *t, unsigned n)
{
    uint32_t emax = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t e = exp_field(t[i]);
        emax = e > emax ? e : emax;
    }
    if (emax == 255u || emax < WINDOW)
        return;
    for (unsigned i = 0; i < n; i++)
        if (emax - exp_field(t[i]) >= WINDOW)
            t[i] = 0u;
}

static inline uint32_t fp_dp3(const uint32_t a[3], const uint32_t b[3], bool zero_legacy)
{
    uint32_t p[3] = { fp_mul(a[0], b[0], zero_legacy), fp_mul(a[1], b[1], zero_legacy),
                      fp_mul(a[2], b[2], zero_legacy) };
    alignment_window(p, 3);
    return fp_add(fp_add(p[0], p[1]), p[2]);
}

static inline uint32_t fp_dp4(const uint32_t a[4], const uint32_t b[4], bool zero_legacy)
{
    uint32_t p[4] = { fp_mul(a[0], b[0], zero_legacy), fp_mul(a[1], b[1], zero_legacy),
                      fp_mul(a[2], b[2], zero_legacy), fp_mul(a[3], b[3], zero_legacy) };
    alignment_window(p, 4);
    return fp_add(fp_add(p[0], p[1]), fp_add(p[2], p[3]));
}

/* The addend c is a term of the window like the products (CTM p.28: D2A = A.r B.r + A.g B.g + C.b). */
static inline uint32_t fp_d2a(const uint32_t a[2], const uint32_t b[2], uint32_t c, bool zero_legacy)
{
    uint32_t t[3] = { fp_mul(a[0], b[0], zero_legacy), fp_mul(a[1], b[1], zero_legacy), c };
    alignment_window(t, 3);
    return fp_add(fp_add(t[0], t[1]), t[2]);
}

/* For a non-NaN operand after DAZ: an integer in the same order as the value, with -0 equal to +0. */
static inline int32_t order_key(uint32_t x)
{
    return (x & SIGN_BIT) ? -(int32_t)(x & ABS_MASK) : (int32_t)x;
}

/* The selects compare the operands after DAZ but return the chosen one's own bits: with OMOD 7 the result is a
 * bit-exact copy of an operand, denormals and NaN payloads included (CTM p.29, p.42). */
static inline uint32_t fp_min(uint32_t a, uint32_t b)
{
    uint32_t x = daz(a), y = daz(b);
    return !is_nan(x) && !is_nan(y) && order_key(x) < order_key(y) ? a : b;
}

static inline uint32_t fp_max(uint32_t a, uint32_t b)
{
    uint32_t x = daz(a), y = daz(b);
    return !is_nan(x) && !is_nan(y) && order_key(x) > order_key(y) ? a : b;
}

/* c >= 0 with DAZ: false for NaN, true for -0 and negative denormals. */
static inline bool at_least_zero(uint32_t c)
{
    return (c & SIGN_BIT) ? reads_as_zero(c) : !is_nan(c);
}

/* Only c decides (CTM p.42 read as: a NaN c gives b); a NaN a or b is returned if chosen. */
static inline uint32_t fp_cmp(uint32_t a, uint32_t b, uint32_t c) { return at_least_zero(c) ? a : b; }

/* c > 0.5: for a positive non-NaN c the bit pattern orders like the value; negative c fails the upper bound. */
static inline uint32_t fp_cnd(uint32_t a, uint32_t b, uint32_t c)
{
    return c > US_FP_HALF && c <= INF_BITS ? a : b;
}

/* floor(a) of a non-NaN operand after DAZ, exact. NaN and infinities are returned as they are. */
static inline uint32_t fp_floor(uint32_t a)
{
    uint32_t e = exp_field(a);
    if (e >= 150 || (a & ABS_MASK) == 0)
        return a; /* already an integer (or inf, NaN, signed zero) */
    if (e < 127)
        return (a & SIGN_BIT) ? 0xBF800000u : 0u; /* |a| < 1: -1 or +0 */
    uint32_t frac_bits = FRAC_MASK >> (e - 127);
    if ((a & frac_bits) == 0)
        return a;
    uint32_t truncated = a & ~frac_bits;
    /* negative: one more unit in the magnitude; a carry into the exponent field is right (-1.5 -> -2) */
    return (a & SIGN_BIT) ? truncated + frac_bits + 1u : truncated;
}

static inline uint32_t fp_frc(uint32_t a)
{
    a = daz(a);
    uint32_t r = fp_add(a, fp_floor(a) ^ SIGN_BIT);
    return r == US_FP_ONE ? 0x3F7FFFFFu : r; /* tiny negative a: 1 - |a| rounds to 1 */
}

/* OMOD 0..6 as its power of two. */
static inline int32_t omod_log2(unsigned omod)
{
    static const int8_t scale_log2[7] = { 0, 1, 2, 3, -1, -2, -3 };
    return scale_log2[omod];
}

/* r * 2^k for OMOD's k (-3..3), exact: selects, not branches, so the lane forms run straight through. */
static inline uint32_t omod_scale(uint32_t r, int32_t k)
{
    uint32_t e = exp_field(r), sign = r & SIGN_BIT;
    int32_t scaled = (int32_t)e + k;
    uint32_t v = (r & ~EXP_MASK) | ((uint32_t)scaled << 23);
    v = scaled >= 255 ? sign | INF_BITS : v;
    /* DAZ, or FTZ: scaling is exact, so the result is tiny exactly when below 2^-126 */
    v = ((e == 0) | (scaled <= 0)) ? sign : v;
    uint32_t special = is_nan(r) ? US_FP_CANON_NAN : r;
    return e == 255 ? special : v;
}

static inline uint32_t fp_omod(uint32_t r, unsigned omod)
{
    omod &= 7u;
    return omod == 7u ? r : omod_scale(r, omod_log2(omod));
}

/* Selects, not branches: the lane forms clamp many values of random sign. */
static inline uint32_t fp_clamp01(uint32_t r)
{
    unsigned to_zero = (unsigned)((r & SIGN_BIT) != 0) | (unsigned)reads_as_zero(r) | (unsigned)is_nan(r);
    uint32_t v = r > US_FP_ONE ? US_FP_ONE : r;
    return to_zero ? 0u : v;
}

static inline bool fp_cmp0(uint32_t v, unsigned op)
{
    bool zero = reads_as_zero(v), nan = is_nan(v), negative = (v & SIGN_BIT) != 0;
    switch (op & 3u) {
    case 0: return zero;
    case 1: return negative && !zero && !nan;
    case 2: return !nan && (zero || !negative);
    default: return !zero; /* NaN != 0 */
    }
}

#endif
