# make coverage: functional coverage sampled from the golden model's retire events (bins: model/gen/us_cov.c).
# Inputs: every *.vec under vectors/ and build/vectors/ (if present), every Mesa corpus program on 100 seeds and
# 2,000 random legal programs of 40 instructions. Writes build/coverage/coverage.txt, coverage.html (and
# coverage.tsv, every hit bin) and prints the headline percentages.
COV_DIR = $(BUILD)/coverage
COV_VECTORS = $(wildcard vectors $(BUILD)/vectors)
COV_CORPUS = $(SHARED)/corpus/mesa-fs
COV_SEEDS ?= 100
COV_RANDOM ?= 2000

.PHONY: coverage
coverage: $(BUILD)/bin/uscov
	@test -d $(COV_CORPUS) || { echo "coverage: $(COV_CORPUS) not found (set SHARED=)"; exit 2; }
	$(BUILD)/bin/uscov $(addprefix --vectors ,$(COV_VECTORS)) --program $(COV_CORPUS) --seeds $(COV_SEEDS) \
	  --random 40 --seeds $(COV_RANDOM) --out $(COV_DIR)
