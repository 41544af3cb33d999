// The lockstep co-simulation of the RTL (us_core, Verilated) against the C golden model, in process.
//   uscosim VEC [options]                         a vector: its program, constants, registers, textures, quad
//   uscosim --program IN.hex --seed N [options]   any program on inputs and constants made from the seed
// Every retire record of the RTL steps the model's quad of that context and every field is compared. Exit 0 when
// all records match (and a vector's expectations hold), 1 on a mismatch, 2 on bad input or an unwritable output,
// 3 when the cycle limit came first. tb/README.md.
#include <unistd.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "Vus_core___024root.h"
#include "cosim.h"
#include "cosim_cov.h"
#include "cosim_report.h"
#include "rtl_record.h"
#include "writes_file.h"
#include "generated/us_state_pack.h"
#include "gtkwave/fstapi.h"

extern "C" {
#include "gen/us_bringup.h"
#include "isa/us_access.h"
#include "isa/us_args.h"
#include "isa/us_hex.h"
#include "gen/us_random.h"
#include "gen/us_randprog.h"
#include "golden/us_trace.h"
#include "gen/us_vec.h"
#include "gen/us_vec_trace.h"
}

#ifndef US_NUM_CTX
#define US_NUM_CTX 1
#endif

namespace {


void usage(FILE *out)
{
    fprintf(out,
            "usage: uscosim VEC [options]\n"
            "       uscosim --program IN.hex --seed N [options]\n"
            "       uscosim --random LEN --seed N [options]   (a random legal program of LEN instructions, watchdog "
            "4096)\n"
            "       uscosim --random-alu LEN --seed N [options]  (ALU/OUT only, for speed figures)\n"
            "  --writes FILE      load the RTL from a bring-up export's writes.txt (docs/bringup.md), a driver's writes\n"
            "                     in its order, instead of the vector's own; the model loads the vector as always\n"
            "  --rtl-only         run the RTL alone, no comparison (the Verilated core's own speed)\n"
            "  --quads N          quads to run, 1..1000000 (default: one per context, NUM_CTX of this build)\n"
            "  --vcd FILE, --fst FILE  waveform; --wave-from C / --wave-to C limit it to a window of cycles\n"
            "  --rand-seed N      random initial state of every register and memory (Verilator seed N);\n"
            "                     +verilator+rand+reset+2 +verilator+seed+N say the same in Verilator's words\n"
            "  --inject-flip BIT  checks the checker: flips BIT of the RTL's next temporary write of pixel 0 red\n"
            "  --report-dir DIR   where a mismatch report goes (default build)\n"
            "  --result FILE      the run's verdict, figures, report file and repro command as JSON (for runners)\n"
            "  --coverage-dat FILE  the coverage build (build/cosim-cov/ctxN) writes the run's line, branch and\n"
            "                     toggle counts here when the run ends (without it, nowhere)\n"
            "  --max-cycles N     the cycle limit: reaching it ends the run with TIMEOUT (default: the watchdog's\n"
            "                     worth, watchdog x (D + 1) x quads + 100000 with D the core's issue-to-retire\n"
            "                     cycles, and at most %llu cycles, minutes of CPU)\n"
            "  --trace            print every retire record; --quiet: only the verdict\n"
            "Numbers are decimal or 0x hex. Exit 0 match, 1 mismatch (or a failed design assertion: verdict\n"
            "assertion), 2 bad input or an unwritable output,\n"
            "%d timeout (the cycle limit came before the quads finished; what retired until then matched).\n",
            US_COSIM_CYCLE_CAP, US_COSIM_TIMEOUT);
}

// Exit status 2 after a message on what is wrong with the command line.
int refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int refuse(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("uscosim: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (uscosim --help)\n", stderr);
    va_end(ap);
    return 2;
}

// An option's number within lo..hi (isa/us_args.h: strict), refused with its name.
bool parse_number(const char *opt, const char *s, unsigned long long lo, unsigned long long hi,
                  unsigned long long *out)
{
    char err[256];
    uint64_t x = 0;
    if (!us_arg_uint(opt, s, lo, hi, &x, err, sizeof err)) {
        refuse("%s", err);
        return false;
    }
    *out = x;
    return true;
}

// A record's conventions made canonical on both sides: the result value, W values and predicate values only where
// written, and a write slot's address only where its mask has a bit (the RTL's port carries whatever its datapath
// held; the model names the render target of an OUT instruction that writes nothing). compare_records ignores all
// of these, so this changes no verdict; it lets equal records compare equal byte for byte.
void canonical(us_retire_t &r)
{
    r.result_val &= r.result_mask;
    for (unsigned p = 0; p < US_NPIX; p++) {
        if (!(r.w_mask >> p & 1u))
            r.w_val[p] = 0;
        if (!r.pred_mask[p])
            r.pred_val[p] = 0;
    }
    for (us_write_t *w : {&r.temp[0], &r.temp[1], &r.out[0], &r.out[1]}) {
        uint32_t any;
        static_assert(sizeof w->mask == sizeof any, "one mask byte per pixel");
        memcpy(&any, w->mask, sizeof any);
        if (!any)
            w->addr = 0;
    }
}

// The RTL's retire port as a record, canonical as the golden one, written in place (r: the queue's slot).
void read_record(Vus_core &t, us_retire_t *r)
{
    memset(r, 0, sizeof *r);  // padding too: compare_records tries the records byte for byte first
    us_retire_unpack(t, r);
    canonical(*r);
}

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

// vcd2fst ignores its write errors: read the FST back; it must end at the last time dumped.
bool fst_complete(const char *path, uint64_t end)
{
    void *r = fstReaderOpen(path);
    if (!r)
        return false;
    bool ok = fstReaderGetEndTime(r) == end;
    fstReaderClose(r);
    return ok;
}

}  // namespace

bool VcdFile::open(const std::string &name)
{
    fd_ = ::open(name.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0666);  // Verilator's flags
    if (fd_ < 0)
        error = errno;
    return fd_ >= 0;
}

void VcdFile::close()
{
    if (fd_ >= 0 && ::close(fd_) != 0 && !error)
        error = errno;
    fd_ = -1;
}

ssize_t VcdFile::write(const char *buf, ssize_t len)
{
    if (error)
        return len;  // the run stops at its next check; until then the rest is dropped
    ssize_t n = ::write(fd_, buf, (size_t)len);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return n;  // Verilator retries these
    if (n <= 0) {
        error = n < 0 ? errno : EIO;  // 0 would make Verilator retry for ever
        return len;
    }
    return n;
}

Rtl::Rtl(const Options &o) : ctx_(new VerilatedContext), opt_(o)
{
    if (o.argc)
        ctx_->commandArgs(o.argc, o.argv);  // +verilator+seed+N, +verilator+rand+reset+2, ...
    if (o.rand_seed) {
        ctx_->randReset(2);
        ctx_->randSeed((int)o.rand_seed);
    }
    // A failed design assertion ($error, then $stop) would abort the process; instead Verilator only marks the
    // context, and the run stops at the end of that cycle with verdict "assertion" (exit 1) and a report.
    ctx_->fatalOnError(false);
    top_.reset(new Vus_core(ctx_.get()));
    if (o.wave)
        open_wave();
    Vus_core &t = *top_;
    // Every input driven from the start: with random initial state, an undriven input is random too.
    t.reg_we_i = 0;
    t.reg_addr_i = 0;
    t.reg_wdata_i = 0;
    t.tex_we_i = 0;
    t.tex_waddr_i = 0;
    t.tex_dim_we_i = 0;
    t.tex_dim_id_i = 0;
    t.tex_width_i = 0;
    t.tex_height_i = 0;
    t.watchdog_i = 0;
    t.clear_i = 0;
    t.clear_ctx_i = 0;
    t.tin_we_i = 0;
    t.tin_ctx_i = 0;
    t.tin_addr_i = 0;
    for (unsigned c = 0; c < 4; c++)
        t.tex_wdata_i[c] = 0;
    for (unsigned w = 0; w < 16; w++)
        t.tin_data_i[w] = 0;
    t.launch_i = 0;
    t.launch_ctx_i = 0;
    t.launch_covered_i = 0;
    t.clk_i = 0;
    t.rst_ni = 0;
}

// Verilator's writer gives up quietly on a path it cannot open, so the path is tried here first. For --fst the
// target must be a regular file or new (vcd2fst replaces what is there, a device too), and the VCD goes beside it.
bool Rtl::open_wave()
{
    std::string vcd = opt_.wave;
    if (opt_.wave_fst) {
        struct stat st;
        if (stat(opt_.wave, &st) == 0 && !S_ISREG(st.st_mode)) {
            wave_errno_ = S_ISDIR(st.st_mode) ? EISDIR : 0;
            wave_why_ = S_ISDIR(st.st_mode) ? "" : "not a regular file (vcd2fst would replace it)";
            return false;
        }
        int fd = ::open(opt_.wave, O_CREAT | O_WRONLY | O_CLOEXEC, 0666);
        if (fd < 0) {
            wave_errno_ = errno;
            return false;
        }
        ::close(fd);
        wave_created_ = true;
        vcd += ".vcd-part";
    }
    vcd_path_ = vcd;  // only now: discard_wave removes the FST's VCD part, never the target it refused
    vcd_file_.reset(new VcdFile);
    wave_.reset(new VerilatedVcdC(vcd_file_.get()));
    ctx_->traceEverOn(true);
    top_->trace(wave_.get(), 99);
    errno = 0;
    wave_->open(vcd_path_.c_str());
    if (!wave_->isOpen()) {
        wave_errno_ = errno ? errno : EIO;
        wave_.reset();
        return false;
    }
    wave_created_ = true;
    return true;
}

// GTKWave's vcd2fst turns the finished VCD into the FST asked for; the VCD part goes either way.
void Rtl::convert_to_fst()
{
    pid_t pid;
    const char *argv[] = {"vcd2fst", "-v", vcd_path_.c_str(), "-f", opt_.wave, nullptr};
    int rc = posix_spawnp(&pid, "vcd2fst", nullptr, nullptr, const_cast<char *const *>(argv), environ);
    int status = 0;
    if (rc != 0)
        wave_why_ = "vcd2fst, which writes FST, is not installed (make deps installs GTKWave)";
    else if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        wave_why_ = "vcd2fst could not convert the VCD (is the disk full?)";
    else if (last_dump_ && !fst_complete(opt_.wave, last_dump_))
        wave_why_ = "the FST file reads back incomplete (is the disk full?)";
    unlink(vcd_path_.c_str());
}

std::string Rtl::wave_problem() const
{
    int err = wave_errno_;
    if (!err && vcd_file_)
        err = vcd_file_->error;
    if (!err && !*wave_why_)
        return std::string();
    return std::string("cannot write the waveform ") + opt_.wave + ": " + (*wave_why_ ? wave_why_ : strerror(err));
}

bool Rtl::close_wave()
{
    if (wave_) {
        wave_->close();
        wave_.reset();
        if (opt_.wave_fst && wave_problem().empty())
            convert_to_fst();
    }
    return wave_problem().empty();
}

void Rtl::discard_wave()
{
    wave_.reset();
    struct stat st;
    if (wave_created_ && stat(opt_.wave, &st) == 0 && S_ISREG(st.st_mode))
        unlink(opt_.wave);
    if (opt_.wave_fst && !vcd_path_.empty())
        unlink(vcd_path_.c_str());
}

Rtl::~Rtl()
{
    wave_.reset();  // flushed and closed
    top_->final();
}

void Rtl::eval_clock(bool level)
{
    top_->clk_i = level;
    top_->eval();
    if (wave_ && cycle_ >= opt_.wave_from && cycle_ <= opt_.wave_to) {
        last_dump_ = 2 * cycle_ + (level ? 1 : 2);
        wave_->dump(last_dump_);
    }
}

void Rtl::edges()
{
    eval_clock(true);
    eval_clock(false);
}

void Rtl::tick()
{
    const bool launch = top_->launch_i;
    const unsigned launch_ctx = top_->launch_ctx_i;
    edges();
    cycle_++;
    if (!assert_cycle_ && ctx_->gotError())
        assert_cycle_ = cycle_;
    const bool valid = top_->retire_valid_o;
    if (valid) {
        Retired &slot = records.push_slot();
        slot.cycle = cycle_;
        read_record(*top_, &slot.rec);
    }
    sched_.cycle(launch, launch_ctx, valid, valid ? records.back().rec.ctx : 0,
                 valid && records.back().rec.done);
}

bool Rtl::reset()
{
    top_->rst_ni = 0;
    top_->eval();
    tick();
    top_->rst_ni = 1;
    top_->eval();
    // The FPGA configuration zeroes its instruction memory and constants after reset (MemSweep, 512 clocks); the
    // register port waits for it. The default configuration is ready at once.
    for (unsigned n = 0; !top_->mem_ready_o; n++) {
        if (n == kSweepCycles)
            return false;
        tick();
    }
    return true;
}

// The hook exists only in the harness's builds (US_FAULT_INJECT, rtl/core/us_wb_stage.sv).
void Rtl::flip_next_red_write(uint32_t mask) { top_->rootp->us_core__DOT__u_wb_stage__DOT__dbg_flip_q = mask; }

int cosim_parse(int argc, char **argv, Options &o)
{
    static const char *const with_value[] = {"--program", "--seed",  "--random",     "--random-alu", "--vcd",
                                             "--fst",     "--wave-from", "--wave-to", "--quads",      "--rand-seed",
                                             "--inject-flip", "--max-cycles", "--report-dir", "--coverage-dat",
                                             "--writes", "--result"};
    o.argc = argc;
    o.argv = argv;
    bool window = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strncmp(a, "+verilator+", 11))
            continue;  // Verilator's own (the context reads them)
        bool *flag = !strcmp(a, "--rtl-only") ? &o.rtl_only
                     : !strcmp(a, "--quiet")  ? &o.quiet
                     : !strcmp(a, "--trace")  ? &o.trace
                                              : nullptr;
        if (flag) {
            *flag = true;
            continue;
        }
        if (a[0] != '-') {
            if (o.vec)
                return refuse("one vector at a time (%s and %s given)", o.vec, a);
            o.vec = a;
            continue;
        }
        bool known = false;
        for (const char *w : with_value)
            known |= !strcmp(a, w);
        if (!known)
            return refuse("unknown option %s", a);
        if (i + 1 >= argc)
            return refuse("%s needs a value", a);
        const char *s = argv[++i];
        unsigned long long n = 0;
        auto number = [&](unsigned long long lo, unsigned long long hi) { return parse_number(a, s, lo, hi, &n); };
        if (!strcmp(a, "--program"))
            o.program = s;
        else if (!strcmp(a, "--seed")) {
            if (!number(0, ULLONG_MAX))
                return 2;
            o.seed = n;
            o.have_seed = true;
        } else if (!strcmp(a, "--random") || !strcmp(a, "--random-alu")) {
            if (!number(1, 512))
                return 2;
            o.random_len = (unsigned)n;
            o.random_alu = !strcmp(a, "--random-alu");
        } else if (!strcmp(a, "--vcd") || !strcmp(a, "--fst")) {
            if (o.wave)
                return refuse("one waveform at a time (%s %s, then %s %s)", o.wave_fst ? "--fst" : "--vcd", o.wave,
                              a, s);
            o.wave_fst = !strcmp(a, "--fst");
            o.wave = s;
        } else if (!strcmp(a, "--wave-from") || !strcmp(a, "--wave-to")) {
            if (!number(0, ULLONG_MAX))
                return 2;
            (!strcmp(a, "--wave-from") ? o.wave_from : o.wave_to) = n;
            window = true;
        } else if (!strcmp(a, "--quads")) {
            if (!number(1, 1000000))
                return 2;
            o.quads = (unsigned)n;
        } else if (!strcmp(a, "--rand-seed")) {
            if (!number(1, 0x7FFFFFFF))
                return 2;
            o.rand_seed = (unsigned)n;
        } else if (!strcmp(a, "--inject-flip")) {
            if (!number(0, 31))
                return 2;
            o.flip_bit = (long long)n;
        } else if (!strcmp(a, "--max-cycles")) {
            if (!number(1, ULLONG_MAX))
                return 2;
            o.max_cycles = n;
        } else if (!strcmp(a, "--report-dir"))
            o.report_dir = s;
        else if (!strcmp(a, "--writes"))
            o.writes = s;
        else if (!strcmp(a, "--coverage-dat")) {
            if (!cov_built())
                return refuse("--coverage-dat needs the coverage build, build/cosim-cov/ctx%u/uscosim "
                              "(make rtl-coverage)", US_NUM_CTX);
            o.coverage = s;
        } else
            o.result = s;  // --result, the last of with_value
    }
    if (o.writes && !o.vec)
        return refuse("--writes FILE loads the RTL in place of a vector's own writes: give the vector too");
    if ((!!o.vec + !!o.program + !!o.random_len) != 1)
        return refuse("give one input: a vector, --program FILE or --random LEN");
    if (!o.vec && !o.have_seed)
        return refuse("%s needs --seed N", o.program ? "--program" : "--random");
    if (window && !o.wave)
        return refuse("--wave-from and --wave-to limit a waveform: give --vcd FILE or --fst FILE");
    if (o.wave_from > o.wave_to)
        return refuse("--wave-from %llu is after --wave-to %llu: the window holds no cycle", o.wave_from, o.wave_to);
    return -1;
}

namespace {

// The run itself; cosim_run adds what every failed run does with its waveform.
int run(const Options &o, Rtl &rtl, int argc, char **argv)
{
    if (!rtl.wave_problem().empty()) {
        fprintf(stderr, "uscosim: %s\n", rtl.wave_problem().c_str());
        return 2;
    }
    char err[512];
    std::string random_name = (o.random_alu ? "random_alu" : "random") + std::to_string(o.random_len);
    const char *path = o.vec ? o.vec : o.program ? o.program : random_name.c_str();
    static us_vector_t v;
    static us_program_t prog;
    us_vec_init(&v);
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

    // The model: one shader, one quad per context.
    static us_shader_t sh;
    static us_quad_t first;
    us_vec_setup(&v, &sh, &first);
    std::vector<us_quad_t> model(US_NUM_CTX);
    std::vector<unsigned> quad_of(US_NUM_CTX, 0);
    bool reads[US_TEMP_ADDRS] = {};
    us_temps_read(sh.dec, US_MAX_INST, reads);

    // What the RTL loads: the vector's own writes, or with --writes a bring-up export's writes.txt (docs/bringup.md:
    // a driver's writes in its order, US_OUT_FMT_n, US_PIXSIZE, US_FC_CTRL and US_W_FMT among them), which must load
    // what the vector's writes load. `loaded` is the model after exactly the RTL's writes: what its registers hold.
    std::vector<FileWrite> load;
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
        if (us_bringup_writes_check(&sh, &list, err, sizeof err)) {
            fprintf(stderr, "%s: %s %s: not the export of this vector\n", o.writes, err, path);
            return 2;
        }
    } else {
        for (unsigned i = 0; i < v.nwrites; i++)
            load.push_back({v.writes[i].addr, v.writes[i].value, i + 1, register_name(v.writes[i].addr)});
    }
    auto where = [&](const FileWrite &f) {
        return o.writes ? std::string(o.writes) + ":" + std::to_string(f.line)
                        : std::string(path) + ": setup write " + std::to_string(f.line);
    };
    static us_shader_t loaded;
    us_shader_init(&loaded);
    loaded.params = v.params;
    for (const FileWrite &f : load)
        us_shader_write(&loaded, f.addr, f.value);

    if (!rtl.reset()) {
        fprintf(stderr, "%s: the core did not raise mem_ready_o within %u cycles of reset (its memories' sweep)\n",
                path, Rtl::kSweepCycles);
        return 1;
    }
    Vus_core &t = rtl.top();
    t.watchdog_i = v.params.watchdog;
    // Every write must be one the load port decodes (reg_bad_o low), and afterwards every register it holds must
    // hold, in its defined bits, what the writes leave in the model.
    std::string load_fault;
    const char *load_verdict = nullptr;
    uint64_t load_cycle = 0;
    for (const FileWrite &f : load)
        if (!reg_write(rtl, f.addr, f.value)) {
            char line[256];
            snprintf(line, sizeof line, "0x%04X %s", f.addr, f.name.c_str());
            load_fault += "\n  " + where(f) + ": " + line + ": the RTL's load port flags it as no register of its "
                          "own (reg_bad_o)";
            if (!load_verdict)
                load_cycle = rtl.cycle();
            load_verdict = "unknown_register";
        }
    if (!load_verdict)
        for (HeldReg h : held_regs()) {
            const us_reg_desc_t &d = us_regs[h.reg];
            uint32_t got = rtl_held(t, h) & d.defined_bits, want = model_held(loaded, h) & d.defined_bits;
            if (got == want)
                continue;
            uint32_t addr = d.addr + 4u * h.index;
            const FileWrite *last = nullptr;
            for (const FileWrite &f : load)
                if (f.addr == addr)
                    last = &f;
            char line[256];
            snprintf(line, sizeof line, "%s holds 0x%08X in the RTL, the writes leave 0x%08X (defined bits 0x%08X)",
                     register_name(addr).c_str(), got, want, d.defined_bits);
            load_fault += "\n  " + std::string(line) +
                          (last ? "; last written at " + where(*last) : "; never written: its reset value");
            load_verdict = "registers";
            load_cycle = rtl.cycle();
        }
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

    CosimReport report(o.report_dir, path, o.seed, command_line(argc, argv));
    if (load_verdict)  // no quad runs on a core the writes did not load
        report.load(load_cycle, load_verdict, "the register writes did not load the RTL:" + load_fault);
    unsigned launched = 0, finished = 0;
    clock_t t0 = clock();  // the run's CPU time: every quad's launch and run (not the program and texture loads)
    // A quad's model and inputs; `now` launches it at once (a relaunch), else the caller launches it later.
    static QuadInputs ctx_inputs[US_NUM_CTX];  // each context's quad, while it runs
    auto start_quad = [&](unsigned ctx, bool now) {
        QuadInputs &in = ctx_inputs[ctx];
        make_inputs(v, launched, o.seed, &in);
        us_quad_init(&model[ctx], &sh, in.covered, ctx);
        memcpy(model[ctx].temp, in.temp, sizeof in.temp);
        quad_of[ctx] = launched++;
        load_inputs(rtl, ctx, in, reads);
        if (now)
            launch(rtl, ctx, in.covered);
    };
    // The first wave loads every context, then launches them in consecutive cycles, so that all start together and
    // the steady state below is every context running.
    unsigned wave = 0;
    for (; wave < US_NUM_CTX && launched < o.quads && !load_verdict; wave++)
        start_quad(wave, false);
    for (unsigned c = 0; c < wave; c++)
        launch(rtl, c, ctx_inputs[c].covered);
    if (o.flip_bit >= 0)
        rtl.flip_next_red_write(1u << o.flip_bit);

    // A quad retires at least one instruction every D cycles (the stage plan) while it runs; one cycle to spare.
    uint64_t watchdog_worth =
        (uint64_t)v.params.watchdog * (rtl.sched().issue_to_record() + 1u) * o.quads + 100000u;  // < 2^56
    uint64_t max_cycles = o.max_cycles ? o.max_cycles : std::min<uint64_t>(watchdog_worth, US_COSIM_CYCLE_CAP);
    uint64_t retired = 0, idle = 0;
    // Steady state: from the moment every first-wave quad is launched to the first end of a quad.
    uint64_t steady_from = rtl.cycle(), steady_to = 0, steady_retired = 0;
    int verdict = load_verdict ? 1 : 0;
    const char *verdict_name = load_verdict ? load_verdict : o.rtl_only ? "rtl_only" : "match";
    us_strbuf_t line;
    us_sb_init(&line);
    us_trace_cmp_t trace0;  // quad 0's retire lines against a vector's expected trace, as they come
    us_trace_cmp_init(&trace0, &v);
    while (!load_verdict && finished < o.quads) {
        if (!rtl.wave_problem().empty()) {
            verdict = 2;
            break;
        }
        if (rtl.assertion_cycle()) {
            report.assertion(rtl.assertion_cycle());
            verdict = 1;
            verdict_name = "assertion";
            break;
        }
        if (!rtl.sched().violation().empty()) {
            report.schedule(rtl.sched().violation_cycle(), rtl.sched().violation());
            verdict = 1;
            verdict_name = "schedule";
            break;
        }
        if (rtl.records.empty()) {
            rtl.tick();
            if (rtl.cycle() > max_cycles) {
                // Not a mismatch: every record so far matched, the run only ran out of cycles.
                fprintf(stderr, "TIMEOUT %s seed %llu: %s %llu%s reached before the quads finished: %u of %u quads "
                        "done, the %llu instructions retired until then matched\n", path, o.seed,
                        o.max_cycles ? "--max-cycles" : "the default cycle limit", (unsigned long long)max_cycles,
                        o.max_cycles ? "" : " (the watchdog's worth, capped; --max-cycles N sets it)", finished,
                        o.quads, (unsigned long long)retired);
                verdict = US_COSIM_TIMEOUT;
                verdict_name = "timeout";
                break;
            }
            if (++idle > 1000) {
                report.hang(rtl.cycle(), "no instruction retired for 1000 cycles");
                verdict = 1;
                break;
            }
            continue;
        }
        idle = 0;
        uint64_t at = rtl.records.front().cycle;
        us_retire_t got = rtl.records.front().rec;
        rtl.records.pop_front();
        unsigned ctx = got.ctx;
        if (ctx >= US_NUM_CTX || model[ctx].done) {
            report.unexpected(at, got);
            verdict = 1;
            break;
        }
        if (!steady_to && at > steady_from)
            steady_retired++;
        if (o.rtl_only) {  // no model: only the record's own end flag
            retired++;
            if (got.done) {
                finished++;
                if (!steady_to)
                    steady_to = at;
                if (launched < o.quads)
                    start_quad(ctx, true);
            }
            continue;
        }
        us_retire_t want;
        us_quad_step(&model[ctx], &sh, &want);
        canonical(want);
        retired++;
        report.retired(want);  // formatted only if a report needs it
        if (o.trace || (quad_of[ctx] == 0 && v.ntrace)) {
            us_sb_clear(&line);
            us_retire_format(&line, &want);
            if (o.trace)
                printf("%s\n", line.data);
            if (quad_of[ctx] == 0 && v.ntrace)
                us_trace_cmp_line(&trace0, line.data);
        }
        std::vector<FieldDiff> diffs = compare_records(want, got);
        if (!diffs.empty()) {
            for (int k = 0; k < 8; k++)  // a few more cycles, so the waveform shows what followed
                rtl.tick();
            report.mismatch(at, quad_of[ctx], want, got, diffs);
            verdict = 1;
            break;
        }
        if (want.done) {
            finished++;
            if (!steady_to)
                steady_to = at;
            if (quad_of[ctx] == 0 && v.has_expect) {
                us_strbuf_t rep;
                us_sb_init(&rep);
                if (us_vec_check(&v, &model[ctx], &trace0, &rep)) {
                    fprintf(stderr, "%s: the golden model does not meet the vector's expectations:\n%s", path,
                            rep.data);
                    verdict = 1;
                    verdict_name = "expectations";
                }
                us_sb_free(&rep);
            }
            if (launched < o.quads)
                start_quad(ctx, true);
        }
    }
    if (!verdict && rtl.assertion_cycle()) {  // in the last cycles
        report.assertion(rtl.assertion_cycle());
        verdict = 1;
        verdict_name = "assertion";
    }
    if (!verdict && !rtl.sched().violation().empty()) {  // found on the last records
        report.schedule(rtl.sched().violation_cycle(), rtl.sched().violation());
        verdict = 1;
        verdict_name = "schedule";
    }
    us_sb_free(&line);
    us_trace_cmp_free(&trace0);
    us_vec_free(&v);
    if (!rtl.close_wave()) {  // a waveform not written in full fails the run, whatever the comparison said
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
