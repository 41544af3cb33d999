/* usgen: writes vectors (vectors/FORMAT.md) whose expectations are the golden model's results.
 *   usgen --random N --seed S [--knob NAME=VALUE]... --out DIR [--prefix P]   N constrained-random vectors
 *   usgen --suite smoke|full --out DIR                                          a suite (make vectors)
 *   usgen --fields --out DIR                    field-exhaustive vectors and the field-value coverage table
 *   usgen --mesa --out DIR                      the Mesa FC suite: every program, every pixel-divergence pattern
 *   usgen --knobs                                                               the knobs and their ranges
 * Bad knobs or arguments: a message and exit 2. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gen/us_gen.h"
#include "gen/us_gen_fields.h"
#include "gen/us_gen_mesa.h"

static int usage(void)
{
    fprintf(stderr, "usage: usgen --random N --seed S [--knob NAME=VALUE]... --out DIR [--prefix P]\n"
                    "       usgen --suite smoke|full --out DIR\n"
                    "       usgen --fields --out DIR\n"
                    "       usgen --mesa --out DIR\n"
                    "       usgen --knobs\n"
                    "knobs:\n%s", us_knobs_help());
    return 2;
}

typedef struct preset {
    const char *name;
    const char *knobs; /* space-separated NAME=VALUE */
} preset_t;

/* The suites: the default mix and presets that push one dimension each. */
static const preset_t presets[] = {
    {"mix", ""},
    {"alu", "fc=0 tex=0 out=10 len=12"},
    {"fc", "fc=60 depth=4 loops=50 breaks=80 len=4"},
    {"tex", "tex=50 kill=40 uncovered=50"},
    {"hazard", "hazard=1 window=4 len=10"},
    {"special", "special=60"},
    {"uncovered", "uncovered=100 fc=40 kill=60 tex=30"},
    {"wide", "window=128 hazard=16 len=10"},
    {"deep", "alu=20 out=0 tex=0 fc=80 depth=8 loops=90 breaks=70 count=2 len=2"},
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

/* Runs the model on v for its expectations and writes DIR/NAME.vec. */
static bool write_vector(us_vector_t *v, const char *dir, uint64_t *retired)
{
    static us_shader_t sh;
    static us_quad_t q;
    char path[4096];
    us_vec_setup(v, &sh, &q);
    us_quad_run(&q, &sh);
    *retired += q.retired;
    snprintf(path, sizeof path, "%s/%s.vec", dir, v->name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "usgen: cannot write %s: %s\n", path, strerror(errno));
        us_vec_free(v);
        return false;
    }
    us_vec_write(f, v, &q, NULL, 0);
    bool ok = fclose(f) == 0;
    us_vec_free(v);
    return ok;
}

/* Generates one constrained-random vector and writes DIR/PREFIX-SEED.vec. */
static bool emit(const us_knobs_t *k, uint64_t seed, const char *dir, const char *prefix, uint64_t *retired)
{
    static us_vector_t v;
    char err[512];
    if (!us_gen_vector(k, seed, &v, err, sizeof err)) {
        fprintf(stderr, "usgen: seed %llu: the generated program does not assemble (a generator bug): %s\n",
                (unsigned long long)seed, err);
        return false;
    }
    snprintf(v.name, sizeof v.name, "%s-%llu", prefix, (unsigned long long)seed);
    return write_vector(&v, dir, retired);
}

/* The Mesa FC suite: every program with every divergence pattern (smoke: the first two variants of patterns
 * 0x5 and 0xe only). */
static bool mesa_suite(bool full, const char *dir, uint64_t *retired, uint64_t *written)
{
    static us_vector_t v;
    char err[512];
    for (unsigned prog = 0; prog < us_gen_mesa_programs(); prog++)
        for (unsigned pat = 0; pat < US_GEN_MESA_PATTERNS; pat++)
            for (unsigned var = 0; var < US_GEN_MESA_VARIANTS; var++) {
                if (!full && !((pat == 0x5u || pat == 0xEu) && var < 2u))
                    continue;
                if (!us_gen_mesa_vector(prog, pat, var, &v, err, sizeof err)) {
                    fprintf(stderr, "usgen: Mesa FC program %s: %s\n", us_gen_mesa_name(prog), err);
                    return false;
                }
                if (!write_vector(&v, dir, retired))
                    return false;
                ++*written;
            }
    return true;
}

int main(int argc, char **argv)
{
    const char *out = NULL, *suite = NULL, *prefix = "random";
    unsigned long long count = 0, seed = 0;
    bool have_seed = false, fields = false, mesa = false;
    us_knobs_t k;
    us_knobs_default(&k);
    char err[512];
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--knobs")) {
            fputs(us_knobs_help(), stdout);
            return 0;
        } else if (!strcmp(argv[i], "--random") && i + 1 < argc) {
            count = strtoull(argv[++i], &end, 0);
            if (*end || count == 0 || count > 1000000)
                return usage();
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], &end, 0);
            if (*end)
                return usage();
            have_seed = true;
        } else if (!strcmp(argv[i], "--knob") && i + 1 < argc) {
            if (!us_knobs_set(&k, argv[++i], err, sizeof err)) {
                fprintf(stderr, "usgen: %s\n", err);
                return 2;
            }
        } else if (!strcmp(argv[i], "--fields")) {
            fields = true;
        } else if (!strcmp(argv[i], "--mesa")) {
            mesa = true;
        } else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--prefix") && i + 1 < argc)
            prefix = argv[++i];
        else if (!strcmp(argv[i], "--suite") && i + 1 < argc)
            suite = argv[++i];
        else
            return usage();
    }
    if (!out || (!!suite + !!count + fields + mesa) != 1 || (count && !have_seed))
        return usage();
    if (suite && strcmp(suite, "smoke") && strcmp(suite, "full")) {
        fprintf(stderr, "usgen: unknown suite \"%s\" (smoke or full)\n", suite);
        return 2;
    }
    if (!us_knobs_check(&k, err, sizeof err)) {
        fprintf(stderr, "usgen: %s\n", err);
        return 2;
    }
    if (mkdir(out, 0777) && errno != EEXIST) {
        fprintf(stderr, "usgen: cannot make %s: %s\n", out, strerror(errno));
        return 2;
    }
    clock_t t0 = clock();
    uint64_t retired = 0, written = 0;
    if (mesa) {
        if (!mesa_suite(true, out, &retired, &written))
            return 1;
    } else if (fields) {
        unsigned n = 0;
        bool ok = us_gen_fields(out, true, stdout, &n, err, sizeof err);
        written += n;
        if (!ok) {
            fprintf(stderr, "usgen: %s\n", err);
            return 1;
        }
    } else if (count) {
        for (unsigned long long i = 0; i < count; i++, written++)
            if (!emit(&k, seed + i, out, prefix, &retired))
                return 1;
    } else {
        /* the field-exhaustive vectors (smoke: ALU/OUT/TEX carriers; full: and the FC ones), the Mesa FC suite, then
         * the presets: smoke 5 vectors each, full 1,250 each (11,250) */
        if (!mesa_suite(strcmp(suite, "smoke") != 0, out, &retired, &written))
            return 1;
        for (unsigned e = 0; e < US_GEN_ERROR_VECTORS; e++, written++) { /* the faults a program can hold */
            static us_vector_t ev;
            if (!us_gen_error_vector(e, &ev, err, sizeof err)) {
                fprintf(stderr, "usgen: error vector %u: %s\n", e, err);
                return 1;
            }
            if (!write_vector(&ev, out, &retired))
                return 1;
        }
        unsigned n = 0;
        bool ok = us_gen_fields(out, strcmp(suite, "smoke") != 0, stdout, &n, err, sizeof err);
        written += n;
        if (!ok) {
            fprintf(stderr, "usgen: %s\n", err);
            return 1;
        }
        unsigned per = strcmp(suite, "smoke") ? 1250u : 5u;
        for (unsigned p = 0; p < NPRESETS; p++) {
            us_knobs_t pk;
            us_knobs_default(&pk);
            if (!apply(&pk, presets[p].knobs, err, sizeof err)) {
                fprintf(stderr, "usgen: preset %s: %s\n", presets[p].name, err);
                return 1;
            }
            for (unsigned i = 0; i < per; i++, written++)
                if (!emit(&pk, 1000u * p + i + 1u, out, presets[p].name, &retired))
                    return 1;
        }
    }
    fprintf(stderr, "usgen: %llu vectors in %s (%llu instructions retired by the model) in %.2f s CPU\n",
            (unsigned long long)written, out, (unsigned long long)retired, (double)(clock() - t0) / CLOCKS_PER_SEC);
    return 0;
}
