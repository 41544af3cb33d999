build-o3/obj/isa/us_out.o: model/isa/us_out.c model/isa/us_out.h
model/isa/us_out.h:
