build-o3/obj/isa/us_isa_gen.o: model/isa/us_isa_gen.c \
 model/isa/us_isa_gen.h
model/isa/us_isa_gen.h:
