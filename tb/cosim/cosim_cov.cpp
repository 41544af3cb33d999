// The coverage build's counts file (cosim_cov.h).
#include "cosim_cov.h"

#include <unistd.h>

#include <fcntl.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#if VM_COVERAGE
#include "verilated_cov.h"
#endif

namespace {

const char HEADER[] = "# SystemC::Coverage-3\n";  // the first line Verilator writes

std::string partial(const char *file) { return std::string(file) + ".partial"; }

std::string cannot(const std::string &path, const char *why)
{
    return "cannot write the coverage data " + path + ": " + why;
}

// Verilator's writer ignores write errors (a full disk): the file must start with its header and end with a
// whole line after at least one point.
bool complete(const std::string &path)
{
    FILE *f = fopen(path.c_str(), "rb");
    if (!f)
        return false;
    char head[sizeof HEADER] = {0};
    bool ok = fread(head, 1, sizeof HEADER - 1, f) == sizeof HEADER - 1 && !strcmp(head, HEADER);
    ok = ok && fseek(f, -1, SEEK_END) == 0 && ftell(f) > (long)sizeof HEADER && fgetc(f) == '\n';
    fclose(f);
    return ok;
}

}  // namespace

bool cov_built() { return VM_COVERAGE; }

std::string cov_prepare(const char *file)
{
    std::string p = partial(file);
    int fd = open(p.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0)
        return cannot(p, strerror(errno));
    close(fd);
    return "";
}

std::string cov_write(VerilatedContext &ctx, const char *file)
{
    std::string p = partial(file);
#if VM_COVERAGE
    ctx.coveragep()->write(p.c_str());
#else
    (void)ctx;
    return cannot(p, "this build has no coverage");
#endif
    if (!complete(p)) {
        unlink(p.c_str());
        return cannot(p, "it reads back incomplete (is the disk full?)");
    }
    if (rename(p.c_str(), file) != 0) {
        std::string why = cannot(file, strerror(errno));
        unlink(p.c_str());
        return why;
    }
    return "";
}

void cov_discard(const char *file) { unlink(partial(file).c_str()); }
