/* The basic fp32 ops over flat arrays of lanes (us_fp.h, "Lane forms"): one call per instruction and unit instead
 * of one per pixel and channel, each lane through the very kernels of the scalar API (us_fp_core.h), so the
 * results are the scalar ones bit for bit. Loops without calls the compiler can unroll and keep in registers. */
#include "golden/us_fp_core.h"
#include "golden/us_fp_x4.h"

void us_fp_add_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        r[i] = fp_add(a[i], b[i]);
}

void us_fp_mul_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, bool zero_legacy)
{
    for (unsigned i = 0; i < n; i++)
        r[i] = fp_mul(a[i], b[i], zero_legacy);
}

void us_fp_mad_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n,
                     bool zero_legacy)
{
    for (unsigned i = 0; i < n; i++)
        r[i] = fp_mad(a[i], b[i], c[i], zero_legacy);
}

/* Terms channel by channel: term t of lane i at [t * n + i]. */
void us_fp_dp3_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, bool zero_legacy)
{
    for (unsigned i = 0; i < n; i++) {
        const uint32_t ta[3] = {a[i], a[n + i], a[2 * n + i]}, tb[3] = {b[i], b[n + i], b[2 * n + i]};
        r[i] = fp_dp3(ta, tb, zero_legacy);
    }
}

void us_fp_dp4_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, bool zero_legacy)
{
    for (unsigned i = 0; i < n; i++) {
        const uint32_t ta[4] = {a[i], a[n + i], a[2 * n + i], a[3 * n + i]};
        const uint32_t tb[4] = {b[i], b[n + i], b[2 * n + i], b[3 * n + i]};
        r[i] = fp_dp4(ta, tb, zero_legacy);
    }
}

void us_fp_d2a_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n,
                     bool zero_legacy)
{
    for (unsigned i = 0; i < n; i++) {
        const uint32_t ta[2] = {a[i], a[n + i]}, tb[2] = {b[i], b[n + i]};
        r[i] = fp_d2a(ta, tb, c[i], zero_legacy);
    }
}

/* The selects four lanes at a time (us_fp_x4.h), the last n % 4 one by one. */
void us_fp_min_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n)
{
    unsigned i = 0;
    for (; i + 4u <= n; i += 4u)
        u32x4_store(r + i, us_fp_min_x4(u32x4_load(a + i), u32x4_load(b + i)));
    for (; i < n; i++)
        r[i] = fp_min(a[i], b[i]);
}

void us_fp_max_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n)
{
    unsigned i = 0;
    for (; i + 4u <= n; i += 4u)
        u32x4_store(r + i, us_fp_max_x4(u32x4_load(a + i), u32x4_load(b + i)));
    for (; i < n; i++)
        r[i] = fp_max(a[i], b[i]);
}

void us_fp_cmp_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n)
{
    unsigned i = 0;
    for (; i + 4u <= n; i += 4u)
        u32x4_store(r + i, us_fp_cmp_x4(u32x4_load(a + i), u32x4_load(b + i), u32x4_load(c + i)));
    for (; i < n; i++)
        r[i] = fp_cmp(a[i], b[i], c[i]);
}

void us_fp_cnd_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n)
{
    unsigned i = 0;
    for (; i + 4u <= n; i += 4u)
        u32x4_store(r + i, us_fp_cnd_x4(u32x4_load(a + i), u32x4_load(b + i), u32x4_load(c + i)));
    for (; i < n; i++)
        r[i] = fp_cnd(a[i], b[i], c[i]);
}

void us_fp_frc_lanes(uint32_t *r, const uint32_t *a, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        r[i] = fp_frc(a[i]);
}

/* OMOD 7 (pass) is the common MIN/MAX/CMP/CND case and costs nothing; otherwise one scale for all lanes, four at
 * a time (us_fp_x4.h), the last n % 4 one by one. */
void us_fp_omod_clamp_lanes(uint32_t *r, unsigned n, unsigned omod, bool clamp)
{
    unsigned n4 = n & ~3u;
    if ((omod & 7u) != 7u) {
        int32_t k = omod_log2(omod & 7u);
        for (unsigned i = 0; i < n4; i += 4)
            u32x4_store(r + i, us_fp_omod_scale_x4(u32x4_load(r + i), k));
        for (unsigned i = n4; i < n; i++)
            r[i] = omod_scale(r[i], k);
    }
    if (clamp) {
        for (unsigned i = 0; i < n4; i += 4)
            u32x4_store(r + i, us_fp_clamp01_x4(u32x4_load(r + i)));
        for (unsigned i = n4; i < n; i++)
            r[i] = fp_clamp01(r[i]);
    }
}

/* Four lanes at a time (us_fp_x4.h, the ALU's predicate writes use the same), the last n % 4 one by one. */
uint32_t us_fp_cmp0_lanes(const uint32_t *v, unsigned n, unsigned op)
{
    uint32_t bits = 0;
    unsigned i = 0;
    for (; i + 4u <= n; i += 4u) {
        u32x4 h = us_fp_cmp0_x4(u32x4_load(v + i), op);
        bits |= ((h[0] & 1u) | (h[1] & 2u) | (h[2] & 4u) | (h[3] & 8u)) << i;
    }
    for (; i < n; i++)
        bits |= (uint32_t)fp_cmp0(v[i], op) << i;
    return bits;
}
