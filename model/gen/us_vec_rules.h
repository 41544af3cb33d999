/* The silicon rules over a whole vector: the static check of its loaded code and the breaches its run reaches.
 * What decides whether a vector may go to a lab (docs/spec.md section 9). */
#ifndef US_VEC_RULES_H
#define US_VEC_RULES_H

#include "gen/us_vec.h"
#include "isa/us_rules.h"

/* Fills both lists; returns the breaches found (static + run). */
uint64_t us_vec_rules(const us_vector_t *v, us_diags_t *static_diags, us_diags_t *run_diags);
/* Why the vector must not be exported for a lab ("" when it may): marked unsafe, or a breach. */
void us_vec_unsafe_reason(const us_vector_t *v, us_strbuf_t *why);

/* Whether the vector is stable under the hardware's rounding (golden/us_bound.h, docs/fp.md part C): every
 * decision its run makes comes out the same everywhere inside the bounds. When not, *why says where (pc, pixel,
 * what) and the count; why may be NULL. */
bool us_vec_stable(const us_vector_t *v, us_strbuf_t *why);

#endif
