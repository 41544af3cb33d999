// The mismatch report of uscosim: text on stdout and in DIR/mismatch-NAME-SEED.txt, JSON beside it.
#ifndef COSIM_REPORT_H
#define COSIM_REPORT_H

#include <string>
#include <vector>

#include "rtl_record.h"

class CosimReport {
  public:
    CosimReport(std::string dir, std::string input, unsigned long long seed, std::string command);
    // Keeps the last 16 retired instructions (golden records; formatted as trace lines for a report).
    void retired(const us_retire_t &golden);
    void mismatch(unsigned long long cycle, unsigned quad, const us_retire_t &golden, const us_retire_t &rtl,
                  const std::vector<FieldDiff> &diffs);
    void hang(unsigned long long cycle, const char *why);
    // The round-robin scheduler broke its contract (cosim_sched.h) in cycle `cycle`.
    void schedule(unsigned long long cycle, const std::string &why);
    // A design assertion failed in cycle `cycle` (Verilator's message, printed before, names it).
    void assertion(unsigned long long cycle);
    void unexpected(unsigned long long cycle, const us_retire_t &rtl);
    // The register writes did not load the RTL (verdict unknown_register: the load port flagged a write; registers:
    // a register holds other than the writes leave it); why names each write or register.
    void load(unsigned long long cycle, const char *verdict, const std::string &why);
    // The run's verdict as JSON (--result FILE), for runners: the report's verdict, file and repro command when one
    // was written, else `verdict` with the run's own command line. Returns false when FILE cannot be written.
    struct Figures {
        unsigned long long retired, cycles, cycle_limit;
        double cpu_s, ipc;
        unsigned long long max_wait;  // cycles a ready context waited for IF, at most
        unsigned issue_to_retire;     // the core's stage plan: cycles from issue to the retire record
    };
    bool write_result(const char *file, const char *verdict, const Figures &f) const;

  private:
    void write(const std::string &text, const std::string &json);
    void stop(unsigned long long cycle, const char *verdict, const std::string &why);  // hang, schedule, assertion
    std::string repro(unsigned long long cycle) const;
    std::string dir_, input_, command_, stem_;
    std::string written_verdict_, written_repro_;  // set when a report is written
    unsigned long long seed_;
    // The last kHistory golden records, a ring (a deque of records this size allocates at every push).
    static constexpr size_t kHistory = 16;
    us_retire_t last_[kHistory];
    size_t last_count_ = 0;  // records seen
    std::vector<std::string> history() const;
};

#endif
