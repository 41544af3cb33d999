/* TEX instructions: TEXKILL, and the deterministic texture model of docs/spec.md section 6 (nearest texel of a
 * table held in the vector). */
#include "golden/us_bound_ops.h"
#include "golden/us_fp.h"

/* floor(v) as an integer clamped to [0, hi]; NaN and everything below 1 give 0, +inf gives hi. */
static unsigned texel_index(uint32_t v, unsigned hi)
{
    uint32_t mag = v & 0x7FFFFFFFu;
    if ((v >> 31) || mag > 0x7F800000u || mag < 0x3F800000u)
        return 0;
    unsigned e = (mag >> 23) - 127u; /* v >= 1 */
    if (e >= 16u)
        return hi; /* >= 2^16: beyond any texture */
    uint32_t ip = ((mag & 0x7FFFFFu) | 0x800000u) >> (23u - e);
    return ip > hi ? hi : ip;
}

/* Unsigned integer 1..16 as fp32, exactly. */
static uint32_t small_uint_to_fp(unsigned n)
{
    unsigned e = 31u - (unsigned)__builtin_clz(n);
    return ((127u + e) << 23) | ((n << (23u - e)) & 0x7FFFFFu);
}

static bool is_negative(uint32_t v)
{
    /* -0 counts as < 0 (R500 TEXKILL); NaN never does; a negative denormal reads as -0 */
    return (v >> 31) && (v & 0x7FFFFFFFu) <= 0x7F800000u;
}

/* The texel a lookup picks for coordinates k (s t r q): PROJ divides by q, then the coordinates scale by the
 * texture's size unless UNSCALED, and the nearest texel is taken, clamped to the edge. */
static const uint32_t *texel_of(const us_tex_inst_t *ti, const us_texture_t *tex, const uint32_t k[4])
{
    uint32_t s = k[0], t = k[1];
    if (ti->inst == US_TEX_INST_INST_PROJ) {
        uint32_t rq = us_fp_rcp(k[3]);
        s = us_fp_mul(s, rq, false);
        t = us_fp_mul(t, rq, false);
    }
    if (!ti->unscaled) {
        s = us_fp_mul(s, small_uint_to_fp(tex->width), false);
        t = us_fp_mul(t, small_uint_to_fp(tex->height), false);
    }
    unsigned ix = texel_index(s, tex->width - 1u), iy = texel_index(t, tex->height - 1u);
    return tex->texel[iy * tex->width + ix];
}

static bool pred_negative(uint32_t v, unsigned arg)
{
    (void)arg;
    return is_negative(v);
}

/* With bounds (x->b): a TEXKILL whose compare, or a lookup whose texel, differs somewhere inside the
 * coordinates' bounds (each widened by one ulp for the texture unit's own arithmetic) is unstable. */
static void check_tex_bounds(us_exec_t *x, unsigned p, unsigned src, const unsigned sw[4], const us_texture_t *tex)
{
    const us_tex_inst_t *ti = &x->d->u.tex.inst;
    us_iv_t k[4];
    for (unsigned c = 0; c < 4; c++)
        k[c] = x->b->temp[p][src][sw[c]];
    if (ti->inst == US_TEX_INST_INST_TEXKILL) {
        for (unsigned c = 0; c < 4; c++)
            if (us_iv_decide(k[c], pred_negative, 0) < 0)
                us_bound_unstable(x->b, x->pc, p, "TEXKILL: coordinate %c's bounds straddle 0", "strq"[c]);
        return;
    }
    if (!tex->width || !tex->height)
        return;
    for (unsigned c = 0; c < 4; c++)
        k[c] = us_iv_widen(k[c]);
    const uint32_t *first = NULL;
    for (unsigned m = 0; m < 8u; m++) {
        const uint32_t corner[4] = {m & 1u ? k[0].hi : k[0].lo, m & 2u ? k[1].hi : k[1].lo, 0u,
                                    m & 4u ? k[3].hi : k[3].lo};
        const uint32_t *t = texel_of(ti, tex, corner);
        if (first && t != first) {
            us_bound_unstable(x->b, x->pc, p, "TEX: the coordinates' bounds reach another texel");
            return;
        }
        first = t;
    }
}

void us_exec_tex(us_exec_t *x)
{
    us_quad_t *q = x->q;
    const us_decoded_t *d = x->d;
    const us_tex_inst_t *ti = &d->u.tex.inst;
    const us_tex_addr_t *ta = &d->u.tex.addr;
    if (ti->inst == US_TEX_INST_INST_NOP)
        return;
    uint8_t pixels = us_write_pixels(x);
    if (ti->ignore_uncovered)
        pixels &= q->covered;
    unsigned al = us_current_al(q);
    unsigned src = (ta->src_addr + (ta->src_addr_rel ? al : 0u)) & (US_NTEMP - 1u);
    unsigned dst = (ta->dst_addr + (ta->dst_addr_rel ? al : 0u)) & (US_NTEMP - 1u);
    const unsigned sw[4] = {ta->src_s_swiz, ta->src_t_swiz, ta->src_r_swiz, ta->src_q_swiz};
    const unsigned dw[4] = {ta->dst_r_swiz, ta->dst_g_swiz, ta->dst_b_swiz, ta->dst_a_swiz};
    uint32_t coord[US_NPIX][4];
    for (unsigned p = 0; p < US_NPIX; p++) /* read every coordinate before any write */
        for (unsigned c = 0; c < 4; c++)
            coord[p][c] = q->temp[p][src][sw[c]];
    const us_texture_t *tex = &x->sh->tex[ti->tex_id];
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(pixels >> p & 1u))
            continue;
        const uint32_t *k = coord[p];
        if (x->b)
            check_tex_bounds(x, p, src, sw, tex);
        if (ti->inst == US_TEX_INST_INST_TEXKILL) {
            if (is_negative(k[0]) || is_negative(k[1]) || is_negative(k[2]) || is_negative(k[3]))
                q->killed |= (uint8_t)(1u << p);
            continue;
        }
        uint32_t texel[4] = {0, 0, 0, 0};
        if (tex->width && tex->height) {
            const uint32_t *tx = texel_of(ti, tex, k);
            texel[0] = tx[0], texel[1] = tx[1], texel[2] = tx[2], texel[3] = tx[3];
        }
        uint32_t val[4];
        for (unsigned c = 0; c < 4; c++)
            val[c] = texel[dw[c]];
        uint8_t en = us_pred_channels(q, p, d->cmn.rgb_pred_sel, d->cmn.rgb_pred_inv, d->cmn.alpha_pred_sel,
                                      d->cmn.alpha_pred_inv);
        uint8_t mask = (uint8_t)((d->cmn.rgb_wmask | d->cmn.alpha_wmask << 3) & en);
        us_write_temp(x, 0, dst, p, mask, val);
        if (x->b) {
            const us_iv_t iv[4] = {us_iv_point(val[0]), us_iv_point(val[1]), us_iv_point(val[2]), us_iv_point(val[3])};
            us_bound_write_temp(x->b, dst, p, mask, iv);
        }
    }
}
