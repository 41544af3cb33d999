/* Functional coverage: the bin tables, sampling from retire events, and projection onto smaller crosses. */
#include "gen/us_cov.h"

#include <stdlib.h>
#include <string.h>

/* ---- Axes ---- */

/* The op axis, once: label, unit (0 rgb, 1 alpha), opcode. */
#define OPS(X)                                                                                                       \
    X("rgb:MAD", 0, US_ALU_RGBA_INST_RGB_OP_MAD) X("rgb:DP3", 0, US_ALU_RGBA_INST_RGB_OP_DP3)                        \
    X("rgb:DP4", 0, US_ALU_RGBA_INST_RGB_OP_DP4) X("rgb:D2A", 0, US_ALU_RGBA_INST_RGB_OP_D2A)                        \
    X("rgb:MIN", 0, US_ALU_RGBA_INST_RGB_OP_MIN) X("rgb:MAX", 0, US_ALU_RGBA_INST_RGB_OP_MAX)                        \
    X("rgb:CND", 0, US_ALU_RGBA_INST_RGB_OP_CND) X("rgb:CMP", 0, US_ALU_RGBA_INST_RGB_OP_CMP)                        \
    X("rgb:FRC", 0, US_ALU_RGBA_INST_RGB_OP_FRC) X("rgb:SOP", 0, US_ALU_RGBA_INST_RGB_OP_SOP)                        \
    X("rgb:MDH", 0, US_ALU_RGBA_INST_RGB_OP_MDH) X("rgb:MDV", 0, US_ALU_RGBA_INST_RGB_OP_MDV)                        \
    X("alpha:MAD", 1, US_ALU_ALPHA_INST_ALPHA_OP_MAD) X("alpha:DP", 1, US_ALU_ALPHA_INST_ALPHA_OP_DP)                \
    X("alpha:MIN", 1, US_ALU_ALPHA_INST_ALPHA_OP_MIN) X("alpha:MAX", 1, US_ALU_ALPHA_INST_ALPHA_OP_MAX)              \
    X("alpha:CND", 1, US_ALU_ALPHA_INST_ALPHA_OP_CND) X("alpha:CMP", 1, US_ALU_ALPHA_INST_ALPHA_OP_CMP)              \
    X("alpha:FRC", 1, US_ALU_ALPHA_INST_ALPHA_OP_FRC) X("alpha:EX2", 1, US_ALU_ALPHA_INST_ALPHA_OP_EX2)              \
    X("alpha:LN2", 1, US_ALU_ALPHA_INST_ALPHA_OP_LN2) X("alpha:RCP", 1, US_ALU_ALPHA_INST_ALPHA_OP_RCP)              \
    X("alpha:RSQ", 1, US_ALU_ALPHA_INST_ALPHA_OP_RSQ) X("alpha:SIN", 1, US_ALU_ALPHA_INST_ALPHA_OP_SIN)              \
    X("alpha:COS", 1, US_ALU_ALPHA_INST_ALPHA_OP_COS) X("alpha:MDH", 1, US_ALU_ALPHA_INST_ALPHA_OP_MDH)              \
    X("alpha:MDV", 1, US_ALU_ALPHA_INST_ALPHA_OP_MDV)
#define OP_ENTRY(name, unit, code) {name, unit, code},
#define OP_LABEL(name, unit, code) name,
const us_cov_op_t us_cov_ops[US_COV_NOPS] = {OPS(OP_ENTRY)};
static const char *const op_labels[US_COV_NOPS] = {OPS(OP_LABEL)};

static const char *const mod_labels[US_COV_NMODS] = {"none", "neg", "abs", "-abs", "-"};
static const char *const class_labels[US_COV_NCLASSES] = {"zero", "one", "+normal", "-normal", "inf", "nan", "-"};
static const char *const pattern_labels[US_COV_NPATTERNS] = {"0x0", "0x1", "0x2", "0x3", "0x4", "0x5", "0x6", "0x7",
                                                             "0x8", "0x9", "0xa", "0xb", "0xc", "0xd", "0xe", "0xf"};
static const char *const depth_labels[US_COV_NDEPTHS] = {"0", "1", "2", "3", "4", "5", "6", "7", "8+"};
/* Indexed by US_FC_INST.OP. */
static const char *const fc_op_labels[US_COV_NFCOPS] = {
    [US_FC_INST_OP_JUMP] = "JUMP",       [US_FC_INST_OP_LOOP] = "LOOP",         [US_FC_INST_OP_ENDLOOP] = "ENDLOOP",
    [US_FC_INST_OP_REP] = "REP",         [US_FC_INST_OP_ENDREP] = "ENDREP",     [US_FC_INST_OP_BREAKLOOP] = "BREAKLOOP",
    [US_FC_INST_OP_BREAKREP] = "BREAKREP", [US_FC_INST_OP_CONTINUE] = "CONTINUE"};
static const char *const decision_labels[2] = {"no-jump", "jump"};

static const us_cov_axis_t ax_op = {"op", US_COV_NOPS, op_labels};
static const us_cov_axis_t ax_mod = {"modifier", US_COV_NMODS, mod_labels};
static const us_cov_axis_t ax_class = {"value class", US_COV_NCLASSES, class_labels};
static const us_cov_axis_t ax_pattern = {"running pattern", US_COV_NPATTERNS, pattern_labels};
static const us_cov_axis_t ax_depth = {"loop depth", US_COV_NDEPTHS, depth_labels};
static const us_cov_axis_t ax_fc_op = {"FC op", US_COV_NFCOPS, fc_op_labels};
static const us_cov_axis_t ax_decision = {"decision", 2, decision_labels};
static const us_cov_axis_t ax_error = {"error", US_ERR_COUNT, us_error_names};

/* ---- Which bins can exist ---- */

static unsigned op_arity(unsigned op)
{
    const us_cov_op_t *o = &us_cov_ops[op];
    return o->unit ? us_alpha_op_arity(o->code) : us_rgb_op_arity(o->code);
}

/* The ALU space's rules (axis values: op, modifier, class, pattern, depth). Only how sampling works leaves bins
 * out; the ISA's pairing rules (docs/spec.md section 2, rule 4) leave out none: each unit's op is its own bin,
 * and the other unit's op, the one they constrain, is no axis. tb/py/test_cov_reach.py hits every bin that is
 * left (a witness suite of legal programs) and counts the excluded ones from spec/isa.txt on its own. */
static bool no_operand_with_operand(const unsigned *i)
{
    return op_arity(i[0]) == 0 && (i[1] != US_COV_MOD_NA || i[2] != US_COV_CLASS_NA);
}

static bool operand_without_modifier(const unsigned *i)
{
    return op_arity(i[0]) > 0 && i[1] == US_COV_MOD_NA;
}

static bool class_without_running(const unsigned *i)
{
    return op_arity(i[0]) > 0 && (i[3] == 0) != (i[2] == US_COV_CLASS_NA);
}

static const us_cov_rule_t alu_rules[] = {
    {"no-operand", "rgb SOP and alpha DP read no operand of their own (docs/spec.md section 5: SOP is the alpha "
                   "unit's f(A), alpha DP the rgb dot product; docs/asm.md: 0 operands): modifier and class '-' only",
     no_operand_with_operand},
    {"modifier", "an operand always has one of the four input modifiers, the 2-bit MOD field's NONE NEG ABS NAB "
                 "(spec/isa.txt): never '-'",
     operand_without_modifier},
    {"class-running", "classes come from the running pixels' operand values and every fp32 value has one of the six: "
                      "class '-' exactly when no pixel runs (pattern 0x0)",
     class_without_running},
};

static bool needs_frame(unsigned fc_op)
{
    return fc_op != US_FC_INST_OP_JUMP && fc_op != US_FC_INST_OP_LOOP && fc_op != US_FC_INST_OP_REP;
}

/* Ending, breaking or continuing a loop with no frame is loop_underflow: it never jumps. */
static bool jump_without_frame(const unsigned *i)
{
    return needs_frame(i[0]) && i[1] == 1 && i[2] == 0;
}

static const us_cov_rule_t fc_rules[] = {
    {"underflow", "ENDLOOP, ENDREP, BREAKLOOP, BREAKREP and CONTINUE with no loop frame are loop_underflow, which "
                  "never jumps (docs/spec.md sections 4 and 7)",
     jump_without_frame},
};

static const char *fc_note(const unsigned *i)
{
    if (!needs_frame(i[0]) && i[0] != US_FC_INST_OP_JUMP && i[1] == 1 && i[2] == US_COV_NDEPTHS - 1)
        return "a ninth frame overflows at the default loop_depth 8";
    return NULL;
}

const us_cov_space_t us_cov_spaces[US_COV_NSPACES] = {
    [US_COV_ALU] = {"alu", 5, {&ax_op, &ax_mod, &ax_class, &ax_pattern, &ax_depth},
                    US_COV_NOPS * US_COV_NMODS * US_COV_NCLASSES * US_COV_NPATTERNS * US_COV_NDEPTHS, alu_rules,
                    sizeof alu_rules / sizeof alu_rules[0], NULL},
    [US_COV_FC] = {"fc", 3, {&ax_fc_op, &ax_decision, &ax_depth}, US_COV_NFCOPS * 2 * US_COV_NDEPTHS, fc_rules,
                   sizeof fc_rules / sizeof fc_rules[0], fc_note},
    [US_COV_ERR] = {"errors", 1, {&ax_error}, US_ERR_COUNT, NULL, 0, NULL},
};

const us_cov_cross_t us_cov_crosses[US_COV_NCROSSES] = {
    {"alu", "ALU op x modifier x value class x running pattern x loop depth", US_COV_ALU, 5, {0, 1, 2, 3, 4}, false},
    {"alu_op", "ALU op", US_COV_ALU, 1, {0}, true},
    {"alu_op_mod", "ALU op x input modifier", US_COV_ALU, 2, {0, 1}, true},
    {"alu_op_class", "ALU op x value class", US_COV_ALU, 2, {0, 2}, true},
    {"alu_op_pattern", "ALU op x running pattern", US_COV_ALU, 2, {0, 3}, true},
    {"alu_op_depth", "ALU op x loop depth", US_COV_ALU, 2, {0, 4}, true},
    {"alu_mod_class", "input modifier x value class", US_COV_ALU, 2, {1, 2}, true},
    {"fc", "FC op x decision x loop depth", US_COV_FC, 3, {0, 1, 2}, true},
    {"fc_op_decision", "FC op x decision", US_COV_FC, 2, {0, 1}, true},
    {"errors", "error states reached", US_COV_ERR, 1, {0}, true},
};

/* ---- Counting ---- */

void us_cov_init(us_cov_t *c)
{
    memset(c, 0, sizeof *c);
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        c->count[i] = calloc(us_cov_cross_size(&us_cov_crosses[i]), sizeof *c->count[i]);
        if (!c->count[i]) {
            fputs("out of memory\n", stderr);
            exit(2);
        }
    }
}

void us_cov_free(us_cov_t *c)
{
    for (unsigned i = 0; i < US_COV_NCROSSES; i++)
        free(c->count[i]);
    memset(c, 0, sizeof *c);
}

unsigned us_cov_class(uint32_t v)
{
    uint32_t e = v >> 23 & 0xFFu, m = v & 0x7FFFFFu;
    if (e == 0)
        return 0;
    if (e == 0xFF)
        return m ? 5 : 4;
    if (v == 0x3F800000u)
        return 1;
    return v >> 31 ? 3 : 2;
}

static int op_index(unsigned unit, unsigned code)
{
    for (unsigned i = 0; i < US_COV_NOPS; i++)
        if (us_cov_ops[i].unit == unit && us_cov_ops[i].code == code)
            return (int)i;
    return -1; /* a reserved code: illegal, never executed */
}

void us_cov_before(us_cov_pre_t *pre, const us_quad_t *q, const us_shader_t *sh)
{
    const us_decoded_t *d = &sh->dec[q->pc];
    pre->depth = q->loop_sp;
    pre->errors = q->errors;
    pre->alu = (d->type == US_TYPE_ALU || d->type == US_TYPE_OUT) && !sh->illegal[q->pc];
    if (pre->alu)
        us_alu_inputs(q, sh, d, pre->in);
}

/* The distinct bins one retired instruction hits: each counts once per instruction. 64 is room for every
 * (modifier, class) pair of both units (2 x 4 x 7). */
typedef struct hits {
    unsigned n, flat[64];
} hits_t;

static void hit(hits_t *h, unsigned flat)
{
    for (unsigned i = 0; i < h->n; i++)
        if (h->flat[i] == flat)
            return;
    if (h->n < sizeof h->flat / sizeof h->flat[0])
        h->flat[h->n++] = flat;
}

/* The whole space a cross projects from. */
static us_cov_cross_t whole_space(unsigned space)
{
    const us_cov_space_t *s = &us_cov_spaces[space];
    return (us_cov_cross_t){s->name, s->name, space, s->naxes, {0, 1, 2, 3, 4}, false};
}

/* Index in cross x of the bin above space bin idx. */
static unsigned project(const us_cov_cross_t *x, const unsigned *idx)
{
    unsigned g = 0;
    for (unsigned k = 0; k < x->naxes; k++)
        g = g * us_cov_spaces[x->space].axis[x->axis[k]]->n + idx[x->axis[k]];
    return g;
}

/* Counts one instruction's bins of a space in every cross of that space, once per cross bin. */
static void record(us_cov_t *c, unsigned space, const hits_t *h)
{
    us_cov_cross_t whole = whole_space(space);
    unsigned idx[sizeof h->flat / sizeof h->flat[0]][US_COV_MAX_AXES];
    for (unsigned j = 0; j < h->n; j++)
        us_cov_unflatten(&whole, h->flat[j], idx[j]);
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        if (us_cov_crosses[i].space != space)
            continue;
        hits_t g = {0};
        for (unsigned j = 0; j < h->n; j++)
            hit(&g, project(&us_cov_crosses[i], idx[j]));
        for (unsigned j = 0; j < g.n; j++)
            c->count[i][g.flat[j]]++;
    }
}

static unsigned alu_flat(unsigned op, unsigned mod, unsigned cls, unsigned pat, unsigned depth)
{
    return (((op * US_COV_NMODS + mod) * US_COV_NCLASSES + cls) * US_COV_NPATTERNS + pat) * US_COV_NDEPTHS + depth;
}

/* One operand: its modifier with the class of every channel it reads (chan: mask of r g b; 0 = the alpha value)
 * for every running pixel, or class "-" when none runs. */
static void sample_operand(hits_t *h, const us_cov_pre_t *pre, unsigned op, unsigned mod, bool alpha, unsigned k,
                           unsigned chan, unsigned pat, unsigned depth)
{
    if (pat == 0) {
        hit(h, alu_flat(op, mod, US_COV_CLASS_NA, 0, depth));
        return;
    }
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(pat >> p & 1u))
            continue;
        if (alpha)
            hit(h, alu_flat(op, mod, us_cov_class(pre->in[p].alpha[k]), pat, depth));
        for (unsigned c = 0; !alpha && c < 3; c++)
            if (chan >> c & 1u)
                hit(h, alu_flat(op, mod, us_cov_class(pre->in[p].rgb[k][c]), pat, depth));
    }
}

static void sample_alu(us_cov_t *c, const us_cov_pre_t *pre, const us_decoded_t *d, unsigned pat, unsigned depth)
{
    const us_alu_rgb_inst_t *ri = &d->u.alu.rgb_inst;
    const us_alu_alpha_inst_t *ai = &d->u.alu.alpha_inst;
    const us_alu_rgba_inst_t *ci = &d->u.alu.rgba_inst;
    const unsigned rmod[3] = {ri->rgb_mod_a, ri->rgb_mod_b, ci->rgb_mod_c};
    const unsigned amod[3] = {ai->alpha_mod_a, ai->alpha_mod_b, ci->alpha_mod_c};
    int rop = op_index(0, ci->rgb_op), aop = op_index(1, ai->alpha_op);
    hits_t h = {0};
    if (rop >= 0) {
        unsigned n = us_rgb_op_arity(ci->rgb_op);
        if (n == 0)
            hit(&h, alu_flat((unsigned)rop, US_COV_MOD_NA, US_COV_CLASS_NA, pat, depth));
        for (unsigned k = 0; k < n; k++) {
            /* D2A reads A.rg, B.rg and C.b */
            unsigned chan = ci->rgb_op != US_ALU_RGBA_INST_RGB_OP_D2A ? 7u : k < 2 ? 3u : 4u;
            sample_operand(&h, pre, (unsigned)rop, rmod[k], false, k, chan, pat, depth);
        }
        /* DP4's fourth products are the alpha unit's A and B, with the alpha modifiers */
        for (unsigned k = 0; ci->rgb_op == US_ALU_RGBA_INST_RGB_OP_DP4 && k < 2; k++)
            sample_operand(&h, pre, (unsigned)rop, amod[k], true, k, 0, pat, depth);
    }
    if (aop >= 0) {
        unsigned n = us_alpha_op_arity(ai->alpha_op);
        if (n == 0)
            hit(&h, alu_flat((unsigned)aop, US_COV_MOD_NA, US_COV_CLASS_NA, pat, depth));
        for (unsigned k = 0; k < n; k++)
            sample_operand(&h, pre, (unsigned)aop, amod[k], true, k, 0, pat, depth);
    }
    record(c, US_COV_ALU, &h);
}

void us_cov_after(us_cov_t *c, const us_cov_pre_t *pre, const us_shader_t *sh, const us_retire_t *r)
{
    const us_decoded_t *d = &sh->dec[r->pc];
    uint32_t fresh = r->errors & ~pre->errors;
    unsigned depth = pre->depth < US_COV_NDEPTHS - 1 ? pre->depth : US_COV_NDEPTHS - 1;
    c->retired++;
    hits_t errs = {0};
    for (unsigned i = 0; i < US_ERR_COUNT; i++)
        if (fresh >> i & 1u)
            hit(&errs, i);
    record(c, US_COV_ERR, &errs);
    if (r->done) {
        c->quads++;
        c->quads_clean += r->errors == 0;
    }
    if (fresh & (US_ERR_PC_RANGE | US_ERR_ILLEGAL_INST)) {
        c->faulted++; /* the word was not executed */
        return;
    }
    if (d->type == US_TYPE_FC) {
        c->fc++;
        hits_t h = {1, {(d->u.fc.inst.op * 2u + r->jumped) * US_COV_NDEPTHS + depth}};
        record(c, US_COV_FC, &h);
    } else if (d->type == US_TYPE_TEX) {
        c->tex++;
    } else if (pre->alu) {
        c->alu++;
        sample_alu(c, pre, d, r->running_before & 0xFu, depth);
    }
}

bool us_cov_step(us_cov_t *c, us_quad_t *q, const us_shader_t *sh)
{
    us_cov_pre_t pre;
    us_retire_t r;
    us_cov_before(&pre, q, sh);
    if (!us_quad_step(q, sh, &r))
        return false;
    us_cov_after(c, &pre, sh, &r);
    return true;
}

/* ---- Projection ---- */

unsigned us_cov_cross_size(const us_cov_cross_t *x)
{
    unsigned n = 1;
    for (unsigned k = 0; k < x->naxes; k++)
        n *= us_cov_spaces[x->space].axis[x->axis[k]]->n;
    return n;
}

void us_cov_unflatten(const us_cov_cross_t *x, unsigned flat, unsigned *idx)
{
    for (unsigned k = x->naxes; k-- > 0;) {
        unsigned n = us_cov_spaces[x->space].axis[x->axis[k]]->n;
        idx[k] = flat % n;
        flat /= n;
    }
}

const char *us_cov_label(const us_cov_cross_t *x, unsigned k, unsigned v)
{
    return us_cov_spaces[x->space].axis[x->axis[k]]->label[v];
}

const us_cov_rule_t *us_cov_excluded_by(unsigned space, const unsigned *idx)
{
    const us_cov_space_t *s = &us_cov_spaces[space];
    for (unsigned r = 0; r < s->nrules; r++)
        if (s->rules[r].excludes(idx))
            return &s->rules[r];
    return NULL;
}

void us_cov_valid(const us_cov_cross_t *x, bool *valid)
{
    const us_cov_space_t *s = &us_cov_spaces[x->space];
    us_cov_cross_t whole = whole_space(x->space);
    memset(valid, 0, us_cov_cross_size(x) * sizeof *valid);
    for (unsigned f = 0; f < s->size; f++) {
        unsigned idx[US_COV_MAX_AXES];
        us_cov_unflatten(&whole, f, idx);
        if (!us_cov_excluded_by(x->space, idx))
            valid[project(x, idx)] = true;
    }
}

unsigned us_cov_impossible(const us_cov_t *c, unsigned cross, unsigned *list)
{
    const us_cov_cross_t *x = &us_cov_crosses[cross];
    unsigned n = us_cov_cross_size(x), found = 0;
    bool *valid = malloc(n * sizeof *valid);
    if (!valid) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    us_cov_valid(x, valid);
    for (unsigned b = 0; b < n; b++)
        if (c->count[cross][b] && !valid[b]) {
            if (list)
                list[found] = b;
            found++;
        }
    free(valid);
    return found;
}
