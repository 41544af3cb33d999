// RTL code coverage (make rtl-coverage; docs/testplan.md, "RTL code coverage"). The coverage build of the harness
// (build/cosim-cov/ctxN, verilated with --coverage-line --coverage-toggle, so VM_COVERAGE is 1) writes the run's
// counts to the file --coverage-dat names when the run ends. Every run names its own file, so runs in parallel never
// share one; make rtl-coverage merges them with verilator_coverage.
#ifndef COSIM_COV_H
#define COSIM_COV_H

#include <string>

#include "verilated.h"

// True in the coverage build.
bool cov_built();
// Checks that FILE can be written before anything runs (Verilator's writer aborts on a path it cannot open) by
// creating FILE.partial. Returns "" when it can, else why not, naming the file.
std::string cov_prepare(const char *file);
// Writes the counts to FILE.partial, checks it is whole and renames it to FILE, so a reader sees the whole file or
// none. Returns "" or why not.
std::string cov_write(VerilatedContext &ctx, const char *file);
// Removes FILE.partial: a run that refused its input simulated nothing and writes no counts.
void cov_discard(const char *file);

#endif
