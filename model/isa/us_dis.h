/* Disassembler: instruction words -> the assembly language of docs/asm.md (usasm reads it back word for word). */
#ifndef US_DIS_H
#define US_DIS_H

#include "isa/us_inst.h"
#include "isa/us_strbuf.h"

/* One instruction, no trailing newline. prog (may be NULL) supplies jump-target labels; index is its slot.
 * An illegal word is written as `.inst` with its six words and a comment giving every reason. */
void us_dis_inst(us_strbuf_t *sb, const us_inst_t *in, const us_program_t *prog, unsigned index);

/* A whole program with labels `L<n>:` on jump targets; with words, a comment line of the hex words first. */
void us_dis_program(us_strbuf_t *sb, const us_program_t *prog, bool words);

#endif
