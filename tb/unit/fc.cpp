// The flow-control unit against the C model: random flow-control state (branch state and counters, loop frames
// with member/broken/continued masks, the address stack, predicates, ALU result, killed and covered pixels,
// bool and int constants, code offset) and a random legal FC instruction; the C model steps one instruction of a
// quad in that state, the RTL computes the same combinationally, and every field of the new state is compared.
// usage: bench [cases] [seed]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "Vfc_top.h"
#include "generated/us_state_pack.h"
extern "C" {
#include "gen/us_random.h"
}

/* fc_top has the default depths; packed arrays put element i of width w at bits [i*w +: w]. */
static const unsigned kLoopDepth = US_DEFAULT_LOOP_DEPTH, kAddrDepth = US_DEFAULT_ADDR_DEPTH;
static const unsigned kCounterBits = US_DEFAULT_COUNTER_BITS, kCounterMax = (1u << kCounterBits) - 1u;

static unsigned small(us_rng_t &r, unsigned max)
{
    return us_rng_next(&r) % 2 ? us_rng_next(&r) % 4u : us_rng_next(&r) % (max + 1u);
}

static uint32_t random_fc_inst(us_rng_t &r, uint32_t &addr_word, uint32_t &cmn)
{
    uint32_t op = us_rng_next(&r) % 8u, b_else = us_rng_next(&r) % 4u == 0, any = us_rng_next(&r) % 2u;
    uint32_t a_op = us_rng_next(&r) % 5u < 3 ? 0u : 1u + us_rng_next(&r) % 2u;
    uint32_t func = us_rng_next(&r) % 3u ? us_rng_next(&r) & 0xFFu : (us_rng_next(&r) % 2u ? 0xFFu : 0x0Fu);
    uint32_t pop = small(r, 31), b0 = us_rng_next(&r) % 3u, b1 = us_rng_next(&r) % 3u, ign = us_rng_next(&r) % 2u;
    addr_word = (us_rng_next(&r) & 31u) | (us_rng_next(&r) & 31u) << 8 | (us_rng_next(&r) % 512u) << 16 |
                (us_rng_next(&r) % 4u == 0) << 31;
    static const uint32_t pred_sel[5] = {0, 2, 3, 4, 5};
    cmn = US_TYPE_FC | pred_sel[us_rng_next(&r) % 5u] << 3 | (us_rng_next(&r) % 2u) << 6;
    return op | b_else << 4 | any << 5 | a_op << 6 | func << 8 | pop << 16 | b0 << 24 | b1 << 26 | ign << 28;
}

int main(int argc, char **argv)
{
    unsigned cases = argc > 1 ? (unsigned)strtoul(argv[1], nullptr, 0) : 1000000u;
    us_rng_t r = {argc > 2 ? strtoull(argv[2], nullptr, 0) : 1u};
    auto t = std::make_unique<Vfc_top>();
    static us_shader_t sh;
    us_shader_init(&sh);
    unsigned long fails = 0, jumps = 0, errs = 0;
    for (unsigned k = 0; k < cases && fails < 10; k++) {
        // the instruction, at a random slot of a window that is the whole memory
        uint32_t fa, cmn, fi = random_fc_inst(r, fa, cmn);
        unsigned pc = us_rng_next(&r) % 512u;
        us_inst_t in = {{cmn, 0, fi, fa, 0, 0}};
        sh.imem[pc] = in;
        us_decode(&in, &sh.dec[pc]);
        sh.illegal[pc] = false;
        sh.code_range = 511u << 16;
        sh.code_offset = us_rng_next(&r) % 3u ? 0u : us_rng_next(&r) % 512u;
        sh.code_addr = ((pc + 256u) % 512u) << 16; /* END_ADDR elsewhere */
        sh.bool_const = us_rng_next(&r);
        for (unsigned i = 0; i < 32; i++)
            sh.int_const[i] = small(r, 255) | (us_rng_next(&r) & 0xFFu) << 8 | (us_rng_next(&r) & 0xFFu) << 16;
        // the quad's state
        static us_quad_t q;
        us_quad_init(&q, &sh, (uint8_t)(us_rng_next(&r) % 4u ? 15u : us_rng_next(&r) & 15u), 0);
        q.pc = pc;
        q.killed = us_rng_next(&r) % 4u ? 0u : us_rng_next(&r) & 15u;
        q.alu_result = us_rng_next(&r) & 15u;
        q.inactive = us_rng_next(&r) & 15u;
        for (unsigned p = 0; p < 4; p++) {
            q.pred[p] = us_rng_next(&r) & 15u;
            q.counter[p] =
                (q.inactive >> p & 1u) ? (us_rng_next(&r) % 8u ? small(r, 6) : kCounterMax - small(r, 2)) : 0u;
        }
        q.loop_sp = us_rng_next(&r) % 3u ? us_rng_next(&r) % 4u : us_rng_next(&r) % (kLoopDepth + 1u);
        for (unsigned i = 0; i < kLoopDepth; i++) {
            us_frame_t &f = q.loop[i];
            f.count = small(r, 255);
            f.al = (uint8_t)us_rng_next(&r);
            f.step = (uint8_t)us_rng_next(&r);
            f.member = us_rng_next(&r) & 15u;
            f.broken = us_rng_next(&r) % 2u ? 0u : us_rng_next(&r) & f.member;
            f.continued = us_rng_next(&r) % 2u ? 0u : us_rng_next(&r) & f.member & ~f.broken;
            f.rep = us_rng_next(&r) % 4u == 0;
        }
        q.addr_sp = us_rng_next(&r) % 3u ? us_rng_next(&r) % 4u : us_rng_next(&r) % (kAddrDepth + 1u);
        for (unsigned i = 0; i < kAddrDepth; i++)
            q.addr_stack[i] = (uint16_t)(us_rng_next(&r) % 512u);

        // the RTL, from the same state
        t->fc_inst_i = fi;
        t->fc_addr_i = fa;
        t->pred_sel_i = cmn >> 3 & 7u;
        t->pred_inv_i = cmn >> 6 & 1u;
        t->pc_i = pc;
        t->code_offset_i = sh.code_offset;
        t->bool_const_i = sh.bool_const;
        for (unsigned i = 0; i < 32; i++)
            t->int_const_i[i] = sh.int_const[i];
        t->covered_i = q.covered;
        t->killed_i = q.killed;
        t->alu_result_i = q.alu_result;
        t->inactive_i = q.inactive;
        for (unsigned p = 0; p < 4; p++) {
            vl_put(t->pred_i, 4 * p, 4, q.pred[p]);
            vl_put(t->counter_i, kCounterBits * p, kCounterBits, q.counter[p]);
        }
        for (unsigned i = 0; i < kLoopDepth; i++)
            vl_put(t->loop_i, US_FRAME_BITS * i, US_FRAME_BITS, us_frame_pack(q.loop[i]));
        for (unsigned i = 0; i < kAddrDepth; i++)
            vl_put(t->addr_i, 9 * i, 9, q.addr_stack[i]);
        t->loop_sp_i = q.loop_sp;
        t->addr_sp_i = q.addr_sp;
        t->eval();

        us_retire_t rec;
        us_quad_step(&q, &sh, &rec);
        jumps += rec.jumped;
        errs += q.errors != 0;
        bool ok = t->inactive_o == q.inactive && t->loop_sp_o == q.loop_sp && t->addr_sp_o == q.addr_sp &&
                  t->jump_o == rec.jumped && t->next_pc_o == rec.next_pc && t->errors_o == (q.errors & US_ERR_FC_MASK);
        uint32_t rtl_counter[4];
        for (unsigned p = 0; p < 4; p++) {
            rtl_counter[p] = (uint32_t)vl_get(t->counter_o, kCounterBits * p, kCounterBits);
            ok = ok && rtl_counter[p] == q.counter[p];
        }
        for (unsigned i = 0; i < q.loop_sp; i++)
            ok = ok && vl_get(t->loop_o, US_FRAME_BITS * i, US_FRAME_BITS) == us_frame_pack(q.loop[i]);
        for (unsigned i = 0; i < q.addr_sp; i++)
            ok = ok && vl_get(t->addr_o, 9 * i, 9) == q.addr_stack[i];
        if (!ok) {
            fails++;
            std::printf("case %u: FC_INST 0x%08x FC_ADDR 0x%08x CMN 0x%08x pc %u\n", k, fi, fa, cmn, pc);
            std::printf("  model: inactive %x counters %u,%u,%u,%u loop_sp %u addr_sp %u jump %d next %u errors %x\n",
                        q.inactive, q.counter[0], q.counter[1], q.counter[2], q.counter[3], q.loop_sp, q.addr_sp,
                        rec.jumped, rec.next_pc, q.errors);
            std::printf("  rtl:   inactive %x counters %u,%u,%u,%u loop_sp %u addr_sp %u jump %d next %u errors %x\n",
                        t->inactive_o, rtl_counter[0], rtl_counter[1], rtl_counter[2], rtl_counter[3],
                        t->loop_sp_o, t->addr_sp_o, t->jump_o, t->next_pc_o, t->errors_o);
        }
    }
    std::printf("fc: %u random FC instructions on random states (%lu jumped, %lu ended in an error), %lu failed\n",
                cases, jumps, errs, fails);
    return fails ? 1 : 0;
}
