// The scheduler-contract checker (cosim_sched.h) against issue streams of small cores simulated here: a
// round-robin core passes; a frozen pointer, a core idle with a context ready, one that issues a busy context and
// one that still stalls while a quad's inputs are written each fail, in the cycle they go wrong, and so does a core
// whose pipeline is one stage longer or shorter than the depth the checker is given (a stage plan out of step with
// the stage registers), and one that holds between issues for more or fewer clocks than a quad-instruction's beats
// (us_core's IssueEvery, Lanes below 4). The streams have
// input writes and quads that end and relaunch, as the harness makes them. Exit 0 when every case holds.
#include <cstdio>
#include <string>
#include <vector>

#include "cosim_sched.h"

namespace {

enum class Bug { None, FrozenPointer, IdleOnce, BusyIssue, StallOnInput };

// A core with n contexts, one instruction in flight per context for d cycles from issue to record, quads of `len`
// instructions, a relaunch (3 to 7 cycles of input writes, then the launch) when a quad ends, `cycles` cycles long,
// checked as a core of depth check_d; the core issues at most once in `every` cycles, checked as check_every.
// Returns the checker's first violation ("" for none).
std::string simulate(unsigned n, Bug bug, unsigned len, unsigned cycles, uint64_t *first_bad, unsigned d = 9,
                     unsigned check_d = 0, unsigned every = 1, unsigned check_every = 0)
{
    SchedCheck chk(n, check_d ? check_d : d, check_every ? check_every : every);
    uint64_t next_issue = 0;
    std::vector<bool> running(n, false);
    std::vector<uint64_t> busy_until(n, 0), left(n, 0);
    struct Issue {
        bool valid;
        unsigned ctx;
        bool done;
    };
    std::vector<Issue> inflight(cycles + d + 1, Issue{false, 0, false});
    unsigned rr = 0, stall = 0;
    std::vector<unsigned> to_launch;
    for (unsigned c = 0; c < n; c++)
        to_launch.push_back(c);
    bool idled = false, busied = false;
    *first_bad = ~0ull;
    for (uint64_t t = 0; t < cycles; t++) {
        bool tin_we = false, launch = false;
        unsigned launch_ctx = 0;
        if (stall) {  // writing the input temporaries of to_launch.front()
            tin_we = true;
            if (--stall == 0) {
                tin_we = false;
                launch = true;
                launch_ctx = to_launch.front();
                to_launch.erase(to_launch.begin());
            }
        } else if (!to_launch.empty()) {
            stall = 3 + to_launch.front() % 5;  // input writes of different lengths: launches meet readiness
            tin_we = true;
        }
        int pick = -1;
        bool may_issue = !(tin_we && bug == Bug::StallOnInput) && t >= next_issue;
        for (unsigned i = 1; i <= n && may_issue; i++) {
            unsigned c = ((bug == Bug::FrozenPointer ? 0 : rr) + i) % n;
            if (running[c] && busy_until[c] <= t && pick < 0)
                pick = (int)c;
        }
        if (bug == Bug::IdleOnce && pick >= 0 && t > 40 && !idled) {
            idled = true;
            pick = -1;
        }
        if (bug == Bug::BusyIssue && pick < 0 && t > 40 && !busied && running[0]) {
            busied = true;
            pick = 0;  // context 0 again, while its instruction is in flight
        }
        if (pick >= 0) {
            unsigned c = (unsigned)pick;
            rr = c;
            next_issue = t + every;
            busy_until[c] = t + d;
            bool done = --left[c] == 0;
            inflight[t + d] = Issue{true, c, done};
        }
        // the record of cycle t + 1, as the port shows it after the clock edge
        const Issue &rec = inflight[t + 1];
        if (rec.valid && rec.done) {
            running[rec.ctx] = false;
            to_launch.push_back(rec.ctx);
        }
        if (launch) {
            running[launch_ctx] = true;
            busy_until[launch_ctx] = t + 1;
            left[launch_ctx] = len;
        }
        chk.cycle(launch, launch_ctx, rec.valid, rec.ctx, rec.done);
    }
    *first_bad = chk.violation_cycle();
    return chk.violation();
}

int failures = 0;

void expect(bool ok, const std::string &what)
{
    printf("%s: %s\n", ok ? "ok" : "FAIL", what.c_str());
    failures += !ok;
}

}  // namespace

int main()
{
    uint64_t at;
    for (unsigned d : {7u, 9u, 16u}) {
        for (unsigned n : {1u, 2u, 4u, 7u, 8u, 9u, 16u}) {
            std::string v = simulate(n, Bug::None, 13, 3000, &at, d);
            expect(v.empty(), "depth " + std::to_string(d) + ", NUM_CTX " + std::to_string(n) +
                                  ": a round-robin core keeps the contract (" + v + ")");
        }
    }
    for (unsigned n : {1u, 4u, 8u, 9u, 16u}) {
        for (int off : {-1, 1}) {
            std::string v = simulate(n, Bug::None, 13, 3000, &at, 9 + off, 9);
            expect(!v.empty(), "NUM_CTX " + std::to_string(n) + ": a core of depth " + std::to_string(9 + off) +
                                   " checked as depth 9 is caught (" + v + ")");
        }
    }
    for (unsigned every : {2u, 4u}) {  // Lanes 2 and 1: D = 20 + every - 1
        unsigned d = 19 + every;
        for (unsigned n : {1u, 4u, 8u}) {
            std::string what = "NUM_CTX " + std::to_string(n) + ", a quad-instruction in " + std::to_string(every) +
                               " clocks: ";
            std::string v = simulate(n, Bug::None, 13, 3000, &at, d, d, every);
            expect(v.empty(), what + "a core that holds between issues keeps the contract (" + v + ")");
            if (n > 1) {  // one context is never ready again within `every` cycles: the hold does not show
                v = simulate(n, Bug::None, 13, 3000, &at, d, d, 1, every);
                expect(v.find("cycles after the issue before") != std::string::npos,
                       what + "a core that does not hold is caught (" + v + ")");
                v = simulate(n, Bug::None, 13, 3000, &at, d, d, every + 1, every);
                expect(v.find("issued nothing") != std::string::npos,
                       what + "a core that holds a clock too long is caught (" + v + ")");
                v = simulate(n, Bug::None, 13, 3000, &at, d, d, every - 1, every);
                expect(!v.empty(), what + "a core that holds a clock too short is caught (" + v + ")");
            }
        }
    }
    for (unsigned n : {2u, 4u, 8u}) {
        std::string v;
        if (n > 2) {  // at 2, only one context runs across a relaunch's stall: the pick is the same either way
            v = simulate(n, Bug::FrozenPointer, 13, 3000, &at);
            expect(v.find("round robin") != std::string::npos,
                   "NUM_CTX " + std::to_string(n) + ": a frozen pointer is caught (" + v + ")");
        }
        v = simulate(n, Bug::IdleOnce, 13, 3000, &at);
        expect(v.find("issued nothing") != std::string::npos && at > 40,
               "NUM_CTX " + std::to_string(n) + ": a cycle idle with a context ready is caught (" + v + ")");
        v = simulate(n, Bug::StallOnInput, 13, 3000, &at);
        expect(v.find("issued nothing") != std::string::npos,
               "NUM_CTX " + std::to_string(n) + ": a core that stalls while inputs are written is caught (" + v + ")");
    }
    std::string v = simulate(1, Bug::BusyIssue, 13, 3000, &at);
    expect(v.find("busy") != std::string::npos, "a busy context issued is caught (" + v + ")");
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
