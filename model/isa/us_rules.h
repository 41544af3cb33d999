/* The silicon rules: what AMD's CTM guide says a program must do for the hardware to give the sequential result
 * the model computes (NOP before a dependent pre-subtract, the texture semaphore, the last instruction, ALU-result
 * lifetime, loop and subroutine structure) and the inline constants whose value the sources do not settle. Each
 * rule cites its CTM page (../shared/reference/ctm-x1k-fp.md). This file checks a program statically and fixes the
 * bits a program can fix; golden/us_lint.c checks what a run actually reaches. docs/spec.md section 9. */
#ifndef US_RULES_H
#define US_RULES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/us_inst.h"
#include "isa/us_strbuf.h"

enum us_rule_id {
    US_RULE_PRESUB_NOP,     /* p.26: pre-subtract source written by the previous ALU/OUT instruction, no NOP */
    US_RULE_MDH_NOP,        /* p.26: MDH/MDV src0 written by the previous ALU/OUT instruction, no NOP */
    US_RULE_TEX_SEM,        /* p.33: a TEX result read before an ACQUIRE covering it and a WAIT */
    US_RULE_ACQUIRE_WAIT,   /* p.33: TEX_SEM_ACQUIRE without TEX_SEM_WAIT */
    US_RULE_LAST_OUT,       /* p.23: the last instruction is not an OUT instruction */
    US_RULE_LAST_WAIT,      /* p.23: the last instruction does not set TEX_SEM_WAIT */
    US_RULE_ALU_RESULT_FC,  /* p.32: an FC instruction reads an ALU result not written since the previous FC */
    US_RULE_RETURN_IN_LOOP, /* p.36: a return (A_OP POP) inside a loop */
    US_RULE_BREAK_KIND,     /* p.37: BREAKLOOP in a REP or BREAKREP in a LOOP */
    US_RULE_INLINE_EXP0,    /* p.25-26: an inline constant with exponent field 0 is read (value unsettled) */
    US_RULE_COUNT
};

typedef struct us_rule {
    const char *id;    /* short name, as printed: "presub-nop" */
    const char *page;  /* CTM page: "p.26" */
    const char *facts; /* fact numbers in ctm-x1k-fp.md */
    const char *what;  /* the rule in one line */
} us_rule_t;

extern const us_rule_t us_rules[US_RULE_COUNT];

/* One breach: the rule, the instruction and, from a run, the quad's retire index. */
#define US_DIAG_STATIC UINT64_MAX
typedef struct us_diag {
    unsigned rule, pc;
    uint64_t seq; /* US_DIAG_STATIC for a static finding */
    char detail[160];
} us_diag_t;

/* Every diagnostic is counted; the first US_DIAGS_KEEP are kept with their text. */
#define US_DIAGS_KEEP 64u
typedef struct us_diags {
    us_diag_t kept[US_DIAGS_KEEP];
    unsigned nkept;
    uint64_t total, count[US_RULE_COUNT];
} us_diags_t;

void us_diags_clear(us_diags_t *ds);
void us_diags_add(us_diags_t *ds, unsigned rule, unsigned pc, uint64_t seq, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void us_diags_vadd(us_diags_t *ds, unsigned rule, unsigned pc, uint64_t seq, const char *fmt, va_list ap);
/* "pc 5: presub-nop (CTM p.26): ..." (with " #12" after the pc for a run's diagnostic). */
void us_diag_format(us_strbuf_t *sb, const us_diag_t *d);
/* "3 silicon-rule breaches: presub-nop 2, tex-sem 1" or "no silicon-rule breaches". */
void us_diags_summary(us_strbuf_t *sb, const us_diags_t *ds);

/* A program as loaded: 512 slots, executed from start to end (absolute slots, the window wraps mod 512), with
 * US_CODE_OFFSET added to jump targets that are not global. */
typedef struct us_code {
    const us_inst_t *inst;
    unsigned start, end, offset;
} us_code_t;

/* The code of a bare program: slots 0 .. count-1, offset 0. */
us_code_t us_code_of_program(const us_program_t *p);

/* Static check over every path through the code (a path ends at end or leaves the window). Aliasing through
 * aL is not followed: a relative and an absolute address are different temporaries here (us_lint.c resolves
 * them on a run). Returns the number of diagnostics. */
uint64_t us_rules_check(const us_code_t *code, us_diags_t *out);

/* Sets what a program needs for the rules that a bit can satisfy: the NOP bit (presub-nop, mdh-nop), WAIT on
 * readers and ACQUIRE + WAIT on the lookup before them (tex-sem, acquire-wait), WAIT on the last OUT, the loop's
 * own break kind; appends an OUT instruction with TEX_SEM_WAIT and no writes when the program ends on another
 * type. One line per change into log. Breaches a bit cannot fix (alu-result-fc, return-in-loop, inline-exp0,
 * LAST on a non-OUT) are left for us_rules_check to report. Returns the number of changes. */
unsigned us_rules_fix(us_program_t *p, us_strbuf_t *log);

/* Prints each kept diagnostic as "FNAME: warning: pc N: RULE (CTM p.X): ..." to f, and how many were not kept. */
void us_diags_warn(FILE *f, const char *fname, const us_diags_t *ds);
/* Prints each static diagnostic as "FNAME: warning: pc N: RULE (CTM p.X): ..." to f; returns the count. */
uint64_t us_rules_warn(FILE *f, const char *fname, const us_code_t *code);

#endif
