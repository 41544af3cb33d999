/* The layout of Mesa's r500FragmentProgramDump (RADEON_DEBUG=fp), so traces can be diffed against Mesa logs. */
#ifndef US_MESA_H
#define US_MESA_H

#include "isa/us_inst.h"
#include "isa/us_strbuf.h"

void us_mesa_dump(us_strbuf_t *sb, const us_program_t *prog);

#endif
