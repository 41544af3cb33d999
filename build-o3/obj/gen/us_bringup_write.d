build-o3/obj/gen/us_bringup_write.o: model/gen/us_bringup_write.c \
 model/gen/us_bringup.h model/gen/us_vec.h model/golden/us_model.h \
 model/isa/us_inst.h model/isa/us_isa_gen.h model/isa/us_rules.h \
 model/isa/us_strbuf.h model/golden/us_alu_slot.h \
 model/golden/us_state_gen.h model/gen/us_dirs.h model/isa/us_out.h
model/gen/us_bringup.h:
model/gen/us_vec.h:
model/golden/us_model.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_rules.h:
model/isa/us_strbuf.h:
model/golden/us_alu_slot.h:
model/golden/us_state_gen.h:
model/gen/us_dirs.h:
model/isa/us_out.h:
