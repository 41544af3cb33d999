/* The basic ops of model/golden/us_fp.c against the host FPU in SSE FTZ/DAZ mode, bit for bit, NaN payloads included.
 *
 * For every op: directed edge cases with the values docs/fp.md part A states (checked against the host AND the
 * model), every tuple of special values (all pairs/triples; for the dot products every pair of operand
 * positions), and random operand sets from a mix of styles that make cancellation, rounding ties, overflow and
 * underflow frequent. The host computes with float in separate volatile steps, so nothing is folded or fused.
 *
 * usage: test_fp_host [cases-per-op [seed]]   the check (default 1000000 cases per op, seed 1)
 *        test_fp_host --exhaustive            the one-operand ops over all 2^32 inputs (use an unsanitised build)
 *        test_fp_host --bench                 ns per op of the model (use an unsanitised -O2 build)
 * Exit 0 when everything matches, 1 on any mismatch, 2 on bad usage. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF /* GCC does not know the pragma; with -std=c11 it does not contract anyway */
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xmmintrin.h>

#include "test_rng.h"
#include "golden/us_fp.h"

#define SIGN 0x80000000u
#define FRAC 0x007FFFFFu
#define MAX_OPERANDS 9
#define SHOW_MISMATCHES 5

/* ---- The host oracle: float arithmetic under MXCSR FTZ|DAZ, one volatile step at a time. ---- */

static float to_float(uint32_t x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

static uint32_t to_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    return x;
}

static uint32_t host_add(uint32_t a, uint32_t b)
{
    volatile float x = to_float(a), y = to_float(b);
    volatile float r = x + y;
    return to_bits(r);
}

static uint32_t host_sub(uint32_t a, uint32_t b)
{
    volatile float x = to_float(a), y = to_float(b);
    volatile float r = x - y;
    return to_bits(r);
}

static uint32_t host_mul(uint32_t a, uint32_t b)
{
    volatile float x = to_float(a), y = to_float(b);
    volatile float r = x * y;
    return to_bits(r);
}

/* minss/maxss: first < second ? first : second (and >), so NaN or equal operands give the second one. */
static uint32_t host_minss(uint32_t a, uint32_t b)
{
    volatile float x = to_float(a), y = to_float(b);
    return to_bits(_mm_cvtss_f32(_mm_min_ss(_mm_set_ss(x), _mm_set_ss(y))));
}

static uint32_t host_maxss(uint32_t a, uint32_t b)
{
    volatile float x = to_float(a), y = to_float(b);
    return to_bits(_mm_cvtss_f32(_mm_max_ss(_mm_set_ss(x), _mm_set_ss(y))));
}

/* minss(x, x) returns the second operand, as the host reads it: DAZ'd, a NaN untouched. */
static uint32_t host_daz(uint32_t a) { return host_minss(a, a); }

static bool host_is_zero(uint32_t a)
{
    volatile float x = to_float(a);
    return x == 0.0f;
}

static bool host_is_nan(uint32_t a)
{
    volatile float x = to_float(a);
    return x != x;
}

/* Legacy product: a zero operand (after DAZ) gives a zero of sign a^b, whatever the other one is. */
static uint32_t host_product(uint32_t a, uint32_t b, bool zero_legacy)
{
    if (zero_legacy && (host_is_zero(a) || host_is_zero(b)))
        return (a ^ b) & SIGN;
    return host_mul(a, b);
}

static uint32_t host_frc(uint32_t a)
{
    /* DAZ first: libm's floorf need not honour MXCSR.DAZ, and the op reads a denormal as zero */
    uint32_t x = host_daz(a);
    volatile float fx = to_float(x);
    uint32_t r = host_sub(x, to_bits(floorf(fx)));
    return r == US_FP_ONE ? 0x3F7FFFFFu : r;
}

static uint32_t host_omod(uint32_t a, unsigned omod)
{
    static const uint32_t scale[7] = { 0x3F800000u, 0x40000000u, 0x40800000u, 0x41000000u,
                                       0x3F000000u, 0x3E800000u, 0x3E000000u };
    if (omod == 7)
        return a;
    uint32_t r = host_mul(a, scale[omod]);
    return host_is_nan(r) ? US_FP_CANON_NAN : r;
}

/* max(x, +0) = x > 0 ? x : +0 (NaN and -0 give +0), then min(., 1) = . < 1 ? . : 1. */
static uint32_t host_clamp01(uint32_t a) { return host_minss(host_maxss(a, 0u), US_FP_ONE); }

static bool host_cmp0(uint32_t a, unsigned op)
{
    volatile float x = to_float(a);
    switch (op) {
    case 0: return x == 0.0f;
    case 1: return x < 0.0f;
    case 2: return x >= 0.0f;
    default: return x != 0.0f;
    }
}

/* The selects return the chosen operand's raw bits (CTM p.42); only the choice reads the operands, through host
 * compares, which MXCSR.DAZ makes read a denormal as zero. */
static uint32_t host_select(uint32_t a, uint32_t b, bool take_a) { return take_a ? a : b; }

/* a < b as the host compares (false with a NaN): MIN takes a exactly then, MAX when b < a. */
static bool host_lt(uint32_t a, uint32_t b)
{
    volatile float x = to_float(a), y = to_float(b);
    return x < y;
}

static bool host_ge0(uint32_t c)
{
    volatile float x = to_float(c);
    return x >= 0.0f;
}

static bool host_gt_half(uint32_t c)
{
    volatile float x = to_float(c);
    return x > 0.5f;
}

/* The alignment window of the dot products (docs/fp.md A.2, CTM p.42), from host values only: a term's binade is
 * ilogbf + 127 (a zero, or a denormal, which compares equal to 0 under DAZ, counts as 0). Terms 25 or more
 * binades below the largest read as +0; with an infinity or NaN term (isinf/isnan) nothing drops. */
static int host_binade(uint32_t t)
{
    volatile float x = to_float(t);
    return x == 0.0f ? 0 : ilogbf(x) + 127;
}

static void host_window(uint32_t *t, unsigned n)
{
    int top = 0;
    for (unsigned i = 0; i < n; i++) {
        volatile float x = to_float(t[i]);
        if (isinf(x) || isnan(x))
            return;
        top = host_binade(t[i]) > top ? host_binade(t[i]) : top;
    }
    for (unsigned i = 0; i < n; i++)
        if (top - host_binade(t[i]) >= 25)
            t[i] = 0u;
}

/* ---- The ops under test: model and host side by side, operands in v[]. Products come first, as pairs. ---- */

typedef uint32_t (*op_fn)(const uint32_t *v);

typedef struct {
    const char *name;
    unsigned products; /* v[2i] * v[2i+1] for i < products */
    unsigned plain;    /* then this many more operands */
    op_fn model, host;
} op_desc;

static uint32_t m_add(const uint32_t *v) { return us_fp_add(v[0], v[1]); }
static uint32_t h_add(const uint32_t *v) { return host_add(v[0], v[1]); }
static uint32_t m_mul_legacy(const uint32_t *v) { return us_fp_mul(v[0], v[1], true); }
static uint32_t h_mul_legacy(const uint32_t *v) { return host_product(v[0], v[1], true); }
static uint32_t m_mul_ieee(const uint32_t *v) { return us_fp_mul(v[0], v[1], false); }
static uint32_t h_mul_ieee(const uint32_t *v) { return host_product(v[0], v[1], false); }

#define DOT_OPS(LEGACY, SUFFIX)                                                                                   \
    static uint32_t m_mad_##SUFFIX(const uint32_t *v) { return us_fp_mad(v[0], v[1], v[2], LEGACY); }             \
    static uint32_t h_mad_##SUFFIX(const uint32_t *v) { return host_add(host_product(v[0], v[1], LEGACY), v[2]); } \
    static uint32_t m_mad_lane_##SUFFIX(const uint32_t *v)                                                        \
    {                                                                                                             \
        uint32_t r;                                                                                               \
        us_fp_mad_lanes(&r, &v[0], &v[1], &v[2], 1, LEGACY);                                                      \
        return r;                                                                                                 \
    }                                                                                                             \
    static uint32_t m_dp3_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        const uint32_t a[3] = { v[0], v[2], v[4] }, b[3] = { v[1], v[3], v[5] };                                  \
        return us_fp_dp3(a, b, LEGACY);                                                                           \
    }                                                                                                             \
    static uint32_t h_dp3_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        uint32_t p[3] = { host_product(v[0], v[1], LEGACY), host_product(v[2], v[3], LEGACY),                     \
                          host_product(v[4], v[5], LEGACY) };                                                     \
        host_window(p, 3);                                                                                        \
        return host_add(host_add(p[0], p[1]), p[2]);                                                              \
    }                                                                                                             \
    static uint32_t m_dp4_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        const uint32_t a[4] = { v[0], v[2], v[4], v[6] }, b[4] = { v[1], v[3], v[5], v[7] };                     \
        return us_fp_dp4(a, b, LEGACY);                                                                           \
    }                                                                                                             \
    static uint32_t h_dp4_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        uint32_t p[4] = { host_product(v[0], v[1], LEGACY), host_product(v[2], v[3], LEGACY),                     \
                          host_product(v[4], v[5], LEGACY), host_product(v[6], v[7], LEGACY) };                   \
        host_window(p, 4);                                                                                        \
        return host_add(host_add(p[0], p[1]), host_add(p[2], p[3]));                                              \
    }                                                                                                             \
    static uint32_t m_d2a_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        const uint32_t a[2] = { v[0], v[2] }, b[2] = { v[1], v[3] };                                              \
        return us_fp_d2a(a, b, v[4], LEGACY);                                                                     \
    }                                                                                                             \
    static uint32_t h_d2a_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        uint32_t t[3] = { host_product(v[0], v[1], LEGACY), host_product(v[2], v[3], LEGACY), v[4] };             \
        host_window(t, 3);                                                                                        \
        return host_add(host_add(t[0], t[1]), t[2]);                                                              \
    }

DOT_OPS(true, legacy)
DOT_OPS(false, ieee)

static uint32_t m_min(const uint32_t *v) { return us_fp_min(v[0], v[1]); }
static uint32_t h_min(const uint32_t *v) { return host_select(v[0], v[1], host_lt(v[0], v[1])); }
static uint32_t m_max(const uint32_t *v) { return us_fp_max(v[0], v[1]); }
static uint32_t h_max(const uint32_t *v) { return host_select(v[0], v[1], host_lt(v[1], v[0])); }
static uint32_t m_cmp(const uint32_t *v) { return us_fp_cmp(v[0], v[1], v[2]); }
static uint32_t h_cmp(const uint32_t *v) { return host_select(v[0], v[1], host_ge0(v[2])); }
static uint32_t m_cnd(const uint32_t *v) { return us_fp_cnd(v[0], v[1], v[2]); }
static uint32_t h_cnd(const uint32_t *v) { return host_select(v[0], v[1], host_gt_half(v[2])); }
static uint32_t m_frc(const uint32_t *v) { return us_fp_frc(v[0]); }
static uint32_t h_frc(const uint32_t *v) { return host_frc(v[0]); }
static uint32_t m_clamp01(const uint32_t *v) { return us_fp_clamp01(v[0]); }
static uint32_t h_clamp01(const uint32_t *v) { return host_clamp01(v[0]); }

/* Five lanes of the same value through the lane form of OMOD (and the clamp): four take the four-lane path
 * (us_fp_x4.h), the fifth the one-by-one tail. Any lane that differs from the first poisons the result. */
static uint32_t omod_lanes(uint32_t v, unsigned k, bool clamp)
{
    uint32_t r[5] = {v, v, v, v, v};
    us_fp_omod_clamp_lanes(r, 5, k, clamp);
    for (unsigned i = 1; i < 5; i++)
        if (r[i] != r[0])
            return ~r[0];
    return r[0];
}

/* Each OMOD also in its lane form, alone and with the clamp after it (the lane form's one pass). */
#define OMOD_OP(K)                                                                                \
    static uint32_t m_omod##K(const uint32_t *v) { return us_fp_omod(v[0], K); }               \
    static uint32_t h_omod##K(const uint32_t *v) { return host_omod(v[0], K); }                \
    static uint32_t m_omod_lane##K(const uint32_t *v) { return omod_lanes(v[0], K, false); }   \
    static uint32_t m_omod_clamp_lane##K(const uint32_t *v) { return omod_lanes(v[0], K, true); } \
    static uint32_t h_omod_clamp##K(const uint32_t *v) { return host_clamp01(host_omod(v[0], K)); }
OMOD_OP(0)
OMOD_OP(1)
OMOD_OP(2)
OMOD_OP(3)
OMOD_OP(4)
OMOD_OP(5)
OMOD_OP(6)
OMOD_OP(7)

/* The compare with zero, scalar and in its lane form on five lanes of the value (four on the four-lane path, one
 * on the tail): a lane that disagrees with the scalar form gives 2, which no compare returns. */
static uint32_t cmp0_both(uint32_t v, unsigned op)
{
    const uint32_t lanes[5] = {v, v, v, v, v};
    uint32_t want = us_fp_cmp0(v, op);
    return us_fp_cmp0_lanes(lanes, 5, op) == (want ? 0x1Fu : 0u) ? want : 2u;
}

#define CMP0_OP(K)                                                                   \
    static uint32_t m_cmp0_##K(const uint32_t *v) { return cmp0_both(v[0], K); } \
    static uint32_t h_cmp0_##K(const uint32_t *v) { return host_cmp0(v[0], K); }
CMP0_OP(0)
CMP0_OP(1)
CMP0_OP(2)
CMP0_OP(3)

enum {
    OP_ADD, OP_MUL_LEGACY, OP_MUL_IEEE, OP_MAD_LEGACY, OP_MAD_IEEE, OP_MAD_LANE_LEGACY, OP_MAD_LANE_IEEE,
    OP_DP3_LEGACY, OP_DP3_IEEE, OP_DP4_LEGACY, OP_DP4_IEEE, OP_D2A_LEGACY, OP_D2A_IEEE, OP_MIN, OP_MAX, OP_CMP,
    OP_CND, OP_FRC, OP_OMOD0, OP_OMOD1, OP_OMOD2, OP_OMOD3, OP_OMOD4, OP_OMOD5, OP_OMOD6, OP_OMOD7,
    OP_OMOD_LANE0, OP_OMOD_CLAMP_LANE0 = OP_OMOD_LANE0 + 8, OP_CLAMP01 = OP_OMOD_CLAMP_LANE0 + 8,
    OP_CMP0_EQ, OP_CMP0_LT, OP_CMP0_GE, OP_CMP0_NE, OP_COUNT
};

static const op_desc ops[OP_COUNT] = {
    [OP_ADD] = { "add", 0, 2, m_add, h_add },
    [OP_MUL_LEGACY] = { "mul legacy", 1, 0, m_mul_legacy, h_mul_legacy },
    [OP_MUL_IEEE] = { "mul ieee", 1, 0, m_mul_ieee, h_mul_ieee },
    [OP_MAD_LEGACY] = { "mad legacy", 1, 1, m_mad_legacy, h_mad_legacy },
    [OP_MAD_IEEE] = { "mad ieee", 1, 1, m_mad_ieee, h_mad_ieee },
    [OP_MAD_LANE_LEGACY] = { "mad lane leg", 1, 1, m_mad_lane_legacy, h_mad_legacy },
    [OP_MAD_LANE_IEEE] = { "mad lane ieee", 1, 1, m_mad_lane_ieee, h_mad_ieee },
    [OP_DP3_LEGACY] = { "dp3 legacy", 3, 0, m_dp3_legacy, h_dp3_legacy },
    [OP_DP3_IEEE] = { "dp3 ieee", 3, 0, m_dp3_ieee, h_dp3_ieee },
    [OP_DP4_LEGACY] = { "dp4 legacy", 4, 0, m_dp4_legacy, h_dp4_legacy },
    [OP_DP4_IEEE] = { "dp4 ieee", 4, 0, m_dp4_ieee, h_dp4_ieee },
    [OP_D2A_LEGACY] = { "d2a legacy", 2, 1, m_d2a_legacy, h_d2a_legacy },
    [OP_D2A_IEEE] = { "d2a ieee", 2, 1, m_d2a_ieee, h_d2a_ieee },
    [OP_MIN] = { "min", 0, 2, m_min, h_min },
    [OP_MAX] = { "max", 0, 2, m_max, h_max },
    [OP_CMP] = { "cmp", 0, 3, m_cmp, h_cmp },
    [OP_CND] = { "cnd", 0, 3, m_cnd, h_cnd },
    [OP_FRC] = { "frc", 0, 1, m_frc, h_frc },
    [OP_OMOD0] = { "omod0 x1", 0, 1, m_omod0, h_omod0 },
    [OP_OMOD1] = { "omod1 x2", 0, 1, m_omod1, h_omod1 },
    [OP_OMOD2] = { "omod2 x4", 0, 1, m_omod2, h_omod2 },
    [OP_OMOD3] = { "omod3 x8", 0, 1, m_omod3, h_omod3 },
    [OP_OMOD4] = { "omod4 /2", 0, 1, m_omod4, h_omod4 },
    [OP_OMOD5] = { "omod5 /4", 0, 1, m_omod5, h_omod5 },
    [OP_OMOD6] = { "omod6 /8", 0, 1, m_omod6, h_omod6 },
    [OP_OMOD7] = { "omod7 off", 0, 1, m_omod7, h_omod7 },
    [OP_OMOD_LANE0 + 0] = { "omod0 lane", 0, 1, m_omod_lane0, h_omod0 },
    [OP_OMOD_LANE0 + 1] = { "omod1 lane", 0, 1, m_omod_lane1, h_omod1 },
    [OP_OMOD_LANE0 + 2] = { "omod2 lane", 0, 1, m_omod_lane2, h_omod2 },
    [OP_OMOD_LANE0 + 3] = { "omod3 lane", 0, 1, m_omod_lane3, h_omod3 },
    [OP_OMOD_LANE0 + 4] = { "omod4 lane", 0, 1, m_omod_lane4, h_omod4 },
    [OP_OMOD_LANE0 + 5] = { "omod5 lane", 0, 1, m_omod_lane5, h_omod5 },
    [OP_OMOD_LANE0 + 6] = { "omod6 lane", 0, 1, m_omod_lane6, h_omod6 },
    [OP_OMOD_LANE0 + 7] = { "omod7 lane", 0, 1, m_omod_lane7, h_omod7 },
    [OP_OMOD_CLAMP_LANE0 + 0] = { "omod0 clamp", 0, 1, m_omod_clamp_lane0, h_omod_clamp0 },
    [OP_OMOD_CLAMP_LANE0 + 1] = { "omod1 clamp", 0, 1, m_omod_clamp_lane1, h_omod_clamp1 },
    [OP_OMOD_CLAMP_LANE0 + 2] = { "omod2 clamp", 0, 1, m_omod_clamp_lane2, h_omod_clamp2 },
    [OP_OMOD_CLAMP_LANE0 + 3] = { "omod3 clamp", 0, 1, m_omod_clamp_lane3, h_omod_clamp3 },
    [OP_OMOD_CLAMP_LANE0 + 4] = { "omod4 clamp", 0, 1, m_omod_clamp_lane4, h_omod_clamp4 },
    [OP_OMOD_CLAMP_LANE0 + 5] = { "omod5 clamp", 0, 1, m_omod_clamp_lane5, h_omod_clamp5 },
    [OP_OMOD_CLAMP_LANE0 + 6] = { "omod6 clamp", 0, 1, m_omod_clamp_lane6, h_omod_clamp6 },
    [OP_OMOD_CLAMP_LANE0 + 7] = { "omod7 clamp", 0, 1, m_omod_clamp_lane7, h_omod_clamp7 },
    [OP_CLAMP01] = { "clamp01", 0, 1, m_clamp01, h_clamp01 },
    [OP_CMP0_EQ] = { "cmp0 ==0", 0, 1, m_cmp0_0, h_cmp0_0 },
    [OP_CMP0_LT] = { "cmp0 <0", 0, 1, m_cmp0_1, h_cmp0_1 },
    [OP_CMP0_GE] = { "cmp0 >=0", 0, 1, m_cmp0_2, h_cmp0_2 },
    [OP_CMP0_NE] = { "cmp0 !=0", 0, 1, m_cmp0_3, h_cmp0_3 },
};

static unsigned operand_count(const op_desc *op) { return 2 * op->products + op->plain; }

/* ---- Results bookkeeping ---- */

typedef struct {
    unsigned long long cases, failures;
    unsigned long long nan, inf, zero, min_binade; /* expected results by kind: shows the edges are reached */
} op_stats;

static op_stats stats[OP_COUNT];

static void report_mismatch(unsigned op, const uint32_t *v, uint32_t got, uint32_t want, const char *origin)
{
    printf("  MISMATCH %s (%s):", ops[op].name, origin);
    for (unsigned i = 0; i < operand_count(&ops[op]); i++)
        printf(" %08x", v[i]);
    printf(" -> model %08x, host %08x\n", got, want);
}

static void check(unsigned op, const uint32_t *v, const char *origin)
{
    uint32_t got = ops[op].model(v), want = ops[op].host(v);
    op_stats *s = &stats[op];
    s->cases++;
    s->nan += (want & 0x7FFFFFFFu) > 0x7F800000u;
    s->inf += (want & 0x7FFFFFFFu) == 0x7F800000u;
    s->zero += (want & 0x7FFFFFFFu) == 0;
    s->min_binade += (want & 0x7F800000u) == 0x00800000u; /* smallest normal binade, next to the FTZ edge */
    if (got != want && s->failures++ < SHOW_MISMATCHES)
        report_mismatch(op, v, got, want, origin);
}

/* ---- Operands ---- */

static const uint32_t specials[] = {
    0x00000000u, 0x80000000u, /* +-0 */
    0x00000001u, 0x80000001u, /* +-smallest denormal */
    0x007FFFFFu, 0x807FFFFFu, /* +-largest denormal */
    0x00800000u, 0x80800000u, /* +-min normal */
    0x3F800000u, 0xBF800000u, /* +-1 */
    0x7F7FFFFFu, 0xFF7FFFFFu, /* +-max */
    0x7F800000u, 0xFF800000u, /* +-inf */
    0x7FC00000u, 0x7FC12345u, 0xFFC00000u, 0xFFD0F00Du, /* quiet NaNs, two payloads each sign */
    0x7F800001u, 0xFFA00005u, /* signalling NaNs */
    0x3F000000u, 0x3F000001u, 0x3EFFFFFFu, 0xBF000000u, /* 0.5 and its neighbours (CND), -0.5 */
    0x3F7FFFFFu, 0xB3800000u, /* just below 1; -2^-24 (FRC) */
};
#define SPECIAL_COUNT (sizeof specials / sizeof specials[0])

static uint32_t pack(uint32_t sign, int exp, uint32_t frac)
{
    exp = exp < 0 ? 0 : exp > 255 ? 255 : exp;
    return sign | (uint32_t)exp << 23 | (frac & FRAC);
}

/* A random fraction, half the time with a random number of trailing zeros: exact results and rounding ties. */
static uint32_t random_frac(void)
{
    uint32_t f = rnd() & FRAC;
    if (rnd() & 1u)
        f &= ~0u << (rnd() % 24u);
    return f;
}

static uint32_t random_sign(void) { return rnd() & SIGN; }

/* Exponent field within base +- spread (clamped to 0..255), random sign and fraction. */
static uint32_t near_exp(int base, int spread)
{
    int exp = base + (int)(rnd() % (2u * (unsigned)spread + 1u)) - spread;
    return pack(random_sign(), exp, random_frac());
}

/* A few units in the last place away, either way (crossing exponents is fine). */
static uint32_t perturb(uint32_t x) { return x + (rnd() % 9u) - 4u; }

enum style {
    STYLE_BITS, STYLE_WINDOW, STYLE_EDGE, STYLE_CANCEL, STYLE_SPREAD, STYLE_SPECIALS, STYLE_SMALL, STYLE_COUNT
};

/* Every operand of the set within a few binades of one random exponent. */
static void fill_window(uint32_t *v, unsigned n)
{
    int base = (int)(rnd() % 256u);
    for (unsigned i = 0; i < n; i++)
        v[i] = near_exp(base, 3);
}

/* Products whose exponent lands near underflow or overflow; other operands tiny or huge. Half of the products
 * have significands (1 + k 2^-23)(2 - 2k 2^-23) = 2(1 - 2k^2 2^-47), a hair below a power of two, so that with
 * the right exponents they round up to exactly 2^-126 (kept) or 2^128 (inf). */
static void fill_edge(const op_desc *op, uint32_t *v)
{
    bool overflow = rnd() & 1u;
    for (unsigned p = 0; p < op->products; p++) {
        int ea = 1 + (int)(rnd() % 254u);
        int eb = (overflow ? 381 : 127) - ea + (int)(rnd() % 7u) - 3;
        uint32_t fa = random_frac(), fb = random_frac();
        if (rnd() & 1u) {
            uint32_t k = rnd() % 2048u;
            fa = k;
            fb = 0x800000u - 2u * k + rnd() % 5u - 2u;
        }
        v[2 * p] = pack(random_sign(), ea, fa);
        v[2 * p + 1] = pack(random_sign(), eb, fb);
    }
    for (unsigned i = 2 * op->products; i < operand_count(op); i++)
        v[i] = near_exp(overflow ? 252 : 2, 3);
}

/* Terms that nearly cancel: the second term is minus the first, a few ulps off. */
static void fill_cancel(const op_desc *op, uint32_t *v)
{
    unsigned n = operand_count(op);
    fill_window(v, n);
    if (op->products == 0) {
        if (n >= 2)
            v[1] = perturb(v[0]) ^ SIGN;
        return;
    }
    /* product pairs: p1 ~ -p0, p3 ~ -p2; a trailing addend after one product ~ -p0 */
    for (unsigned p = 1; p < op->products; p += 2) {
        v[2 * p] = perturb(v[2 * p - 2]) ^ SIGN;
        v[2 * p + 1] = rnd() & 1u ? v[2 * p - 1] : perturb(v[2 * p - 1]);
    }
    if (op->plain && op->products == 1)
        v[2] = perturb(host_mul(v[0], v[1])) ^ SIGN;
}

/* Dot products at the edge of the alignment window: p1 = -p0 exactly (or a few ulps off, or unrelated), the
 * other terms 22 to 27 binades below (a product's binade moves by one with its significand). For D2A, half the
 * time c = -p0 and p1 is the small term. */
static void fill_spread(const op_desc *op, uint32_t *v)
{
    fill_window(v, operand_count(op));
    if (op->products < 2)
        return;
    int base = 30 + (int)(rnd() % 200u);
    for (unsigned p = 0; p < op->products; p++) {
        int below = p < 2 ? 0 : 22 + (int)(rnd() % 6u);
        v[2 * p] = pack(random_sign(), base - below, random_frac());
        v[2 * p + 1] = pack(random_sign(), 127, random_frac());
    }
    unsigned pair = rnd() % 3u;
    v[2] = v[0] ^ SIGN;
    v[3] = pair == 0 ? v[1] : pair == 1 ? perturb(v[1]) : v[3];
    if (op->plain) {
        v[4] = pack(random_sign(), base - 22 - (int)(rnd() % 6u), random_frac());
        if (rnd() & 1u) {
            v[4] = host_mul(v[0], v[1]) ^ SIGN;
            v[2] = pack(random_sign(), base - 22 - (int)(rnd() % 6u), random_frac());
        }
    }
}

static void fill_specials(uint32_t *v, unsigned n)
{
    fill_window(v, n);
    for (unsigned i = 0; i < n; i++)
        if (rnd() % 3u == 0)
            v[i] = specials[rnd() % SPECIAL_COUNT];
}

static void random_operands(const op_desc *op, uint32_t *v)
{
    unsigned n = operand_count(op);
    switch (rnd() % STYLE_COUNT) {
    case STYLE_BITS:
        for (unsigned i = 0; i < n; i++)
            v[i] = rnd();
        break;
    case STYLE_WINDOW: fill_window(v, n); break;
    case STYLE_EDGE: fill_edge(op, v); break;
    case STYLE_CANCEL: fill_cancel(op, v); break;
    case STYLE_SPREAD: fill_spread(op, v); break;
    case STYLE_SPECIALS: fill_specials(v, n); break;
    default: /* around 1: fractions, 0.5, small integers */
        for (unsigned i = 0; i < n; i++)
            v[i] = near_exp(127, 26);
        break;
    }
}

/* ---- Test sections ---- */

/* Every tuple of specials for ops with up to three operands; for more, every pair of positions gets every pair
 * of specials while the other operands are ordinary numbers. */
static void run_specials(unsigned op)
{
    unsigned n = operand_count(&ops[op]);
    uint32_t v[MAX_OPERANDS];
    if (n <= 3) {
        unsigned total = 1;
        for (unsigned i = 0; i < n; i++)
            total *= SPECIAL_COUNT;
        for (unsigned t = 0; t < total; t++) {
            for (unsigned i = 0, rest = t; i < n; i++, rest /= SPECIAL_COUNT)
                v[i] = specials[rest % SPECIAL_COUNT];
            check(op, v, "specials");
        }
        return;
    }
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
            for (unsigned si = 0; si < SPECIAL_COUNT; si++)
                for (unsigned sj = 0; sj < SPECIAL_COUNT; sj++) {
                    fill_window(v, n);
                    v[i] = specials[si];
                    v[j] = specials[sj];
                    check(op, v, "specials");
                }
}

static void run_random(unsigned op, unsigned long cases)
{
    uint32_t v[MAX_OPERANDS];
    for (unsigned long k = 0; k < cases; k++) {
        random_operands(&ops[op], v);
        check(op, v, "random");
    }
}

/* The lane forms against the scalar ops on many lanes at once, each lane's operands from a random style (so a
 * call mixes lanes of the fast paths with specials, flushes and overflows), the result written over an operand
 * half the time: a lane's fallback must not disturb its neighbours. */
#define LANES 16u
static unsigned long long run_lanes(unsigned long calls)
{
    unsigned long long bad = 0;
    for (unsigned long k = 0; k < calls; k++) {
        uint32_t a[LANES], b[LANES], c[LANES], r[LANES], want[LANES], v[MAX_OPERANDS];
        bool legacy = rnd() & 1u;
        for (unsigned i = 0; i < LANES; i++) {
            random_operands(&ops[OP_MAD_IEEE], v);
            a[i] = v[0], b[i] = v[1], c[i] = v[2];
            want[i] = us_fp_mad(a[i], b[i], c[i], legacy);
        }
        uint32_t *out = rnd() & 1u ? r : (rnd() & 1u ? a : c);
        us_fp_mad_lanes(out, a, b, c, LANES, legacy);
        for (unsigned i = 0; i < LANES; i++)
            if (out[i] != want[i] && bad++ < SHOW_MISMATCHES)
                printf("  MISMATCH mad lanes: lane %u -> %08x, scalar %08x\n", i, out[i], want[i]);
        /* OMOD and the clamp on lanes of mixed styles (the four-lane path and the tail: 15 lanes) */
        unsigned omod = rnd() % 7u, n = LANES - 1u;
        bool clamp = rnd() & 1u;
        for (unsigned i = 0; i < n; i++) {
            r[i] = b[i];
            want[i] = clamp ? us_fp_clamp01(us_fp_omod(b[i], omod)) : us_fp_omod(b[i], omod);
        }
        us_fp_omod_clamp_lanes(r, n, omod, clamp);
        for (unsigned i = 0; i < n; i++)
            if (r[i] != want[i] && bad++ < SHOW_MISMATCHES)
                printf("  MISMATCH omod %u clamp %d lanes: lane %u -> %08x, scalar %08x\n", omod, clamp, i, r[i],
                       want[i]);
        /* the selects on the same mixed lanes (a NaN, a zero or denormal and an infinity among them) */
        static const char *const select_name[4] = {"min", "max", "cmp", "cnd"};
        for (unsigned sel = 0; sel < 4; sel++) {
            for (unsigned i = 0; i < n; i++)
                want[i] = sel == 0 ? us_fp_min(a[i], b[i]) : sel == 1 ? us_fp_max(a[i], b[i])
                        : sel == 2 ? us_fp_cmp(a[i], b[i], c[i]) : us_fp_cnd(a[i], b[i], c[i]);
            if (sel == 0)
                us_fp_min_lanes(r, a, b, n);
            else if (sel == 1)
                us_fp_max_lanes(r, a, b, n);
            else if (sel == 2)
                us_fp_cmp_lanes(r, a, b, c, n);
            else
                us_fp_cnd_lanes(r, a, b, c, n);
            for (unsigned i = 0; i < n; i++)
                if (r[i] != want[i] && bad++ < SHOW_MISMATCHES)
                    printf("  MISMATCH %s lanes: lane %u -> %08x, scalar %08x\n", select_name[sel], i, r[i], want[i]);
        }
        unsigned op = rnd() & 3u;
        uint32_t holds = us_fp_cmp0_lanes(b, n, op), want_holds = 0;
        for (unsigned i = 0; i < n; i++)
            want_holds |= (uint32_t)us_fp_cmp0(b[i], op) << i;
        if (holds != want_holds && bad++ < SHOW_MISMATCHES)
            printf("  MISMATCH cmp0 %u lanes: %04x, scalar %04x\n", op, holds, want_holds);
    }
    printf("lane forms: %lu calls of %u lanes against the scalar ops, %llu failed\n", calls, LANES, bad);
    return bad;
}

/* The edge cases docs/fp.md part A states, with the value it states. Both the host and the model must give it:
 * a host disagreement means the document (and the oracle) would be wrong. */
typedef struct {
    unsigned op;
    uint32_t v[MAX_OPERANDS];
    uint32_t want;
    const char *what;
} directed_case;

static const directed_case directed[] = {
    { OP_MUL_IEEE, { 0x3F7FFFFEu, 0x00800001u }, 0x00800000u, "2^-126(1-2^-46) rounds up to 2^-126: kept" },
    { OP_MUL_IEEE, { 0x32612000u, 0x0D918E00u }, 0x00800000u, "2^-126(1-2^-25), a tie, rounds to even = 2^-126: kept" },
    { OP_MUL_IEEE, { 0x3F7FFFFFu, 0x00800000u }, 0x00000000u, "exact 2^-126(1-2^-24) is tiny: +0" },
    { OP_MUL_IEEE, { 0xBF7FFFFFu, 0x00800000u }, 0x80000000u, "flushed result keeps its sign" },
    { OP_MUL_IEEE, { 0x00000001u, 0x7F800000u }, 0xFFC00000u, "denormal x inf = 0 x inf: default NaN" },
    { OP_MUL_IEEE, { 0x7F800001u, 0x00000000u }, 0x7FC00001u, "IEEE: sNaN x 0 is the quieted NaN" },
    { OP_MUL_LEGACY, { 0x80000001u, 0x7FC12345u }, 0x80000000u, "legacy: -denormal x NaN = -0" },
    { OP_MUL_LEGACY, { 0xFF800000u, 0x00000000u }, 0x80000000u, "legacy: -inf x +0 = -0" },
    { OP_MUL_IEEE, { 0x7F000000u, 0x40000000u }, 0x7F800000u, "2^127 x 2 overflows to inf" },
    { OP_ADD, { 0x00C00000u, 0x80A00000u }, 0x00000000u, "1.5*2^-126 - 1.25*2^-126 is tiny: +0" },
    { OP_ADD, { 0x80C00000u, 0x00A00000u }, 0x80000000u, "... reversed signs: -0 (sign of the exact result)" },
    { OP_ADD, { 0x3F800000u, 0xBF800000u }, 0x00000000u, "x + (-x) = +0" },
    { OP_ADD, { 0x80000000u, 0x80000000u }, 0x80000000u, "-0 + -0 = -0" },
    { OP_ADD, { 0x80000001u, 0x00000000u }, 0x00000000u, "-denormal + +0 = -0 + +0 = +0" },
    { OP_ADD, { 0x80000001u, 0x80000001u }, 0x80000000u, "-denormal + -denormal = -0" },
    { OP_ADD, { 0x7F7FFFFFu, 0x73000000u }, 0x7F800000u, "max + half an ulp: tie to even rounds up: inf" },
    { OP_ADD, { 0x7F7FFFFFu, 0x72FFFFFFu }, 0x7F7FFFFFu, "max + just under half an ulp: max" },
    { OP_ADD, { 0x3F800000u, 0xB3400000u }, 0x3F7FFFFFu, "1 - 1.5*2^-25: a far-aligned operand still counts" },
    { OP_ADD, { 0x7FC00001u, 0xFFC00002u }, 0x7FC00001u, "two NaNs: the first" },
    { OP_ADD, { 0xFFC00002u, 0x7F800001u }, 0xFFC00002u, "qNaN + sNaN: still the first" },
    { OP_ADD, { 0x3F800000u, 0xFF800001u }, 0xFFC00001u, "a sNaN comes back quieted, payload kept" },
    { OP_ADD, { 0x7F800000u, 0xFF800000u }, 0xFFC00000u, "inf - inf: default NaN" },
    { OP_MAD_LEGACY, { 0x00000000u, 0x7F800000u, 0xBF800000u }, 0xBF800000u, "legacy 0*inf + c = +0 + c" },
    { OP_MIN, { 0x00000000u, 0x80000001u }, 0x80000001u, "+0 vs -denormal (-0): b, its raw bits (CTM p.42)" },
    { OP_MIN, { 0x80000001u, 0x3F800000u }, 0x80000001u, "a denormal chosen comes out bit-exact (CTM p.42)" },
    { OP_MIN, { 0x807FFFFFu, 0x80000001u }, 0x80000001u, "two denormals compare equal (DAZ): b" },
    { OP_MIN, { 0x3F800000u, 0x7F800001u }, 0x7F800001u, "NaN b returned as it is, not quieted" },
    { OP_MIN, { 0x7F800001u, 0x3F800000u }, 0x3F800000u, "NaN a: b" },
    { OP_MAX, { 0x00000000u, 0x80000000u }, 0x80000000u, "max(+0,-0) = -0 (b)" },
    { OP_MAX, { 0x80000000u, 0x00000000u }, 0x00000000u, "max(-0,+0) = +0 (b)" },
    { OP_MAX, { 0x00000001u, 0xBF800000u }, 0x00000001u, "max(denormal,-1) = the denormal, bit-exact" },
    { OP_MAX, { 0xFFA00005u, 0x3F800000u }, 0x3F800000u, "sNaN a: b (CTM p.42)" },
    { OP_MAX, { 0x3F800000u, 0xFFA00005u }, 0xFFA00005u, "sNaN b: returned unchanged, not quieted" },
    { OP_CMP, { 0x3F800000u, 0x40000000u, 0x80000001u }, 0x3F800000u, "c = -denormal reads -0 >= 0: a" },
    { OP_CMP, { 0x3F800000u, 0x40000000u, 0x7FC00000u }, 0x40000000u, "c = NaN: b" },
    { OP_CMP, { 0x80000001u, 0x40000000u, 0x00000000u }, 0x80000001u, "the selected denormal is bit-exact" },
    { OP_CMP, { 0x7F800001u, 0x40000000u, 0x00000000u }, 0x7F800001u, "a selected sNaN a keeps its payload" },
    { OP_CMP, { 0x3F800000u, 0xFFD0F00Du, 0xBF800000u }, 0xFFD0F00Du, "a selected NaN b keeps its payload" },
    { OP_CND, { 0x7FC12345u, 0x40000000u, 0x3F800000u }, 0x7FC12345u, "NaN a chosen by c: returned (only c decides)" },
    { OP_CND, { 0x3F800000u, 0x007FFFFFu, 0x7FC00000u }, 0x007FFFFFu, "NaN c: b, a denormal, bit-exact" },
    { OP_CND, { 0x3F800000u, 0x40000000u, 0x3F000000u }, 0x40000000u, "c = 0.5: b" },
    { OP_CND, { 0x3F800000u, 0x40000000u, 0x3F000001u }, 0x3F800000u, "c just above 0.5: a" },
    /* The alignment window of DP3/DP4/D2A (CTM p.42): operands a0 b0 a1 b1 ... (then c for D2A). */
    { OP_MAD_IEEE, { 0xBF800000u, 0x3F800000u, 0x33400000u }, 0xBF7FFFFFu,
      "MAD has no window: -1 + 1.5 2^-25 rounds to -(1 - 2^-24)" },
    { OP_DP3_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x30800000u, 0x3F800000u }, 0x00000000u,
      "CTM p.42: (1, -1, 2^-30).(1, 1, 1) = +0, not 2^-30" },
    { OP_DP3_IEEE, { 0x3F800000u, 0x3F800000u, 0x30800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u }, 0x00000000u,
      "the same with the tiny term in the middle: +0" },
    { OP_DP3_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x33000000u, 0x3F800000u }, 0x00000000u,
      "window edge: a term exactly 2^25 smaller (25 binades) drops: +0" },
    { OP_DP3_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x337FFFFFu, 0x3F800000u }, 0x00000000u,
      "window edge: (2 - 2^-23) 2^-25, 25 binades below, drops: +0" },
    { OP_DP3_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x33800000u, 0x3F800000u }, 0x33800000u,
      "window edge: 2^-24, 24 binades below, is kept" },
    { OP_DP3_IEEE, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0xB3FFFFFFu, 0x3F800000u }, 0xB3FFFFFFu,
      "window edge: -(2 - 2^-23) 2^-24 is kept" },
    { OP_DP3_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF7FFFFEu, 0x3F800000u, 0x30800000u, 0x3F800000u }, 0x34000000u,
      "partial cancellation 1 - (1 - 2^-23) + 2^-30: the window drops 2^-30, 2^-23" },
    { OP_DP3_LEGACY, { 0x40000000u, 0x3F000000u, 0x3F800000u, 0xBF800000u, 0x30000000u, 0x40000000u }, 0x00000000u,
      "products cancel: 2 x 0.5 + 1 x -1 + 2^-31 x 2 = +0" },
    { OP_DP4_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x30800000u, 0x3F800000u, 0x30800000u,
                       0x3F800000u }, 0x00000000u, "DP4 1 - 1 and both remaining terms 2^-30: +0, not 2^-29" },
    { OP_DP4_IEEE, { 0x3F800000u, 0x3F800000u, 0x30800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0xB0800000u,
                     0x3F800000u }, 0x00000000u, "DP4 1 + 2^-30 - 1 - 2^-30: +0" },
    { OP_DP4_IEEE, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x33800000u, 0x3F800000u, 0x30800000u,
                     0x3F800000u }, 0x33800000u, "DP4 1 - 1 + 2^-24 + 2^-30: 2^-24 kept, 2^-30 dropped" },
    { OP_D2A_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x30800000u }, 0x00000000u,
      "D2A 1 - 1 + c = 2^-30: +0" },
    { OP_D2A_IEEE, { 0xBF800000u, 0x3F800000u, 0x33400000u, 0x3F800000u, 0x3F800000u }, 0x00000000u,
      "D2A c cancels p0: -1 + 1.5 2^-25 + 1 = +0 (two roundings would give 2^-24)" },
    { OP_D2A_LEGACY, { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x00400000u }, 0x00000000u,
      "D2A denormal c next to 1 - 1: +0" },
    { OP_DP3_LEGACY, { 0x7F7FFFFFu, 0x3F800000u, 0x73000000u, 0x3F800000u, 0xFF800000u, 0x3F800000u }, 0xFFC00000u,
      "with an inf term nothing drops: (max + 2^103) overflows, + -inf = default NaN" },
    { OP_DP3_IEEE, { 0x7F7FFFFFu, 0x3F800000u, 0x72FFFFFFu, 0x3F800000u, 0xFF7FFFFFu, 0x3F800000u }, 0x00000000u,
      "max + just under 2^103 - max: the small term drops, +0" },
    { OP_FRC, { 0xB3800000u }, 0x3F7FFFFFu, "frc(-2^-24) = 1-2^-24 exactly" },
    { OP_FRC, { 0xB3000000u }, 0x3F7FFFFFu, "frc(-2^-25): 1-2^-25 ties to 1.0, returned as 0x3F7FFFFF" },
    { OP_FRC, { 0xB2800000u }, 0x3F7FFFFFu, "frc(-2^-26) rounds to 1.0: 0x3F7FFFFF" },
    { OP_FRC, { 0x80000001u }, 0x00000000u, "frc(-denormal) = frc(-0) = +0" },
    { OP_FRC, { 0xBFC00000u }, 0x3F000000u, "frc(-1.5) = 0.5" },
    { OP_FRC, { 0xCB000001u }, 0x00000000u, "frc(integer) = +0" },
    { OP_FRC, { 0xFF800000u }, 0xFFC00000u, "frc(-inf) = -inf - -inf: default NaN" },
    { OP_FRC, { 0x7F800001u }, 0x7FC00001u, "frc(sNaN) = the quieted NaN" },
    { OP_OMOD4, { 0x00800000u }, 0x00000000u, "2^-126 / 2 is tiny: +0" },
    { OP_OMOD4, { 0x80800000u }, 0x80000000u, "-2^-126 / 2: -0" },
    { OP_OMOD1, { 0x7F000000u }, 0x7F800000u, "2^127 x 2: inf" },
    { OP_OMOD0, { 0x80000001u }, 0x80000000u, "x1 of a denormal: signed zero (DAZ)" },
    { OP_OMOD3, { 0xFFC00001u }, 0x7FFFFFFFu, "every NaN becomes 0x7FFFFFFF" },
    { OP_OMOD7, { 0x80000001u }, 0x80000001u, "omod 7: untouched, even a denormal" },
    { OP_OMOD7, { 0x7F800001u }, 0x7F800001u, "omod 7: untouched, even a sNaN" },
    { OP_CLAMP01, { 0x80000000u }, 0x00000000u, "-0: +0" },
    { OP_CLAMP01, { 0xFFC00000u }, 0x00000000u, "NaN: +0" },
    { OP_CLAMP01, { 0x7F800000u }, 0x3F800000u, "inf: 1" },
    { OP_CLAMP01, { 0x00000001u }, 0x00000000u, "denormal: +0" },
    { OP_CMP0_EQ, { 0x80000001u }, 1u, "-denormal == 0" },
    { OP_CMP0_LT, { 0x80000001u }, 0u, "-denormal < 0 is false" },
    { OP_CMP0_GE, { 0xFFC00000u }, 0u, "NaN >= 0 is false" },
    { OP_CMP0_NE, { 0xFFC00000u }, 1u, "NaN != 0 is true" },
};

static unsigned run_directed(void)
{
    unsigned bad = 0;
    for (size_t i = 0; i < sizeof directed / sizeof directed[0]; i++) {
        const directed_case *d = &directed[i];
        uint32_t host = ops[d->op].host(d->v), model = ops[d->op].model(d->v);
        if (host != d->want || model != d->want) {
            printf("  DIRECTED %s: %s: want %08x, host %08x, model %08x\n", ops[d->op].name, d->what, d->want, host,
                   model);
            bad++;
        }
    }
    printf("directed edge cases: %zu, failed %u\n", sizeof directed / sizeof directed[0], bad);
    return bad;
}

/* The oracle itself: FTZ/DAZ must be on, and the host mad must round twice (no fused multiply-add). */
static unsigned check_oracle(void)
{
    unsigned bad = 0;
    if (host_add(0x00000001u, 0x00000001u) != 0u || host_mul(0x00800000u, 0x3F000000u) != 0u) {
        printf("  ORACLE: the host does not flush denormals (MXCSR FTZ/DAZ not in effect)\n");
        bad++;
    }
    /* (1+2^-12)^2 - (1+2^-11) = 2^-24 exactly when fused, 0 with the product rounded first */
    if (h_mad_ieee((const uint32_t[]){ 0x3F800800u, 0x3F800800u, 0xBF801000u }) != 0u) {
        printf("  ORACLE: the host mad is fused; the oracle must round the product\n");
        bad++;
    }
    return bad;
}

/* ---- Exhaustive one-operand sweep and benchmark (optional modes) ---- */

static int run_exhaustive(void)
{
    static const unsigned unary[] = { OP_FRC, OP_OMOD0, OP_OMOD1, OP_OMOD2, OP_OMOD3, OP_OMOD4, OP_OMOD5,
                                      OP_OMOD6, OP_OMOD7, OP_CLAMP01, OP_CMP0_EQ, OP_CMP0_LT, OP_CMP0_GE, OP_CMP0_NE,
                                      OP_OMOD_LANE0, OP_OMOD_LANE0 + 1, OP_OMOD_LANE0 + 2, OP_OMOD_LANE0 + 3,
                                      OP_OMOD_LANE0 + 4, OP_OMOD_LANE0 + 5, OP_OMOD_LANE0 + 6, OP_OMOD_LANE0 + 7,
                                      OP_OMOD_CLAMP_LANE0, OP_OMOD_CLAMP_LANE0 + 1, OP_OMOD_CLAMP_LANE0 + 2,
                                      OP_OMOD_CLAMP_LANE0 + 3, OP_OMOD_CLAMP_LANE0 + 4, OP_OMOD_CLAMP_LANE0 + 5,
                                      OP_OMOD_CLAMP_LANE0 + 6, OP_OMOD_CLAMP_LANE0 + 7 };
    unsigned long long failures = 0;
    for (size_t k = 0; k < sizeof unary / sizeof unary[0]; k++) {
        unsigned op = unary[k];
        uint32_t x = 0;
        do {
            check(op, &x, "exhaustive");
        } while (++x != 0);
        printf("%-12s %llu cases, %llu failed\n", ops[op].name, stats[op].cases, stats[op].failures);
        failures += stats[op].failures;
        fflush(stdout);
    }
    return failures ? 1 : 0;
}

static double now_seconds(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#define BENCH_N 4096u
#define BENCH_ROUNDS 500u

/* Shader-like operands: normal numbers between 2^-20 and 2^20, either sign. Room for the dot products to read
 * four on from any index. */
static uint32_t bench_a[BENCH_N + 4], bench_b[BENCH_N + 4], bench_c[BENCH_N];

/* One loop per op, so that the timing holds no dispatch: independent calls, as the model makes them. The best
 * of BENCH_REPEATS runs, since a shared machine only ever adds time. */
#define BENCH_REPEATS 5
#define BENCH_LOOP(NAME, CALL)                                                                   \
    do {                                                                                         \
        uint32_t sink = 0;                                                                       \
        double best = 1e30;                                                                      \
        for (unsigned rep = 0; rep < BENCH_REPEATS; rep++) {                                     \
            double start = now_seconds();                                                        \
            for (unsigned r = 0; r < BENCH_ROUNDS; r++)                                          \
                for (unsigned i = 0; i < BENCH_N; i++)                                           \
                    sink += (CALL);                                                              \
            double ns = (now_seconds() - start) * 1e9 / ((double)BENCH_ROUNDS * BENCH_N);        \
            best = ns < best ? ns : best;                                                        \
        }                                                                                        \
        printf("%-8s %6.2f ns/op  (checksum %08x)\n", NAME, best, sink);                        \
    } while (0)

static int run_bench(void)
{
    const uint32_t *a = bench_a, *b = bench_b, *c = bench_c;
    for (unsigned i = 0; i < BENCH_N + 4; i++) {
        bench_a[i] = near_exp(127, 20);
        bench_b[i] = near_exp(127, 20);
    }
    for (unsigned i = 0; i < BENCH_N; i++)
        bench_c[i] = near_exp(127, 20);
    BENCH_LOOP("add", us_fp_add(a[i], b[i]));
    BENCH_LOOP("mul", us_fp_mul(a[i], b[i], true));
    BENCH_LOOP("mad", us_fp_mad(a[i], b[i], c[i], true));
    BENCH_LOOP("dp3", us_fp_dp3(&a[i], &b[i], true));
    BENCH_LOOP("dp4", us_fp_dp4(&a[i], &b[i], true));
    BENCH_LOOP("min", us_fp_min(a[i], b[i]));
    BENCH_LOOP("cmp", us_fp_cmp(a[i], b[i], c[i]));
    BENCH_LOOP("cnd", us_fp_cnd(a[i], b[i], c[i]));
    BENCH_LOOP("frc", us_fp_frc(a[i]));
    BENCH_LOOP("omod x2", us_fp_omod(a[i], 1));
    BENCH_LOOP("clamp01", us_fp_clamp01(a[i]));
    BENCH_LOOP("cmp0 <0", (uint32_t)us_fp_cmp0(a[i], 1));
    return 0;
}

int main(int argc, char **argv)
{
    _mm_setcsr(_mm_getcsr() | 0x8040u); /* FTZ (bit 15) and DAZ (bit 6): the oracle's rounding rules */
    rng_state = 1;
    if (argc > 1 && strcmp(argv[1], "--bench") == 0)
        return run_bench();
    if (argc > 1 && strcmp(argv[1], "--exhaustive") == 0)
        return check_oracle() ? 1 : run_exhaustive();
    if (argc > 3 || (argc > 1 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: test_fp_host [cases-per-op [seed]] | --exhaustive | --bench\n");
        return 2;
    }
    unsigned long cases = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000ul;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 1u;

    unsigned long long failures = check_oracle() + run_directed() + run_lanes(cases / 16u);
    for (unsigned op = 0; op < OP_COUNT; op++) {
        run_specials(op);
        run_random(op, cases);
        const op_stats *s = &stats[op];
        printf("%-12s %8llu cases (results: %6llu NaN %6llu inf %6llu zero %5llu in [2^-126, 2^-125)), %llu failed\n",
               ops[op].name, s->cases, s->nan, s->inf, s->zero, s->min_binade, s->failures);
        failures += s->failures;
    }
    if (failures)
        printf("FAIL: %llu mismatches\n", failures);
    else
        printf("all ops match the host\n");
    return failures ? 1 : 0;
}
