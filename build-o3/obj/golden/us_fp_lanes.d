build-o3/obj/golden/us_fp_lanes.o: model/golden/us_fp_lanes.c \
 model/golden/us_fp_core.h model/golden/us_fp.h
model/golden/us_fp_core.h:
model/golden/us_fp.h:
