# make bringup VEC=file: one vector as the files a lab replays on an R500 (build/bringup/<vector>/,
# docs/bringup.md): register writes, program, inputs, expected results, README.
# Refuse early, before anything builds, when the vector is missing.
ifneq ($(filter bringup,$(MAKECMDGOALS)),)
ifeq ($(strip $(VEC)),)
$(error make bringup needs a vector: make bringup VEC=path/to/file.vec (vectors/FORMAT.md; \
  build/bin/usim --program P.hex --seed N --emit-vector F makes one))
endif
endif

# usbringup is one of the tools (TOOLS lists model/tools/*.c), built by the $(BUILD)/bin/% pattern rule.
bringup: $(BUILD)/bin/usbringup
	$(BUILD)/bin/usbringup $(VEC)

.PHONY: bringup

# make bringup-suite: one directory a lab takes away (build/bringup-suite/, docs/bringup.md): stable, silicon-safe
# vectors that together execute every legal value of every instruction field, chosen by usbringup --suite from the
# field-exhaustive, Mesa FC and stable constrained-random vectors (and its own address sweeps), each exported, with
# index.tsv and README.md; the probe vectors in probes/.
BRINGUP_SUITE := $(BUILD)/bringup-suite
BRINGUP_CANDIDATES := $(BUILD)/bringup-candidates
bringup-suite: $(BUILD)/bin/usgen $(BUILD)/bin/usbringup probes
	rm -rf $(BRINGUP_SUITE) $(BRINGUP_CANDIDATES) && mkdir -p $(BRINGUP_CANDIDATES)
	$(BUILD)/bin/usgen --fields --out $(BRINGUP_CANDIDATES)/fields
	$(BUILD)/bin/usgen --mesa --out $(BRINGUP_CANDIDATES)/mesa
	$(BUILD)/bin/usgen --random 2000 --seed 1 --knob stable=1 --knob len=12 --knob fc=20 --knob tex=15 \
	  --out $(BRINGUP_CANDIDATES)/random
	$(BUILD)/bin/usbringup --suite $(BRINGUP_SUITE) $(BRINGUP_CANDIDATES)/fields $(BRINGUP_CANDIDATES)/mesa \
	  $(BRINGUP_CANDIDATES)/random
	mkdir -p $(BRINGUP_SUITE)/probes
	cp -r $(BUILD)/probes/bringup/. $(BUILD)/probes/*.vec $(BUILD)/probes/README.md $(BRINGUP_SUITE)/probes/
	rm -rf $(BRINGUP_CANDIDATES)

.PHONY: bringup-suite
