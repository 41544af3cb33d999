build-o3/obj/golden/us_fp_tables.o: model/golden/us_fp_tables.c \
 model/golden/us_fp_tables.h
model/golden/us_fp_tables.h:
