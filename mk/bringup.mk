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
