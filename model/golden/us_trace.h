/* Text forms of the model's state: one line per retire record, and the final-state dump. */
#ifndef US_TRACE_H
#define US_TRACE_H

#include "golden/us_model.h"
#include "isa/us_strbuf.h"

/* One canonical line (no newline): seq, PC, next PC, running masks, every write, FC state, errors. */
void us_retire_format(us_strbuf_t *sb, const us_retire_t *r);
/* Final state: temporaries the program wrote, outputs, W, predicates, ALU result, killed mask, errors. */
void us_state_dump(us_strbuf_t *sb, const us_quad_t *q);
/* "none" or the comma-separated names of the error bits. */
void us_errors_format(us_strbuf_t *sb, uint32_t errors);
/* A float's value for comments: %g of the bit pattern (host float only formats, never computes). */
void us_fp_describe(char *buf, size_t size, uint32_t bits);

#endif
