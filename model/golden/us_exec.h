/* Internal to the model: what the execution units (us_fc.c, us_alu.c, us_tex.c) share with the step loop. */
#ifndef US_EXEC_H
#define US_EXEC_H

#include "golden/us_model.h"

struct us_bounds;

typedef struct us_exec {
    us_quad_t *q;
    const us_shader_t *sh;
    const us_decoded_t *d;
    us_retire_t *r; /* NULL: no record wanted */
    unsigned pc, next_pc;
    bool jumped;
    struct us_bounds *b; /* NULL: exact values only; else their bounds too (us_bound.h) */
} us_exec_t;

void us_exec_fc(us_exec_t *x);
void us_exec_alu(us_exec_t *x);
void us_exec_tex(us_exec_t *x);

/* aL of the innermost loop frame (0 outside loops). */
static inline unsigned us_current_al(const us_quad_t *q)
{
    return q->loop_sp ? q->loop[q->loop_sp - 1].al : 0u;
}

/* Pixels whose writes land: running ones, or all four with WRITE_INACTIVE. */
static inline uint8_t us_write_pixels(const us_exec_t *x)
{
    return x->d->cmn.write_inactive ? 0xFu : us_quad_running(x->q);
}

/* Channel enables from a predicate select (0 none .. 5 aaaa) for the rgb or the alpha unit, per pixel. */
uint8_t us_pred_channels(const us_quad_t *q, unsigned pixel, unsigned rgb_sel, bool rgb_inv, unsigned alpha_sel,
                         bool alpha_inv);

/* The source values the ALU's operands pick, before the input modifier, per pixel: rgb[operand A B C][r g b] and
 * alpha[A B C]. MDH/MDV's A and C are src0 of pixel 0 and of pixel 1 (MDH) or 2 (MDV), as the ALU reads them.
 * Reads only, through the ALU's own plan and source reads, so coverage (us_cov.c) sees what the ALU sees. */
typedef struct us_alu_inputs {
    uint32_t rgb[3][3], alpha[3];
} us_alu_inputs_t;
void us_alu_inputs(const us_quad_t *q, const us_shader_t *sh, const us_decoded_t *d, us_alu_inputs_t in[US_NPIX]);

/* Records a channel write of a temporary into the quad and the retire record slot. Inline: the ALU makes two per
 * pixel, most with no record wanted. */
static inline void us_write_temp(us_exec_t *x, unsigned slot, unsigned addr, unsigned pixel, uint8_t mask,
                                 const uint32_t val[4])
{
    if (!mask)
        return;
    uint32_t *t = x->q->temp[pixel][addr];
    for (unsigned c = 0; c < 4; c++) { /* a blend, not a branch: the masks vary from instruction to instruction */
        uint32_t keep = (mask >> c & 1u) - 1u;
        t[c] = (t[c] & keep) | (val[c] & ~keep);
    }
    x->q->temp_written[addr][pixel] |= mask;
    if (x->r) {
        us_write_t *w = &x->r->temp[slot];
        w->addr = (uint8_t)addr;
        w->mask[pixel] |= mask;
        for (unsigned c = 0; c < 4; c++)
            if (mask >> c & 1u)
                w->val[pixel][c] = val[c];
    }
}

#endif
