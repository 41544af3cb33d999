build-o3/obj/isa/us_dis.o: model/isa/us_dis.c model/isa/us_dis.h \
 model/isa/us_inst.h model/isa/us_isa_gen.h model/isa/us_strbuf.h \
 model/isa/us_syntax.h
model/isa/us_dis.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_strbuf.h:
model/isa/us_syntax.h:
