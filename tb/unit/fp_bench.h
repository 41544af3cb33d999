// The shared driver of the FP unit benches (tb/unit/fp_*.cpp, not fp_trans*): each bench lists its ops (operand
// layout, the C golden model function, how to drive its Verilated top) and calls fpb::bench_main. Every op gets
//   1. the directed cases of the bench (edge values docs/fp.md part A states, with the stated result),
//   2. every tuple of the special values for ops of up to three operands; for more, every pair of operand
//      positions with every pair of special values, the other operands ordinary numbers,
//   3. N random operand sets (default 1,000,000; deterministic splitmix64, seed 1 unless given) in eight styles:
//      random bits; all operands within a few binades of one exponent, half with trailing-zero fractions
//      (cancellation, exact results, rounding ties); products landing at the underflow or overflow edge, half of
//      them a hair below a power of two so they round up to exactly 2^-126 or 2^128; terms that nearly cancel;
//      special values mixed in; values around 1 and 0.5; special values moved a few ulps; dot-product terms at the
//      edge of the alignment window, or for ops without two products denormals, zeros and min normals.
// and the RTL result is compared with the C model bit for bit. Per op it prints the cases, how many expected
// results were NaN, inf, zero and in the smallest normal binade (the edges are reached), the failures and the
// first mismatches in hex; the exit status is 1 on any mismatch, 2 on bad usage.
//
// usage: bench [--cases N] [--seed S]                   the default check (make test)
//        bench --exhaustive OP [--threads T]            one-operand ops: all 2^32 inputs (OP or "all")
#ifndef FP_BENCH_H
#define FP_BENCH_H

#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "verilated.h"

extern "C" {
#include "golden/us_fp.h"
}

namespace fpb {

constexpr uint32_t kSign = 0x80000000u;
constexpr uint32_t kFrac = 0x007FFFFFu;
constexpr unsigned kMaxOperands = 9;
constexpr unsigned kShowMismatches = 5;

// ---- Deterministic random numbers (splitmix64, as tb/model/test_rng.h) ----
struct Rng {
    uint64_t state;
    explicit Rng(uint64_t seed) : state(seed) {}
    uint32_t next()
    {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return (uint32_t)((z ^ (z >> 31)) >> 32);
    }
};

// ---- The special values (as tb/model/test_fp_host.c) ----
static const uint32_t kSpecials[] = {
    0x00000000u, 0x80000000u,                             // +-0
    0x00000001u, 0x80000001u,                             // +-smallest denormal
    0x007FFFFFu, 0x807FFFFFu,                             // +-largest denormal
    0x00800000u, 0x80800000u,                             // +-min normal
    0x3F800000u, 0xBF800000u,                             // +-1
    0x7F7FFFFFu, 0xFF7FFFFFu,                             // +-max
    0x7F800000u, 0xFF800000u,                             // +-inf
    0x7FC00000u, 0x7FC12345u, 0xFFC00000u, 0xFFD0F00Du,   // quiet NaNs, two payloads each sign
    0x7F800001u, 0xFFA00005u, 0x7FA5A5A5u, 0xFF800002u,   // signalling NaNs, two payloads each sign
    0x3F000000u, 0x3F000001u, 0x3EFFFFFFu, 0xBF000000u,   // 0.5 and its neighbours (CND), -0.5
    0x3F7FFFFFu, 0xB3800000u,                             // just below 1; -2^-24 (FRC)
};
constexpr unsigned kSpecialCount = sizeof kSpecials / sizeof kSpecials[0];

// ---- What a bench declares ----
template <class Top>
struct Op {
    const char *name;
    unsigned products;  // operands v[2i] * v[2i+1] for i < products (for the random styles), then
    unsigned plain;     // this many more operands
    uint32_t (*model)(const uint32_t *v);
    uint32_t (*rtl)(Top &top, const uint32_t *v);  // drive the inputs, eval, read the output
    bool unary_sweep;   // one operand: may be swept over all 2^32 inputs
    unsigned operands() const { return 2 * products + plain; }
};

struct Directed {
    const char *op;  // by name
    uint32_t v[kMaxOperands];
    uint32_t want;
    const char *what;
};

struct Stats {
    unsigned long long cases = 0, failures = 0;
    unsigned long long nan = 0, inf = 0, zero = 0, min_binade = 0;  // expected results by kind
};

// ---- Operand generation ----
class Gen {
  public:
    explicit Gen(uint64_t seed) : rng_(seed) {}
    uint32_t rnd() { return rng_.next(); }

    static uint32_t pack(uint32_t sign, int exp, uint32_t frac)
    {
        exp = exp < 0 ? 0 : exp > 255 ? 255 : exp;
        return sign | (uint32_t)exp << 23 | (frac & kFrac);
    }
    // A random fraction, half the time with a random number of trailing zeros: exact results and ties.
    uint32_t random_frac()
    {
        uint32_t f = rnd() & kFrac;
        if (rnd() & 1u)
            f &= ~0u << (rnd() % 24u);
        return f;
    }
    uint32_t random_sign() { return rnd() & kSign; }
    uint32_t near_exp(int base, int spread)
    {
        int exp = base + (int)(rnd() % (2u * (unsigned)spread + 1u)) - spread;
        return pack(random_sign(), exp, random_frac());
    }
    uint32_t perturb(uint32_t x) { return x + (rnd() % 9u) - 4u; }  // a few ulps either way

    void fill_window(uint32_t *v, unsigned n)
    {
        int base = (int)(rnd() % 256u);
        for (unsigned i = 0; i < n; i++)
            v[i] = near_exp(base, 3);
    }

    // Products near underflow or overflow: half of them (1 + k 2^-23)(2 - 2k 2^-23), a hair below a power of
    // two, so that they round up to exactly 2^-126 or 2^128. For a bench of plain operands (add), the pairs
    // are still formed: a near-edge sum of two values then.
    void fill_edge(unsigned products, unsigned n, uint32_t *v)
    {
        bool overflow = rnd() & 1u;
        unsigned pairs = products ? products : n / 2;
        for (unsigned p = 0; p < pairs; p++) {
            int ea = 1 + (int)(rnd() % 254u);
            int eb = (overflow ? 381 : 127) - ea + (int)(rnd() % 7u) - 3;
            uint32_t fa = random_frac(), fb = random_frac();
            if (rnd() & 1u) {
                uint32_t k = rnd() % 2048u;
                fa = k;
                fb = 0x800000u - 2u * k + rnd() % 5u - 2u;
            }
            if (!products) {  // plain operands: both near the same edge
                ea = overflow ? 254 - (int)(rnd() % 3u) : 1 + (int)(rnd() % 3u);
                eb = overflow ? 254 - (int)(rnd() % 3u) : 1 + (int)(rnd() % 3u);
            }
            v[2 * p] = pack(random_sign(), ea, fa);
            v[2 * p + 1] = pack(random_sign(), eb, fb);
        }
        for (unsigned i = 2 * pairs; i < n; i++)
            v[i] = near_exp(overflow ? 252 : 2, 3);
    }

    // Terms that nearly cancel: the second minus the first, a few ulps off (p1 ~ -p0, p3 ~ -p2, c ~ -a b).
    void fill_cancel(unsigned products, unsigned n, uint32_t *v)
    {
        fill_window(v, n);
        if (products == 0) {  // b within a few ulps of -a or (for the compares) of a
            if (n >= 2)
                v[1] = perturb(v[0]) ^ ((rnd() % 4u) ? kSign : 0u);
            return;
        }
        for (unsigned p = 1; p < products; p += 2) {
            v[2 * p] = perturb(v[2 * p - 2]) ^ kSign;
            v[2 * p + 1] = (rnd() & 1u) ? v[2 * p - 1] : perturb(v[2 * p - 1]);
        }
        if (n > 2 * products) {
            unsigned last = 2 * products;  // the addend: minus the last product, or minus p0 + p1
            uint32_t t = products == 1 ? us_fp_mul(v[0], v[1], false)
                                       : us_fp_add(us_fp_mul(v[0], v[1], false), us_fp_mul(v[2], v[3], false));
            v[last] = perturb(t) ^ kSign;
        }
    }

    // Special values among ordinary ones: each operand with probability 1/3 for up to three operands, else one or
    // two of them (so that a dot product is not nearly always a NaN).
    void fill_specials(uint32_t *v, unsigned n)
    {
        fill_window(v, n);
        if (n <= 3) {
            for (unsigned i = 0; i < n; i++)
                if (rnd() % 3u == 0)
                    v[i] = kSpecials[rnd() % kSpecialCount];
            return;
        }
        for (unsigned k = 1 + rnd() % 2u; k > 0; k--)
            v[rnd() % n] = kSpecials[rnd() % kSpecialCount];
    }

    // Dot products at the edge of the alignment window (docs/fp.md A.2, CTM p.42): p1 = -p0 exactly (or a few ulps
    // off, or unrelated), the other terms 22 to 27 binades below; for D2A half the time c = -p0 and p1 is the small
    // term. Ops without two products get denormals, zeros and min normals of either sign: they compare as zero,
    // and a select must return them bit-exact.
    void fill_spread(unsigned products, unsigned n, uint32_t *v)
    {
        if (products < 2) {
            static const uint32_t kTiny[] = { 0x00000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u };
            for (unsigned i = 0; i < n; i++)
                v[i] = random_sign() | ((rnd() & 1u) ? (rnd() & kFrac) : kTiny[rnd() % 4u]);
            return;
        }
        fill_window(v, n);
        int base = 30 + (int)(rnd() % 200u);
        for (unsigned p = 0; p < products; p++) {
            int below = p < 2 ? 0 : 22 + (int)(rnd() % 6u);
            v[2 * p] = pack(random_sign(), base - below, random_frac());
            v[2 * p + 1] = pack(random_sign(), 127, random_frac());
        }
        unsigned pair = rnd() % 3u;
        v[2] = v[0] ^ kSign;
        v[3] = pair == 0 ? v[1] : pair == 1 ? perturb(v[1]) : v[3];
        if (n > 2 * products) {
            v[2 * products] = pack(random_sign(), base - 22 - (int)(rnd() % 6u), random_frac());
            if (rnd() & 1u) {
                v[2 * products] = us_fp_mul(v[0], v[1], false) ^ kSign;
                v[2] = pack(random_sign(), base - 22 - (int)(rnd() % 6u), random_frac());
            }
        }
    }

    void random_operands(unsigned products, unsigned n, uint32_t *v)
    {
        switch (rnd() % 8u) {
        case 0:
            for (unsigned i = 0; i < n; i++)
                v[i] = rnd();
            break;
        case 1: fill_window(v, n); break;
        case 2: fill_edge(products, n, v); break;
        case 3: fill_cancel(products, n, v); break;
        case 4: fill_specials(v, n); break;
        case 5:  // around 1: fractions, 0.5, small integers
            for (unsigned i = 0; i < n; i++)
                v[i] = near_exp(127, 26);
            break;
        case 6:  // next to the special values: 0.5 +- a few ulps, the FTZ and overflow edges, NaN/inf boundaries
            for (unsigned i = 0; i < n; i++)
                v[i] = (rnd() & 1u) ? perturb(kSpecials[rnd() % kSpecialCount]) : near_exp(126, 2);
            break;
        default: fill_spread(products, n, v); break;
        }
    }

  private:
    Rng rng_;
};

// ---- The checker ----
template <class Top>
class Checker {
  public:
    Checker(const Op<Top> *ops, unsigned count) : ops_(ops), stats_(count) {}

    // Compare one operand set of one op; returns true on a match.
    bool check(Top &top, unsigned op, const uint32_t *v, const char *origin)
    {
        uint32_t want = ops_[op].model(v), got = ops_[op].rtl(top, v);
        Stats &s = stats_[op];
        s.cases++;
        s.nan += (want & 0x7FFFFFFFu) > 0x7F800000u;
        s.inf += (want & 0x7FFFFFFFu) == 0x7F800000u;
        s.zero += (want & 0x7FFFFFFFu) == 0;
        s.min_binade += (want & 0x7F800000u) == 0x00800000u;
        if (got == want)
            return true;
        if (s.failures++ < kShowMismatches)
            report(op, v, got, want, origin);
        return false;
    }

    void report(unsigned op, const uint32_t *v, uint32_t got, uint32_t want, const char *origin)
    {
        std::lock_guard<std::mutex> lock(print_mutex_);
        std::printf("  MISMATCH %s (%s):", ops_[op].name, origin);
        for (unsigned i = 0; i < ops_[op].operands(); i++)
            std::printf(" %08x", v[i]);
        std::printf(" -> rtl %08x, model %08x\n", got, want);
        std::fflush(stdout);
    }

    Stats &stats(unsigned op) { return stats_[op]; }

  private:
    const Op<Top> *ops_;
    std::vector<Stats> stats_;
    std::mutex print_mutex_;
};

inline double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Every tuple of specials (up to three operands), or every pair of positions with every pair of specials.
template <class Top>
void run_specials(Checker<Top> &chk, Top &top, const Op<Top> &op, unsigned index, Gen &gen)
{
    unsigned n = op.operands();
    uint32_t v[kMaxOperands] = {};
    if (n <= 3) {
        unsigned total = 1;
        for (unsigned i = 0; i < n; i++)
            total *= kSpecialCount;
        for (unsigned t = 0; t < total; t++) {
            for (unsigned i = 0, rest = t; i < n; i++, rest /= kSpecialCount)
                v[i] = kSpecials[rest % kSpecialCount];
            chk.check(top, index, v, "specials");
        }
        return;
    }
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
            for (unsigned si = 0; si < kSpecialCount; si++)
                for (unsigned sj = 0; sj < kSpecialCount; sj++) {
                    gen.fill_window(v, n);
                    v[i] = kSpecials[si];
                    v[j] = kSpecials[sj];
                    chk.check(top, index, v, "specials");
                }
}

// The directed cases: RTL, model and the value docs/fp.md states must agree.
template <class Top>
unsigned long long run_directed(Top &top, const Op<Top> *ops, unsigned count, const Directed *directed,
                                unsigned ndirected)
{
    unsigned long long bad = 0;
    for (unsigned d = 0; d < ndirected; d++) {
        const Directed &c = directed[d];
        unsigned op = 0;
        while (op < count && std::strcmp(ops[op].name, c.op) != 0)
            op++;
        if (op == count) {
            std::printf("  DIRECTED: no op named %s\n", c.op);
            bad++;
            continue;
        }
        uint32_t model = ops[op].model(c.v), rtl = ops[op].rtl(top, c.v);
        if (model != c.want || rtl != c.want) {
            std::printf("  DIRECTED %s: %s: want %08x, rtl %08x, model %08x\n", c.op, c.what, c.want, rtl, model);
            bad++;
        }
    }
    std::printf("directed edge cases: %u, failed %llu\n", ndirected, bad);
    return bad;
}

// ---- Exhaustive sweep of one-operand ops: 16 chunks of 2^28 inputs shared by the threads ----
template <class Top>
int run_exhaustive(const char *bench, const Op<Top> *ops, unsigned count, const std::string &which,
                   unsigned threads)
{
    std::vector<unsigned> sel;
    for (unsigned op = 0; op < count; op++)
        if (ops[op].unary_sweep && (which == "all" || which == ops[op].name))
            sel.push_back(op);
    if (sel.empty()) {
        bool any = false;
        for (unsigned op = 0; op < count; op++)
            any |= ops[op].unary_sweep;
        if (!any) {
            std::fprintf(stderr, "%s: --exhaustive: this bench has no one-operand ops (see fp_unary)\n", bench);
            return 2;
        }
        std::fprintf(stderr, "%s: --exhaustive: no one-operand op named '%s'; one of: all", bench, which.c_str());
        for (unsigned op = 0; op < count; op++)
            if (ops[op].unary_sweep)
                std::fprintf(stderr, " %s", ops[op].name);
        std::fprintf(stderr, "\n");
        return 2;
    }
    constexpr unsigned kChunks = 16;  // 2^28 inputs each
    Checker<Top> chk(ops, count);
    std::vector<std::vector<Stats>> part(threads, std::vector<Stats>(count));
    std::atomic<unsigned> next_chunk{0}, done_chunks{0};
    std::atomic<unsigned long long> failures_so_far{0};
    std::mutex progress_mutex;
    auto t0 = std::chrono::steady_clock::now();
    std::printf("%s: exhaustive sweep of %s over all 2^32 inputs, %u thread(s)\n", bench, which.c_str(), threads);
    std::fflush(stdout);

    auto worker = [&](unsigned t) {
        auto ctx = std::make_unique<VerilatedContext>();
        auto top = std::make_unique<Top>(ctx.get());
        std::vector<Stats> &st = part[t];
        for (unsigned chunk; (chunk = next_chunk++) < kChunks;) {
            uint32_t first = chunk << 28;
            for (unsigned op : sel) {
                Stats &s = st[op];
                uint32_t x = first;
                for (uint32_t i = 0; i < (1u << 28); i++, x++) {
                    uint32_t want = ops[op].model(&x), got = ops[op].rtl(*top, &x);
                    s.nan += (want & 0x7FFFFFFFu) > 0x7F800000u;
                    s.zero += (want & 0x7FFFFFFFu) == 0;
                    if (got != want) {
                        failures_so_far++;
                        if (s.failures++ < kShowMismatches)
                            chk.report(op, &x, got, want, "exhaustive");
                    }
                }
                s.cases += 1u << 28;
            }
            unsigned done = ++done_chunks;
            std::lock_guard<std::mutex> lock(progress_mutex);
            std::printf("  %2u/16: inputs %08x..%08x done, %llu failures so far, %.1f s\n", done, first,
                        first + ((1u << 28) - 1u), failures_so_far.load(), seconds_since(t0));
            std::fflush(stdout);
        }
        top->final();
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; t++)
        pool.emplace_back(worker, t);
    for (auto &th : pool)
        th.join();

    unsigned long long failures = 0;
    for (unsigned op : sel) {
        Stats total;
        for (auto &ps : part) {
            total.cases += ps[op].cases;
            total.failures += ps[op].failures;
            total.nan += ps[op].nan;
            total.zero += ps[op].zero;
        }
        std::printf("%-12s %llu inputs (results: %llu NaN, %llu zero), %llu failed\n", ops[op].name, total.cases,
                    total.nan, total.zero, total.failures);
        failures += total.failures;
    }
    std::printf("%s: exhaustive %s: %.1f s, %s\n", bench, which.c_str(), seconds_since(t0),
                failures ? "FAIL" : "all inputs match the C model");
    return failures ? 1 : 0;
}

// ---- main ----
template <class Top>
int bench_main(const char *bench, int argc, char **argv, const Op<Top> *ops, unsigned count,
               const Directed *directed, unsigned ndirected)
{
    unsigned long long cases = 1000000ull;
    uint64_t seed = 1;
    unsigned threads = 1;
    std::string exhaustive;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        bool has_value = i + 1 < argc;
        if (a == "--cases" && has_value)
            cases = std::strtoull(argv[++i], nullptr, 0);
        else if (a == "--seed" && has_value)
            seed = std::strtoull(argv[++i], nullptr, 0);
        else if (a == "--threads" && has_value)
            threads = (unsigned)std::strtoul(argv[++i], nullptr, 0);
        else if (a == "--exhaustive" && has_value)
            exhaustive = argv[++i];
        else {
            std::fprintf(stderr,
                         "usage: %s [--cases N] [--seed S] | --exhaustive OP|all [--threads T]\n"
                         "  default: directed cases, special-value tuples and N random operand sets per op "
                         "(N = 1000000, S = 1)\n",
                         bench);
            return 2;
        }
    }
    if (threads < 1 || threads > 256) {
        std::fprintf(stderr, "%s: --threads must be 1..256\n", bench);
        return 2;
    }
    if (!exhaustive.empty())
        return run_exhaustive(bench, ops, count, exhaustive, threads);

    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Top>(ctx.get());
    auto t0 = std::chrono::steady_clock::now();
    std::printf("%s: RTL vs C model, %llu random operand sets per op, seed %" PRIu64 "\n", bench, cases, seed);
    unsigned long long failures = run_directed(*top, ops, count, directed, ndirected);
    Checker<Top> chk(ops, count);
    Gen gen(seed);
    uint32_t v[kMaxOperands] = {};
    for (unsigned op = 0; op < count; op++) {
        run_specials(chk, *top, ops[op], op, gen);
        for (unsigned long long k = 0; k < cases; k++) {
            gen.random_operands(ops[op].products, ops[op].operands(), v);
            chk.check(*top, op, v, "random");
        }
        const Stats &s = chk.stats(op);
        std::printf("%-12s %8llu cases (results: %7llu NaN %7llu inf %7llu zero %6llu in [2^-126, 2^-125)), "
                    "%llu failed\n",
                    ops[op].name, s.cases, s.nan, s.inf, s.zero, s.min_binade, s.failures);
        std::fflush(stdout);
        failures += s.failures;
    }
    top->final();
    std::printf("%s: %.1f s, %s\n", bench, seconds_since(t0),
                failures ? "FAIL: RTL and C model differ" : "all ops match the C model");
    return failures ? 1 : 0;
}

}  // namespace fpb

#endif
