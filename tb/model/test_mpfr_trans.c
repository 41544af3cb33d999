/* RCP, RSQ, EX2, LN2, SIN, COS against MPFR: 1,000,000 inputs per op (random bit patterns, the ranges where
 * each function is delicate, every special value), checked against the bounds and special values of
 * docs/fp.md part B. Prints per op the worst errors and their inputs; exits 1 on any violation.
 *
 *   test_mpfr_trans [inputs_per_op [seed]]
 *
 * The special-value rules and the error measure are shared with sweep_trans.c (trans_oracle.h). */
#include <math.h>
#include <mpfr.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test_rng.h"
#include "golden/us_fp.h"

#include "trans_oracle.h"

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
