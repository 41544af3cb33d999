build-o3/obj/golden/us_fp_trans.o: model/golden/us_fp_trans.c \
 model/golden/us_fp.h model/golden/us_fp_tables.h
model/golden/us_fp.h:
model/golden/us_fp_tables.h:
