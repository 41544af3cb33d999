/* Internal to the bounds mode (us_bound.h): interval arithmetic on fp32 bit patterns, shared by the ALU and TEX
 * units and the bounds of the ALU ops (us_bound_alu.c). docs/fp.md part C is the statement. */
#ifndef US_BOUND_OPS_H
#define US_BOUND_OPS_H

#include "golden/us_alu_plan.h"
#include "golden/us_bound.h"

static inline us_iv_t us_iv_point(uint32_t v)
{
    us_iv_t r = {v, v};
    return r;
}

/* One ulp further out at each end (CTM p.41: "within one bit on each input"). Zeros, infinities and NaNs stay;
 * a step into the denormals flushes to zero; the largest finite value does not step to infinity. */
us_iv_t us_iv_widen(us_iv_t v);

/* Each end moved out by `ulps` steps and by `abs_bits` (an fp32 magnitude, 0 for none), for a transcendental's
 * tolerance. */
us_iv_t us_iv_widen_by(us_iv_t v, unsigned ulps, uint32_t abs_bits);

us_iv_t us_iv_hull(us_iv_t a, us_iv_t b);

/* f evaluated at every corner of the box in[0..n-1] (n <= 8), and at +0 and -0 of each range that holds them (0 x
 * anything = 0: no op is monotone across a zero): the hull of the results in *out. False when some give a NaN and
 * others a number (whether the hardware gives a NaN is then not settled); all NaN gives the first one's NaN as a
 * point. */
typedef uint32_t (*us_iv_fn_t)(const uint32_t *arg, const void *ctx);
bool us_iv_corners(us_iv_t *out, const us_iv_t *in, unsigned n, us_iv_fn_t f, const void *ctx);

/* The input modifiers, OMOD and clamp, applied exactly to an interval. */
us_iv_t us_iv_modify(us_iv_t v, unsigned mod);
us_iv_t us_iv_omod(us_iv_t v, unsigned omod);
us_iv_t us_iv_clamp01(us_iv_t v);

/* A threshold test over an interval: 1 or 0 when it gives that everywhere in v, -1 when both. pred is tried at the
 * ends and at the thresholds the hardware compares with (+-0, 0.5) that lie inside. */
int us_iv_decide(us_iv_t v, bool (*pred)(uint32_t v, unsigned arg), unsigned arg);

/* Records a decision the bounds do not settle (the first one's place and text are kept). */
void us_bound_unstable(us_bounds_t *b, unsigned pc, unsigned pixel, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

void us_bound_write_temp(us_bounds_t *b, unsigned addr, unsigned pixel, uint8_t mask, const us_iv_t iv[4]);

/* The bounds of an ALU instruction's results (before OMOD and clamp are applied by the caller? no: final, as
 * written) for every pixel in `writers`: res[p][c], c = r g b a. Reads the bounds of the sources. */
void us_bound_alu(const us_exec_t *x, const us_alu_plan_t *pl, uint8_t writers, us_iv_t res[US_NPIX][4]);

#endif
