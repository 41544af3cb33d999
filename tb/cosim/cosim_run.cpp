// The lockstep run of uscosim and uscosim_sc (cosim.h: cosim_run): every retire record of the RTL against the C
// golden model's record of the same context, field by field. A run is these steps, each a method of Lockstep below:
//   1. read_input: the vector; or a program, or a random legal program, with inputs and constants from the seed.
//   2. setup_model, read_load_list: the model's shader; the register writes the RTL loads (the vector's own, or a
//      bring-up export's with --writes FILE) and the model's registers after exactly those writes.
//   3. load_registers, load_textures: reset the core, write the registers through its load port and check what it
//      holds; write every texture.
//   4. launch_first_wave: a quad loaded into every context, then all launched in consecutive cycles.
//   5. step, until every quad has ended or a verdict stops the run: tick while no retire record waits; else step
//      the model's quad of the record's context and compare the two records; where a quad ends, check quad 0's
//      expectations and launch the next quad in its context.
//   6. final_checks, summary: what the last cycles showed, the waveform closed, the summary line and --result.
// All of a run's state is one Lockstep, on the heap: a vector, a program and two shaders are too large for the stack
// of uscosim_sc's SystemC thread.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "cosim.h"
#include "cosim_cov.h"
#include "cosim_report.h"
#include "rtl_record.h"
#include "generated/us_state_pack.h"
#include "writes_file.h"

extern "C" {
#include "gen/us_bringup.h"
#include "isa/us_access.h"
#include "isa/us_hex.h"
#include "gen/us_random.h"
#include "gen/us_randprog.h"
#include "golden/us_trace.h"
#include "gen/us_vec.h"
#include "gen/us_vec_trace.h"
}

namespace {

// One write through the load port; false when the port flags it as no register of its own (reg_bad_o).
bool reg_write(Rtl &rtl, uint32_t addr, uint32_t value)
{
    Vus_core &t = rtl.top();
    t.reg_we_i = 1;
    t.reg_addr_i = addr & 0xFFFFu;
    t.reg_wdata_i = value;
    rtl.tick();
    bool bad = t.reg_bad_o;  // the port's decode of this write (the inputs still stand)
    t.reg_we_i = 0;
    return !bad;
}

// The control registers the load port holds (rtl/us_load_port.sv; US_OUT_FMT_n and US_W_FMT it accepts and does not
// store), read from the Verilated core: every harness build traces, which keeps these flops as members.
struct HeldReg {
    unsigned reg;    // enum us_reg_id
    unsigned index;  // of an indexed register
};
std::vector<HeldReg> held_regs()
{
    std::vector<HeldReg> r;
    for (unsigned id : {US_REG_CONFIG, US_REG_PIXSIZE, US_REG_FC_BOOL_CONST, US_REG_FC_CTRL, US_REG_CODE_ADDR,
                        US_REG_CODE_RANGE, US_REG_CODE_OFFSET})
        r.push_back({id, 0});
    for (unsigned i = 0; i < US_FC_INT_CONST_COUNT; i++)
        r.push_back({US_REG_FC_INT_CONST, i});
    return r;
}
uint32_t rtl_held(Vus_core &t, HeldReg h)
{
    auto *r = t.rootp;
    switch (h.reg) {
    case US_REG_CONFIG: return r->us_core__DOT__u_load_port__DOT__config_q;
    case US_REG_PIXSIZE: return r->us_core__DOT__u_load_port__DOT__pixsize_q;
    case US_REG_FC_BOOL_CONST: return r->us_core__DOT__u_load_port__DOT__bool_const_q;
    case US_REG_FC_CTRL: return r->us_core__DOT__u_load_port__DOT__fc_ctrl_q;
    case US_REG_CODE_ADDR: return r->us_core__DOT__u_load_port__DOT__code_addr_q;
    case US_REG_CODE_RANGE: return r->us_core__DOT__u_load_port__DOT__code_range_q;
    case US_REG_CODE_OFFSET: return r->us_core__DOT__u_load_port__DOT__code_offset_q;
    default: return r->us_core__DOT__u_load_port__DOT__int_const_q[h.index];  // US_FC_INT_CONST_n
    }
}
uint32_t model_held(const us_shader_t &sh, HeldReg h)
{
    switch (h.reg) {
    case US_REG_CONFIG: return sh.config;
    case US_REG_PIXSIZE: return sh.pixsize;
    case US_REG_FC_BOOL_CONST: return sh.bool_const;
    case US_REG_FC_CTRL: return sh.fc_ctrl;
    case US_REG_CODE_ADDR: return sh.code_addr;
    case US_REG_CODE_RANGE: return sh.code_range;
    case US_REG_CODE_OFFSET: return sh.code_offset;
    default: return sh.int_const[h.index];
    }
}

// A quad's inputs: quad 0 is the vector's; the others random, from the seed.
struct QuadInputs {
    uint8_t covered;
    uint32_t temp[US_NPIX][US_NTEMP][4];
};

void make_inputs(const us_vector_t &v, unsigned index, unsigned long long seed, QuadInputs *in)
{
    if (index == 0) {
        in->covered = v.covered;
        memcpy(in->temp, v.temp, sizeof in->temp);
        return;
    }
    us_rng_t rng = {seed * 0x9E3779B97F4A7C15ull + index};
    in->covered = (uint8_t)(us_rng_next(&rng) & 0xFu);
    if (us_rng_next(&rng) & 1u)
        in->covered = 0xF;
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++)
            for (unsigned c = 0; c < 4; c++)
                in->temp[p][a][c] = (a < 16u) ? us_rng_float(&rng) : v.temp[p][a][c];
}

// A quad's inputs: clear the context, write the inputs at the addresses its program can read (reads[], all four
// pixels of one address a cycle through the input port; the others stay cleared, as the program never sees them).
// The other contexts run on meanwhile (the input port is the temporaries' second write port).
void load_inputs(Rtl &rtl, unsigned ctx, const QuadInputs &in, const bool reads[US_TEMP_ADDRS])
{
    Vus_core &t = rtl.top();
    t.clear_i = 1;
    t.clear_ctx_i = ctx;
    rtl.tick();
    t.clear_i = 0;
    for (unsigned a = 0; a < US_NTEMP; a++) {
        uint32_t any = 0;
        for (unsigned p = 0; p < US_NPIX; p++)
            for (unsigned c = 0; c < 4; c++)
                any |= in.temp[p][a][c];
        if (!reads[a] || !any)
            continue;
        t.tin_we_i = 1;
        t.tin_ctx_i = ctx;
        t.tin_addr_i = a;
        for (unsigned p = 0; p < US_NPIX; p++)
            for (unsigned c = 0; c < 4; c++)
                t.tin_data_i[p * 4 + c] = in.temp[p][a][c];
        rtl.tick();
        t.tin_we_i = 0;
    }
}

// Launches the quad loaded into context ctx: one cycle of the launch port.
void launch(Rtl &rtl, unsigned ctx, uint8_t covered)
{
    Vus_core &t = rtl.top();
    t.launch_i = 1;
    t.launch_ctx_i = ctx;
    t.launch_covered_i = covered;
    rtl.tick();
    t.launch_i = 0;
}

// The command that reproduces this run, without --result FILE (a repro must not overwrite a runner's result) and
// without its waveform options (a report's repro adds its own window; two waveforms would be refused).
std::string command_line(int argc, char **argv)
{
    static const char *const dropped[] = {"--result", "--vcd", "--fst", "--wave-from", "--wave-to", "--coverage-dat"};
    std::string s;
    for (int i = 0; i < argc; i++) {
        bool drop = false;
        for (const char *d : dropped)
            drop |= !strcmp(argv[i], d) && i + 1 < argc;
        if (drop) {
            i++;
            continue;
        }
        if (!s.empty())
            s += ' ';
        s += argv[i];
    }
    return s;
}

// A setup step's return when the run goes on (any other value is the run's exit status).
constexpr int kGoOn = -1;

// One run's state and its steps (the list at the top of this file).
struct Lockstep {
    Lockstep(const Options &opt, Rtl &core, int argc, char **argv);
    ~Lockstep();
    Lockstep(const Lockstep &) = delete;
    Lockstep &operator=(const Lockstep &) = delete;

    int read_input();
    void setup_model();
    int read_load_list();
    int load_registers();
    void load_textures();
    void launch_first_wave();
    bool step();
    void final_checks();
    int summary();

    std::string where(const FileWrite &f) const;
    void check_held();
    void start_quad(unsigned ctx, bool now);
    bool tick_idle();
    bool compare_next();
    void trace_line(unsigned ctx, const us_retire_t &want);
    void quad_done(unsigned ctx, uint64_t at);

    const Options &o;
    Rtl &rtl;
    const std::string random_name;  // the name of a random program's run
    const char *const path;         // the input as messages and reports name it
    us_vector_t v{};
    us_program_t prog{};  // --program's or the random program
    // The model: one shader, one quad per context (quad_of: which quad of the run it is).
    us_shader_t sh{};
    us_quad_t first{};  // us_vec_setup's quad 0 (each quad is set up by start_quad)
    us_quad_t model[US_NUM_CTX]{};
    unsigned quad_of[US_NUM_CTX]{};
    bool reads[US_TEMP_ADDRS]{};      // the temporaries the program can read: the only inputs written
    QuadInputs inputs[US_NUM_CTX]{};  // each context's quad, while it runs
    std::vector<FileWrite> load;      // the writes the RTL loads, in order
    us_shader_t loaded{};             // the model after exactly those writes: what the RTL's registers must hold
    const char *load_verdict = nullptr;  // unknown_register or registers: the writes did not load the RTL
    std::string load_fault;              // what did not load, a line each
    uint64_t load_cycle = 0;             // the cycle it showed in
    CosimReport report;
    unsigned launched = 0, finished = 0;  // quads
    clock_t t0 = 0;  // the run's CPU time: every quad's launch and run (not the program and texture loads)
    uint64_t max_cycles = 0;  // the cycle limit: --max-cycles, or the watchdog's worth (capped)
    uint64_t retired = 0, idle = 0;  // records compared; cycles in a row without one
    // Steady state: from the moment every first-wave quad is launched to the first end of a quad.
    uint64_t steady_from = 0, steady_to = 0, steady_retired = 0;
    int verdict = 0;                     // the exit status so far
    const char *verdict_name = "match";  // --result's verdict unless a report names one
    us_strbuf_t line;                    // a trace line
    us_trace_cmp_t trace0{};             // quad 0's retire lines against a vector's expected trace, as they come
};

Lockstep::Lockstep(const Options &opt, Rtl &core, int argc, char **argv)
    : o(opt), rtl(core), random_name((opt.random_alu ? "random_alu" : "random") + std::to_string(opt.random_len)),
      path(opt.vec ? opt.vec : opt.program ? opt.program : random_name.c_str()),
      report(opt.report_dir, path, opt.seed, command_line(argc, argv))
{
    us_vec_init(&v);
    us_sb_init(&line);
}

Lockstep::~Lockstep()
{
    us_sb_free(&line);
    us_trace_cmp_free(&trace0);
    us_vec_free(&v);
}

// Step 1: the input into v (and prog): the vector; --program's file with inputs and constants made from the seed;
// or a random program (--random, --random-alu) the same way, with watchdog 4096. Returns kGoOn, or 2 after a message
// when the input cannot be read or parsed, or needs other stack depths or counter width than this RTL build has.
int Lockstep::read_input()
{
    char err[512];
    if (o.random_len) {
        if (o.random_alu)
            us_random_alu_program(&prog, o.random_len, o.seed);
        else
            us_random_program(&prog, o.random_len, o.seed);
        us_random_vector(&v, &prog, o.seed);
        v.params.watchdog = 4096;
    } else {
        char *text = us_read_file(path, err, sizeof err);
        if (!text) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        int rc = o.vec ? us_vec_parse(text, path, &v, err, sizeof err)
                       : us_hex_parse(text, path, &prog, err, sizeof err);
        free(text);
        if (rc) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        if (o.program)
            us_random_vector(&v, &prog, o.seed);
    }
    if (v.params.loop_depth != US_LOOP_DEPTH || v.params.addr_depth != US_ADDR_DEPTH ||
        v.params.counter_bits != US_COUNTER_BITS) {
        fprintf(stderr,
                "%s: the vector needs loop_depth %u, addr_depth %u, counter_bits %u; this RTL build has %u, %u, %u\n",
                path, v.params.loop_depth, v.params.addr_depth, v.params.counter_bits, US_LOOP_DEPTH, US_ADDR_DEPTH,
                US_COUNTER_BITS);
        return 2;
    }
    return kGoOn;
}

// Step 2, the model (needs v): the shader the vector's writes load, the temporaries its program can read, and quad
// 0's trace comparison. Each context's quad is set up when its quad starts (start_quad).
void Lockstep::setup_model()
{
    us_vec_setup(&v, &sh, &first);
    us_temps_read(sh.dec, US_MAX_INST, reads);
    us_trace_cmp_init(&trace0, &v);
}

// Step 2, what the RTL loads (needs sh), into `load`: the vector's own writes, or with --writes a bring-up export's
// writes.txt (docs/bringup.md: a driver's writes in its order, US_OUT_FMT_n, US_PIXSIZE, US_FC_CTRL and US_W_FMT
// among them), which must load what the vector's writes load; then `loaded`, the model after exactly the RTL's
// writes: what its registers hold. Returns kGoOn, or 2 after a message when the file cannot be read or is not the
// export of this vector.
int Lockstep::read_load_list()
{
    if (o.writes) {
        std::string why;
        if (!read_writes_file(o.writes, load, why)) {
            fprintf(stderr, "%s\n", why.c_str());
            return 2;
        }
        std::vector<us_reg_write_t> w;
        for (const FileWrite &f : load)
            w.push_back({f.addr, f.value});
        us_write_list_t list = {w.data(), (unsigned)w.size(), (unsigned)w.size()};
        char err[512];
        if (us_bringup_writes_check(&sh, &list, err, sizeof err)) {
            fprintf(stderr, "%s: %s %s: not the export of this vector\n", o.writes, err, path);
            return 2;
        }
    } else {
        for (unsigned i = 0; i < v.nwrites; i++)
            load.push_back({v.writes[i].addr, v.writes[i].value, i + 1, register_name(v.writes[i].addr)});
    }
    us_shader_init(&loaded);
    loaded.params = v.params;
    for (const FileWrite &f : load)
        us_shader_write(&loaded, f.addr, f.value);
    return kGoOn;
}

// Where a write of `load` comes from, for messages: FILE:LINE of --writes, or the vector's setup write.
std::string Lockstep::where(const FileWrite &f) const
{
    return o.writes ? std::string(o.writes) + ":" + std::to_string(f.line)
                    : std::string(path) + ": setup write " + std::to_string(f.line);
}

// Step 3 (needs load and loaded): resets the core, sets its watchdog and writes `load` through the load port. Every
// write must be one the port decodes (reg_bad_o low), and afterwards every register it holds must hold, in its
// defined bits, what the writes leave in the model; else load_verdict (unknown_register, registers), load_cycle
// and load_fault say what did not load, and no quad runs. Returns kGoOn, or 1 after a message when the memories'
// sweep after reset never ends.
int Lockstep::load_registers()
{
    if (!rtl.reset()) {
        fprintf(stderr, "%s: the core did not raise mem_ready_o within %u cycles of reset (its memories' sweep)\n",
                path, Rtl::kSweepCycles);
        return 1;
    }
    rtl.top().watchdog_i = v.params.watchdog;
    for (const FileWrite &f : load)
        if (!reg_write(rtl, f.addr, f.value)) {
            char text[256];
            snprintf(text, sizeof text, "0x%04X %s", f.addr, f.name.c_str());
            load_fault += "\n  " + where(f) + ": " + text + ": the RTL's load port flags it as no register of its "
                          "own (reg_bad_o)";
            if (!load_verdict)
                load_cycle = rtl.cycle();
            load_verdict = "unknown_register";
        }
    if (!load_verdict)
        check_held();
    return kGoOn;
}

// The registers the load port holds against `loaded`, in their defined bits: each that differs is a line of
// load_fault naming its last write (verdict registers).
void Lockstep::check_held()
{
    for (HeldReg h : held_regs()) {
        const us_reg_desc_t &d = us_regs[h.reg];
        uint32_t got = rtl_held(rtl.top(), h) & d.defined_bits, want = model_held(loaded, h) & d.defined_bits;
        if (got == want)
            continue;
        uint32_t addr = d.addr + 4u * h.index;
        const FileWrite *last = nullptr;
        for (const FileWrite &f : load)
            if (f.addr == addr)
                last = &f;
        char text[256];
        snprintf(text, sizeof text, "%s holds 0x%08X in the RTL, the writes leave 0x%08X (defined bits 0x%08X)",
                 register_name(addr).c_str(), got, want, d.defined_bits);
        load_fault += "\n  " + std::string(text) +
                      (last ? "; last written at " + where(*last) : "; never written: its reset value");
        load_verdict = "registers";
        load_cycle = rtl.cycle();
    }
}

// Step 3: every texture's dimensions and texels through the texture port (also after a load fault).
void Lockstep::load_textures()
{
    Vus_core &t = rtl.top();
    for (unsigned id = 0; id < US_NTEX; id++) {
        const us_texture_t &tx = v.tex[id];
        t.tex_dim_we_i = 1;
        t.tex_dim_id_i = id;
        t.tex_width_i = tx.width;
        t.tex_height_i = tx.height;
        rtl.tick();
        t.tex_dim_we_i = 0;
        for (unsigned y = 0; y < tx.height; y++)
            for (unsigned x = 0; x < tx.width; x++) {
                t.tex_we_i = 1;
                t.tex_waddr_i = id << 8 | y << 4 | x;
                for (unsigned c = 0; c < 4; c++)
                    t.tex_wdata_i[c] = tx.texel[y * tx.width + x][c];
                rtl.tick();
            }
        t.tex_we_i = 0;
    }
}

// Step 4 (the core loaded): reports a load fault, and then runs no quad. Otherwise the first wave loads every
// context (or one per quad, when there are fewer), then launches them in consecutive cycles, so that all start
// together and the steady state is every context running. Starts the CPU time, arms --inject-flip, and sets the
// cycle limit, the steady state's start and the verdict so far.
void Lockstep::launch_first_wave()
{
    if (load_verdict)
        report.load(load_cycle, load_verdict, "the register writes did not load the RTL:" + load_fault);
    t0 = clock();
    unsigned wave = 0;
    for (; wave < US_NUM_CTX && launched < o.quads && !load_verdict; wave++)
        start_quad(wave, false);
    for (unsigned c = 0; c < wave; c++)
        launch(rtl, c, inputs[c].covered);
    if (o.flip_bit >= 0)
        rtl.flip_next_red_write(1u << o.flip_bit);

    // A quad retires at least one instruction every D cycles (the stage plan) while it runs; one cycle to spare.
    uint64_t watchdog_worth =
        (uint64_t)v.params.watchdog * (rtl.sched().issue_to_record() + 1u) * o.quads + 100000u;  // < 2^56
    max_cycles = o.max_cycles ? o.max_cycles : std::min<uint64_t>(watchdog_worth, US_COSIM_CYCLE_CAP);
    steady_from = rtl.cycle();
    verdict = load_verdict ? 1 : 0;
    verdict_name = load_verdict ? load_verdict : o.rtl_only ? "rtl_only" : "match";
}

// The next quad (number `launched`) into context ctx: its inputs (make_inputs) into the model's quad and the RTL's
// context; `now` launches it at once (a relaunch), else the caller launches it later.
void Lockstep::start_quad(unsigned ctx, bool now)
{
    QuadInputs &in = inputs[ctx];
    make_inputs(v, launched, o.seed, &in);
    us_quad_init(&model[ctx], &sh, in.covered, ctx);
    memcpy(model[ctx].temp, in.temp, sizeof in.temp);
    quad_of[ctx] = launched++;
    load_inputs(rtl, ctx, in, reads);
    if (now)
        launch(rtl, ctx, in.covered);
}

// Step 5, one turn of the loop. Returns false when the run is over: no quad ran (a load fault), every quad has
// ended, or a verdict stops it: a waveform that cannot be written (exit 2), a failed design assertion or a breach
// of the scheduler's contract so far (a report, exit 1), or what tick_idle or compare_next find. Otherwise one more
// cycle while no record waits, else the oldest record compared.
bool Lockstep::step()
{
    if (load_verdict || finished >= o.quads)
        return false;
    if (!rtl.wave_problem().empty()) {
        verdict = 2;
        return false;
    }
    if (rtl.assertion_cycle()) {
        report.assertion(rtl.assertion_cycle());
        verdict = 1;
        verdict_name = "assertion";
        return false;
    }
    if (!rtl.sched().violation().empty()) {
        report.schedule(rtl.sched().violation_cycle(), rtl.sched().violation());
        verdict = 1;
        verdict_name = "schedule";
        return false;
    }
    return rtl.records.empty() ? tick_idle() : compare_next();
}

// No record waits: one more cycle. Returns false when that ends the run: past max_cycles (verdict timeout, exit
// US_COSIM_TIMEOUT; not a mismatch, every record so far matched) or 1000 cycles in a row without a record (a hang
// report, exit 1).
bool Lockstep::tick_idle()
{
    rtl.tick();
    if (rtl.cycle() > max_cycles) {
        fprintf(stderr, "TIMEOUT %s seed %llu: %s %llu%s reached before the quads finished: %u of %u quads "
                "done, the %llu instructions retired until then matched\n", path, o.seed,
                o.max_cycles ? "--max-cycles" : "the default cycle limit", (unsigned long long)max_cycles,
                o.max_cycles ? "" : " (the watchdog's worth, capped; --max-cycles N sets it)", finished,
                o.quads, (unsigned long long)retired);
        verdict = US_COSIM_TIMEOUT;
        verdict_name = "timeout";
        return false;
    }
    if (++idle > 1000) {
        report.hang(rtl.cycle(), "no instruction retired for 1000 cycles");
        verdict = 1;
        return false;
    }
    return true;
}

// The oldest record, taken from the queue. A record of a context with no quad running is reported (exit 1); with
// --rtl-only only its end flag counts. Otherwise the context's model quad steps, and its record goes to the
// report's history and the trace lines; a field that differs ends the run with a mismatch report (exit 1), 8 cycles
// later so that the waveform shows what followed. Returns false when the record ends the run.
bool Lockstep::compare_next()
{
    idle = 0;
    uint64_t at = rtl.records.front().cycle;
    us_retire_t got = rtl.records.front().rec;
    rtl.records.pop_front();
    unsigned ctx = got.ctx;
    if (ctx >= US_NUM_CTX || model[ctx].done) {
        report.unexpected(at, got);
        verdict = 1;
        return false;
    }
    if (!steady_to && at > steady_from)
        steady_retired++;
    if (o.rtl_only) {  // no model: only the record's own end flag
        retired++;
        if (got.done)
            quad_done(ctx, at);
        return true;
    }
    us_retire_t want;
    us_quad_step(&model[ctx], &sh, &want);
    canonical(want);
    retired++;
    report.retired(want);  // formatted only if a report needs it
    if (o.trace || (quad_of[ctx] == 0 && v.ntrace))
        trace_line(ctx, want);
    std::vector<FieldDiff> diffs = compare_records(want, got);
    if (!diffs.empty()) {
        for (int k = 0; k < 8; k++)  // a few more cycles, so the waveform shows what followed
            rtl.tick();
        report.mismatch(at, quad_of[ctx], want, got, diffs);
        verdict = 1;
        return false;
    }
    if (want.done)
        quad_done(ctx, at);
    return true;
}

// The model's record as a trace line: printed with --trace, and compared with the vector's expected trace while
// quad 0 runs.
void Lockstep::trace_line(unsigned ctx, const us_retire_t &want)
{
    us_sb_clear(&line);
    us_retire_format(&line, &want);
    if (o.trace)
        printf("%s\n", line.data);
    if (quad_of[ctx] == 0 && v.ntrace)
        us_trace_cmp_line(&trace0, line.data);
}

// The quad of context ctx ended with the record of cycle `at`: counted (the first end closes the steady state);
// quad 0's final state checked against a vector's expectations (verdict expectations, exit 1; the run goes on);
// and the next quad, if any, launched in ctx.
void Lockstep::quad_done(unsigned ctx, uint64_t at)
{
    finished++;
    if (!steady_to)
        steady_to = at;
    if (!o.rtl_only && quad_of[ctx] == 0 && v.has_expect) {
        us_strbuf_t rep;
        us_sb_init(&rep);
        if (us_vec_check(&v, &model[ctx], &trace0, &rep)) {
            fprintf(stderr, "%s: the golden model does not meet the vector's expectations:\n%s", path, rep.data);
            verdict = 1;
            verdict_name = "expectations";
        }
        us_sb_free(&rep);
    }
    if (launched < o.quads)
        start_quad(ctx, true);
}

// Step 6, after the loop: a design assertion that failed in the last cycles, or a breach of the scheduler's
// contract found on the last records, is the verdict (a report, exit 1) of a run that had none.
void Lockstep::final_checks()
{
    if (!verdict && rtl.assertion_cycle()) {
        report.assertion(rtl.assertion_cycle());
        verdict = 1;
        verdict_name = "assertion";
    }
    if (!verdict && !rtl.sched().violation().empty()) {
        report.schedule(rtl.sched().violation_cycle(), rtl.sched().violation());
        verdict = 1;
        verdict_name = "schedule";
    }
}

// Step 6: closes the waveform, then the summary line on standard error (unless --quiet and the run matched) and the
// verdict as JSON for --result. Returns the exit status: the verdict's, or 2 after a message when the waveform or
// the result file could not be written in full, whatever the comparison said.
int Lockstep::summary()
{
    if (!rtl.close_wave()) {
        fprintf(stderr, "uscosim: %s\n", rtl.wave_problem().c_str());
        return 2;
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    double ipc = steady_to > steady_from ? (double)steady_retired / (double)(steady_to - steady_from) : 0.0;
    if (!o.quiet || verdict)
        fprintf(stderr, "uscosim: %s seed %llu NUM_CTX %u: %s: %llu quad-instructions in %llu cycles, %.3f s CPU "
                "(%.0f retired/s, %.0f cycles/s); steady state %.3f instructions per cycle\n",
                path, o.seed, US_NUM_CTX,
                verdict == US_COSIM_TIMEOUT ? "TIMEOUT" : o.rtl_only ? "rtl only" : verdict ? "MISMATCH" : "match",
                (unsigned long long)retired, (unsigned long long)rtl.cycle(), secs, secs > 0 ? retired / secs : 0.0,
                secs > 0 ? rtl.cycle() / secs : 0.0, ipc);
    if (o.result &&
        !report.write_result(o.result, verdict_name, {retired, rtl.cycle(), max_cycles, secs, ipc,
                                                     rtl.sched().max_wait(), rtl.sched().issue_to_record()}))
        return 2;
    return verdict;
}

// The run itself, the steps in order; cosim_run adds the coverage counts and what every failed run does with its
// waveform.
int run(const Options &o, Rtl &rtl, int argc, char **argv)
{
    if (!rtl.wave_problem().empty()) {
        fprintf(stderr, "uscosim: %s\n", rtl.wave_problem().c_str());
        return 2;
    }
    auto s = std::make_unique<Lockstep>(o, rtl, argc, argv);
    int rc = s->read_input();
    if (rc != kGoOn)
        return rc;
    s->setup_model();
    rc = s->read_load_list();
    if (rc != kGoOn)
        return rc;
    rc = s->load_registers();
    if (rc != kGoOn)
        return rc;
    s->load_textures();
    s->launch_first_wave();
    while (s->step()) {
    }
    s->final_checks();
    return s->summary();
}

}  // namespace

int cosim_run(const Options &o, Rtl &rtl, int argc, char **argv)
{
    std::string why = o.coverage ? cov_prepare(o.coverage) : "";
    int rc = why.empty() ? run(o, rtl, argc, argv) : 2;
    if (o.coverage && why.empty()) {
        // The counts of every run that simulated (a match, a mismatch, a timeout); none for refused input. Written
        // while the model still exists: its counters go with it.
        if (rc == 2)
            cov_discard(o.coverage);
        else
            why = cov_write(rtl.context(), o.coverage);
    }
    if (!why.empty()) {
        fprintf(stderr, "uscosim: %s\n", why.c_str());
        rc = 2;
    }
    if (rc == 2)
        rtl.discard_wave();  // refused input, or a waveform written in part: no file either way
    return rc;
}
