/* The static part of an ALU instruction's plan: everything that depends on the instruction alone (operand selects,
 * swizzles, modifiers, where each source part reads, the pre-subtract channels), made when a slot is decoded and
 * kept beside sh->dec[] (us_shader_t.alu_slot), so a step adds only what depends on the quad: aL-relative
 * addresses and the pixels that write. Pure data without pointers or padding: shaders are copied and compared
 * byte for byte. */
#ifndef US_ALU_SLOT_H
#define US_ALU_SLOT_H

#include "isa/us_inst.h"

/* An operand: sel 0-2 src0-2, 3 srcp; swz 0-3 rgba, 4 0, 5 0.5, 6 1, 7 0; mod the input modifier. */
typedef struct us_operand_plan {
    uint8_t sel, swz[3], mod;
} us_operand_plan_t;

enum { US_SRC_TEMP, US_SRC_CONST, US_SRC_INLINE };

/* How the exact path reads one operand channel at the four pixels: from the quad's source blocks (us_alu.c), each
 * a channel of a source part at the four pixels, then through the input modifier as (v & and) ^ xor (-|v| is |v|
 * with the sign flipped). A value for all pixels (an inline or swizzle constant, its modifier applied) reads the
 * zero block with and 0 and xor the value, so every read is the same three steps. */
enum { US_BLOCK_SRCP = 24, US_BLOCK_ZERO = 28, US_NBLOCK = 29 }; /* source part p channel c: block 4 p + c */
typedef struct us_operand_read {
    uint8_t dst;   /* operand k (A B C) channel c: 4 k + c */
    uint8_t block; /* the block it reads */
    uint8_t spare[2];
    uint32_t and_mask, xor_mask;
} us_operand_read_t;

/* Where a source part (src0-2 of the rgb or the alpha unit) reads: a temporary or a constant at addr (plus aL when
 * rel), or the inline constant of the slot. */
typedef struct us_source_ref {
    uint8_t kind, rel;
    uint16_t addr;
} us_source_ref_t;

typedef struct us_alu_slot {
    us_inst_t key; /* the words it was made from: a step trusts it only while the slot still holds them */
    uint32_t inline_value[6]; /* rgb src0-2, alpha src0-2 */
    us_source_ref_t src[6];   /* rgb src0-2, alpha src0-2 */
    us_operand_plan_t rgb[3], alpha[3];
    uint8_t srcp_channels; /* channels of srcp the op's operands read (bit c: r g b a) */
    /* What the write-back reads, and what the units must compute for it (bit c: channel r g b a): the exact path
     * computes only these (the bounds and coverage read every operand of the op). */
    uint8_t res_channels; /* result channels the write-back reads: written, output, compared */
    uint8_t rgb_span;     /* res_channels' rgb part, with g filled in between r and b: one run of lanes */
    uint8_t reads[3];     /* channels of operands A B C the units read */
    uint8_t srcp_reads;   /* srcp channels those operand channels pick */
    uint8_t src0_reads;   /* src0 channels MDH/MDV read (at pixel 0 and its neighbour) */
    uint8_t alpha_needed; /* the alpha op runs (its result is read, or rgb SOP copies it) */
    uint8_t dot_needed;   /* the rgb dot product runs (an rgb DP op whose result something reads) */
    uint8_t refs_used;    /* source parts the exact path reads from the registers (bit i: the blocks 4 i .. 4 i + 3) */
    uint8_t n_reads;      /* entries of read[] */
    uint8_t spare;
    us_operand_read_t read[12]; /* the operand channels in reads[], A's r g b a, then B's, then C's */
} us_alu_slot_t;

/* The static plan of instruction in, decoded as d (an ALU or OUT instruction; any other type gives a plan no step
 * uses). */
void us_alu_slot_make(const us_inst_t *in, const us_decoded_t *d, us_alu_slot_t *s);

#endif
