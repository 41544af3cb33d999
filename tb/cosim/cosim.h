// The lockstep co-simulation, shared by uscosim (plain C++ clock) and uscosim_sc (SystemC sc_clock): options, the
// Verilated core with its clock and waveform (cosim.cpp), and the run (cosim_run.cpp, its steps listed at the top).
#ifndef COSIM_H
#define COSIM_H

#include <cstdint>
#include <vector>
#include <memory>
#include <string>

#include "Vus_core.h"
#include "Vus_core___024root.h"
#include "cosim_sched.h"
#include "verilated.h"

extern "C" {
#include "golden/us_model.h"
}

// The waveform is a VCD; --fst converts it with GTKWave's vcd2fst when the run ends (no build of its own).
#include "verilated_vcd_c.h"
// Verilator's own VCD file makes a failed write fatal, and its fatal path flushes the very trace it is inside of:
// a full disk hung the run. This one keeps the first error and drops the rest; the harness stops on it.
class VcdFile : public VerilatedVcdFile {
  public:
    bool open(const std::string &name) override;
    void close() override;
    ssize_t write(const char *buf, ssize_t len) override;
    int error = 0;  // the first errno of open, write or close

  private:
    int fd_ = -1;
};

#ifndef US_NUM_CTX
#define US_NUM_CTX 1
#endif

// The default cycle limit is the watchdog's worth (watchdog x (D + 1) x quads + 100000, D the core's issue-to-retire
// cycles) but never more than this: a vector may ask for a watchdog of 2^24 instructions (vectors/FORMAT.md), hours
// of simulation (--max-cycles N goes further).
constexpr unsigned long long US_COSIM_CYCLE_CAP = 1ull << 25;
// Exit status of a run that reached its cycle limit before the quads finished (no mismatch seen so far).
constexpr int US_COSIM_TIMEOUT = 3;

struct Options {
    const char *vec = nullptr, *program = nullptr;
    const char *writes = nullptr;  // --writes FILE: the RTL loads a bring-up export's writes.txt, not the vector's own
    const char *wave = nullptr;  // --vcd FILE or --fst FILE
    bool wave_fst = false;
    const char *report_dir = "build";
    const char *result = nullptr;  // --result FILE: the verdict as JSON
    const char *coverage = nullptr;  // --coverage-dat FILE: the coverage build's counts (tb/cosim/cosim_cov.h)
    bool have_seed = false, quiet = false, trace = false;
    unsigned long long seed = 0, wave_from = 0, wave_to = ~0ull, max_cycles = 0;
    unsigned quads = US_NUM_CTX;
    unsigned random_len = 0;  // --random LEN: a random legal program of every type
    bool random_alu = false;  // --random-alu LEN: ALU/OUT only (speed figures)
    bool rtl_only = false;    // --rtl-only: run the RTL without the model (speed figure of the Verilated core)
    long long flip_bit = -1;  // fault injection: flip this bit of the next red write of pixel 0
    unsigned rand_seed = 0;   // Verilator's random initial state (0: zeros)
    int argc = 0;             // the command line, for Verilator's own +verilator+... arguments
    char **argv = nullptr;
};

// The Verilated core. tick() advances one clock cycle and keeps the retire record the port then shows; edges()
// makes the rising and the falling edge, and a SystemC driver overrides it to wait for its sc_clock instead.
class Rtl {
  public:
    explicit Rtl(const Options &o);
    virtual ~Rtl();
    // Why the waveform cannot be written (it names the file), or "" while it can.
    std::string wave_problem() const;
    // Flushes and closes the waveform; false when it could not be written in full.
    bool close_wave();
    // Removes the waveform file of a run that failed to write it or refused its input (a regular file only).
    void discard_wave();
    Vus_core &top() { return *top_; }
    VerilatedContext &context() { return *ctx_; }
    uint64_t cycle() const { return cycle_; }
    // Resets the core and waits for its memories' sweep (mem_ready_o); false if it never ends within kSweepCycles.
    bool reset();
    static constexpr unsigned kSweepCycles = 4096;
    void tick();
    void eval_clock(bool level);  // drive clk_i, evaluate, dump the waveform
    void flip_next_red_write(uint32_t mask);
    const SchedCheck &sched() const { return sched_; }
    // A design assertion (rtl/us_assert.svh) failed: the cycle it was seen in, 0 while none has. Verilator prints
    // the assertion's own message ("assertion NAME failed: ...") on standard output when it fails.
    uint64_t assertion_cycle() const { return assert_cycle_; }
    struct Retired {
        uint64_t cycle;
        us_retire_t rec;
    };
    // The records not compared yet, oldest first: a ring that doubles when full (a std::deque of records this size
    // allocates a node at every push).
    class Queue {
      public:
        bool empty() const { return size_ == 0; }
        const Retired &front() const { return buf_[head_]; }
        const Retired &back() const { return buf_[(head_ + size_ - 1) & (buf_.size() - 1)]; }
        void pop_front()
        {
            head_ = (head_ + 1) & (buf_.size() - 1);
            size_--;
        }
        // A new last element, for the caller to fill in place (a record is 424 bytes: no copies on the way).
        Retired &push_slot()
        {
            if (size_ == buf_.size()) {
                std::vector<Retired> grown(buf_.size() * 2);
                for (size_t i = 0; i < size_; i++)
                    grown[i] = buf_[(head_ + i) & (buf_.size() - 1)];
                buf_.swap(grown);
                head_ = 0;
            }
            size_++;
            return buf_[(head_ + size_ - 1) & (buf_.size() - 1)];
        }

      private:
        std::vector<Retired> buf_ = std::vector<Retired>(64);  // a power of two
        size_t head_ = 0, size_ = 0;
    };
    Queue records;

  protected:
    virtual void edges();

  private:
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vus_core> top_;
    std::unique_ptr<VcdFile> vcd_file_;  // before wave_: the writer closes it when destroyed
    std::unique_ptr<VerilatedVcdC> wave_;
    std::string vcd_path_;       // where the VCD goes: the waveform itself, or for --fst a part beside it
    int wave_errno_ = 0;         // opening or finishing the waveform failed
    const char *wave_why_ = "";  // what failed, when errno says too little
    bool wave_created_ = false;  // the file is this run's (a failed run may remove it)
    uint64_t last_dump_ = 0;     // the waveform's last time stamp
    bool open_wave();
    void convert_to_fst();
    const Options &opt_;
    uint64_t cycle_ = 0;
    uint64_t assert_cycle_ = 0;
    SchedCheck sched_{US_NUM_CTX, Vus_core___024root::us_core__DOT__IssueToRetire,
                      Vus_core___024root::us_core__DOT__IssueEvery};  // fed by every tick; the core's stage plan
};

// Parses the command line into o: -1 to run; else the exit status, 2 after a message naming what is wrong, 0 after
// the --help text.
int cosim_parse(int argc, char **argv, Options &o);
// Loads, runs and compares; returns the exit status (0 match, 1 mismatch or a failed design assertion, 2 bad input
// or an unwritable output, US_COSIM_TIMEOUT when the cycle limit came first).
int cosim_run(const Options &o, Rtl &rtl, int argc, char **argv);
#endif
