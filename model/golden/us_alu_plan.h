/* Internal to the ALU (us_alu.c) and its bounds (us_bound_alu.c): an ALU instruction's plan, used for all four
 * pixels: the slot's static part (operands as selector, swizzle and modifier) and where each source part reads
 * from, so the per-pixel work has no data-dependent branches. */
#ifndef US_ALU_PLAN_H
#define US_ALU_PLAN_H

#include "golden/us_bound.h"
#include "golden/us_exec.h"

typedef struct us_source_plan {
    const uint32_t *base; /* pixel 0's 4-vector */
    size_t pixel_stride;  /* words from one pixel's vector to the next's: 0 for constants and inline values */
    int temp;             /* the temporary it reads, or -1 for a constant or an inline value (exact) */
} us_source_plan_t;

/* The static part (the slot's, us_alu_slot.h) and where each source part reads for this quad. */
typedef struct us_alu_plan {
    const us_alu_slot_t *slot;
    us_source_plan_t src[6]; /* rgb src0-2, alpha src0-2: those the plan was made for */
    uint32_t inline_value[6][4];
} us_alu_plan_t;

/* A quad's operands as lanes, flat: channel c (r g b a) of pixel p at [c * US_NPIX + p]. The rgb unit reads
 * channels r g b, the alpha unit a (an rgb DP4 all four of A and B). src0 is source 0 before swizzle and
 * modifier, which MDH/MDV read from the neighbour pixels. Only the lanes the slot's reads name are filled. */
typedef struct us_alu_operands {
    _Alignas(16) uint32_t abc[3 * 4 * US_NPIX]; /* A, then B, then C: operand k channel c at [(4 k + c) * US_NPIX] */
    _Alignas(16) uint32_t src0[4 * US_NPIX];
} us_alu_operands_t;

/* Both units on all four lanes (us_alu_units.c): res as the operands, after OMOD and clamp, in the channels the
 * write-back reads (the slot's res_channels; the others are left as they are). op holds the slot's reads. */
void us_alu_units(const us_exec_t *x, const us_alu_slot_t *slot, const us_alu_operands_t *op,
                  uint32_t res[4 * US_NPIX]);

/* Write-back for the pixels in writers (us_alu_write.c): temporaries, outputs, predicates, the ALU result, and
 * the bounds beside them when iv is not NULL. */
void us_alu_write_back(us_exec_t *x, uint8_t writers, const uint32_t res[4 * US_NPIX], const us_iv_t (*iv)[4]);

/* The pre-subtract op (SRCP_OP) on src0 and src1, and the transcendental of an alpha op, as the ALU computes them. */
uint32_t us_alu_presub(unsigned op, uint32_t s0, uint32_t s1);
uint32_t us_alu_transcendental(unsigned op, uint32_t a);
/* The transcendental as a function, chosen once for many lanes. */
typedef uint32_t (*us_fp_unary_fn)(uint32_t);
us_fp_unary_fn us_alu_transcendental_fn(unsigned op);

#endif
