/* The ALU: the instruction's plan (made once, for all four pixels), operand read as four lanes (sources, inline
 * constants, aL-relative addresses, pre-subtract, swizzles, modifiers), then the units (us_alu_units.c) and the
 * write-back (us_alu_write.c). docs/spec.md section 5 is the statement. */
#include <string.h>

#include "golden/us_alu_plan.h"
#include "golden/us_bound_ops.h"
#include "golden/us_fp.h"
#include "golden/us_u32x4.h"

#define FP_TWO 0x40000000u
#define SIGN 0x80000000u

/* The register a temporary or constant source part reads: its address, plus aL when relative, within its file. */
static unsigned source_index(const us_source_ref_t *r, unsigned al)
{
    unsigned size = r->kind == US_SRC_CONST ? US_NCONST : US_NTEMP;
    return (r->addr + (r->rel ? al : 0u)) & (size - 1u);
}

/* Where a source part reads for this quad: its static reference with aL added. */
static void plan_source(const us_exec_t *x, const us_source_ref_t *r, uint32_t inline_value, uint32_t *inline_slot,
                        us_source_plan_t *sp)
{
    unsigned index = source_index(r, us_current_al(x->q));
    if (r->kind == US_SRC_CONST) {
        sp->temp = -1;
        sp->base = x->sh->konst[index];
        sp->pixel_stride = 0;
    } else if (r->kind == US_SRC_INLINE) {
        sp->temp = -1;
        inline_slot[0] = inline_slot[1] = inline_slot[2] = inline_slot[3] = inline_value;
        sp->base = inline_slot;
        sp->pixel_stride = 0;
    } else {
        sp->temp = (int)index;
        sp->base = x->q->temp[0][sp->temp];
        sp->pixel_stride = US_NTEMP * 4u;
    }
}

/* Where the source parts in mask (bit i: rgb src0-2, then alpha src0-2) read for this quad. */
static void make_plan(const us_exec_t *x, const us_alu_slot_t *slot, unsigned mask, us_alu_plan_t *pl)
{
    pl->slot = slot;
    for (unsigned i = 0; i < 6; i++)
        if (mask >> i & 1u)
            plan_source(x, &slot->src[i], slot->inline_value[i], pl->inline_value[i], &pl->src[i]);
}

/* The slot's static plan while it still describes the instruction at pc; else (a caller that wrote the
 * instruction words and dec itself, as tb/unit/fc.cpp does) one made now from dec, so it is never stale. */
static const us_alu_slot_t *static_plan(const us_exec_t *x, us_alu_slot_t *scratch)
{
    const us_alu_slot_t *s = &x->sh->alu_slot[x->pc];
    if (x->d == &x->sh->dec[x->pc] && memcmp(&s->key, &x->sh->imem[x->pc], sizeof s->key) == 0)
        return s;
    us_alu_slot_make(&x->sh->imem[x->pc], x->d, scratch);
    return scratch;
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

us_fp_unary_fn us_alu_transcendental_fn(unsigned op)
{
    switch (op) {
    case US_ALU_ALPHA_INST_ALPHA_OP_EX2: return us_fp_ex2;
    case US_ALU_ALPHA_INST_ALPHA_OP_LN2: return us_fp_ln2;
    case US_ALU_ALPHA_INST_ALPHA_OP_RCP: return us_fp_rcp;
    case US_ALU_ALPHA_INST_ALPHA_OP_RSQ: return us_fp_rsq;
    case US_ALU_ALPHA_INST_ALPHA_OP_SIN: return us_fp_sin;
    default: return us_fp_cos;
    }
}

uint32_t us_alu_transcendental(unsigned op, uint32_t a) { return us_alu_transcendental_fn(op)(a); }

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

static const uint32_t swizzle_constant[4][US_NPIX] = {
    {0u, 0u, 0u, 0u}, {US_FP_HALF, US_FP_HALF, US_FP_HALF, US_FP_HALF}, {US_FP_ONE, US_FP_ONE, US_FP_ONE, US_FP_ONE},
    {0u, 0u, 0u, 0u}};

/* Channel c (r g b a) of source i (src0-2) at the four pixels: r g b from the rgb source part, a from the alpha
 * one. Every pixel's, also those whose writes do not land (the work is pure, and MDH/MDV read them). */
static void source_lanes(const us_alu_plan_t *pl, unsigned i, unsigned c, uint32_t out[US_NPIX])
{
    const us_source_plan_t *sp = &pl->src[c < 3 ? i : 3 + i];
    for (unsigned p = 0; p < US_NPIX; p++)
        out[p] = sp->base[p * sp->pixel_stride + c];
}

/* The pre-subtract lanes of the srcp channels in mask (the others are left as they are). */
static void srcp_lanes(const us_exec_t *x, const us_alu_plan_t *pl, unsigned mask, uint32_t srcp[4][US_NPIX])
{
    unsigned rop = x->d->u.alu.rgb_addr.srcp_op, aop = x->d->u.alu.alpha_addr.srcp_op;
    for (unsigned c = 0; c < 4; c++)
        if (mask >> c & 1u) {
            uint32_t s0[US_NPIX], s1[US_NPIX];
            source_lanes(pl, 0, c, s0);
            source_lanes(pl, 1, c, s1);
            presub_lanes(c < 3 ? rop : aop, s0, s1, srcp[c]);
        }
}

/* Where an operand's swizzle value swz reads at the four pixels: pixel p at v[p * stride]. */
static const uint32_t *operand_source(const us_alu_plan_t *pl, const uint32_t srcp[4][US_NPIX], unsigned sel,
                                      unsigned swz, size_t *stride)
{
    if (swz >= 4u) {
        *stride = 1;
        return swizzle_constant[swz - 4u];
    }
    if (sel == 3u) {
        *stride = 1;
        return srcp[swz];
    }
    const us_source_plan_t *sp = &pl->src[(swz < 3u ? 0u : 3u) + sel];
    *stride = sp->pixel_stride;
    return sp->base + swz;
}

/* The source parts in parts (bit i: rgb src0-2, alpha src0-2) channel by channel, straight from the slot's
 * references and the quad's registers: block 4 i + c holds channel c at the four pixels. A temporary's four pixel
 * vectors are transposed; a constant or an inline value is the same at every pixel. */
static void source_blocks(const us_exec_t *x, const us_alu_slot_t *sl, unsigned parts,
                          uint32_t blk[US_NBLOCK][US_NPIX])
{
    unsigned al = us_current_al(x->q);
    for (unsigned i = 0; i < 6; i++) {
        if (!(parts >> i & 1u))
            continue;
        const us_source_ref_t *r = &sl->src[i];
        u32x4 col[4];
        if (r->kind == US_SRC_TEMP) {
            uint32_t(*t)[US_NTEMP][4] = x->q->temp;
            unsigned a = source_index(r, al);
            u32x4_transpose(u32x4_load(t[0][a]), u32x4_load(t[1][a]), u32x4_load(t[2][a]), u32x4_load(t[3][a]), col);
        } else if (r->kind == US_SRC_CONST) {
            const uint32_t *k = x->sh->konst[source_index(r, al)];
            for (unsigned c = 0; c < 4; c++)
                col[c] = u32x4_splat(k[c]);
        } else {
            for (unsigned c = 0; c < 4; c++)
                col[c] = u32x4_splat(sl->inline_value[i]);
        }
        for (unsigned c = 0; c < 4; c++)
            u32x4_store(blk[4 * i + c], col[c]);
    }
}

/* The operand channels the units read (the slot's reads), and src0 where MDH/MDV read it: each from its block,
 * through the modifier, as the slot's read list says. */
static void read_operands(const us_exec_t *x, const us_alu_slot_t *sl, us_alu_operands_t *o)
{
    _Alignas(16) uint32_t blk[US_NBLOCK][US_NPIX];
    source_blocks(x, sl, sl->refs_used, blk);
    u32x4_store(blk[US_BLOCK_ZERO], u32x4_splat(0));
    if (sl->srcp_reads) {
        unsigned rop = x->d->u.alu.rgb_addr.srcp_op, aop = x->d->u.alu.alpha_addr.srcp_op;
        for (unsigned c = 0; c < 4; c++)
            if (sl->srcp_reads >> c & 1u) {
                unsigned part = c < 3 ? 0u : 3u;
                presub_lanes(c < 3 ? rop : aop, blk[4 * part + c], blk[4 * (part + 1u) + c], blk[US_BLOCK_SRCP + c]);
            }
    }
    for (unsigned i = 0, n = sl->n_reads; i < n; i++) {
        const us_operand_read_t *rd = &sl->read[i];
        u32x4 v = (u32x4_load(blk[rd->block]) & u32x4_splat(rd->and_mask)) ^ u32x4_splat(rd->xor_mask);
        u32x4_store(o->abc + rd->dst * US_NPIX, v);
    }
    for (unsigned c = 0; sl->src0_reads && c < 4; c++)
        if (sl->src0_reads >> c & 1u)
            memcpy(o->src0 + c * US_NPIX, blk[(c < 3 ? 0u : 12u) + c], sizeof blk[0]);
}

void us_exec_alu(us_exec_t *x)
{
    uint8_t writers = us_write_pixels(x);
    if (!writers)
        return; /* nothing lands: no write, no record entry, no bounds */
    us_alu_slot_t scratch;
    us_alu_operands_t ops;
    uint32_t res[4 * US_NPIX] = {0}; /* channels nothing reads stay 0: the write-back's blends read every lane */
    const us_alu_slot_t *slot = static_plan(x, &scratch);
    /* All reads before any write: the instruction sees the state before it. */
    read_operands(x, slot, &ops);
    us_alu_units(x, slot, &ops, res);
    if (x->b) {
        us_alu_plan_t plan; /* the bounds read every source part, through the plan */
        us_iv_t bounds[US_NPIX][4];
        make_plan(x, slot, 0x3Fu, &plan);
        us_bound_alu(x, &plan, writers, bounds);
        us_alu_write_back(x, writers, res, (const us_iv_t (*)[4])bounds);
    } else {
        us_alu_write_back(x, writers, res, NULL);
    }
}

void us_alu_inputs(const us_quad_t *q, const us_shader_t *sh, const us_decoded_t *d, us_alu_inputs_t in[US_NPIX])
{
    /* make_plan and the reads only read the quad; the cast gives them the exec record they take. */
    us_exec_t x = {(us_quad_t *)q, sh, d, NULL, 0, 0, false, NULL};
    us_alu_slot_t slot;
    us_alu_plan_t plan;
    uint32_t srcp[4][US_NPIX], src0[4][US_NPIX];
    us_alu_slot_make(&sh->imem[q->pc], d, &slot); /* coverage: d need not be the slot's dec */
    make_plan(&x, &slot, 0x3Fu, &plan);
    memset(srcp, 0, sizeof srcp); /* srcp channels no operand of the op reads: 0 */
    srcp_lanes(&x, &plan, slot.srcp_channels, srcp);
    for (unsigned c = 0; c < 4; c++)
        source_lanes(&plan, 0, c, src0[c]);
    unsigned rop = d->u.alu.rgba_inst.rgb_op, aop = d->u.alu.alpha_inst.alpha_op;
    unsigned rnb = rop == US_ALU_RGBA_INST_RGB_OP_MDV ? 2u : 1u, anb = aop == US_ALU_ALPHA_INST_ALPHA_OP_MDV ? 2u : 1u;
    bool rderiv = rop == US_ALU_RGBA_INST_RGB_OP_MDH || rop == US_ALU_RGBA_INST_RGB_OP_MDV;
    bool aderiv = aop == US_ALU_ALPHA_INST_ALPHA_OP_MDH || aop == US_ALU_ALPHA_INST_ALPHA_OP_MDV;
    size_t stride;
    for (unsigned p = 0; p < US_NPIX; p++) {
        for (unsigned k = 0; k < 3; k++) {
            for (unsigned c = 0; c < 3; c++)
                in[p].rgb[k][c] = operand_source(&plan, srcp, slot.rgb[k].sel, slot.rgb[k].swz[c], &stride)[p * stride];
            in[p].alpha[k] = operand_source(&plan, srcp, slot.alpha[k].sel, slot.alpha[k].swz[0], &stride)[p * stride];
        }
        for (unsigned c = 0; rderiv && c < 3; c++)
            in[p].rgb[0][c] = src0[c][0], in[p].rgb[2][c] = src0[c][rnb];
        if (aderiv)
            in[p].alpha[0] = src0[3][0], in[p].alpha[2] = src0[3][anb];
    }
}
