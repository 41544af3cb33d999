build-o3/obj/golden/us_fp.o: model/golden/us_fp.c \
 model/golden/us_fp_core.h model/golden/us_fp.h
model/golden/us_fp_core.h:
model/golden/us_fp.h:
