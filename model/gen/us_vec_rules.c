/* Runs the rule checks of isa/us_rules.h and golden/us_lint.h over a vector. */
#include "gen/us_vec_rules.h"

#include <stdio.h>

#include "golden/us_bound.h"
#include "golden/us_lint.h"

uint32_t us_diags_rules(const us_diags_t *ds)
{
    uint32_t rules = 0;
    for (unsigned i = 0; i < US_RULE_COUNT; i++)
        if (ds->count[i])
            rules |= 1u << i;
    return rules;
}

us_breaks_t us_breaks_of(const us_shader_t *sh, const us_diags_t *run_diags, uint32_t errors, us_diags_t *static_diags)
{
    static us_diags_t own;
    us_diags_t *st = static_diags ? static_diags : &own;
    us_diags_clear(st);
    us_code_t code = us_shader_code(sh);
    us_rules_check(&code, st);
    return (us_breaks_t){us_diags_rules(st) | us_diags_rules(run_diags), errors};
}

us_breaks_t us_vec_breaks(const us_vector_t *v, us_diags_t *static_diags, us_diags_t *run_diags)
{
    static us_shader_t sh;
    static us_quad_t q;
    static us_lint_t lint;
    us_vec_setup(v, &sh, &q);
    us_lint_init(&lint);
    while (us_quad_step_linted(&q, &sh, NULL, &lint))
        ;
    if (run_diags)
        *run_diags = lint.diags;
    return us_breaks_of(&sh, &lint.diags, q.errors, static_diags);
}

static unsigned bits(uint32_t a, uint32_t b)
{
    return (unsigned)__builtin_popcount(a) + (unsigned)__builtin_popcount(b);
}

bool us_vec_waivers_match(const us_vector_t *v, us_breaks_t b, us_strbuf_t *msg)
{
    uint32_t miss_r = b.rules & ~v->waive.rules, miss_e = b.errors & ~v->waive.errors;
    uint32_t extra_r = v->waive.rules & ~b.rules, extra_e = v->waive.errors & ~b.errors;
    if (miss_r | miss_e) {
        us_sb_puts(msg, "breaks ");
        us_waiver_names(msg, miss_r, miss_e);
        us_sb_puts(msg, ", not waived");
    }
    if (extra_r | extra_e) {
        us_sb_puts(msg, miss_r | miss_e ? "; waives " : "waives ");
        us_waiver_names(msg, extra_r, extra_e);
        us_sb_printf(msg, " but does not break %s", bits(extra_r, extra_e) == 1 ? "it" : "them");
    }
    return !(miss_r | miss_e | extra_r | extra_e);
}

void us_vec_waive(us_vector_t *v, us_breaks_t b, const char *why)
{
    v->waive.rules = b.rules;
    v->waive.errors = b.errors;
    snprintf(v->waive.why, sizeof v->waive.why, "%s", why);
}

/* The first kept diagnostic of one of the rules, from the static list, else the run's; NULL when none is kept. */
static const us_diag_t *first_of(uint32_t rules, const us_diags_t *st, const us_diags_t *run)
{
    for (const us_diags_t *d = st; d; d = d == st ? run : NULL)
        for (unsigned i = 0; i < d->nkept; i++)
            if (rules >> d->kept[i].rule & 1u)
                return &d->kept[i];
    return NULL;
}

void us_vec_unsafe_reason(const us_vector_t *v, us_strbuf_t *why)
{
    static us_diags_t st, run;
    us_breaks_t b = us_vec_breaks(v, &st, &run);
    if (us_waiver_any(&v->waive)) {
        us_sb_puts(why, "the vector waives ");
        us_waiver_names(why, v->waive.rules, v->waive.errors);
        us_sb_printf(why, " (%s)", v->waive.why);
    }
    uint32_t rules = b.rules & ~v->waive.rules, errors = b.errors & ~v->waive.errors;
    if (!(rules | errors))
        return;
    us_sb_puts(why, why->len ? "; it breaks " : "it breaks ");
    us_waiver_names(why, rules, errors);
    us_sb_puts(why, ", not waived");
    const us_diag_t *d = first_of(rules, &st, &run);
    if (d) {
        us_sb_puts(why, "; first: ");
        us_diag_format(why, d);
    }
}

bool us_vec_stable(const us_vector_t *v, us_strbuf_t *why)
{
    static us_shader_t sh;
    static us_quad_t q;
    static us_bounds_t b;
    us_vec_setup(v, &sh, &q);
    us_bounds_init(&b, &q);
    while (us_quad_step_bounded(&q, &sh, NULL, &b))
        ;
    if (b.unstable && why)
        us_sb_printf(why, "unstable at pc %u, pixel %u: %s (%u such decisions)", b.first_pc, b.first_pixel, b.why,
                     b.unstable);
    return b.unstable == 0;
}
