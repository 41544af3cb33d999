/* The quad's per-pixel state as the execution units (us_fc.c, us_alu.c, us_tex.c) and the step loop (us_quad.c)
 * read and write it: which pixels run, predicate channel enables (temporary writes are inline, in us_exec.h).
 * Calls nothing above it. */
#include "golden/us_exec.h"

uint8_t us_quad_masked(const us_quad_t *q)
{
    uint8_t m = 0;
    for (unsigned i = 0; i < q->loop_sp; i++)
        m |= q->loop[i].broken | q->loop[i].continued;
    return m;
}

uint8_t us_quad_running(const us_quad_t *q)
{
    return (uint8_t)(~(q->killed | q->inactive | us_quad_masked(q)) & 0xFu);
}

uint8_t us_pred_channels(const us_quad_t *q, unsigned pixel, unsigned rgb_sel, bool rgb_inv, unsigned alpha_sel,
                         bool alpha_inv)
{
    uint8_t bits = q->pred[pixel], en = 0;
    /* rgb: RGBA is per channel; RRRR..AAAA replicate one bit; NONE writes everything (INV has no effect). */
    for (unsigned c = 0; c < 3; c++) {
        bool on = true;
        if (rgb_sel == 1)
            on = (bits >> c & 1u) != rgb_inv;
        else if (rgb_sel >= 2)
            on = (bits >> (rgb_sel - 2u) & 1u) != rgb_inv;
        en |= (uint8_t)(on << c);
    }
    /* alpha: RGBA means the alpha bit, like AAAA. */
    bool on = true;
    if (alpha_sel == 1)
        on = (bits >> 3 & 1u) != alpha_inv;
    else if (alpha_sel >= 2)
        on = (bits >> (alpha_sel - 2u) & 1u) != alpha_inv;
    return (uint8_t)(en | on << 3);
}
