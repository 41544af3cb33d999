/* clock_gettime is POSIX. */
#define _POSIX_C_SOURCE 200809L
/* Golden-model speed on a random ALU mix: quad-instructions retired per second on one core.
 * usage: bench_model [instructions] [quads] [seed]
 * The program is us_random_alu_program's (`instructions` random legal ALU and OUT instructions, every field random
 * over its legal values; the one uscosim --random-alu runs), on `quads` quads of seeded random inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen/us_randprog.h"

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
    us_random_alu_program(&prog, n, seed);
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
