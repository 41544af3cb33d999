/* Random ALU/OUT/TEX programs with every field random over its legal values (predication, LAST, presub, OMOD,
 * clamps, WRITE_INACTIVE included), run on seeded random inputs, random covered masks and both US_CONFIG
 * zero-times-anything readings; prints every retire record and the final state, then the final state of the same
 * run without a record and with bounds tracked.
 * usage: sweep_alu_trace [first seed] [programs] [instructions]
 * scripts/checks/model_equiv.py builds this against two builds of the model and compares the text: a change to the
 * model that is meant to be performance only must leave it identical. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/us_random.h"
#include "golden/us_bound.h"
#include "golden/us_trace.h"

/* Like us_randprog.c's generator, written out here: this file is built against the reference tree's
 * library too, which may predate any helper it would call. */
static void random_inst(us_rng_t *r, us_inst_t *in)
{
    static const unsigned types[4] = {US_TYPE_ALU, US_TYPE_ALU, US_TYPE_OUT, US_TYPE_TEX};
    unsigned type = types[us_rng_next(r) % 4u];
    do {
        memset(in, 0, sizeof *in);
        for (unsigned w = 0; w < 6; w++) {
            int reg = us_word_reg[type][w];
            if (reg < 0)
                continue;
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
        if (us_rng_next(r) % 32u) /* LAST rarely, so programs run long */
            in->w[0] &= ~US_CMN_INST_LAST_MASK;
    } while (us_inst_check(in, NULL, 0));
}

int main(int argc, char **argv)
{
    uint64_t first = argc > 1 ? strtoull(argv[1], NULL, 0) : 1u;
    unsigned programs = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 100u;
    unsigned n = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 0) : 64u;
    if (n == 0 || n > US_MAX_INST) {
        fputs("usage: sweep_alu_trace [first seed] [programs] [instructions 1..512]\n", stderr);
        return 2;
    }
    static us_program_t prog;
    static us_vector_t v;
    static us_shader_t sh;
    static us_quad_t q;
    us_retire_t rec;
    us_bounds_t *bounds = malloc(sizeof *bounds);
    if (!bounds)
        return 2;
    us_strbuf_t sb;
    us_sb_init(&sb);
    for (uint64_t seed = first; seed < first + programs; seed++) {
        us_rng_t r = {seed};
        prog.count = n;
        for (unsigned i = 0; i < n; i++)
            random_inst(&r, &prog.inst[i]);
        us_random_vector(&v, &prog, seed);
        us_vec_setup(&v, &sh, &q);
        if (us_rng_next(&r) & 1u)
            sh.config &= ~US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_MASK;
        uint8_t covered = (uint8_t)(us_rng_next(&r) % 3u ? 0xFu : us_rng_next(&r) & 0xFu);
        us_quad_init(&q, &sh, covered, 0);
        memcpy(q.temp, v.temp, sizeof q.temp);
        printf("seed %llu covered %x config %x\n", (unsigned long long)seed, covered, (unsigned)sh.config);
        while (us_quad_step(&q, &sh, &rec)) {
            us_sb_clear(&sb);
            us_retire_format(&sb, &rec);
            puts(sb.data);
        }
        us_sb_clear(&sb);
        us_state_dump(&sb, &q);
        fputs(sb.data ? sb.data : "", stdout);
        /* again without a record (the model's fast paths), then with bounds: the same final state each time */
        for (unsigned pass = 0; pass < 2; pass++) {
            us_quad_init(&q, &sh, covered, 0);
            memcpy(q.temp, v.temp, sizeof q.temp);
            if (pass == 0) {
                us_quad_run(&q, &sh);
            } else {
                us_bounds_init(bounds, &q);
                while (us_quad_step_bounded(&q, &sh, NULL, bounds))
                    ;
            }
            us_sb_clear(&sb);
            us_state_dump(&sb, &q);
            printf("%s:\n%s", pass == 0 ? "untraced" : "bounded", sb.data ? sb.data : "");
        }
        us_vec_free(&v);
    }
    us_sb_free(&sb);
    free(bounds);
    return 0;
}
