# make rtl-coverage: RTL code coverage of the regression (docs/testplan.md, "RTL code coverage").
#
# The lockstep harness verilated with line coverage (statement blocks, if/else arms, case items) and toggle
# coverage, built by the same verilate_core as build/cosim/ctxN but in a folder of its own, build/cosim-cov/ctxN, so
# the plain uscosim stays as fast as it is. No --coverage-user: the RTL has no cover properties. --trace stays: the
# harness's waveform code is the same in every build. OPT_SLOW=-O0: the constructors that register the coverage
# points are 100 MB of C++ run once per run; optimising them only slows the build.
RTLCOV_DIR := $(BUILD)/rtl-coverage
RTLCOV_VFLAGS := --trace --coverage-line --coverage-toggle -MAKEFLAGS OPT_SLOW=-O0
$(BUILD)/cosim-cov/ctx%/uscosim: $(COSIM_DEPS)
	$(call verilate_core,$(@D),$*,$(RTLCOV_VFLAGS),,$(COSIM_SRCS),uscosim)

# The suite is the full one unless SUITE is given (SUITE=smoke for a quick look); RTLCOV_CTX the NUM_CTX builds
# (REGRESS_CTX by default). The regression runner, pointed at the coverage builds, has each run write its counts and
# folds them into build/rtl-coverage/merged.dat as it goes; scripts/rtl_coverage.py then writes the lcov info, the
# genhtml reports, the annotated sources and summary.txt. The target fails when a run fails or writes no counts, or
# when the counts are empty, but writes the report it can.
RTLCOV_SUITE = $(if $(filter command line environment,$(origin SUITE)),$(SUITE),full)
RTLCOV_CTX ?= $(REGRESS_CTX)
# Toggle coverage makes a run tens of times slower (every bit of every instance checked at every evaluation): a
# random program that takes seconds may take many minutes on a loaded machine. The runner's limit per run, seconds:
RTLCOV_TIMEOUT ?= 3600
RTLCOV_BINS = $(foreach n,$(RTLCOV_CTX),$(BUILD)/cosim-cov/ctx$(n)/uscosim)
rtlcov_comma := ,
rtl-coverage: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(RTLCOV_BINS)
	@$(if $(SUITE_$(RTLCOV_SUITE)_MAKE),$(MAKE) --no-print-directory $(SUITE_$(RTLCOV_SUITE)_MAKE))
	@rc=0; $(call regress_py,$(RTLCOV_SUITE)) --ctx $(subst $() ,$(rtlcov_comma),$(strip $(RTLCOV_CTX))) \
	  --timeout $(RTLCOV_TIMEOUT) --cosim-dir $(BUILD)/cosim-cov --out $(RTLCOV_DIR)/regress \
	  --coverage-dir $(RTLCOV_DIR) || rc=1; \
	python3 scripts/rtl_coverage.py --dat $(RTLCOV_DIR)/merged.dat --runs-json $(RTLCOV_DIR)/merged.json \
	  --out $(RTLCOV_DIR) || rc=1; exit $$rc

# make test's coverage test (tb/py/test_rtl_coverage.py) uses one build, RTLCOV_TEST_CTX (tb/config.mk).
rtl-coverage-test-build: $(BUILD)/cosim-cov/ctx$(RTLCOV_TEST_CTX)/uscosim

.PHONY: rtl-coverage rtl-coverage-test-build
