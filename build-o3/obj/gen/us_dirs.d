build-o3/obj/gen/us_dirs.o: model/gen/us_dirs.c model/gen/us_dirs.h
model/gen/us_dirs.h:
