/* The silicon-rule table, the diagnostic list and the static check: a forward data-flow over every path of the
 * program for the texture semaphore and the ALU result's lifetime, and local checks for the rest. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_access.h"
#include "isa/us_rules.h"

const us_rule_t us_rules[US_RULE_COUNT] = {
    [US_RULE_PRESUB_NOP] = {"presub-nop", "p.26", "19-20, 22",
                            "a pre-subtract source written by the previous ALU/OUT instruction needs NOP on it"},
    [US_RULE_MDH_NOP] = {"mdh-nop", "p.26", "23",
                         "MDH/MDV src0 written by the previous ALU/OUT instruction needs NOP on it"},
    [US_RULE_TEX_SEM] = {"tex-sem", "p.33", "78-79, 83-84",
                         "a TEX result is read only after an ACQUIRE covering its lookup and a WAIT"},
    [US_RULE_ACQUIRE_WAIT] = {"acquire-wait", "p.33", "80",
                              "TEX_SEM_ACQUIRE needs TEX_SEM_WAIT on the same instruction"},
    [US_RULE_LAST_OUT] = {"last-out", "p.23", "6", "the last instruction executed is an OUT instruction"},
    [US_RULE_LAST_WAIT] = {"last-wait", "p.23", "7", "the last instruction executed sets TEX_SEM_WAIT"},
    [US_RULE_ALU_RESULT_FC] = {"alu-result-fc", "p.32", "63-64, 70",
                               "an FC instruction reads only an ALU result written since the previous FC instruction"},
    [US_RULE_RETURN_IN_LOOP] = {"return-in-loop", "p.36", "97, 99", "no return (A_OP POP) inside a loop"},
    [US_RULE_BREAK_KIND] = {"break-kind", "p.37", "108", "BREAKLOOP in a LOOP, BREAKREP in a REP"},
    [US_RULE_INLINE_EXP0] = {"inline-exp0", "p.25-26", "15-16",
                             "an inline constant with exponent field 0 has no settled value (docs/spec.md 2.1)"},
};

void us_diags_clear(us_diags_t *ds)
{
    memset(ds, 0, sizeof *ds);
}

void us_diags_add(us_diags_t *ds, unsigned rule, unsigned pc, uint64_t seq, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    us_diags_vadd(ds, rule, pc, seq, fmt, ap);
    va_end(ap);
}

void us_diags_vadd(us_diags_t *ds, unsigned rule, unsigned pc, uint64_t seq, const char *fmt, va_list ap)
{
    ds->total++;
    ds->count[rule]++;
    if (ds->nkept == US_DIAGS_KEEP)
        return;
    us_diag_t *d = &ds->kept[ds->nkept++];
    d->rule = rule;
    d->pc = pc;
    d->seq = seq;
    vsnprintf(d->detail, sizeof d->detail, fmt, ap);
}

void us_diag_format(us_strbuf_t *sb, const us_diag_t *d)
{
    const us_rule_t *r = &us_rules[d->rule];
    us_sb_printf(sb, "pc %u", d->pc);
    if (d->seq != US_DIAG_STATIC)
        us_sb_printf(sb, " #%llu", (unsigned long long)d->seq);
    us_sb_printf(sb, ": %s (CTM %s): %s", r->id, r->page, d->detail);
}

void us_diags_summary(us_strbuf_t *sb, const us_diags_t *ds)
{
    if (!ds->total) {
        us_sb_puts(sb, "no silicon-rule breaches");
        return;
    }
    us_sb_printf(sb, "%llu silicon-rule breach%s:", (unsigned long long)ds->total, ds->total == 1 ? "" : "es");
    const char *sep = " ";
    for (unsigned i = 0; i < US_RULE_COUNT; i++)
        if (ds->count[i]) {
            us_sb_printf(sb, "%s%s %llu", sep, us_rules[i].id, (unsigned long long)ds->count[i]);
            sep = ", ";
        }
}

us_code_t us_code_of_program(const us_program_t *p)
{
    return (us_code_t){p->inst, 0, p->count ? p->count - 1u : 0, 0};
}

/* ---- walking the code ---------------------------------------------------------------------------------- */

#define SLOT_MASK (US_MAX_INST - 1u)

typedef struct walk {
    const us_code_t *code;
    us_decoded_t dec[US_MAX_INST];
    unsigned span; /* slots in the window - 1 */
} walk_t;

static unsigned pos(const walk_t *w, unsigned pc)
{
    return (pc - w->code->start) & SLOT_MASK;
}

static bool in_window(const walk_t *w, unsigned pc)
{
    return pos(w, pc) <= w->span;
}

static unsigned jump_target(const walk_t *w, unsigned pc)
{
    const us_fc_addr_t *a = &w->dec[pc].u.fc.addr;
    return (a->jump_addr + (a->jump_global ? 0u : w->code->offset)) & SLOT_MASK;
}

/* The innermost LOOP/REP whose body (between it and its own ENDLOOP/ENDREP) holds pc, or -1. */
static int enclosing_loop(const walk_t *w, unsigned pc)
{
    int best = -1;
    for (unsigned k = 0; k < pos(w, pc); k++) {
        unsigned l = (w->code->start + k) & SLOT_MASK;
        const us_decoded_t *d = &w->dec[l];
        if (d->type != US_TYPE_FC || (d->u.fc.inst.op != US_FC_INST_OP_LOOP && d->u.fc.inst.op != US_FC_INST_OP_REP))
            continue;
        unsigned t = jump_target(w, l);
        if (in_window(w, t) && pos(w, t) > pos(w, pc))
            best = (int)l;
    }
    return best;
}

/* ---- the data-flow state: unsynchronised lookups and the ALU result's freshness ------------------------- */

/* Temporaries keyed by address and REL flag (aL is unknown here). */
#define NKEY 256u
typedef struct flow {
    uint8_t pend[NKEY]; /* lookups not yet covered by an ACQUIRE */
    uint8_t acq[NKEY];  /* covered by an ACQUIRE, not yet waited for */
    bool fresh;         /* an ALU result was written since the last FC instruction */
    bool reached;
} flow_t;

static unsigned key(unsigned addr, bool rel)
{
    return (addr & 0x7Fu) | (rel ? 0x80u : 0u);
}

static void transfer(const us_decoded_t *d, const us_access_t *a, flow_t *f)
{
    if (d->cmn.tex_sem_wait) /* the wait comes first, even with ACQUIRE on the same instruction (p.33) */
        memset(f->acq, 0, sizeof f->acq);
    if (d->type == US_TYPE_FC)
        f->fresh = false;
    else if (us_is_alu_type(d) && d->u.alu.rgb_inst.alu_wmask)
        f->fresh = true;
    if (a->tex_lookup)
        f->pend[key(a->dst[0].addr, a->dst[0].rel)] |= a->dst[0].mask;
    if (d->type == US_TYPE_TEX && d->u.tex.inst.tex_sem_acquire)
        for (unsigned k = 0; k < NKEY; k++) { /* releases after this and every earlier lookup (p.33) */
            f->acq[k] |= f->pend[k];
            f->pend[k] = 0;
        }
}

/* Merges src into dst (may-analysis for lookups, must for freshness); true if dst changed. */
static bool merge(flow_t *dst, const flow_t *src)
{
    bool changed = !dst->reached;
    if (!dst->reached) {
        *dst = *src;
        return true;
    }
    for (unsigned k = 0; k < NKEY; k++) {
        uint8_t p = dst->pend[k] | src->pend[k], q = dst->acq[k] | src->acq[k];
        changed |= p != dst->pend[k] || q != dst->acq[k];
        dst->pend[k] = p, dst->acq[k] = q;
    }
    if (dst->fresh && !src->fresh)
        dst->fresh = false, changed = true;
    return changed;
}

static unsigned successors(const walk_t *w, unsigned pc, unsigned out[US_MAX_INST + 1])
{
    unsigned n = 0;
    const us_decoded_t *d = &w->dec[pc];
    if (pc != w->code->end)
        out[n++] = (pc + 1u) & SLOT_MASK;
    if (d->type != US_TYPE_FC)
        return n;
    if (d->u.fc.inst.a_op == US_FC_INST_A_OP_POP) { /* returns to after any call */
        for (unsigned k = 0; k <= w->span; k++) {
            unsigned c = (w->code->start + k) & SLOT_MASK;
            if (w->dec[c].type == US_TYPE_FC && w->dec[c].u.fc.inst.a_op == US_FC_INST_A_OP_PUSH)
                out[n++] = (c + 1u) & SLOT_MASK;
        }
    } else
        out[n++] = jump_target(w, pc);
    return n;
}

/* ---- the checks at one instruction ---------------------------------------------------------------------- */

/* Channels of temporary (addr, rel) that instruction `by` writes. */
static uint8_t written(const us_access_t *by, unsigned addr, bool rel)
{
    uint8_t m = 0;
    for (unsigned i = 0; i < 2; i++)
        if (by->dst[i].mask && by->dst[i].addr == (addr & 0x7Fu) && by->dst[i].rel == rel)
            m |= by->dst[i].mask;
    return m;
}

static void check_nop(const walk_t *w, unsigned pc, const us_access_t *a, us_diags_t *out)
{
    unsigned prev = (pc - 1u) & SLOT_MASK;
    if (pc == w->code->start || !in_window(w, prev) || prev == w->code->end || !us_is_alu_type(&w->dec[prev]) ||
        w->dec[prev].cmn.nop)
        return;
    us_access_t pa;
    us_inst_access(&w->dec[prev], &pa);
    for (unsigned s = 0; s < 6; s++) {
        if (!us_src_is_temp(a, s))
            continue;
        uint8_t wr = written(&pa, a->src[s].addr, a->src[s].rel);
        if (a->src[s].presub & wr)
            us_diags_add(out, US_RULE_PRESUB_NOP, pc, US_DIAG_STATIC,
                         "%s t%u%s feeds the pre-subtract and pc %u writes it; set NOP on pc %u", us_src_slot_names[s],
                         a->src[s].addr & 0x7Fu, a->src[s].rel ? "[aL]" : "", prev, prev);
        if (a->src[s].deriv & wr)
            us_diags_add(out, US_RULE_MDH_NOP, pc, US_DIAG_STATIC,
                         "MDH/MDV read %s t%u%s of a neighbouring pixel and pc %u writes it; set NOP on pc %u",
                         us_src_slot_names[s], a->src[s].addr & 0x7Fu, a->src[s].rel ? "[aL]" : "", prev, prev);
    }
}

static void check_reads(const us_decoded_t *d, unsigned pc, const us_access_t *a, const flow_t *f, us_diags_t *out)
{
    for (unsigned s = 0; s < 6; s++) {
        uint8_t ch = us_src_channels(&a->src[s]);
        if (!ch)
            continue;
        if (us_is_alu_type(d) && us_src_unsettled_inline(&a->src[s]))
            us_diags_add(out, US_RULE_INLINE_EXP0, pc, US_DIAG_STATIC,
                         "%s reads inline constant code %u (exponent field 0): 2^-7 x (1 + m/8) here, m x 2^-9 "
                         "under the AMD register text",
                         us_src_slot_names[s], a->src[s].addr & 0x7Fu);
        if (!us_src_is_temp(a, s))
            continue;
        unsigned k = key(a->src[s].addr, a->src[s].rel);
        uint8_t unsafe = (uint8_t)((f->pend[k] | (d->cmn.tex_sem_wait ? 0u : f->acq[k])) & ch);
        if (unsafe)
            us_diags_add(out, US_RULE_TEX_SEM, pc, US_DIAG_STATIC,
                         "%s reads t%u%s, written by a TEX lookup %s", d->type == US_TYPE_TEX ? "the lookup" :
                         us_src_slot_names[s], a->src[s].addr & 0x7Fu, a->src[s].rel ? "[aL]" : "",
                         f->pend[k] & ch ? "no ACQUIRE covers yet" : "whose ACQUIRE no WAIT has waited for");
    }
}

static void check_last(const us_decoded_t *d, unsigned pc, const char *why, us_diags_t *out)
{
    if (d->type != US_TYPE_OUT)
        us_diags_add(out, US_RULE_LAST_OUT, pc, US_DIAG_STATIC, "%s is a%s instruction, not OUT", why,
                     d->type == US_TYPE_ALU ? "n ALU" : d->type == US_TYPE_FC ? "n FC" : " TEX");
    else if (!d->cmn.tex_sem_wait)
        us_diags_add(out, US_RULE_LAST_WAIT, pc, US_DIAG_STATIC, "%s does not set TEX_SEM_WAIT", why);
}

static void check_fc(const walk_t *w, unsigned pc, const flow_t *f, us_diags_t *out)
{
    const us_fc_inst_t *fi = &w->dec[pc].u.fc.inst;
    if (us_fc_reads_alu_result(&w->dec[pc]) && !f->fresh)
        us_diags_add(out, US_RULE_ALU_RESULT_FC, pc, US_DIAG_STATIC,
                     "JUMP_FUNC 0x%02x reads the ALU result, and a path reaches here with none written since the "
                     "previous FC instruction (or the start)", fi->jump_func);
    bool is_break = fi->op == US_FC_INST_OP_BREAKLOOP || fi->op == US_FC_INST_OP_BREAKREP;
    if (fi->a_op != US_FC_INST_A_OP_POP && !is_break)
        return;
    int l = enclosing_loop(w, pc);
    if (l < 0)
        return;
    unsigned kind = w->dec[l].u.fc.inst.op;
    if (fi->a_op == US_FC_INST_A_OP_POP)
        us_diags_add(out, US_RULE_RETURN_IN_LOOP, pc, US_DIAG_STATIC, "a return (A_OP POP) inside the %s at pc %d",
                     kind == US_FC_INST_OP_LOOP ? "LOOP" : "REP", l);
    if (is_break && (fi->op == US_FC_INST_OP_BREAKLOOP) != (kind == US_FC_INST_OP_LOOP))
        us_diags_add(out, US_RULE_BREAK_KIND, pc, US_DIAG_STATIC, "%s inside the %s at pc %d",
                     fi->op == US_FC_INST_OP_BREAKLOOP ? "BREAKLOOP" : "BREAKREP",
                     kind == US_FC_INST_OP_LOOP ? "LOOP" : "REP", l);
}

static void check_at(const walk_t *w, unsigned pc, const flow_t *f, us_diags_t *out)
{
    const us_decoded_t *d = &w->dec[pc];
    us_access_t a;
    us_inst_access(d, &a);
    if (us_is_alu_type(d))
        check_nop(w, pc, &a, out);
    check_reads(d, pc, &a, f, out);
    if (d->type == US_TYPE_TEX && d->u.tex.inst.tex_sem_acquire && !d->cmn.tex_sem_wait)
        us_diags_add(out, US_RULE_ACQUIRE_WAIT, pc, US_DIAG_STATIC, "TEX_SEM_ACQUIRE is set and TEX_SEM_WAIT is not");
    if (d->type == US_TYPE_FC)
        check_fc(w, pc, f, out);
    if (pc == w->code->end)
        check_last(d, pc, "END_ADDR's instruction", out);
    else if (d->cmn.last)
        check_last(d, pc, "an instruction with LAST", out);
}

uint64_t us_rules_check(const us_code_t *code, us_diags_t *out)
{
    walk_t *w = calloc(1, sizeof *w);
    flow_t *in = calloc(US_MAX_INST, sizeof *in);
    unsigned *succ = calloc(US_MAX_INST + 1u, sizeof *succ);
    if (!w || !in || !succ) {
        free(w), free(in), free(succ);
        return 0;
    }
    uint64_t before = out->total;
    w->code = code;
    w->span = (code->end - code->start) & SLOT_MASK;
    for (unsigned i = 0; i < US_MAX_INST; i++)
        us_decode(&code->inst[i], &w->dec[i]);
    in[code->start & SLOT_MASK].reached = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (unsigned k = 0; k <= w->span; k++) {
            unsigned pc = (code->start + k) & SLOT_MASK;
            if (!in[pc].reached)
                continue;
            us_access_t a;
            us_inst_access(&w->dec[pc], &a);
            flow_t f = in[pc];
            transfer(&w->dec[pc], &a, &f);
            unsigned n = successors(w, pc, succ);
            for (unsigned i = 0; i < n; i++)
                if (in_window(w, succ[i]))
                    changed |= merge(&in[succ[i]], &f);
        }
    }
    for (unsigned k = 0; k <= w->span; k++) {
        unsigned pc = (code->start + k) & SLOT_MASK;
        if (in[pc].reached)
            check_at(w, pc, &in[pc], out);
    }
    free(w), free(in), free(succ);
    return out->total - before;
}
