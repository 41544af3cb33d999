/* us_rules_fix: the bits a program needs for the silicon rules, set as the CTM guide says an assembler could
 * (p.26: "the assembler could insert these NOPs"), each change logged. Only timing bits and the break kind
 * change, plus one appended OUT instruction when the program ends on another type, so the sequential result is
 * the same (the model treats BREAKLOOP and BREAKREP alike, docs/spec.md section 4). */
#include <string.h>

#include "isa/us_access.h"
#include "isa/us_rules.h"

#define TEX_ACQUIRE_WORD 1u /* US_TEX_INST is dword 1 of a TEX instruction */
#define FC_INST_WORD 2u     /* US_FC_INST is dword 2 of an FC instruction */
#define SWIZ_ZERO 4u        /* the swizzle constant 0: the appended OUT reads nothing */
#define UNUSED_SOURCE 0x80u

static bool set_bit(us_program_t *p, unsigned pc, unsigned word, uint32_t mask, const char *what, const char *why,
                    us_strbuf_t *log)
{
    if (p->inst[pc].w[word] & mask)
        return false;
    p->inst[pc].w[word] |= mask;
    us_sb_printf(log, "pc %u: set %s (%s)\n", pc, what, why);
    return true;
}

static bool set_wait(us_program_t *p, unsigned pc, const char *why, us_strbuf_t *log)
{
    return set_bit(p, pc, 0, US_CMN_INST_TEX_SEM_WAIT_MASK, "TEX_SEM_WAIT", why, log);
}

static bool is_lookup(const us_inst_t *in)
{
    us_decoded_t d;
    us_decode(in, &d);
    us_access_t a;
    us_inst_access(&d, &a);
    return a.tex_lookup;
}

/* ACQUIRE (and the WAIT it needs) on the last lookup before pc: it releases after every earlier lookup too. */
static bool acquire_before(us_program_t *p, unsigned pc, us_strbuf_t *log)
{
    for (unsigned i = pc; i-- > 0;)
        if (us_inst_type(&p->inst[i]) == US_TYPE_TEX && is_lookup(&p->inst[i])) {
            bool c = set_bit(p, i, TEX_ACQUIRE_WORD, US_TEX_INST_TEX_SEM_ACQUIRE_MASK, "TEX_SEM_ACQUIRE",
                             "tex-sem, CTM p.33: covers the lookups a later instruction reads", log);
            return set_wait(p, i, "acquire-wait, CTM p.33", log) || c;
        }
    return false;
}

/* Every lookup acquires: whatever the paths, a WAIT then finds every earlier lookup complete. */
static bool acquire_all(us_program_t *p, us_strbuf_t *log)
{
    bool changed = false;
    for (unsigned i = 0; i < p->count; i++)
        if (us_inst_type(&p->inst[i]) == US_TYPE_TEX && is_lookup(&p->inst[i])) {
            changed |= set_bit(p, i, TEX_ACQUIRE_WORD, US_TEX_INST_TEX_SEM_ACQUIRE_MASK, "TEX_SEM_ACQUIRE",
                               "tex-sem, CTM p.33: a lookup read on some path", log);
            changed |= set_wait(p, i, "acquire-wait, CTM p.33", log);
        }
    return changed;
}

static bool append_out(us_program_t *p, us_strbuf_t *log)
{
    if (p->count >= US_MAX_INST) {
        us_sb_printf(log, "pc %u: cannot append the final OUT instruction: the program fills all %u slots\n",
                     p->count - 1u, US_MAX_INST);
        return false;
    }
    us_decoded_t d;
    memset(&d, 0, sizeof d);
    d.type = d.cmn.type = US_TYPE_OUT;
    d.cmn.tex_sem_wait = 1;
    us_alu_rgb_inst_t *ri = &d.u.alu.rgb_inst;
    us_alu_alpha_inst_t *ai = &d.u.alu.alpha_inst;
    us_alu_rgba_inst_t *ci = &d.u.alu.rgba_inst;
    ri->red_swiz_a = ri->green_swiz_a = ri->blue_swiz_a = SWIZ_ZERO;
    ri->red_swiz_b = ri->green_swiz_b = ri->blue_swiz_b = SWIZ_ZERO;
    ci->red_swiz_c = ci->green_swiz_c = ci->blue_swiz_c = SWIZ_ZERO;
    ai->alpha_swiz_a = ai->alpha_swiz_b = ci->alpha_swiz_c = SWIZ_ZERO;
    us_alu_rgb_addr_t *ra = &d.u.alu.rgb_addr; /* unnamed sources as the assembler writes them (docs/spec.md 2.1) */
    us_alu_alpha_addr_t *aa = &d.u.alu.alpha_addr;
    ra->addr0 = ra->addr1 = ra->addr2 = aa->addr0 = aa->addr1 = aa->addr2 = UNUSED_SOURCE;
    us_encode(&d, &p->inst[p->count]);
    us_sb_printf(log, "pc %u: appended an OUT instruction with TEX_SEM_WAIT and no writes (last-out, CTM p.23: "
                      "the program ended on pc %u, not an OUT)\n", p->count, p->count - 1u);
    p->count++;
    return true;
}

static bool fix_one(us_program_t *p, const us_diag_t *d, us_strbuf_t *log)
{
    unsigned pc = d->pc;
    switch (d->rule) {
    case US_RULE_PRESUB_NOP:
    case US_RULE_MDH_NOP:
        return set_bit(p, pc - 1u, 0, US_CMN_INST_NOP_MASK, "NOP",
                       d->rule == US_RULE_PRESUB_NOP ? "presub-nop, CTM p.26: the next instruction pre-subtracts "
                                                       "its result"
                                                     : "mdh-nop, CTM p.26: the next MDH/MDV reads its result",
                       log);
    case US_RULE_TEX_SEM: {
        bool c = set_wait(p, pc, "tex-sem, CTM p.33: reads a TEX result", log);
        return acquire_before(p, pc, log) || c;
    }
    case US_RULE_ACQUIRE_WAIT:
    case US_RULE_LAST_WAIT: return set_wait(p, pc, d->rule == US_RULE_LAST_WAIT ? "last-wait, CTM p.23" :
                                                   "acquire-wait, CTM p.33", log);
    case US_RULE_LAST_OUT: return pc == p->count - 1u && append_out(p, log);
    case US_RULE_BREAK_KIND: {
        uint32_t *w = &p->inst[pc].w[FC_INST_WORD];
        unsigned op = (*w & US_FC_INST_OP_MASK) == US_FC_INST_OP_BREAKLOOP ? US_FC_INST_OP_BREAKREP
                                                                            : US_FC_INST_OP_BREAKLOOP;
        *w = (*w & ~US_FC_INST_OP_MASK) | op;
        us_sb_printf(log, "pc %u: made the break %s (break-kind, CTM p.37: the innermost loop's kind)\n", pc,
                     op == US_FC_INST_OP_BREAKLOOP ? "BREAKLOOP" : "BREAKREP");
        return true;
    }
    default: return false; /* nothing a bit can fix */
    }
}

unsigned us_rules_fix(us_program_t *p, us_strbuf_t *log)
{
    us_diags_t ds;
    unsigned changes = 0;
    size_t start = log->len;
    for (unsigned round = 0; round < 2u * US_MAX_INST; round++) {
        us_diags_clear(&ds);
        us_code_t code = us_code_of_program(p);
        us_rules_check(&code, &ds);
        bool changed = false;
        for (unsigned i = 0; i < ds.nkept; i++)
            changed |= fix_one(p, &ds.kept[i], log);
        if (!changed && ds.count[US_RULE_TEX_SEM])
            changed = acquire_all(p, log);
        if (!changed)
            break;
    }
    for (size_t i = start; i < log->len; i++) /* one line per change */
        changes += log->data[i] == '\n';
    return changes;
}
