build-o3/obj/isa/us_access.o: model/isa/us_access.c model/isa/us_access.h \
 model/isa/us_inst.h model/isa/us_isa_gen.h
model/isa/us_access.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
