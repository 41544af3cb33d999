/* libFuzzer harness (b): the assembler. Any text either assembles or is refused with "name:line: message"; a
 * program that assembles, disassembled (us_dis_program, labels and all) and assembled again, gives the same words:
 * usasm(usdis(p)) == p, the property tb/py/test_corpus_roundtrip.py checks on the Mesa corpus. */
#include "isa/us_asm.h"
#include "isa/us_dis.h"
#include "fuzz_prog.h"

static void disassemble(us_strbuf_t *sb, const us_program_t *prog)
{
    us_dis_program(sb, prog, false);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_program_round_trip(data, size, us_asm, disassemble);
    return 0;
}
