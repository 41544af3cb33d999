/* open_memstream is POSIX. */
#define _POSIX_C_SOURCE 200809L
#include "pyus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden/us_trace.h"

int pyus_vec_text(const us_vector_t *v, const us_quad_t *q, char **out, size_t *len)
{
    *out = NULL;
    *len = 0;
    FILE *f = open_memstream(out, len);
    if (!f)
        return -1;
    us_vec_write(f, v, q);
    for (unsigned i = 0; i < v->ntrace; i++)
        fprintf(f, "expect trace %s\n", v->trace[i]);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        free(*out);
        *out = NULL;
        *len = 0;
        return -1;
    }
    return 0;
}

int pyus_vec_add_trace(us_vector_t *v, const char *line)
{
    if (v->ntrace == v->cap_trace) {
        unsigned cap = v->cap_trace ? 2u * v->cap_trace : 64u;
        if (cap <= v->cap_trace)
            return -1;
        char **t = realloc(v->trace, cap * sizeof *t);
        if (!t)
            return -1;
        v->trace = t;
        v->cap_trace = cap;
    }
    char *copy = malloc(strlen(line) + 1u);
    if (!copy)
        return -1;
    strcpy(copy, line);
    v->trace[v->ntrace++] = copy;
    return 0;
}

uint64_t pyus_run(us_quad_t *q, const us_shader_t *sh, us_lint_t *l, us_trace_cmp_t *cmp, us_retire_t *rec,
                  uint64_t nrec, uint64_t max_steps)
{
    static us_retire_t spare;
    us_strbuf_t sb;
    us_sb_init(&sb);
    uint64_t n = 0;
    while (n < max_steps) {
        us_retire_t *r = rec && n < nrec ? &rec[n] : cmp ? &spare : NULL;
        if (!us_quad_step_linted(q, sh, r, l))
            break;
        if (cmp) {
            us_sb_clear(&sb);
            us_retire_format(&sb, r);
            us_trace_cmp_line(cmp, sb.data);
        }
        n++;
    }
    us_sb_free(&sb);
    return n;
}

uint64_t pyus_run_bounded(us_quad_t *q, const us_shader_t *sh, us_bounds_t *b)
{
    uint64_t n = 0;
    while (us_quad_step_bounded(q, sh, NULL, b))
        n++;
    return n;
}

void pyus_free(void *p)
{
    free(p);
}
