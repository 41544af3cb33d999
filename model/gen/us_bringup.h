/* The bring-up export: one vector as the files a lab replays on an R500 (docs/bringup.md): the register writes in
 * order, the program they load, the inputs the rasterizer and texture unit supply, the expected results and a
 * README. us_bringup_make composes the texts; us_bringup_write puts them in a directory. */
#ifndef US_BRINGUP_H
#define US_BRINGUP_H

#include <stdbool.h>

#include "gen/us_vec.h"

typedef struct us_bringup {
    us_strbuf_t writes, program, expected, inputs, readme; /* writes.txt program.hex expected.txt inputs.txt README.txt */
    unsigned nwrites;                  /* register writes of the vector */
    unsigned ninst, first_slot, last_slot; /* the code window: ninst slots first_slot..last_slot (mod 512) */
    bool from_model;                   /* expected results are the golden model's (the vector has no expect lines) */
    unsigned model_diffs;              /* places the golden model differs from the vector's expect lines */
} us_bringup_t;

/* Composes every text of the export of v (read from vec_path, which the texts name). Free with us_bringup_free. */
void us_bringup_make(us_bringup_t *b, const us_vector_t *v, const char *vec_path);
void us_bringup_free(us_bringup_t *b);

/* Writes the five files into dir, making it and its parents as needed. Returns 0, or 2 with a message naming the
 * path in err. */
int us_bringup_write(const us_bringup_t *b, const char *dir, char *err, size_t err_size);

#endif
