// The mismatch report: what differs, where, the recent history and the command that reproduces it with a
// waveform window around the failure.
#include "cosim_report.h"

#include "cosim.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

extern "C" {
#include "isa/us_dis.h"
#include "isa/us_strbuf.h"
#include "golden/us_trace.h"
}

namespace {

std::string json_string(const std::string &s)
{
    std::string o = "\"";
    for (char ch : s) {
        if (ch == '"' || ch == '\\') {
            o += '\\';
            o += ch;
        } else if (ch == '\n') {
            o += "\\n";
        } else if ((unsigned char)ch < 0x20) {
            char b[8];
            snprintf(b, sizeof b, "\\u%04x", ch);
            o += b;
        } else {
            o += ch;
        }
    }
    return o + "\"";
}

std::string hex(uint64_t v)
{
    char b[24];
    snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
    return b;
}

std::string base_name(const std::string &path)
{
    size_t slash = path.find_last_of('/');
    std::string b = slash == std::string::npos ? path : path.substr(slash + 1);
    size_t dot = b.find_last_of('.');
    return dot == std::string::npos ? b : b.substr(0, dot);
}

std::string disassemble(const us_inst_t &inst, unsigned pc)
{
    us_strbuf_t sb;
    us_sb_init(&sb);
    us_dis_inst(&sb, &inst, nullptr, pc);
    std::string s = sb.data ? sb.data : "";
    us_sb_free(&sb);
    for (char &c : s)
        if (c == '\n')
            c = ' ';
    return s;
}

}  // namespace

CosimReport::CosimReport(std::string dir, std::string input, unsigned long long seed, std::string command)
    : dir_(std::move(dir)), input_(std::move(input)), command_(std::move(command)), seed_(seed)
{
    stem_ = dir_ + "/mismatch-" + base_name(input_) + "-" + std::to_string(seed_) + "-ctx" + std::to_string(US_NUM_CTX);
}

void CosimReport::retired(const us_retire_t &golden)
{
    last_[last_count_++ % kHistory] = golden;
}

std::vector<std::string> CosimReport::history() const
{
    std::vector<std::string> out;
    us_strbuf_t sb;
    us_sb_init(&sb);
    size_t first = last_count_ > kHistory ? last_count_ - kHistory : 0;
    for (size_t i = first; i < last_count_; i++) {  // oldest first
        us_sb_clear(&sb);
        us_retire_format(&sb, &last_[i % kHistory]);
        out.push_back(sb.data ? sb.data : "");
    }
    us_sb_free(&sb);
    return out;
}

std::string CosimReport::repro(unsigned long long cycle) const
{
    unsigned long long from = cycle > 200 ? cycle - 200 : 0;
    return command_ + " --vcd " + stem_ + ".vcd --wave-from " + std::to_string(from) + " --wave-to " +
           std::to_string(cycle + 20);
}

void CosimReport::write(const std::string &text, const std::string &json)
{
    // The verdict and the repro are the JSON's own fields (every report has both).
    auto field = [&](const char *key) {
        std::string k = std::string("\"") + key + "\":\"";
        size_t at = json.find(k);
        if (at == std::string::npos)
            return std::string();
        std::string v;
        for (size_t i = at + k.size(); i < json.size() && json[i] != '"'; i++)
            v += json[i] == '\\' && i + 1 < json.size() ? json[++i] : json[i];
        return v;
    };
    written_verdict_ = field("verdict");
    written_repro_ = field("reproduce");
    fputs(text.c_str(), stdout);
    fflush(stdout);
    FILE *f = fopen((stem_ + ".txt").c_str(), "w");
    if (f) {
        fputs(text.c_str(), f);
        fclose(f);
    }
    f = fopen((stem_ + ".json").c_str(), "w");
    if (f) {
        fputs(json.c_str(), f);
        fclose(f);
    }
    if (!f)
        fprintf(stderr, "uscosim: cannot write the report to %s.{txt,json}\n", stem_.c_str());
}

void CosimReport::mismatch(unsigned long long cycle, unsigned quad, const us_retire_t &g, const us_retire_t &r,
                           const std::vector<FieldDiff> &diffs)
{
    std::string dis = disassemble(g.inst, g.pc);
    char head[512];
    snprintf(head, sizeof head,
             "MISMATCH %s seed %llu: cycle %llu, context %u (quad %u), pc %u, seq %llu\n  instruction: %s\n",
             input_.c_str(), seed_, cycle, g.ctx, quad, g.pc, (unsigned long long)g.seq, dis.c_str());
    std::string text = head, jd = "[";
    text += "  field                  pixel chan  golden       rtl\n";
    for (size_t i = 0; i < diffs.size(); i++) {
        const FieldDiff &d = diffs[i];
        char row[256];
        snprintf(row, sizeof row, "  %-22s %5s %4s  %-12s %s\n", d.field.c_str(),
                 d.pixel >= 0 ? std::to_string(d.pixel).c_str() : "-",
                 d.channel >= 0 ? std::string(1, "rgba"[d.channel & 3]).c_str() : "-", hex(d.golden).c_str(),
                 hex(d.rtl).c_str());
        text += row;
        jd += std::string(i ? "," : "") + "{\"field\":" + json_string(d.field) + ",\"pixel\":" +
              std::to_string(d.pixel) + ",\"channel\":" + std::to_string(d.channel) + ",\"golden\":" +
              json_string(hex(d.golden)) + ",\"rtl\":" + json_string(hex(d.rtl)) + "}";
    }
    jd += "]";
    text += "  last retired (golden trace lines, oldest first; the last is the mismatching one):\n";
    std::string jl = "[";
    std::vector<std::string> last = history();
    for (size_t i = 0; i < last.size(); i++) {
        text += "    " + last[i] + "\n";
        jl += std::string(i ? "," : "") + json_string(last[i]);
    }
    jl += "]";
    std::string cmd = repro(cycle);
    text += "  reproduce, with a waveform around the failure:\n    " + cmd + "\n";
    text += "  report: " + stem_ + ".txt, " + stem_ + ".json\n";
    std::string json = "{\"verdict\":\"mismatch\",\"input\":" + json_string(input_) + ",\"seed\":" +
                       std::to_string(seed_) + ",\"cycle\":" + std::to_string(cycle) + ",\"context\":" +
                       std::to_string(g.ctx) + ",\"quad\":" + std::to_string(quad) + ",\"pc\":" +
                       std::to_string(g.pc) + ",\"seq\":" + std::to_string(g.seq) + ",\"disassembly\":" +
                       json_string(dis) + ",\"differences\":" + jd + ",\"last_retired\":" + jl +
                       ",\"reproduce\":" + json_string(cmd) + "}\n";
    (void)r;
    write(text, json);
}

void CosimReport::hang(unsigned long long cycle, const char *why)
{
    stop(cycle, "hang", std::string(why) + " (the golden model still runs)");
}

void CosimReport::schedule(unsigned long long cycle, const std::string &why)
{
    stop(cycle, "schedule", "the issue order breaks the scheduler's contract: " + why);
}

void CosimReport::assertion(unsigned long long cycle)
{
    stop(cycle, "assertion", "a design assertion failed (rtl/us_assert.svh; the simulator's \"assertion NAME "
                             "failed\" line above names it)");
}

void CosimReport::load(unsigned long long cycle, const char *verdict, const std::string &why)
{
    stop(cycle, verdict, why);
}

void CosimReport::stop(unsigned long long cycle, const char *verdict, const std::string &why)
{
    std::string cmd = repro(cycle);
    std::string text = "MISMATCH " + input_ + " seed " + std::to_string(seed_) + ": cycle " + std::to_string(cycle) +
                       ": " + why + "\n  reproduce:\n    " + cmd + "\n";
    std::string json = "{\"verdict\":\"" + std::string(verdict) + "\",\"input\":" + json_string(input_) +
                       ",\"seed\":" + std::to_string(seed_) + ",\"cycle\":" + std::to_string(cycle) + ",\"why\":" +
                       json_string(why) + ",\"reproduce\":" + json_string(cmd) + "}\n";
    write(text, json);
}

void CosimReport::unexpected(unsigned long long cycle, const us_retire_t &r)
{
    std::string cmd = repro(cycle);
    std::string text = "MISMATCH " + input_ + " seed " + std::to_string(seed_) + ": cycle " + std::to_string(cycle) +
                       ": the RTL retired pc " + std::to_string(r.pc) + " in context " + std::to_string(r.ctx) +
                       ", which the golden model has ended\n  reproduce:\n    " + cmd + "\n";
    std::string json = "{\"verdict\":\"unexpected_retire\",\"input\":" + json_string(input_) + ",\"seed\":" +
                       std::to_string(seed_) + ",\"cycle\":" + std::to_string(cycle) + ",\"context\":" +
                       std::to_string(r.ctx) + ",\"pc\":" + std::to_string(r.pc) + ",\"reproduce\":" +
                       json_string(cmd) + "}\n";
    write(text, json);
}

bool CosimReport::write_result(const char *file, const char *verdict, const Figures &f) const
{
    bool reported = !written_verdict_.empty();
    char figures[512];
    snprintf(figures, sizeof figures,
             ",\"num_ctx\":%u,\"retired\":%llu,\"cycles\":%llu,\"cycle_limit\":%llu,\"cpu_s\":%.6f,"
             "\"retired_per_s\":%.0f,\"cycles_per_s\":%.0f,\"ipc\":%.6f,\"max_wait\":%llu,\"issue_to_retire\":%u",
             (unsigned)US_NUM_CTX, f.retired, f.cycles, f.cycle_limit, f.cpu_s, f.cpu_s > 0 ? f.retired / f.cpu_s : 0.0,
             f.cpu_s > 0 ? f.cycles / f.cpu_s : 0.0, f.ipc, f.max_wait, f.issue_to_retire);
    std::string json = "{\"verdict\":" + json_string(reported ? written_verdict_ : verdict) + ",\"input\":" +
                       json_string(input_) + ",\"seed\":" + std::to_string(seed_) + figures + ",\"report\":" +
                       (reported ? json_string(stem_ + ".json") : std::string("null")) + ",\"reproduce\":" +
                       json_string(reported ? written_repro_ : command_) + "}\n";
    FILE *out = fopen(file, "w");
    bool ok = out && fputs(json.c_str(), out) != EOF;
    if (out && fclose(out) != 0)
        ok = false;
    if (!ok) {
        int err = errno;
        struct stat st;
        if (out && stat(file, &st) == 0 && S_ISREG(st.st_mode))
            remove(file);  // a runner must not read half a result
        fprintf(stderr, "uscosim: cannot write the result to %s: %s\n", file, strerror(err));
    }
    return ok;
}
