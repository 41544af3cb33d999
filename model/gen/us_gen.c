/* Constrained-random vectors (us_gen.h). The program is written as assembly (docs/asm.md) with Mesa's named
 * flow-control forms and assembled, so every word is what the assembler makes of a readable statement; loops run
 * a small constant count, so every program terminates. */
#include "gen/us_gen.h"
#include "gen/us_vec_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_args.h"
#include "isa/us_asm.h"
#include "isa/us_rules.h"
#include "gen/us_random.h"
#include "isa/us_strbuf.h"

#define NCONST_USED 8u
#define NTEX_USED 4u
#define MAX_STATEMENTS 120u /* keeps every program well under 512 instructions */

typedef struct knob_desc {
    const char *name;
    size_t offset;
    unsigned lo, hi;
    const char *meaning;
} knob_desc_t;

static const knob_desc_t knob_table[] = {
    {"len", offsetof(us_knobs_t, len), 1, 200, "statements per block, about"},
    {"alu", offsetof(us_knobs_t, alu), 0, 100, "weight of ALU statements"},
    {"out", offsetof(us_knobs_t, out), 0, 100, "weight of OUT statements"},
    {"tex", offsetof(us_knobs_t, tex), 0, 100, "weight of TEX statements"},
    {"fc", offsetof(us_knobs_t, fc), 0, 100, "weight of flow-control constructs"},
    {"depth", offsetof(us_knobs_t, depth), 0, 8, "flow-control nesting at most (loops nest up to the loop stack)"},
    {"count", offsetof(us_knobs_t, count), 1, 4, "loop iterations at most"},
    {"loops", offsetof(us_knobs_t, loops), 0, 100, "percent of constructs that are loops"},
    {"breaks", offsetof(us_knobs_t, breaks), 0, 100, "percent of loop bodies with a guarded break/continue"},
    {"hazard", offsetof(us_knobs_t, hazard), 1, 16, "sources read one of the last N temporaries written"},
    {"window", offsetof(us_knobs_t, window), 2, 128, "temporaries used, t0..t(N-1)"},
    {"special", offsetof(us_knobs_t, special), 0, 100, "percent of special input and constant values"},
    {"uncovered", offsetof(us_knobs_t, uncovered), 0, 100, "percent of vectors with uncovered pixels"},
    {"kill", offsetof(us_knobs_t, kill), 0, 100, "percent of TEX statements that are TEXKILL"},
    {"pair", offsetof(us_knobs_t, pair), 0, 100, "percent of ALU/OUT statements with rgb SOP or alpha DP"},
    {"unsafe", offsetof(us_knobs_t, unsafe), 0, 1,
     "1: keep CTM rule breaches (no NOP/semaphore fixes), each waived by name"},
    {"stable", offsetof(us_knobs_t, stable), 0, 1,
     "1: only vectors stable under the hardware's rounding (docs/fp.md part C): redrawn, up to 64 times"},
};
#define NKNOBS (sizeof knob_table / sizeof knob_table[0])

void us_knobs_default(us_knobs_t *k)
{
    *k = (us_knobs_t){.len = 6, .alu = 60, .out = 10, .tex = 15, .fc = 15, .depth = 2, .count = 4, .loops = 40, .breaks = 50,
                      .hazard = 4, .window = 16, .special = 10, .uncovered = 20, .kill = 20,
                      .pair = 10};
}

bool us_knobs_set(us_knobs_t *k, const char *assignment, char *err, size_t err_size)
{
    const char *eq = strchr(assignment, '=');
    size_t n = eq ? (size_t)(eq - assignment) : strlen(assignment);
    for (unsigned i = 0; i < NKNOBS; i++) {
        const knob_desc_t *d = &knob_table[i];
        if (strlen(d->name) != n || strncmp(d->name, assignment, n) != 0)
            continue;
        uint64_t v = 0;
        if (!eq || !us_parse_uint(eq + 1, &v) || v < d->lo || v > d->hi) {
            snprintf(err, err_size, "knob %s: the value must be a number %u..%u (%s), not \"%s\"", d->name, d->lo,
                     d->hi, d->meaning, eq ? eq + 1 : "");
            return false;
        }
        memcpy((char *)k + d->offset, &(unsigned){(unsigned)v}, sizeof(unsigned));
        return true;
    }
    snprintf(err, err_size, "unknown knob \"%.*s\" (knobs: len alu out tex fc depth count loops breaks hazard window unsafe stable "
             "special uncovered kill pair)", (int)n, assignment);
    return false;
}

bool us_knobs_check(const us_knobs_t *k, char *err, size_t err_size)
{
    if (k->alu + k->out + k->tex + k->fc == 0) {
        snprintf(err, err_size, "knobs alu, out, tex and fc are all 0: there is nothing to generate");
        return false;
    }
    return true;
}

const char *us_knobs_help(void)
{
    static char text[2048];
    if (!text[0]) {
        size_t used = 0;
        for (unsigned i = 0; i < NKNOBS && used < sizeof text; i++)
            used += (size_t)snprintf(text + used, sizeof text - used, "  %-10s %3u..%-3u %s\n", knob_table[i].name,
                                     knob_table[i].lo, knob_table[i].hi, knob_table[i].meaning);
    }
    return text;
}

/* ---- program text ---- */

typedef struct gen {
    const us_knobs_t *k;
    us_rng_t rng;
    us_strbuf_t sb;
    unsigned labels, statements;
    unsigned recent[16], nrecent; /* temporaries written last, newest first */
    bool in_rep[8];               /* per nesting level: the innermost loop there is a REP */
} gen_t;

static unsigned pick(gen_t *g, unsigned n) { return n ? us_rng_next(&g->rng) % n : 0; }
static bool chance(gen_t *g, unsigned percent) { return pick(g, 100) < percent; }

static void wrote(gen_t *g, unsigned t)
{
    unsigned n = g->nrecent < 16u ? g->nrecent + 1u : 16u;
    memmove(g->recent + 1, g->recent, (n - 1u) * sizeof g->recent[0]);
    g->recent[0] = t;
    g->nrecent = n;
}

/* A temporary to read: one written in the last HAZARD writes most of the time, else any in the window. */
static unsigned read_temp(gen_t *g)
{
    unsigned h = g->k->hazard < g->nrecent ? g->k->hazard : g->nrecent;
    if (h && chance(g, 70))
        return g->recent[pick(g, h)];
    return pick(g, g->k->window);
}

static void source(gen_t *g, unsigned n)
{
    unsigned x = pick(g, 10);
    if (x < 6)
        us_sb_printf(&g->sb, " src%u=t%u", n, read_temp(g));
    else if (x < 9)
        us_sb_printf(&g->sb, " src%u=c%u", n, pick(g, NCONST_USED));
    else {
        static const char *const inl[] = {"0.5", "1.0", "2.0", "0.25", "10.0"};
        us_sb_printf(&g->sb, " src%u=%s", n, inl[pick(g, 5)]);
    }
}

static void operand(gen_t *g, bool rgb)
{
    static const char *const mods[] = {"", "", "", "-", "|", "-|"};
    static const char *const sels[] = {"src0", "src1", "src2", "srcp"};
    static const char letters[] = "rgba0h1";
    const char *m = mods[pick(g, 6)];
    us_sb_printf(&g->sb, "%s%s.", m, sels[pick(g, 4)]);
    for (unsigned i = 0; i < (rgb ? 3u : 1u); i++)
        us_sb_printf(&g->sb, "%c", letters[pick(g, 7)]);
    if (strchr(m, '|'))
        us_sb_puts(&g->sb, "|");
}

static const char *omod(gen_t *g)
{
    static const char *const o[] = {"", "", "", "", "", ".x2", ".x4", ".d2", ".d8"};
    return o[pick(g, 9)];
}

/* The two ops of an ALU or OUT statement. Most are drawn independently; PAIR percent use one unit's result in the
 * other, the pairings docs/spec.md section 2 (rule 4) allows and nothing else draws: rgb SOP with one of the
 * alpha transcendentals, alpha DP with an rgb dot product. Without them rgb SOP and alpha DP would come only from
 * random legal programs and field vectors, never under the divergent flow control of these programs. */
static void pick_ops(gen_t *g, const char **rgb, const char **alpha)
{
    static const char *const rgb_ops[] = {"mad", "mad", "mad", "dp3", "dp4", "d2a", "min", "max", "cnd", "cmp", "frc",
                                          "mdh", "mdv"};
    static const char *const alpha_ops[] = {"mad", "mad", "min", "max", "cnd", "cmp", "frc", "ex2", "ln2", "rcp", "rsq",
                                            "sin", "cos", "mdh", "mdv"};
    static const char *const trans[] = {"ex2", "ln2", "rcp", "rsq", "sin", "cos"};
    static const char *const dots[] = {"dp3", "dp4", "d2a"};
    if (!chance(g, g->k->pair)) {
        *rgb = rgb_ops[pick(g, 13)];
        *alpha = alpha_ops[pick(g, 15)];
    } else if (chance(g, 50)) {
        *rgb = "sop";
        *alpha = trans[pick(g, 6)];
    } else {
        *rgb = dots[pick(g, 3)];
        *alpha = "dp";
    }
}

/* One ALU or OUT statement: random ops, operands, modifiers, sources; writes temporaries or outputs. Every
 * operand is written out, also those of an op that reads fewer (SOP, DP, FRC...): their fields stay random. */
static void alu_statement(gen_t *g, bool out)
{
    static const char *const masks[] = {"r", "g", "b", "rg", "rb", "gb", "rgb", "rgb"};
    const char *rop, *aop;
    pick_ops(g, &rop, &aop);
    us_sb_puts(&g->sb, out ? "    out rgb: " : "    alu rgb: ");
    us_sb_printf(&g->sb, "%s%s%s ", rop, chance(g, 20) ? ".sat" : "", omod(g));
    unsigned rt = pick(g, g->k->window), at = pick(g, g->k->window);
    if (out)
        us_sb_printf(&g->sb, "o%u.%s", pick(g, 4), masks[pick(g, 8)]);
    else {
        us_sb_printf(&g->sb, "t%u.%s", rt, masks[pick(g, 8)]);
        wrote(g, rt);
    }
    for (unsigned i = 0; i < 3; i++) {
        us_sb_puts(&g->sb, ", ");
        operand(g, true);
    }
    us_sb_printf(&g->sb, "  alpha: %s%s%s ", aop, chance(g, 20) ? ".sat" : "", omod(g));
    if (out)
        us_sb_printf(&g->sb, "o%u.a%s", pick(g, 4), chance(g, 20) ? "+w" : "");
    else {
        us_sb_printf(&g->sb, "t%u.a", at);
        wrote(g, at);
    }
    for (unsigned i = 0; i < 3; i++) {
        us_sb_puts(&g->sb, ", ");
        operand(g, false);
    }
    for (unsigned n = 0; n < 3; n++)
        source(g, n);
    static const char *const srcp[] = {"neg2", "sub", "add", "neg"};
    us_sb_printf(&g->sb, " srcp=%s\n", srcp[pick(g, 4)]);
}

static void tex_statement(gen_t *g)
{
    static const char *const masks[] = {"r", "rg", "rgb", "rgba", "a", "ga", "rgba", "rgba"};
    static const char letters[] = "rgba";
    bool kill = chance(g, g->k->kill);
    unsigned d = pick(g, g->k->window);
    us_sb_printf(&g->sb, "    tex %s t%u.%s, t%u.", kill ? "texkill" : chance(g, 30) ? "proj" : "ld", d,
                 kill ? "_" : masks[pick(g, 8)], read_temp(g));
    for (unsigned i = 0; i < 4; i++)
        us_sb_printf(&g->sb, "%c", letters[pick(g, 4)]);
    us_sb_printf(&g->sb, ", tex%u", pick(g, NTEX_USED));
    if (!kill) {
        us_sb_puts(&g->sb, " dst_swz=");
        for (unsigned i = 0; i < 4; i++)
            us_sb_printf(&g->sb, "%c", letters[pick(g, 4)]);
        wrote(g, d);
    }
    us_sb_puts(&g->sb, chance(g, 20) ? " unscaled\n" : "\n");
}

/* The ALU result of each pixel: a compare of a temporary's red (or alpha) with another's, as Mesa writes it. */
static void condition(gen_t *g)
{
    static const char *const ops[] = {"ne", "lt", "ge", "eq"};
    if (chance(g, 50))
        us_sb_printf(&g->sb, "    alu rgb: mad _, src0.rgb, src0.111, -src1.rgb  src0=t%u src1=t%u  result=r.%s\n",
                     read_temp(g), read_temp(g), ops[pick(g, 4)]);
    else
        us_sb_printf(&g->sb, "    alu alpha: mad _, src0.a, src0.1, -src1.a  src0=t%u src1=t%u  result=a.%s\n",
                     read_temp(g), read_temp(g), ops[pick(g, 4)]);
}

static void block(gen_t *g, unsigned depth, int loop_end, int loop_exit);

static void fc_construct(gen_t *g, unsigned depth)
{
    unsigned l = g->labels;
    g->labels += 4;
    if (chance(g, g->k->loops)) {
        /* a LOOP (aL from the int constant) or a REP (aL of the enclosing loop), Mesa's words for LOOP */
        unsigned kint = 1u + pick(g, 3);
        bool rep = chance(g, 40);
        if (rep)
            us_sb_printf(&g->sb, "    fc rep L%u int=%u ign_unc alu_wait\nL%u:\n", l, kint, l + 1);
        else
            us_sb_printf(&g->sb, "    loop L%u int=%u alu_wait\nL%u:\n", l, kint, l + 1);
        g->in_rep[depth + 1u] = rep;
        block(g, depth + 1, (int)l, (int)(l + 2));
        if (rep)
            us_sb_printf(&g->sb, "L%u:\n    fc endrep L%u func=0xff any int=%u ign_unc alu_wait\nL%u:\n", l, l + 1,
                         kint, l + 2);
        else
            us_sb_printf(&g->sb, "L%u:\n    endloop L%u int=%u alu_wait\nL%u:\n", l, l + 1, kint, l + 2);
        return;
    }
    condition(g);
    if (chance(g, 50)) {
        us_sb_printf(&g->sb, "    if L%u alu_wait\n", l);
        block(g, depth + 1, -1, -1);
        us_sb_printf(&g->sb, "    endif alu_wait\nL%u:\n", l);
    } else {
        us_sb_printf(&g->sb, "    if_else L%u alu_wait\n", l);
        block(g, depth + 1, -1, -1);
        us_sb_printf(&g->sb, "    else L%u alu_wait\nL%u:\n", l + 1, l);
        block(g, depth + 1, -1, -1);
        us_sb_printf(&g->sb, "    endif alu_wait\nL%u:\n", l + 1);
    }
}

/* A block of statements; inside a loop body (loop_end >= 0) it may hold one guarded break or continue. */
static void block(gen_t *g, unsigned depth, int loop_end, int loop_exit)
{
    const us_knobs_t *k = g->k;
    unsigned n = 1u + pick(g, k->len);
    int guard_at = loop_end >= 0 && chance(g, k->breaks) ? (int)pick(g, n) : -1;
    unsigned total = k->alu + k->out + k->tex + (depth < k->depth ? k->fc : 0u);
    if (total == 0)
        total = 1; /* only fc was weighted and the depth is used up: ALU statements */
    for (unsigned i = 0; i < n && g->statements < MAX_STATEMENTS; i++, g->statements++) {
        if ((int)i == guard_at) {
            unsigned l = g->labels++;
            condition(g);
            us_sb_printf(&g->sb, "    if L%u alu_wait\n", l);
            if (g->in_rep[depth] && chance(g, 50)) /* BREAKREP: the REP frame's own break, as BREAKLOOP acts */
                us_sb_printf(&g->sb, "    fc breakrep L%d func=0xff b1=decr popcnt=1 ign_unc alu_wait\n", loop_exit);
            else if (chance(g, 50))
                us_sb_printf(&g->sb, "    break L%d popcnt=1 alu_wait\n", loop_exit);
            else
                us_sb_printf(&g->sb, "    continue L%d popcnt=1 alu_wait\n", loop_end);
            us_sb_printf(&g->sb, "    endif alu_wait\nL%u:\n", l);
        }
        unsigned x = pick(g, total);
        if (total == 1 || x < k->alu)
            alu_statement(g, false);
        else if (x < k->alu + k->out)
            alu_statement(g, true);
        else if (x < k->alu + k->out + k->tex)
            tex_statement(g);
        else
            fc_construct(g, depth);
    }
}

char *us_gen_program_source(const us_knobs_t *k, uint64_t seed)
{
    gen_t g = {.k = k, .rng = {seed * 0x9E3779B97F4A7C15ull ^ 0x6A09E667F3BCC909ull}};
    us_sb_init(&g.sb);
    us_sb_printf(&g.sb, "# usgen seed %llu\n", (unsigned long long)seed);
    block(&g, 0, -1, -1);
    alu_statement(&g, true); /* every program ends writing an output */
    return g.sb.data;
}

/* ---- the vector ---- */

/* An input or constant: with probability SPECIAL percent one of the special values (signed zeros, infinities,
 * NaNs, denormals, +-1, and the smallest normals: 2^-126 of both signs, a few ulps above it and 2^-125, where an
 * OMOD /2 /4 /8 must flush and x2 x4 x8 must not), else us_rng_float's mix. */
static uint32_t value(us_rng_t *r, unsigned special)
{
    static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                        0xFFC00001u, 0x00000001u, 0x807FFFFFu, 0x3F800000u, 0xBF800000u,
                                        0x00800000u, 0x80800000u, 0x00800001u, 0x80800003u, 0x01000000u};
    if (us_rng_next(r) % 100u < special)
        return specials[us_rng_next(r) % (sizeof specials / sizeof specials[0])];
    return us_rng_float(r);
}

static void load_vector(const us_knobs_t *k, uint64_t seed, const us_program_t *p, const char *name, us_vector_t *v);
#define STABLE_TRIES 64u

void us_gen_make_safe(us_program_t *p)
{
    us_strbuf_t log;
    us_sb_init(&log);
    us_rules_fix(p, &log);
    us_sb_free(&log);
}

static bool gen_one(const us_knobs_t *k, uint64_t seed, const char *name, us_vector_t *v, char *err, size_t err_size)
{
    char *src = us_gen_program_source(k, seed);
    static us_program_t prog;
    char why[300];
    int rc = us_asm_ex(src, name, &prog, why, sizeof why, true);
    free(src);
    if (rc != 0) {
        snprintf(err, err_size, "the generated program does not assemble (a generator bug): %s", why);
        return false;
    }
    if (!k->unsafe)
        us_gen_make_safe(&prog);
    load_vector(k, seed, &prog, name, v);
    if (k->unsafe) /* each breach kept on purpose is named, and only those */
        us_vec_waive(v, us_vec_breaks(v, NULL, NULL), "usgen unsafe=1 keeps the program's CTM rule breaches");
    return true;
}

bool us_gen_vector(const us_knobs_t *k, uint64_t seed, us_vector_t *v, char *err, size_t err_size)
{
    char name[64];
    snprintf(name, sizeof name, "usgen-%llu", (unsigned long long)seed);
    /* stable=1: program and inputs drawn again (deterministically, from the seed) until every decision survives
     * the hardware's rounding */
    for (unsigned attempt = 0;; attempt++) {
        if (!gen_one(k, seed + (uint64_t)attempt * 0x100000000ull, name, v, err, err_size))
            return false;
        if (!k->stable || us_vec_stable(v, NULL))
            return true;
        us_vec_free(v);
        if (attempt + 1u == STABLE_TRIES) {
            snprintf(err, err_size, "seed %llu: no stable vector in %u draws (docs/fp.md part C)",
                     (unsigned long long)seed, STABLE_TRIES);
            return false;
        }
    }
}

/* The faults a program can hold, one vector each: an illegal word (a reserved RGB_OP) and a jump out of the code
 * window, then the pairing rules of docs/spec.md section 2 (rules 4 and 5) that only a raw word breaks: alpha
 * OMOD 7 (disabled) beside a non-select op (MAD), alpha OMOD 7 beside a select op (MAX) with ALPHA_CLAMP, rgb SOP
 * beside a non-transcendental alpha op (MAD), and an FC instruction whose RGB_PRED_SEL is RGBA. Each illegal word
 * comes after an ALU that writes, so the error ends a quad that did something, and before an OUT it must not
 * reach (an OUT with TEX_SEM_WAIT: the error state is all the vector breaks). The raw words are legal ones (usasm's) with one field changed: the alpha MAD t2.a of
 * `alu rgb: mad t2.rgb, src0.rgb, src0.111, src0.000  alpha: mad t2.a, src0.a, src0.1, src0.0  src0=t0` (dword 4
 * 0x00C0C020, dword 5 0x20490020) with OMOD (dword 4 bits 28:26) 7; its alpha MAX (0x0060C023) with OMOD 7 and
 * ALPHA_CLAMP (dword 0 bit 20); its RGB_OP (dword 5 bits 3:0) SOP (10); `fc jump 2 func=0xff` with RGB_PRED_SEL
 * (dword 0 bits 5:3) RGBA (1). */
#define ERR_ALU "    alu rgb: mad t1.rgb, src0.rgb, src0.111, src0.111  src0=t0\n"
#define ERR_OUT "    out tex_sem_wait rgb: mad o0.rgb, src0.rgb, src0.111, src0.000  src0=t1\n"
bool us_gen_error_vector(unsigned which, us_vector_t *v, char *err, size_t err_size)
{
    static const char *const src[US_GEN_ERROR_VECTORS] = {
        ERR_ALU "    .inst 0x00007800, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000006\n" ERR_OUT,
        ERR_ALU "    fc jump 300 func=0xff global alu_wait\n" ERR_OUT,
        ERR_ALU "    .inst 0x00007800, 0x08020000, 0x08020000, 0x00db0220, 0x1cc0c020, 0x20490020\n" ERR_OUT,
        ERR_ALU "    .inst 0x00107800, 0x08020000, 0x08020000, 0x00db0220, 0x1c60c023, 0x00490020\n" ERR_OUT,
        ERR_ALU "    .inst 0x00007800, 0x08020000, 0x08020000, 0x00db0220, 0x00c0c020, 0x2049002a\n" ERR_OUT,
        ERR_ALU "    .inst 0x0000000a, 0x00000000, 0x0000ff00, 0x00020000, 0x00000000, 0x00000000\n" ERR_OUT,
    };
    static const char *const names[US_GEN_ERROR_VECTORS] = {"error-illegal_inst", "error-pc_range",
                                                            "error-alpha_omod_op", "error-alpha_omod_clamp",
                                                            "error-sop_pairing", "error-fc_pred_rgba"};
    static const char *const faults[US_GEN_ERROR_VECTORS] = {"illegal_inst", "pc_range", "illegal_inst",
                                                             "illegal_inst", "illegal_inst", "illegal_inst"};
    static us_program_t prog;
    us_knobs_t k;
    us_knobs_default(&k);
    if (which >= US_GEN_ERROR_VECTORS || us_asm_ex(src[which], "error-vector", &prog, err, err_size, false) != 0)
        return false;
    load_vector(&k, 4242u + which, &prog, names[which], v);
    /* a fault the model reports and the hardware leaves undefined: waived by name, with what else it breaks */
    char why[US_WAIVER_WHY];
    snprintf(why, sizeof why, "a program that faults on purpose (%s); the hardware has no such error state",
             faults[which]);
    us_vec_waive(v, us_vec_breaks(v, NULL, NULL), why);
    return true;
}

/* The vector around an assembled program: control registers, constants, inputs, textures from the seed. */
static void load_vector(const us_knobs_t *k, uint64_t seed, const us_program_t *p, const char *name, us_vector_t *v)
{
    us_rng_t r = {seed * 0xD1B54A32D192ED03ull + 7u};
    us_vec_init(v);
    snprintf(v->name, sizeof v->name, "%s", name);
    v->params.watchdog = 100000u;
    us_vec_add_write(v, US_CONFIG_ADDR, 1u << US_CONFIG_ZERO_TIMES_ANYTHING_EQUALS_ZERO_LO);
    us_vec_add_write(v, US_FC_CTRL_ADDR, US_FC_CTRL_FULL_FC_EN_MASK);
    us_vec_add_write(v, US_CODE_OFFSET_ADDR, 0);
    uint32_t last = p->count - 1u;
    us_vec_add_write(v, US_CODE_ADDR_ADDR, last << US_CODE_ADDR_END_ADDR_LO);
    us_vec_add_write(v, US_CODE_RANGE_ADDR, last << US_CODE_RANGE_CODE_SIZE_LO);
    us_vec_add_write(v, US_FC_BOOL_CONST_ADDR, us_rng_next(&r));
    us_vec_add_write(v, US_FC_INT_CONST_ADDR, 0xFFu);
    for (unsigned i = 1; i < 4; i++) { /* loop counts 1..COUNT, aL start 0..15, step -2..2 */
        uint32_t kr = 1u + us_rng_next(&r) % k->count, kg = us_rng_next(&r) % 16u, kb = (us_rng_next(&r) % 5u - 2u) & 0xFFu;
        us_vec_add_write(v, US_FC_INT_CONST_ADDR + 4u * i, kr | kg << 8 | kb << 16);
    }
    us_vec_add_program(v, p, 0);
    us_vec_add_write(v, GA_US_VECTOR_INDEX_ADDR, GA_US_VECTOR_INDEX_TYPE_MASK);
    for (unsigned c = 0; c < NCONST_USED; c++)
        for (unsigned ch = 0; ch < 4; ch++)
            us_vec_add_write(v, GA_US_VECTOR_DATA_ADDR, value(&r, k->special));
    v->covered = us_rng_next(&r) % 100u < k->uncovered ? (uint8_t)(us_rng_next(&r) % 15u) : 0xFu;
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < k->window; a++)
            for (unsigned ch = 0; ch < 4; ch++)
                v->temp[p][a][ch] = value(&r, k->special);
    for (unsigned id = 0; id < NTEX_USED; id++) {
        v->tex[id].width = 1u + us_rng_next(&r) % 4u;
        v->tex[id].height = 1u + us_rng_next(&r) % 4u;
        for (unsigned t = 0; t < v->tex[id].width * v->tex[id].height; t++)
            for (unsigned ch = 0; ch < 4; ch++)
                v->tex[id].texel[t][ch] = value(&r, k->special);
    }
}
