# Configurations and regression suites, as data. The Makefile includes this file; the scripts read it through
# scripts/lib/project_config.py. One `NAME := value` per line (a value is words separated by spaces); '#' starts a
# comment. Stack depths and counter width are not here: they are part of the state table, spec/state.txt.

# The lockstep harness builds (build/cosim/ctxN/uscosim), and the one build/bin/uscosim and uscosim_sc are.
COSIM_CTX := 1 2 4 8
TOOL_CTX := 4

# make test: the co-simulation tests run everything on TEST_CTX and a smaller set (corpus x 10 seeds, 100 random
# programs) on TEST_CTX_EXTRA (8: the IPC test's harness, so make test builds no harness for it alone).
TEST_CTX := 1 4
TEST_CTX_EXTRA := 8
# make test's IPC regression (tb/py/test_ipc.py): the scheduler's contract and steady-state IPC at each of these.
IPC_CTX := 4 8

# make test's RTL coverage test: the one coverage build it makes (build/cosim-cov/ctxN, mk/rtl-coverage.mk).
RTLCOV_TEST_CTX := 1

# The FPGA configuration (docs/rtl.md): every optional stage register (us_core_pkg::PipeFpga), FPGA_LANES pixels a
# clock, FPGA_CTX contexts. The lockstep harnesses of make regress PLAN=fpga (build/cosim-fpga), make fpga's
# us_core_fpga and make bench's prototype rows are all this one.
FPGA_LANES := 1
FPGA_CTX := 2
# The speed grade make fpga times the LFE5U-85F at (nextpnr --speed; SPEED=6|7|8 overrides it): -8, the fastest
# of the three the family data sheet sells the same die at, the grade a prototype board would carry. The whole core
# placed and routed at 51.8 MHz there (seed 1, 2026-12-05); at -6, the slowest, the ninth session's core placed at
# an estimated 43.7 MHz (docs/rtl.md).
FPGA_SPEED := 8

# make synth: us_core at each of these NUM_CTX (and every other module once).
SYNTH_CTX := 1 4

# make bench: IPC per NUM_CTX, the Verilated core alone (cycles/s; the lockstep ratio at the largest), lockstep
# rates, how lockstep time grows with program length and quad count (at BENCH_SCALE_CTX), and the wall time of a
# whole regression suite with 2 jobs (BENCH_REGRESS_SUITE; none skips it).
BENCH_IPC_CTX := 1 4 8
BENCH_ALONE_CTX := 1 4 8
BENCH_LOCKSTEP_CTX := 1 8
BENCH_SCALE_CTX := 8
BENCH_REGRESS_SUITE := full

# make regress SUITE=name: every vector under the suite's folders, every corpus program on CORPUS_SEEDS seeds from
# SEED, and RANDOM random legal programs of RANDOM_LEN instructions on RANDOM_QUADS quads, split evenly over
# REGRESS_CTX. A suite whose VECTORS include build/vectors/full needs `make vectors` first (SUITE_x_MAKE);
# SUITE_x_CHECK: make targets run after the lockstep runs, whose failure fails the suite too.
REGRESS_CTX := 1 4
REGRESS_SUITES := smoke full piglit
SUITE_smoke_VECTORS := vectors/smoke
SUITE_smoke_CORPUS_SEEDS := 10
SUITE_smoke_RANDOM := 200
SUITE_smoke_RANDOM_LEN := 40
SUITE_smoke_RANDOM_QUADS := 8
SUITE_smoke_MAKE :=
SUITE_full_VECTORS := vectors/smoke build/vectors/full
SUITE_full_CORPUS_SEEDS := 100
SUITE_full_RANDOM := 2000
SUITE_full_RANDOM_LEN := 40
SUITE_full_RANDOM_QUADS := 8
SUITE_full_MAKE := vectors
SUITE_full_CHECK :=
SUITE_smoke_CHECK :=
# piglit: one vector per probed draw of corpus/piglit (scripts/mesa/piglit_vectors.py), in lockstep, then piglit's
# probes (RGBA8, piglit's tolerance) against the model's colours.
# The compilers whose piglit corpora the piglit suite runs (scripts/mesa/mesa_corpus.py MESA_VERSIONS), each labelled
# in the run's names (vector/mesa-V/NAME...).
PIGLIT_MESA := 22.3.6 25.0.7
SUITE_piglit_VECTORS := build/vectors/piglit/mesa-22.3.6 build/vectors/piglit/mesa-25.0.7
SUITE_piglit_CORPUS_SEEDS := 0
SUITE_piglit_RANDOM := 0
SUITE_piglit_RANDOM_LEN := 40
SUITE_piglit_RANDOM_QUADS := 8
SUITE_piglit_MAKE := piglit-vectors
SUITE_piglit_CHECK := piglit-check
