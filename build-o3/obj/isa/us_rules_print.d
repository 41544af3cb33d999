build-o3/obj/isa/us_rules_print.o: model/isa/us_rules_print.c \
 model/isa/us_rules.h model/isa/us_inst.h model/isa/us_isa_gen.h \
 model/isa/us_strbuf.h
model/isa/us_rules.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_strbuf.h:
