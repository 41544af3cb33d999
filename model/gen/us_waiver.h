/* A vector's waivers (vectors/FORMAT.md, docs/spec.md section 9): the silicon rules its program breaks on purpose
 * and the model-only error states its run ends in on purpose, each by name on the vector's one `unsafe` line. A
 * waiver is data, never a word in a comment or a name: what is not named is not waived. */
#ifndef US_WAIVER_H
#define US_WAIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/us_strbuf.h"

#define US_WAIVER_WHY 256 /* the reason, with its terminating zero */

typedef struct us_waiver {
    uint32_t rules;          /* bit per enum us_rule_id (isa/us_rules.h) */
    uint32_t errors;         /* US_ERR_* flags (golden/generated/us_state_gen.h) */
    char why[US_WAIVER_WHY]; /* the reason, as written */
} us_waiver_t;

/* Whether it waives anything: a vector that does is unsafe and never goes to a lab. */
bool us_waiver_any(const us_waiver_t *w);
/* Parses the `unsafe` line after its keyword: "NAME[,NAME...] REASON...". Every NAME is a rule (us_rules[].id)
 * or an error flag (us_error_names), once; the reason is the rest of the line, trimmed, not empty. Returns -1
 * with a message (no file:line) on anything else. */
int us_waiver_parse(const char *text, us_waiver_t *w, char *msg, size_t msg_size);
/* "tex-sem,watchdog": the rules in us_rules order, then the error flags in bit order. */
void us_waiver_names(us_strbuf_t *sb, uint32_t rules, uint32_t errors);
/* The line a writer emits, without its newline: "unsafe NAMES REASON" (a '#' in the reason, which a reader
 * would take for a comment, becomes a space; an empty reason a generic one). Nothing when nothing is waived. */
void us_waiver_format(us_strbuf_t *sb, const us_waiver_t *w);

#endif
