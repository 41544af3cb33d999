// Unit bench: us_fp_dot (MAD, DP3, DP4, D2A, each with US_CONFIG zero_legacy on and off) against the C golden model,
// bit for bit. Operands are laid out as products first: v = a0 b0 a1 b1 ... then c. Inputs the op does not use
// are driven with random values, so that they are shown not to matter. The driver is in fp_bench.h.
#include "Vfp_dot_top.h"
#include "fp_bench.h"

using Top = Vfp_dot_top;

enum { OP_MAD = 0, OP_DP3 = 1, OP_DP4 = 2, OP_D2A = 3 };  // us_fp_dot op_i

static uint32_t junk_state = 0x12345678u;
static uint32_t junk()  // cheap filler for the inputs an op ignores (xorshift32)
{
    junk_state ^= junk_state << 13;
    junk_state ^= junk_state >> 17;
    junk_state ^= junk_state << 5;
    return junk_state;
}

static uint32_t run(Top &t, unsigned op, bool legacy, const uint32_t *v, unsigned products, bool has_c)
{
    t.op_i = op;
    t.zero_legacy_i = legacy;
    for (unsigned k = 0; k < 4; k++) {
        t.a_i[k] = k < products ? v[2 * k] : junk();
        t.b_i[k] = k < products ? v[2 * k + 1] : junk();
    }
    t.c_i = has_c ? v[2 * products] : junk();
    t.eval();
    return t.result_o;
}

#define DOT_OPS(LEGACY, SUFFIX)                                                                                   \
    static uint32_t m_mad_##SUFFIX(const uint32_t *v) { return us_fp_mad(v[0], v[1], v[2], LEGACY); }             \
    static uint32_t m_dp3_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        const uint32_t a[3] = { v[0], v[2], v[4] }, b[3] = { v[1], v[3], v[5] };                                  \
        return us_fp_dp3(a, b, LEGACY);                                                                           \
    }                                                                                                             \
    static uint32_t m_dp4_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        const uint32_t a[4] = { v[0], v[2], v[4], v[6] }, b[4] = { v[1], v[3], v[5], v[7] };                     \
        return us_fp_dp4(a, b, LEGACY);                                                                           \
    }                                                                                                             \
    static uint32_t m_d2a_##SUFFIX(const uint32_t *v)                                                             \
    {                                                                                                             \
        const uint32_t a[2] = { v[0], v[2] }, b[2] = { v[1], v[3] };                                              \
        return us_fp_d2a(a, b, v[4], LEGACY);                                                                     \
    }                                                                                                             \
    static uint32_t r_mad_##SUFFIX(Top &t, const uint32_t *v) { return run(t, OP_MAD, LEGACY, v, 1, true); }     \
    static uint32_t r_dp3_##SUFFIX(Top &t, const uint32_t *v) { return run(t, OP_DP3, LEGACY, v, 3, false); }    \
    static uint32_t r_dp4_##SUFFIX(Top &t, const uint32_t *v) { return run(t, OP_DP4, LEGACY, v, 4, false); }    \
    static uint32_t r_d2a_##SUFFIX(Top &t, const uint32_t *v) { return run(t, OP_D2A, LEGACY, v, 2, true); }

DOT_OPS(true, legacy)
DOT_OPS(false, ieee)

static const fpb::Op<Top> kOps[] = {
    { "mad_legacy", 1, 1, m_mad_legacy, r_mad_legacy, false },
    { "mad_ieee", 1, 1, m_mad_ieee, r_mad_ieee, false },
    { "dp3_legacy", 3, 0, m_dp3_legacy, r_dp3_legacy, false },
    { "dp3_ieee", 3, 0, m_dp3_ieee, r_dp3_ieee, false },
    { "dp4_legacy", 4, 0, m_dp4_legacy, r_dp4_legacy, false },
    { "dp4_ieee", 4, 0, m_dp4_ieee, r_dp4_ieee, false },
    { "d2a_legacy", 2, 1, m_d2a_legacy, r_d2a_legacy, false },
    { "d2a_ieee", 2, 1, m_d2a_ieee, r_d2a_ieee, false },
};

// docs/fp.md A.1 and A.2 MAD, DP3, DP4, D2A (the alignment window, CTM p.42). Operands a0 b0 a1 b1 ... then c.
static const fpb::Directed kDirected[] = {
    { "mad_legacy", { 0x00000000u, 0x7F800000u, 0xBF800000u }, 0xBF800000u, "legacy 0*inf + c = +0 + c" },
    { "mad_ieee", { 0x00000000u, 0x7F800000u, 0xBF800000u }, 0xFFC00000u, "IEEE 0*inf + c: default NaN" },
    { "mad_legacy", { 0x80000000u, 0x3F800000u, 0x00000000u }, 0x00000000u, "MAD(-0, 1, +0) = -0 + +0 = +0" },
    { "mad_ieee", { 0x0B800000u, 0x0B800000u, 0x3F800000u }, 0x3F800000u, "2^-104 squared is 0 before the add" },
    { "mad_ieee", { 0x3F800800u, 0x3F800800u, 0xBF801000u }, 0x00000000u, "two roundings: (1+2^-12)^2 - (1+2^-11)" },
    { "mad_ieee", { 0xBF800000u, 0x3F800000u, 0x33400000u }, 0xBF7FFFFFu, "MAD has no window: -1 + 1.5 2^-25 rounds" },
    { "dp3_legacy", { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x30800000u, 0x3F800000u }, 0x00000000u,
      "CTM p.42: (1, -1, 2^-30).(1, 1, 1) = +0, not 2^-30" },
    { "dp3_ieee", { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x33000000u, 0x3F800000u }, 0x00000000u,
      "window edge: a term exactly 2^25 smaller (25 binades) drops: +0" },
    { "dp3_legacy", { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x337FFFFFu, 0x3F800000u }, 0x00000000u,
      "window edge: (2 - 2^-23) 2^-25, 25 binades below, drops: +0" },
    { "dp3_legacy", { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x33800000u, 0x3F800000u }, 0x33800000u,
      "window edge: 2^-24, 24 binades below, is kept" },
    { "dp3_legacy", { 0x3F800000u, 0x3F800000u, 0xBF7FFFFEu, 0x3F800000u, 0x30800000u, 0x3F800000u }, 0x34000000u,
      "partial cancellation 1 - (1 - 2^-23) + 2^-30: 2^-23" },
    { "dp4_legacy", { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x30800000u, 0x3F800000u, 0x30800000u,
                      0x3F800000u }, 0x00000000u, "DP4 1 - 1 and both remaining terms 2^-30: +0, not 2^-29" },
    { "dp4_ieee", { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x33800000u, 0x3F800000u, 0x30800000u,
                    0x3F800000u }, 0x33800000u, "DP4 1 - 1 + 2^-24 + 2^-30: 2^-24 kept, 2^-30 dropped" },
    { "d2a_legacy", { 0x3F800000u, 0x3F800000u, 0xBF800000u, 0x3F800000u, 0x30800000u }, 0x00000000u,
      "D2A 1 - 1 + c = 2^-30: +0" },
    { "d2a_ieee", { 0xBF800000u, 0x3F800000u, 0x33400000u, 0x3F800000u, 0x3F800000u }, 0x00000000u,
      "D2A c cancels p0: -1 + 1.5 2^-25 + 1 = +0" },
    { "dp3_legacy", { 0x7F7FFFFFu, 0x3F800000u, 0x73000000u, 0x3F800000u, 0xFF800000u, 0x3F800000u }, 0xFFC00000u,
      "with an inf term nothing drops: (max + 2^103) overflows, + -inf = default NaN" },
};

int main(int argc, char **argv)
{
    return fpb::bench_main<Top>("fp_dot", argc, argv, kOps, sizeof kOps / sizeof kOps[0], kDirected,
                                sizeof kDirected / sizeof kDirected[0]);
}
