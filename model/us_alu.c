/* The ALU: operand read (sources, inline constants, aL-relative addresses, pre-subtract, swizzles, modifiers),
 * the rgb and alpha units, OMOD and clamp, and write-back of temporaries, outputs, predicates and the ALU result.
 * docs/spec.md section 5 is the statement. */
#include "us_exec.h"
#include "us_fp.h"

#define FP_TWO 0x40000000u
#define SIGN 0x80000000u

/* The 7-bit inline constant 2^(e-7) * (1 + m/8), exponent 0 read as a normal number. */
static uint32_t inline_constant(unsigned code)
{
    return (((code >> 3) + 120u) << 23) | ((code & 7u) << 20);
}

static void read_source(const us_exec_t *x, unsigned p, unsigned addr, unsigned is_const, unsigned rel, uint32_t v[4])
{
    unsigned al = rel ? us_current_al(x->q) : 0u;
    const uint32_t *s;
    if (is_const) {
        s = x->sh->konst[(addr + al) & (US_NCONST - 1u)];
    } else if (addr & 0x80u) {
        v[0] = v[1] = v[2] = v[3] = inline_constant(addr & 0x7Fu);
        return;
    } else {
        s = x->q->temp[p][(addr + al) & (US_NTEMP - 1u)];
    }
    v[0] = s[0], v[1] = s[1], v[2] = s[2], v[3] = s[3];
}

static uint32_t presub(unsigned op, uint32_t s0, uint32_t s1)
{
    switch (op) {
    case US_ALU_RGB_ADDR_SRCP_OP_NEG2: return us_fp_add(US_FP_ONE, us_fp_mul(s0, FP_TWO, false) ^ SIGN);
    case US_ALU_RGB_ADDR_SRCP_OP_SUB: return us_fp_add(s1, s0 ^ SIGN);
    case US_ALU_RGB_ADDR_SRCP_OP_ADD: return us_fp_add(s1, s0);
    default: return us_fp_add(US_FP_ONE, s0 ^ SIGN);
    }
}

/* Per pixel: src0, src1, src2 and srcp as 4-vectors (rgb from the rgb addresses, alpha from the alpha ones). */
typedef struct sources {
    uint32_t v[4][4];
} sources_t;

static void read_sources(const us_exec_t *x, unsigned p, sources_t *s)
{
    const us_alu_rgb_addr_t *ra = &x->d->u.alu.rgb_addr;
    const us_alu_alpha_addr_t *aa = &x->d->u.alu.alpha_addr;
    const unsigned radr[3] = {ra->addr0, ra->addr1, ra->addr2}, rc[3] = {ra->addr0_const, ra->addr1_const, ra->addr2_const},
                   rr[3] = {ra->addr0_rel, ra->addr1_rel, ra->addr2_rel};
    const unsigned aadr[3] = {aa->addr0, aa->addr1, aa->addr2}, ac[3] = {aa->addr0_const, aa->addr1_const, aa->addr2_const},
                   ar[3] = {aa->addr0_rel, aa->addr1_rel, aa->addr2_rel};
    for (unsigned i = 0; i < 3; i++) {
        uint32_t alpha[4];
        read_source(x, p, radr[i], rc[i], rr[i], s->v[i]);
        read_source(x, p, aadr[i], ac[i], ar[i], alpha);
        s->v[i][3] = alpha[3];
    }
    for (unsigned c = 0; c < 3; c++)
        s->v[3][c] = presub(ra->srcp_op, s->v[0][c], s->v[1][c]);
    s->v[3][3] = presub(aa->srcp_op, s->v[0][3], s->v[1][3]);
}

static uint32_t operand(const sources_t *s, unsigned sel, unsigned swz, unsigned mod)
{
    static const uint32_t konst[4] = {0u, US_FP_HALF, US_FP_ONE, 0u}; /* swizzle 4..7: 0, 0.5, 1, unused (0) */
    uint32_t v = swz < 4 ? s->v[sel][swz] : konst[swz - 4];
    return us_fp_modify(v, mod);
}

typedef struct unit_result {
    uint32_t rgb[3], alpha;
} unit_result_t;

static uint32_t transcendental(unsigned op, uint32_t a)
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
static void compute(const us_exec_t *x, const sources_t *all, unsigned p, unit_result_t *res)
{
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &x->d->u.alu.rgba_inst;
    const sources_t *s = &all[p];
    bool legacy = (x->sh->config & US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_MASK) != 0;
    uint32_t A[3], B[3], C[3];
    const unsigned swa[3] = {ri->red_swiz_a, ri->green_swiz_a, ri->blue_swiz_a};
    const unsigned swb[3] = {ri->red_swiz_b, ri->green_swiz_b, ri->blue_swiz_b};
    const unsigned swc[3] = {ci->red_swiz_c, ci->green_swiz_c, ci->blue_swiz_c};
    for (unsigned c = 0; c < 3; c++) {
        A[c] = operand(s, ri->rgb_sel_a, swa[c], ri->rgb_mod_a);
        B[c] = operand(s, ri->rgb_sel_b, swb[c], ri->rgb_mod_b);
        C[c] = operand(s, ci->rgb_sel_c, swc[c], ci->rgb_mod_c);
    }
    uint32_t aA = operand(s, ai->alpha_sel_a, ai->alpha_swiz_a, ai->alpha_mod_a);
    uint32_t aB = operand(s, ai->alpha_sel_b, ai->alpha_swiz_b, ai->alpha_mod_b);
    uint32_t aC = operand(s, ci->alpha_sel_c, ci->alpha_swiz_c, ci->alpha_mod_c);

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
    default: alpha_raw = transcendental(ai->alpha_op, aA); break;
    }
    for (unsigned c = 0; c < 3; c++) {
        uint32_t r;
        switch (ci->rgb_op) {
        case US_ALU_RGBA_INST_RGB_OP_MAD: r = us_fp_mad(A[c], B[c], C[c], legacy); break;
        case US_ALU_RGBA_INST_RGB_OP_DP3:
        case US_ALU_RGBA_INST_RGB_OP_DP4:
        case US_ALU_RGBA_INST_RGB_OP_D2A: r = dot; break;
        case US_ALU_RGBA_INST_RGB_OP_MIN: r = us_fp_min(A[c], B[c]); break;
        case US_ALU_RGBA_INST_RGB_OP_MAX: r = us_fp_max(A[c], B[c]); break;
        case US_ALU_RGBA_INST_RGB_OP_CND: r = us_fp_cnd(A[c], B[c], C[c]); break;
        case US_ALU_RGBA_INST_RGB_OP_CMP: r = us_fp_cmp(A[c], B[c], C[c]); break;
        case US_ALU_RGBA_INST_RGB_OP_FRC: r = us_fp_frc(A[c]); break;
        case US_ALU_RGBA_INST_RGB_OP_SOP: r = alpha_raw; break;
        default: { /* MDH, MDV */
            unsigned nb = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH ? 1u : 2u;
            r = us_fp_mad(us_fp_modify(all[0].v[0][c], ri->rgb_mod_a), B[c],
                          us_fp_modify(all[nb].v[0][c], ci->rgb_mod_c), legacy);
            break;
        }
        }
        r = us_fp_omod(r, ri->omod);
        res->rgb[c] = x->d->cmn.rgb_clamp ? us_fp_clamp01(r) : r;
    }
    alpha_raw = us_fp_omod(alpha_raw, ai->omod);
    res->alpha = x->d->cmn.alpha_clamp ? us_fp_clamp01(alpha_raw) : alpha_raw;
}

static void write_back(us_exec_t *x, unsigned p, const unit_result_t *res)
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

    uint8_t romask = (uint8_t)(d->cmn.rgb_omask & en & 7u), aomask = (uint8_t)((d->cmn.alpha_omask << 3) & en);
    if (d->type == US_TYPE_OUT) {
        for (unsigned c = 0; c < 3; c++)
            if (romask >> c & 1u)
                q->out[ri->target][p][c] = val[c];
        q->out_written[ri->target][p] |= romask;
        if (aomask) {
            q->out[ai->target][p][3] = val[3];
            q->out_written[ai->target][p] |= aomask;
        }
        bool w = ai->w_omask && (en >> 3 & 1u);
        if (w) {
            q->w[p] = val[3];
            q->w_written |= (uint8_t)(1u << p);
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
            if (romask >> c & 1u)
                bits = (uint8_t)((bits & ~(1u << c)) | (us_fp_cmp0(val[c], ri->target) << c));
        if (aomask)
            bits = (uint8_t)((bits & ~8u) | (us_fp_cmp0(val[3], ai->target) << 3));
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
    sources_t all[US_NPIX];
    unit_result_t res[US_NPIX];
    uint8_t writers = us_write_pixels(x);
    bool derivative = x->d->u.alu.rgba_inst.rgb_op >= US_ALU_RGBA_INST_RGB_OP_MDH ||
                      x->d->u.alu.alpha_inst.alpha_op >= US_ALU_ALPHA_INST_ALPHA_OP_MDH;
    /* All reads before any write: the instruction sees the state before it. MDH/MDV read every pixel. */
    for (unsigned p = 0; p < US_NPIX; p++)
        if (derivative || (writers >> p & 1u))
            read_sources(x, p, &all[p]);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (writers >> p & 1u)
            compute(x, all, p, &res[p]);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (writers >> p & 1u)
            write_back(x, p, &res[p]);
}
