/* clock_gettime is POSIX. */
#define _POSIX_C_SOURCE 200809L
/* Golden-model speed on a random ALU mix: quad-instructions retired per second on one core.
 * usage: bench_model [instructions] [quads] [seed]
 * The program is `instructions` random legal ALU and OUT instructions (every field random over its legal
 * values, as the round-trip test makes them), run on `quads` quads of seeded random inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen/us_random.h"

static void random_alu(us_rng_t *r, us_inst_t *in)
{
    unsigned type = us_rng_next(r) % 8u ? US_TYPE_ALU : US_TYPE_OUT;
    do {
        memset(in, 0, sizeof *in);
        for (unsigned w = 0; w < 6; w++) {
            int reg = us_word_reg[type][w];
            for (unsigned f = 0; f < us_regs[reg].n_fields; f++) {
                const us_field_desc_t *fd = &us_regs[reg].fields[f];
                uint32_t v;
                if (fd->n_values == 0)
                    v = fd->width >= 32 ? us_rng_next(r) : us_rng_next(r) & ((1u << fd->width) - 1u);
                else
                    do
                        v = fd->values[us_rng_next(r) % fd->n_values].value;
                    while (!us_field_value_legal(fd, v));
                in->w[w] = us_field_put(in->w[w], fd, v);
            }
        }
        in->w[0] = (in->w[0] & ~US_CMN_INST_TYPE_MASK) | type;
        /* keep the mix about writing: no predication, no LAST */
        in->w[0] &= ~(US_CMN_INST_RGB_PRED_SEL_MASK | US_CMN_INST_ALPHA_PRED_SEL_MASK | US_CMN_INST_LAST_MASK);
    } while (us_inst_check(in, NULL, 0));
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 256u;
    unsigned quads = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 20000u;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 0) : 1u;
    if (n == 0 || n > US_MAX_INST || quads == 0) {
        fputs("usage: bench_model [instructions 1..512] [quads >= 1] [seed]\n", stderr);
        return 2;
    }
    static us_program_t prog;
    us_rng_t r = {seed};
    prog.count = n;
    for (unsigned i = 0; i < n; i++)
        random_alu(&r, &prog.inst[i]);
    static us_vector_t v;
    static us_shader_t sh;
    static us_quad_t q;
    us_random_vector(&v, &prog, seed);
    us_vec_setup(&v, &sh, &q);
    uint64_t retired = 0;
    double t0 = now();
    for (unsigned k = 0; k < quads; k++) {
        us_quad_init(&q, &sh, 0xF, 0);
        memcpy(q.temp, v.temp, sizeof q.temp);
        retired += us_quad_run(&q, &sh);
    }
    double secs = now() - t0;
    printf("model: %llu quad-instructions in %.3f s: %.2f M quad-instructions/s (random ALU mix, %u instructions)\n",
           (unsigned long long)retired, secs, (double)retired / secs * 1e-6, n);
    us_vec_free(&v);
    return 0;
}
