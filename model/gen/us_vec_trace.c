/* strdup is POSIX. */
#define _POSIX_C_SOURCE 200809L
#include "gen/us_vec_trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void us_trace_cmp_init(us_trace_cmp_t *c, const us_vector_t *v)
{
    memset(c, 0, sizeof *c);
    c->v = v;
}

void us_trace_cmp_line(us_trace_cmp_t *c, const char *line)
{
    uint64_t i = c->lines++;
    if (c->differs || i >= c->v->ntrace || strcmp(c->v->trace[i], line) == 0)
        return;
    c->differs = true;
    c->at = i;
    c->got = strdup(line);
    if (!c->got) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
}

unsigned us_trace_cmp_report(const us_trace_cmp_t *c, us_strbuf_t *rep)
{
    unsigned bad = 0;
    if (c->differs) {
        us_sb_printf(rep, "trace line %llu:\n  expected %s\n  got      %s\n", (unsigned long long)c->at,
                     c->v->trace[c->at], c->got);
        bad++;
    }
    if (c->lines != c->v->ntrace) {
        us_sb_printf(rep, "trace: expected %u retired instructions, got %llu\n", c->v->ntrace,
                     (unsigned long long)c->lines);
        bad++;
    }
    return bad;
}

void us_trace_cmp_free(us_trace_cmp_t *c)
{
    free(c->got);
    memset(c, 0, sizeof *c);
}
