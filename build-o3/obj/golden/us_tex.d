build-o3/obj/golden/us_tex.o: model/golden/us_tex.c \
 model/golden/us_bound_ops.h model/golden/us_alu_plan.h \
 model/golden/us_bound.h model/golden/us_model.h model/isa/us_inst.h \
 model/isa/us_isa_gen.h model/isa/us_rules.h model/isa/us_strbuf.h \
 model/golden/us_alu_slot.h model/golden/us_state_gen.h \
 model/golden/us_exec.h model/golden/us_fp.h
model/golden/us_bound_ops.h:
model/golden/us_alu_plan.h:
model/golden/us_bound.h:
model/golden/us_model.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_rules.h:
model/isa/us_strbuf.h:
model/golden/us_alu_slot.h:
model/golden/us_state_gen.h:
model/golden/us_exec.h:
model/golden/us_fp.h:
