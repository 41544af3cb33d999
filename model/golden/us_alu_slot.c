/* The static part of an ALU instruction's plan (us_alu_slot.h), made once per slot when it is decoded. */
#include <string.h>

#include "golden/us_alu_slot.h"
#include "golden/us_fp.h"
#include "isa/us_access.h"

/* The 7-bit inline constant 2^(e-7) * (1 + m/8), exponent 0 read as a normal number. */
static uint32_t inline_constant(unsigned code)
{
    return (((code >> 3) + 120u) << 23) | ((code & 7u) << 20);
}

static void source_ref(unsigned addr, unsigned is_const, unsigned rel, uint32_t *inline_value, us_source_ref_t *r)
{
    r->rel = (uint8_t)(rel != 0);
    r->addr = (uint16_t)addr;
    *inline_value = 0;
    if (is_const)
        r->kind = US_SRC_CONST;
    else if (addr & 0x80u) {
        r->kind = US_SRC_INLINE;
        r->rel = 0;
        *inline_value = inline_constant(addr & 0x7Fu);
    } else
        r->kind = US_SRC_TEMP;
}

static void operand(unsigned sel, const unsigned *swz, unsigned nswz, unsigned mod, us_operand_plan_t *op)
{
    op->sel = (uint8_t)sel;
    op->mod = (uint8_t)mod;
    for (unsigned i = 0; i < 3; i++)
        op->swz[i] = (uint8_t)swz[i < nswz ? i : 0];
}

/* The input modifier, as the ALU applies it (neg, abs, -abs: sign bit only). */
static uint32_t modify(uint32_t v, unsigned mod)
{
    uint32_t and_mask = mod == 2u ? 0x7FFFFFFFu : 0xFFFFFFFFu, or_mask = mod == 3u ? 0x80000000u : 0u;
    return ((v & and_mask) | or_mask) ^ (mod == 1u ? 0x80000000u : 0u);
}

/* How the exact path reads channel ch (r g b a) of operand k; notes the srcp channel or source part it reads. */
static void operand_read(us_alu_slot_t *s, const us_operand_plan_t *op, unsigned k, unsigned ch, us_operand_read_t *rd)
{
    static const uint32_t swizzle_constant[4] = {0u, US_FP_HALF, US_FP_ONE, 0u};
    unsigned swz = op->swz[ch < 3 ? ch : 0], part = (swz < 3u ? 0u : 3u) + op->sel;
    rd->dst = (uint8_t)(4u * k + ch);
    /* (v & and) ^ xor: abs clears the sign, neg and -abs flip it after */
    rd->and_mask = op->mod >= 2u ? 0x7FFFFFFFu : 0xFFFFFFFFu;
    rd->xor_mask = op->mod == 1u || op->mod == 3u ? 0x80000000u : 0u;
    if (swz >= 4u || (op->sel != 3u && s->src[part].kind == US_SRC_INLINE)) {
        rd->block = US_BLOCK_ZERO;
        rd->and_mask = 0;
        rd->xor_mask = modify(swz >= 4u ? swizzle_constant[swz - 4u] : s->inline_value[part], op->mod);
    } else if (op->sel == 3u) {
        rd->block = (uint8_t)(US_BLOCK_SRCP + swz);
        s->srcp_reads |= (uint8_t)(1u << swz);
    } else {
        rd->block = (uint8_t)(4u * part + swz);
        s->refs_used |= (uint8_t)(1u << part);
    }
}

/* Result channels the write-back reads: temporaries, outputs or predicates, W, the ALU result. */
static unsigned result_channels(const us_decoded_t *d)
{
    const us_cmn_inst_t *cmn = &d->cmn;
    unsigned m = (cmn->rgb_wmask & 7u) | (cmn->alpha_wmask & 1u) << 3 | (cmn->rgb_omask & 7u) |
                 (cmn->alpha_omask & 1u) << 3;
    if (d->type == US_TYPE_OUT && d->u.alu.alpha_inst.w_omask)
        m |= 8u;
    if (d->u.alu.rgb_inst.alu_wmask)
        m |= cmn->alu_result_sel ? 8u : 1u;
    return m;
}

/* What the units read for the result channels the write-back reads (us_alu_units.c runs exactly these). */
static void unit_reads(const us_decoded_t *d, us_alu_slot_t *s)
{
    unsigned rgb_op = d->u.alu.rgba_inst.rgb_op, alpha_op = d->u.alu.alpha_inst.alpha_op;
    unsigned m = result_channels(d), rgb = m & 7u;
    rgb = rgb == 5u ? 7u : rgb; /* r and b: g too, so the rgb lanes are one run */
    bool dp = rgb_op == US_ALU_RGBA_INST_RGB_OP_DP3 || rgb_op == US_ALU_RGBA_INST_RGB_OP_DP4 ||
              rgb_op == US_ALU_RGBA_INST_RGB_OP_D2A;
    s->res_channels = (uint8_t)m;
    s->rgb_span = (uint8_t)rgb;
    s->alpha_needed = (m & 8u) || (rgb_op == US_ALU_RGBA_INST_RGB_OP_SOP && rgb);
    s->dot_needed = dp && (rgb || (alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_DP && (m & 8u)));
    unsigned a = 0, b = 0, c = 0, src0 = 0;
    switch (rgb_op) {
    case US_ALU_RGBA_INST_RGB_OP_MAD:
    case US_ALU_RGBA_INST_RGB_OP_CND:
    case US_ALU_RGBA_INST_RGB_OP_CMP: a = b = c = rgb; break;
    case US_ALU_RGBA_INST_RGB_OP_MIN:
    case US_ALU_RGBA_INST_RGB_OP_MAX: a = b = rgb; break;
    case US_ALU_RGBA_INST_RGB_OP_FRC: a = rgb; break;
    case US_ALU_RGBA_INST_RGB_OP_DP3: a = b = s->dot_needed ? 7u : 0u; break;
    case US_ALU_RGBA_INST_RGB_OP_DP4: a = b = s->dot_needed ? 15u : 0u; break;
    case US_ALU_RGBA_INST_RGB_OP_D2A: /* C r and g too, unused: the lanes of C stay one run */
        a = b = s->dot_needed ? 3u : 0u;
        c = s->dot_needed ? 7u : 0u;
        break;
    case US_ALU_RGBA_INST_RGB_OP_MDH:
    case US_ALU_RGBA_INST_RGB_OP_MDV: b = src0 = rgb; break;
    default: break; /* SOP */
    }
    if (s->alpha_needed)
        switch (alpha_op) {
        case US_ALU_ALPHA_INST_ALPHA_OP_MAD:
        case US_ALU_ALPHA_INST_ALPHA_OP_CND:
        case US_ALU_ALPHA_INST_ALPHA_OP_CMP: a |= 8u, b |= 8u, c |= 8u; break;
        case US_ALU_ALPHA_INST_ALPHA_OP_MIN:
        case US_ALU_ALPHA_INST_ALPHA_OP_MAX: a |= 8u, b |= 8u; break;
        case US_ALU_ALPHA_INST_ALPHA_OP_DP: break;
        case US_ALU_ALPHA_INST_ALPHA_OP_MDH:
        case US_ALU_ALPHA_INST_ALPHA_OP_MDV: b |= 8u, src0 |= 8u; break;
        default: a |= 8u; break; /* FRC and the transcendentals */
        }
    s->reads[0] = (uint8_t)a, s->reads[1] = (uint8_t)b, s->reads[2] = (uint8_t)c, s->src0_reads = (uint8_t)src0;
    for (unsigned k = 0; k < 3; k++)
        for (unsigned ch = 0; ch < 4; ch++)
            if (s->reads[k] >> ch & 1u)
                operand_read(s, ch < 3 ? &s->rgb[k] : &s->alpha[k], k, ch, &s->read[s->n_reads++]);
    /* the pre-subtract reads src0 and src1 of its channel, MDH/MDV src0 */
    for (unsigned c = 0; c < 4; c++) {
        unsigned part = c < 3 ? 0u : 3u;
        if (s->srcp_reads >> c & 1u)
            s->refs_used |= (uint8_t)(3u << part);
        if (s->src0_reads >> c & 1u)
            s->refs_used |= (uint8_t)(1u << part);
    }
}

void us_alu_slot_make(const us_inst_t *in, const us_decoded_t *d, us_alu_slot_t *s)
{
    memset(s, 0, sizeof *s); /* padding-free, but zero it all the same: shaders are compared byte for byte */
    s->key = *in;
    if (!us_is_alu_type(d))
        return;
    const us_alu_rgb_addr_t *ra = &d->u.alu.rgb_addr;
    const us_alu_alpha_addr_t *aa = &d->u.alu.alpha_addr;
    const us_alu_rgb_inst_t *ri = &d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &d->u.alu.rgba_inst;
    source_ref(ra->addr0, ra->addr0_const, ra->addr0_rel, &s->inline_value[0], &s->src[0]);
    source_ref(ra->addr1, ra->addr1_const, ra->addr1_rel, &s->inline_value[1], &s->src[1]);
    source_ref(ra->addr2, ra->addr2_const, ra->addr2_rel, &s->inline_value[2], &s->src[2]);
    source_ref(aa->addr0, aa->addr0_const, aa->addr0_rel, &s->inline_value[3], &s->src[3]);
    source_ref(aa->addr1, aa->addr1_const, aa->addr1_rel, &s->inline_value[4], &s->src[4]);
    source_ref(aa->addr2, aa->addr2_const, aa->addr2_rel, &s->inline_value[5], &s->src[5]);
    const unsigned swa[3] = {ri->red_swiz_a, ri->green_swiz_a, ri->blue_swiz_a};
    const unsigned swb[3] = {ri->red_swiz_b, ri->green_swiz_b, ri->blue_swiz_b};
    const unsigned swc[3] = {ci->red_swiz_c, ci->green_swiz_c, ci->blue_swiz_c};
    operand(ri->rgb_sel_a, swa, 3, ri->rgb_mod_a, &s->rgb[0]);
    operand(ri->rgb_sel_b, swb, 3, ri->rgb_mod_b, &s->rgb[1]);
    operand(ci->rgb_sel_c, swc, 3, ci->rgb_mod_c, &s->rgb[2]);
    operand(ai->alpha_sel_a, &ai->alpha_swiz_a, 1, ai->alpha_mod_a, &s->alpha[0]);
    operand(ai->alpha_sel_b, &ai->alpha_swiz_b, 1, ai->alpha_mod_b, &s->alpha[1]);
    operand(ci->alpha_sel_c, &ci->alpha_swiz_c, 1, ci->alpha_mod_c, &s->alpha[2]);
    /* Only the srcp channels an operand the ops read picks: each costs an addition per pixel. MDH/MDV read A and
     * C from src0 whatever their select (only B goes through it); an rgb DP4 reads the alpha unit's A and B. */
    unsigned rn = us_rgb_op_arity(ci->rgb_op), an = us_alpha_op_arity(ai->alpha_op);
    bool rgb_deriv = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH || ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDV;
    bool alpha_deriv = ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDH || ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDV;
    bool dp4 = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_DP4;
    for (unsigned i = 0; i < 3; i++) {
        bool rgb_reads = i < rn && !(rgb_deriv && i != 1);
        bool alpha_reads = (i < an && !(alpha_deriv && i != 1)) || (dp4 && i < 2);
        if (rgb_reads && s->rgb[i].sel == 3u)
            for (unsigned c = 0; c < 3; c++)
                s->srcp_channels |= (uint8_t)(s->rgb[i].swz[c] < 4u ? 1u << s->rgb[i].swz[c] : 0u);
        if (alpha_reads && s->alpha[i].sel == 3u)
            s->srcp_channels |= (uint8_t)(s->alpha[i].swz[0] < 4u ? 1u << s->alpha[i].swz[0] : 0u);
    }
    unit_reads(d, s);
}
