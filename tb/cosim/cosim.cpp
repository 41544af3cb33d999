// The lockstep co-simulation of the RTL (us_core, Verilated) against the C golden model, in process.
//   uscosim VEC [options]                         a vector: its program, constants, registers, textures, quad
//   uscosim --program IN.hex --seed N [options]   any program on inputs and constants made from the seed
// Every retire record of the RTL steps the model's quad of that context and every field is compared. Exit 0 when
// all records match (and a vector's expectations hold), 1 on a mismatch, 2 on bad input or an unwritable output,
// 3 when the cycle limit came first. tb/README.md. This file: the options and the Verilated core (Rtl); the run,
// step by step, is cosim_run.cpp.
#include <unistd.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "Vus_core___024root.h"
#include "cosim.h"
#include "cosim_cov.h"
#include "rtl_record.h"
#include "generated/us_state_pack.h"
#include "gtkwave/fstapi.h"

extern "C" {
#include "isa/us_args.h"
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

// The RTL's retire port as a record, canonical as the golden one, written in place (r: the queue's slot).
void read_record(Vus_core &t, us_retire_t *r)
{
    memset(r, 0, sizeof *r);  // padding too: compare_records tries the records byte for byte first
    us_retire_unpack(t, r);
    canonical(*r);
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
