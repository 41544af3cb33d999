/* The few C helpers the Python binding (python/r500us) needs beside the model's own API: a vector's text into
 * memory, an expected trace line appended without exit() on out of memory, and the run loops of usim, each
 * record kept or compared as it retires. Everything else the binding calls is the model's API itself. */
#ifndef PYUS_H
#define PYUS_H

#include <stddef.h>
#include <stdint.h>

#include "gen/us_vec.h"
#include "gen/us_vec_trace.h"
#include "golden/us_bound.h"
#include "golden/us_lint.h"

/* us_vec_write's text (q: the expectations, may be NULL), then the vector's expect trace lines, into a buffer
 * the caller frees with pyus_free. Returns 0, or -1 when the memory stream cannot be made or written. */
int pyus_vec_text(const us_vector_t *v, const us_quad_t *q, char **out, size_t *len);
/* Appends a copy of line to v's expected trace. Returns 0, or -1 on out of memory (v unchanged). */
int pyus_vec_add_trace(us_vector_t *v, const char *line);
/* Steps q with the silicon rules checked (us_quad_step_linted), as usim does, at most max_steps instructions:
 * record i into rec[i] while i < nrec (rec may be NULL), and each retire line (us_retire_format) into cmp when
 * cmp is not NULL. Returns the instructions stepped; fewer than max_steps when the quad ended. */
uint64_t pyus_run(us_quad_t *q, const us_shader_t *sh, us_lint_t *l, us_trace_cmp_t *cmp, us_retire_t *rec,
                  uint64_t nrec, uint64_t max_steps);
/* Runs q to its end with bounds (us_quad_step_bounded). Returns the instructions stepped. */
uint64_t pyus_run_bounded(us_quad_t *q, const us_shader_t *sh, us_bounds_t *b);
void pyus_free(void *p);

#endif
