/* uscov: functional coverage of the golden model (bins: model/gen/us_cov.c; the runs: model/gen/us_cov_run.c).
 *   uscov [--vectors DIR|FILE]... [--program HEX|DIR --seeds N]... [--random LEN --seeds N]... [--out DIR]
 * Runs every input through the model, sampling each retired instruction, and writes coverage.txt,
 * coverage.html and coverage.tsv (every hit bin, for tools) into the --out directory (default build/coverage);
 * prints the headline. Exit 2 on bad input, with file:line where there is one; exit 1 when a run hit a bin that
 * the rules of model/gen/us_cov.c say cannot exist (the reports list it): a wrong rule or a sampling bug. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/us_cov_run.h"
#include "golden/us_model.h"
#include "isa/us_args.h"
#include "isa/us_inst.h"
#include "isa/us_out.h"
#include "isa/us_strbuf.h"

#define MAX_SEEDS 100000000u

enum kind { IN_VECTORS, IN_PROGRAM, IN_RANDOM };

typedef struct input {
    enum kind kind;
    const char *path;
    unsigned len;
    unsigned long seeds;
} input_t;

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: uscov [--vectors DIR|FILE]... [--program HEX|DIR --seeds N]... "
          "[--random LEN --seeds N]... [--out DIR]\n"
          "  --vectors: a vector, or every *.vec under a directory; --program: a hex program, or every *.hex and\n"
          "  *.txt in a directory, on the random inputs of seeds 1..N; --random: N random legal programs of LEN\n"
          "  instructions (seeds 1..N, watchdog 4096); LEN 1 to %u, N 1 to %u. Writes coverage.txt,\n"
          "  coverage.html and coverage.tsv into --out (default build/coverage), each whole or not at all. A vector's\n"
          "  param watchdog is at most %u. Exit 2 on bad input or output that cannot be written, 1 when a bin\n"
          "  that cannot exist was hit (the reports list it).\n",
          US_MAX_INST, MAX_SEEDS, US_MAX_WATCHDOG);
    return status;
}

static int coverage(int argc, char **argv)
{
    input_t *in = us_xrealloc(NULL, (size_t)argc * sizeof *in);
    unsigned nin = 0;
    const char *out = "build/coverage";
    bool seeded = true; /* whether the last --program/--random has its --seeds */
    if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        free(in);
        return usage(stdout, 0);
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n = 0;
        char err[256];
        bool is_random = strcmp(a, "--random") == 0, is_seeds = strcmp(a, "--seeds") == 0 && !seeded;
        if (!v) {
            free(in);
            return usage(stderr, 2);
        }
        uint64_t max = is_random ? US_MAX_INST : MAX_SEEDS;
        if ((is_random || is_seeds) && !us_arg_uint(a, v, 1, max, &n, err, sizeof err)) {
            fprintf(stderr, "uscov: %s\n", err);
            free(in);
            return 2;
        }
        if (strcmp(a, "--vectors") == 0) {
            in[nin++] = (input_t){IN_VECTORS, v, 0, 0};
        } else if (strcmp(a, "--program") == 0) {
            in[nin++] = (input_t){IN_PROGRAM, v, 0, 0};
            seeded = false;
        } else if (is_random) {
            in[nin++] = (input_t){IN_RANDOM, NULL, (unsigned)n, 0};
            seeded = false;
        } else if (is_seeds) {
            in[nin - 1].seeds = (unsigned long)n;
            seeded = true;
        } else if (strcmp(a, "--out") == 0) {
            out = v;
        } else {
            free(in);
            return usage(stderr, 2);
        }
        i++;
    }
    if (!seeded || nin == 0) {
        free(in);
        return usage(stderr, 2);
    }
    static us_cov_t cov;
    us_cov_init(&cov);
    us_strbuf_t desc;
    us_sb_init(&desc);
    int rc = 0;
    unsigned bad = 0; /* hit bins that cannot exist */
    char err[512];
    for (unsigned k = 0; k < nin && rc == 0; k++) {
        if (in[k].kind == IN_VECTORS)
            rc = us_cov_run_vectors(&cov, in[k].path, &desc, err, sizeof err);
        else if (in[k].kind == IN_PROGRAM)
            rc = us_cov_run_programs(&cov, in[k].path, in[k].seeds, &desc, err, sizeof err);
        else
            us_cov_run_random(&cov, in[k].len, in[k].seeds, &desc);
    }
    const char *inputs = desc.data ? desc.data : "";
    if (rc == 0)
        rc = us_cov_write_reports(out, &cov, inputs, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "%s\n", err);
    if (rc == 0) {
        printf("uscov: %s\n%llu quads, %llu instructions retired; bins hit / bins that can exist:\n", inputs,
               (unsigned long long)cov.quads, (unsigned long long)cov.retired);
        us_cov_write_headline(stdout, &cov);
        printf("reports: %s/coverage.txt, %s/coverage.html (and coverage.tsv)\n", out, out);
        for (unsigned i = 0; i < US_COV_NCROSSES; i++)
            bad += us_cov_impossible(&cov, i, NULL);
        if (bad)
            fprintf(stderr, "uscov: %u hit bins that the rules of model/gen/us_cov.c say cannot exist (listed in "
                    "coverage.txt): a wrong rule or a sampling bug\n", bad);
    }
    us_sb_free(&desc);
    us_cov_free(&cov);
    free(in);
    return rc ? 2 : bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    return us_stdout_status("uscov", coverage(argc, argv));
}
