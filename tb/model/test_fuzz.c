/* Robustness: mutated assembly and hex text, and random words, must never crash the assembler, the hex reader,
 * the disassembler or the Mesa dump (this runs under ASan/UBSan, which abort on any memory or UB error).
 * Every rejected input must come with a "name:line: message" error.  usage: test_fuzz [iterations] [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_asm.h"
#include "isa/us_dis.h"
#include "test_rng.h"
#include "isa/us_hex.h"
#include "isa/us_mesa.h"


static const char alphabet[] = "alutexfcrgbsrcp0123456789.,:=[]+-|!_#\n \taLtcop xhd";

/* A few random edits: replace, insert, delete a byte, or splice in a token-ish character. */
static void mutate(char *buf, size_t *len, size_t cap)
{
    unsigned edits = 1 + rnd() % 4;
    for (unsigned e = 0; e < edits; e++) {
        size_t pos = *len ? rnd() % (*len + 1) : 0;
        unsigned kind = rnd() % 4;
        char c = rnd() % 8 == 0 ? (char)(rnd() % 255 + 1) : alphabet[rnd() % (sizeof alphabet - 1)];
        if (kind == 0 && pos < *len)
            buf[pos] = c;
        else if (kind == 1 && *len + 1 < cap) {
            memmove(buf + pos + 1, buf + pos, *len - pos);
            buf[pos] = c;
            (*len)++;
        } else if (kind == 2 && pos < *len) {
            memmove(buf + pos, buf + pos + 1, *len - pos - 1);
            (*len)--;
        } else if (kind == 3 && *len > 8) {
            *len = rnd() % *len; /* truncate */
        }
    }
    buf[*len] = '\0';
}

static int check_error_format(const char *err, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(err, name, n) != 0 || err[n] != ':' || !(err[n + 1] >= '0' && err[n + 1] <= '9')) {
        fprintf(stderr, "error without name:line: '%s'\n", err);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    unsigned iters = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 20000u;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 7u;
    static us_program_t prog, out;
    static char buf[1 << 16];
    char err[512];
    unsigned bad = 0, rejected = 0, accepted = 0;
    us_strbuf_t sb;
    us_sb_init(&sb);
    for (unsigned it = 0; it < iters; it++) {
        /* a small random program, disassembled, then mutated */
        prog.count = 1 + rnd() % 6;
        for (unsigned i = 0; i < prog.count; i++)
            for (unsigned w = 0; w < 6; w++)
                prog.inst[i].w[w] = rnd() % 3 ? rnd() & rnd() : rnd();
        us_sb_clear(&sb);
        us_dis_program(&sb, &prog, it % 2 == 0);
        us_sb_clear(&sb);
        us_mesa_dump(&sb, &prog);
        us_sb_clear(&sb);
        us_dis_program(&sb, &prog, false);
        size_t len = sb.len < sizeof buf - 64 ? sb.len : sizeof buf - 64;
        memcpy(buf, sb.data, len);
        mutate(buf, &len, sizeof buf);
        if (us_asm(buf, "fuzz.s", &out, err, sizeof err) != 0) {
            rejected++;
            bad += (unsigned)check_error_format(err, "fuzz.s");
        } else {
            accepted++;
            us_sb_clear(&sb);
            us_dis_program(&sb, &out, false);
        }
        /* hex text, mutated */
        us_sb_clear(&sb);
        for (unsigned i = 0; i < prog.count; i++)
            for (unsigned w = 0; w < 6; w++)
                us_sb_printf(&sb, "0x%08x,%s", prog.inst[i].w[w], w == 5 ? "\n\n" : "\n");
        len = sb.len < sizeof buf - 64 ? sb.len : sizeof buf - 64;
        memcpy(buf, sb.data, len);
        mutate(buf, &len, sizeof buf);
        if (us_hex_parse(buf, "fuzz.hex", &out, err, sizeof err) != 0)
            bad += (unsigned)check_error_format(err, "fuzz.hex");
    }
    us_sb_free(&sb);
    printf("%u mutated programs: %u rejected with file:line errors, %u accepted; %u bad error messages\n", iters,
           rejected, accepted, bad);
    return bad ? 1 : 0;
}
