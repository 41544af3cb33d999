/* What an instruction reads and writes, from its words alone: the temporaries and inline constants its operands
 * really use (through a swizzle, the pre-subtract or MDH/MDV's neighbour read) and the temporaries it writes.
 * Addresses are as encoded; `rel` says aL is added when the instruction runs. The silicon-rule checker
 * (us_rules.c, golden/us_lint.c) is built on it. */
#ifndef US_ACCESS_H
#define US_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/us_inst.h"

/* Channel masks: bit c is channel r g b a (c = 0..3). */
typedef struct us_src_use {
    unsigned addr;  /* ALU: the 8-bit ADDRn field; TEX: the 7-bit temporary */
    bool is_const;  /* a constant, never a temporary */
    bool rel;       /* aL is added */
    uint8_t direct; /* channels an operand reads straight from this source */
    uint8_t presub; /* channels read through the pre-subtract (srcp) */
    uint8_t deriv;  /* channels MDH/MDV read from src0 of a neighbouring pixel */
} us_src_use_t;

typedef struct us_dst_use {
    unsigned addr; /* 7-bit temporary */
    bool rel;
    uint8_t mask;
} us_dst_use_t;

/* ALU/OUT: src[0..2] are RGB_ADDR0..2 (channels r g b), src[3..5] ALPHA_ADDR0..2 (channel a); dst[0] the rgb and
 * dst[1] the alpha destination. TEX: src[0] the coordinates, src[1..2] DXDY's gradients; dst[0] the lookup's
 * destination. FC: nothing. */
typedef struct us_access {
    us_src_use_t src[6];
    us_dst_use_t dst[2];
    bool tex_lookup; /* a TEX instruction that writes its destination (not NOP or TEXKILL) */
} us_access_t;

void us_inst_access(const us_decoded_t *d, us_access_t *a);

/* The temporary addresses (7 bits). */
#define US_TEMP_ADDRS 128u

/* Marks in reads[] every temporary address one of the n instructions can read through an operand it really uses;
 * an aL-relative read can reach any address, so it marks them all. What a quad's program can read is what its
 * launch must write (tb/cosim). */
void us_temps_read(const us_decoded_t *dec, unsigned n, bool reads[US_TEMP_ADDRS]);

/* "rgb src0" .. "alpha src2": the name of source slot 0..5, for messages. */
extern const char *const us_src_slot_names[6];

/* The source reads a temporary: not a constant, not an inline constant (ALU address bit 7). */
bool us_src_is_temp(const us_access_t *a, unsigned slot);
/* ALU and OUT instructions: the ones with operands. */
static inline bool us_is_alu_type(const us_decoded_t *d)
{
    return d->type == US_TYPE_ALU || d->type == US_TYPE_OUT;
}

/* An ALU source naming an inline constant with exponent field 0 (codes 0-7), whose value the sources do not settle
 * (CTM p.25-26, docs/spec.md 2.1). */
static inline bool us_src_unsettled_inline(const us_src_use_t *s)
{
    return !s->is_const && (s->addr & 0xF8u) == 0x80u;
}

/* An FC instruction's JUMP_FUNC differs between ALU result 0 and 1 (CTM p.36: index alu*4 + predicate*2 + bool). */
static inline bool us_fc_reads_alu_result(const us_decoded_t *d)
{
    unsigned f = d->u.fc.inst.jump_func;
    return (f & 0xFu) != (f >> 4 & 0xFu);
}

/* Channels of slot read in any way. */
static inline uint8_t us_src_channels(const us_src_use_t *s)
{
    return (uint8_t)(s->direct | s->presub | s->deriv);
}

#endif
