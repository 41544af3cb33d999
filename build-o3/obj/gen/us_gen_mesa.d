build-o3/obj/gen/us_gen_mesa.o: model/gen/us_gen_mesa.c \
 model/gen/us_gen_mesa.h model/gen/us_vec.h model/golden/us_model.h \
 model/isa/us_inst.h model/isa/us_isa_gen.h model/isa/us_rules.h \
 model/isa/us_strbuf.h model/golden/us_alu_slot.h \
 model/golden/us_state_gen.h model/isa/us_asm.h model/gen/us_gen.h \
 model/gen/us_mesa_fc_src.h
model/gen/us_gen_mesa.h:
model/gen/us_vec.h:
model/golden/us_model.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_rules.h:
model/isa/us_strbuf.h:
model/golden/us_alu_slot.h:
model/golden/us_state_gen.h:
model/isa/us_asm.h:
model/gen/us_gen.h:
model/gen/us_mesa_fc_src.h:
