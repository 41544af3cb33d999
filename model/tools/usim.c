/* strdup is POSIX. */
#define _POSIX_C_SOURCE 200809L
/* usim: the golden model on the command line.
 *   usim VEC [--trace]                         run a vector, check its expectations (exit 0 pass, 1 differ)
 *   usim --program IN.hex --seed N [--trace]   run any program on seeded random inputs, print the final state
 *   usim --lint VEC | --lint --program IN.hex  the static silicon-rule check only (exit 0 clean, 1 breaches)
 * Every run also checks the silicon rules on the path it takes (golden/us_lint.h) and prints each breach.
 * Exit 2 on bad input. The rate of retired quad-instructions goes to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa/us_dis.h"
#include "isa/us_hex.h"
#include "gen/us_random.h"
#include "golden/us_lint.h"
#include "golden/us_trace.h"
#include "gen/us_vec.h"

static int usage(void)
{
    fputs("usage: usim VEC [--trace]\n"
          "       usim --program IN.hex --seed N [--trace] [--repeat R] [--emit-vector OUT]\n"
          "       usim --lint VEC | usim --lint --program IN.hex\n"
          "  VEC: a vector (vectors/FORMAT.md): runs it and checks the expected results (exit 0 pass, 1 differ).\n"
          "  A breach of the CTM guide's hardware rules reached on the run is printed (docs/spec.md section 9);\n"
          "  in a vector not marked unsafe it fails the vector. --lint: the static check only (exit 1 on any).\n"
          "  --program: runs a hex program on random inputs made from the seed and prints the final state.\n"
          "  --trace: prints one line per retired instruction, with its disassembly.\n"
          "  --repeat R: runs the quad R times (for a rate figure); --emit-vector: writes the run as a vector.\n"
          "  Exit 2 on bad input.\n",
          stderr);
    return 2;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs the quad; with trace_lines, keeps the formatted retire lines (and prints them when print is set). */
/* The breaches the last step added, one "!" line each under its trace line. */
static void print_new_diags(const us_lint_t *l, unsigned kept_before, uint64_t total_before, unsigned pc)
{
    us_strbuf_t sb;
    us_sb_init(&sb);
    for (unsigned i = kept_before; i < l->diags.nkept; i++) {
        us_sb_clear(&sb);
        us_diag_format(&sb, &l->diags.kept[i]);
        printf("      ! %s\n", sb.data);
    }
    uint64_t repeats = l->diags.total - total_before - (l->diags.nkept - kept_before);
    if (repeats)
        printf("      ! pc %u: %llu breach%s already reported at this pc\n", pc, (unsigned long long)repeats,
               repeats == 1 ? "" : "es");
    us_sb_free(&sb);
}

static void run(const us_shader_t *sh, us_quad_t *q, us_lint_t *lint, bool keep, bool print, char ***lines,
                unsigned *nlines)
{
    us_retire_t r;
    us_strbuf_t sb;
    us_sb_init(&sb);
    unsigned cap = 0;
    for (;;) {
        unsigned kept_before = lint->diags.nkept, pc = q->pc;
        uint64_t total_before = lint->diags.total;
        if (!us_quad_step_linted(q, sh, keep ? &r : NULL, lint))
            break;
        if (!keep)
            continue;
        us_sb_clear(&sb);
        us_retire_format(&sb, &r);
        if (print) {
            us_strbuf_t dis;
            us_sb_init(&dis);
            us_dis_inst(&dis, &r.inst, NULL, r.pc);
            for (char *nl = dis.data; (nl = strchr(nl, '\n'));)
                *nl = ' ';
            printf("%s\n      %s\n", sb.data, dis.data);
            us_sb_free(&dis);
            print_new_diags(lint, kept_before, total_before, pc);
        }
        if (*nlines == cap) {
            cap = cap ? cap * 2 : 256;
            char **n = realloc(*lines, cap * sizeof **lines);
            if (!n) {
                fputs("out of memory\n", stderr);
                exit(2);
            }
            *lines = n;
        }
        (*lines)[(*nlines)++] = strdup(sb.data);
    }
    us_sb_free(&sb);
}

/* Every breach the run reached, and the summary line; returns the count. */
static uint64_t print_diags(const char *path, const us_lint_t *l)
{
    us_strbuf_t sb;
    us_sb_init(&sb);
    for (unsigned i = 0; i < l->diags.nkept; i++) {
        us_sb_clear(&sb);
        us_diag_format(&sb, &l->diags.kept[i]);
        printf("%s: silicon rule: %s\n", path, sb.data);
    }
    if (l->diags.total) {
        us_sb_clear(&sb);
        us_diags_summary(&sb, &l->diags);
        printf("%s: %s\n", path, sb.data);
    }
    us_sb_free(&sb);
    return l->diags.total;
}

static void report_rate(uint64_t retired, double secs)
{
    fprintf(stderr, "usim: %llu quad-instructions in %.3f s: %.2f M quad-instructions/s\n", (unsigned long long)retired,
            secs, secs > 0 ? (double)retired / secs * 1e-6 : 0.0);
}

int main(int argc, char **argv)
{
    const char *vec_path = NULL, *prog_path = NULL, *emit = NULL;
    bool trace = false, have_seed = false, lint_only = false;
    unsigned long long seed = 0, repeat = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--trace") == 0)
            trace = true;
        else if (strcmp(argv[i], "--lint") == 0)
            lint_only = true;
        else if (strcmp(argv[i], "--program") == 0 && i + 1 < argc)
            prog_path = argv[++i];
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            char *end;
            seed = strtoull(argv[++i], &end, 0);
            if (*end)
                return usage();
            have_seed = true;
        } else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            char *end;
            repeat = strtoull(argv[++i], &end, 0);
            if (*end || repeat == 0)
                return usage();
        } else if (strcmp(argv[i], "--emit-vector") == 0 && i + 1 < argc)
            emit = argv[++i];
        else if (argv[i][0] == '-')
            return usage();
        else if (!vec_path)
            vec_path = argv[i];
        else
            return usage();
    }
    if (!!vec_path == !!prog_path || (prog_path && !have_seed && !lint_only))
        return usage();
    char err[512];
    const char *path = vec_path ? vec_path : prog_path;
    char *text = us_read_file(path, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    static us_vector_t v;
    static us_program_t prog;
    int rc = vec_path ? us_vec_parse(text, path, &v, err, sizeof err) : us_hex_parse(text, path, &prog, err, sizeof err);
    free(text);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (prog_path)
        us_random_vector(&v, &prog, seed);
    static us_shader_t sh;
    static us_quad_t q;
    if (lint_only) {
        us_vec_setup(&v, &sh, &q);
        us_code_t code = us_shader_code(&sh);
        uint64_t n = us_rules_warn(stdout, path, &code);
        printf("%s: %llu static silicon-rule breach%s%s\n", path, (unsigned long long)n, n == 1 ? "" : "es",
               v.unsafe ? " (the vector is marked unsafe)" : "");
        us_vec_free(&v);
        return n ? 1 : 0;
    }
    static us_lint_t lint;
    char **lines = NULL;
    unsigned nlines = 0;
    bool keep = trace || v.ntrace || emit;
    double t0 = now();
    uint64_t total = 0;
    for (unsigned long long k = 0; k < repeat; k++) {
        us_vec_setup(&v, &sh, &q);
        us_lint_init(&lint);
        run(&sh, &q, &lint, keep && k == 0, trace && k == 0, &lines, &nlines);
        total += q.retired;
    }
    double secs = now() - t0;
    int status = 0;
    uint64_t breaches = print_diags(path, &lint);
    if (vec_path) {
        us_strbuf_t rep;
        us_sb_init(&rep);
        unsigned bad = v.has_expect ? us_vec_check(&v, &q, (const char *const *)lines, nlines, &rep) : 0;
        if (!v.has_expect)
            printf("%s: no expectations; final state:\n", path);
        if (bad) {
            printf("%s: FAIL, %u difference%s\n%s", path, bad, bad == 1 ? "" : "s", rep.data);
            status = 1;
        } else if (v.has_expect && breaches && !v.unsafe) {
            printf("%s: FAIL, silicon-rule breaches in a vector not marked unsafe (a correct R500 need not give "
                   "these results)\n", path);
            status = 1;
        } else if (v.has_expect && breaches) {
            printf("%s: pass, unsafe (%llu instructions retired)\n", path, (unsigned long long)q.retired);
        } else if (v.has_expect) {
            printf("%s: pass (%llu instructions retired)\n", path, (unsigned long long)q.retired);
        }
        us_sb_free(&rep);
    }
    if (prog_path || !v.has_expect) {
        us_strbuf_t sb;
        us_sb_init(&sb);
        us_state_dump(&sb, &q);
        fputs(sb.data, stdout);
        us_sb_free(&sb);
    }
    if (emit) {
        FILE *f = fopen(emit, "w");
        if (!f) {
            perror(emit);
            return 2;
        }
        us_vec_write(f, &v, &q, (const char *const *)lines, nlines);
        fclose(f);
    }
    report_rate(total, secs);
    for (unsigned i = 0; i < nlines; i++)
        free(lines[i]);
    free(lines);
    us_vec_free(&v);
    return status;
}
