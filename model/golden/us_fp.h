/* The arithmetic of the US, on fp32 bit patterns, in integer C only (no host float produces a result).
 *
 * Every op: IEEE binary32, round to nearest even; denormal inputs read as zero of the same sign (DAZ); a result
 * that is tiny after rounding becomes zero of the same sign (FTZ). That is x86 SSE with MXCSR.FTZ and .DAZ set,
 * so the host in that mode is an oracle for every basic op, bit for bit, NaN payloads included:
 * a NaN result is the first NaN operand made quiet (bit 22 set), or the default NaN 0xFFC00000 for an invalid
 * operation (inf - inf, 0 * inf). Two rules of the US are not SSE: MIN/MAX/CMP/CND return the chosen operand's
 * raw bits (CTM p.42), and DP3/DP4/D2A drop terms outside a 25-binade alignment window (CTM p.42). docs/fp.md is
 * the full statement. */
#ifndef US_FP_H
#define US_FP_H

#include <stdbool.h>
#include <stdint.h>

#define US_FP_ONE 0x3F800000u
#define US_FP_HALF 0x3F000000u
#define US_FP_CANON_NAN 0x7FFFFFFFu /* what OMOD makes of every NaN */

/* Basic ops (model/golden/us_fp.c). */
uint32_t us_fp_add(uint32_t a, uint32_t b);
/* zero_legacy: US_CONFIG.ZERO_TIMES_ANYTHING_EQUALS_ZERO; then a zero operand (after DAZ) gives a zero of sign
 * sign(a)^sign(b), even against inf or NaN. */
uint32_t us_fp_mul(uint32_t a, uint32_t b, bool zero_legacy);
uint32_t us_fp_mad(uint32_t a, uint32_t b, uint32_t c, bool zero_legacy);      /* add(mul(a,b),c), two roundings */
uint32_t us_fp_dp3(const uint32_t a[3], const uint32_t b[3], bool zero_legacy); /* (p0+p1)+p2, window */
uint32_t us_fp_dp4(const uint32_t a[4], const uint32_t b[4], bool zero_legacy); /* (p0+p1)+(p2+p3), window */
uint32_t us_fp_d2a(const uint32_t a[2], const uint32_t b[2], uint32_t c, bool zero_legacy); /* (p0+p1)+c, window */
uint32_t us_fp_min(uint32_t a, uint32_t b);          /* a < b ? a : b (NaN or equal zeros: b), compare DAZ */
uint32_t us_fp_max(uint32_t a, uint32_t b);          /* a > b ? a : b */
uint32_t us_fp_cmp(uint32_t a, uint32_t b, uint32_t c); /* c >= 0 ? a : b (NaN: b; -0 >= 0) */
uint32_t us_fp_cnd(uint32_t a, uint32_t b, uint32_t c); /* c > 0.5 ? a : b */
uint32_t us_fp_frc(uint32_t a);                      /* a - floor(a), never 1.0 (0x3F7FFFFF instead) */
/* OMOD 0..6 (x1 x2 x4 x8 /2 /4 /8): exact scaling (overflow to inf, tiny to signed zero), then NaN ->
 * 0x7FFFFFFF. OMOD 7 returns r untouched. */
uint32_t us_fp_omod(uint32_t r, unsigned omod);
uint32_t us_fp_clamp01(uint32_t r);                  /* [0,1]; NaN and every value <= 0 (also -0) -> +0 */
/* Compare with zero for predicates and the ALU result: op 0 ==, 1 <, 2 >=, 3 !=. +-0 and denormals are
 * zero; NaN is unordered: only != holds. */
bool us_fp_cmp0(uint32_t v, unsigned op);
/* Input modifier: 0 none, 1 negate, 2 abs, 3 -abs (sign-bit operations, NaN included). */
static inline uint32_t us_fp_modify(uint32_t v, unsigned mod)
{
    switch (mod & 3u) {
    case 1: return v ^ 0x80000000u;
    case 2: return v & 0x7FFFFFFFu;
    case 3: return v | 0x80000000u;
    default: return v;
    }
}

/* Lane forms (model/golden/us_fp_lanes.c): the op on n lanes of flat arrays, r[i] = op(a[i], b[i], ...), bit for
 * bit the scalar op's result; r may be one of the inputs. The ALU hands a quad's pixels times a unit's channels to
 * one call. The dot products take their terms channel by channel: term t of lane i at [t * n + i]. */
void us_fp_add_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n);
void us_fp_mul_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, bool zero_legacy);
void us_fp_mad_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n,
                     bool zero_legacy);
void us_fp_dp3_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, bool zero_legacy);
void us_fp_dp4_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, bool zero_legacy);
/* a and b: the first two channels' terms; c: the addend per lane. */
void us_fp_d2a_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n,
                     bool zero_legacy);
void us_fp_min_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n);
void us_fp_max_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n);
void us_fp_cmp_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n);
void us_fp_cnd_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n);
void us_fp_frc_lanes(uint32_t *r, const uint32_t *a, unsigned n);
/* us_fp_cmp0 of n <= 32 lanes as a mask: bit i for lane i. */
uint32_t us_fp_cmp0_lanes(const uint32_t *v, unsigned n, unsigned op);
/* In place: us_fp_omod, then us_fp_clamp01 if clamp. */
void us_fp_omod_clamp_lanes(uint32_t *r, unsigned n, unsigned omod, bool clamp);

/* Transcendentals (model/golden/us_fp_trans.c): one table-plus-interpolation algorithm shared with the RTL. */
uint32_t us_fp_rcp(uint32_t a);
uint32_t us_fp_rsq(uint32_t a);
uint32_t us_fp_ex2(uint32_t a);
uint32_t us_fp_ln2(uint32_t a);
uint32_t us_fp_sin(uint32_t a); /* sin(2 pi a) */
uint32_t us_fp_cos(uint32_t a); /* cos(2 pi a) */

#endif
