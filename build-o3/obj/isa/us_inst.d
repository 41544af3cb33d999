build-o3/obj/isa/us_inst.o: model/isa/us_inst.c model/isa/us_inst.h \
 model/isa/us_isa_gen.h
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
