// The issue scheduler's contract, checked from the core's ports alone (docs/rtl.md, "Scheduling"): a context is
// ready from its launch, and again on the cycle its record leaves the retire port, until its quad ends; in every
// cycle IF issues the first ready context after the one it issued last (round robin; context 0 counts as the last
// one after reset), and nothing when none is ready: a quad's input writes, which have their own port, stall
// nothing. An
// instruction issued in cycle n is on the retire port in cycle n + issue_to_record, the core's stage plan
// (us_core's IssueToRetire, from rtl/core/us_core_pkg.sv), and its context is ready again from that cycle.
// So a frozen or skipped round-robin pointer, an idle cycle with a context ready, or a context issued while busy
// is caught where it happens, whatever the results; the waits it measures are the IPC regression's figures.
// With fewer than four lanes (us_core's Lanes) a quad-instruction takes issue_every clocks of EX and TA, and IF
// issues at most once in that many cycles (us_core's IssueEvery): an issue sooner is a breach, and the cycles
// between are none a context waits for.
#ifndef COSIM_SCHED_H
#define COSIM_SCHED_H

#include <cstdint>
#include <string>
#include <vector>

class SchedCheck {
  public:
    SchedCheck(unsigned num_ctx, unsigned issue_to_record, unsigned issue_every = 1);
    // One clock cycle: whether the harness launched a quad during it (its context is ready from the next cycle),
    // and the record the retire port shows in the cycle after it.
    void cycle(bool launch, unsigned launch_ctx, bool record, unsigned record_ctx, bool record_done);
    // The first breach of the contract ("" while none): the cycle, what issued, what round robin picks.
    const std::string &violation() const { return violation_; }
    uint64_t violation_cycle() const { return violation_cycle_; }
    // The longest a ready context waited for IF, in cycles, over the cycles checked.
    uint64_t max_wait() const { return max_wait_; }
    unsigned issue_to_record() const { return issue_to_record_; }

  private:
    struct Slot {
        bool launch = false;
        unsigned launch_ctx = 0;
        bool record = false, done = false;
        unsigned record_ctx = 0;
    };
    void check(uint64_t n);  // cycle n, now that its issue's record (cycle n + issue_to_record_) is known
    Slot &slot(uint64_t n) { return ring_[n % ring_.size()]; }

    unsigned num_ctx_;
    unsigned issue_to_record_;
    unsigned issue_every_;
    uint64_t next_issue_ = 0;         // the first cycle IF may issue again
    std::vector<Slot> ring_;          // the last issue_to_record_ + 1 cycles
    std::vector<bool> running_;       // launched and not ended
    std::vector<uint64_t> ready_at_;  // the first cycle it may issue again
    std::vector<uint64_t> waited_;    // cycles passed over since it became ready
    unsigned last_pick_ = 0;
    uint64_t now_ = 0;  // cycles seen
    uint64_t max_wait_ = 0;
    std::string violation_;
    uint64_t violation_cycle_ = 0;
};

#endif
