/* usgen: writes vectors (vectors/FORMAT.md) whose expectations are the golden model's results.
 *   usgen --random N --seed S [--knob NAME=VALUE]... --out DIR [--prefix P]   N constrained-random vectors
 *   usgen --suite smoke|full --out DIR                                          a suite (make vectors)
 *   usgen --fields --out DIR                    field-exhaustive vectors and the field-value coverage table
 *   usgen --mesa --out DIR                      the Mesa FC suite: every program, every pixel-divergence pattern
 *   usgen --directed --out DIR                  the directed vectors: FC and OMOD corners, each with its trace
 *   usgen --knobs                                                               the knobs and their ranges
 * Bad knobs or arguments, or a vector that cannot be written: a message and exit 2. The suites and presets are
 * model/gen/us_suite.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gen/us_gen_fields.h"
#include "gen/us_suite.h"
#include "isa/us_args.h"
#include "isa/us_out.h"

#define MAX_RANDOM 1000000u

static int usage(void)
{
    fprintf(stderr, "usage: usgen --random N --seed S [--knob NAME=VALUE]... --out DIR [--prefix P]\n"
                    "       usgen --suite smoke|full --out DIR\n"
                    "       usgen --fields --out DIR\n"
                    "       usgen --mesa --out DIR\n"
                    "       usgen --directed --out DIR\n"
                    "       usgen --knobs\n"
                    "  --random: N (1 to %u) vectors DIR/PREFIX-SEED.vec, seeds S (0 to 2^64-1) onwards; PREFIX\n"
                    "  (default random): letters, digits, '.', '_', '-', not starting with '.', PREFIX-SEED at most 63\n"
                    "  characters. Each vector is written whole or not at all. Exit 2 on bad input or output that\n"
                    "  cannot be written.\n"
                    "knobs:\n%s", MAX_RANDOM, us_knobs_help());
    return 2;
}

static int fail(const char *err)
{
    fprintf(stderr, "usgen: %s\n", err);
    return 2;
}

static int generate(int argc, char **argv)
{
    const char *out = NULL, *suite = NULL, *prefix = "random";
    uint64_t count = 0, seed = 0;
    bool have_seed = false, fields = false, mesa = false, directed = false;
    us_knobs_t k;
    us_knobs_default(&k);
    char err[512];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--knobs")) {
            fputs(us_knobs_help(), stdout);
            return 0;
        } else if (!strcmp(argv[i], "--random") && i + 1 < argc) {
            if (!us_arg_uint(argv[i], argv[i + 1], 1, MAX_RANDOM, &count, err, sizeof err))
                return fail(err);
            i++;
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (!us_arg_uint(argv[i], argv[i + 1], 0, UINT64_MAX, &seed, err, sizeof err))
                return fail(err);
            i++;
            have_seed = true;
        } else if (!strcmp(argv[i], "--knob") && i + 1 < argc) {
            if (!us_knobs_set(&k, argv[++i], err, sizeof err))
                return fail(err);
        } else if (!strcmp(argv[i], "--fields")) {
            fields = true;
        } else if (!strcmp(argv[i], "--mesa")) {
            mesa = true;
        } else if (!strcmp(argv[i], "--directed")) {
            directed = true;
        } else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--prefix") && i + 1 < argc)
            prefix = argv[++i];
        else if (!strcmp(argv[i], "--suite") && i + 1 < argc)
            suite = argv[++i];
        else
            return usage();
    }
    if (!out || (!!suite + !!count + fields + mesa + directed) != 1 || (count && !have_seed))
        return usage();
    if (suite && !us_suite_known(suite)) {
        fprintf(stderr, "usgen: unknown suite \"%s\" (%s)\n", suite, us_suite_names());
        return 2;
    }
    if (!us_knobs_check(&k, err, sizeof err))
        return fail(err);
    us_suite_out_t o = {.dir = out};
    if (count && !us_suite_prefix_ok(prefix, count, seed, &o))
        return fail(o.err);
    if (mkdir(out, 0777) && errno != EEXIST) {
        fprintf(stderr, "usgen: cannot make %s: %s\n", out, strerror(errno));
        return 2;
    }
    clock_t t0 = clock();
    bool ok;
    if (mesa) {
        ok = us_suite_write_mesa(&o);
    } else if (directed) {
        ok = us_suite_write_directed(&o);
    } else if (fields) {
        unsigned n = 0;
        ok = us_gen_fields(out, true, stdout, &n, o.err, sizeof o.err);
        o.written += n;
    } else if (count) {
        ok = us_suite_write_random(&k, count, seed, prefix, &o);
    } else {
        ok = us_suite_write(suite, &o);
    }
    if (!ok) {
        fprintf(stderr, "usgen: %s (%llu vectors written before it)\n", o.err[0] ? o.err : "failed",
                (unsigned long long)o.written);
        return 2;
    }
    fprintf(stderr, "usgen: %llu vectors in %s (%llu instructions retired by the model) in %.2f s CPU\n",
            (unsigned long long)o.written, out, (unsigned long long)o.retired, (double)(clock() - t0) / CLOCKS_PER_SEC);
    return 0;
}

int main(int argc, char **argv)
{
    return us_stdout_status("usgen", generate(argc, argv));
}
