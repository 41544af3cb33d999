/* Field-exhaustive directed vectors (us_gen_fields.h): every legal value of every field of every instruction
 * dword, from the ISA table, appears in an instruction that the golden model retires.
 *
 * Carriers: each carrier instruction takes, for every field of its dwords, the next legal value of that field
 * (a cursor per field, over the ISA table's legal values), so one program covers many values at once; a carrier
 * that breaks a pairing rule has other fields re-drawn until it is legal, and the values it ends with are the
 * ones counted. ALU, OUT and TEX carriers run 24 to a program. An FC carrier runs alone in a six-slot program
 * placed so that its jump target (JUMP_ADDR, global or offset by US_CODE_OFFSET) lands two slots ahead, with a
 * LOOP before it when its op needs a loop frame; a target that cannot lie ahead makes a loop the watchdog ends.
 * Coverage is counted from the model's retire records, so a value counts only once an instruction holding it has
 * executed. */
#include "gen/us_gen_fields.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/us_gen.h"
#include "gen/us_random.h"
#include "gen/us_vec_rules.h"
#include "golden/us_lint.h"
#include "golden/us_trace.h"
#include "isa/us_access.h"

#define MAX_FIELDS 32u
#define MAX_VALUES 512u
#define CARRIERS 24u
#define FC_PROGRAM_LEN 6u
#define FIELD_WATCHDOG 64u

typedef struct field_state {
    uint16_t legal[MAX_VALUES];
    unsigned nlegal, cursor;
    uint8_t covered[MAX_VALUES];
} field_state_t;

typedef struct fields_gen {
    field_state_t f[US_REG_COUNT][MAX_FIELDS];
    us_rng_t rng;
    unsigned vectors;
    uint64_t retired;
} fields_gen_t;

static void init_fields(fields_gen_t *g)
{
    memset(g, 0, sizeof *g);
    g->rng.state = 0xF1E1D5u;
    for (unsigned r = 0; r < US_REG_COUNT; r++) {
        if (us_regs[r].word < 0)
            continue;
        for (unsigned i = 0; i < us_regs[r].n_fields && i < MAX_FIELDS; i++) {
            const us_field_desc_t *fd = &us_regs[r].fields[i];
            field_state_t *fs = &g->f[r][i];
            uint32_t top = fd->width >= 9 ? MAX_VALUES : 1u << fd->width;
            for (uint32_t v = 0; v < top; v++)
                if (us_field_value_legal(fd, v))
                    fs->legal[fs->nlegal++] = (uint16_t)v;
        }
    }
}

static unsigned field_index(unsigned reg, const char *name)
{
    for (unsigned i = 0; i < us_regs[reg].n_fields; i++)
        if (!strcmp(us_regs[reg].fields[i].name, name))
            return i;
    return 0; /* every name used here is in the table (spec/isa.txt) */
}

static void put(us_inst_t *in, unsigned reg, const char *field, uint32_t value)
{
    int w = us_regs[reg].word;
    in->w[w] = us_field_put(in->w[w], &us_regs[reg].fields[field_index(reg, field)], value);
}

/* An operand reads an inline constant with exponent field 0, whose value the sources do not settle (CTM p.25-26):
 * such a value may sit in a source slot no operand reads, and counts there. */
static bool reads_unsettled_inline(const us_inst_t *in)
{
    us_decoded_t d;
    us_decode(in, &d);
    us_access_t a;
    us_inst_access(&d, &a);
    for (unsigned s = 0; s < 6; s++)
        if (us_src_channels(&a.src[s]) && us_src_unsettled_inline(&a.src[s]))
            return true;
    return false;
}

/* A carrier of the type: the next value of every field; other fields re-drawn until the pairing rules hold and no
 * operand reads an unsettled inline constant. */
static void carrier(fields_gen_t *g, unsigned type, us_inst_t *in)
{
    memset(in, 0, sizeof *in);
    for (unsigned w = 0; w < 6; w++) {
        int r = us_word_reg[type][w];
        if (r < 0)
            continue;
        for (unsigned i = 0; i < us_regs[r].n_fields && i < MAX_FIELDS; i++) {
            field_state_t *fs = &g->f[r][i];
            in->w[w] = us_field_put(in->w[w], &us_regs[r].fields[i], fs->legal[fs->cursor++ % fs->nlegal]);
        }
    }
    put(in, US_REG_CMN_INST, "TYPE", type);
    for (unsigned tries = 0; (us_inst_check(in, NULL, 0) || reads_unsettled_inline(in)) && tries < 10000u; tries++) {
        int r = us_word_reg[type][1u + us_rng_next(&g->rng) % 5u];
        if (r < 0 || us_rng_next(&g->rng) % 4u == 0)
            r = US_REG_CMN_INST;
        unsigned i = us_rng_next(&g->rng) % us_regs[r].n_fields;
        if (!strcmp(us_regs[r].fields[i].name, "TYPE"))
            continue;
        field_state_t *fs = &g->f[r][i];
        uint32_t now = us_field_get(in->w[us_regs[r].word], &us_regs[r].fields[i]);
        if (!us_inst_check(in, NULL, 0) && now < MAX_VALUES && !fs->covered[now])
            continue; /* a legal carrier that only reads an unsettled inline: keep the values it still has to cover */
        in->w[us_regs[r].word] = us_field_put(in->w[us_regs[r].word], &us_regs[r].fields[i],
                                              fs->legal[us_rng_next(&g->rng) % fs->nlegal]);
    }
}

static void mark_field(unsigned reg, unsigned field, uint32_t value, void *ctx)
{
    fields_gen_t *g = ctx;
    if (field < MAX_FIELDS && value < MAX_VALUES)
        g->f[reg][field].covered[value] = 1;
}

static void mark(fields_gen_t *g, const us_inst_t *in)
{
    us_inst_for_each_field(in, mark_field, g);
}

static uint32_t small_value(us_rng_t *r) { return us_rng_float(r); }

/* The vector around a program: control registers, 8 constants, 16 small textures, a covered quad with inputs in
 * t0..t15. start/offset place the program: slot base = start + offset. */
static void setup_vector(us_vector_t *v, const us_program_t *p, unsigned start, unsigned offset, unsigned code_base,
                         unsigned code_size, uint64_t seed, const char *name)
{
    us_rng_t r = {seed * 0x9E3779B97F4A7C15ull + 3u};
    us_vec_init(v);
    snprintf(v->name, sizeof v->name, "%s", name);
    v->params.watchdog = FIELD_WATCHDOG * 8u;
    us_vec_add_write(v, US_CONFIG_ADDR, 1u << US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_LO);
    us_vec_add_write(v, US_CODE_OFFSET_ADDR, offset << US_CODE_OFFSET_OFFSET_ADDR_LO);
    us_vec_add_write(v, US_CODE_ADDR_ADDR, start << US_CODE_ADDR_START_ADDR_LO |
                                              ((start + p->count - 1u) & 511u) << US_CODE_ADDR_END_ADDR_LO);
    us_vec_add_write(v, US_CODE_RANGE_ADDR, code_base << US_CODE_RANGE_CODE_ADDR_LO | code_size << US_CODE_RANGE_CODE_SIZE_LO);
    us_vec_add_write(v, US_FC_BOOL_CONST_ADDR, us_rng_next(&r));
    for (unsigned i = 0; i < 32; i++) /* loop counts 1..3: every loop a carrier opens ends */
        us_vec_add_write(v, US_FC_INT_CONST_ADDR + 4u * i,
                         (1u + us_rng_next(&r) % 3u) | (us_rng_next(&r) % 16u) << 8 | ((us_rng_next(&r) % 3u - 1u) & 0xFFu) << 16);
    us_vec_add_program(v, p, (start + offset) & 511u);
    us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, GA_US_VECTOR_INDEX_TYPE_MASK);
    for (unsigned c = 0; c < 8; c++)
        for (unsigned ch = 0; ch < 4; ch++)
            us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, small_value(&r));
    v->covered = us_rng_next(&r) % 4u ? 0xFu : (uint8_t)(1u + us_rng_next(&r) % 15u);
    for (unsigned px = 0; px < US_NPIX; px++)
        for (unsigned a = 0; a < 16; a++)
            for (unsigned ch = 0; ch < 4; ch++)
                v->temp[px][a][ch] = small_value(&r);
    for (unsigned id = 0; id < US_NTEX; id++) {
        v->tex[id].width = v->tex[id].height = 2;
        for (unsigned t = 0; t < 4; t++)
            for (unsigned ch = 0; ch < 4; ch++)
                v->tex[id].texel[t][ch] = small_value(&r);
    }
}

/* A carrier can hold what no silicon-safe program may (a return inside its loop frame, a jump the watchdog ends,
 * a stack fault): the vector waives exactly those, with the reason, so it never reaches a bring-up export. */
static void waive_breaks(us_vector_t *v, const us_quad_t *q, const us_shader_t *sh, const us_lint_t *lint)
{
    static us_diags_t st;
    us_breaks_t b = us_breaks_of(sh, &lint->diags, q->errors, &st);
    if (!b.rules && !b.errors)
        return;
    us_strbuf_t sb;
    us_sb_init(&sb);
    if (q->errors) {
        us_sb_puts(&sb, "ends in the model's error state ");
        us_errors_format(&sb, q->errors);
        us_sb_puts(&sb, ", which the hardware leaves undefined (CTM p.35)");
    } else
        us_diags_summary(&sb, st.total ? &st : &lint->diags);
    us_vec_waive(v, b, sb.data);
    us_sb_free(&sb);
}

/* Runs the vector in the model (marking what retired), writes it with its expectations. */
static bool run_and_write(fields_gen_t *g, us_vector_t *v, const char *dir, char *err, size_t err_size)
{
    static us_shader_t sh;
    static us_quad_t q;
    static us_lint_t lint;
    us_retire_t rec;
    us_vec_setup(v, &sh, &q);
    us_lint_init(&lint);
    while (us_quad_step_linted(&q, &sh, &rec, &lint))
        if (!(rec.errors & (US_ERR_ILLEGAL_INST | US_ERR_PC_RANGE)))
            mark(g, &rec.inst);
    g->retired += q.retired;
    waive_breaks(v, &q, &sh, &lint);
    if (!us_vec_save(dir, v, &q, NULL, 0, err, err_size))
        return false;
    g->vectors++;
    return true;
}

/* Whether every value of the type's fields has executed; US_CMN_INST.TYPE counts only its own value. */
static bool all_covered(const fields_gen_t *g, unsigned type)
{
    if (!g->f[US_REG_CMN_INST][field_index(US_REG_CMN_INST, "TYPE")].covered[type])
        return false;
    for (unsigned w = 0; w < 6; w++) {
        int r = us_word_reg[type][w];
        if (r < 0)
            continue;
        for (unsigned i = 0; i < us_regs[r].n_fields && i < MAX_FIELDS; i++)
            if (r == US_REG_CMN_INST && i == field_index(US_REG_CMN_INST, "TYPE"))
                continue;
            else
            for (unsigned k = 0; k < g->f[r][i].nlegal; k++)
                if (!g->f[r][i].covered[g->f[r][i].legal[k]])
                    return false;
    }
    return true;
}

/* ALU, OUT and TEX carriers, 24 to a program, until their fields are covered. */
static bool straight_programs(fields_gen_t *g, const char *dir, char *err, size_t err_size)
{
    static const unsigned types[] = {US_TYPE_ALU, US_TYPE_OUT, US_TYPE_TEX};
    static us_program_t p;
    static us_vector_t v;
    for (unsigned n = 0; n < 200u; n++) {
        if (all_covered(g, US_TYPE_ALU) && all_covered(g, US_TYPE_OUT) && all_covered(g, US_TYPE_TEX))
            return true;
        memset(&p, 0, sizeof p);
        p.count = CARRIERS;
        for (unsigned i = 0; i < CARRIERS; i++) {
            carrier(g, types[i % 3u], &p.inst[i]);
            put(&p.inst[i], US_REG_CMN_INST, "LAST", 0); /* would end the program before the carriers after it */
        }
        us_gen_make_safe(&p); /* may append the final OUT (CTM p.23), which then carries LAST */
        put(&p.inst[p.count - 1u], US_REG_CMN_INST, "LAST", 1);
        char name[64];
        snprintf(name, sizeof name, "fields-%03u", n);
        setup_vector(&v, &p, 0, 0, 0, p.count - 1u, n, name);
        bool ok = run_and_write(g, &v, dir, err, err_size);
        us_vec_free(&v);
        if (!ok)
            return false;
    }
    return true; /* what is left uncovered shows in the table */
}

static bool needs_frame(uint32_t op)
{
    return op == US_FC_INST_OP_ENDLOOP || op == US_FC_INST_OP_ENDREP || op == US_FC_INST_OP_BREAKLOOP ||
           op == US_FC_INST_OP_BREAKREP || op == US_FC_INST_OP_CONTINUE;
}

/* One FC carrier per program: slots ALU(condition), LOOP or ALU, FC carrier, ALU, ALU (the jump target), OUT. */
static bool fc_programs(fields_gen_t *g, const us_inst_t filler[3], const char *dir, char *err, size_t err_size)
{
    static us_program_t p;
    static us_vector_t v;
    for (unsigned n = 0; n < 2000u; n++) {
        if (all_covered(g, US_TYPE_FC))
            return true;
        us_inst_t fc;
        carrier(g, US_TYPE_FC, &fc);
        uint32_t jump = us_field_get(fc.w[3], &us_regs[US_REG_FC_ADDR].fields[field_index(US_REG_FC_ADDR, "JUMP_ADDR")]);
        bool global = us_field_get(fc.w[3], &us_regs[US_REG_FC_ADDR].fields[field_index(US_REG_FC_ADDR, "JUMP_GLOBAL")]);
        uint32_t op = us_field_get(fc.w[2], &us_regs[US_REG_FC_INST].fields[field_index(US_REG_FC_INST, "OP")]);
        if (needs_frame(op) && us_field_get(fc.w[2], &us_regs[US_REG_FC_INST].fields[field_index(US_REG_FC_INST,
                                            "A_OP")]) == US_FC_INST_A_OP_POP)
            put(&fc, US_REG_FC_INST, "A_OP", US_FC_INST_A_OP_NONE); /* no return inside a loop (CTM p.36) */
        /* the target, jump (+ offset unless global), is slot base + 4 when that can be: base = start + offset */
        unsigned target_rel = 4u, start, offset, base;
        if (global) {
            base = jump >= target_rel ? jump - target_rel : 0u;
            if (base > 512u - FC_PROGRAM_LEN)
                base = 512u - FC_PROGRAM_LEN;
            offset = us_rng_next(&g->rng) % (base + 1u);
            start = base - offset;
        } else {
            start = jump >= target_rel ? jump - target_rel : 0u;
            if (start > 512u - FC_PROGRAM_LEN)
                start = 512u - FC_PROGRAM_LEN;
            offset = us_rng_next(&g->rng) % (512u - FC_PROGRAM_LEN - start + 1u);
            base = start + offset;
        }
        memset(&p, 0, sizeof p);
        p.count = FC_PROGRAM_LEN;
        p.inst[0] = filler[0];
        p.inst[1] = filler[1];
        if (needs_frame(op)) { /* a LOOP or REP (count >= 1, never skipped) whose own target is the last slot, */
            us_inst_t *l = &p.inst[0]; /* before the condition: an FC ends the ALU result's life (CTM p.32) */
            p.inst[1] = filler[0];
            memset(l, 0, sizeof *l);
            bool rep = op == US_FC_INST_OP_ENDREP || op == US_FC_INST_OP_BREAKREP; /* the break's kind, p.37 */
            put(l, US_REG_CMN_INST, "TYPE", US_TYPE_FC);
            put(l, US_REG_FC_INST, "OP", rep ? US_FC_INST_OP_REP : US_FC_INST_OP_LOOP);
            put(l, US_REG_FC_ADDR, "INT_ADDR", 1);
            put(l, US_REG_FC_ADDR, "JUMP_ADDR", (start + 5u) & 511u);
        }
        p.inst[2] = fc;
        p.inst[3] = filler[1];
        p.inst[4] = filler[1];
        p.inst[5] = filler[2];
        put(&p.inst[2], US_REG_CMN_INST, "LAST", 0);
        char name[64];
        snprintf(name, sizeof name, "fields-fc-%04u", n);
        setup_vector(&v, &p, start, offset, base, FC_PROGRAM_LEN - 1u, 10000u + n, name);
        bool ok = run_and_write(g, &v, dir, err, err_size);
        us_vec_free(&v);
        if (!ok)
            return false;
    }
    return true; /* what is left uncovered shows in the table */
}

bool us_gen_fields(const char *dir, bool with_fc, FILE *table, unsigned *nvectors, char *err, size_t err_size)
{
    static fields_gen_t g;
    init_fields(&g);
    /* fillers: an ALU that sets the ALU result and writes t20, one that writes t21, an OUT of t21 that ends the
     * program as the CTM asks (p.23: OUT with TEX_SEM_WAIT) */
    static const char filler_src[] =
        "    alu rgb: mad t20.rgb, src0.rgb, src0.111, src1.rgb  src0=t0 src1=t1  result=r.ne\n"
        "    alu rgb: mad t21.rgb, src0.rgb, src0.111, src0.111  alpha: mad t21.a, src0.a, src0.1, src0.1  src0=t21\n"
        "    out tex_sem_wait rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  alpha: mad o0.a, src0.a, src0.1, src0.0  "
        "src0=t21\n";
    static us_program_t fp;
    if (us_asm_ex(filler_src, "fillers", &fp, err, err_size, false) != 0)
        return false;
    if (!straight_programs(&g, dir, err, err_size))
        return false;
    if (with_fc && !fc_programs(&g, fp.inst, dir, err, err_size))
        return false;
    if (table) {
        unsigned total = 0, hit = 0;
        fprintf(table, "%-22s %-18s %7s %7s\n", "register", "field", "values", "covered");
        for (unsigned r = 0; r < US_REG_COUNT; r++) {
            if (us_regs[r].word < 0)
                continue;
            for (unsigned i = 0; i < us_regs[r].n_fields && i < MAX_FIELDS; i++) {
                const field_state_t *fs = &g.f[r][i];
                unsigned c = 0;
                for (unsigned k = 0; k < fs->nlegal; k++)
                    c += fs->covered[fs->legal[k]];
                bool skipped = !with_fc && us_regs[r].types == (1u << US_TYPE_FC);
                fprintf(table, "%-22s %-18s %7u %7u%s\n", us_regs[r].name, us_regs[r].fields[i].name, fs->nlegal, c,
                        skipped ? "  (FC programs not generated)" : c < fs->nlegal ? "  <- uncovered values" : "");
                total += fs->nlegal;
                hit += c;
            }
        }
        fprintf(table, "field values covered: %u of %u (%.1f%%) by %u vectors, %llu instructions retired\n", hit,
                total, 100.0 * hit / (total ? total : 1u), g.vectors, (unsigned long long)g.retired);
    }
    *nvectors = g.vectors;
    if (!all_covered(&g, US_TYPE_ALU) || !all_covered(&g, US_TYPE_OUT) || !all_covered(&g, US_TYPE_TEX) ||
        (with_fc && !all_covered(&g, US_TYPE_FC))) {
        snprintf(err, err_size, "some field values were never executed (see the table)");
        return false;
    }
    return true;
}
