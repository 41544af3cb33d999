build-o3/obj/golden/us_trace.o: model/golden/us_trace.c \
 model/golden/us_trace.h model/golden/us_model.h model/isa/us_inst.h \
 model/isa/us_isa_gen.h model/isa/us_rules.h model/isa/us_strbuf.h \
 model/golden/us_alu_slot.h model/golden/us_state_gen.h
model/golden/us_trace.h:
model/golden/us_model.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_rules.h:
model/isa/us_strbuf.h:
model/golden/us_alu_slot.h:
model/golden/us_state_gen.h:
