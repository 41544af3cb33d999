/* The ALU: the instruction's plan (made once, for all four pixels), operand read as four lanes (sources, inline
 * constants, aL-relative addresses, pre-subtract, swizzles, modifiers), then the units (us_alu_units.c) and the
 * write-back (us_alu_write.c). docs/spec.md section 5 is the statement. */
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

/* The pre-subtract of one channel on four lanes, as us_alu_presub computes it lane by lane. */
static void presub_lanes(unsigned op, const uint32_t s0[US_NPIX], const uint32_t s1[US_NPIX], uint32_t r[US_NPIX])
{
    uint32_t a[US_NPIX], b[US_NPIX];
    switch (op) {
    case US_ALU_RGB_ADDR_SRCP_OP_NEG2:
        for (unsigned p = 0; p < US_NPIX; p++)
            a[p] = FP_TWO;
        us_fp_mul_lanes(b, s0, a, US_NPIX, false);
        for (unsigned p = 0; p < US_NPIX; p++)
            a[p] = US_FP_ONE, b[p] ^= SIGN;
        us_fp_add_lanes(r, a, b, US_NPIX);
        break;
    case US_ALU_RGB_ADDR_SRCP_OP_SUB:
        for (unsigned p = 0; p < US_NPIX; p++)
            b[p] = s0[p] ^ SIGN;
        us_fp_add_lanes(r, s1, b, US_NPIX);
        break;
    case US_ALU_RGB_ADDR_SRCP_OP_ADD: us_fp_add_lanes(r, s1, s0, US_NPIX); break;
    default:
        for (unsigned p = 0; p < US_NPIX; p++)
            a[p] = US_FP_ONE, b[p] = s0[p] ^ SIGN;
        us_fp_add_lanes(r, a, b, US_NPIX);
        break;
    }
}

/* The four pixels' sources as lanes: v[source][channel][pixel] for src0 src1 src2 srcp and r g b a; row[source]
 * [swizzle] points at the lanes a swizzle value picks (r g b a, then the constants 0 0.5 1 0). */
typedef struct lane_sources {
    uint32_t v[4][4][US_NPIX];
    const uint32_t *row[4][8];
} lane_sources_t;

static const uint32_t swizzle_constant[4][US_NPIX] = {
    {0u, 0u, 0u, 0u}, {US_FP_HALF, US_FP_HALF, US_FP_HALF, US_FP_HALF}, {US_FP_ONE, US_FP_ONE, US_FP_ONE, US_FP_ONE},
    {0u, 0u, 0u, 0u}};

/* Every pixel's sources, also those whose writes do not land (the work is pure, and MDH/MDV read them). srcp
 * channels no operand of the ops reads are 0 (an addition each saved). */
static void read_sources(const us_exec_t *x, const us_alu_plan_t *pl, lane_sources_t *s)
{
    for (unsigned i = 0; i < 3; i++)
        for (unsigned p = 0; p < US_NPIX; p++) {
            const uint32_t *rgb = pl->rgb_src[i].base + p * pl->rgb_src[i].pixel_stride;
            const uint32_t *alpha = pl->alpha_src[i].base + p * pl->alpha_src[i].pixel_stride;
            s->v[i][0][p] = rgb[0], s->v[i][1][p] = rgb[1], s->v[i][2][p] = rgb[2], s->v[i][3][p] = alpha[3];
        }
    unsigned rop = x->d->u.alu.rgb_addr.srcp_op, aop = x->d->u.alu.alpha_addr.srcp_op;
    for (unsigned c = 0; c < 4; c++) {
        if (pl->srcp_channels >> c & 1u)
            presub_lanes(c < 3 ? rop : aop, s->v[0][c], s->v[1][c], s->v[3][c]);
        else
            memset(s->v[3][c], 0, sizeof s->v[3][c]);
    }
    for (unsigned i = 0; i < 4; i++)
        for (unsigned k = 0; k < 8; k++)
            s->row[i][k] = k < 4 ? s->v[i][k] : swizzle_constant[k - 4];
}

/* An operand's channel on four lanes: the swizzled source through the input modifier. */
static void read_operand(const lane_sources_t *s, const us_operand_plan_t *op, unsigned c, uint32_t out[US_NPIX])
{
    const uint32_t *v = s->row[op->sel][op->swz[c]];
    for (unsigned p = 0; p < US_NPIX; p++)
        out[p] = ((v[p] & op->and_mask) | op->or_mask) ^ op->xor_mask;
}

static void read_operands(const lane_sources_t *s, const us_alu_plan_t *pl, us_alu_operands_t *o)
{
    uint32_t *dst[3] = {o->a, o->b, o->c};
    for (unsigned k = 0; k < 3; k++) {
        for (unsigned c = 0; c < 3; c++)
            read_operand(s, &pl->rgb[k], c, dst[k] + c * US_NPIX);
        read_operand(s, &pl->alpha[k], 0, dst[k] + 3 * US_NPIX);
    }
    memcpy(o->src0, s->v[0], sizeof o->src0);
}

void us_exec_alu(us_exec_t *x)
{
    uint8_t writers = us_write_pixels(x);
    if (!writers)
        return; /* nothing lands: no write, no record entry, no bounds */
    us_alu_plan_t plan;
    lane_sources_t src;
    us_alu_operands_t ops;
    uint32_t res[4 * US_NPIX];
    make_plan(x, &plan);
    /* All reads before any write: the instruction sees the state before it. */
    read_sources(x, &plan, &src);
    read_operands(&src, &plan, &ops);
    us_alu_units(x, &ops, res);
    if (x->b) {
        us_iv_t bounds[US_NPIX][4];
        us_bound_alu(x, &plan, writers, bounds);
        us_alu_write_back(x, writers, res, (const us_iv_t (*)[4])bounds);
    } else {
        us_alu_write_back(x, writers, res, NULL);
    }
}

void us_alu_inputs(const us_quad_t *q, const us_shader_t *sh, const us_decoded_t *d, us_alu_inputs_t in[US_NPIX])
{
    /* make_plan and read_sources only read the quad; the cast gives them the exec record they take. */
    us_exec_t x = {(us_quad_t *)q, sh, d, NULL, 0, 0, false, NULL};
    us_alu_plan_t plan;
    lane_sources_t s;
    make_plan(&x, &plan);
    read_sources(&x, &plan, &s);
    unsigned rop = d->u.alu.rgba_inst.rgb_op, aop = d->u.alu.alpha_inst.alpha_op;
    unsigned rnb = rop == US_ALU_RGBA_INST_RGB_OP_MDV ? 2u : 1u, anb = aop == US_ALU_ALPHA_INST_ALPHA_OP_MDV ? 2u : 1u;
    bool rderiv = rop == US_ALU_RGBA_INST_RGB_OP_MDH || rop == US_ALU_RGBA_INST_RGB_OP_MDV;
    bool aderiv = aop == US_ALU_ALPHA_INST_ALPHA_OP_MDH || aop == US_ALU_ALPHA_INST_ALPHA_OP_MDV;
    for (unsigned p = 0; p < US_NPIX; p++) {
        for (unsigned k = 0; k < 3; k++) {
            for (unsigned c = 0; c < 3; c++)
                in[p].rgb[k][c] = s.row[plan.rgb[k].sel][plan.rgb[k].swz[c]][p];
            in[p].alpha[k] = s.row[plan.alpha[k].sel][plan.alpha[k].swz[0]][p];
        }
        for (unsigned c = 0; rderiv && c < 3; c++)
            in[p].rgb[0][c] = s.v[0][c][0], in[p].rgb[2][c] = s.v[0][c][rnb];
        if (aderiv)
            in[p].alpha[0] = s.v[0][3][0], in[p].alpha[2] = s.v[0][3][anb];
    }
}
