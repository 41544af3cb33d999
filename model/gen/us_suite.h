/* The vector suites usgen writes (vectors/README.md): what goes into each, as one table in us_suite.c, and the
 * writers that run the golden model for each vector's expectations and write DIR/NAME.vec. Each returns false
 * with a message in o->err. */
#ifndef US_SUITE_H
#define US_SUITE_H

#include <stdbool.h>
#include <stdint.h>

#include "gen/us_gen.h"

typedef struct us_suite_out {
    const char *dir;            /* where the vectors go (must exist) */
    uint64_t written, retired; /* vectors written, instructions the model retired computing them */
    char err[4608]; /* room for a full path and its reason */
} us_suite_out_t;

/* "smoke or full": the suite names, for messages. */
const char *us_suite_names(void);
bool us_suite_known(const char *name);
/* A whole suite: the Mesa FC suite, the error vectors, the directed vectors, field-exhaustive vectors, then
 * every preset. */
bool us_suite_write(const char *name, us_suite_out_t *o);
/* The Mesa FC suite, every program x pattern x variant. */
bool us_suite_write_mesa(us_suite_out_t *o);
/* The directed vectors (us_gen_directed.h), each with its retire trace expected. */
bool us_suite_write_directed(us_suite_out_t *o);
/* Whether PREFIX-SEED names a file inside the output directory for each of the count seeds from seed, whole (a
 * vector name holds 63 characters); false with a message in o->err. us_suite_write_random checks it first too. */
bool us_suite_prefix_ok(const char *prefix, uint64_t count, uint64_t seed, us_suite_out_t *o);
/* N constrained-random vectors with knobs k, seeds seed.., named PREFIX-SEED. */
bool us_suite_write_random(const us_knobs_t *k, uint64_t count, uint64_t seed, const char *prefix, us_suite_out_t *o);

#endif
