/* libFuzzer harness (c): the vector reader. Any text either parses or is refused with "name:line: message". A
 * vector that parses is run on the model (watchdog at most FUZZ_WATCHDOG), written with us_vec_write (its setup,
 * the run's final state and trace as expectations) and read back; the copy must
 * - parse,
 * - load the same shader and quad (us_vec_setup): program memory, constants, control registers, textures,
 *   parameters, covered pixels, temporaries, and the same waivers (rules, error states, reason),
 * - hold expectations the first run meets (us_vec_check), and a run of the copy meets them too;
 * and the shader's decode cache must be in step with its program memory after any setup. */
#define _POSIX_C_SOURCE 200809L
#include "gen/us_vec.h"
#include "golden/us_trace.h"
#include "gen/us_vec_trace.h"
#include "fuzz.h"

#define FUZZ_WATCHDOG 256u

typedef struct run {
    us_shader_t sh;
    us_quad_t q;
    char *trace[FUZZ_WATCHDOG];
    unsigned ntrace;
} run_t;

static void run_vector(const us_vector_t *v, run_t *r)
{
    us_vec_setup(v, &r->sh, &r->q);
    us_strbuf_t sb;
    us_sb_init(&sb);
    us_retire_t rec;
    r->ntrace = 0;
    while (us_quad_step(&r->q, &r->sh, &rec)) {
        if (r->ntrace == FUZZ_WATCHDOG)
            fuzz_fail("the quad ran past its watchdog of %u", FUZZ_WATCHDOG);
        us_sb_clear(&sb);
        us_retire_format(&sb, &rec);
        r->trace[r->ntrace++] = strdup(sb.data);
    }
    us_sb_free(&sb);
}

static void free_trace(run_t *r)
{
    for (unsigned i = 0; i < r->ntrace; i++)
        free(r->trace[i]);
    r->ntrace = 0;
}

#define SAME(field, what) \
    if (memcmp(&a->field, &b->field, sizeof a->field) != 0) \
        fuzz_fail("the written vector loads a different %s", what)

/* What a run depends on; the load port's position and the decode cache (derived) are left out. */
static void same_setup(const us_shader_t *a, const us_shader_t *b)
{
    SAME(imem, "program memory");
    SAME(illegal, "illegal-slot map");
    SAME(konst, "constant file");
    SAME(config, "US_CONFIG");
    SAME(pixsize, "US_PIXSIZE");
    SAME(code_addr, "US_CODE_ADDR");
    SAME(code_range, "US_CODE_RANGE");
    SAME(code_offset, "US_CODE_OFFSET");
    SAME(fc_ctrl, "US_FC_CTRL");
    SAME(bool_const, "US_FC_BOOL_CONST");
    SAME(out_fmt, "US_OUT_FMT");
    SAME(w_fmt, "US_W_FMT");
    SAME(int_const, "int constants");
    SAME(params, "parameters");
    for (unsigned t = 0; t < US_NTEX; t++) {
        SAME(tex[t].width, "texture width");
        SAME(tex[t].height, "texture height");
        /* texels past width x height are never read (a texture declared twice may leave some there) */
        if (memcmp(a->tex[t].texel, b->tex[t].texel, a->tex[t].width * a->tex[t].height * sizeof a->tex[t].texel[0]))
            fuzz_fail("the written vector loads different texels of texture %u", t);
    }
}

/* us_model.h: dec and illegal are imem decoded, kept in step by every write. Compared through us_encode, which
 * packs every field (a zero slot: its encoding is all zeros). */
static void decode_in_step(const us_shader_t *sh)
{
    static const us_inst_t zero;
    const bool zero_illegal = us_inst_check(&zero, NULL, 0) != 0;
    for (unsigned i = 0; i < US_MAX_INST; i++) {
        const us_inst_t *in = &sh->imem[i];
        us_inst_t want = zero, got;
        bool illegal = zero_illegal;
        if (memcmp(in, &zero, sizeof zero) != 0) {
            us_decoded_t d;
            us_decode(in, &d);
            us_encode(&d, &want);
            illegal = us_inst_check(in, NULL, 0) != 0;
        }
        us_encode(&sh->dec[i], &got);
        if (memcmp(&want, &got, sizeof got) != 0 || illegal != sh->illegal[i])
            fuzz_fail("slot %u: the decode cache is out of step with program memory", i);
    }
}

static void same_quad(const us_quad_t *a, const us_quad_t *b)
{
    SAME(temp, "set of input temporaries");
    SAME(covered, "covered mask");
    SAME(pc, "start PC");
}

/* us_vec_check of r against v's expectations, its trace compared line by line as a tool does. */
static unsigned check_run(const us_vector_t *v, const run_t *r, us_strbuf_t *rep)
{
    us_trace_cmp_t cmp;
    us_trace_cmp_init(&cmp, v);
    for (unsigned i = 0; i < r->ntrace; i++)
        us_trace_cmp_line(&cmp, r->trace[i]);
    unsigned bad = us_vec_check(v, &r->q, &cmp, rep);
    us_trace_cmp_free(&cmp);
    return bad;
}

static void check_copy(const us_vector_t *v, const run_t *first, const char *text)
{
    static us_vector_t copy;
    static run_t again;
    char err[512];
    if (us_vec_parse(text, "out.vec", &copy, err, sizeof err) != 0)
        fuzz_fail("the written vector does not parse: %s\n---\n%s---", err, text);
    if (copy.waive.rules != v->waive.rules || copy.waive.errors != v->waive.errors)
        fuzz_fail("the waivers changed on the way through: rules 0x%x errors 0x%x, then 0x%x 0x%x", v->waive.rules,
                  v->waive.errors, copy.waive.rules, copy.waive.errors);
    if (strcmp(copy.waive.why, v->waive.why) != 0)
        fuzz_fail("the waivers' reason changed on the way through: '%s', then '%s'", v->waive.why, copy.waive.why);
    us_strbuf_t rep;
    us_sb_init(&rep);
    if (check_run(&copy, first, &rep))
        fuzz_fail("the run does not meet the expectations written from it:\n%s", rep.data);
    run_vector(&copy, &again);
    same_setup(&first->sh, &again.sh);
    same_quad(&first->q, &again.q);
    if (check_run(&copy, &again, &rep))
        fuzz_fail("a run of the written vector does not meet its expectations:\n%s", rep.data);
    us_sb_free(&rep);
    free_trace(&again);
    us_vec_free(&copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static us_vector_t v;
    static run_t first;
    char err[512];
    char *text = fuzz_text(data, size);
    if (us_vec_parse(text, "in.vec", &v, err, sizeof err) != 0) {
        fuzz_check_error(err, "in.vec");
    } else {
        if (v.params.watchdog > FUZZ_WATCHDOG)
            v.params.watchdog = FUZZ_WATCHDOG;
        run_vector(&v, &first);
        decode_in_step(&first.sh);
        char *out = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);
        if (!f)
            abort();
        us_vec_write(f, &v, &first.q);
        for (unsigned i = 0; i < first.ntrace; i++)
            fprintf(f, "expect trace %s\n", first.trace[i]);
        fclose(f);
        check_copy(&v, &first, out);
        free(out);
        free_trace(&first);
    }
    us_vec_free(&v);
    free(text);
    return 0;
}
