build-o3/obj/isa/us_hex.o: model/isa/us_hex.c model/isa/us_hex.h \
 model/isa/us_inst.h model/isa/us_isa_gen.h model/isa/us_strbuf.h
model/isa/us_hex.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_strbuf.h:
