/* Numbers in the tools' options, strictly: decimal digits, or 0x and hex digits; no sign, space or other
 * character, and no value past 2^64 - 1 (never saturated). */
#ifndef US_ARGS_H
#define US_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool us_parse_uint(const char *text, uint64_t *out);
/* The value of option opt within min..max; false with "OPT: 'TEXT' is not a number from MIN to MAX" in err. */
bool us_arg_uint(const char *opt, const char *text, uint64_t min, uint64_t max, uint64_t *out, char *err,
                 size_t err_size);

#endif
