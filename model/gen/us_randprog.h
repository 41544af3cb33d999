/* Random legal programs of every instruction type, for co-simulation stress (uscosim --random LEN). */
#ifndef US_RANDPROG_H
#define US_RANDPROG_H

#include "gen/us_random.h"

/* len instructions (1..512), each of a random type (ALU 55%, OUT 12%, TEX 18%, FC 15%, three in
 * four of them plain JUMPs) with every field random
 * over its legal values and the pairing rules kept; FC jump targets land inside the program; LAST is rare.
 * Programs may loop for ever or overflow a stack: the watchdog and the error states end them. */
void us_random_program(us_program_t *p, unsigned len, uint64_t seed);

/* An ALU-bound program for speed figures: len random legal ALU and OUT instructions (one in eight OUT), no
 * predication, no LAST, no flow control. */
void us_random_alu_program(us_program_t *p, unsigned len, uint64_t seed);

#endif
