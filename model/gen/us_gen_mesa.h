/* The Mesa FC suite: Mesa-shaped flow-control programs (model/gen/us_mesa_fc_src.h) with every pixel-divergence
 * pattern. */
#ifndef US_GEN_MESA_H
#define US_GEN_MESA_H

#include <stdbool.h>
#include <stddef.h>

#include "gen/us_vec.h"

#define US_GEN_MESA_PATTERNS 16u /* which pixels take the "true" inputs: every subset of the quad */
#define US_GEN_MESA_VARIANTS 5u  /* input levels and loop counts; the last also leaves one pixel uncovered */

unsigned us_gen_mesa_programs(void);
const char *us_gen_mesa_name(unsigned prog);
/* The vector of program prog with divergence pattern (bit p: pixel p gets the variant's "true" inputs) and
 * variant. False with a message if the program does not assemble. */
bool us_gen_mesa_vector(unsigned prog, unsigned pattern, unsigned variant, us_vector_t *v, char *err,
                        size_t err_size);

#endif
