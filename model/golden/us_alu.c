/* The ALU: operand read (sources, inline constants, aL-relative addresses, pre-subtract, swizzles, modifiers),
 * the rgb and alpha units, OMOD and clamp, and write-back of temporaries, outputs, predicates and the ALU result.
 * docs/spec.md section 5 is the statement. */
#include <string.h>

#include "golden/us_alu_plan.h"
#include "golden/us_bound_ops.h"
#include "golden/us_fp.h"

#define FP_TWO 0x40000000u
#define SIGN 0x80000000u

/* The 7-bit inline constant 2^(e-7) * (1 + m/8), exponent 0 read as a normal number. */
static uint32_t inline_constant(unsigned code)
{
    return (((code >> 3) + 120u) << 23) | ((code & 7u) << 20);
}

static void plan_source(const us_exec_t *x, unsigned addr, unsigned is_const, unsigned rel, uint32_t *inline_slot,
                        us_source_plan_t *sp)
{
    unsigned al = rel ? us_current_al(x->q) : 0u;
    if (is_const) {
        sp->temp = -1;
        sp->base = x->sh->konst[(addr + al) & (US_NCONST - 1u)];
        sp->pixel_stride = 0;
    } else if (addr & 0x80u) {
        sp->temp = -1;
        inline_slot[0] = inline_slot[1] = inline_slot[2] = inline_slot[3] = inline_constant(addr & 0x7Fu);
        sp->base = inline_slot;
        sp->pixel_stride = 0;
    } else {
        sp->temp = (int)((addr + al) & (US_NTEMP - 1u));
        sp->base = x->q->temp[0][sp->temp];
        sp->pixel_stride = US_NTEMP * 4u;
    }
}

static void plan_operand(unsigned sel, const unsigned *swz, unsigned nswz, unsigned mod, us_operand_plan_t *op)
{
    op->sel = (uint8_t)sel;
    op->mod = (uint8_t)mod;
    for (unsigned i = 0; i < 3; i++)
        op->swz[i] = (uint8_t)swz[i < nswz ? i : 0];
    op->and_mask = mod == 2u ? 0x7FFFFFFFu : 0xFFFFFFFFu;
    op->or_mask = mod == 3u ? SIGN : 0u;
    op->xor_mask = mod == 1u ? SIGN : 0u;
}

static void make_plan(const us_exec_t *x, us_alu_plan_t *pl)
{
    const us_alu_rgb_addr_t *ra = &x->d->u.alu.rgb_addr;
    const us_alu_alpha_addr_t *aa = &x->d->u.alu.alpha_addr;
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &x->d->u.alu.rgba_inst;
    plan_source(x, ra->addr0, ra->addr0_const, ra->addr0_rel, pl->inline_value[0], &pl->rgb_src[0]);
    plan_source(x, ra->addr1, ra->addr1_const, ra->addr1_rel, pl->inline_value[1], &pl->rgb_src[1]);
    plan_source(x, ra->addr2, ra->addr2_const, ra->addr2_rel, pl->inline_value[2], &pl->rgb_src[2]);
    plan_source(x, aa->addr0, aa->addr0_const, aa->addr0_rel, pl->inline_value[3], &pl->alpha_src[0]);
    plan_source(x, aa->addr1, aa->addr1_const, aa->addr1_rel, pl->inline_value[4], &pl->alpha_src[1]);
    plan_source(x, aa->addr2, aa->addr2_const, aa->addr2_rel, pl->inline_value[5], &pl->alpha_src[2]);
    const unsigned swa[3] = {ri->red_swiz_a, ri->green_swiz_a, ri->blue_swiz_a};
    const unsigned swb[3] = {ri->red_swiz_b, ri->green_swiz_b, ri->blue_swiz_b};
    const unsigned swc[3] = {ci->red_swiz_c, ci->green_swiz_c, ci->blue_swiz_c};
    plan_operand(ri->rgb_sel_a, swa, 3, ri->rgb_mod_a, &pl->rgb[0]);
    plan_operand(ri->rgb_sel_b, swb, 3, ri->rgb_mod_b, &pl->rgb[1]);
    plan_operand(ci->rgb_sel_c, swc, 3, ci->rgb_mod_c, &pl->rgb[2]);
    plan_operand(ai->alpha_sel_a, &ai->alpha_swiz_a, 1, ai->alpha_mod_a, &pl->alpha[0]);
    plan_operand(ai->alpha_sel_b, &ai->alpha_swiz_b, 1, ai->alpha_mod_b, &pl->alpha[1]);
    plan_operand(ci->alpha_sel_c, &ci->alpha_swiz_c, 1, ci->alpha_mod_c, &pl->alpha[2]);
    /* Only the srcp channels an operand the ops read picks: each costs an addition per pixel. MDH/MDV read A and
     * C from src0 whatever their select (only B goes through it); an rgb DP4 reads the alpha unit's A and B. */
    unsigned rn = us_rgb_op_arity(ci->rgb_op), an = us_alpha_op_arity(ai->alpha_op);
    bool rgb_deriv = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH || ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDV;
    bool alpha_deriv = ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDH || ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDV;
    bool dp4 = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_DP4;
    pl->srcp_channels = 0;
    for (unsigned i = 0; i < 3; i++) {
        bool rgb_reads = i < rn && !(rgb_deriv && i != 1);
        bool alpha_reads = (i < an && !(alpha_deriv && i != 1)) || (dp4 && i < 2);
        if (rgb_reads && pl->rgb[i].sel == 3u)
            for (unsigned c = 0; c < 3; c++)
                pl->srcp_channels |= (uint8_t)(pl->rgb[i].swz[c] < 4u ? 1u << pl->rgb[i].swz[c] : 0u);
        if (alpha_reads && pl->alpha[i].sel == 3u)
            pl->srcp_channels |= (uint8_t)(pl->alpha[i].swz[0] < 4u ? 1u << pl->alpha[i].swz[0] : 0u);
    }
}

uint32_t us_alu_presub(unsigned op, uint32_t s0, uint32_t s1)
{
    switch (op) {
    case US_ALU_RGB_ADDR_SRCP_OP_NEG2: return us_fp_add(US_FP_ONE, us_fp_mul(s0, FP_TWO, false) ^ SIGN);
    case US_ALU_RGB_ADDR_SRCP_OP_SUB: return us_fp_add(s1, s0 ^ SIGN);
    case US_ALU_RGB_ADDR_SRCP_OP_ADD: return us_fp_add(s1, s0);
    default: return us_fp_add(US_FP_ONE, s0 ^ SIGN);
    }
}

/* Per pixel: src0, src1, src2 and srcp, each as the eight values a swizzle can pick: r g b a 0 0.5 1 0. */
typedef struct sources {
    uint32_t v[4][8];
} sources_t;

static void read_sources(const us_exec_t *x, const us_alu_plan_t *pl, unsigned p, sources_t *s)
{
    for (unsigned i = 0; i < 3; i++) {
        const uint32_t *rgb = pl->rgb_src[i].base + p * pl->rgb_src[i].pixel_stride;
        const uint32_t *alpha = pl->alpha_src[i].base + p * pl->alpha_src[i].pixel_stride;
        s->v[i][0] = rgb[0], s->v[i][1] = rgb[1], s->v[i][2] = rgb[2], s->v[i][3] = alpha[3];
    }
    if (pl->srcp_channels) {
        unsigned rop = x->d->u.alu.rgb_addr.srcp_op, aop = x->d->u.alu.alpha_addr.srcp_op;
        for (unsigned c = 0; c < 3; c++)
            s->v[3][c] = pl->srcp_channels >> c & 1u ? us_alu_presub(rop, s->v[0][c], s->v[1][c]) : 0u;
        s->v[3][3] = pl->srcp_channels >> 3 & 1u ? us_alu_presub(aop, s->v[0][3], s->v[1][3]) : 0u;
    }
    for (unsigned i = 0; i < 4; i++)
        s->v[i][4] = 0u, s->v[i][5] = US_FP_HALF, s->v[i][6] = US_FP_ONE, s->v[i][7] = 0u;
}

static inline uint32_t operand(const sources_t *s, const us_operand_plan_t *op, unsigned c)
{
    return ((s->v[op->sel][op->swz[c]] & op->and_mask) | op->or_mask) ^ op->xor_mask;
}

typedef struct unit_result {
    uint32_t rgb[3], alpha;
} unit_result_t;

uint32_t us_alu_transcendental(unsigned op, uint32_t a)
{
    switch (op) {
    case US_ALU_ALPHA_INST_ALPHA_OP_EX2: return us_fp_ex2(a);
    case US_ALU_ALPHA_INST_ALPHA_OP_LN2: return us_fp_ln2(a);
    case US_ALU_ALPHA_INST_ALPHA_OP_RCP: return us_fp_rcp(a);
    case US_ALU_ALPHA_INST_ALPHA_OP_RSQ: return us_fp_rsq(a);
    case US_ALU_ALPHA_INST_ALPHA_OP_SIN: return us_fp_sin(a);
    default: return us_fp_cos(a);
    }
}

/* Both units for pixel p; all[] holds every pixel's sources for MDH/MDV. */
static void compute(const us_exec_t *x, const us_alu_plan_t *pl, const sources_t *all, unsigned p, unit_result_t *res)
{
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &x->d->u.alu.rgba_inst;
    const sources_t *s = &all[p];
    bool legacy = (x->sh->config & US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_MASK) != 0;
    uint32_t A[3], B[3], C[3];
    for (unsigned c = 0; c < 3; c++) {
        A[c] = operand(s, &pl->rgb[0], c);
        B[c] = operand(s, &pl->rgb[1], c);
        C[c] = operand(s, &pl->rgb[2], c);
    }
    uint32_t aA = operand(s, &pl->alpha[0], 0), aB = operand(s, &pl->alpha[1], 0), aC = operand(s, &pl->alpha[2], 0);

    /* alpha first: rgb SOP replicates its transcendental, alpha DP copies the rgb dot product */
    uint32_t dot = 0, alpha_raw = 0;
    switch (ci->rgb_op) {
    case US_ALU_RGBA_INST_RGB_OP_DP3: dot = us_fp_dp3(A, B, legacy); break;
    case US_ALU_RGBA_INST_RGB_OP_DP4: {
        const uint32_t a4[4] = {A[0], A[1], A[2], aA}, b4[4] = {B[0], B[1], B[2], aB};
        dot = us_fp_dp4(a4, b4, legacy);
        break;
    }
    case US_ALU_RGBA_INST_RGB_OP_D2A: dot = us_fp_d2a(A, B, C[2], legacy); break;
    default: break;
    }
    switch (ai->alpha_op) {
    case US_ALU_ALPHA_INST_ALPHA_OP_MAD: alpha_raw = us_fp_mad(aA, aB, aC, legacy); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_DP: alpha_raw = dot; break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MIN: alpha_raw = us_fp_min(aA, aB); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MAX: alpha_raw = us_fp_max(aA, aB); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_CND: alpha_raw = us_fp_cnd(aA, aB, aC); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_CMP: alpha_raw = us_fp_cmp(aA, aB, aC); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_FRC: alpha_raw = us_fp_frc(aA); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MDH:
    case US_ALU_ALPHA_INST_ALPHA_OP_MDV: {
        unsigned nb = ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDH ? 1u : 2u;
        alpha_raw = us_fp_mad(us_fp_modify(all[0].v[0][3], ai->alpha_mod_a), aB,
                              us_fp_modify(all[nb].v[0][3], ci->alpha_mod_c), legacy);
        break;
    }
    default: alpha_raw = us_alu_transcendental(ai->alpha_op, aA); break;
    }
    uint32_t r[3];
    switch (ci->rgb_op) {
    case US_ALU_RGBA_INST_RGB_OP_MAD:
        for (unsigned c = 0; c < 3; c++)
            r[c] = us_fp_mad(A[c], B[c], C[c], legacy);
        break;
    case US_ALU_RGBA_INST_RGB_OP_DP3:
    case US_ALU_RGBA_INST_RGB_OP_DP4:
    case US_ALU_RGBA_INST_RGB_OP_D2A: r[0] = r[1] = r[2] = dot; break;
    case US_ALU_RGBA_INST_RGB_OP_MIN:
        for (unsigned c = 0; c < 3; c++)
            r[c] = us_fp_min(A[c], B[c]);
        break;
    case US_ALU_RGBA_INST_RGB_OP_MAX:
        for (unsigned c = 0; c < 3; c++)
            r[c] = us_fp_max(A[c], B[c]);
        break;
    case US_ALU_RGBA_INST_RGB_OP_CND:
        for (unsigned c = 0; c < 3; c++)
            r[c] = us_fp_cnd(A[c], B[c], C[c]);
        break;
    case US_ALU_RGBA_INST_RGB_OP_CMP:
        for (unsigned c = 0; c < 3; c++)
            r[c] = us_fp_cmp(A[c], B[c], C[c]);
        break;
    case US_ALU_RGBA_INST_RGB_OP_FRC:
        for (unsigned c = 0; c < 3; c++)
            r[c] = us_fp_frc(A[c]);
        break;
    case US_ALU_RGBA_INST_RGB_OP_SOP: r[0] = r[1] = r[2] = alpha_raw; break;
    default: { /* MDH, MDV */
        unsigned nb = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH ? 1u : 2u;
        for (unsigned c = 0; c < 3; c++)
            r[c] = us_fp_mad(us_fp_modify(all[0].v[0][c], ri->rgb_mod_a), B[c],
                             us_fp_modify(all[nb].v[0][c], ci->rgb_mod_c), legacy);
        break;
    }
    }
    for (unsigned c = 0; c < 3; c++) {
        uint32_t v = us_fp_omod(r[c], ri->omod);
        res->rgb[c] = x->d->cmn.rgb_clamp ? us_fp_clamp01(v) : v;
    }
    alpha_raw = us_fp_omod(alpha_raw, ai->omod);
    res->alpha = x->d->cmn.alpha_clamp ? us_fp_clamp01(alpha_raw) : alpha_raw;
}

static bool pred_cmp0(uint32_t v, unsigned op)
{
    return us_fp_cmp0(v, op);
}

/* The bounds beside an ALU write (x->b set): the intervals go where the values go, and a predicate or ALU-result
 * compare the bounds do not decide makes the run unstable. */
static void check_compare(us_exec_t *x, unsigned p, us_iv_t v, unsigned op, const char *what, unsigned c)
{
    if (us_iv_decide(v, pred_cmp0, op) < 0)
        us_bound_unstable(x->b, x->pc, p, "%s (channel %c): the value's bounds straddle the compare with 0", what,
                          "rgba"[c]);
}

static void write_back(us_exec_t *x, unsigned p, const unit_result_t *res, const us_iv_t *iv)
{
    const us_decoded_t *d = x->d;
    us_quad_t *q = x->q;
    const us_alu_alpha_inst_t *ai = &d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &d->u.alu.rgba_inst;
    const us_alu_rgb_inst_t *ri = &d->u.alu.rgb_inst;
    uint8_t en = us_pred_channels(q, p, d->cmn.rgb_pred_sel, d->cmn.rgb_pred_inv, d->cmn.alpha_pred_sel,
                                  d->cmn.alpha_pred_inv);
    const uint32_t val[4] = {res->rgb[0], res->rgb[1], res->rgb[2], res->alpha};
    unsigned al = us_current_al(q);
    unsigned rdst = (ci->rgb_addrd + (ci->rgb_addrd_rel ? al : 0u)) & (US_NTEMP - 1u);
    unsigned adst = (ai->alpha_addrd + (ai->alpha_addrd_rel ? al : 0u)) & (US_NTEMP - 1u);
    us_write_temp(x, 0, rdst, p, (uint8_t)(d->cmn.rgb_wmask & en & 7u), val);
    us_write_temp(x, 1, adst, p, (uint8_t)((d->cmn.alpha_wmask << 3) & en), val);
    if (iv) {
        us_bound_write_temp(x->b, rdst, p, (uint8_t)(d->cmn.rgb_wmask & en & 7u), iv);
        us_bound_write_temp(x->b, adst, p, (uint8_t)((d->cmn.alpha_wmask << 3) & en), iv);
    }

    uint8_t romask = (uint8_t)(d->cmn.rgb_omask & en & 7u), aomask = (uint8_t)((d->cmn.alpha_omask << 3) & en);
    if (d->type == US_TYPE_OUT) {
        for (unsigned c = 0; c < 3; c++)
            if (romask >> c & 1u) {
                q->out[ri->target][p][c] = val[c];
                if (iv)
                    x->b->out[ri->target][p][c] = iv[c];
            }
        q->out_written[ri->target][p] |= romask;
        if (aomask) {
            q->out[ai->target][p][3] = val[3];
            q->out_written[ai->target][p] |= aomask;
            if (iv)
                x->b->out[ai->target][p][3] = iv[3];
        }
        bool w = ai->w_omask && (en >> 3 & 1u);
        if (w) {
            q->w[p] = val[3];
            q->w_written |= (uint8_t)(1u << p);
            if (iv)
                x->b->w[p] = iv[3];
        }
        if (x->r) {
            x->r->out[0].addr = (uint8_t)ri->target;
            x->r->out[1].addr = (uint8_t)ai->target;
            x->r->out[0].mask[p] = romask;
            x->r->out[1].mask[p] = aomask;
            for (unsigned c = 0; c < 4; c++)
                x->r->out[c < 3 ? 0 : 1].val[p][c] = (romask | aomask) >> c & 1u ? val[c] : 0u;
            if (w) {
                x->r->w_mask |= (uint8_t)(1u << p);
                x->r->w_val[p] = val[3];
            }
        }
    } else if (romask | aomask) {
        uint8_t bits = q->pred[p];
        for (unsigned c = 0; c < 3; c++)
            if (romask >> c & 1u) {
                bits = (uint8_t)((bits & ~(1u << c)) | (us_fp_cmp0(val[c], ri->target) << c));
                if (iv)
                    check_compare(x, p, iv[c], ri->target, "a predicate", c);
            }
        if (aomask) {
            bits = (uint8_t)((bits & ~8u) | (us_fp_cmp0(val[3], ai->target) << 3));
            if (iv)
                check_compare(x, p, iv[3], ai->target, "a predicate", 3);
        }
        q->pred[p] = bits;
        if (x->r) {
            x->r->pred_mask[p] = romask | aomask;
            x->r->pred_val[p] = bits;
        }
    }
    if (ri->alu_wmask) {
        unsigned ch = d->cmn.alu_result_sel ? 3u : 0u;
        if (en >> ch & 1u) {
            bool b = us_fp_cmp0(val[ch], d->cmn.alu_result_op);
            if (iv)
                check_compare(x, p, iv[ch], d->cmn.alu_result_op, "the ALU result", ch);
            q->alu_result = (uint8_t)((q->alu_result & ~(1u << p)) | (unsigned)b << p);
            if (x->r) {
                x->r->result_mask |= (uint8_t)(1u << p);
                x->r->result_val = (uint8_t)((x->r->result_val & ~(1u << p)) | (unsigned)b << p);
            }
        }
    }
}

void us_exec_alu(us_exec_t *x)
{
    us_alu_plan_t plan;
    sources_t all[US_NPIX];
    unit_result_t res[US_NPIX];
    uint8_t writers = us_write_pixels(x);
    make_plan(x, &plan);
    bool derivative = x->d->u.alu.rgba_inst.rgb_op >= US_ALU_RGBA_INST_RGB_OP_MDH ||
                      x->d->u.alu.alpha_inst.alpha_op >= US_ALU_ALPHA_INST_ALPHA_OP_MDH;
    /* All reads before any write: the instruction sees the state before it. MDH/MDV read every pixel. */
    for (unsigned p = 0; p < US_NPIX; p++)
        if (derivative || (writers >> p & 1u))
            read_sources(x, &plan, p, &all[p]);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (writers >> p & 1u)
            compute(x, &plan, all, p, &res[p]);
    us_iv_t bounds[US_NPIX][4];
    if (x->b)
        us_bound_alu(x, &plan, writers, bounds);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (writers >> p & 1u)
            write_back(x, p, &res[p], x->b ? bounds[p] : NULL);
}

void us_alu_inputs(const us_quad_t *q, const us_shader_t *sh, const us_decoded_t *d, us_alu_inputs_t in[US_NPIX])
{
    /* make_plan and read_sources only read the quad; the cast gives them the exec record they take. */
    us_exec_t x = {(us_quad_t *)q, sh, d, NULL, 0, 0, false, NULL};
    us_alu_plan_t plan;
    sources_t all[US_NPIX];
    memset(all, 0, sizeof all); /* srcp channels no operand of the ops reads stay unset by read_sources */
    make_plan(&x, &plan);
    for (unsigned p = 0; p < US_NPIX; p++)
        read_sources(&x, &plan, p, &all[p]);
    unsigned rop = d->u.alu.rgba_inst.rgb_op, aop = d->u.alu.alpha_inst.alpha_op;
    unsigned rnb = rop == US_ALU_RGBA_INST_RGB_OP_MDV ? 2u : 1u, anb = aop == US_ALU_ALPHA_INST_ALPHA_OP_MDV ? 2u : 1u;
    bool rderiv = rop == US_ALU_RGBA_INST_RGB_OP_MDH || rop == US_ALU_RGBA_INST_RGB_OP_MDV;
    bool aderiv = aop == US_ALU_ALPHA_INST_ALPHA_OP_MDH || aop == US_ALU_ALPHA_INST_ALPHA_OP_MDV;
    for (unsigned p = 0; p < US_NPIX; p++) {
        for (unsigned k = 0; k < 3; k++) {
            for (unsigned c = 0; c < 3; c++)
                in[p].rgb[k][c] = all[p].v[plan.rgb[k].sel][plan.rgb[k].swz[c]];
            in[p].alpha[k] = all[p].v[plan.alpha[k].sel][plan.alpha[k].swz[0]];
        }
        for (unsigned c = 0; rderiv && c < 3; c++)
            in[p].rgb[0][c] = all[0].v[0][c], in[p].rgb[2][c] = all[rnb].v[0][c];
        if (aderiv)
            in[p].alpha[0] = all[0].v[0][3], in[p].alpha[2] = all[anb].v[0][3];
    }
}
