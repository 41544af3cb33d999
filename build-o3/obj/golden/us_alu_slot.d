build-o3/obj/golden/us_alu_slot.o: model/golden/us_alu_slot.c \
 model/golden/us_alu_slot.h model/isa/us_inst.h model/isa/us_isa_gen.h \
 model/golden/us_fp.h model/isa/us_access.h
model/golden/us_alu_slot.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/golden/us_fp.h:
model/isa/us_access.h:
