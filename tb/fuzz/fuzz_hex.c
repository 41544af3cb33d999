/* libFuzzer harness (a): the hex loader. Any text either parses or is refused with "name:line: message"; what
 * parses, written back with us_hex_format, parses again to the same words. */
#include "isa/us_hex.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static us_program_t prog, again;
    char err[256];
    char *text = fuzz_text(data, size);
    if (us_hex_parse(text, "in.hex", &prog, err, sizeof err) != 0) {
        fuzz_check_error(err, "in.hex");
    } else {
        us_strbuf_t sb;
        us_sb_init(&sb);
        us_hex_format(&sb, &prog);
        if (us_hex_parse(sb.data, "out.hex", &again, err, sizeof err) != 0)
            fuzz_fail("the written words do not parse: %s", err);
        if (again.count != prog.count || memcmp(again.inst, prog.inst, prog.count * sizeof prog.inst[0]) != 0)
            fuzz_fail("the words differ after writing and reading back (%u -> %u instructions)", prog.count,
                      again.count);
        us_sb_free(&sb);
    }
    free(text);
    return 0;
}
