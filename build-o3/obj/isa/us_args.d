build-o3/obj/isa/us_args.o: model/isa/us_args.c model/isa/us_args.h
model/isa/us_args.h:
