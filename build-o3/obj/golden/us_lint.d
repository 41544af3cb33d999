build-o3/obj/golden/us_lint.o: model/golden/us_lint.c \
 model/golden/us_exec.h model/golden/us_model.h model/isa/us_inst.h \
 model/isa/us_isa_gen.h model/isa/us_rules.h model/isa/us_strbuf.h \
 model/golden/us_alu_slot.h model/golden/us_state_gen.h \
 model/golden/us_lint.h model/isa/us_access.h
model/golden/us_exec.h:
model/golden/us_model.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_rules.h:
model/isa/us_strbuf.h:
model/golden/us_alu_slot.h:
model/golden/us_state_gen.h:
model/golden/us_lint.h:
model/isa/us_access.h:
