/* The property the hex and assembly harnesses share: a text either reads as a program or is refused with
 * "name:line: message"; a program it reads, written back as text, reads again to the same words. */
#ifndef FUZZ_PROG_H
#define FUZZ_PROG_H

#include "isa/us_inst.h"
#include "isa/us_strbuf.h"
#include "fuzz.h"

typedef int (*fuzz_read_fn)(const char *src, const char *fname, us_program_t *prog, char *err, size_t err_size);
typedef void (*fuzz_write_fn)(us_strbuf_t *sb, const us_program_t *prog);

static inline void fuzz_program_round_trip(const uint8_t *data, size_t size, fuzz_read_fn read, fuzz_write_fn write)
{
    static us_program_t prog, again;
    char err[512];
    char *text = fuzz_text(data, size);
    if (read(text, "in", &prog, err, sizeof err) != 0) {
        fuzz_check_error(err, "in");
        free(text);
        return;
    }
    us_strbuf_t sb;
    us_sb_init(&sb);
    write(&sb, &prog);
    const char *out = sb.data ? sb.data : "";
    if (read(out, "out", &again, err, sizeof err) != 0)
        fuzz_fail("the written program does not read back: %s\n---\n%s---", err, out);
    if (again.count != prog.count)
        fuzz_fail("%u instructions read, %u after the round trip", prog.count, again.count);
    for (unsigned i = 0; i < prog.count; i++)
        for (unsigned w = 0; w < 6; w++)
            if (again.inst[i].w[w] != prog.inst[i].w[w])
                fuzz_fail("instruction %u word %u: 0x%08x -> 0x%08x after the round trip\n---\n%s---", i, w,
                          prog.inst[i].w[w], again.inst[i].w[w], out);
    us_sb_free(&sb);
    free(text);
}

#endif
