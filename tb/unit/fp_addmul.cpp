// Unit bench: us_fp_add and us_fp_mul (both US_CONFIG zero_legacy settings) against the C golden model, bit for
// bit. The driver and its modes are in fp_bench.h.
#include "Vfp_addmul_top.h"
#include "fp_bench.h"

using Top = Vfp_addmul_top;

static uint32_t m_add(const uint32_t *v) { return us_fp_add(v[0], v[1]); }
static uint32_t m_mul_legacy(const uint32_t *v) { return us_fp_mul(v[0], v[1], true); }
static uint32_t m_mul_ieee(const uint32_t *v) { return us_fp_mul(v[0], v[1], false); }

static uint32_t r_add(Top &t, const uint32_t *v)
{
    t.a_i = v[0];
    t.b_i = v[1];
    t.eval();
    return t.sum_o;
}

static uint32_t r_mul(Top &t, const uint32_t *v, bool legacy)
{
    t.a_i = v[0];
    t.b_i = v[1];
    t.zero_legacy_i = legacy;
    t.eval();
    return t.prod_o;
}
static uint32_t r_mul_legacy(Top &t, const uint32_t *v) { return r_mul(t, v, true); }
static uint32_t r_mul_ieee(Top &t, const uint32_t *v) { return r_mul(t, v, false); }

static const fpb::Op<Top> kOps[] = {
    { "add", 0, 2, m_add, r_add, false },
    { "mul_legacy", 1, 0, m_mul_legacy, r_mul_legacy, false },
    { "mul_ieee", 1, 0, m_mul_ieee, r_mul_ieee, false },
};

// docs/fp.md part A, A.2 ADD and MUL.
static const fpb::Directed kDirected[] = {
    { "mul_ieee", { 0x3F7FFFFEu, 0x00800001u }, 0x00800000u, "2^-126(1-2^-46) rounds up to 2^-126: kept" },
    { "mul_ieee", { 0x32612000u, 0x0D918E00u }, 0x00800000u, "2^-126(1-2^-25), a tie, rounds to even: kept" },
    { "mul_ieee", { 0x3F7FFFFFu, 0x00800000u }, 0x00000000u, "exact 2^-126(1-2^-24) is tiny: +0" },
    { "mul_ieee", { 0xBF7FFFFFu, 0x00800000u }, 0x80000000u, "flushed result keeps its sign" },
    { "mul_ieee", { 0x00000001u, 0x7F800000u }, 0xFFC00000u, "denormal x inf = 0 x inf: default NaN" },
    { "mul_ieee", { 0x7F800001u, 0x00000000u }, 0x7FC00001u, "IEEE: sNaN x 0 is the quieted NaN" },
    { "mul_legacy", { 0x80000001u, 0x7FC12345u }, 0x80000000u, "legacy: -denormal x NaN = -0" },
    { "mul_legacy", { 0xFF800000u, 0x00000000u }, 0x80000000u, "legacy: -inf x +0 = -0" },
    { "mul_ieee", { 0x7F000000u, 0x40000000u }, 0x7F800000u, "2^127 x 2 overflows to inf" },
    { "add", { 0x00C00000u, 0x80A00000u }, 0x00000000u, "1.5*2^-126 - 1.25*2^-126 is tiny: +0" },
    { "add", { 0x80C00000u, 0x00A00000u }, 0x80000000u, "... reversed signs: -0 (sign of the exact result)" },
    { "add", { 0x3F800000u, 0xBF800000u }, 0x00000000u, "x + (-x) = +0" },
    { "add", { 0x80000000u, 0x80000000u }, 0x80000000u, "-0 + -0 = -0" },
    { "add", { 0x80000001u, 0x00000000u }, 0x00000000u, "-denormal + +0 = -0 + +0 = +0" },
    { "add", { 0x80000001u, 0x80000001u }, 0x80000000u, "-denormal + -denormal = -0" },
    { "add", { 0x7F7FFFFFu, 0x73000000u }, 0x7F800000u, "max + half an ulp: tie to even rounds up: inf" },
    { "add", { 0x7F7FFFFFu, 0x72FFFFFFu }, 0x7F7FFFFFu, "max + just under half an ulp: max" },
    { "add", { 0x3F800000u, 0xB3400000u }, 0x3F7FFFFFu, "1 - 1.5*2^-25: a far-aligned operand still counts" },
    { "add", { 0x7FC00001u, 0xFFC00002u }, 0x7FC00001u, "two NaNs: the first" },
    { "add", { 0xFFC00002u, 0x7F800001u }, 0xFFC00002u, "qNaN + sNaN: still the first" },
    { "add", { 0x3F800000u, 0xFF800001u }, 0xFFC00001u, "a sNaN comes back quieted, payload kept" },
    { "add", { 0x7F800000u, 0xFF800000u }, 0xFFC00000u, "inf - inf: default NaN" },
};

int main(int argc, char **argv)
{
    return fpb::bench_main<Top>("fp_addmul", argc, argv, kOps, sizeof kOps / sizeof kOps[0], kDirected,
                                sizeof kDirected / sizeof kDirected[0]);
}
