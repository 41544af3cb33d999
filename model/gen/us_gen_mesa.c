/* The Mesa FC suite (us_gen_mesa.h). Pixel p reads, in t0..t15, the variant's "true" values when bit p of the
 * pattern is set and its "false" values otherwise, so every subset of the quad diverges from the rest at every
 * condition the programs compute from those temporaries (compares of t_a - t_b, != 0 tests, break counts). */
#include "gen/us_gen_mesa.h"

#include <stdio.h>
#include <string.h>

#include "isa/us_asm.h"
#include "gen/us_gen.h"
#include "gen/us_mesa_fc_src.h"

#define NPROGS (sizeof us_mesa_fc_progs / sizeof us_mesa_fc_progs[0])

unsigned us_gen_mesa_programs(void) { return (unsigned)NPROGS; }

const char *us_gen_mesa_name(unsigned prog) { return prog < NPROGS ? us_mesa_fc_progs[prog].name : "?"; }

static uint32_t fp_of_int(int n)
{
    if (n == 0)
        return 0;
    uint32_t m = (uint32_t)(n < 0 ? -n : n), e = 31u - (uint32_t)__builtin_clz(m);
    return (n < 0 ? 0x80000000u : 0u) | ((127u + e) << 23) | ((m << (23u - e)) & 0x7FFFFFu);
}

bool us_gen_mesa_vector(unsigned prog, unsigned pattern, unsigned variant, us_vector_t *v, char *err,
                        size_t err_size)
{
    /* per variant, the "false" and "true" value of temporary k (by k mod 4), and the loop count KR of int 1 */
    static const int lo[US_GEN_MESA_VARIANTS][4] = {{0, 0, 0, 0}, {0, 1, 0, 2}, {-1, 0, 2, 0}, {0, 0, 0, 0}, {3, 0, 1, 0}};
    static const int hi[US_GEN_MESA_VARIANTS][4] = {{1, 2, 3, 5}, {2, 3, 4, 40}, {1, 5, 0, 3}, {40, 40, 40, 40}, {0, 4, 6, 1}};
    static const unsigned kr[US_GEN_MESA_VARIANTS] = {1, 3, 8, 33, 2};
    static us_program_t p;
    if (prog >= NPROGS || pattern >= US_GEN_MESA_PATTERNS || variant >= US_GEN_MESA_VARIANTS) {
        snprintf(err, err_size, "no Mesa FC vector %u/%u/%u", prog, pattern, variant);
        return false;
    }
    if (us_asm_ex(us_mesa_fc_progs[prog].src, us_mesa_fc_progs[prog].name, &p, err, err_size, true) != 0)
        return false;
    us_gen_make_safe(&p);
    us_vec_init(v);
    snprintf(v->name, sizeof v->name, "mesa-%s-p%x-v%u", us_mesa_fc_progs[prog].name, pattern, variant);
    us_vec_add_write(v, US_CONFIG_ADDR, 1u << US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_LO);
    us_vec_add_write(v, US_FC_CTRL_ADDR, US_FC_CTRL_FULL_FC_EN_MASK);
    uint32_t last = p.count - 1u;
    us_vec_add_write(v, US_CODE_ADDR_ADDR, last << US_CODE_ADDR_END_ADDR_LO);
    us_vec_add_write(v, US_CODE_RANGE_ADDR, last << US_CODE_RANGE_CODE_SIZE_LO);
    us_vec_add_write(v, US_FC_INT_CONST_ADDR, 0xFFu); /* Mesa: every loop uses int 0 = 255 iterations */
    us_vec_add_write(v, US_FC_INT_CONST_ADDR + 4u, kr[variant]);
    us_vec_add_program(v, &p, 0);
    us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, GA_US_VECTOR_INDEX_TYPE_MASK);
    for (unsigned k = 0; k < 16; k++) /* c_k = k, as the programs assume */
        for (unsigned c = 0; c < 4; c++)
            us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, fp_of_int((int)k));
    v->covered = variant + 1u < US_GEN_MESA_VARIANTS ? 0xFu : (uint8_t)(0xFu ^ (1u << (pattern & 3u)));
    for (unsigned px = 0; px < US_NPIX; px++)
        for (unsigned k = 0; k < 16; k++) {
            int x = (pattern >> px & 1u) ? hi[variant][k % 4u] : lo[variant][k % 4u];
            v->temp[px][k][0] = fp_of_int(x);
            v->temp[px][k][1] = fp_of_int(x + 1);
            v->temp[px][k][2] = fp_of_int(2 * x);
            v->temp[px][k][3] = fp_of_int(-x);
        }
    return true;
}
