/* libFuzzer harness (a): the hex loader. Any text either parses or is refused with "name:line: message"; what
 * parses, written back with us_hex_format, parses again to the same words. */
#include "isa/us_hex.h"
#include "fuzz_prog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_program_round_trip(data, size, us_hex_parse, us_hex_format);
    return 0;
}
