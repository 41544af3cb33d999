/* Names of the assembly language, shared by the disassembler and the assembler so they cannot drift apart. */
#ifndef US_SYNTAX_H
#define US_SYNTAX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern const char *const us_rgb_op_names[16];   /* NULL: reserved/undefined */
extern const char *const us_alpha_op_names[16];
extern const char *const us_tex_op_names[8];
extern const char *const us_fc_op_names[8];
extern const char *const us_sel_names[4];        /* src0 src1 src2 srcp */
extern const char *const us_srcp_names[4];       /* neg2 sub add neg */
extern const char *const us_omod_suffix[8];      /* "" x2 x4 x8 d2 d4 d8 off */
extern const char *const us_cmp_names[4];        /* eq lt ge ne */
extern const char *const us_pred_names[8];       /* none rgba rrrr gggg bbbb aaaa, NULL */
extern const char *const us_bop_names[4];        /* none decr incr, NULL */
extern const char us_swz_chars[9];               /* "rgba0h1_": 3-bit ALU swizzle codes */
extern const char us_chan_chars[5];              /* "rgba": 2-bit TEX swizzle codes */

/* Short word names used by field escapes (word.field=value), e.g. "rgb_inst" for US_ALU_RGB_INST. */
const char *us_word_name(int reg_id);
int us_word_find(const char *name);

/* Inline constant: 7-bit unsigned float, 4-bit exponent (bias 7), 3-bit mantissa, exponent 0 read as normal. */
double us_inline_value(unsigned code);
int us_inline_code(double value); /* -1 if value is not one of the 128 */
/* Shortest decimal that reads back exactly, always with a '.' (e.g. "1.0", "0.0078125"). */
void us_format_inline(unsigned code, char *buf, size_t size);

/* The source encoding Mesa writes for a source no operand reads (inline code 0); the assembler's default. */
#define US_UNUSED_SOURCE 0x80u

/* Index of name in a table of n names (case-insensitive), or -1. */
int us_name_index(const char *const *names, unsigned n, const char *name);

#endif
