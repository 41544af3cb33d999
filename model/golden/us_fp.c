/* The basic fp32 ops of the US (everything in us_fp.h but the transcendentals and the lane forms): the scalar API
 * over the inline kernels of us_fp_core.h. docs/fp.md part A states the arithmetic rule by rule. */
#include "golden/us_fp_core.h"

uint32_t us_fp_add(uint32_t a, uint32_t b) { return fp_add(a, b); }

uint32_t us_fp_mul(uint32_t a, uint32_t b, bool zero_legacy) { return fp_mul(a, b, zero_legacy); }

uint32_t us_fp_mad(uint32_t a, uint32_t b, uint32_t c, bool zero_legacy) { return fp_mad(a, b, c, zero_legacy); }

uint32_t us_fp_dp3(const uint32_t a[3], const uint32_t b[3], bool zero_legacy) { return fp_dp3(a, b, zero_legacy); }

uint32_t us_fp_dp4(const uint32_t a[4], const uint32_t b[4], bool zero_legacy) { return fp_dp4(a, b, zero_legacy); }

uint32_t us_fp_d2a(const uint32_t a[2], const uint32_t b[2], uint32_t c, bool zero_legacy)
{
    return fp_d2a(a, b, c, zero_legacy);
}

uint32_t us_fp_min(uint32_t a, uint32_t b) { return fp_min(a, b); }

uint32_t us_fp_max(uint32_t a, uint32_t b) { return fp_max(a, b); }

uint32_t us_fp_cmp(uint32_t a, uint32_t b, uint32_t c) { return fp_cmp(a, b, c); }

uint32_t us_fp_cnd(uint32_t a, uint32_t b, uint32_t c) { return fp_cnd(a, b, c); }

uint32_t us_fp_frc(uint32_t a) { return fp_frc(a); }

uint32_t us_fp_omod(uint32_t r, unsigned omod) { return fp_omod(r, omod); }

uint32_t us_fp_clamp01(uint32_t r) { return fp_clamp01(r); }

bool us_fp_cmp0(uint32_t v, unsigned op) { return fp_cmp0(v, op); }
