/* A run's retire trace against a vector's `expect trace` lines, one line at a time as the model retires them:
 * only the first differing line is kept, so a long run needs no memory for its trace. */
#ifndef US_VEC_TRACE_H
#define US_VEC_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "gen/us_vec.h"

typedef struct us_trace_cmp {
    const us_vector_t *v;
    uint64_t lines;   /* retire lines seen */
    bool differs;     /* one of the first v->ntrace lines differed from the vector's */
    uint64_t at;      /* the first such line */
    char *got;        /* its text (the expected one is v->trace[at]) */
} us_trace_cmp_t;

void us_trace_cmp_init(us_trace_cmp_t *c, const us_vector_t *v);
/* The next retire line (us_retire_format's text). */
void us_trace_cmp_line(us_trace_cmp_t *c, const char *line);
/* Describes the first differing line and a count that differs into rep; returns how many of the two there are. */
unsigned us_trace_cmp_report(const us_trace_cmp_t *c, us_strbuf_t *rep);
void us_trace_cmp_free(us_trace_cmp_t *c);

#endif
