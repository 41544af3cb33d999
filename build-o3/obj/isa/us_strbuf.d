build-o3/obj/isa/us_strbuf.o: model/isa/us_strbuf.c model/isa/us_strbuf.h
model/isa/us_strbuf.h:
