/* Vectors (vectors/FORMAT.md): a program, its constants and inputs as register writes and initial state, and
 * the exact expected results. Strict parser with file:line errors; writer; checker. */
#ifndef US_VEC_H
#define US_VEC_H

#include <stdio.h>

#include "gen/us_waiver.h"
#include "golden/us_model.h"
#include "isa/us_strbuf.h"

#define US_VEC_VERSION 1

typedef struct us_reg_write {
    uint32_t addr, value;
} us_reg_write_t;

typedef struct us_vector {
    char name[64];
    us_waiver_t waive; /* the rules and error states it breaks on purpose: its `unsafe` line (gen/us_waiver.h) */
    us_params_t params;
    us_reg_write_t *writes; /* the setup, in file order, as register writes */
    unsigned nwrites, cap_writes;
    uint8_t covered;
    uint32_t temp[US_NPIX][US_NTEMP][4];
    us_texture_t tex[US_NTEX];
    /* expected results */
    bool has_expect;
    uint32_t exp_temp[US_NPIX][US_NTEMP][4];
    uint8_t exp_temp_mask[US_NTEMP][US_NPIX];
    uint32_t exp_out[4][US_NPIX][4];
    uint8_t exp_out_mask[4][US_NPIX];
    uint32_t exp_w[US_NPIX];
    uint8_t exp_w_mask;
    uint8_t exp_pred[US_NPIX], exp_alu_result, exp_killed;
    uint32_t exp_errors;
    bool has_retired;
    uint64_t exp_retired;
    char **trace; /* expected retire lines, optional */
    unsigned ntrace, cap_trace;
} us_vector_t;

void us_vec_init(us_vector_t *v);
void us_vec_free(us_vector_t *v);
/* Returns -1 with "fname:line: message" on bad input. */
int us_vec_parse(const char *text, const char *fname, us_vector_t *v, char *err, size_t err_size);
/* Loads the shader (reset, params, every register write, textures) and makes the quad. */
void us_vec_setup(const us_vector_t *v, us_shader_t *sh, us_quad_t *q);
struct us_trace_cmp;
/* Compares the final quad with the expectations, and the run's trace (gen/us_vec_trace.h; needed when the vector
 * has `expect trace` lines); describes each difference into report. Returns the count. */
unsigned us_vec_check(const us_vector_t *v, const us_quad_t *q, const struct us_trace_cmp *trace,
                      us_strbuf_t *report);
/* Writes v's setup and, as its expectations, the final state of q (without trace lines: a caller streams them as
 * "expect trace LINE" after it). */
void us_vec_write(FILE *f, const us_vector_t *v, const us_quad_t *q);
/* us_vec_write into DIR/NAME.vec (v->name: letters, digits, '.', '_', '-'), then the ntrace lines of trace (may be
 * NULL) as expect trace lines; whole or not at all (isa/us_out.h). Returns false with a message naming the file. */
bool us_vec_save(const char *dir, const us_vector_t *v, const us_quad_t *q, const char *const *trace, unsigned ntrace,
                 char *err, size_t err_size);
/* Appends one register write to the setup. */
void us_vec_add_write(us_vector_t *v, uint32_t addr, uint32_t value);
/* Appends the writes that load prog at instruction slot `slot` through GA_US_VECTOR_INDEX/DATA. */
void us_vec_add_program(us_vector_t *v, const us_program_t *prog, unsigned slot);

#endif
