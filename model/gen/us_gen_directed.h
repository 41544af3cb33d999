/* Directed vectors: small hand-written programs, each with a pixel pattern chosen so that a known class of bug (a
 * one-line change in the flow-control unit, the OMOD or the paired ops, in the model or the RTL) changes its
 * results, for the corners that random programs reach only about once in a thousand (issue 15). Each vector's
 * expectations are the golden model's, with its retire trace; tb/py/test_directed.py plants each bug in a copy of
 * the model and checks that the vector fails. vectors/README.md lists them and what each one checks. */
#ifndef US_GEN_DIRECTED_H
#define US_GEN_DIRECTED_H

#include <stdbool.h>
#include <stddef.h>

#include "gen/us_vec.h"

unsigned us_gen_directed_count(void);
/* The vector's name without the "directed-" prefix. */
const char *us_gen_directed_name(unsigned which);
/* Directed vector `which` (named directed-NAME): the program assembled, made silicon-safe and loaded, and the
 * inputs. False with a message if the program does not assemble (a generator bug). */
bool us_gen_directed_vector(unsigned which, us_vector_t *v, char *err, size_t err_size);

#endif
