// Unit bench: us_fp_minmax (MIN, MAX) and us_fp_sel (CMP, CND) against the C golden model, bit for bit. The driver
// is in fp_bench.h.
#include "Vfp_select_top.h"
#include "fp_bench.h"

using Top = Vfp_select_top;

static uint32_t m_min(const uint32_t *v) { return us_fp_min(v[0], v[1]); }
static uint32_t m_max(const uint32_t *v) { return us_fp_max(v[0], v[1]); }
static uint32_t m_cmp(const uint32_t *v) { return us_fp_cmp(v[0], v[1], v[2]); }
static uint32_t m_cnd(const uint32_t *v) { return us_fp_cnd(v[0], v[1], v[2]); }

static uint32_t r_minmax(Top &t, const uint32_t *v, bool max)
{
    t.a_i = v[0];
    t.b_i = v[1];
    t.max_i = max;
    t.eval();
    return t.minmax_o;
}
static uint32_t r_min(Top &t, const uint32_t *v) { return r_minmax(t, v, false); }
static uint32_t r_max(Top &t, const uint32_t *v) { return r_minmax(t, v, true); }

static uint32_t r_sel(Top &t, const uint32_t *v, bool cnd)
{
    t.a_i = v[0];
    t.b_i = v[1];
    t.c_i = v[2];
    t.cnd_i = cnd;
    t.eval();
    return t.sel_o;
}
static uint32_t r_cmp(Top &t, const uint32_t *v) { return r_sel(t, v, false); }
static uint32_t r_cnd(Top &t, const uint32_t *v) { return r_sel(t, v, true); }

static const fpb::Op<Top> kOps[] = {
    { "min", 0, 2, m_min, r_min, false },
    { "max", 0, 2, m_max, r_max, false },
    { "cmp", 0, 3, m_cmp, r_cmp, false },
    { "cnd", 0, 3, m_cnd, r_cnd, false },
};

// docs/fp.md A.2 MIN, MAX, CMP, CND.
static const fpb::Directed kDirected[] = {
    { "min", { 0x00000000u, 0x80000001u }, 0x80000001u, "+0 vs -denormal (-0): b, its raw bits (CTM p.42)" },
    { "min", { 0x80000001u, 0x3F800000u }, 0x80000001u, "a denormal chosen comes out bit-exact (CTM p.42)" },
    { "min", { 0x807FFFFFu, 0x80000001u }, 0x80000001u, "two denormals compare equal (DAZ): b" },
    { "min", { 0x3F800000u, 0x7F800001u }, 0x7F800001u, "NaN b returned as it is, not quieted" },
    { "min", { 0x7F800001u, 0x3F800000u }, 0x3F800000u, "NaN a: b" },
    { "max", { 0x00000000u, 0x80000000u }, 0x80000000u, "max(+0,-0) = -0 (b)" },
    { "max", { 0x80000000u, 0x00000000u }, 0x00000000u, "max(-0,+0) = +0 (b)" },
    { "max", { 0x00000001u, 0xBF800000u }, 0x00000001u, "max(denormal,-1) = the denormal, bit-exact" },
    { "max", { 0xFFA00005u, 0x3F800000u }, 0x3F800000u, "sNaN a: b (CTM p.42)" },
    { "max", { 0x3F800000u, 0xFFA00005u }, 0xFFA00005u, "sNaN b: returned unchanged, not quieted" },
    { "cmp", { 0x3F800000u, 0x40000000u, 0x80000001u }, 0x3F800000u, "c = -denormal reads -0 >= 0: a" },
    { "cmp", { 0x3F800000u, 0x40000000u, 0x7FC00000u }, 0x40000000u, "c = NaN: b" },
    { "cmp", { 0x80000001u, 0x40000000u, 0x00000000u }, 0x80000001u, "the selected denormal is bit-exact" },
    { "cmp", { 0x7F800001u, 0x40000000u, 0x00000000u }, 0x7F800001u, "a selected sNaN a keeps its payload" },
    { "cmp", { 0x3F800000u, 0xFFD0F00Du, 0xBF800000u }, 0xFFD0F00Du, "a selected NaN b keeps its payload" },
    { "cnd", { 0x7FC12345u, 0x40000000u, 0x3F800000u }, 0x7FC12345u, "NaN a chosen by c: returned (only c decides)" },
    { "cnd", { 0x3F800000u, 0x007FFFFFu, 0x7FC00000u }, 0x007FFFFFu, "NaN c: b, a denormal, bit-exact" },
    { "cnd", { 0x3F800000u, 0x40000000u, 0x3F000000u }, 0x40000000u, "c = 0.5: b" },
    { "cnd", { 0x3F800000u, 0x40000000u, 0x3F000001u }, 0x3F800000u, "c just above 0.5: a" },
    { "cnd", { 0x3F800000u, 0x40000000u, 0xFFC00000u }, 0x40000000u, "c = NaN: b" },
};

int main(int argc, char **argv)
{
    return fpb::bench_main<Top>("fp_select", argc, argv, kOps, sizeof kOps / sizeof kOps[0], kDirected,
                                sizeof kDirected / sizeof kDirected[0]);
}
