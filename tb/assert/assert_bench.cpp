// The assertion bench: drives the units of tb/assert/assert_top.sv through one scenario and reports whether a
// design assertion (rtl/us_assert.svh) failed. tb/py/test_assertions.py runs every scenario on the design as it
// is (only those that break a unit's input contract may fail, each with its named assertion) and on copies with
// a planted RTL bug (the scenario's ordinary traffic must then fail the assertion made for that bug).
// usage: bench SCENARIO [seed]     exit 0: no assertion failed; 1: one failed (Verilator printed its name); 2: usage
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "Vassert_top.h"
#include "Vassert_top___024root.h"
#include "verilated.h"

namespace {

constexpr unsigned kNumCtx = 3;  // assert_top's NumCtx

struct Bench {
    VerilatedContext ctx;
    std::unique_ptr<Vassert_top> top;
    unsigned long long cycle = 0;
    unsigned long long rng;

    explicit Bench(unsigned long long seed) : rng(seed * 2654435761u + 1u)
    {
        ctx.fatalOnError(false);  // a failed assertion marks the context; the bench reports it
        top.reset(new Vassert_top(&ctx));
        top->clk_i = 0;
        top->rst_ni = 0;
        top->eval();
        tick();
        top->rst_ni = 1;
        top->eval();
    }
    unsigned rand(unsigned n)
    {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        return (unsigned)(rng % n);
    }
    // One clock cycle with the inputs as set; true while no assertion has failed.
    bool tick()
    {
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
        cycle++;
        return !ctx.gotError();
    }
};

// IF: every context runs; an issued context is busy for 1 to 3 cycles (shorter than the pipeline, so that round
// robin is what keeps every context served).
bool if_round_robin(Bench &b)
{
    unsigned busy_left[kNumCtx] = {};
    b.top->if_running_i = (1u << kNumCtx) - 1u;
    for (int k = 0; k < 3000; k++) {
        unsigned busy = 0;
        for (unsigned c = 0; c < kNumCtx; c++)
            busy |= (busy_left[c] ? 1u : 0u) << c;
        b.top->if_busy_i = busy;
        b.top->eval();
        bool issue = b.top->if_issue_o;
        unsigned pick = b.top->if_pick_ctx_o;
        if (!b.tick())
            return false;
        for (unsigned c = 0; c < kNumCtx; c++)
            if (busy_left[c])
                busy_left[c]--;
        if (issue && pick < kNumCtx)
            busy_left[pick] = 1 + b.rand(3);
    }
    return true;
}

// The context state: every context launched, then instructions of each in ID and WB; the last pair has the given
// stack pointers and contexts (ctx-ok keeps them legal).
bool ctx_commit(Bench &b, unsigned loop_sp, unsigned addr_sp, unsigned id_ctx, unsigned wb_ctx)
{
    for (unsigned c = 0; c < kNumCtx; c++) {
        b.top->ctx_launch_i = 1;
        b.top->ctx_launch_ctx_i = c;
        if (!b.tick())
            return false;
    }
    b.top->ctx_launch_i = 0;
    for (int k = 0; k < 50; k++) {
        bool last = k == 49;
        b.top->ctx_id_valid_i = 1;
        b.top->ctx_id_ctx_i = last ? id_ctx : k % kNumCtx;
        b.top->ctx_id_fc_i = 1;
        b.top->ctx_id_loop_sp_i = last ? loop_sp : b.rand(9);
        b.top->ctx_id_addr_sp_i = last ? addr_sp : b.rand(9);
        b.top->ctx_wb_valid_i = 1;
        b.top->ctx_wb_ctx_i = last ? wb_ctx : (k + 1) % kNumCtx;
        if (!b.tick())
            return false;
    }
    b.top->ctx_id_valid_i = 0;
    b.top->ctx_wb_valid_i = 0;
    for (int k = 0; k < 4; k++)
        if (!b.tick())
            return false;
    return true;
}

// The stage plan: contexts issued round robin into a pipeline whose write-back comes PlanWb cycles after the issue,
// as in us_core; `skew` moves one write-back (the 40th) that many cycles early (negative) or late.
bool ctx_plan(Bench &b, int skew)
{
    const unsigned wb_at = Vassert_top___024root::assert_top__DOT__PlanWb;
    for (unsigned c = 0; c < kNumCtx; c++) {
        b.top->ctx_launch_i = 1;
        b.top->ctx_launch_ctx_i = c;
        if (!b.tick())
            return false;
    }
    b.top->ctx_launch_i = 0;
    struct Wb {
        bool valid = false;
        unsigned ctx = 0;
    };
    std::vector<Wb> wb(600);
    bool busy[kNumCtx] = {};
    unsigned rr = 0, issued = 0;
    for (unsigned t = 0; t + 20 < wb.size(); t++) {
        if (wb[t].valid)
            busy[wb[t].ctx] = false;  // ready again in the cycle after its write-back
        b.top->ctx_wb_valid_i = wb[t].valid;
        b.top->ctx_wb_ctx_i = wb[t].ctx;
        b.top->ctx_issue_i = 0;
        for (unsigned i = 1; i <= kNumCtx; i++) {
            unsigned c = (rr + i) % kNumCtx;
            if (!busy[c] && !wb[t].valid) {  // one issue a cycle; not beside a write-back (keeps the slots apart)
                b.top->ctx_issue_i = 1;
                b.top->ctx_issue_ctx_i = c;
                busy[c] = true;
                rr = c;
                int at = (int)(t + wb_at) + (++issued == 40 ? skew : 0);
                wb[(unsigned)at] = Wb{true, c};
                break;
            }
        }
        if (!b.tick())
            return false;
    }
    return true;
}

// The temporaries' two write ports: write-back writes a random context in random cycles while the harness's input
// writes come one a cycle into another context (the harness writes only a context that is not running), and ID
// reads the third; `clash` once sends an input write into write-back's context, `read` (1: write-back's, 2: the
// input's) once has ID read the context being written.
bool trf_inputs(Bench &b, bool clash, int read = 0)
{
    for (unsigned k = 0; k < 500; k++) {
        const bool clash_now = clash && k == 300;
        const bool read_now = read && k == 300;
        unsigned wb_ctx = b.rand(kNumCtx);
        b.top->trf_wb_valid_i = clash_now || b.rand(3) != 0;
        b.top->trf_wb_we_i = b.top->trf_wb_valid_i && b.rand(2);
        b.top->trf_wb_ctx_i = wb_ctx;
        b.top->trf_tin_we_i = clash_now || b.rand(4) != 0;
        b.top->trf_tin_ctx_i = clash_now ? wb_ctx : (wb_ctx + 1 + b.rand(kNumCtx - 1)) % kNumCtx;
        b.top->trf_tin_addr_i = k & 127u;
        b.top->trf_tin_data_i = 0x3F800000u + k;
        const unsigned tin_ctx = b.top->trf_tin_ctx_i;
        unsigned rd_ctx = 0;
        while (rd_ctx == wb_ctx || rd_ctx == tin_ctx)  // the third context (kNumCtx is 3)
            rd_ctx++;
        b.top->trf_rd_valid_i = read_now || b.rand(2);
        b.top->trf_rd_ctx_i = read_now ? (read == 1 ? wb_ctx : tin_ctx) : rd_ctx;
        if (read_now) {
            b.top->trf_wb_valid_i = read == 1;
            b.top->trf_tin_we_i = read == 2;
        }
        if (!b.tick())
            return false;
    }
    return true;
}

// The read phases: a new set of three addresses every `gap` clocks at the soonest (random gaps from there; IF keeps
// them 4 apart with Lanes 1, and the three phases need 3). Each set reads back, once all phases are in, as its own
// addresses: a bench failure (not an assertion) if not.
bool rd_phases(Bench &b, unsigned gap)
{
    unsigned since = 99, pending = 0, want[3] = {0, 0, 0};
    for (unsigned k = 0; k < 400; k++) {
        if (pending && --pending == 0) {
            for (unsigned i = 0; i < 3; i++) {
                if (b.top->rdp_rdata_o[i] != want[i]) {
                    fprintf(stderr, "rd_phases: address %u of a set read back as %u, not %u\n", i,
                            (unsigned)b.top->rdp_rdata_o[i], want[i]);
                    return false;
                }
            }
        }
        const bool start = since >= gap && b.rand(2);
        b.top->rdp_start_i = start;
        if (start) {
            unsigned packed = 0;
            for (unsigned i = 0; i < 3; i++) {
                want[i] = b.rand(256);
                packed |= want[i] << (8 * i);
            }
            b.top->rdp_raddr_i = packed;
            since = 0;
            pending = 3;
        }
        since++;
        if (!b.tick())
            return false;
    }
    b.top->rdp_start_i = 0;
    return b.tick();
}

// The swept RAM (us_vram, Sweep): wait for ready_o unless `early`, then write every word and read it back; a
// word not yet written reads zero. `early` writes in the sweep's first clocks, `clear` pulses a clear (neither is
// the user's to do).
bool sweep(Bench &b, bool early, bool clear)
{
    auto read = [&](unsigned a, uint64_t *word) {  // lane 1 high, lane 0 low
        b.top->swp_raddr_i = a;
        if (!b.tick())
            return false;
        *word = b.top->swp_rdata_o;
        return true;
    };
    if (clear)
        b.top->swp_clear_i = 1;
    if (early)
        b.top->swp_we_i = 1;
    for (unsigned n = 0; !b.top->swp_ready_o; n++) {
        if (n == 64) {
            fprintf(stderr, "sweep: ready_o not raised within 64 clocks of reset (16 words)\n");
            return false;
        }
        if (!b.tick())
            return false;
    }
    b.top->swp_we_i = 0;
    b.top->swp_clear_i = 0;
    for (unsigned a = 0; a < 16; a++) {
        uint64_t word = 0;
        if (!read(a, &word))
            return false;
        if (word != 0 && !early) {
            fprintf(stderr, "sweep: word %u read %#llx after the sweep, not zero\n", a, (unsigned long long)word);
            return false;
        }
        const uint32_t v = 0x1000u + a;  // lane 1 takes v, lane 0 its complement
        b.top->swp_we_i = 1;
        b.top->swp_waddr_i = a;
        b.top->swp_wdata_i = v;
        if (!b.tick())
            return false;
        b.top->swp_we_i = 0;
        if (!read(a, &word))
            return false;
        if (word != ((uint64_t)v << 32 | (uint32_t)~v)) {
            fprintf(stderr, "sweep: word %u read %#llx after its write of %#x\n", a, (unsigned long long)word, v);
            return false;
        }
    }
    return b.tick();
}

// The retire port: instructions of context `ctx` every other cycle.
bool retire(Bench &b, unsigned ctx)
{
    for (int k = 0; k < 20; k++) {
        b.top->ret_wb_valid_i = k % 2;
        b.top->ret_ctx_i = k % 2 ? ctx : 0;
        if (!b.tick())
            return false;
    }
    b.top->ret_wb_valid_i = 0;
    return b.tick() && b.tick();
}

}  // namespace

int main(int argc, char **argv)
{
    static const char *const names[] = {"if-round-robin", "ctx-ok",        "ctx-loop-sp",   "ctx-addr-sp",
                                        "ctx-id-range",   "ctx-wb-range",  "ctx-plan-ok",   "ctx-plan-early",
                                        "ctx-plan-late",  "trf-ok",        "trf-clash",     "trf-read-wb",   "trf-read-in",   "retire-ok",
                                        "retire-range",   "rdp-ok",        "rdp-close",     "sweep-ok",
                                        "sweep-write",    "sweep-clear"};
    const char *s = argc > 1 ? argv[1] : "";
    bool known = false;
    for (const char *n : names)
        known |= !strcmp(s, n);
    if (!known) {
        fprintf(stderr, "usage: bench SCENARIO [seed]; scenarios:");
        for (const char *n : names)
            fprintf(stderr, " %s", n);
        fprintf(stderr, "\n");
        return 2;
    }
    Bench b(argc > 2 ? strtoull(argv[2], nullptr, 0) : 1u);
    bool ok = !strcmp(s, "if-round-robin") ? if_round_robin(b)
              : !strcmp(s, "ctx-ok")       ? ctx_commit(b, 8, 8, 1, 2)
              : !strcmp(s, "ctx-loop-sp")  ? ctx_commit(b, 9, 0, 1, 0)  // a push past a full loop stack
              : !strcmp(s, "ctx-addr-sp")  ? ctx_commit(b, 0, 9, 1, 0)  // a push past a full address stack
              : !strcmp(s, "ctx-id-range") ? ctx_commit(b, 0, 0, 3, 0)  // context 3 of NumCtx 3 in ID
              : !strcmp(s, "ctx-wb-range") ? ctx_commit(b, 0, 0, 1, 3)  // context 3 of NumCtx 3 in WB
              : !strcmp(s, "ctx-plan-ok")    ? ctx_plan(b, 0)
              : !strcmp(s, "ctx-plan-early") ? ctx_plan(b, -1)          // a write-back a stage early
              : !strcmp(s, "ctx-plan-late")  ? ctx_plan(b, 1)           // and one a stage late
              : !strcmp(s, "trf-ok")       ? trf_inputs(b, false)
              : !strcmp(s, "trf-clash")    ? trf_inputs(b, true)        // an input write into write-back's context
              : !strcmp(s, "trf-read-wb")  ? trf_inputs(b, false, 1)    // ID reads the context write-back writes
              : !strcmp(s, "trf-read-in")  ? trf_inputs(b, false, 2)    // ID reads the context the input writes
              : !strcmp(s, "rdp-ok")       ? rd_phases(b, 3)
              : !strcmp(s, "rdp-close")    ? rd_phases(b, 2)            // a new set a clock too soon
              : !strcmp(s, "sweep-ok")     ? sweep(b, false, false)
              : !strcmp(s, "sweep-write")  ? sweep(b, true, false)      // a write while the sweep runs
              : !strcmp(s, "sweep-clear")  ? sweep(b, false, true)      // a clear of a swept RAM
              : !strcmp(s, "retire-ok")    ? retire(b, 2)
                                           : retire(b, 3);              // context 3 of NumCtx 3 retired
    b.top->final();
    if (!ok) {
        printf("bench %s: an assertion failed in cycle %llu\n", s, b.cycle);
        return 1;
    }
    printf("bench %s: %llu cycles, no assertion failed\n", s, b.cycle);
    return 0;
}
