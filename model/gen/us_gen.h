/* Constrained-random vectors: structured programs (ALU, OUT, TEX, and Mesa's flow-control words: if, if/else,
 * LOOP and REP with guarded break and continue, nested) that are legal and terminate by construction, steered by knobs,
 * with compact seeded inputs. The expected results are the golden model's. */
#ifndef US_GEN_H
#define US_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen/us_vec.h"

typedef struct us_knobs {
    unsigned len;      /* statements at the top level and per block, about (1..200) */
    unsigned alu, out, tex, fc; /* statement mix, relative weights (0..100 each, not all 0) */
    unsigned depth;    /* flow-control nesting at most (0..8) */
    unsigned count;    /* loop iterations at most (1..4) */
    unsigned loops;    /* percent of flow-control statements that are loops (else if / if-else) */
    unsigned breaks;   /* percent of loop bodies with a guarded break or continue */
    unsigned hazard;   /* a source reads one of the last HAZARD temporaries written, most of the time (1..16) */
    unsigned window;   /* temporaries used: t0..t(WINDOW-1) (2..128) */
    unsigned special;  /* percent of input and constant values that are special (0, -0, inf, NaN, denormal,
                        * the smallest normals) */
    unsigned uncovered;/* percent of vectors with some pixels not covered */
    unsigned kill;     /* percent of TEX statements that are TEXKILL */
    unsigned pair;     /* percent of ALU/OUT statements whose units work together: rgb SOP with an alpha
                        * transcendental, or alpha DP with an rgb DP3/DP4/D2A (the only legal pairings) */
    unsigned unsafe;   /* 1: keep the program as generated, CTM rule breaches included, each waived by name */
    unsigned stable;   /* 1: only vectors stable under the hardware's rounding (us_vec_stable): redrawn */
} us_knobs_t;

void us_knobs_default(us_knobs_t *k);
/* Applies "name=value"; false with a message naming the knob and its range in err. */
bool us_knobs_set(us_knobs_t *k, const char *assignment, char *err, size_t err_size);
/* Checks the whole set (e.g. a mix that is all zero); false with a message. */
bool us_knobs_check(const us_knobs_t *k, char *err, size_t err_size);
/* One line per knob: name, range, meaning (for --help). */
const char *us_knobs_help(void);

/* The program of vector `seed` as assembly text (caller frees). */
char *us_gen_program_source(const us_knobs_t *k, uint64_t seed);
/* A whole vector: the program assembled and loaded by register writes, constants, control registers, inputs.
 * Unless the unsafe knob is set, the program is made silicon-safe first (us_rules_fix: NOP, semaphore and final
 * OUT bits; docs/spec.md section 9).
 * Returns false with a message if the program did not assemble (a generator bug). */
bool us_gen_vector(const us_knobs_t *k, uint64_t seed, us_vector_t *v, char *err, size_t err_size);

/* Sets the bits the CTM rules ask for (us_rules_fix), quietly: what every generator does by default. */
void us_gen_make_safe(us_program_t *p);

/* Vectors whose program faults: 0 an illegal instruction word (a reserved RGB_OP), 1 a jump out of the code window,
 * 2-5 a broken pairing rule (alpha OMOD 7 beside MAD, alpha OMOD 7 with ALPHA_CLAMP, rgb SOP beside alpha MAD, FC
 * with RGB_PRED_SEL RGBA). */
#define US_GEN_ERROR_VECTORS 6u
bool us_gen_error_vector(unsigned which, us_vector_t *v, char *err, size_t err_size);

#endif
