/* Assembler: the text language of docs/asm.md -> instruction words. */
#ifndef US_ASM_H
#define US_ASM_H

#include <stdbool.h>
#include <stddef.h>

#include "isa/us_inst.h"

/* Assembles src (NUL-terminated; fname is used in messages). On error returns -1 with "fname:line: message"
 * in err; on success returns 0 and fills prog. */
int us_asm(const char *src, const char *fname, us_program_t *prog, char *err, size_t err_size);
/* The same; loop_checks=false skips the whole-program rule that a LOOP/REP targets its own ENDLOOP/ENDREP, so
 * that single instructions taken out of a program can be assembled (the round-trip tests need this). */
int us_asm_ex(const char *src, const char *fname, us_program_t *prog, char *err, size_t err_size, bool loop_checks);

#endif
