// Unit bench of the transcendental unit (rtl/fp/us_fp_trans.sv through tb/unit/fp_trans_top.sv) against the C
// golden model (model/golden/us_fp_trans.c), bit for bit.
//
//   bench [--n N] [--seed S]           default mode: per op N (1,000,000) generated inputs (random bit patterns,
//                                      every binade, around 1, the delicate ranges of each op, table segment
//                                      boundaries) plus the special values and exact points of docs/fp.md B.5;
//                                      the six ops interleaved at random, one input per cycle, with a few idle
//                                      cycles, through the pipeline. Prints per op counts and the first
//                                      mismatches in hex; exits 1 on any mismatch or protocol error.
//   bench --exhaustive OP [--threads T] [--from X] [--to Y]
//                                      every input of [X, Y) (default all 2^32) of one op (rcp rsq ex2 ln2 sin
//                                      cos), progress every 2^28 inputs; T threads, each with its own model.
//
// Every cycle the driver puts the input (if any) on a_i/op_i/valid_i, evaluates with the clock low, checks the
// output side (valid_o must come exactly latency_o cycles after its valid_i, in order, never without a pending
// input), then raises the clock.
#include "Vfp_trans_top.h"
#include "verilated.h"

extern "C" {
#include "golden/us_fp.h"
}

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

struct OpInfo {
    const char *name;
    unsigned code; // ALPHA_OP
    uint32_t (*ref)(uint32_t);
};

constexpr int NUM_OPS = 6;
enum { RCP, RSQ, EX2, LN2, SIN, COS };
const OpInfo OPS[NUM_OPS] = {
    {"rcp", 10, us_fp_rcp}, {"rsq", 11, us_fp_rsq}, {"ex2", 8, us_fp_ex2},
    {"ln2", 9, us_fp_ln2},  {"sin", 12, us_fp_sin}, {"cos", 13, us_fp_cos},
};

// xoshiro256** seeded by splitmix64.
struct Rng {
    uint64_t s[4];
    explicit Rng(uint64_t seed)
    {
        for (auto &w : s) {
            seed += 0x9E3779B97F4A7C15ull;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            w = z ^ (z >> 31);
        }
    }
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t next()
    {
        uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = rotl(s[3], 45);
        return r;
    }
    uint32_t u32() { return (uint32_t)(next() >> 32); }
    uint32_t below(uint32_t n) { return (uint32_t)(((next() >> 32) * (uint64_t)n) >> 32); }
    int range(int lo, int hi) { return lo + (int)below((uint32_t)(hi - lo + 1)); } // [lo, hi]
    double unit() { return (double)(next() >> 11) * (1.0 / 9007199254740992.0); } // [0, 1)
};

uint32_t bits_of(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}
uint32_t make(uint32_t s, uint32_t e, uint32_t f) { return (s << 31) | ((e & 0xFFu) << 23) | (f & 0x7FFFFFu); }
// v moved by d ulps (in the bit pattern; stays within the finite/sign range for the small d used here).
uint32_t nudge(uint32_t v, int d) { return (uint32_t)((int64_t)v + d); }
// A small offset, log-distributed: 0, +-1, +-2 ... +-2^12.
int small_offset(Rng &r)
{
    int mag = (int)(r.next() & ((1u << r.below(13)) - 1u));
    return (r.next() & 1) ? -mag : mag;
}
uint32_t uniform(Rng &r, double lo, double hi) { return bits_of((float)(lo + (hi - lo) * r.unit())); }

// ---------------------------------------------------------------------------------------------------- the model
struct Mismatch {
    int op;
    uint32_t a, expected, got;
};

struct Pending {
    int op;
    uint32_t a, expected;
    uint64_t cycle;
};

class Harness {
  public:
    Harness() : ctx_(new VerilatedContext), top_(new Vfp_trans_top(ctx_.get(), "top"))
    {
        latency_ = 0;
        top_->clk_i = 0;
        top_->rst_ni = 0;
        top_->valid_i = 0;
        top_->op_i = 0;
        top_->a_i = 0;
        for (int i = 0; i < 4; i++) {
            top_->clk_i = 0;
            top_->eval();
            top_->clk_i = 1;
            top_->eval();
            if (top_->valid_o) protocol_errors++;
        }
        top_->clk_i = 0;
        top_->eval();
        top_->rst_ni = 1;
        top_->eval();
        latency_ = top_->latency_o;
        ring_.resize(64);
    }
    ~Harness() { top_->final(); }

    // One clock cycle; valid: op/a enter the unit.
    void cycle(bool valid, int op, uint32_t a)
    {
        if (valid) {
            if (count_ - head_ >= ring_.size()) {
                std::fprintf(stderr, "internal: too many pending results\n");
                std::exit(2);
            }
            ring_[count_ % ring_.size()] = Pending{op, a, OPS[op].ref(a), cyc_};
            count_++;
        }
        top_->valid_i = valid;
        top_->op_i = valid ? OPS[op].code : 0;
        top_->a_i = a;
        top_->clk_i = 0;
        top_->eval();
        if (top_->valid_o) {
            if (head_ == count_) {
                protocol_errors++;
            } else {
                const Pending &p = ring_[head_ % ring_.size()];
                head_++;
                if (cyc_ - p.cycle != latency_) protocol_errors++;
                uint32_t got = top_->result_o;
                checked[p.op]++;
                if (got != p.expected) {
                    failures[p.op]++;
                    if (first.size() < 64) first.push_back(Mismatch{p.op, p.a, p.expected, got});
                }
            }
        }
        top_->clk_i = 1;
        top_->eval();
        cyc_++;
    }
    // Idle cycles until every pending result has come out (and a few more).
    void drain()
    {
        for (unsigned i = 0; i < latency_ + 3; i++) cycle(false, 0, 0);
        if (head_ != count_) protocol_errors += count_ - head_;
        head_ = count_;
    }
    unsigned latency() const { return latency_; }

    uint64_t checked[NUM_OPS] = {}, failures[NUM_OPS] = {};
    uint64_t protocol_errors = 0;
    std::vector<Mismatch> first;

  private:
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vfp_trans_top> top_;
    std::vector<Pending> ring_;
    uint64_t head_ = 0, count_ = 0, cyc_ = 0;
    unsigned latency_;
};

void print_mismatch(const Mismatch &m)
{
    std::printf("    %s(0x%08" PRIX32 "): expected 0x%08" PRIX32 ", got 0x%08" PRIX32 "\n", OPS[m.op].name, m.a,
                m.expected, m.got);
}

// -------------------------------------------------------------------------------------------------- the inputs
// Special values and exact points of docs/fp.md B.5, for every op.
std::vector<uint32_t> special_values()
{
    std::vector<uint32_t> v = {
        0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00400000, 0x80400000,
        0x00800000, 0x80800000, 0x00800001, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000,
        0xFFC00000, 0x7FC12345, 0xFFC12345, 0x7FFFFFFF, 0xFFFFFFFF, 0x7F800001, 0xFF800001, 0x7F812345,
        0xFFA00000, 0x7FBFFFFF, 0xFFBFFFFF, 0x3F800000, 0xBF800000, 0x3F7FFFFF, 0x3F800001, 0xBF7FFFFF,
        0xBF800001, 0x3F000000, 0xBF000000, 0x3F400000, 0x3FC00000, 0x3FBFFFFF, 0x3F3FFFFF, 0x3E800000,
        0x3E000000, 0x3E7FFFFF, 0x3E800001, 0x33800000, 0xB3800000,
        // EX2 edges: +-128, just below, 127, -126, -149, -150, 2^-9, 2^-32
        0x43000000, 0xC3000000, 0x42FFFFFF, 0xC2FFFFFF, 0x42FE0000, 0xC2FC0000, 0xC3150000, 0xC3160000,
        0xC2FE0000, 0xC2FE0001, 0xC2FDFFFF, 0x3B000000, 0x2F800000, 0xAF800000, 0x2F7FFFFF,
    };
    for (uint32_t e = 0; e < 256; e++) {
        for (uint32_t s = 0; s < 2; s++) {
            v.push_back(make(s, e, 0));
            v.push_back(make(s, e, 0x7FFFFF));
            v.push_back(make(s, e, 0x400000));
            v.push_back(make(s, e, 0x3FFFFF));
            v.push_back(make(s, e, 1));
        }
    }
    for (int n = -160; n <= 160; n++) { // integers (EX2 exact), multiples of 1/8 (SIN/COS exact points)
        v.push_back(bits_of((float)n));
        v.push_back(bits_of((float)n / 8.0f));
        v.push_back(bits_of((float)n / 64.0f));
        v.push_back(nudge(bits_of((float)n / 8.0f), 1));
        v.push_back(nudge(bits_of((float)n / 8.0f), -1));
    }
    return v;
}

// One generated input of op.
uint32_t gen_input(Rng &r, int op)
{
    uint32_t s = r.next() & 1, style = r.below(100);
    if (style < 25) return r.u32(); // random bit pattern
    if (style < 45) return make(s, r.below(256), r.u32()); // every binade (zero/denormal, inf/NaN included)
    if (style < 55) {                                       // around 1, down to one ulp
        uint32_t one = r.below(4) ? 0x3F800000u : 0xBF800000u;
        return nudge(one, small_offset(r));
    }
    if (style < 62) { // powers of two, a few ulps off
        return nudge(make(s, r.range(1, 254), 0), r.range(-3, 3));
    }
    if (style < 70) { // table segment boundaries of the fraction (RCP, RSQ: 128 segments of 2^16)
        uint32_t f = (r.below(128) << 16) + (uint32_t)r.range(-3, 3);
        return make(s, r.range(1, 254), f);
    }
    switch (op) {
    case RCP:
    case RSQ:
        if (style < 85) return make(op == RSQ ? 0 : s, r.range(1, 254), r.u32());
        return make(s, r.range(100, 154), r.u32() & ~((1u << r.below(23)) - 1u)); // short fractions
    case EX2:
        if (style < 78) return uniform(r, -150.0, 130.0);
        if (style < 84) return uniform(r, -2.0, 2.0);
        if (style < 90) return nudge(bits_of((float)r.range(-150, 130)), small_offset(r)); // near integers
        if (style < 95) { // near segment boundaries n + i/64
            float x = (float)r.range(-130, 130) + (float)r.below(64) / 64.0f;
            return nudge(bits_of(x), r.range(-4, 4));
        }
        return make(s, r.range(90, 125), r.u32()); // tiny |a|
    case LN2:
        if (style < 80) return uniform(r, 0.5, 2.0);
        if (style < 86) return nudge(r.below(2) ? 0x3F400000u : 0x3FC00000u, small_offset(r)); // 0.75, 1.5
        if (style < 93) { // segment boundaries of X = d24 + 2^22 (i << 17)
            int32_t x = (int32_t)(r.below(96) << 17) + r.range(-3, 3);
            int32_t d24 = x - 0x400000;
            if (d24 < -0x400000) d24 = -0x400000;
            if (d24 >= 0x800000) d24 = 0x7FFFFF;
            uint32_t f = d24 >= 0 ? (uint32_t)d24 >> 1 : (uint32_t)(d24 + 0x800000);
            return make(0, r.range(1, 254), f);
        }
        return make(0, r.range(1, 254), r.u32());
    default: // SIN, COS
        if (style < 78) return uniform(r, -1024.0, 1024.0);
        if (style < 86) return uniform(r, 0.0, 1.0);
        if (style < 93) { // near multiples of 1/8 (exact points) and of 1/512 (segment boundaries)
            double x = (double)r.range(-4096, 4096) / (r.below(2) ? 8.0 : 512.0);
            return nudge(bits_of((float)x), small_offset(r));
        }
        if (style < 97) return make(s, r.range(1, 125), r.u32()); // tiny
        return make(s, r.range(140, 160), r.u32());              // around 2^23, where T becomes 0
    }
}

int run_default(uint64_t n_per_op, uint64_t seed)
{
    auto t0 = std::chrono::steady_clock::now();
    Rng r(seed);
    std::vector<uint32_t> specials = special_values();
    // Per op: the special values, then n generated inputs, in one stream per op.
    std::vector<std::vector<uint32_t>> streams(NUM_OPS);
    for (int op = 0; op < NUM_OPS; op++) {
        streams[op] = specials;
        streams[op].reserve(specials.size() + n_per_op);
        for (uint64_t i = 0; i < n_per_op; i++) streams[op].push_back(gen_input(r, op));
    }
    Harness h;
    std::printf("fp_trans bench: latency %u, seed %" PRIu64 ", %" PRIu64 " generated + %zu special inputs per op\n",
                h.latency(), seed, n_per_op, specials.size());
    // Interleave the ops at random, with an idle cycle now and then.
    std::vector<size_t> pos(NUM_OPS, 0);
    std::vector<int> live;
    for (int op = 0; op < NUM_OPS; op++) live.push_back(op);
    uint64_t idle = 0;
    while (!live.empty()) {
        if (r.below(32) == 0) {
            h.cycle(false, 0, r.u32());
            idle++;
            continue;
        }
        size_t k = r.below((uint32_t)live.size());
        int op = live[k];
        h.cycle(true, op, streams[op][pos[op]++]);
        if (pos[op] == streams[op].size()) live.erase(live.begin() + (long)k);
    }
    h.drain();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    uint64_t total_fail = 0, total = 0;
    for (int op = 0; op < NUM_OPS; op++) {
        std::printf("  %s: %" PRIu64 " checked, %" PRIu64 " mismatches\n", OPS[op].name, h.checked[op],
                    h.failures[op]);
        int shown = 0;
        for (const Mismatch &m : h.first)
            if (m.op == op && shown++ < 5) print_mismatch(m);
        total_fail += h.failures[op];
        total += h.checked[op];
    }
    std::printf("  %" PRIu64 " results checked, %" PRIu64 " idle cycles, %" PRIu64 " protocol errors, %.1f s\n", total,
                idle, h.protocol_errors, secs);
    bool ok = total_fail == 0 && h.protocol_errors == 0 && total == NUM_OPS * (specials.size() + n_per_op);
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}

int run_exhaustive(int op, unsigned threads, uint64_t from, uint64_t to)
{
    auto t0 = std::chrono::steady_clock::now();
    const uint64_t chunk = 1ull << 20, progress_step = 1ull << 28;
    std::atomic<uint64_t> next{from}, done{0};
    std::mutex mu;
    uint64_t failures = 0, protocol_errors = 0, checked = 0;
    std::vector<Mismatch> first;
    std::printf("fp_trans exhaustive %s: [0x%09" PRIX64 ", 0x%09" PRIX64 "), %u thread(s)\n", OPS[op].name, from,
                to, threads);
    std::fflush(stdout);
    auto worker = [&]() {
        Harness h;
        for (;;) {
            uint64_t lo = next.fetch_add(chunk);
            if (lo >= to) break;
            uint64_t hi = std::min(lo + chunk, to);
            for (uint64_t a = lo; a < hi; a++) h.cycle(true, op, (uint32_t)a);
            h.drain();
            uint64_t before = done.fetch_add(hi - lo), after = before + hi - lo;
            if (after / progress_step != before / progress_step) {
                std::lock_guard<std::mutex> g(mu);
                double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                std::printf("  %s: %" PRIu64 " / %" PRIu64 " inputs (%.1f%%), %.0f s, %" PRIu64
                            " mismatches so far (this thread)\n",
                            OPS[op].name, after, to - from, 100.0 * (double)after / (double)(to - from), secs,
                            h.failures[op]);
                std::fflush(stdout);
            }
        }
        std::lock_guard<std::mutex> g(mu);
        failures += h.failures[op];
        protocol_errors += h.protocol_errors;
        checked += h.checked[op];
        first.insert(first.end(), h.first.begin(), h.first.end());
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; t++) pool.emplace_back(worker);
    for (auto &t : pool) t.join();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::sort(first.begin(), first.end(), [](const Mismatch &x, const Mismatch &y) { return x.a < y.a; });
    std::printf("  %s: %" PRIu64 " checked, %" PRIu64 " mismatches, %" PRIu64 " protocol errors, %.1f s (%.1f ns/input)\n",
                OPS[op].name, checked, failures, protocol_errors, secs, 1e9 * secs / (double)(to - from));
    for (size_t i = 0; i < first.size() && i < 16; i++) print_mismatch(first[i]);
    bool ok = failures == 0 && protocol_errors == 0 && checked == to - from;
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}

void usage()
{
    std::fprintf(stderr, "usage: bench [--n N] [--seed S]\n"
                         "       bench --exhaustive rcp|rsq|ex2|ln2|sin|cos [--threads T] [--from X] [--to Y]\n");
    std::exit(2);
}

} // namespace

int main(int argc, char **argv)
{
    uint64_t n = 1000000, seed = 20261123, from = 0, to = 1ull << 32;
    unsigned threads = 1;
    int exhaustive = -1;
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        auto value = [&]() -> const char * {
            if (i + 1 >= argc) usage();
            return argv[++i];
        };
        if (arg == "--n") {
            n = std::strtoull(value(), nullptr, 0);
        } else if (arg == "--seed") {
            seed = std::strtoull(value(), nullptr, 0);
        } else if (arg == "--threads") {
            threads = (unsigned)std::strtoul(value(), nullptr, 0);
            if (threads == 0) threads = 1;
        } else if (arg == "--from") {
            from = std::strtoull(value(), nullptr, 0);
        } else if (arg == "--to") {
            to = std::strtoull(value(), nullptr, 0);
        } else if (arg == "--exhaustive") {
            std::string name = value();
            for (int op = 0; op < NUM_OPS; op++)
                if (name == OPS[op].name) exhaustive = op;
            if (exhaustive < 0) usage();
        } else {
            usage();
        }
    }
    if (exhaustive >= 0) {
        if (to > (1ull << 32) || from >= to) usage();
        return run_exhaustive(exhaustive, threads, from, to);
    }
    return run_default(n, seed);
}
