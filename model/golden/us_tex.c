/* TEX instructions: TEXKILL, and the deterministic texture model of docs/spec.md section 6 (nearest texel of a
 * table held in the vector). */
#include "golden/us_exec.h"
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
        if (ti->inst == US_TEX_INST_INST_TEXKILL) {
            if (is_negative(k[0]) || is_negative(k[1]) || is_negative(k[2]) || is_negative(k[3]))
                q->killed |= (uint8_t)(1u << p);
            continue;
        }
        uint32_t s = k[0], t = k[1];
        if (ti->inst == US_TEX_INST_INST_PROJ) {
            uint32_t rq = us_fp_rcp(k[3]);
            s = us_fp_mul(s, rq, false);
            t = us_fp_mul(t, rq, false);
        }
        uint32_t texel[4] = {0, 0, 0, 0};
        if (tex->width && tex->height) {
            if (!ti->unscaled) {
                s = us_fp_mul(s, small_uint_to_fp(tex->width), false);
                t = us_fp_mul(t, small_uint_to_fp(tex->height), false);
            }
            unsigned ix = texel_index(s, tex->width - 1u), iy = texel_index(t, tex->height - 1u);
            const uint32_t *tx = tex->texel[iy * tex->width + ix];
            texel[0] = tx[0], texel[1] = tx[1], texel[2] = tx[2], texel[3] = tx[3];
        }
        uint32_t val[4];
        for (unsigned c = 0; c < 4; c++)
            val[c] = texel[dw[c]];
        uint8_t en = us_pred_channels(q, p, d->cmn.rgb_pred_sel, d->cmn.rgb_pred_inv, d->cmn.alpha_pred_sel,
                                      d->cmn.alpha_pred_inv);
        uint8_t mask = (uint8_t)((d->cmn.rgb_wmask | d->cmn.alpha_wmask << 3) & en);
        us_write_temp(x, 0, dst, p, mask, val);
    }
}
