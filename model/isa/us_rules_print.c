/* Prints a program's static silicon-rule diagnostics, one "warning:" line each, for the command-line tools. */
#include "isa/us_rules.h"

void us_diags_warn(FILE *f, const char *fname, const us_diags_t *ds)
{
    us_strbuf_t sb;
    us_sb_init(&sb);
    for (unsigned i = 0; i < ds->nkept; i++) {
        us_sb_clear(&sb);
        us_diag_format(&sb, &ds->kept[i]);
        fprintf(f, "%s: warning: %s\n", fname, sb.data);
    }
    if (ds->total > ds->nkept)
        fprintf(f, "%s: warning: %llu more silicon-rule breaches not shown\n", fname,
                (unsigned long long)(ds->total - ds->nkept));
    us_sb_free(&sb);
}

uint64_t us_rules_warn(FILE *f, const char *fname, const us_code_t *code)
{
    us_diags_t ds;
    us_diags_clear(&ds);
    uint64_t n = us_rules_check(code, &ds);
    us_diags_warn(f, fname, &ds);
    return n;
}
