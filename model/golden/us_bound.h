/* The model's second mode: bounds on every value the hardware's rounding may give (docs/fp.md part C).
 *
 * The CTM guide does not promise IEEE rounding: "most ALU ops are accurate to within one bit on each input;
 * transcendentals have larger tolerances" (facts 123-124, 140, p.41-42). A quad run with bounds carries, beside
 * each exact value, an interval [lo, hi] of fp32 values a correct chip may produce there: every arithmetic op
 * spans what it gives on inputs each within one ulp of the interval's ends (its corners), a transcendental is
 * widened by its docs/fp.md bound twice over, and a select (MIN, MAX, CMP, CND), a move by select, a texel, a
 * constant or an input is copied exactly. Control follows the exact run; where a decision the hardware makes
 * (a predicate, the ALU result, a CMP/CND choice, a TEXKILL, a texel) comes out differently somewhere inside
 * the bounds, the run is unstable and says where. */
#ifndef US_BOUND_H
#define US_BOUND_H

#include "golden/us_model.h"

/* An fp32 interval as bit patterns: lo == hi is exact (a NaN only ever as such a point); otherwise every value
 * between lo and hi in the order -inf < ... < -0 < +0 < ... < +inf. */
typedef struct us_iv {
    uint32_t lo, hi;
} us_iv_t;

#define US_BOUND_WHY 200u

typedef struct us_bounds {
    us_iv_t temp[US_NPIX][US_NTEMP][4];
    us_iv_t out[4][US_NPIX][4];
    us_iv_t w[US_NPIX];
    unsigned unstable;               /* decisions the bounds could not settle */
    unsigned first_pc, first_pixel;  /* where the first one was */
    char why[US_BOUND_WHY];          /* what it was */
} us_bounds_t;

/* Points at the quad's current temporaries (its inputs), nothing unstable. */
void us_bounds_init(us_bounds_t *b, const us_quad_t *q);

/* us_quad_step, carrying the bounds along (b may be NULL). */
bool us_quad_step_bounded(us_quad_t *q, const us_shader_t *sh, us_retire_t *r, us_bounds_t *b);

static inline bool us_iv_exact(us_iv_t v)
{
    return v.lo == v.hi;
}

/* The fp32 order as unsigned integers: -inf < ... < -0 < +0 < ... < +inf (NaNs beyond the infinities). */
static inline uint32_t us_iv_key(uint32_t v)
{
    return v >> 31 ? ~v : v | 0x80000000u;
}

/* Whether the value v lies in the interval (an exact NaN matches only the same bits). */
bool us_iv_contains(us_iv_t iv, uint32_t v);

/* Distance from v to the interval in fp32 steps (0 inside). */
uint64_t us_iv_ulps(us_iv_t iv, uint32_t v);

#endif
