build-o3/obj/isa/us_asm.o: model/isa/us_asm.c model/isa/us_asm.h \
 model/isa/us_inst.h model/isa/us_isa_gen.h model/isa/us_asm_lex.h \
 model/isa/us_labels.h model/isa/us_syntax.h
model/isa/us_asm.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_asm_lex.h:
model/isa/us_labels.h:
model/isa/us_syntax.h:
