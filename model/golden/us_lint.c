/* The silicon rules on a run: the same rules as the static check (isa/us_rules.c), decided on the state the quad
 * really has, so aL-relative addresses, the paths taken and the loop frames are exact. */
#include <string.h>

#include "golden/us_exec.h"
#include "golden/us_lint.h"
#include "isa/us_access.h"

void us_lint_init(us_lint_t *l)
{
    memset(l, 0, sizeof *l);
}

static void report(us_lint_t *l, unsigned rule, unsigned pc, uint64_t seq, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void report(us_lint_t *l, unsigned rule, unsigned pc, uint64_t seq, const char *fmt, ...)
{
    uint16_t bit = (uint16_t)(1u << rule);
    if (l->seen[pc] & bit) { /* a loop repeats a breach: count it, keep the text once */
        l->diags.total++;
        l->diags.count[rule]++;
        return;
    }
    l->seen[pc] |= bit;
    va_list ap;
    va_start(ap, fmt);
    us_diags_vadd(&l->diags, rule, pc, seq, fmt, ap);
    va_end(ap);
}

static unsigned resolve(unsigned addr, bool rel, unsigned al)
{
    return (addr + (rel ? al : 0u)) & (US_NTEMP - 1u);
}

static void check_reads(us_lint_t *l, const us_quad_t *q, const us_decoded_t *d, const us_access_t *a)
{
    unsigned al = us_current_al(q);
    for (unsigned s = 0; s < 6; s++) {
        uint8_t ch = us_src_channels(&a->src[s]);
        const char *name = us_is_alu_type(d) ? us_src_slot_names[s] : "the lookup";
        if (!ch)
            continue;
        if (us_is_alu_type(d) && us_src_unsettled_inline(&a->src[s]))
            report(l, US_RULE_INLINE_EXP0, q->pc, q->retired,
                   "%s reads inline constant code %u (exponent field 0), whose value the sources do not settle", name,
                   a->src[s].addr & 0x7Fu);
        if (!us_src_is_temp(a, s))
            continue;
        unsigned t = resolve(a->src[s].addr, a->src[s].rel, al);
        for (unsigned i = 0; l->prev_alu && i < 2; i++) {
            if (!(l->prev_mask[i] && l->prev_written[i] == t))
                continue;
            if (a->src[s].presub & l->prev_mask[i])
                report(l, US_RULE_PRESUB_NOP, q->pc, q->retired,
                       "%s t%u feeds the pre-subtract; the previous instruction wrote it without NOP", name, t);
            if (a->src[s].deriv & l->prev_mask[i])
                report(l, US_RULE_MDH_NOP, q->pc, q->retired,
                       "MDH/MDV read %s t%u; the previous instruction wrote it without NOP", name, t);
        }
        if ((l->pend[t] | l->acq[t]) & ch)
            report(l, US_RULE_TEX_SEM, q->pc, q->retired,
                   "%s reads t%u before the texture semaphore guarantees the lookup that writes it", name, t);
    }
}

static void check_fc(us_lint_t *l, const us_quad_t *q, const us_decoded_t *d)
{
    const us_fc_inst_t *fi = &d->u.fc.inst;
    if (us_fc_reads_alu_result(d) && !l->fresh)
        report(l, US_RULE_ALU_RESULT_FC, q->pc, q->retired,
               "JUMP_FUNC 0x%02x reads the ALU result, not written since the previous FC instruction", fi->jump_func);
    bool is_break = fi->op == US_FC_INST_OP_BREAKLOOP || fi->op == US_FC_INST_OP_BREAKREP;
    if (is_break && q->loop_sp && (fi->op == US_FC_INST_OP_BREAKREP) != q->loop[q->loop_sp - 1].rep)
        report(l, US_RULE_BREAK_KIND, q->pc, q->retired, "%s with a %s as the innermost loop",
               fi->op == US_FC_INST_OP_BREAKLOOP ? "BREAKLOOP" : "BREAKREP",
               q->loop[q->loop_sp - 1].rep ? "REP" : "LOOP");
}

/* Before the instruction runs: the WAIT (which comes first, p.33), then the checks against what it reads. */
static void before(us_lint_t *l, const us_quad_t *q, const us_decoded_t *d, const us_access_t *a)
{
    if (d->cmn.tex_sem_wait)
        memset(l->acq, 0, sizeof l->acq);
    check_reads(l, q, d, a);
    if (d->type == US_TYPE_TEX && d->u.tex.inst.tex_sem_acquire && !d->cmn.tex_sem_wait)
        report(l, US_RULE_ACQUIRE_WAIT, q->pc, q->retired, "TEX_SEM_ACQUIRE without TEX_SEM_WAIT");
    if (d->type == US_TYPE_FC)
        check_fc(l, q, d);
}

/* After it ran: what it leaves for the rules of later instructions. */
static void after(us_lint_t *l, const us_decoded_t *d, const us_access_t *a, unsigned al)
{
    if (d->type == US_TYPE_FC)
        l->fresh = false;
    else if (us_is_alu_type(d) && d->u.alu.rgb_inst.alu_wmask)
        l->fresh = true;
    if (a->tex_lookup)
        l->pend[resolve(a->dst[0].addr, a->dst[0].rel, al)] |= a->dst[0].mask;
    if (d->type == US_TYPE_TEX && d->u.tex.inst.tex_sem_acquire)
        for (unsigned t = 0; t < US_NTEMP; t++) { /* released after this and every earlier lookup (p.33) */
            l->acq[t] |= l->pend[t];
            l->pend[t] = 0;
        }
    l->prev_alu = us_is_alu_type(d) && !d->cmn.nop;
    for (unsigned i = 0; i < 2; i++) {
        l->prev_written[i] = (uint8_t)resolve(a->dst[i].addr, a->dst[i].rel, al);
        l->prev_mask[i] = us_is_alu_type(d) ? a->dst[i].mask : 0u;
    }
}

/* Calls and returns: a return may not leave a loop entered since its call (p.36). */
static void track_calls(us_lint_t *l, const us_decoded_t *d, unsigned pc, uint64_t seq, unsigned loop_sp,
                        unsigned addr_sp)
{
    unsigned aop = d->u.fc.inst.a_op;
    if (aop == US_FC_INST_A_OP_PUSH && addr_sp < US_MAX_STACK)
        l->call_loop_sp[addr_sp] = loop_sp;
    if (aop == US_FC_INST_A_OP_POP && addr_sp > 0 && loop_sp > l->call_loop_sp[addr_sp - 1u])
        report(l, US_RULE_RETURN_IN_LOOP, pc, seq, "a return with %u loop%s entered since its call still open",
               loop_sp - l->call_loop_sp[addr_sp - 1u], loop_sp - l->call_loop_sp[addr_sp - 1u] == 1 ? "" : "s");
}

bool us_quad_step_linted(us_quad_t *q, const us_shader_t *sh, us_retire_t *r, us_lint_t *l)
{
    if (q->done)
        return false;
    unsigned pc = q->pc, al = us_current_al(q), loop_sp = q->loop_sp, addr_sp = q->addr_sp;
    uint64_t seq = q->retired;
    const us_decoded_t *d = &sh->dec[pc];
    bool runs = !sh->illegal[pc];
    us_access_t a;
    us_inst_access(d, &a);
    if (runs)
        before(l, q, d, &a);
    unsigned next_before = pc;
    us_quad_step(q, sh, r);
    if (!runs || q->errors)
        return true; /* a fault is the model's own error state, not a rule */
    bool jumped = q->pc != ((next_before + 1u) & (US_MAX_INST - 1u));
    if (d->type == US_TYPE_FC && jumped)
        track_calls(l, d, pc, seq, loop_sp, addr_sp);
    if (q->done && !(d->type == US_TYPE_OUT && d->cmn.tex_sem_wait))
        report(l, d->type == US_TYPE_OUT ? US_RULE_LAST_WAIT : US_RULE_LAST_OUT, pc, seq,
               "the program ended here on %s", d->type == US_TYPE_OUT ? "an OUT without TEX_SEM_WAIT" :
               d->type == US_TYPE_ALU ? "an ALU instruction" : d->type == US_TYPE_FC ? "an FC instruction" :
               "a TEX instruction");
    after(l, d, &a, al);
    return true;
}
