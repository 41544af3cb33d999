# make rtl-coverage: RTL code coverage of the regression (docs/testplan.md, "RTL code coverage").
#
# Two builds of the lockstep harness, each in a folder of its own so the plain uscosim stays as fast as it is, both by
# the same verilate_core as build/cosim/ctxN (--trace stays: the waveform code is the same in every build):
# - build/cosim-cov/ctxN, line coverage (statement blocks, if/else arms, case items): about twice as slow as the
#   plain build and built in a minute, so it runs the full regression;
# - build/cosim-tog/ctxN, toggle coverage: every bit of every instance compared at every evaluation, over a hundred
#   times slower, and 10 to 25 minutes to build (the constructors that register its points are 100 MB of C++, so
#   OPT_SLOW=-O0: optimising code run once per run only slows the build); it runs a smaller suite.
# No --coverage-user: the RTL has no cover properties. The line build's C++ is compiled at -O1: 66 s of CPU instead of
# 85 (make test builds it), for about a tenth less speed (the plain build's ratio).
RTLCOV_DIR := $(BUILD)/rtl-coverage
$(BUILD)/cosim-cov/ctx%/uscosim: COSIM_OPT := OPT_FAST=-O1 OPT_GLOBAL=-O2 OPT_SLOW=-O0
$(BUILD)/cosim-cov/ctx%/uscosim: $(COSIM_DEPS)
	$(call verilate_core,$(@D),$*,--trace --coverage-line,,$(COSIM_SRCS),uscosim)
$(BUILD)/cosim-tog/ctx%/uscosim: $(COSIM_DEPS)
	$(call verilate_core,$(@D),$*,--trace --coverage-toggle -MAKEFLAGS OPT_SLOW=-O0,,$(COSIM_SRCS),uscosim)

# Lines and branches come from SUITE (full unless SUITE is given), toggles from RTLCOV_TOGGLE_SUITE (smoke; none: no
# toggle coverage); RTLCOV_CTX: the NUM_CTX builds (REGRESS_CTX by default). The regression runner, pointed at a
# coverage build, has each run write its counts and folds them into build/rtl-coverage/{code,toggle}/merged.dat as it
# goes; scripts/verify/rtl_coverage.py then writes the lcov info, the genhtml reports, the annotated sources,
# summary.txt and uncovered.txt. The target fails when a run fails or writes no counts, or when the counts are empty,
# but writes the report it can.
RTLCOV_SUITE = $(if $(filter command line environment,$(origin SUITE)),$(SUITE),full)
RTLCOV_TOGGLE_SUITE ?= smoke
RTLCOV_CTX ?= $(REGRESS_CTX)
# A toggle-coverage run of a random program that takes a second may take many minutes on a loaded machine. The
# runner's limit per run, seconds:
RTLCOV_TIMEOUT ?= 3600
rtlcov_comma := ,
rtlcov_ctx_arg = --ctx $(subst $() ,$(rtlcov_comma),$(strip $(RTLCOV_CTX)))
rtlcov_toggle = $(filter-out none,$(RTLCOV_TOGGLE_SUITE))
RTLCOV_BINS = $(foreach n,$(RTLCOV_CTX),$(BUILD)/cosim-cov/ctx$(n)/uscosim \
  $(if $(rtlcov_toggle),$(BUILD)/cosim-tog/ctx$(n)/uscosim))
# rtlcov_run(suite, build folder, coverage folder): the suite's vectors made, then its runs on the coverage build.
rtlcov_run = $(if $(SUITE_$(1)_MAKE),$(MAKE) --no-print-directory $(SUITE_$(1)_MAKE) &&) $(call regress_py,$(1)) \
  $(rtlcov_ctx_arg) --timeout $(RTLCOV_TIMEOUT) --cosim-dir $(BUILD)/$(2) --out $(RTLCOV_DIR)/$(3)/regress \
  --coverage-dir $(RTLCOV_DIR)/$(3)
rtlcov_report = python3 scripts/verify/rtl_coverage.py --dat $(RTLCOV_DIR)/code/merged.dat \
  --runs-json $(RTLCOV_DIR)/code/merged.json $(if $(rtlcov_toggle),--toggle-dat $(RTLCOV_DIR)/toggle/merged.dat \
  --toggle-runs-json $(RTLCOV_DIR)/toggle/merged.json) --out $(RTLCOV_DIR)
rtl-coverage: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(RTLCOV_BINS)
	@rc=0; $(call rtlcov_run,$(RTLCOV_SUITE),cosim-cov,code) || rc=1; \
	$(if $(rtlcov_toggle),$(call rtlcov_run,$(rtlcov_toggle),cosim-tog,toggle) || rc=1;) \
	$(rtlcov_report) || rc=1; exit $$rc
# The parts alone: the line-coverage runs, the toggle runs, the report from what they left in build/rtl-coverage.
rtl-coverage-code: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(foreach n,$(RTLCOV_CTX),$(BUILD)/cosim-cov/ctx$(n)/uscosim)
	@$(call rtlcov_run,$(RTLCOV_SUITE),cosim-cov,code)
rtl-coverage-toggle: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(foreach n,$(RTLCOV_CTX),$(BUILD)/cosim-tog/ctx$(n)/uscosim)
	@$(call rtlcov_run,$(or $(rtlcov_toggle),smoke),cosim-tog,toggle)
rtl-coverage-report:
	@$(rtlcov_report)

# make test's coverage test (tb/py/test_rtl_coverage.py) uses the line-coverage build of NUM_CTX RTLCOV_TEST_CTX.
rtl-coverage-test-build: $(BUILD)/cosim-cov/ctx$(RTLCOV_TEST_CTX)/uscosim

.PHONY: rtl-coverage rtl-coverage-code rtl-coverage-toggle rtl-coverage-report rtl-coverage-test-build
