/* The ALU's rgb and alpha units on a quad's four lanes: one decision per instruction on the ops, then each op as
 * one call over flat arrays (us_fp.h lane forms), then OMOD and clamp, all only for the channels the write-back
 * reads (the slot's res_channels). docs/spec.md section 5 is the statement. */
#include <string.h>

#include "golden/us_alu_plan.h"
#include "golden/us_fp.h"

#define N US_NPIX

/* Operand k (A B C) as lanes, channel by channel. */
static const uint32_t *operand(const us_alu_operands_t *o, unsigned k) { return o->abc + 4 * k * N; }

/* MDH/MDV's A and C for channel ch: src0 of pixel 0 and of the neighbour nb, with the operands' modifiers. */
static void neighbour_operands(const us_alu_operands_t *o, unsigned ch, unsigned nb, unsigned mod_a, unsigned mod_c,
                               uint32_t a[N], uint32_t c[N])
{
    uint32_t va = us_fp_modify(o->src0[ch * N], mod_a), vc = us_fp_modify(o->src0[ch * N + nb], mod_c);
    for (unsigned p = 0; p < N; p++)
        a[p] = va, c[p] = vc;
}

/* The rgb dot product, which the alpha DP copies (0 when the rgb op is not one). */
static void dot_product(unsigned rgb_op, const us_alu_operands_t *o, bool legacy, uint32_t dot[N])
{
    switch (rgb_op) {
    case US_ALU_RGBA_INST_RGB_OP_DP3: us_fp_dp3_lanes(dot, operand(o, 0), operand(o, 1), N, legacy); break;
    case US_ALU_RGBA_INST_RGB_OP_DP4: us_fp_dp4_lanes(dot, operand(o, 0), operand(o, 1), N, legacy); break;
    case US_ALU_RGBA_INST_RGB_OP_D2A:
        us_fp_d2a_lanes(dot, operand(o, 0), operand(o, 1), operand(o, 2) + 2 * N, N, legacy);
        break;
    default: memset(dot, 0, N * sizeof *dot); break;
    }
}

static void alpha_unit(const us_exec_t *x, const us_alu_operands_t *o, const uint32_t dot[N], bool legacy,
                       uint32_t r[N])
{
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
    const uint32_t *a = operand(o, 0) + 3 * N, *b = operand(o, 1) + 3 * N, *c = operand(o, 2) + 3 * N;
    switch (ai->alpha_op) {
    case US_ALU_ALPHA_INST_ALPHA_OP_MAD: us_fp_mad_lanes(r, a, b, c, N, legacy); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_DP: memcpy(r, dot, N * sizeof *r); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MIN: us_fp_min_lanes(r, a, b, N); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MAX: us_fp_max_lanes(r, a, b, N); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_CND: us_fp_cnd_lanes(r, a, b, c, N); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_CMP: us_fp_cmp_lanes(r, a, b, c, N); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_FRC: us_fp_frc_lanes(r, a, N); break;
    case US_ALU_ALPHA_INST_ALPHA_OP_MDH:
    case US_ALU_ALPHA_INST_ALPHA_OP_MDV: {
        uint32_t na[N], nc[N];
        unsigned nb = ai->alpha_op == US_ALU_ALPHA_INST_ALPHA_OP_MDH ? 1u : 2u;
        neighbour_operands(o, 3, nb, ai->alpha_mod_a, x->d->u.alu.rgba_inst.alpha_mod_c, na, nc);
        us_fp_mad_lanes(r, na, b, nc, N, legacy);
        break;
    }
    default: { /* the transcendental chosen once for the four lanes */
        us_fp_unary_fn fn = us_alu_transcendental_fn(ai->alpha_op);
        for (unsigned p = 0; p < N; p++)
            r[p] = fn(a[p]);
        break;
    }
    }
}

/* r: the three rgb channels, 3 * N lanes, of which the channels lo .. lo + n - 1 are computed; alpha: the alpha
 * unit's result before OMOD (rgb SOP replicates it). */
static void rgb_unit(const us_exec_t *x, const us_alu_operands_t *o, const uint32_t dot[N], const uint32_t alpha[N],
                     bool legacy, unsigned lo, unsigned n, uint32_t r[3 * N])
{
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_rgba_inst_t *ci = &x->d->u.alu.rgba_inst;
    const uint32_t *a = operand(o, 0) + lo * N, *b = operand(o, 1) + lo * N, *c = operand(o, 2) + lo * N;
    uint32_t *rl = r + lo * N;
    switch (ci->rgb_op) {
    case US_ALU_RGBA_INST_RGB_OP_MAD: us_fp_mad_lanes(rl, a, b, c, n * N, legacy); break;
    case US_ALU_RGBA_INST_RGB_OP_DP3:
    case US_ALU_RGBA_INST_RGB_OP_DP4:
    case US_ALU_RGBA_INST_RGB_OP_D2A:
        for (unsigned ch = lo; ch < lo + n; ch++)
            memcpy(r + ch * N, dot, N * sizeof *r);
        break;
    case US_ALU_RGBA_INST_RGB_OP_MIN: us_fp_min_lanes(rl, a, b, n * N); break;
    case US_ALU_RGBA_INST_RGB_OP_MAX: us_fp_max_lanes(rl, a, b, n * N); break;
    case US_ALU_RGBA_INST_RGB_OP_CND: us_fp_cnd_lanes(rl, a, b, c, n * N); break;
    case US_ALU_RGBA_INST_RGB_OP_CMP: us_fp_cmp_lanes(rl, a, b, c, n * N); break;
    case US_ALU_RGBA_INST_RGB_OP_FRC: us_fp_frc_lanes(rl, a, n * N); break;
    case US_ALU_RGBA_INST_RGB_OP_SOP:
        for (unsigned ch = lo; ch < lo + n; ch++)
            memcpy(r + ch * N, alpha, N * sizeof *r);
        break;
    default: { /* MDH, MDV */
        unsigned nb = ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_MDH ? 1u : 2u;
        for (unsigned ch = lo; ch < lo + n; ch++) {
            uint32_t na[N], nc[N];
            neighbour_operands(o, ch, nb, ri->rgb_mod_a, ci->rgb_mod_c, na, nc);
            us_fp_mad_lanes(r + ch * N, na, operand(o, 1) + ch * N, nc, N, legacy);
        }
        break;
    }
    }
}

void us_alu_units(const us_exec_t *x, const us_alu_slot_t *slot, const us_alu_operands_t *o, uint32_t res[4 * N])
{
    bool legacy = (x->sh->config & US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_MASK) != 0;
    uint32_t dot[N];
    /* alpha first: rgb SOP replicates its transcendental, alpha DP copies the rgb dot product */
    if (slot->dot_needed)
        dot_product(x->d->u.alu.rgba_inst.rgb_op, o, legacy, dot);
    else
        memset(dot, 0, sizeof dot);
    if (slot->alpha_needed)
        alpha_unit(x, o, dot, legacy, res + 3 * N);
    if (slot->rgb_span) { /* the rgb channels read, as one run of lanes: lo .. lo + n - 1 */
        unsigned lo = (unsigned)__builtin_ctz(slot->rgb_span), n = 32u - (unsigned)__builtin_clz(slot->rgb_span) - lo;
        rgb_unit(x, o, dot, res + 3 * N, legacy, lo, n, res);
        us_fp_omod_clamp_lanes(res + lo * N, n * N, x->d->u.alu.rgb_inst.omod, x->d->cmn.rgb_clamp);
    }
    if (slot->res_channels & 8u)
        us_fp_omod_clamp_lanes(res + 3 * N, N, x->d->u.alu.alpha_inst.omod, x->d->cmn.alpha_clamp);
}
