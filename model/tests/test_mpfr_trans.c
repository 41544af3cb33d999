/* RCP, RSQ, EX2, LN2, SIN, COS against MPFR: 1,000,000 inputs per op (random bit patterns, the ranges where
 * each function is delicate, every special value), checked against the bounds and special values of
 * docs/fp.md part B. Prints per op the worst errors and their inputs; exits 1 on any violation.
 *
 *   test_mpfr_trans [inputs_per_op [seed]]
 *
 * The special-value rules and the error measure are kept in step with sweep_trans.c (the exhaustive sweep). */
#include <math.h>
#include <mpfr.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test_rng.h"
#include "us_fp.h"

enum op { RCP, RSQ, EX2, LN2, SIN, COS, N_OPS };
static const char *const op_names[N_OPS] = {"rcp", "rsq", "ex2", "ln2", "sin", "cos"};
static uint32_t (*const op_fns[N_OPS])(uint32_t) = {us_fp_rcp, us_fp_rsq, us_fp_ex2,
                                                       us_fp_ln2, us_fp_sin, us_fp_cos};
/* The documented bounds: ulps of the exact result, and absolute (0: none). LN2 also holds the absolute bound
 * on [0.5, 2); SIN and COS hold both for every finite input. */
static const double ulp_bound[N_OPS] = {1.0, 1.0, 2.0, 2.0, 2.0, 2.0};
static const double abs_bound[N_OPS] = {0, 0, 0, 0x1p-22, 0x1p-20, 0x1p-20};

#define DEFAULT_NAN 0xFFC00000u
#define POS_INF 0x7F800000u
#define TWO_PI 6.283185307179586476925286766559

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

/* sin(2 pi t) for t in [0,1), t exact: reduced exactly to [0, 1/8] (used here only at the exact points). */
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
        else if (frac == 0) /* log2(2^k) = k, exact; log2(1) = +0 */
            *want = float_bits((float)((int)e - 127));
        else
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

/* --- the oracle: MPFR at 64 bits, then to double (2^-53 relative: nothing against fp32 ulps) --- */

static mpfr_t mx, mr;

static double exact(enum op op, uint32_t a)
{
    mpfr_set_d(mx, (double)as_float(a), MPFR_RNDN);
    switch (op) {
    case RCP: mpfr_ui_div(mr, 1, mx, MPFR_RNDN); break;
    case RSQ: mpfr_rec_sqrt(mr, mx, MPFR_RNDN); break;
    case EX2: mpfr_exp2(mr, mx, MPFR_RNDN); break;
    case LN2: mpfr_log2(mr, mx, MPFR_RNDN); break;
    case SIN: mpfr_sinu(mr, mx, 1, MPFR_RNDN); break; /* sin(2 pi x / 1) */
    default: mpfr_cosu(mr, mx, 1, MPFR_RNDN); break;
    }
    return mpfr_get_d(mr, MPFR_RNDN);
}

/* --- the error measure --- */

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

/* --- inputs --- */

static const uint32_t special_inputs[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00400000u, /* zeros, denormals */
    0x00800000u, 0x80800000u, 0x00800001u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F000000u, 0xFF000000u, /* min, max */
    0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u, 0x7FBFFFFFu, /* inf, NaN */
    0x7FFFFFFFu, 0x7FA12345u, 0xFF812345u,
    0x3F800000u, 0xBF800000u, 0x40000000u, 0x3F000000u, 0x3F7FFFFFu, 0x3F800001u, 0x3FFFFFFFu, /* around 1 */
    0x3E800000u, 0x3F400000u, 0xBE800000u, 0xBF400000u, 0x3E000000u, 0x3EC00000u,          /* quarter turns */
    0x4B000000u, 0x4B000001u, 0xCB000001u, 0x4AFFFFFFu, 0x4B7FFFFFu, 0x44800000u, 0xC4800000u, /* 2^23, 2^10 */
    0x42FE0000u, 0x43000000u, 0x42FFFFFFu, 0xC2FC0000u, 0xC2FE0000u, 0xC3000000u, 0xC2FDFFFFu, /* EX2 limits */
    0xC2FC0001u, 0xC3150000u, 0xC3160000u, 0x42FEFFFFu, 0xC2FE0001u, 0xC2FBFFFFu,
    0x3FB504F3u, 0x3F3504F3u, 0x3FC00000u, 0x3FBFFFFFu, 0x3E7FFFFFu, 0x3E800001u, /* LN2 d-range ends */
};

static uint32_t rand_float(double lo, double hi)
{
    double hi_bits = (double)rnd();
    double u = hi_bits * 0x1p-32 + (double)rnd() * 0x1p-64;
    return float_bits((float)(lo + (hi - lo) * u));
}

/* A random positive normal in the binade 2^k (k in [-126, 127]). */
static uint32_t rand_binade(int k)
{
    return ((uint32_t)(k + 127) << 23) | (rnd() & 0x7FFFFFu);
}

/* Input number i of op: the special inputs first, then a mix of random bit patterns and the delicate ranges. */
static uint32_t input(enum op op, uint32_t i)
{
    uint32_t n_special = sizeof special_inputs / sizeof special_inputs[0];
    if (i < n_special)
        return special_inputs[i];
    uint32_t kind = rnd() % 4, sign = rnd() & 0x80000000u;
    if (kind == 0)
        return rnd(); /* any bit pattern */
    switch (op) {
    case RCP:
        return sign | rand_binade((int)(rnd() % 254) - 126); /* every binade, both signs */
    case RSQ:
        return kind == 1 ? rand_binade((int)(rnd() % 254) - 126) : rand_binade((int)(rnd() % 4) - 2);
    case EX2:
        return kind == 1 ? rand_float(-150.0, 130.0) : rand_float(-2.0, 2.0);
    case LN2:
        if (kind == 1) { /* 1 + or - a small amount, down to one ulp */
            uint32_t shift = rnd() % 32, step = (rnd() >> shift) % 0x800000u;
            return sign ? 0x3F800000u - 1 - step : 0x3F800000u + 1 + step;
        }
        return kind == 2 ? rand_float(0.5, 2.0) : rand_binade((int)(rnd() % 254) - 126);
    default: /* SIN, COS */
        if (kind == 1)
            return rand_float(-1024.0, 1024.0);
        return kind == 2 ? rand_float(0.0, 1.0) : sign | rand_binade((int)(rnd() % 40) - 30);
    }
}

/* --- the run --- */

typedef struct stats {
    uint64_t n, violations;
    double max_ulps, max_abs, max_abs_near1;
    uint32_t worst_ulps_in, worst_abs_in;
} stats_t;

static void report_input(const char *what, enum op op, uint32_t a)
{
    uint32_t r = op_fns[op](a);
    double v = exact(op, a), ulps, abs_err;
    measure(r, v, &ulps, &abs_err);
    printf("    %s: 0x%08X (%.9g) -> 0x%08X (%.9g), exact %.17g: %.4f ulp, %.3e abs\n", what, a,
           (double)as_float(a), r, (double)as_float(r), v, ulps, abs_err);
}

static void check(enum op op, uint32_t a, stats_t *s)
{
    uint32_t r = op_fns[op](a), want;
    s->n++;
    if (special(op, a, &want)) {
        if (r != want) {
            s->violations++;
            printf("  %s(0x%08X) = 0x%08X, want 0x%08X\n", op_names[op], a, r, want);
        }
        return;
    }
    double v = exact(op, a), ulps, abs_err;
    measure(r, v, &ulps, &abs_err);
    if (bound_share(op, a, ulps, abs_err) > 1.0) {
        if (s->violations < 10)
            report_input("VIOLATION", op, a);
        s->violations++;
    }
    if (ulps > s->max_ulps) {
        s->max_ulps = ulps;
        s->worst_ulps_in = a;
    }
    if (abs_err > s->max_abs) {
        s->max_abs = abs_err;
        s->worst_abs_in = a;
    }
    if (op == LN2 && near1(a) && abs_err > s->max_abs_near1) /* the worst input near 1 is not printed */
        s->max_abs_near1 = abs_err;
}

int main(int argc, char **argv)
{
    uint32_t per_op = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 1000000u;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 20261123u;
    mpfr_init2(mx, 64);
    mpfr_init2(mr, 64);
    uint64_t failures = 0;
    for (int op = 0; op < N_OPS; op++) {
        stats_t s = {0};
        clock_t t0 = clock();
        for (uint32_t i = 0; i < per_op; i++)
            check((enum op)op, input((enum op)op, i), &s);
        printf("%s: %llu inputs, max %.4f ulp (bound %.1f)", op_names[op], (unsigned long long)s.n, s.max_ulps,
               ulp_bound[op]);
        if (op == LN2)
            printf(", max %.3e abs on [0.5,2) (bound %.3e)", s.max_abs_near1, abs_bound[op]);
        if (op == SIN || op == COS)
            printf(", max %.3e abs (bound %.3e)", s.max_abs, abs_bound[op]);
        printf("; %llu violations; %.1f s\n", (unsigned long long)s.violations,
               (double)(clock() - t0) / CLOCKS_PER_SEC);
        report_input("worst ulp", (enum op)op, s.worst_ulps_in);
        if (op == SIN || op == COS)
            report_input("worst abs", (enum op)op, s.worst_abs_in);
        failures += s.violations;
    }
    mpfr_clear(mx);
    mpfr_clear(mr);
    mpfr_free_cache();
    printf("%s\n", failures ? "FAIL" : "all within the documented bounds");
    return failures ? 1 : 0;
}
