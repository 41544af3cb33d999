build-o3/obj/golden/us_state_gen.o: model/golden/us_state_gen.c \
 model/golden/us_state_gen.h model/isa/us_inst.h model/isa/us_isa_gen.h
model/golden/us_state_gen.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
