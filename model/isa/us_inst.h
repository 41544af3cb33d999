/* One US instruction slot (six dwords) and a program of them: decode, encode, field access, legality. */
#ifndef US_INST_H
#define US_INST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/generated/us_isa_gen.h"

#define US_MAX_INST 512u

typedef struct us_inst {
    uint32_t w[6];
} us_inst_t;

typedef struct us_program {
    us_inst_t inst[US_MAX_INST];
    unsigned count;
} us_program_t;

/* Every field of one instruction, by type; dwords a type does not use are left out. */
typedef struct us_decoded {
    unsigned type; /* enum us_inst_type */
    us_cmn_inst_t cmn;
    union {
        struct {
            us_alu_rgb_addr_t rgb_addr;
            us_alu_alpha_addr_t alpha_addr;
            us_alu_rgb_inst_t rgb_inst;
            us_alu_alpha_inst_t alpha_inst;
            us_alu_rgba_inst_t rgba_inst;
        } alu; /* ALU and OUT */
        struct {
            us_fc_inst_t inst;
            us_fc_addr_t addr;
        } fc;
        struct {
            us_tex_inst_t inst;
            us_tex_addr_t addr;
            us_tex_addr_dxdy_t dxdy;
        } tex;
    } u;
} us_decoded_t;

static inline unsigned us_inst_type(const us_inst_t *in)
{
    return in->w[0] & US_CMN_INST_TYPE_MASK;
}

void us_decode(const us_inst_t *in, us_decoded_t *out);
/* Packs every field; dwords the type does not use become 0. */
void us_encode(const us_decoded_t *d, us_inst_t *out);

/* Generic field access through the descriptors of us_isa_gen.h. */
uint32_t us_field_get(uint32_t word, const us_field_desc_t *f);
uint32_t us_field_put(uint32_t word, const us_field_desc_t *f, uint32_t value);
bool us_field_value_legal(const us_field_desc_t *f, uint32_t value);
/* Short enum name of a value, or NULL (no enum, reserved, or not listed). */
const char *us_field_value_name(const us_field_desc_t *f, uint32_t value);
/* Index of the field called name (case-insensitive) in reg, or -1. */
int us_field_find(const us_reg_desc_t *reg, const char *name);
/* Calls fn for every field of every dword the instruction's type uses: register index, field index, value. */
void us_inst_for_each_field(const us_inst_t *in, void (*fn)(unsigned reg, unsigned field, uint32_t value, void *ctx),
                            void *ctx);

/* Reasons an instruction is not a legal R500 word, one per line into msg (may be NULL); returns how many.
 * Checked: enum values, reserved bits, dwords a type does not use, and the pairing rules of docs/spec.md. */
int us_inst_check(const us_inst_t *in, char *msg, size_t msg_size);

/* For LOOP/REP at index i: true if its target is the matching ENDLOOP/ENDREP of the program (offset 0). */
bool us_loop_target_ok(const us_program_t *p, unsigned i);

/* Operand count each op reads (A, B, C), for readable printing and assembler checks. */
unsigned us_rgb_op_arity(unsigned op);
unsigned us_alpha_op_arity(unsigned op);

#endif
