/* The ALU's write-back, pixel by pixel (only the pixels whose writes land): temporaries, render targets and W,
 * predicates, the ALU result, the retire record when one is wanted and the bounds beside the values when they
 * are tracked. The destinations and the predicate gates are worked out once per instruction. docs/spec.md
 * section 5 is the statement. */
#include <string.h>

#include "golden/us_alu_plan.h"
#include "golden/us_bound_ops.h"
#include "golden/us_fp.h"
#include "golden/us_fp_x4.h"

static bool pred_cmp0(uint32_t v, unsigned op)
{
    return us_fp_cmp0(v, op);
}

/* The bounds beside an ALU write (x->b set): a predicate or ALU-result compare the bounds do not decide makes
 * the run unstable. */
static void check_compare(us_exec_t *x, unsigned p, us_iv_t v, unsigned op, const char *what, unsigned c)
{
    if (us_iv_decide(v, pred_cmp0, op) < 0)
        us_bound_unstable(x->b, x->pc, p, "%s (channel %c): the value's bounds straddle the compare with 0", what,
                          "rgba"[c]);
}

static void write_output(us_exec_t *x, unsigned p, uint8_t en, uint8_t romask, uint8_t aomask, const uint32_t val[4],
                         const us_iv_t *iv)
{
    us_quad_t *q = x->q;
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
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
}

static void write_predicates(us_exec_t *x, unsigned p, uint8_t romask, uint8_t aomask, const uint32_t val[4],
                             const us_iv_t *iv)
{
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
    /* every channel's compare, then the mask picks: no branch on the mask */
    unsigned holds = (unsigned)us_fp_cmp0(val[0], ri->target) | (unsigned)us_fp_cmp0(val[1], ri->target) << 1 |
                     (unsigned)us_fp_cmp0(val[2], ri->target) << 2 | (unsigned)us_fp_cmp0(val[3], ai->target) << 3;
    unsigned mask = romask | aomask;
    uint8_t bits = (uint8_t)((x->q->pred[p] & ~mask) | (holds & mask));
    for (unsigned c = 0; iv && c < 4; c++)
        if (mask >> c & 1u)
            check_compare(x, p, iv[c], c < 3 ? ri->target : ai->target, "a predicate", c);
    x->q->pred[p] = bits;
    if (x->r) {
        x->r->pred_mask[p] = romask | aomask;
        x->r->pred_val[p] = bits;
    }
}

static void write_alu_result(us_exec_t *x, unsigned p, uint8_t en, const uint32_t val[4], const us_iv_t *iv)
{
    const us_cmn_inst_t *cmn = &x->d->cmn;
    unsigned ch = cmn->alu_result_sel ? 3u : 0u;
    if (!(en >> ch & 1u))
        return;
    bool b = us_fp_cmp0(val[ch], cmn->alu_result_op);
    if (iv)
        check_compare(x, p, iv[ch], cmn->alu_result_op, "the ALU result", ch);
    x->q->alu_result = (uint8_t)((x->q->alu_result & ~(1u << p)) | (unsigned)b << p);
    if (x->r) {
        x->r->result_mask |= (uint8_t)(1u << p);
        x->r->result_val = (uint8_t)((x->r->result_val & ~(1u << p)) | (unsigned)b << p);
    }
}

/* A channel mask (bits 0..3) as lanes of all ones. */
static const uint32_t channel_lanes[16][4] = {
    {0, 0, 0, 0}, {~0u, 0, 0, 0}, {0, ~0u, 0, 0}, {~0u, ~0u, 0, 0}, {0, 0, ~0u, 0}, {~0u, 0, ~0u, 0},
    {0, ~0u, ~0u, 0}, {~0u, ~0u, ~0u, 0}, {0, 0, 0, ~0u}, {~0u, 0, 0, ~0u}, {0, ~0u, 0, ~0u}, {~0u, ~0u, 0, ~0u},
    {0, 0, ~0u, ~0u}, {~0u, 0, ~0u, ~0u}, {0, ~0u, ~0u, ~0u}, {~0u, ~0u, ~0u, ~0u}};

/* Temporary writes of all writers when every pixel has the same channel masks (no predication) and no record or
 * bounds are wanted: the common case. pixel[p] holds pixel p's four result channels. */
static void write_temps_uniform(us_quad_t *q, uint8_t writers, unsigned rdst, uint8_t rmask, unsigned adst,
                                uint8_t amask, const u32x4 pixel[US_NPIX])
{
    u32x4 rwrite = u32x4_load(channel_lanes[rmask]), awrite = u32x4_load(channel_lanes[amask]);
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(writers >> p & 1u))
            continue;
        uint32_t *rt = q->temp[p][rdst], *at = q->temp[p][adst];
        u32x4 v = u32x4_load(rt);
        u32x4_store(rt, (v & ~rwrite) | (pixel[p] & rwrite)); /* then the alpha write: it sees the rgb one when
                                                                  adst == rdst */
        v = u32x4_load(at);
        u32x4_store(at, (v & ~awrite) | (pixel[p] & awrite));
        q->temp_written[rdst][p] |= rmask;
        q->temp_written[adst][p] |= amask;
    }
}

/* Render-target and W writes of an OUT instruction for all writers, as write_output does pixel by pixel when
 * every pixel has the same channel masks (no predication) and no record or bounds are wanted. */
static void write_outputs_uniform(us_exec_t *x, uint8_t writers, uint8_t romask, uint8_t aomask,
                                  const u32x4 pixel[US_NPIX])
{
    us_quad_t *q = x->q;
    const us_alu_rgb_inst_t *ri = &x->d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &x->d->u.alu.alpha_inst;
    u32x4 rwrite = u32x4_load(channel_lanes[romask]), awrite = u32x4_load(channel_lanes[aomask]);
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(writers >> p & 1u))
            continue;
        uint32_t *ro = q->out[ri->target][p], *ao = q->out[ai->target][p];
        u32x4_store(ro, (u32x4_load(ro) & ~rwrite) | (pixel[p] & rwrite)); /* then alpha: it sees the rgb write */
        u32x4_store(ao, (u32x4_load(ao) & ~awrite) | (pixel[p] & awrite));
        q->out_written[ri->target][p] |= romask;
        q->out_written[ai->target][p] |= aomask;
        if (ai->w_omask)
            q->w[p] = pixel[p][3];
    }
    if (ai->w_omask)
        q->w_written |= writers;
}

/* Predicate bits and the ALU result of all writers when every pixel has the same channel masks (no predication)
 * and no record or bounds are wanted: each compare once on the four lanes, pixel p's predicate bits in lane p. */
static void write_flags_uniform(us_exec_t *x, uint8_t writers, uint8_t pmask, const uint32_t res[4 * US_NPIX])
{
    const us_decoded_t *d = x->d;
    us_quad_t *q = x->q;
    if (pmask) {
        unsigned rop = d->u.alu.rgb_inst.target, aop = d->u.alu.alpha_inst.target;
        u32x4 bits = (us_fp_cmp0_x4(u32x4_load(res), rop) & u32x4_splat(1u)) |
                     (us_fp_cmp0_x4(u32x4_load(res + US_NPIX), rop) & u32x4_splat(2u)) |
                     (us_fp_cmp0_x4(u32x4_load(res + 2 * US_NPIX), rop) & u32x4_splat(4u)) |
                     (us_fp_cmp0_x4(u32x4_load(res + 3 * US_NPIX), aop) & u32x4_splat(8u));
        for (unsigned p = 0; p < US_NPIX; p++)
            if (writers >> p & 1u)
                q->pred[p] = (uint8_t)((q->pred[p] & ~pmask) | (bits[p] & pmask));
    }
    if (d->u.alu.rgb_inst.alu_wmask) {
        unsigned ch = d->cmn.alu_result_sel ? 3u : 0u;
        u32x4 holds = us_fp_cmp0_x4(u32x4_load(res + ch * US_NPIX), d->cmn.alu_result_op);
        unsigned b = (holds[0] & 1u) | (holds[1] & 2u) | (holds[2] & 4u) | (holds[3] & 8u);
        q->alu_result = (uint8_t)((q->alu_result & ~writers) | (b & writers));
    }
}

void us_alu_write_back(us_exec_t *x, uint8_t writers, const uint32_t res[4 * US_NPIX], const us_iv_t (*iv)[4])
{
    const us_decoded_t *d = x->d;
    const us_cmn_inst_t *cmn = &d->cmn;
    us_quad_t *q = x->q;
    unsigned al = us_current_al(q);
    unsigned rdst = (d->u.alu.rgba_inst.rgb_addrd + (d->u.alu.rgba_inst.rgb_addrd_rel ? al : 0u)) & (US_NTEMP - 1u);
    unsigned adst = (d->u.alu.alpha_inst.alpha_addrd + (d->u.alu.alpha_inst.alpha_addrd_rel ? al : 0u)) &
                    (US_NTEMP - 1u);
    /* Without predication every channel is enabled; a pixel's own predicate write comes after its gate is read. */
    bool predicated = cmn->rgb_pred_sel || cmn->alpha_pred_sel;
    uint8_t romask = (uint8_t)(cmn->rgb_omask & 7u), aomask = (uint8_t)(cmn->alpha_omask << 3);
    bool is_out = d->type == US_TYPE_OUT;
    if (!predicated && !x->r && !iv) {
        u32x4 pixel[US_NPIX]; /* pixel p's four result channels */
        u32x4_transpose(u32x4_load(res), u32x4_load(res + US_NPIX), u32x4_load(res + 2 * US_NPIX),
                        u32x4_load(res + 3 * US_NPIX), pixel);
        write_temps_uniform(q, writers, rdst, (uint8_t)(cmn->rgb_wmask & 7u), adst, (uint8_t)(cmn->alpha_wmask << 3),
                            pixel);
        if (is_out)
            write_outputs_uniform(x, writers, romask, aomask, pixel);
        write_flags_uniform(x, writers, is_out ? 0u : romask | aomask, res);
        return;
    }
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(writers >> p & 1u))
            continue;
        uint8_t en = predicated ? us_pred_channels(q, p, cmn->rgb_pred_sel, cmn->rgb_pred_inv, cmn->alpha_pred_sel,
                                                   cmn->alpha_pred_inv)
                                : 0xFu;
        const uint32_t val[4] = {res[p], res[US_NPIX + p], res[2 * US_NPIX + p], res[3 * US_NPIX + p]};
        const us_iv_t *piv = iv ? iv[p] : NULL;
        if (predicated || x->r || iv) {
            uint8_t rmask = (uint8_t)(cmn->rgb_wmask & en & 7u), amask = (uint8_t)((cmn->alpha_wmask << 3) & en);
            us_write_temp(x, 0, rdst, p, rmask, val);
            us_write_temp(x, 1, adst, p, amask, val);
            if (piv) {
                us_bound_write_temp(x->b, rdst, p, rmask, piv);
                us_bound_write_temp(x->b, adst, p, amask, piv);
            }
        }
        uint8_t pro = romask & en, pao = aomask & en;
        if (is_out)
            write_output(x, p, en, pro, pao, val, piv);
        else if (pro | pao)
            write_predicates(x, p, pro, pao, val, piv);
        if (d->u.alu.rgb_inst.alu_wmask)
            write_alu_result(x, p, en, val, piv);
    }
}
