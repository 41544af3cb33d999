# libFuzzer harnesses (tb/fuzz/fuzz_*.c, tb/fuzz/README.md): clang with ASan and UBSan, linked against the model's
# library compiled by clang with the fuzzer's coverage instrumentation (its own objects: gcc's LTO objects are not
# clang's). make fuzz runs each harness FUZZ_SECONDS from the seed corpus build/fuzz/seeds
# (scripts/verify/fuzz_seeds.py) into a corpus kept in build/fuzz/corpus; a crash is saved in build/fuzz/artifacts and
# fails the target.
FUZZ_CC := clang-14
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c11 -Wall -Wextra -Werror -O1 -g -MMD -MP -Imodel $(FUZZ_SAN)
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_HARNESSES := $(notdir $(basename $(wildcard tb/fuzz/fuzz_*.c)))
FUZZ_LIB_OBJS := $(patsubst model/%.c,$(FUZZ_DIR)/obj/%.o,$(LIB_SRCS))
FUZZ_BINS := $(addprefix $(FUZZ_DIR)/bin/,$(FUZZ_HARNESSES))
FUZZ_SECONDS ?= 60

$(FUZZ_DIR)/obj/%.o: model/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_DIR)/libus.a: $(FUZZ_LIB_OBJS)
	rm -f $@ && ar rcs $@ $^
$(FUZZ_DIR)/bin/%: tb/fuzz/%.c $(wildcard tb/fuzz/*.h) $(FUZZ_DIR)/libus.a
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_DIR)/libus.a -o $@ $(LDLIBS)

# The seeds: the Mesa corpus (when ../shared is there), the smoke vectors, docs/asm.md's code blocks, the probes,
# FORMAT.md's example, the register names.
FUZZ_SEED_INPUTS := scripts/verify/fuzz_seeds.py docs/asm.md vectors/FORMAT.md spec/isa.txt \
  $(wildcard vectors/smoke/*.vec probes/*.s tb/fuzz/regress/* $(SHARED)/corpus/mesa-fs/*.txt)
$(FUZZ_DIR)/seeds/.stamp: $(FUZZ_SEED_INPUTS) $(BUILD)/bin/usdis
	python3 scripts/verify/fuzz_seeds.py --out $(@D) --shared $(SHARED) --usdis $(BUILD)/bin/usdis >/dev/null
	touch $@

fuzz-build: $(FUZZ_BINS) $(FUZZ_DIR)/seeds/.stamp

fuzz: deps
	@$(MAKE) --no-print-directory -j$(JOBS) fuzz-build
	@rc=0; for h in $(FUZZ_HARNESSES); do \
	  python3 scripts/verify/fuzz.py --seconds $(FUZZ_SECONDS) $$h || rc=1; done; exit $$rc

.PHONY: fuzz fuzz-build
