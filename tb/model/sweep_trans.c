/* Sweep every fp32 input of one transcendental (docs/fp.md part B) and check the documented bounds and
 * special values.
 *
 *   sweep_trans rcp|rsq|ex2|ln2|sin|cos [--threads N] [--from X --to Y] [--margin M]
 *
 * X..Y is a half-open range of bit patterns (default 0 .. 0x100000000). The fast oracle is the host's double
 * libm (relative error about 2^-52, against fp32 ulps of 2^-24); every input whose error comes within
 * M (default 0.8) of a bound, and the worst input of each kind, is recomputed with MPFR at 80 bits, so no
 * verdict rests on libm. Prints the maximum ulp and absolute errors with their inputs, the number of bound
 * violations and of special-value violations; exits 1 on any violation.
 *
 * The special-value rules and the error measure are shared with test_mpfr_trans.c (trans_oracle.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <mpfr.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "golden/us_fp.h"

#include "trans_oracle.h"

/* --- oracles --- */

static double fast_exact(enum op op, uint32_t a)
{
    double x = (double)as_float(a), t;
    switch (op) {
    case RCP: return 1.0 / x;
    case RSQ: return 1.0 / sqrt(x);
    case EX2: return exp2(x);
    case LN2: return log2(x);
    case SIN:
        t = fabs(x) - floor(fabs(x));
        return x < 0 ? -sin_turns(t) : sin_turns(t);
    default:
        t = fabs(x) - floor(fabs(x));
        return sin_turns(fmod(t + 0.25, 1.0));
    }
}

static double mpfr_exact(enum op op, uint32_t a)
{
    mpfr_t x, r;
    mpfr_init2(x, 80);
    mpfr_init2(r, 80);
    mpfr_set_d(x, (double)as_float(a), MPFR_RNDN);
    switch (op) {
    case RCP: mpfr_ui_div(r, 1, x, MPFR_RNDN); break;
    case RSQ: mpfr_rec_sqrt(r, x, MPFR_RNDN); break;
    case EX2: mpfr_exp2(r, x, MPFR_RNDN); break;
    case LN2: mpfr_log2(r, x, MPFR_RNDN); break;
    case SIN: mpfr_sinu(r, x, 1, MPFR_RNDN); break;
    default: mpfr_cosu(r, x, 1, MPFR_RNDN); break;
    }
    double v = mpfr_get_d(r, MPFR_RNDN);
    mpfr_clear(x);
    mpfr_clear(r);
    return v;
}

/* --- the error measure --- */

/* --- the sweep --- */

#define CHUNK (1u << 20)
static double recheck_margin = 0.8;
#define MAX_REPORT 10

typedef struct worker {
    enum op op;
    uint64_t from, to;
    _Atomic uint64_t *next;
    double max_ulps, max_abs;
    uint32_t worst_ulps_in, worst_abs_in;
    uint64_t checked, violations, special_violations, rechecked, in_range, correctly_rounded;
    uint32_t reported[MAX_REPORT];
    int n_reported;
} worker_t;

static void note_violation(worker_t *w, uint32_t a)
{
    if (w->n_reported < MAX_REPORT)
        w->reported[w->n_reported++] = a;
}

static void check_one(worker_t *w, uint32_t a)
{
    uint32_t r = op_fns[w->op](a), want;
    if (special(w->op, a, &want)) {
        if (r != want) {
            w->special_violations++;
            note_violation(w, a);
        }
        return;
    }
    double v = fast_exact(w->op, a), ulps, abs_err;
    measure(r, v, &ulps, &abs_err);
    double share = bound_share(w->op, a, ulps, abs_err);
    if (share > recheck_margin) { /* close to a bound: let MPFR decide */
        w->rechecked++;
        v = mpfr_exact(w->op, a);
        measure(r, v, &ulps, &abs_err);
        share = bound_share(w->op, a, ulps, abs_err);
    }
    w->checked++;
    if (fabs(v) >= 0x1p-126 && fabs(v) < 0x1p127) { /* against the host's RNE, for the record */
        w->in_range++;
        w->correctly_rounded += r == float_bits((float)v);
    }
    if (share > 1.0) {
        w->violations++;
        note_violation(w, a);
    }
    if (ulps > w->max_ulps) {
        w->max_ulps = ulps;
        w->worst_ulps_in = a;
    }
    if (abs_err > w->max_abs && (w->op == SIN || w->op == COS || (w->op == LN2 && near1(a)))) {
        w->max_abs = abs_err;
        w->worst_abs_in = a;
    }
}

static void *run_worker(void *arg)
{
    worker_t *w = arg;
    for (;;) {
        uint64_t lo = atomic_fetch_add(w->next, CHUNK);
        if (lo >= w->to)
            return NULL;
        uint64_t hi = lo + CHUNK < w->to ? lo + CHUNK : w->to;
        for (uint64_t a = lo; a < hi; a++)
            check_one(w, (uint32_t)a);
    }
}

static void usage(void)
{
    fprintf(stderr, "usage: sweep_trans rcp|rsq|ex2|ln2|sin|cos [--threads N] [--from X --to Y] [--margin M]\n");
    exit(2);
}

static uint64_t parse_u64(const char *s)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (*s == 0 || *end != 0 || v > 0x100000000ull)
        usage();
    return v;
}

/* The error of input a, by MPFR (for the report). */
static void report_input(const char *what, enum op op, uint32_t a)
{
    uint32_t r = op_fns[op](a);
    double v = mpfr_exact(op, a), ulps, abs_err;
    measure(r, v, &ulps, &abs_err);
    printf("  %s: input 0x%08X (%.9g) -> 0x%08X (%.9g), exact %.17g: %.4f ulp, abs %.3e\n", what, a,
           (double)as_float(a), r, (double)as_float(r), v, ulps, abs_err);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        usage();
    int op = -1;
    for (int i = 0; i < N_OPS; i++)
        if (strcmp(argv[1], op_names[i]) == 0)
            op = i;
    if (op < 0)
        usage();
    long threads = sysconf(_SC_NPROCESSORS_ONLN);
    uint64_t from = 0, to = 0x100000000ull;
    for (int i = 2; i < argc; i++) {
        if (i + 1 >= argc)
            usage();
        if (strcmp(argv[i], "--threads") == 0)
            threads = (long)parse_u64(argv[++i]);
        else if (strcmp(argv[i], "--from") == 0)
            from = parse_u64(argv[++i]);
        else if (strcmp(argv[i], "--to") == 0)
            to = parse_u64(argv[++i]);
        else if (strcmp(argv[i], "--margin") == 0)
            recheck_margin = atof(argv[++i]);
        else
            usage();
    }
    if (threads < 1 || threads > 256 || from > to)
        usage();
    _Atomic uint64_t next = from;
    worker_t *ws = calloc((size_t)threads, sizeof *ws);
    pthread_t *tids = calloc((size_t)threads, sizeof *tids);
    if (!ws || !tids)
        return 2;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < threads; i++) {
        ws[i] = (worker_t){.op = (enum op)op, .from = from, .to = to, .next = &next};
        if (pthread_create(&tids[i], NULL, run_worker, &ws[i]) != 0)
            return 2;
    }
    worker_t all = {.op = (enum op)op};
    for (long i = 0; i < threads; i++) {
        pthread_join(tids[i], NULL);
        worker_t *w = &ws[i];
        all.checked += w->checked;
        all.violations += w->violations;
        all.special_violations += w->special_violations;
        all.rechecked += w->rechecked;
        all.correctly_rounded += w->correctly_rounded;
        all.in_range += w->in_range;
        if (w->max_ulps > all.max_ulps || i == 0) {
            all.max_ulps = w->max_ulps;
            all.worst_ulps_in = w->worst_ulps_in;
        }
        if (w->max_abs > all.max_abs || i == 0) {
            all.max_abs = w->max_abs;
            all.worst_abs_in = w->worst_abs_in;
        }
        for (int k = 0; k < w->n_reported; k++)
            note_violation(&all, w->reported[k]);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("sweep %s: inputs 0x%llX..0x%llX (%llu) on %ld threads in %.1f s\n", op_names[op],
           (unsigned long long)from, (unsigned long long)to, (unsigned long long)(to - from), threads, secs);
    printf("  finite non-special inputs: %llu; rechecked with MPFR: %llu; correctly rounded (of results in the "
           "normal range): %.2f%%\n",
           (unsigned long long)all.checked, (unsigned long long)all.rechecked,
           all.in_range ? 100.0 * (double)all.correctly_rounded / (double)all.in_range : 0.0);
    printf("  max error: %.4f ulp (bound %.1f)", all.max_ulps, ulp_bound[op]);
    if (abs_bound[op] != 0)
        printf(", %.3e absolute%s (bound %.3e)", all.max_abs, op == LN2 ? " on [0.5,2)" : "", abs_bound[op]);
    printf("\n");
    if (all.checked)
        report_input("worst ulp", (enum op)op, all.worst_ulps_in);
    if (all.max_abs > 0)
        report_input("worst abs", (enum op)op, all.worst_abs_in);
    printf("  bound violations: %llu; special-value violations: %llu\n", (unsigned long long)all.violations,
           (unsigned long long)all.special_violations);
    for (int k = 0; k < all.n_reported; k++)
        report_input("violation", (enum op)op, all.reported[k]);
    free(ws);
    free(tids);
    return all.violations || all.special_violations ? 1 : 0;
}
