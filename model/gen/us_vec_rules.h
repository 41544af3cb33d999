/* The silicon rules over a whole vector: the static check of its loaded code and the breaches its run reaches.
 * What decides whether a vector may go to a lab (docs/spec.md section 9). */
#ifndef US_VEC_RULES_H
#define US_VEC_RULES_H

#include "gen/us_vec.h"
#include "isa/us_rules.h"

/* What a vector breaks: the rules the static check finds in its loaded code or its run reaches (a bit per enum
 * us_rule_id), and the model-only error states its run ends in (US_ERR_* flags). A vector must waive exactly
 * these (docs/spec.md section 9). */
typedef struct us_breaks {
    uint32_t rules, errors;
} us_breaks_t;

/* The rules a list of diagnostics names. */
uint32_t us_diags_rules(const us_diags_t *ds);
/* From what a caller's run left: the static check of the loaded shader (into static_diags when not NULL), the
 * run's diagnostics and its final error flags. */
us_breaks_t us_breaks_of(const us_shader_t *sh, const us_diags_t *run_diags, uint32_t errors, us_diags_t *static_diags);
/* Runs the vector for it; either list may be NULL. */
us_breaks_t us_vec_breaks(const us_vector_t *v, us_diags_t *static_diags, us_diags_t *run_diags);
/* Whether the vector waives exactly what it breaks; if not, why into msg: "breaks tex-sem, not waived" and/or
 * "waives presub-nop but does not break it". */
bool us_vec_waivers_match(const us_vector_t *v, us_breaks_t b, us_strbuf_t *msg);
/* A generator's waivers: exactly b, with the reason. */
void us_vec_waive(us_vector_t *v, us_breaks_t b, const char *why);
/* Why the vector must not be exported for a lab ("" when it may): a waiver, or a breach it does not waive. */
void us_vec_unsafe_reason(const us_vector_t *v, us_strbuf_t *why);

/* Whether the vector is stable under the hardware's rounding (golden/us_bound.h, docs/fp.md part C): every
 * decision its run makes comes out the same everywhere inside the bounds. When not, *why says where (pc, pixel,
 * what) and the count; why may be NULL. */
bool us_vec_stable(const us_vector_t *v, us_strbuf_t *why);

#endif
