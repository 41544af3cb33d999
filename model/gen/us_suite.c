/* The vector suites (us_suite.h): the presets, the suite table and the writers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/us_gen_directed.h"
#include "gen/us_gen_fields.h"
#include "gen/us_gen_mesa.h"
#include "gen/us_suite.h"
#include "golden/us_trace.h"

typedef struct preset {
    const char *name;
    const char *knobs; /* space-separated NAME=VALUE */
} preset_t;

/* The presets: the default mix and knob settings that push one dimension each. */
static const preset_t presets[] = {
    {"mix", ""},
    {"alu", "fc=0 tex=0 out=10 len=12"},
    {"fc", "fc=60 depth=4 loops=50 breaks=80 len=4"},
    {"tex", "tex=50 kill=40 uncovered=50"},
    {"hazard", "hazard=1 window=4 len=10"},
    /* special: the special values also under flow control, where the ops meet them with only some pixels running */
    {"special", "special=60 fc=40 depth=4 len=8"},
    {"uncovered", "uncovered=100 fc=40 kill=60 tex=30"},
    {"wide", "window=128 hazard=16 len=10"},
    /* deep: nesting to the loop stack; ALU statements and special values enough that the ops meet every value
     * class at every depth, not only the FC ops (the full ALU cross of model/gen/us_cov.c) */
    {"deep", "alu=40 out=0 tex=0 fc=80 depth=8 loops=90 breaks=70 count=2 len=3 special=40"},
    /* the only preset that keeps CTM rule breaches (hazards without NOP, unsynchronised TEX reads): stress for
     * the model and the RTL, named unsafe-N and never exported for bring-up */
    {"unsafe", "hazard=1 window=4 len=10 tex=30 unsafe=1"},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

static bool apply(us_knobs_t *k, const char *list, char *err, size_t err_size)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        if (!us_knobs_set(k, tok, err, err_size))
            return false;
    return us_knobs_check(k, err, err_size);
}

/* Runs the model on v for its expectations and writes DIR/NAME.vec; with trace, the retire trace is expected
 * too. */
static bool write_vector_traced(us_vector_t *v, us_suite_out_t *o, bool trace)
{
    static us_shader_t sh;
    static us_quad_t q;
    char **lines = NULL;
    unsigned nlines = 0;
    us_vec_setup(v, &sh, &q);
    if (trace) {
        us_retire_t r;
        unsigned cap = 0;
        while (us_quad_step(&q, &sh, &r)) {
            if (nlines == cap) {
                cap = cap ? 2 * cap : 64;
                lines = us_xrealloc(lines, cap * sizeof *lines);
            }
            us_strbuf_t sb;
            us_sb_init(&sb);
            us_retire_format(&sb, &r);
            lines[nlines++] = sb.data; /* the line keeps the buffer */
        }
    } else {
        us_quad_run(&q, &sh);
    }
    o->retired += q.retired;
    bool ok = us_vec_save(o->dir, v, &q, (const char *const *)lines, nlines, o->err, sizeof o->err);
    for (unsigned i = 0; i < nlines; i++)
        free(lines[i]);
    free(lines);
    us_vec_free(v);
    o->written += ok;
    return ok;
}

static bool write_vector(us_vector_t *v, us_suite_out_t *o) { return write_vector_traced(v, o, false); }

/* Generates one constrained-random vector and writes DIR/PREFIX-SEED.vec. */
static bool emit(const us_knobs_t *k, uint64_t seed, const char *prefix, us_suite_out_t *o)
{
    static us_vector_t v;
    char err[400];
    if (!us_gen_vector(k, seed, &v, err, sizeof err)) {
        snprintf(o->err, sizeof o->err, "seed %llu: %s", (unsigned long long)seed, err);
        return false;
    }
    snprintf(v.name, sizeof v.name, "%s-%llu", prefix, (unsigned long long)seed);
    return write_vector(&v, o);
}

/* The Mesa FC suite: every program with every divergence pattern (smoke: the first two variants of patterns
 * 0x5 and 0xe only). */
static bool mesa_suite(bool full, us_suite_out_t *o)
{
    static us_vector_t v;
    char err[400];
    for (unsigned prog = 0; prog < us_gen_mesa_programs(); prog++)
        for (unsigned pat = 0; pat < US_GEN_MESA_PATTERNS; pat++)
            for (unsigned var = 0; var < US_GEN_MESA_VARIANTS; var++) {
                if (!full && !((pat == 0x5u || pat == 0xEu) && var < 2u))
                    continue;
                if (!us_gen_mesa_vector(prog, pat, var, &v, err, sizeof err)) {
                    snprintf(o->err, sizeof o->err, "Mesa FC program %s: %s", us_gen_mesa_name(prog), err);
                    return false;
                }
                if (!write_vector(&v, o))
                    return false;
            }
    return true;
}

/* The suites. smoke: the field-exhaustive ALU/OUT/TEX carriers, two variants of Mesa patterns 0x5 and 0xe, 5
 * vectors per preset; full: every field vector (FC too), the whole Mesa FC suite, 1,250 per preset (11,250).
 * Both: the error vectors and the directed vectors. */
typedef struct suite {
    const char *name;
    bool full_mesa, fc_fields;
    unsigned per_preset;
} suite_t;
static const suite_t suites[] = {
    {"smoke", false, false, 5u},
    {"full", true, true, 1250u},
};
#define NSUITES (sizeof suites / sizeof suites[0])

const char *us_suite_names(void)
{
    return "smoke or full";
}

static const suite_t *find(const char *name)
{
    for (unsigned i = 0; i < NSUITES; i++)
        if (!strcmp(suites[i].name, name))
            return &suites[i];
    return NULL;
}

bool us_suite_known(const char *name)
{
    return find(name) != NULL;
}

bool us_suite_write_mesa(us_suite_out_t *o)
{
    return mesa_suite(true, o);
}

bool us_suite_write_directed(us_suite_out_t *o)
{
    static us_vector_t v;
    char err[400];
    for (unsigned d = 0; d < us_gen_directed_count(); d++) {
        if (!us_gen_directed_vector(d, &v, err, sizeof err)) {
            snprintf(o->err, sizeof o->err, "directed vector %s: %s", us_gen_directed_name(d), err);
            return false;
        }
        if (!write_vector_traced(&v, o, true))
            return false;
    }
    return true;
}

bool us_suite_prefix_ok(const char *prefix, uint64_t count, uint64_t seed, us_suite_out_t *o)
{
    size_t len = strlen(prefix);
    bool chars = len && prefix[0] != '.' && strspn(prefix, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                            "0123456789._-") == len;
    if (!chars) {
        snprintf(o->err, sizeof o->err, "--prefix '%s': letters, digits, '.', '_' and '-' only, not starting with "
                 "'.' (the vectors go into the output directory)", prefix);
        return false;
    }
    uint64_t last = seed + (count ? count - 1 : 0), widest = last < seed ? UINT64_MAX : last; /* seeds wrap */
    char digits[24];
    int ndigits = snprintf(digits, sizeof digits, "%llu", (unsigned long long)widest);
    size_t room = sizeof ((us_vector_t *)0)->name - 1;
    if (len + 1 + (size_t)ndigits > room) {
        snprintf(o->err, sizeof o->err, "--prefix '%s' is too long: PREFIX-SEED must fit in %zu characters (%zu "
                 "for seed %s)", prefix, room, len + 1 + (size_t)ndigits, digits);
        return false;
    }
    return true;
}

bool us_suite_write_random(const us_knobs_t *k, uint64_t count, uint64_t seed, const char *prefix, us_suite_out_t *o)
{
    if (!us_suite_prefix_ok(prefix, count, seed, o))
        return false;
    for (uint64_t i = 0; i < count; i++)
        if (!emit(k, seed + i, prefix, o))
            return false;
    return true;
}

bool us_suite_write(const char *name, us_suite_out_t *o)
{
    const suite_t *s = find(name);
    if (!s) {
        snprintf(o->err, sizeof o->err, "unknown suite \"%s\" (%s)", name, us_suite_names());
        return false;
    }
    char err[400];
    if (!mesa_suite(s->full_mesa, o))
        return false;
    for (unsigned e = 0; e < US_GEN_ERROR_VECTORS; e++) { /* the faults a program can hold */
        static us_vector_t ev;
        if (!us_gen_error_vector(e, &ev, err, sizeof err)) {
            snprintf(o->err, sizeof o->err, "error vector %u: %s", e, err);
            return false;
        }
        if (!write_vector(&ev, o))
            return false;
    }
    if (!us_suite_write_directed(o)) /* the corners random programs rarely reach, in every suite */
        return false;
    unsigned n = 0;
    bool ok = us_gen_fields(o->dir, s->fc_fields, stdout, &n, o->err, sizeof o->err);
    o->written += n;
    if (!ok)
        return false;
    for (unsigned p = 0; p < NPRESETS; p++) {
        us_knobs_t pk;
        us_knobs_default(&pk);
        if (!apply(&pk, presets[p].knobs, err, sizeof err)) {
            snprintf(o->err, sizeof o->err, "preset %s: %s", presets[p].name, err);
            return false;
        }
        for (unsigned i = 0; i < s->per_preset; i++)
            if (!emit(&pk, 1000u * p + i + 1u, presets[p].name, o))
                return false;
    }
    return true;
}
