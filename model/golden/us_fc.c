/* The flow-control unit: branch state (ACTIVE / INACTIVE(k) per pixel), the loop stack with member, broken and
 * continued masks, the address stack, and the jump decision. docs/spec.md section 4 is the statement. */
#include "golden/us_exec.h"

/* The FC predicate of one pixel: a replicate select (NONE reads 0), inverted by RGB_PRED_INV. */
static unsigned fc_predicate(const us_quad_t *q, const us_decoded_t *d, unsigned p)
{
    unsigned sel = d->cmn.rgb_pred_sel;
    unsigned bit = sel >= 2 ? (q->pred[p] >> (sel - 2u)) & 1u : 0u;
    return bit ^ d->cmn.rgb_pred_inv;
}

typedef struct vote {
    uint8_t running, want, voters;
    bool decision;
} vote_t;

static vote_t take_vote(const us_exec_t *x)
{
    const us_quad_t *q = x->q;
    const us_decoded_t *d = x->d;
    vote_t v = {us_quad_running(q), 0, 0, false};
    unsigned b = (x->sh->bool_const >> d->u.fc.addr.bool_addr) & 1u;
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(v.running >> p & 1u))
            continue;
        unsigned idx = ((q->alu_result >> p & 1u) << 2) | (fc_predicate(q, d, p) << 1) | b;
        v.want |= (uint8_t)(((d->u.fc.inst.jump_func >> idx) & 1u) << p);
    }
    v.voters = v.running & (d->u.fc.inst.ignore_uncovered ? q->covered : 0xFu);
    if (d->u.fc.inst.jump_any)
        v.decision = (v.want & v.voters) != 0;
    else
        v.decision = v.voters == 0 || (v.want & v.voters) == v.voters;
    return v;
}

/* B_ELSE: running ACTIVE pixels -> INACTIVE(0); unmasked INACTIVE(0) pixels -> ACTIVE (from the old state). */
static void branch_else(us_quad_t *q)
{
    uint8_t running = us_quad_running(q), unmasked = (uint8_t)(~us_quad_masked(q) & 0xFu), wake = 0;
    for (unsigned p = 0; p < US_NPIX; p++)
        if ((unmasked & q->inactive) >> p & 1u && q->counter[p] == 0)
            wake |= (uint8_t)(1u << p);
    for (unsigned p = 0; p < US_NPIX; p++)
        if (running >> p & 1u)
            q->counter[p] = 0;
    q->inactive = (uint8_t)((q->inactive | running) & ~wake);
}

static void branch_op(us_exec_t *x, unsigned op, const vote_t *v, bool jumped)
{
    us_quad_t *q = x->q;
    uint8_t unmasked_inactive = q->inactive & (uint8_t)~us_quad_masked(q);
    if (op == US_FC_INST_B_OP0_INCR) {
        uint32_t max = x->sh->params.counter_bits >= 32 ? 0xFFFFFFFFu : (1u << x->sh->params.counter_bits) - 1u;
        for (unsigned p = 0; p < US_NPIX; p++)
            if (unmasked_inactive >> p & 1u) {
                if (q->counter[p] >= max)
                    q->errors |= US_ERR_COUNTER_OVERFLOW;
                else
                    q->counter[p]++;
            }
        /* pixels that voted and still run (not just broken or continued) and whose wish disagrees with what the
         * quad does stop here */
        uint8_t disagree = v->running & us_quad_running(q) & (uint8_t)(jumped ? ~v->want : v->want);
        for (unsigned p = 0; p < US_NPIX; p++)
            if (disagree >> p & 1u)
                q->counter[p] = 0;
        q->inactive |= disagree;
    } else if (op == US_FC_INST_B_OP0_DECR) {
        unsigned n = x->d->u.fc.inst.b_pop_cnt;
        for (unsigned p = 0; p < US_NPIX; p++)
            if (unmasked_inactive >> p & 1u) {
                if (q->counter[p] < n) {
                    q->counter[p] = 0;
                    q->inactive &= (uint8_t)~(1u << p);
                } else {
                    q->counter[p] -= n;
                }
            }
    }
}

/* Popping a frame makes its members ACTIVE again: all were running when the loop began. */
static void pop_frame(us_quad_t *q)
{
    const us_frame_t *f = &q->loop[--q->loop_sp];
    for (unsigned p = 0; p < US_NPIX; p++)
        if (f->member >> p & 1u)
            q->counter[p] = 0;
    q->inactive &= (uint8_t)~f->member;
}

static bool push_frame(us_exec_t *x, us_frame_t f)
{
    us_quad_t *q = x->q;
    if (q->loop_sp >= x->sh->params.loop_depth || q->loop_sp >= US_MAX_STACK) {
        q->errors |= US_ERR_LOOP_OVERFLOW;
        return false;
    }
    q->loop[q->loop_sp++] = f;
    return true;
}

/* Members that count for BREAK/CONTINUE: covered ones only under IGNORE_UNCOVERED. */
static uint8_t counting_members(const us_quad_t *q, const us_frame_t *f, bool ignore_uncovered)
{
    return f->member & (ignore_uncovered ? q->covered : 0xFu);
}

void us_exec_fc(us_exec_t *x)
{
    us_quad_t *q = x->q;
    const us_fc_inst_t *fi = &x->d->u.fc.inst;
    const us_fc_addr_t *fa = &x->d->u.fc.addr;
    if (fi->b_else)
        branch_else(q);
    vote_t v = take_vote(x);
    unsigned offset = (x->sh->code_offset & US_CODE_OFFSET_OFFSET_ADDR_MASK) >> US_CODE_OFFSET_OFFSET_ADDR_LO;
    unsigned target = (fa->jump_addr + (fa->jump_global ? 0u : offset)) & (US_MAX_INST - 1u);
    uint32_t kint = x->sh->int_const[fa->int_addr];
    bool jump = false;
    us_frame_t *top = q->loop_sp ? &q->loop[q->loop_sp - 1] : NULL;

    switch (fi->op) {
    case US_FC_INST_OP_JUMP: jump = v.decision; break;
    case US_FC_INST_OP_LOOP:
    case US_FC_INST_OP_REP: {
        bool rep = fi->op == US_FC_INST_OP_REP;
        us_frame_t f = {0};
        f.count = (kint & US_FC_INT_CONST_KR_MASK) >> US_FC_INT_CONST_KR_LO;
        f.al = rep ? (uint8_t)us_current_al(q) : (uint8_t)((kint & US_FC_INT_CONST_KG_MASK) >> US_FC_INT_CONST_KG_LO);
        f.step = rep ? 0 : (uint8_t)((kint & US_FC_INT_CONST_KB_MASK) >> US_FC_INT_CONST_KB_LO);
        f.rep = rep;
        jump = f.count == 0 || v.decision;
        if (jump)
            f.count = 0; /* the loop is skipped: its ENDLOOP finds the count exhausted */
        else
            f.member = v.running;
        if (!push_frame(x, f))
            return;
        break;
    }
    case US_FC_INST_OP_ENDLOOP:
    case US_FC_INST_OP_ENDREP:
        if (!top) {
            q->errors |= US_ERR_LOOP_UNDERFLOW;
            return;
        }
        top->continued = 0;
        if (top->count)
            top->count--;
        if (!top->rep)
            top->al = (uint8_t)(top->al + top->step);
        v = take_vote(x); /* continued pixels run again and vote */
        jump = top->count > 0 && v.decision;
        if (!jump)
            pop_frame(q);
        break;
    case US_FC_INST_OP_BREAKLOOP:
    case US_FC_INST_OP_BREAKREP:
    case US_FC_INST_OP_CONTINUE: {
        if (!top) {
            q->errors |= US_ERR_LOOP_UNDERFLOW;
            return;
        }
        bool brk = fi->op != US_FC_INST_OP_CONTINUE;
        uint8_t leaving = v.running & v.want;
        if (brk)
            top->broken |= leaving;
        else
            top->continued |= leaving;
        uint8_t gone = top->broken | q->killed | (brk ? 0u : top->continued);
        uint8_t members = counting_members(q, top, fi->ignore_uncovered);
        jump = fi->jump_any ? (v.want & v.voters) != 0 : (members & (uint8_t)~gone) == 0;
        if (jump && brk)
            pop_frame(q);
        break;
    }
    default: break;
    }

    if (jump && fi->a_op == US_FC_INST_A_OP_PUSH) {
        if (q->addr_sp >= x->sh->params.addr_depth || q->addr_sp >= US_MAX_STACK) {
            q->errors |= US_ERR_ADDR_OVERFLOW;
            return;
        }
        q->addr_stack[q->addr_sp++] = (uint16_t)((x->pc + 1u) & (US_MAX_INST - 1u));
    } else if (jump && fi->a_op == US_FC_INST_A_OP_POP) {
        if (q->addr_sp == 0) {
            q->errors |= US_ERR_ADDR_UNDERFLOW;
            return;
        }
        target = q->addr_stack[--q->addr_sp];
    }
    branch_op(x, jump ? fi->b_op1 : fi->b_op0, &v, jump);
    x->jumped = jump;
    if (jump)
        x->next_pc = target;
}
