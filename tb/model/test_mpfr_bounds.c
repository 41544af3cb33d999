/* The bounds mode (golden/us_bound.h, docs/fp.md part C) against MPFR: for random single ops on random inputs,
 * the exact mathematical op (MPFR at 200 bits, no intermediate rounding) at every corner of the box of inputs
 * each within one ulp (the CTM rule, p.41), rounded once to fp32 (denormals flushed), must lie inside the bound
 * the model gives for the op, run as a one-instruction program with bounds on the golden model.
 *
 *   test_mpfr_bounds [cases_per_op [seed]]     exit 1 on any value outside its bound
 *
 * The transcendentals' exact values are within docs/fp.md B.7's bound of the model's; SIN and COS are only
 * checked at the corners (their interior extremes are added by the model and not needed here). */
#include <mpfr.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "golden/us_bound.h"
#include "golden/us_fp.h"
#include "isa/us_asm.h"
#include "test_rng.h"

enum op { MAD, DP3, DP4, RCP, RSQ, EX2, LN2, SIN, COS, FRC, MIN, CMP, NOPS };
static const char *const names[NOPS] = {"MAD", "DP3", "DP4", "RCP", "RSQ", "EX2", "LN2", "SIN", "COS", "FRC",
                                        "MIN", "CMP"};
/* One OUT instruction per op writing o0 (TEX_SEM_WAIT, as the last instruction must, CTM p.23); inputs in
 * t0 t1 t2, the result in o0.r (o0.rgb for MAD). */
static const char *const programs[NOPS] = {
    "out tex_sem_wait rgb: mad o0.rgb, src0.rgb, src1.rgb, src2.rgb  alpha: max.off _, src0.0, src0.0\n"
    "    src0=t0 src1=t1 src2=t2\n",
    "out tex_sem_wait rgb: dp3 o0.r, src0.rgb, src1.rgb  alpha: max.off _, src0.0, src0.0  src0=t0 src1=t1\n",
    "out tex_sem_wait rgb: dp4 o0.r, src0.rgb, src1.rgb  alpha: dp _, src0.a, src1.a  src0=t0 src1=t1\n",
    "out tex_sem_wait rgb: sop o0.r  alpha: rcp _, src0.a  src0=t0\n",
    "out tex_sem_wait rgb: sop o0.r  alpha: rsq _, src0.a  src0=t0\n",
    "out tex_sem_wait rgb: sop o0.r  alpha: ex2 _, src0.a  src0=t0\n",
    "out tex_sem_wait rgb: sop o0.r  alpha: ln2 _, src0.a  src0=t0\n",
    "out tex_sem_wait rgb: sop o0.r  alpha: sin _, src0.a  src0=t0\n",
    "out tex_sem_wait rgb: sop o0.r  alpha: cos _, src0.a  src0=t0\n",
    "out tex_sem_wait rgb: frc o0.r, src0.rgb  alpha: max.off _, src0.0, src0.0  src0=t0\n",
    "out tex_sem_wait rgb: min.off o0.r, src0.rgb, src1.rgb  alpha: max.off _, src0.0, src0.0  src0=t0 src1=t1\n",
    "out tex_sem_wait rgb: cmp.off o0.r, src0.rgb, src1.rgb, src2.rgb  alpha: max.off _, src0.0, src0.0\n"
    "    src0=t0 src1=t1 src2=t2\n",
};

/* How loose a bound may be (docs/fp.md part C.3): the most ulps of slack beyond the hull of the exact results at
 * the corners of the inputs' one-ulp box, on either side, and the largest share of runs the bounds mode may call
 * unstable, over the seeded cases. Measured over seeds 1-5 and the default (MAD 10, DP3 and DP4 67, RCP and RSQ
 * 3, EX2 5, LN2 10, SIN and COS 21, FRC, MIN and CMP 0; no run unstable), with room below twice each. */
static const struct {
    unsigned slack_ulps;
    double unstable_fraction;
} limits[NOPS] = {
    [MAD] = {13u, 0.01}, [DP3] = {80u, 0.01}, [DP4] = {80u, 0.01}, [RCP] = {4u, 0.01},
    [RSQ] = {4u, 0.01}, [EX2] = {7u, 0.01}, [LN2] = {13u, 0.01}, [SIN] = {26u, 0.01},
    [COS] = {26u, 0.01}, [FRC] = {0u, 0.01}, [MIN] = {0u, 0.01}, [CMP] = {0u, 0.01},
};

/* A planted fault in the bounds under test (argv[3]): the check must fail on each. */
enum plant { PLANT_NONE, PLANT_DOUBLE, PLANT_ANYTHING, PLANT_UNSTABLE, PLANT_BAD };

static float as_float(uint32_t v)
{
    float f;
    memcpy(&f, &v, sizeof f);
    return f;
}

static uint32_t bits(float f)
{
    uint32_t v;
    memcpy(&v, &f, sizeof v);
    return v;
}

/* One fp32 step toward +inf (dir 1) or -inf (-1), flushing into zero as the bounds' widening does. */
static uint32_t step(uint32_t v, int dir)
{
    uint32_t m = v & 0x7FFFFFFFu;
    if (m < 0x00800000u || m >= 0x7F800000u || (m == 0x7F7FFFFFu && ((v >> 31) ? dir < 0 : dir > 0)))
        return v;
    uint32_t n = (v >> 31) == (dir < 0) ? v + 1u : v - 1u;
    return (n & 0x7FFFFFFFu) < 0x00800000u ? n & 0x80000000u : n;
}

static mpfr_t ma, mb, mc, mr, mt;

/* The fp32 nearest the exact value in mr, denormals flushed to a signed zero. */
static uint32_t round_fp32(void)
{
    float f = mpfr_get_flt(mr, MPFR_RNDN);
    uint32_t v = bits(f);
    if ((v & 0x7FFFFFFFu) < 0x00800000u)
        v &= 0x80000000u;
    return v;
}

static void set(mpfr_t m, uint32_t v)
{
    mpfr_set_flt(m, (v & 0x7FFFFFFFu) < 0x00800000u ? 0.0f : as_float(v), MPFR_RNDN);
}

/* The exact op at one corner (a[] the scalar inputs in the op's order). */
static uint32_t exact(enum op op, const uint32_t *a)
{
    switch (op) {
    case MAD:
        set(ma, a[0]), set(mb, a[1]), set(mc, a[2]);
        mpfr_fma(mr, ma, mb, mc, MPFR_RNDN);
        return round_fp32();
    case DP3:
    case DP4: {
        unsigned n = op == DP3 ? 3u : 4u;
        mpfr_set_zero(mr, 1);
        for (unsigned i = 0; i < n; i++) {
            set(ma, a[i]), set(mb, a[n + i]);
            mpfr_mul(mt, ma, mb, MPFR_RNDN);
            mpfr_add(mr, mr, mt, MPFR_RNDN);
        }
        return round_fp32();
    }
    case FRC:
        set(ma, a[0]);
        mpfr_floor(mt, ma);
        mpfr_sub(mr, ma, mt, MPFR_RNDN);
        return round_fp32();
    case MIN: return as_float(a[0]) < as_float(a[1]) ? a[0] : a[1];
    case CMP: return as_float(a[2]) >= 0.0f ? a[0] : a[1];
    default: break;
    }
    set(ma, a[0]);
    switch (op) {
    case RCP: mpfr_ui_div(mr, 1, ma, MPFR_RNDN); break;
    case RSQ: mpfr_rec_sqrt(mr, ma, MPFR_RNDN); break;
    case EX2: mpfr_exp2(mr, ma, MPFR_RNDN); break;
    case LN2: mpfr_log2(mr, ma, MPFR_RNDN); break;
    case SIN: mpfr_sinu(mr, ma, 1, MPFR_RNDN); break;
    default: mpfr_cosu(mr, ma, 1, MPFR_RNDN); break;
    }
    return round_fp32();
}

/* A random input: a float of moderate range, sometimes near a value that makes ops cancel or jump. */
static uint32_t input(enum op op)
{
    uint32_t r = rnd();
    float f = (float)((double)(int32_t)r / 2147483648.0) * (float)(1u << (rnd() % 12u));
    if (op == RCP || op == RSQ || op == LN2)
        f = f < 0 ? -f + 0.001f : f + 0.001f;
    if (op == EX2)
        f = f / 64.0f;
    return bits(f);
}

static us_shader_t sh;
static us_quad_t q;
static us_bounds_t b;

/* The op's scalar inputs, their place in t0..t2 and the model's bound for them. */
static unsigned load_inputs(enum op op, uint32_t *a)
{
    unsigned n;
    switch (op) {
    case MAD: n = 3; break;
    case DP3: n = 6; break;
    case DP4: n = 8; break;
    case MIN: n = 2; break;
    case CMP: n = 3; break;
    default: n = 1; break;
    }
    for (unsigned i = 0; i < n; i++)
        a[i] = input(op);
    if (op == MAD && rnd() % 4u == 0) /* cancellation: c = -a b, rounded */
        a[2] = bits(-(as_float(a[0]) * as_float(a[1])));
    if ((op == DP3 || op == DP4) && rnd() % 4u == 0) { /* the two largest terms cancel */
        unsigned k = op == DP3 ? 3u : 4u;
        a[1] = bits(-as_float(a[0]));
        a[k + 1] = a[k];
    }
    return n;
}

static void place(enum op op, const uint32_t *a)
{
    us_quad_init(&q, &sh, 0xF, 0);
    unsigned k = op == DP3 ? 3u : 4u;
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned c = 0; c < 4; c++) {
            switch (op) {
            case MAD: q.temp[p][0][c] = a[0], q.temp[p][1][c] = a[1], q.temp[p][2][c] = a[2]; break;
            case DP3:
            case DP4:
                q.temp[p][0][c] = c < k ? a[c] : 0u;
                q.temp[p][1][c] = c < k ? a[k + c] : 0u;
                break;
            case MIN: q.temp[p][0][c] = a[0], q.temp[p][1][c] = a[1]; break;
            case CMP: q.temp[p][0][c] = a[0], q.temp[p][1][c] = a[1], q.temp[p][2][c] = a[2]; break;
            default: q.temp[p][0][c] = a[0]; break;
            }
        }
}

/* The size against which slack is measured: the largest exact result's magnitude, and for MAD and the dot
 * products the largest term (under cancellation the result is small but the error is the terms'), for SIN, COS
 * and LN2 at least 1 (their absolute error near a zero of the result). A floor of 2^-126 keeps ulps finite. */
static double scale(enum op op, const uint32_t *a, uint32_t lo, uint32_t hi)
{
    double m = fmax(fabs((double)as_float(lo)), fabs((double)as_float(hi)));
    if (op == MAD)
        m = fmax(m, fmax(fabs((double)as_float(a[0]) * as_float(a[1])), fabs((double)as_float(a[2]))));
    if (op == DP3 || op == DP4) {
        unsigned k = op == DP3 ? 3u : 4u;
        for (unsigned i = 0; i < k; i++)
            m = fmax(m, fabs((double)as_float(a[i]) * as_float(a[k + i])));
    }
    if (op == SIN || op == COS || op == LN2)
        m = fmax(m, 1.0);
    return isinf(m) ? 0x1p127 : fmax(m, 0x1p-126);
}

int main(int argc, char **argv)
{
    unsigned cases = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 3000u;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 20261125u;
    mpfr_inits2(200, ma, mb, mc, mr, mt, (mpfr_ptr)0);
    unsigned bad_total = 0, loose_total = 0;
    enum plant plant = PLANT_NONE;
    if (argc > 3) {
        plant = strcmp(argv[3], "double") == 0 ? PLANT_DOUBLE : strcmp(argv[3], "anything") == 0 ? PLANT_ANYTHING
                : strcmp(argv[3], "unstable") == 0 ? PLANT_UNSTABLE : PLANT_BAD;
        if (plant == PLANT_BAD) {
            fprintf(stderr, "test_mpfr_bounds: plant is double, anything or unstable, not '%s'\n", argv[3]);
            return 2;
        }
    }
    for (unsigned op = 0; op < NOPS; op++) {
        static us_program_t prog;
        char err[512];
        if (us_asm(programs[op], names[op], &prog, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", names[op], err);
            return 2;
        }
        us_shader_init(&sh);
        us_shader_load_program(&sh, &prog);
        unsigned bad = 0, checked = 0, unstable = 0;
        double widest = 0;
        double max_slack = 0;
        for (unsigned t = 0; t < cases; t++) {
            uint32_t a[8], c[8];
            unsigned n = load_inputs(op, a);
            place(op, a);
            us_bounds_init(&b, &q);
            while (us_quad_step_bounded(&q, &sh, NULL, &b))
                ;
            if (b.unstable || plant == PLANT_UNSTABLE) {
                unstable++;
                continue;
            }
            us_iv_t iv = b.out[0][0][0];
            if (plant == PLANT_ANYTHING)
                iv = (us_iv_t){0xFF800000u, 0x7F800000u};
            uint64_t w = (uint64_t)us_iv_key(iv.hi) - us_iv_key(iv.lo);
            widest = (double)w > widest ? (double)w : widest;
            uint32_t hull_lo = 0, hull_hi = 0; /* keys of the exact results at the corners */
            uint32_t hull_lo_v = 0, hull_hi_v = 0;
            bool any = false;
            /* every corner of the one-ulp box; a select's inputs are copied, not rounded: its own inputs */
            for (unsigned m = 0; m < (1u << n); m++) {
                for (unsigned i = 0; i < n; i++)
                    c[i] = op == MIN || op == CMP ? a[i] : step(a[i], m >> i & 1u ? 1 : -1);
                uint32_t e = exact(op, c);
                if ((e & 0x7FFFFFFFu) > 0x7F800000u)
                    continue; /* a NaN at a corner makes the model call it unstable; not the case here */
                checked++;
                uint32_t k = us_iv_key(e);
                if (!any || k < hull_lo)
                    hull_lo = k, hull_lo_v = e;
                if (!any || k > hull_hi)
                    hull_hi = k, hull_hi_v = e;
                any = true;
                if (!us_iv_contains(iv, e)) {
                    if (bad++ < 5)
                        fprintf(stderr, "%s: inputs %08X %08X %08X ...: exact 0x%08X (%.9g) outside [0x%08X, 0x%08X]\n",
                                names[op], c[0], n > 1 ? c[1] : 0, n > 2 ? c[2] : 0, e, (double)as_float(e), iv.lo,
                                iv.hi);
                }
            }
            /* Tightness: the bound's slack beyond the hull of the exact results, on each side, in ulps of the
             * operation's scale (scale()); infinite when the bound reaches an infinity the results do not. */
            if (any) {
                double sl = (double)as_float(hull_lo_v) - (double)as_float(iv.lo);
                double sh = (double)as_float(iv.hi) - (double)as_float(hull_hi_v);
                if (isnan(sl) || sl < 0)
                    sl = 0; /* -inf at both ends */
                if (isnan(sh) || sh < 0)
                    sh = 0;
                if (plant == PLANT_DOUBLE) { /* twice the slack, one ulp of the scale more */
                    double u = ldexp(1.0, ilogb(scale(op, a, hull_lo_v, hull_hi_v)) - 23);
                    sl = 2 * sl + u, sh = 2 * sh + u;
                }
                double slack = (sl > sh ? sl : sh) / ldexp(1.0, ilogb(scale(op, a, hull_lo_v, hull_hi_v)) - 23);
                max_slack = slack > max_slack ? slack : max_slack;
            }
        }
        bool loose = !(max_slack <= limits[op].slack_ulps) ||
                     (double)unstable > limits[op].unstable_fraction * (double)cases;
        if (loose)
            fprintf(stderr, "%s: the bound is loose: %.3g ulps of slack beyond the exact results (at most %u), %u of "
                    "%u runs unstable (at most %.1f %%)\n", names[op], max_slack,
                    limits[op].slack_ulps, unstable, cases, 100.0 * limits[op].unstable_fraction);
        loose_total += loose;
        printf("%-4s %u cases, %u corner values checked, %u outside, %u unstable runs skipped, widest bound %.0f ulps, "
               "slack beyond the exact results at most %.3g ulps of the scale\n", names[op], cases, checked, bad,
               unstable, widest, max_slack);
        bad_total += bad;
    }
    mpfr_clears(ma, mb, mc, mr, mt, (mpfr_ptr)0);
    return bad_total || loose_total ? 1 : 0;
}
