/* A quad of four pixels stepping through the program: fetch, dispatch to the FC/ALU/TEX units, termination
 * (END_ADDR, LAST, errors, watchdog) and the retire record. The per-pixel state the units share lives one level
 * down, in us_quad_state.c, so the units never call back into the step loop. */
#include <string.h>

#include "golden/us_bound.h"
#include "golden/us_exec.h"

void us_quad_init(us_quad_t *q, const us_shader_t *sh, uint8_t covered, unsigned ctx)
{
    memset(q, 0, sizeof *q);
    q->covered = covered & 0xFu;
    q->ctx = ctx;
    unsigned start = (sh->code_addr & US_CODE_ADDR_START_ADDR_MASK) >> US_CODE_ADDR_START_ADDR_LO;
    unsigned offset = (sh->code_offset & US_CODE_OFFSET_OFFSET_ADDR_MASK) >> US_CODE_OFFSET_OFFSET_ADDR_LO;
    q->pc = (start + offset) & (US_MAX_INST - 1u);
}

static bool in_code_window(const us_shader_t *sh, unsigned pc)
{
    unsigned base = (sh->code_range & US_CODE_RANGE_CODE_ADDR_MASK) >> US_CODE_RANGE_CODE_ADDR_LO;
    unsigned size = (sh->code_range & US_CODE_RANGE_CODE_SIZE_MASK) >> US_CODE_RANGE_CODE_SIZE_LO;
    return ((pc - base) & (US_MAX_INST - 1u)) <= size;
}

static void finish_record(const us_quad_t *q, us_retire_t *r, unsigned next_pc, bool jumped)
{
    r->next_pc = next_pc;
    r->jumped = jumped;
    r->running_after = us_quad_running(q);
    r->killed_after = q->killed;
    r->inactive_after = q->inactive;
    memcpy(r->counter_after, q->counter, sizeof r->counter_after);
    r->loop_sp = q->loop_sp;
    r->addr_sp = q->addr_sp;
    if (q->loop_sp)
        r->loop_top = q->loop[q->loop_sp - 1];
    r->addr_top = q->addr_sp ? q->addr_stack[q->addr_sp - 1] : 0;
    r->errors = q->errors;
    r->done = q->done;
}

bool us_quad_step(us_quad_t *q, const us_shader_t *sh, us_retire_t *r)
{
    return us_quad_step_bounded(q, sh, r, NULL);
}

bool us_quad_step_bounded(us_quad_t *q, const us_shader_t *sh, us_retire_t *r, us_bounds_t *b)
{
    if (q->done)
        return false;
    unsigned pc = q->pc;
    us_exec_t x = {q, sh, &sh->dec[pc], r, pc, (pc + 1u) & (US_MAX_INST - 1u), false, b};
    if (r) {
        memset(r, 0, sizeof *r);
        r->ctx = q->ctx;
        r->pc = pc;
        r->seq = q->retired;
        r->inst = sh->imem[pc];
        r->running_before = us_quad_running(q);
    }
    if (!in_code_window(sh, pc))
        q->errors |= US_ERR_PC_RANGE;
    else if (sh->illegal[pc])
        q->errors |= US_ERR_ILLEGAL_INST;
    else if (x.d->type == US_TYPE_FC)
        us_exec_fc(&x);
    else if (x.d->type == US_TYPE_TEX)
        us_exec_tex(&x);
    else
        us_exec_alu(&x);

    unsigned end = ((sh->code_addr & US_CODE_ADDR_END_ADDR_MASK) >> US_CODE_ADDR_END_ADDR_LO) +
                   ((sh->code_offset & US_CODE_OFFSET_OFFSET_ADDR_MASK) >> US_CODE_OFFSET_OFFSET_ADDR_LO);
    q->retired++;
    if (q->errors)
        q->done = true;
    else if (!x.jumped && pc == (end & (US_MAX_INST - 1u)))
        q->done = true; /* END_ADDR fell through */
    else if (x.d->cmn.last && !((q->inactive | us_quad_masked(q)) & ~q->killed & 0xFu))
        q->done = true; /* LAST with every unkilled pixel ACTIVE and unmasked */
    else if (q->retired >= sh->params.watchdog) {
        q->errors |= US_ERR_WATCHDOG;
        q->done = true;
    }
    q->pc = x.next_pc;
    if (r)
        finish_record(q, r, x.next_pc, x.jumped);
    return true;
}

uint64_t us_quad_run(us_quad_t *q, const us_shader_t *sh)
{
    uint64_t start = q->retired;
    while (us_quad_step(q, sh, NULL))
        ;
    return q->retired - start;
}
