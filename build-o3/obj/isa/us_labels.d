build-o3/obj/isa/us_labels.o: model/isa/us_labels.c model/isa/us_labels.h \
 model/isa/us_strbuf.h
model/isa/us_labels.h:
model/isa/us_strbuf.h:
