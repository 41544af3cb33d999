/* Runs the rule checks of isa/us_rules.h and golden/us_lint.h over a vector. */
#include "gen/us_vec_rules.h"
#include "golden/us_bound.h"

#include "golden/us_lint.h"

uint64_t us_vec_rules(const us_vector_t *v, us_diags_t *static_diags, us_diags_t *run_diags)
{
    static us_shader_t sh;
    static us_quad_t q;
    static us_lint_t lint;
    us_vec_setup(v, &sh, &q);
    us_diags_clear(static_diags);
    us_code_t code = us_shader_code(&sh);
    us_rules_check(&code, static_diags);
    us_lint_init(&lint);
    while (us_quad_step_linted(&q, &sh, NULL, &lint))
        ;
    *run_diags = lint.diags;
    return static_diags->total + run_diags->total;
}

void us_vec_unsafe_reason(const us_vector_t *v, us_strbuf_t *why)
{
    static us_diags_t st, run;
    if (v->unsafe)
        us_sb_printf(why, "the vector is marked unsafe%s%s", v->unsafe_why[0] ? ": " : "", v->unsafe_why);
    else if (us_vec_rules(v, &st, &run)) {
        us_diags_t *d = st.total ? &st : &run;
        us_diags_summary(why, d);
        if (d->nkept) {
            us_sb_puts(why, "; first: ");
            us_diag_format(why, &d->kept[0]);
        }
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
