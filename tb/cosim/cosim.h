// The lockstep co-simulation, shared by uscosim (plain C++ clock) and uscosim_sc (SystemC sc_clock): options, the
// Verilated core with its clock and waveform, and the run.
#ifndef COSIM_H
#define COSIM_H

#include <cstdint>
#include <deque>
#include <memory>

#include "Vus_core.h"
#include "verilated.h"

extern "C" {
#include "golden/us_model.h"
}

// One build writes one waveform format (Verilator cannot do both): US_TRACE_FST selects FST.
#ifdef US_TRACE_FST
#include "verilated_fst_c.h"
#define US_WAVE_CLASS VerilatedFstC
#else
#include "verilated_vcd_c.h"
#define US_WAVE_CLASS VerilatedVcdC
#endif

#ifndef US_NUM_CTX
#define US_NUM_CTX 1
#endif

struct Options {
    const char *vec = nullptr, *program = nullptr;
    const char *wave = nullptr;  // --vcd FILE or --fst FILE
    bool wave_fst = false;
    const char *report_dir = "build";
    const char *result = nullptr;  // --result FILE: the verdict as JSON
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
    Vus_core &top() { return *top_; }
    uint64_t cycle() const { return cycle_; }
    void reset();
    void tick();
    void eval_clock(bool level);  // drive clk_i, evaluate, dump the waveform
    void flip_next_red_write(uint32_t mask);
    struct Retired {
        uint64_t cycle;
        us_retire_t rec;
    };
    std::deque<Retired> records;

  protected:
    virtual void edges();

  private:
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vus_core> top_;
    std::unique_ptr<US_WAVE_CLASS> wave_;
    const Options &opt_;
    uint64_t cycle_ = 0;
};

// Parses the command line into o; 0, or 2 after a usage message.
int cosim_parse(int argc, char **argv, Options &o);
// Loads, runs and compares; returns the exit status (0 match, 1 mismatch, 2 bad input).
int cosim_run(const Options &o, Rtl &rtl, int argc, char **argv);
// -1 when this build writes the waveform asked for (or none is); otherwise runs the build that does (same
// directory, uscosim or uscosim_fst) with the same arguments, and returns 2 only when it could not.
int cosim_wave_build(const Options &o, char **argv);

#endif
