/* Bounds of an ALU instruction's results (docs/fp.md part C): the operands' intervals through the same plan as
 * the exact ALU (us_alu.c), each op by the rule of its class, then OMOD and clamp. */
#include <math.h>

#include "golden/us_bound_ops.h"
#include "golden/us_fp.h"

#define SIGN 0x80000000u

/* Transcendental tolerances: docs/fp.md B.7's bound (what the model may be off by) twice over, because the
 * hardware's own result may be off by as much the other way (CTM p.41-42: larger tolerances, table missing). */
typedef struct trans_tol {
    unsigned ulps;
    uint32_t abs_bits; /* 0: none */
} trans_tol_t;

static trans_tol_t trans_tolerance(unsigned op)
{
    switch (op) {
    case US_ALU_ALPHA_INST_ALPHA_OP_RCP:
    case US_ALU_ALPHA_INST_ALPHA_OP_RSQ: return (trans_tol_t){2u, 0u};
    case US_ALU_ALPHA_INST_ALPHA_OP_EX2: return (trans_tol_t){4u, 0u};
    case US_ALU_ALPHA_INST_ALPHA_OP_LN2: return (trans_tol_t){4u, 0x35000000u}; /* 2 x 2^-22 = 2^-21 */
    default: return (trans_tol_t){4u, 0x36000000u};                          /* SIN, COS: 2 x 2^-20 */
    }
}

typedef struct fn_ctx {
    bool legacy;
    unsigned op;
} fn_ctx_t;

static uint32_t f_mad(const uint32_t *a, const void *c)
{
    return us_fp_mad(a[0], a[1], a[2], ((const fn_ctx_t *)c)->legacy);
}

static uint32_t f_dp3(const uint32_t *a, const void *c)
{
    const uint32_t A[3] = {a[0], a[1], a[2]}, B[3] = {a[3], a[4], a[5]};
    return us_fp_dp3(A, B, ((const fn_ctx_t *)c)->legacy);
}

static uint32_t f_dp4(const uint32_t *a, const void *c)
{
    const uint32_t A[4] = {a[0], a[1], a[2], a[3]}, B[4] = {a[4], a[5], a[6], a[7]};
    return us_fp_dp4(A, B, ((const fn_ctx_t *)c)->legacy);
}

static uint32_t f_d2a(const uint32_t *a, const void *c)
{
    const uint32_t A[2] = {a[0], a[1]}, B[2] = {a[2], a[3]};
    return us_fp_d2a(A, B, a[4], ((const fn_ctx_t *)c)->legacy);
}

static uint32_t f_trans(const uint32_t *a, const void *c)
{
    return us_alu_transcendental(((const fn_ctx_t *)c)->op, a[0]);
}

static uint32_t f_frc(const uint32_t *a, const void *c)
{
    (void)c;
    return us_fp_frc(a[0]);
}

static uint32_t f_presub(const uint32_t *a, const void *c)
{
    return us_alu_presub(((const fn_ctx_t *)c)->op, a[0], a[1]);
}

static bool pred_cmp(uint32_t v, unsigned arg)
{
    (void)arg;
    return us_fp_cmp(US_FP_ONE, 0u, v) == US_FP_ONE;
}

static bool pred_cnd(uint32_t v, unsigned arg)
{
    (void)arg;
    return us_fp_cnd(US_FP_ONE, 0u, v) == US_FP_ONE;
}

static const us_iv_t ANY = {0xFF800000u, 0x7F800000u};

/* The unbiased exponent of the interval's largest magnitude (-127 for zero, 128 for inf or NaN). */
static int top_exponent(us_iv_t v)
{
    int a = (int)(v.lo >> 23 & 0xFFu), b = (int)(v.hi >> 23 & 0xFFu);
    return (a > b ? a : b) - 127;
}

/* 2^e as fp32 bits, clamped to the normal range. */
static uint32_t pow2(int e)
{
    if (e < -126)
        e = -126;
    if (e > 127)
        return 0x7F800000u;
    return (uint32_t)(e + 127) << 23;
}

/* How the op's arguments are laid out, for the slack its own intermediate roundings need (below). */
typedef enum slack_kind { SLACK_NONE, SLACK_ADD, SLACK_MAD, SLACK_DOT } slack_kind_t;

/* The model's result at a corner is rounded more than once (MAD: the product, then the sum; the dot products:
 * four products and three sums), so at that corner it can sit off the exact value by up to these roundings,
 * which in a cancellation are ulps of the terms, not of the result. The hull is widened by them so that it holds
 * the exact op at every corner (docs/fp.md C.2; tb/model/test_mpfr_bounds.c checks it): 2^E ulps where 2^E bounds
 * the largest term. ADD: one sum, 0.5 ulp of 2^(E+1). MAD: 0.5 ulp of the product (< 2^(E+1)) and of the sum
 * (< 2^(E+2)): under 2^(E-21). DOT: four products (< 2^(E+2)) and three sums (< 2^(E+4)): under 2^(E-18); the
 * alignment window drops less than 3 x 2^-25 of the largest term. */
static bool exact_zero(us_iv_t v)
{
    return us_iv_exact(v) && (v.lo & 0x7FFFFFFFu) == 0;
}

static uint32_t slack(slack_kind_t kind, const us_iv_t *w, unsigned n)
{
    int e = -127;
    switch (kind) {
    case SLACK_NONE: return 0u;
    case SLACK_ADD:
        for (unsigned i = 0; i < n; i++)
            e = top_exponent(w[i]) + 1 > e ? top_exponent(w[i]) + 1 : e; /* 1 - 2a: 2a; the constant 1 */
        e = e < 0 ? 0 : e;
        return pow2(e + 1 - 24);
    case SLACK_MAD:
        if (exact_zero(w[0]) || exact_zero(w[1]))
            return 0u; /* an exact zero product: the sum is c itself, nothing rounds */
        e = top_exponent(w[0]) + top_exponent(w[1]) + 1;
        e = top_exponent(w[2]) > e ? top_exponent(w[2]) : e;
        return pow2(e - 21);
    default: {
        unsigned pairs = n / 2u, terms = 0; /* a0..a(k-1), b0..b(k-1), then D2A's c */
        for (unsigned i = 0; i < pairs; i++) {
            if (exact_zero(w[i]) || exact_zero(w[pairs + i]))
                continue; /* an exact zero term adds nothing and rounds nothing */
            int t = top_exponent(w[i]) + top_exponent(w[pairs + i]) + 1;
            e = t > e ? t : e;
            terms++;
        }
        if ((n & 1u) && !exact_zero(w[n - 1u])) {
            e = top_exponent(w[n - 1u]) > e ? top_exponent(w[n - 1u]) : e;
            terms++;
        }
        return terms ? pow2(e - 18) : 0u;
    }
    }
}

/* An arithmetic op: the corners of its operands, each widened by one ulp, then the slack of its roundings. */
static us_iv_t arith(const us_exec_t *x, unsigned p, const us_iv_t *in, unsigned n, us_iv_fn_t f, const fn_ctx_t *c,
                     const char *what, slack_kind_t kind)
{
    us_iv_t w[8], r;
    for (unsigned i = 0; i < n; i++)
        w[i] = us_iv_widen(in[i]);
    if (!us_iv_corners(&r, w, n, f, c)) {
        us_bound_unstable(x->b, x->pc, p, "%s gives a NaN or a number depending on rounding", what);
        return ANY;
    }
    bool all_points = true; /* zeros, infinities, NaNs: nothing rounds */
    for (unsigned i = 0; i < n; i++)
        all_points &= us_iv_exact(w[i]);
    uint32_t s = all_points ? 0u : slack(kind, w, n);
    return s ? us_iv_widen_by(r, 0, s) : r;
}

static double to_double(uint32_t v)
{
    union {
        uint32_t u;
        float f;
    } c = {v};
    return (double)c.f;
}

/* Whether some a = phase + k (k an integer) lies in [lo, hi]: where sin(2 pi a) or cos(2 pi a) has an extremum. */
static bool holds_phase(us_iv_t v, double phase)
{
    double lo = to_double(v.lo) - phase, hi = to_double(v.hi) - phase;
    return isfinite(lo) && isfinite(hi) && floor(hi) >= ceil(lo);
}

static us_iv_t transcendental(const us_exec_t *x, unsigned p, unsigned op, us_iv_t a)
{
    fn_ctx_t c = {false, op};
    us_iv_t w = us_iv_widen(a);
    bool rcp_like = op == US_ALU_ALPHA_INST_ALPHA_OP_RCP || op == US_ALU_ALPHA_INST_ALPHA_OP_RSQ;
    if (rcp_like && !us_iv_exact(w) && (w.lo >> 31) != (w.hi >> 31)) {
        us_bound_unstable(x->b, x->pc, p, "RCP/RSQ of an interval holding 0 (the sign of the result flips)");
        return ANY;
    }
    us_iv_t r = arith(x, p, &a, 1, f_trans, &c, "a transcendental", SLACK_NONE);
    if (!us_iv_exact(w) && (op == US_ALU_ALPHA_INST_ALPHA_OP_SIN || op == US_ALU_ALPHA_INST_ALPHA_OP_COS)) {
        bool is_sin = op == US_ALU_ALPHA_INST_ALPHA_OP_SIN;
        if (holds_phase(w, is_sin ? 0.25 : 0.0))
            r = us_iv_hull(r, us_iv_point(US_FP_ONE));
        if (holds_phase(w, is_sin ? 0.75 : 0.5))
            r = us_iv_hull(r, us_iv_point(US_FP_ONE | SIGN));
    }
    if (us_iv_exact(r) && us_iv_exact(a) && ((r.lo & 0x7FFFFFFFu) >= 0x7F800000u || (r.lo & 0x7FFFFFFFu) == 0))
        return r; /* the special values of docs/fp.md B.5 (zeros, infinities, NaN) are exact */
    trans_tol_t t = trans_tolerance(op);
    return us_iv_widen_by(r, t.ulps, t.abs_bits);
}

static us_iv_t frc(const us_exec_t *x, unsigned p, us_iv_t a)
{
    fn_ctx_t c = {false, 0};
    us_iv_t w = us_iv_widen(a);
    if (!us_iv_exact(w)) {
        /* FRC jumps at every integer: inside [lo, hi] when the width reaches 1 or frc(hi) < frc(lo) */
        uint32_t width = us_fp_add(w.hi, w.lo ^ SIGN), flo = us_fp_frc(w.lo), fhi = us_fp_frc(w.hi);
        if (us_iv_key(width) >= us_iv_key(US_FP_ONE) || us_iv_key(fhi) < us_iv_key(flo)) {
            us_bound_unstable(x->b, x->pc, p, "FRC of an interval holding an integer (the result jumps 1 to 0)");
            return ANY;
        }
    }
    return arith(x, p, &a, 1, f_frc, &c, "FRC", SLACK_NONE);
}

/* Zeros and denormals: MIN and MAX compare them after DAZ, all equal (-0 == +0), so between two of them the
 * result is the second operand's own bits, whatever their order as bit patterns. */
#define ZERO_CLASS_LO 0x807FFFFFu
#define ZERO_CLASS_HI 0x007FFFFFu

static bool meets_zero_class(us_iv_t v)
{
    return us_iv_key(v.lo) <= us_iv_key(ZERO_CLASS_HI) && us_iv_key(v.hi) >= us_iv_key(ZERO_CLASS_LO);
}

/* MIN, MAX: the result is one of the operands, exact when both are; a NaN gives the second (CTM p.42). */
static us_iv_t minmax(us_iv_t a, us_iv_t b, bool is_max)
{
    if (us_iv_exact(a) && us_iv_exact(b))
        return us_iv_point(is_max ? us_fp_max(a.lo, b.lo) : us_fp_min(a.lo, b.lo));
    if ((us_iv_exact(a) && (a.lo & 0x7FFFFFFFu) > 0x7F800000u) || (us_iv_exact(b) && (b.lo & 0x7FFFFFFFu) > 0x7F800000u))
        return b;
    uint32_t klo = is_max ? (us_iv_key(a.lo) > us_iv_key(b.lo) ? a.lo : b.lo) : (us_iv_key(a.lo) < us_iv_key(b.lo) ? a.lo : b.lo);
    uint32_t khi = is_max ? (us_iv_key(a.hi) > us_iv_key(b.hi) ? a.hi : b.hi) : (us_iv_key(a.hi) < us_iv_key(b.hi) ? a.hi : b.hi);
    us_iv_t r = {klo, khi};
    if (meets_zero_class(a) && meets_zero_class(b)) { /* a tie gives b: its part in the zero class */
        us_iv_t bz = {us_iv_key(b.lo) < us_iv_key(ZERO_CLASS_LO) ? ZERO_CLASS_LO : b.lo,
                      us_iv_key(b.hi) > us_iv_key(ZERO_CLASS_HI) ? ZERO_CLASS_HI : b.hi};
        r = us_iv_hull(r, bz);
    }
    return r;
}

/* CMP (c >= 0 ? a : b), CND (c > 0.5 ? a : b): a copy of the chosen operand; unstable when c does not decide. */
static us_iv_t select(const us_exec_t *x, unsigned p, us_iv_t a, us_iv_t b, us_iv_t c, bool is_cnd)
{
    int d = us_iv_decide(c, is_cnd ? pred_cnd : pred_cmp, 0);
    if (d < 0) {
        us_bound_unstable(x->b, x->pc, p, "%s: the compared operand's bounds straddle %s", is_cnd ? "CND" : "CMP",
                          is_cnd ? "0.5" : "0");
        return us_iv_hull(a, b);
    }
    return d ? a : b;
}

typedef struct iv_sources {
    us_iv_t v[4][8]; /* src0 src1 src2 srcp, each as r g b a 0 0.5 1 0 */
} iv_sources_t;

static us_iv_t source_part(const us_exec_t *x, const us_source_plan_t *sp, unsigned p, unsigned c)
{
    return sp->temp >= 0 ? x->b->temp[p][sp->temp][c] : us_iv_point(sp->base[c]);
}

static void read_sources(const us_exec_t *x, const us_alu_plan_t *pl, unsigned p, iv_sources_t *s)
{
    for (unsigned i = 0; i < 3; i++) {
        for (unsigned c = 0; c < 3; c++)
            s->v[i][c] = source_part(x, &pl->src[i], p, c);
        s->v[i][3] = source_part(x, &pl->src[3 + i], p, 3);
    }
    for (unsigned c = 0; c < 4; c++) {
        s->v[3][c] = us_iv_point(0u);
        if (pl->slot->srcp_channels >> c & 1u) {
            fn_ctx_t fc = {false, c < 3 ? x->d->u.alu.rgb_addr.srcp_op : x->d->u.alu.alpha_addr.srcp_op};
            const us_iv_t in[2] = {s->v[0][c], s->v[1][c]};
            s->v[3][c] = arith(x, p, in, 2, f_presub, &fc, "the pre-subtract", SLACK_ADD);
        }
    }
    for (unsigned i = 0; i < 4; i++) {
        s->v[i][4] = s->v[i][7] = us_iv_point(0u);
        s->v[i][5] = us_iv_point(US_FP_HALF);
        s->v[i][6] = us_iv_point(US_FP_ONE);
    }
}

static us_iv_t operand(const iv_sources_t *s, const us_operand_plan_t *op, unsigned c)
{
    return us_iv_modify(s->v[op->sel][op->swz[c]], op->mod);
}

static void compute(const us_exec_t *x, const us_alu_plan_t *pl, const iv_sources_t *all, unsigned p, us_iv_t res[4])
{
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &x->d->u.alu.rgba_inst;
    const iv_sources_t *s = &all[p];
    fn_ctx_t fc = {(x->sh->config & US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_MASK) != 0, 0};
    us_iv_t A[3], B[3], C[3];
    for (unsigned c = 0; c < 3; c++)
        A[c] = operand(s, &pl->slot->rgb[0], c), B[c] = operand(s, &pl->slot->rgb[1], c), C[c] = operand(s, &pl->slot->rgb[2], c);
    us_iv_t aA = operand(s, &pl->slot->alpha[0], 0), aB = operand(s, &pl->slot->alpha[1], 0), aC = operand(s, &pl->slot->alpha[2], 0);

    us_iv_t dot = us_iv_point(0u), alpha = us_iv_point(0u), r[3];
    switch (ci->rgb_op) {
    case US_ALU_RGBA_INST_RGB_OP_DP3: {
        const us_iv_t in[6] = {A[0], A[1], A[2], B[0], B[1], B[2]};
        dot = arith(x, p, in, 6, f_dp3, &fc, "DP3", SLACK_DOT);
        break;
    }
    case US_ALU_RGBA_INST_RGB_OP_DP4: {
        const us_iv_t in[8] = {A[0], A[1], A[2], aA, B[0], B[1], B[2], aB};
        dot = arith(x, p, in, 8, f_dp4, &fc, "DP4", SLACK_DOT);
        break;
    }
    case US_ALU_RGBA_INST_RGB_OP_D2A: {
        const us_iv_t in[5] = {A[0], A[1], B[0], B[1], C[2]};
        dot = arith(x, p, in, 5, f_d2a, &fc, "D2A", SLACK_DOT);
        break;
    }
    default: break;
    }
    switch (ai->alpha_op) {
    case US_ALU_ALPHA_INST_ALPHA_OP_MAD: {
        const us_iv_t in[3] = {aA, aB, aC};
        alpha = arith(x, p, in, 3, f_mad, &fc, "MAD", SLACK_MAD);
        break;
    }
    case US_ALU_ALPHA_INST_ALPHA_OP_DP: alpha = dot; break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MIN: alpha = minmax(aA, aB, false); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MAX: alpha = minmax(aA, aB, true); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_CND: alpha = select(x, p, aA, aB, aC, true); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_CMP: alpha = select(x, p, aA, aB, aC, false); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_FRC: alpha = frc(x, p, aA); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MDH:
    case US_ALU_ALPHA_INST_ALPHA_OP_MDV: {
        unsigned nb = ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDH ? 1u : 2u;
        const us_iv_t in[3] = {us_iv_modify(all[0].v[0][3], ai->alpha_mod_a), aB,
                               us_iv_modify(all[nb].v[0][3], ci->alpha_mod_c)};
        alpha = arith(x, p, in, 3, f_mad, &fc, "MDH/MDV", SLACK_MAD);
        break;
    }
    default: alpha = transcendental(x, p, ai->alpha_op, aA); break;
    }
    for (unsigned c = 0; c < 3; c++) {
        const us_iv_t in[3] = {A[c], B[c], C[c]};
        switch (ci->rgb_op) {
        case US_ALU_RGBA_INST_RGB_OP_MAD: r[c] = arith(x, p, in, 3, f_mad, &fc, "MAD", SLACK_MAD); break;
        case US_ALU_RGBA_INST_RGB_OP_DP3:
        case US_ALU_RGBA_INST_RGB_OP_DP4:
        case US_ALU_RGBA_INST_RGB_OP_D2A: r[c] = dot; break;
        case US_ALU_RGBA_INST_RGB_OP_MIN: r[c] = minmax(A[c], B[c], false); break;
        case US_ALU_RGBA_INST_RGB_OP_MAX: r[c] = minmax(A[c], B[c], true); break;
        case US_ALU_RGBA_INST_RGB_OP_CND: r[c] = select(x, p, A[c], B[c], C[c], true); break;
        case US_ALU_RGBA_INST_RGB_OP_CMP: r[c] = select(x, p, A[c], B[c], C[c], false); break;
        case US_ALU_RGBA_INST_RGB_OP_FRC: r[c] = frc(x, p, A[c]); break;
        case US_ALU_RGBA_INST_RGB_OP_SOP: r[c] = alpha; break;
        default: { /* MDH, MDV */
            unsigned nb = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH ? 1u : 2u;
            const us_iv_t md[3] = {us_iv_modify(all[0].v[0][c], ri->rgb_mod_a), B[c],
                                   us_iv_modify(all[nb].v[0][c], ci->rgb_mod_c)};
            r[c] = arith(x, p, md, 3, f_mad, &fc, "MDH/MDV", SLACK_MAD);
            break;
        }
        }
        us_iv_t v = us_iv_omod(r[c], ri->omod);
        res[c] = x->d->cmn.rgb_clamp ? us_iv_clamp01(v) : v;
    }
    alpha = us_iv_omod(alpha, ai->omod);
    res[3] = x->d->cmn.alpha_clamp ? us_iv_clamp01(alpha) : alpha;
}

void us_bound_alu(const us_exec_t *x, const us_alu_plan_t *pl, uint8_t writers, us_iv_t res[US_NPIX][4])
{
    iv_sources_t all[US_NPIX];
    bool derivative = x->d->u.alu.rgba_inst.rgb_op >= US_ALU_RGBA_INST_RGB_OP_MDH ||
                      x->d->u.alu.alpha_inst.alpha_op >= US_ALU_ALPHA_INST_ALPHA_OP_MDH;
    for (unsigned p = 0; p < US_NPIX; p++)
        if (derivative || (writers >> p & 1u))
            read_sources(x, pl, p, &all[p]);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (writers >> p & 1u)
            compute(x, pl, all, p, res[p]);
}
