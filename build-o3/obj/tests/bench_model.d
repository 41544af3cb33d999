build-o3/obj/tests/bench_model.o: tb/model/bench_model.c \
 model/gen/us_randprog.h model/gen/us_random.h model/gen/us_vec.h \
 model/golden/us_model.h model/isa/us_inst.h model/isa/us_isa_gen.h \
 model/isa/us_rules.h model/isa/us_strbuf.h model/golden/us_alu_slot.h \
 model/golden/us_state_gen.h
model/gen/us_randprog.h:
model/gen/us_random.h:
model/gen/us_vec.h:
model/golden/us_model.h:
model/isa/us_inst.h:
model/isa/us_isa_gen.h:
model/isa/us_rules.h:
model/isa/us_strbuf.h:
model/golden/us_alu_slot.h:
model/golden/us_state_gen.h:
