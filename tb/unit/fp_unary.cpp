// Unit bench: the one-operand units against the C golden model, bit for bit: us_fp_frc, us_fp_omod (each of its 8
// values), us_fp_clamp01 and us_fp_cmp0 (each of its 4 compares; the result is 0 or 1, so its "zero" column counts
// the false results). Default mode as every FP bench (fp_bench.h); `--exhaustive OP [--threads T]` sweeps all
// 2^32 inputs of one op (OP as named in kOps below, or "all": every op, one pass over the inputs).
#include "Vfp_unary_top.h"
#include "fp_bench.h"

using Top = Vfp_unary_top;

static uint32_t m_frc(const uint32_t *v) { return us_fp_frc(v[0]); }
static uint32_t m_clamp01(const uint32_t *v) { return us_fp_clamp01(v[0]); }

static uint32_t r_frc(Top &t, const uint32_t *v)
{
    t.r_i = v[0];
    t.eval();
    return t.frc_o;
}

static uint32_t r_clamp01(Top &t, const uint32_t *v)
{
    t.r_i = v[0];
    t.eval();
    return t.clamp01_o;
}

#define OMOD_OP(K)                                                        \
    static uint32_t m_omod##K(const uint32_t *v) { return us_fp_omod(v[0], K); } \
    static uint32_t r_omod##K(Top &t, const uint32_t *v)                  \
    {                                                                     \
        t.r_i = v[0];                                                     \
        t.omod_i = K;                                                     \
        t.eval();                                                         \
        return t.omod_o;                                                  \
    }
OMOD_OP(0)
OMOD_OP(1)
OMOD_OP(2)
OMOD_OP(3)
OMOD_OP(4)
OMOD_OP(5)
OMOD_OP(6)
OMOD_OP(7)

#define CMP0_OP(K)                                                                         \
    static uint32_t m_cmp0_##K(const uint32_t *v) { return us_fp_cmp0(v[0], K) ? 1u : 0u; } \
    static uint32_t r_cmp0_##K(Top &t, const uint32_t *v)                                  \
    {                                                                                      \
        t.r_i = v[0];                                                                      \
        t.cmp0_op_i = K;                                                                   \
        t.eval();                                                                          \
        return t.cmp0_o;                                                                   \
    }
CMP0_OP(0)
CMP0_OP(1)
CMP0_OP(2)
CMP0_OP(3)

static const fpb::Op<Top> kOps[] = {
    { "frc", 0, 1, m_frc, r_frc, true },
    { "omod0", 0, 1, m_omod0, r_omod0, true },      // x1
    { "omod1", 0, 1, m_omod1, r_omod1, true },      // x2
    { "omod2", 0, 1, m_omod2, r_omod2, true },      // x4
    { "omod3", 0, 1, m_omod3, r_omod3, true },      // x8
    { "omod4", 0, 1, m_omod4, r_omod4, true },      // /2
    { "omod5", 0, 1, m_omod5, r_omod5, true },      // /4
    { "omod6", 0, 1, m_omod6, r_omod6, true },      // /8
    { "omod7", 0, 1, m_omod7, r_omod7, true },      // pass-through
    { "clamp01", 0, 1, m_clamp01, r_clamp01, true },
    { "cmp0_eq", 0, 1, m_cmp0_0, r_cmp0_0, true },  // v == 0
    { "cmp0_lt", 0, 1, m_cmp0_1, r_cmp0_1, true },  // v < 0
    { "cmp0_ge", 0, 1, m_cmp0_2, r_cmp0_2, true },  // v >= 0
    { "cmp0_ne", 0, 1, m_cmp0_3, r_cmp0_3, true },  // v != 0
};

// docs/fp.md A.2 FRC, OMOD, CLAMP01, CMP0.
static const fpb::Directed kDirected[] = {
    { "frc", { 0xB3800000u }, 0x3F7FFFFFu, "frc(-2^-24) = 1-2^-24 exactly" },
    { "frc", { 0xB3000000u }, 0x3F7FFFFFu, "frc(-2^-25): 1-2^-25 ties to 1.0, returned as 0x3F7FFFFF" },
    { "frc", { 0xB2800000u }, 0x3F7FFFFFu, "frc(-2^-26) rounds to 1.0: 0x3F7FFFFF" },
    { "frc", { 0x80000001u }, 0x00000000u, "frc(-denormal) = frc(-0) = +0" },
    { "frc", { 0xBFC00000u }, 0x3F000000u, "frc(-1.5) = 0.5" },
    { "frc", { 0xCB000001u }, 0x00000000u, "frc(integer) = +0" },
    { "frc", { 0xFF800000u }, 0xFFC00000u, "frc(-inf) = -inf - -inf: default NaN" },
    { "frc", { 0x7F800001u }, 0x7FC00001u, "frc(sNaN) = the quieted NaN" },
    { "omod4", { 0x00800000u }, 0x00000000u, "2^-126 / 2 is tiny: +0" },
    { "omod4", { 0x80800000u }, 0x80000000u, "-2^-126 / 2: -0" },
    { "omod1", { 0x7F000000u }, 0x7F800000u, "2^127 x 2: inf" },
    { "omod0", { 0x80000001u }, 0x80000000u, "x1 of a denormal: signed zero (DAZ)" },
    { "omod3", { 0xFFC00001u }, 0x7FFFFFFFu, "every NaN becomes 0x7FFFFFFF" },
    { "omod7", { 0x80000001u }, 0x80000001u, "omod 7: untouched, even a denormal" },
    { "omod7", { 0x7F800001u }, 0x7F800001u, "omod 7: untouched, even a sNaN" },
    { "clamp01", { 0x80000000u }, 0x00000000u, "-0: +0" },
    { "clamp01", { 0xFFC00000u }, 0x00000000u, "NaN: +0" },
    { "clamp01", { 0x7F800000u }, 0x3F800000u, "inf: 1" },
    { "clamp01", { 0x00000001u }, 0x00000000u, "denormal: +0" },
    { "cmp0_eq", { 0x80000001u }, 1u, "-denormal == 0" },
    { "cmp0_lt", { 0x80000001u }, 0u, "-denormal < 0 is false" },
    { "cmp0_ge", { 0xFFC00000u }, 0u, "NaN >= 0 is false" },
    { "cmp0_ne", { 0xFFC00000u }, 1u, "NaN != 0 is true" },
};

int main(int argc, char **argv)
{
    return fpb::bench_main<Top>("fp_unary", argc, argv, kOps, sizeof kOps / sizeof kOps[0], kDirected,
                                sizeof kDirected / sizeof kDirected[0]);
}
