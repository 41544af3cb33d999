/* Which sources and channels an instruction's operands use, mirroring the ALU's operand plan (docs/spec.md
 * section 5): a unit whose result is used reads operands A..C up to its arity; MDH/MDV read A and C from src0 of
 * another pixel whatever their select; an rgb DP4 also reads the alpha unit's A and B; srcp channel c is made from
 * src0 and, for SUB and ADD, src1 of the same channel. */
#include <string.h>

#include "isa/us_access.h"

enum { SEL_SRCP = 3, SWIZ_ALPHA = 3, SWIZ_CHANNELS = 4 };

const char *const us_src_slot_names[6] = {"rgb src0", "rgb src1", "rgb src2", "alpha src0", "alpha src1",
                                          "alpha src2"};

static bool presub_reads_src1(unsigned srcp_op)
{
    return srcp_op == US_ALU_RGB_ADDR_SRCP_OP_SUB || srcp_op == US_ALU_RGB_ADDR_SRCP_OP_ADD;
}

/* One swizzle channel of an operand with select sel: marks the source slot and channel it reads. */
static void use_channel(us_access_t *a, const us_decoded_t *d, unsigned sel, unsigned swz)
{
    if (swz >= SWIZ_CHANNELS)
        return; /* the constants 0, 0.5, 1 */
    unsigned bank = swz == SWIZ_ALPHA ? 3u : 0u; /* alpha reads the alpha address, r g b the rgb address */
    uint8_t bit = (uint8_t)(1u << swz);
    if (sel != SEL_SRCP) {
        a->src[bank + sel].direct |= bit;
        return;
    }
    unsigned op = bank ? d->u.alu.alpha_addr.srcp_op : d->u.alu.rgb_addr.srcp_op;
    a->src[bank].presub |= bit;
    if (presub_reads_src1(op))
        a->src[bank + 1u].presub |= bit;
}

/* A unit's result goes somewhere: a temporary, an output or predicate, the ALU result, or the other unit (rgb SOP
 * takes the alpha unit's result, alpha DP the rgb dot product). A unit whose result goes nowhere reads nothing
 * that matters. */
static void live_units(const us_decoded_t *d, bool *rgb, bool *alpha)
{
    const us_cmn_inst_t *c = &d->cmn;
    bool result = d->u.alu.rgb_inst.alu_wmask != 0;
    *rgb = c->rgb_wmask || c->rgb_omask || (result && c->alu_result_sel == US_CMN_INST_ALU_RESULT_SEL_RED);
    *alpha = c->alpha_wmask || c->alpha_omask || (d->type == US_TYPE_OUT && d->u.alu.alpha_inst.w_omask) ||
             (result && c->alu_result_sel == US_CMN_INST_ALU_RESULT_SEL_ALPHA);
    if (*rgb && d->u.alu.rgba_inst.rgb_op == US_ALU_RGBA_INST_RGB_OP_SOP)
        *alpha = true;
    if (*alpha && d->u.alu.alpha_inst.alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_DP)
        *rgb = true;
}

static void alu_access(const us_decoded_t *d, us_access_t *a)
{
    const us_alu_rgb_addr_t *ra = &d->u.alu.rgb_addr;
    const us_alu_alpha_addr_t *aa = &d->u.alu.alpha_addr;
    const us_alu_rgb_inst_t *ri = &d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &d->u.alu.rgba_inst;
    const unsigned addr[6] = {ra->addr0, ra->addr1, ra->addr2, aa->addr0, aa->addr1, aa->addr2};
    const unsigned cst[6] = {ra->addr0_const, ra->addr1_const, ra->addr2_const,
                             aa->addr0_const, aa->addr1_const, aa->addr2_const};
    const unsigned rel[6] = {ra->addr0_rel, ra->addr1_rel, ra->addr2_rel, aa->addr0_rel, aa->addr1_rel, aa->addr2_rel};
    for (unsigned i = 0; i < 6; i++) {
        a->src[i].addr = addr[i];
        a->src[i].is_const = cst[i] != 0;
        a->src[i].rel = rel[i] != 0;
    }
    const unsigned rgb_sel[3] = {ri->rgb_sel_a, ri->rgb_sel_b, ci->rgb_sel_c};
    const unsigned rgb_swz[3][3] = {{ri->red_swiz_a, ri->green_swiz_a, ri->blue_swiz_a},
                                    {ri->red_swiz_b, ri->green_swiz_b, ri->blue_swiz_b},
                                    {ci->red_swiz_c, ci->green_swiz_c, ci->blue_swiz_c}};
    const unsigned alpha_sel[3] = {ai->alpha_sel_a, ai->alpha_sel_b, ci->alpha_sel_c};
    const unsigned alpha_swz[3] = {ai->alpha_swiz_a, ai->alpha_swiz_b, ci->alpha_swiz_c};
    bool rgb_live, alpha_live;
    live_units(d, &rgb_live, &alpha_live);
    unsigned rn = rgb_live ? us_rgb_op_arity(ci->rgb_op) : 0u, an = alpha_live ? us_alpha_op_arity(ai->alpha_op) : 0u;
    bool rgb_deriv = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH || ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDV;
    bool alpha_deriv = ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDH || ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDV;
    bool dp4 = rgb_live && ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_DP4;
    for (unsigned i = 0; i < 3; i++) {
        if (i < rn && rgb_deriv && i != 1u)
            a->src[0].deriv |= 0x7u;
        else if (i < rn)
            for (unsigned c = 0; c < 3; c++)
                use_channel(a, d, rgb_sel[i], rgb_swz[i][c]);
        bool alpha_reads_deriv = i < an && alpha_deriv && i != 1u;
        if (alpha_reads_deriv)
            a->src[3].deriv |= 0x8u;
        /* an rgb DP4's fourth term reads the alpha operands A and B through their selects and swizzles, also
         * beside an alpha MDH/MDV, whose A is the neighbour's src0 (docs/spec.md section 5) */
        if ((i < an && !alpha_reads_deriv) || (dp4 && i < 2u))
            use_channel(a, d, alpha_sel[i], alpha_swz[i]);
    }
    a->dst[0] = (us_dst_use_t){ci->rgb_addrd, ci->rgb_addrd_rel != 0, (uint8_t)d->cmn.rgb_wmask};
    a->dst[1] = (us_dst_use_t){ai->alpha_addrd, ai->alpha_addrd_rel != 0, (uint8_t)(d->cmn.alpha_wmask ? 0x8u : 0u)};
}

static uint8_t swizzle_channels(unsigned s, unsigned t, unsigned r, unsigned q)
{
    return (uint8_t)(1u << s | 1u << t | 1u << r | 1u << q);
}

static void tex_access(const us_decoded_t *d, us_access_t *a)
{
    const us_tex_inst_t *ti = &d->u.tex.inst;
    const us_tex_addr_t *ta = &d->u.tex.addr;
    const us_tex_addr_dxdy_t *dd = &d->u.tex.dxdy;
    if (ti->inst == US_TEX_INST_INST_NOP)
        return; /* reads and writes nothing (CTM p.33) */
    a->src[0] = (us_src_use_t){ta->src_addr, false, ta->src_addr_rel != 0,
                               swizzle_channels(ta->src_s_swiz, ta->src_t_swiz, ta->src_r_swiz, ta->src_q_swiz), 0, 0};
    if (ti->inst == US_TEX_INST_INST_DXDY) {
        a->src[1] = (us_src_use_t){dd->dx_addr, false, dd->dx_addr_rel != 0,
                                   swizzle_channels(dd->dx_s_swiz, dd->dx_t_swiz, dd->dx_r_swiz, dd->dx_q_swiz), 0, 0};
        a->src[2] = (us_src_use_t){dd->dy_addr, false, dd->dy_addr_rel != 0,
                                   swizzle_channels(dd->dy_s_swiz, dd->dy_t_swiz, dd->dy_r_swiz, dd->dy_q_swiz), 0, 0};
    }
    if (ti->inst == US_TEX_INST_INST_TEXKILL)
        return;
    a->tex_lookup = true;
    a->dst[0] = (us_dst_use_t){ta->dst_addr, ta->dst_addr_rel != 0,
                               (uint8_t)(d->cmn.rgb_wmask | (d->cmn.alpha_wmask ? 0x8u : 0u))};
}

void us_inst_access(const us_decoded_t *d, us_access_t *a)
{
    memset(a, 0, sizeof *a);
    if (d->type == US_TYPE_ALU || d->type == US_TYPE_OUT)
        alu_access(d, a);
    else if (d->type == US_TYPE_TEX)
        tex_access(d, a);
}

bool us_src_is_temp(const us_access_t *a, unsigned slot)
{
    const us_src_use_t *s = &a->src[slot];
    return !s->is_const && !(s->addr & 0x80u);
}

void us_temps_read(const us_decoded_t *dec, unsigned n, bool reads[US_TEMP_ADDRS])
{
    for (unsigned i = 0; i < n; i++) {
        us_access_t a;
        us_inst_access(&dec[i], &a);
        for (unsigned s = 0; s < 6; s++) {
            if (!us_src_is_temp(&a, s) || !us_src_channels(&a.src[s]))
                continue;
            if (a.src[s].rel) {
                memset(reads, true, US_TEMP_ADDRS * sizeof reads[0]);
                return;
            }
            reads[a.src[s].addr % US_TEMP_ADDRS] = true;
        }
    }
}
