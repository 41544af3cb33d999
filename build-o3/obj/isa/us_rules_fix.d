build-o3/obj/isa/us_rules_fix.o: model/isa/us_rules_fix.c \
 model/isa/us_access.h model/isa/us_inst.h model/isa/us_isa_gen.h \
 model/isa/us_rules.h model/isa/us_strbuf.h
model/isa/us_access.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_rules.h:
model/isa/us_strbuf.h:
