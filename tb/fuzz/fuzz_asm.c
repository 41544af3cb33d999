/* libFuzzer harness (b): the assembler. Any text either assembles or is refused with "name:line: message"; a
 * program that assembles, disassembled (us_dis_program, labels and all) and assembled again, gives the same words:
 * usasm(usdis(p)) == p, the property tb/py/test_corpus_roundtrip.py checks on the Mesa corpus. */
#include "isa/us_asm.h"
#include "isa/us_dis.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static us_program_t prog, again;
    char err[512];
    char *text = fuzz_text(data, size);
    if (us_asm(text, "in.s", &prog, err, sizeof err) != 0) {
        fuzz_check_error(err, "in.s");
    } else {
        us_strbuf_t sb;
        us_sb_init(&sb);
        us_dis_program(&sb, &prog, false);
        if (us_asm(sb.data ? sb.data : "", "dis.s", &again, err, sizeof err) != 0)
            fuzz_fail("the disassembly does not assemble: %s\n---\n%s---", err, sb.data ? sb.data : "");
        if (again.count != prog.count)
            fuzz_fail("%u instructions assembled, %u after the round trip", prog.count, again.count);
        for (unsigned i = 0; i < prog.count; i++)
            for (unsigned w = 0; w < 6; w++)
                if (again.inst[i].w[w] != prog.inst[i].w[w])
                    fuzz_fail("instruction %u word %u: 0x%08x -> 0x%08x after the round trip\n---\n%s---", i, w,
                              prog.inst[i].w[w], again.inst[i].w[w], sb.data);
        us_sb_free(&sb);
    }
    free(text);
    return 0;
}
