/* Field-exhaustive directed vectors: every legal value of every field of every instruction dword of the ISA
 * table, in an instruction the golden model executes (model/gen/us_gen_fields.c says how). */
#ifndef US_GEN_FIELDS_H
#define US_GEN_FIELDS_H

#include <stdbool.h>
#include <stdio.h>

#include "isa/us_asm.h"
#include "gen/us_vec.h"

/* Writes the vectors into dir (fields-NNN.vec; with_fc also fields-fc-NNNN.vec, one FC carrier each) and, when
 * table is given, the field-value coverage table: register, field, legal values, values executed; *nvectors
 * gets the count. False with a message on an I/O error or if some value was never executed. */
bool us_gen_fields(const char *dir, bool with_fc, FILE *table, unsigned *nvectors, char *err, size_t err_size);

#endif
