build-o3/obj/isa/us_asm_lex.o: model/isa/us_asm_lex.c \
 model/isa/us_asm_lex.h model/isa/us_labels.h model/isa/us_strbuf.h
model/isa/us_asm_lex.h:
model/isa/us_labels.h:
model/isa/us_strbuf.h:
