/* Random legal programs (us_randprog.h). */
#include "gen/us_randprog.h"

#include <string.h>

static uint32_t random_field(us_rng_t *r, const us_field_desc_t *f)
{
    if (f->n_values == 0)
        return f->width >= 32 ? us_rng_next(r) : us_rng_next(r) & ((1u << f->width) - 1u);
    uint32_t v;
    do
        v = f->values[us_rng_next(r) % f->n_values].value;
    while (!us_field_value_legal(f, v));
    return v;
}

static unsigned random_type(us_rng_t *r)
{
    unsigned x = us_rng_next(r) % 100u;
    return x < 55u ? US_TYPE_ALU : x < 67u ? US_TYPE_OUT : x < 85u ? US_TYPE_TEX : US_TYPE_FC;
}

static void random_inst(us_rng_t *r, us_inst_t *in, unsigned type, unsigned len);

void us_random_alu_program(us_program_t *p, unsigned len, uint64_t seed)
{
    us_rng_t r = {seed ^ 0xA1Bu};
    memset(p, 0, sizeof *p);
    p->count = len < 1u ? 1u : len > US_MAX_INST ? US_MAX_INST : len;
    for (unsigned i = 0; i < p->count; i++) {
        us_inst_t *in = &p->inst[i];
        do {
            random_inst(&r, in, us_rng_next(&r) % 8u ? US_TYPE_ALU : US_TYPE_OUT, p->count);
            in->w[0] &= ~(US_CMN_INST_RGB_PRED_SEL_MASK | US_CMN_INST_ALPHA_PRED_SEL_MASK | US_CMN_INST_LAST_MASK);
        } while (us_inst_check(in, NULL, 0));
    }
}

/* One legal instruction of the type: every field random over its legal values; FC targets inside the program. */
static void random_inst(us_rng_t *r, us_inst_t *in, unsigned type, unsigned len)
{
    do {
        memset(in, 0, sizeof *in);
        for (unsigned w = 0; w < 6; w++) {
            int reg = us_word_reg[type][w];
            if (reg < 0)
                continue;
            for (unsigned f = 0; f < us_regs[reg].n_fields; f++)
                in->w[w] = us_field_put(in->w[w], &us_regs[reg].fields[f], random_field(r, &us_regs[reg].fields[f]));
        }
        in->w[0] = (in->w[0] & ~US_CMN_INST_TYPE_MASK) | type;
        if (us_rng_next(r) % 16u)
            in->w[0] &= ~US_CMN_INST_LAST_MASK;
        if (type == US_TYPE_FC) {
            uint32_t target = us_rng_next(r) % len;
            in->w[3] = (in->w[3] & ~(US_FC_ADDR_JUMP_ADDR_MASK | US_FC_ADDR_JUMP_GLOBAL_MASK)) |
                       target << US_FC_ADDR_JUMP_ADDR_LO;
            if (us_rng_next(r) % 4u) /* mostly plain jumps: stack ops out of order end a quad early */
                in->w[2] &= ~(US_FC_INST_OP_MASK | US_FC_INST_A_OP_MASK);
        }
    } while (us_inst_check(in, NULL, 0));
}

void us_random_program(us_program_t *p, unsigned len, uint64_t seed)
{
    us_rng_t r = {seed ^ 0x5DEECE66Dull};
    memset(p, 0, sizeof *p);
    if (len < 1u)
        len = 1u;
    if (len > US_MAX_INST)
        len = US_MAX_INST;
    p->count = len;
    for (unsigned i = 0; i < len; i++)
        random_inst(&r, &p->inst[i], random_type(&r), len);
}
