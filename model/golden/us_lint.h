/* The silicon rules of isa/us_rules.h checked on a run: each breach the quad actually reaches, with its retire
 * index, aL-relative addresses resolved. The model still executes the sequential semantics (the RTL interlocks);
 * this only reports that a real R500 need not give the same result (docs/spec.md section 9). */
#ifndef US_LINT_H
#define US_LINT_H

#include "golden/us_model.h"
#include "isa/us_rules.h"

typedef struct us_lint {
    us_diags_t diags;
    uint16_t seen[US_MAX_INST];             /* rules already reported at a pc (bit per rule): counted, not kept */
    uint8_t pend[US_NTEMP], acq[US_NTEMP];  /* lookups not yet acquired / acquired, not yet waited for */
    bool fresh;                             /* an ALU result was written since the last FC instruction */
    bool prev_alu;                          /* the previous instruction was ALU/OUT without NOP */
    uint8_t prev_written[2], prev_mask[2];  /* its temporary writes (absolute address, channels) */
    unsigned call_loop_sp[US_MAX_STACK];    /* loop depth at each call on the address stack */
} us_lint_t;

void us_lint_init(us_lint_t *l);
/* us_quad_step with the rules checked around it; the same result. */
bool us_quad_step_linted(us_quad_t *q, const us_shader_t *sh, us_retire_t *r, us_lint_t *l);

#endif
