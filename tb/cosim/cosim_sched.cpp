// SchedCheck (cosim_sched.h): the round-robin issue contract, from the ports.
#include "cosim_sched.h"

#include <cstdio>

SchedCheck::SchedCheck(unsigned num_ctx, unsigned issue_to_record, unsigned issue_every)
    : num_ctx_(num_ctx), issue_to_record_(issue_to_record), issue_every_(issue_every ? issue_every : 1), ring_(issue_to_record + 2), running_(num_ctx, false), ready_at_(num_ctx, 0),
      waited_(num_ctx, 0)
{
}

void SchedCheck::cycle(bool launch, unsigned launch_ctx, bool record, unsigned record_ctx, bool record_done)
{
    uint64_t n = now_++;
    Slot &in = slot(n);
    in.launch = launch;
    in.launch_ctx = launch_ctx;
    Slot &out = slot(n + 1);  // a slot issue_to_record_ + 2 cycles old, checked long ago
    out = Slot();
    out.record = record;
    out.record_ctx = record_ctx;
    out.done = record_done;
    if (n + 1 >= issue_to_record_)
        check(n + 1 - issue_to_record_);
}

void SchedCheck::check(uint64_t n)
{
    const Slot &s = slot(n), &rec = slot(n + issue_to_record_);
    int want = -1;
    const bool may_issue = n >= next_issue_;
    for (unsigned i = 1; i <= num_ctx_ && want < 0 && may_issue; i++) {  // the first ready context after the last pick
        unsigned c = (last_pick_ + i) % num_ctx_;
        if (running_[c] && ready_at_[c] <= n)
            want = (int)c;
    }
    int got = rec.record ? (int)rec.record_ctx : -1;
    if (got != want && violation_.empty()) {
        std::string ready;  // the ready contexts in round-robin order, for the message only
        for (unsigned i = 1; i <= num_ctx_; i++) {
            unsigned c = (last_pick_ + i) % num_ctx_;
            if (running_[c] && ready_at_[c] <= n)
                ready += (ready.empty() ? "" : " ") + std::to_string(c);
        }
        char why[512];
        if (got >= 0 && !may_issue)
            snprintf(why, sizeof why, "IF issued context %d %llu cycles after the issue before; a quad-instruction "
                     "takes %u", got, (unsigned long long)(n + issue_every_ - next_issue_), issue_every_);
        else if (got >= 0 && (got >= (int)num_ctx_ || !running_[got] || ready_at_[got] > n))
            snprintf(why, sizeof why, "IF issued context %d, which was %s", got,
                     got >= (int)num_ctx_ ? "out of range" : running_[got] ? "busy" : "not running");
        else if (got < 0)
            snprintf(why, sizeof why, "IF issued nothing although context %d was ready (ready: %s)", want,
                     ready.c_str());
        else
            snprintf(why, sizeof why, "IF issued context %d; round robin after context %u picks %s (ready: %s)",
                     got, last_pick_, want < 0 ? "none" : ("context " + std::to_string(want)).c_str(), ready.c_str());
        violation_ = std::string("cycle ") + std::to_string(n) + ": " + why + " (docs/rtl.md, Scheduling)";
        violation_cycle_ = n;
    }
    for (unsigned c = 0; c < num_ctx_; c++)  // waits count the cycles IF could have issued
        if (may_issue && running_[c] && ready_at_[c] <= n && (int)c != got)
            waited_[c]++;
    if (got >= 0 && got < (int)num_ctx_) {
        if (waited_[got] > max_wait_)
            max_wait_ = waited_[got];
        waited_[got] = 0;
        last_pick_ = (unsigned)got;
        next_issue_ = n + issue_every_;
        ready_at_[got] = n + issue_to_record_;
        if (rec.done)
            running_[got] = false;
    }
    if (s.launch && s.launch_ctx < num_ctx_) {  // ready from the next cycle
        running_[s.launch_ctx] = true;
        ready_at_[s.launch_ctx] = n + 1;
        waited_[s.launch_ctx] = 0;
    }
}
