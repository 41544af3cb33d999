/* Round trip, word for word: assemble(disassemble(w)) == w for random instructions.
 * - legal: every field of every dword of each type random over its legal values (the ISA table's enums), the
 *   pairing rules respected; the disassembly must be the readable form, never the raw .inst fallback;
 * - raw: all six dwords uniformly random; illegal words must come out as .inst, flagged, and still round trip.
 * usage: test_roundtrip [count-per-type] [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_asm.h"
#include "isa/us_dis.h"
#include "test_rng.h"


static uint32_t random_legal_value(const us_field_desc_t *f)
{
    if (f->n_values == 0)
        return f->width >= 32 ? rnd() : rnd() & ((1u << f->width) - 1u);
    for (;;) {
        const us_enum_value_t *v = &f->values[rnd() % f->n_values];
        if (v->name)
            return v->value;
    }
}

static void random_legal(us_inst_t *in, unsigned type)
{
    do {
        memset(in, 0, sizeof *in);
        for (unsigned w = 0; w < 6; w++) {
            int r = us_word_reg[type][w];
            if (r < 0)
                continue;
            for (unsigned f = 0; f < us_regs[r].n_fields; f++)
                in->w[w] = us_field_put(in->w[w], &us_regs[r].fields[f], random_legal_value(&us_regs[r].fields[f]));
        }
        in->w[0] = (in->w[0] & ~US_CMN_INST_TYPE_MASK) | type;
    } while (us_inst_check(in, NULL, 0)); /* resample the rare pairing-rule violations */
}

static int round_trip(const us_inst_t *in, bool expect_readable, const char *what, unsigned k)
{
    us_strbuf_t sb;
    us_sb_init(&sb);
    us_dis_inst(&sb, in, NULL, 0);
    static us_program_t prog;
    char err[512];
    int bad = 0;
    bool is_raw = strncmp(sb.data, ".inst", 5) == 0;
    bool illegal = us_inst_check(in, NULL, 0) != 0;
    if (expect_readable && is_raw) {
        fprintf(stderr, "%s #%u: legal instruction printed raw:\n%s\n", what, k, sb.data);
        bad = 1;
    } else if (is_raw != illegal) {
        fprintf(stderr, "%s #%u: raw form %s but the word is %s:\n%s\n", what, k, is_raw ? "used" : "not used",
                illegal ? "illegal" : "legal", sb.data);
        bad = 1;
    } else if (us_asm_ex(sb.data, what, &prog, err, sizeof err, false) != 0) {
        fprintf(stderr, "%s #%u: %s\n---\n%s\n---\n", what, k, err, sb.data);
        bad = 1;
    } else if (prog.count != 1 || memcmp(prog.inst[0].w, in->w, sizeof in->w) != 0) {
        fprintf(stderr, "%s #%u: words differ after the round trip\n%s\n", what, k, sb.data);
        for (unsigned w = 0; w < 6; w++)
            fprintf(stderr, "  w%u: 0x%08x -> 0x%08x\n", w, in->w[w], prog.inst[0].w[w]);
        bad = 1;
    }
    us_sb_free(&sb);
    return bad;
}

int main(int argc, char **argv)
{
    unsigned count = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 100000u;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 0) : 1u;
    static const char *const names[4] = {"alu", "out", "fc", "tex"};
    unsigned failures = 0, raw_seen = 0;
    for (unsigned type = 0; type < 4; type++) {
        unsigned fails = 0;
        for (unsigned k = 0; k < count && fails < 5; k++) {
            us_inst_t in;
            random_legal(&in, type);
            fails += (unsigned)round_trip(&in, true, names[type], k);
        }
        printf("legal %-3s: %u random instructions, %u failed\n", names[type], count, fails);
        failures += fails;
    }
    unsigned fails = 0;
    for (unsigned k = 0; k < count && fails < 5; k++) {
        us_inst_t in;
        for (unsigned w = 0; w < 6; w++)
            in.w[w] = rnd();
        raw_seen += us_inst_check(&in, NULL, 0) != 0;
        fails += (unsigned)round_trip(&in, false, "raw", k);
    }
    printf("raw words : %u random instructions (%u illegal, printed as .inst), %u failed\n", count, raw_seen, fails);
    failures += fails;
    return failures ? 1 : 0;
}
