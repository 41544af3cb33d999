/* Interval arithmetic on fp32 bit patterns for the bounds mode (us_bound.h, docs/fp.md part C): widening by the
 * CTM's one bit, corner evaluation, the exact interval forms of the modifiers, OMOD and clamp, threshold
 * decisions, and the record of what the bounds cannot settle. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "golden/us_bound_ops.h"
#include "golden/us_fp.h"

#define SIGN 0x80000000u
#define MAG 0x7FFFFFFFu
#define INF 0x7F800000u
#define MIN_NORMAL 0x00800000u
#define MAX_FINITE 0x7F7FFFFFu

static uint32_t from_key(uint32_t k)
{
    return k >> 31 ? k & MAG : ~k;
}

static bool is_nan(uint32_t v)
{
    return (v & MAG) > INF;
}

/* One fp32 step in the direction dir (+1 up, -1 down) under FTZ: zeros, infinities and NaNs stay. */
static uint32_t step(uint32_t v, int dir)
{
    uint32_t m = v & MAG;
    if (m < MIN_NORMAL || m >= INF)
        return v;
    if (m == MAX_FINITE && ((v >> 31) ? dir < 0 : dir > 0))
        return v;
    uint32_t n = from_key(us_iv_key(v) + (uint32_t)dir);
    return (n & MAG) < MIN_NORMAL ? n & SIGN : n;
}

us_iv_t us_iv_widen(us_iv_t v)
{
    if (us_iv_exact(v) && is_nan(v.lo))
        return v;
    us_iv_t r = {step(v.lo, -1), step(v.hi, +1)};
    return r;
}

us_iv_t us_iv_widen_by(us_iv_t v, unsigned ulps, uint32_t abs_bits)
{
    if (us_iv_exact(v) && is_nan(v.lo))
        return v;
    us_iv_t r = v;
    for (unsigned i = 0; i < ulps; i++)
        r.lo = step(r.lo, -1), r.hi = step(r.hi, +1);
    if (abs_bits) {
        /* the model's add, then one more step out: the rounded sum may lie a half ulp inside */
        uint32_t lo = step(us_fp_add(r.lo, abs_bits | SIGN), -1), hi = step(us_fp_add(r.hi, abs_bits), +1);
        if (!is_nan(lo) && us_iv_key(lo) < us_iv_key(r.lo))
            r.lo = lo;
        if (!is_nan(hi) && us_iv_key(hi) > us_iv_key(r.hi))
            r.hi = hi;
    }
    return r;
}

us_iv_t us_iv_hull(us_iv_t a, us_iv_t b)
{
    us_iv_t r = {us_iv_key(a.lo) < us_iv_key(b.lo) ? a.lo : b.lo, us_iv_key(a.hi) > us_iv_key(b.hi) ? a.hi : b.hi};
    return r;
}

bool us_iv_corners(us_iv_t *out, const us_iv_t *in, unsigned n, us_iv_fn_t f, const void *ctx)
{
    /* Each argument's values to try: its ends, and +0 and -0 where a range holds them. A product with a zero is
     * zero whatever the other factor (the hardware's 0 x anything = 0, NaN and infinity included), so the ops are
     * not monotone across zero: a range's ends alone missed a NaN x +0 term (tb/fuzz/regress). */
    uint32_t cand[8][4], arg[8];
    unsigned ncand[8], total = 1;
    for (unsigned i = 0; i < n; i++) {
        ncand[i] = 0;
        cand[i][ncand[i]++] = in[i].lo;
        if (in[i].lo != in[i].hi) {
            cand[i][ncand[i]++] = in[i].hi;
            if (us_iv_contains(in[i], 0u))
                cand[i][ncand[i]++] = 0u;
            if (us_iv_contains(in[i], SIGN))
                cand[i][ncand[i]++] = SIGN;
        }
        total *= ncand[i];
    }
    bool any_nan = false, any_num = false, first = true;
    us_iv_t r = {0, 0};
    uint32_t first_nan = 0;
    for (unsigned m = 0; m < total; m++) {
        for (unsigned i = 0, k = m; i < n; k /= ncand[i], i++)
            arg[i] = cand[i][k % ncand[i]];
        uint32_t v = f(arg, ctx);
        if (is_nan(v)) {
            if (!any_nan)
                first_nan = v;
            any_nan = true;
            continue;
        }
        any_num = true;
        if (first) {
            r.lo = r.hi = v;
            first = false;
        } else {
            r = us_iv_hull(r, us_iv_point(v));
        }
    }
    if (any_nan && any_num)
        return false;
    *out = any_nan ? us_iv_point(first_nan) : r;
    return true;
}

us_iv_t us_iv_modify(us_iv_t v, unsigned mod)
{
    if (us_iv_exact(v))
        return us_iv_point(us_fp_modify(v.lo, mod));
    us_iv_t neg = {v.hi ^ SIGN, v.lo ^ SIGN}, r;
    bool nonneg = !(v.lo >> 31), nonpos = v.hi >> 31; /* a range holds no NaN: the sign bit orders */
    switch (mod & 3u) {
    case 1: return neg;
    case 2:
        if (nonneg)
            return v;
        if (nonpos)
            return neg;
        r.lo = 0;
        r.hi = us_iv_key(v.hi) > us_iv_key(v.lo ^ SIGN) ? v.hi : v.lo ^ SIGN;
        return r;
    case 3: return us_iv_modify(us_iv_modify(v, 2), 1);
    default: return v;
    }
}

us_iv_t us_iv_omod(us_iv_t v, unsigned omod)
{
    us_iv_t r = {us_fp_omod(v.lo, omod), us_fp_omod(v.hi, omod)}; /* monotone: scaling, flush, overflow */
    return r;
}

us_iv_t us_iv_clamp01(us_iv_t v)
{
    us_iv_t r = {us_fp_clamp01(v.lo), us_fp_clamp01(v.hi)};
    return r;
}

int us_iv_decide(us_iv_t v, bool (*pred)(uint32_t v, unsigned arg), unsigned arg)
{
    static const uint32_t thresholds[] = {SIGN, 0u, US_FP_HALF, US_FP_HALF + 1u};
    bool first = pred(v.lo, arg);
    if (pred(v.hi, arg) != first)
        return -1;
    if (!us_iv_exact(v))
        for (unsigned i = 0; i < sizeof thresholds / sizeof thresholds[0]; i++) {
            uint32_t t = thresholds[i];
            if (us_iv_key(t) > us_iv_key(v.lo) && us_iv_key(t) < us_iv_key(v.hi) && pred(t, arg) != first)
                return -1;
        }
    return first;
}

void us_bound_unstable(us_bounds_t *b, unsigned pc, unsigned pixel, const char *fmt, ...)
{
    if (!b->unstable++) {
        b->first_pc = pc;
        b->first_pixel = pixel;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(b->why, sizeof b->why, fmt, ap);
        va_end(ap);
    }
}

void us_bound_write_temp(us_bounds_t *b, unsigned addr, unsigned pixel, uint8_t mask, const us_iv_t iv[4])
{
    for (unsigned c = 0; c < 4; c++)
        if (mask >> c & 1u)
            b->temp[pixel][addr][c] = iv[c];
}

void us_bounds_init(us_bounds_t *b, const us_quad_t *q)
{
    memset(b, 0, sizeof *b);
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++)
            for (unsigned c = 0; c < 4; c++)
                b->temp[p][a][c] = us_iv_point(q->temp[p][a][c]);
}

bool us_iv_contains(us_iv_t iv, uint32_t v)
{
    if (us_iv_exact(iv) || is_nan(v))
        return v == iv.lo;
    return us_iv_key(v) >= us_iv_key(iv.lo) && us_iv_key(v) <= us_iv_key(iv.hi);
}

uint64_t us_iv_ulps(us_iv_t iv, uint32_t v)
{
    uint32_t k = us_iv_key(v), lo = us_iv_key(iv.lo), hi = us_iv_key(iv.hi);
    if (k < lo)
        return (uint64_t)lo - k;
    if (k > hi)
        return (uint64_t)k - hi;
    return 0;
}
