build-o3/obj/isa/us_syntax.o: model/isa/us_syntax.c model/isa/us_syntax.h \
 model/isa/us_isa_gen.h
model/isa/us_syntax.h:
model/isa/us_isa_gen.h:
