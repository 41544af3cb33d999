/* Shared by test_mpfr_trans.c and sweep_trans.c: the ops, their documented bounds, the special values whose
 * result is one exact bit pattern (docs/fp.md part B.5) and the error measure (part B.7). Host floating point
 * is allowed here: this is the oracle side. */
#ifndef TRANS_ORACLE_H
#define TRANS_ORACLE_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "golden/us_fp.h"

enum op { RCP, RSQ, EX2, LN2, SIN, COS, N_OPS };
static const char *const op_names[N_OPS] = {"rcp", "rsq", "ex2", "ln2", "sin", "cos"};
static uint32_t (*const op_fns[N_OPS])(uint32_t) = {us_fp_rcp, us_fp_rsq, us_fp_ex2,
                                                       us_fp_ln2, us_fp_sin, us_fp_cos};
/* The documented bounds: ulps of the exact result, and absolute (0: none). LN2 also holds the absolute bound
 * on [0.5, 2); SIN and COS hold both for every finite input. */
static const double ulp_bound[N_OPS] = {1.0, 1.0, 2.0, 2.0, 2.0, 2.0};
static const double abs_bound[N_OPS] = {0, 0, 0, 0x1p-22, 0x1p-20, 0x1p-20};

#define DEFAULT_NAN 0xFFC00000u
#define TWO_PI 6.283185307179586476925286766559
#define POS_INF 0x7F800000u

static float as_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* --- special values: inputs whose result is one exact bit pattern (docs/fp.md part B) --- */

/* sin(2 pi t) for t in [0,1), t exact: reduced exactly to [0, 1/8] so that libm stays relatively accurate. */
static double sin_turns(double t)
{
    double s = 1.0;
    if (t >= 0.5) {
        t -= 0.5;
        s = -1.0;
    }
    if (t > 0.25)
        t = 0.5 - t;
    if (t > 0.125)
        return s * cos(TWO_PI * (0.25 - t));
    return s * sin(TWO_PI * t);
}

static bool special(enum op op, uint32_t a, uint32_t *want)
{
    uint32_t sign = a & 0x80000000u, e = (a >> 23) & 0xFFu, frac = a & 0x7FFFFFu;
    if (e == 0xFFu && frac) {
        *want = a | 0x400000u;
        return true;
    }
    bool zero = e == 0, inf = e == 0xFFu;
    double x = fabs((double)as_float(a));
    switch (op) {
    case RCP:
        if (zero || inf)
            *want = sign | (zero ? POS_INF : 0);
        else if (frac == 0) /* 1/2^k = 2^-k exactly, or flushed to zero for 2^127 */
            *want = e == 254 ? sign : sign | (254 - e) << 23;
        else
            return false;
        return true;
    case RSQ:
        if (zero)
            *want = sign | POS_INF;
        else if (sign)
            *want = DEFAULT_NAN;
        else if (inf)
            *want = 0;
        else if (frac == 0 && (e & 1)) /* 1/sqrt(2^2h) = 2^-h exactly */
            *want = (127 - ((int)e - 127) / 2) << 23;
        else
            return false;
        return true;
    case EX2:
        if (zero)
            *want = 0x3F800000u;
        else if (inf)
            *want = sign ? 0 : POS_INF;
        else if (x == floor(x) && x <= 126 + !sign) /* 2^n, exact */
            *want = (uint32_t)(127 + (sign ? -(int)x : (int)x)) << 23;
        else
            return false;
        return true;
    case LN2:
        if (zero)
            *want = 0xFF800000u;
        else if (sign)
            *want = DEFAULT_NAN;
        else if (inf)
            *want = POS_INF;
        else if (frac == 0) { /* log2(2^k) = k, exact; log2(1) = +0 */
            float k = (float)((int)e - 127);
            memcpy(want, &k, sizeof *want);
        } else
            return false;
        return true;
    case SIN:
    case COS: {
        if (inf) {
            *want = DEFAULT_NAN;
            return true;
        }
        double t = zero ? 0.0 : x - floor(x); /* exact */
        if (t != 0.0 && t != 0.25 && t != 0.5 && t != 0.75)
            return false;
        double v = op == SIN ? sin_turns(t) : sin_turns(fmod(t + 0.25, 1.0));
        if (op == SIN && sign)
            v = -v;
        v = round(v); /* -1, 0, 1 exactly */
        if (v == 0.0) /* zeros: sign of a for sin, +0 for cos */
            *want = op == SIN ? sign : 0;
        else
            *want = v > 0 ? 0x3F800000u : 0xBF800000u;
        return true;
    }
    default:
        return false;
    }
}


/* Error of result r against the exact value v, in ulps of v (fp32 ulp, exponent unbounded) and absolute.
 * Flush to zero and overflow are exact answers: a zero for |v| < 2^-126 and an infinity for |v| >= 2^128 (of
 * the sign of v) have no error; otherwise an infinity counts as 2^128. */
static void measure(uint32_t r, double v, double *ulps, double *abs_err)
{
    if (((r >> 23) & 0xFFu) == 0xFFu && (r & 0x7FFFFFu)) {
        *ulps = *abs_err = INFINITY;
        return;
    }
    bool r_inf = ((r >> 23) & 0xFFu) == 0xFFu;
    double rv = r_inf ? copysign(0x1p128, as_float(r)) : (double)as_float(r);
    bool same_sign = signbit(rv) == signbit(v);
    if ((rv == 0.0 && fabs(v) < 0x1p-126 && (same_sign || v == 0.0)) || (r_inf && fabs(v) >= 0x1p128 && same_sign)) {
        *ulps = *abs_err = 0.0;
        return;
    }
    if (isinf(v)) {
        *ulps = *abs_err = INFINITY;
        return;
    }
    if (v == 0.0) {
        *ulps = *abs_err = rv == 0.0 ? 0.0 : INFINITY;
        return;
    }
    *abs_err = fabs(rv - v);
    *ulps = *abs_err / ldexp(1.0, ilogb(v) - 23);
}

static bool near1(uint32_t a) { return a >= 0x3F000000u && a < 0x40000000u; } /* [0.5, 2) */

/* Share of the bound used, over both bounds; > 1 is a violation. */
static double bound_share(enum op op, uint32_t a, double ulps, double abs_err)
{
    double s = ulps / ulp_bound[op];
    if (op == LN2 && near1(a))
        s = fmax(s, abs_err / abs_bound[op]);
    if (op == SIN || op == COS)
        s = fmax(s, abs_err / abs_bound[op]);
    return s;
}

#endif
