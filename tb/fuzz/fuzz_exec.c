/* libFuzzer harness (d): the model on arbitrary instruction words. The input is a header and up to FUZZ_MAX_INST
 * instructions of six little-endian words each:
 *   byte 0      covered mask (bits 0-3); bit 4: run in bounds mode; bit 5: US_CODE_* from the header;
 *               bit 6: format every retire record as a trace line
 *   bytes 1-3   loop_depth, addr_depth, counter_bits (0: the default; else taken modulo their range)
 *   bytes 4-7   seed of the constants, temporaries, textures, bool and int constants (us_random_vector)
 *   bytes 8-19  US_CODE_ADDR, US_CODE_RANGE, US_CODE_OFFSET (used with bit 5)
 * One quad runs with a watchdog of FUZZ_WATCHDOG (the silicon rules checked on the way, or the bounds carried).
 * It must never crash, hang or break the sanitizers, must end within the watchdog, keep its stacks within their
 * depths, and in bounds mode, when no decision was unstable, every exact value must lie inside its bound (after an
 * unstable one the bounds are "anything" and ops on them need not hold the exact value: such a run is refused). */
#include "gen/us_random.h"
#include "golden/us_bound.h"
#include "golden/us_lint.h"
#include "golden/us_trace.h"
#include "fuzz.h"

#define FUZZ_MAX_INST 64u
#define FUZZ_WATCHDOG 1024u
#define HEADER 20u

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned param(uint8_t b, unsigned range, unsigned dflt)
{
    return b ? 1u + (b - 1u) % range : dflt;
}

static void check_bounds(const us_quad_t *q, const us_bounds_t *b)
{
    for (unsigned p = 0; p < US_NPIX; p++) {
        for (unsigned c = 0; c < 4; c++) {
            for (unsigned a = 0; a < US_NTEMP; a++)
                if (!us_iv_contains(b->temp[p][a][c], q->temp[p][a][c]))
                    fuzz_fail("pixel %u t%u[%u] = 0x%08x outside its bound [0x%08x, 0x%08x]", p, a, c,
                              q->temp[p][a][c], b->temp[p][a][c].lo, b->temp[p][a][c].hi);
            for (unsigned t = 0; t < 4; t++)
                if ((q->out_written[t][p] >> c & 1u) && !us_iv_contains(b->out[t][p][c], q->out[t][p][c]))
                    fuzz_fail("pixel %u o%u[%u] = 0x%08x outside its bound", p, t, c, q->out[t][p][c]);
        }
        if ((q->w_written >> p & 1u) && !us_iv_contains(b->w[p], q->w[p]))
            fuzz_fail("pixel %u w = 0x%08x outside its bound", p, q->w[p]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static us_program_t prog;
    static us_vector_t v;
    static us_shader_t sh;
    static us_quad_t q;
    static us_lint_t lint;
    static us_bounds_t bounds;
    if (size < HEADER + 24u)
        return 0;
    prog.count = (unsigned)((size - HEADER) / 24u);
    if (prog.count > FUZZ_MAX_INST)
        prog.count = FUZZ_MAX_INST;
    for (unsigned i = 0; i < prog.count; i++)
        for (unsigned w = 0; w < 6; w++)
            prog.inst[i].w[w] = le32(data + HEADER + 24u * i + 4u * w);
    uint8_t flags = data[0];
    us_random_vector(&v, &prog, le32(data + 4));
    v.covered = flags & 0xFu;
    if (flags & 0x20u)
        for (unsigned k = 0; k < 3; k++)
            us_vec_add_write(&v, k == 0 ? US_CODE_ADDR_ADDR : k == 1 ? US_CODE_RANGE_ADDR : US_CODE_OFFSET_ADDR,
                             le32(data + 8 + 4 * k));
    us_params_t d = us_default_params();
    v.params = (us_params_t){param(data[1], US_MAX_STACK, d.loop_depth), param(data[2], US_MAX_STACK, d.addr_depth),
                             param(data[3], 16, d.counter_bits), FUZZ_WATCHDOG};
    us_vec_setup(&v, &sh, &q);
    us_lint_init(&lint);
    us_bounds_init(&bounds, &q);
    us_strbuf_t sb;
    us_sb_init(&sb);
    us_retire_t r;
    bool trace = flags & 0x40u, bounded = flags & 0x10u;
    for (;;) {
        bool stepped = bounded ? us_quad_step_bounded(&q, &sh, trace ? &r : NULL, &bounds)
                               : us_quad_step_linted(&q, &sh, trace ? &r : NULL, &lint);
        if (!stepped)
            break;
        if (q.retired > FUZZ_WATCHDOG)
            fuzz_fail("the quad ran past its watchdog of %u", FUZZ_WATCHDOG);
        if (q.loop_sp > v.params.loop_depth || q.addr_sp > v.params.addr_depth)
            fuzz_fail("stack depth %u/%u beyond the parameters %u/%u", q.loop_sp, q.addr_sp, v.params.loop_depth,
                      v.params.addr_depth);
        if (trace) {
            us_sb_clear(&sb);
            us_retire_format(&sb, &r);
        }
    }
    if (bounded && !bounds.unstable)
        check_bounds(&q, &bounds);
    us_sb_clear(&sb);
    us_state_dump(&sb, &q);
    us_sb_free(&sb);
    us_vec_free(&v);
    return 0;
}
