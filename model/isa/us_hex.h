/* The community hex list format: one `0x%08x,` word per line, a blank line between instructions. */
#ifndef US_HEX_H
#define US_HEX_H

#include <stdio.h>

#include "isa/us_inst.h"
#include "isa/us_strbuf.h"

/* Reads words separated by commas or white space ('#' starts a comment); six make one instruction.
 * Returns -1 with "fname:line: message" in err on bad input. */
int us_hex_parse(const char *text, const char *fname, us_program_t *prog, char *err, size_t err_size);
void us_hex_write(FILE *f, const us_program_t *prog);
/* The same text appended to a buffer. */
void us_hex_format(us_strbuf_t *sb, const us_program_t *prog);

/* Whole file into a NUL-terminated buffer (caller frees); NULL with a message in err. Rejects NUL bytes. */
char *us_read_file(const char *path, char *err, size_t err_size);

#endif
