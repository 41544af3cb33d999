build-o3/obj/isa/us_mesa.o: model/isa/us_mesa.c model/isa/us_mesa.h \
 model/isa/us_inst.h model/isa/us_isa_gen.h model/isa/us_strbuf.h
model/isa/us_mesa.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_strbuf.h:
