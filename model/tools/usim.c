/* clock_gettime is POSIX. */
#define _POSIX_C_SOURCE 200809L
/* usim: the golden model on the command line.
 *   usim VEC [--trace]                         run a vector, check its expectations (exit 0 pass, 1 differ)
 *   usim --program IN.hex --seed N [--trace]   run any program on seeded random inputs, print the final state
 *   usim --lint VEC | --lint --program IN.hex  the static silicon-rule check only (exit 0 clean, 1 breaches)
 * Every run also checks the silicon rules on the path it takes (golden/us_lint.h) and prints each breach.
 * Exit 2 on bad input or output that cannot be written. The rate of retired quad-instructions goes to stderr. The
 * trace is streamed (printed, compared with the vector's, written) as the model retires: no run keeps it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa/us_args.h"
#include "isa/us_dis.h"
#include "isa/us_hex.h"
#include "isa/us_out.h"
#include "gen/us_random.h"
#include "golden/us_lint.h"
#include "golden/us_trace.h"
#include "gen/us_vec.h"
#include "gen/us_vec_rules.h"
#include "gen/us_vec_trace.h"

#define MAX_REPEAT 1000000000ull

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: usim VEC [--trace]\n"
               "       usim --program IN.hex --seed N [--trace] [--repeat R] [--emit-vector OUT]\n"
               "       usim --lint VEC | usim --lint --program IN.hex\n"
               "  VEC: a vector (vectors/FORMAT.md): runs it and checks the expected results (exit 0 pass, 1 differ).\n"
               "  A vector's param watchdog is at most %u instructions; a vector whose last line has no newline is\n"
               "  truncated and refused. A breach of the CTM guide's hardware rules reached on the run is printed\n"
               "  (docs/spec.md section 9). A vector with expectations fails unless its `unsafe` line names exactly\n"
               "  the rules it breaks (statically or on the run) and the error states its run ends in. --lint: the\n"
               "  static check and illegal words only (exit 1 on any the vector does not waive).\n"
               "  --program: runs a hex program on random inputs made from the seed (0 to 2^64-1) and prints the\n"
               "  final state.\n"
               "  --trace: prints one line per retired instruction, with its disassembly.\n"
               "  --repeat R: runs the quad R times, 1 to %llu (for a rate figure); --emit-vector: writes the run as\n"
               "  a vector, whole or not at all.\n"
               "  Exit 2 on bad input or output that cannot be written.\n",
            US_MAX_WATCHDOG, MAX_REPEAT);
    return status;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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

/* Where each retire line goes as the quad runs; none kept. */
typedef struct trace_sink {
    bool print;          /* --trace: with its disassembly and the breaches it added */
    us_trace_cmp_t *cmp; /* against the vector's expect trace lines */
    FILE *emit;          /* --emit-vector: as an expect trace line */
} trace_sink_t;

static void run(const us_shader_t *sh, us_quad_t *q, us_lint_t *lint, const trace_sink_t *s)
{
    bool keep = s->print || s->cmp || s->emit;
    us_retire_t r;
    us_strbuf_t sb, dis;
    us_sb_init(&sb);
    us_sb_init(&dis);
    for (;;) {
        unsigned kept_before = lint->diags.nkept, pc = q->pc;
        uint64_t total_before = lint->diags.total;
        if (!us_quad_step_linted(q, sh, keep ? &r : NULL, lint))
            break;
        if (!keep)
            continue;
        us_sb_clear(&sb);
        us_retire_format(&sb, &r);
        if (s->print) {
            us_sb_clear(&dis);
            us_dis_inst(&dis, &r.inst, NULL, r.pc);
            for (char *nl = dis.data; (nl = strchr(nl, '\n'));)
                *nl = ' ';
            printf("%s\n      %s\n", sb.data, dis.data);
            print_new_diags(lint, kept_before, total_before, pc);
        }
        if (s->cmp)
            us_trace_cmp_line(s->cmp, sb.data);
        if (s->emit)
            fprintf(s->emit, "expect trace %s\n", sb.data);
    }
    us_sb_free(&dis);
    us_sb_free(&sb);
}

/* The vector with the run's final state as its expectations, then its trace from a second run (the expect
 * lines come first in a vector, the trace last): whole or not at all. */
static int emit_vector(const char *path, const us_vector_t *v, const us_quad_t *q)
{
    char err[4200];
    us_out_t o;
    if (!us_out_open(&o, path, err, sizeof err)) {
        fprintf(stderr, "usim: %s\n", err);
        return 2;
    }
    us_vec_write(o.f, v, q);
    static us_shader_t sh;
    static us_quad_t again;
    static us_lint_t lint;
    us_vec_setup(v, &sh, &again);
    us_lint_init(&lint);
    run(&sh, &again, &lint, &(trace_sink_t){.emit = o.f});
    if (!us_out_close(&o, err, sizeof err)) {
        fprintf(stderr, "usim: %s\n", err);
        return 2;
    }
    return 0;
}

/* Every breach the run reached, and the summary line. */
static void print_diags(const char *path, const us_lint_t *l)
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
}

static void report_rate(uint64_t retired, double secs)
{
    fprintf(stderr, "usim: %llu quad-instructions in %.3f s: %.2f M quad-instructions/s\n", (unsigned long long)retired,
            secs, secs > 0 ? (double)retired / secs * 1e-6 : 0.0);
}

typedef struct options {
    const char *vec_path, *prog_path, *emit;
    bool trace, have_seed, lint_only;
    uint64_t seed, repeat;
} options_t;

/* Returns -1 to go on, else the exit status (after the usage or a message naming the option). */
static int parse_options(int argc, char **argv, options_t *o)
{
    *o = (options_t){.repeat = 1};
    char err[256];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (strcmp(a, "--trace") == 0)
            o->trace = true;
        else if (strcmp(a, "--lint") == 0)
            o->lint_only = true;
        else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
            return usage(stdout, 0);
        else if (strcmp(a, "--program") == 0 && val)
            o->prog_path = argv[++i];
        else if (strcmp(a, "--seed") == 0 && val)
            ok = o->have_seed = us_arg_uint(a, argv[++i], 0, UINT64_MAX, &o->seed, err, sizeof err);
        else if (strcmp(a, "--repeat") == 0 && val)
            ok = us_arg_uint(a, argv[++i], 1, MAX_REPEAT, &o->repeat, err, sizeof err);
        else if (strcmp(a, "--emit-vector") == 0 && val)
            o->emit = argv[++i];
        else if (a[0] == '-' || o->vec_path)
            return usage(stderr, 2);
        else
            o->vec_path = a;
        if (!ok) {
            fprintf(stderr, "usim: %s\n", err);
            return 2;
        }
    }
    if (!!o->vec_path == !!o->prog_path || (o->prog_path && !o->have_seed && !o->lint_only))
        return usage(stderr, 2);
    return -1;
}

/* The verdict on a vector's run: exit 0 pass, 1 a difference, or waivers that are not exactly what it breaks. */
static int judge(const char *path, const us_vector_t *v, const us_quad_t *q, const us_trace_cmp_t *cmp, us_breaks_t b)
{
    if (!v->has_expect) {
        printf("%s: no expectations; final state:\n", path);
        return 0;
    }
    us_strbuf_t rep, why;
    us_sb_init(&rep);
    us_sb_init(&why);
    unsigned bad = us_vec_check(v, q, cmp, &rep);
    int status = 1;
    if (bad)
        printf("%s: FAIL, %u difference%s\n%s", path, bad, bad == 1 ? "" : "s", rep.data);
    else if (!us_vec_waivers_match(v, b, &why))
        printf("%s: FAIL, %s (docs/spec.md section 9)\n", path, why.data);
    else
        status = 0;
    if (status == 0 && us_waiver_any(&v->waive)) {
        us_sb_clear(&why);
        us_waiver_names(&why, v->waive.rules, v->waive.errors);
        printf("%s: pass, unsafe (waived: %s) (%llu instructions retired)\n", path, why.data,
               (unsigned long long)q->retired);
    } else if (status == 0)
        printf("%s: pass (%llu instructions retired)\n", path, (unsigned long long)q->retired);
    us_sb_free(&why);
    us_sb_free(&rep);
    return status;
}

/* The vector to run: the file's, or the program's on the seed's random inputs. Returns 0 or 2 (message given). */
static int load(const options_t *o, us_vector_t *v)
{
    char err[4200];
    const char *path = o->vec_path ? o->vec_path : o->prog_path;
    char *text = us_read_file(path, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    static us_program_t prog;
    int rc = o->vec_path ? us_vec_parse(text, path, v, err, sizeof err)
                         : us_hex_parse(text, path, &prog, err, sizeof err);
    free(text);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (o->prog_path)
        us_random_vector(v, &prog, o->seed);
    return 0;
}

/* The illegal words in the code window, each printed: the model stops at the first (illegal_inst). */
static unsigned print_illegal(const char *path, const us_code_t *code)
{
    unsigned n = 0;
    for (unsigned pc = code->start;; pc = (pc + 1) % US_MAX_INST) {
        char why[256];
        if (us_inst_check(&code->inst[pc], why, sizeof why)) {
            char *nl = strchr(why, '\n');
            if (nl)
                *nl = '\0';
            printf("%s: error: pc %u: illegal instruction: %s (docs/spec.md section 2)\n", path, pc, why);
            n++;
        }
        if (pc == code->end)
            break;
    }
    return n;
}

/* ", waived: NAMES" or ", not waived: NAMES" when the set is not empty. */
static void print_names(const char *label, uint32_t rules, uint32_t errors)
{
    if (!(rules | errors))
        return;
    us_strbuf_t sb;
    us_sb_init(&sb);
    us_waiver_names(&sb, rules, errors);
    printf("; %s: %s", label, sb.data);
    us_sb_free(&sb);
}

/* --lint: the static check and the illegal words; exit 1 when any is not waived by the vector. */
static int lint_only(const char *path, const us_vector_t *v)
{
    static us_shader_t sh;
    static us_quad_t q;
    static us_diags_t ds;
    us_vec_setup(v, &sh, &q);
    us_code_t code = us_shader_code(&sh);
    us_diags_clear(&ds);
    uint64_t n = us_rules_check(&code, &ds);
    us_diags_warn(stdout, path, &ds);
    unsigned nillegal = print_illegal(path, &code);
    us_breaks_t b = {us_diags_rules(&ds), nillegal ? US_ERR_ILLEGAL_INST : 0u};
    printf("%s: %llu static silicon-rule breach%s", path, (unsigned long long)n, n == 1 ? "" : "es");
    for (unsigned i = 0, first = 1; i < US_RULE_COUNT; i++)
        if (ds.count[i]) {
            printf("%s%s %llu", first ? ": " : ", ", us_rules[i].id, (unsigned long long)ds.count[i]);
            first = 0;
        }
    if (nillegal)
        printf("; %u illegal instruction%s", nillegal, nillegal == 1 ? "" : "s");
    print_names("waived", b.rules & v->waive.rules, b.errors & v->waive.errors);
    uint32_t rules = b.rules & ~v->waive.rules, errors = b.errors & ~v->waive.errors;
    print_names("not waived", rules, errors);
    printf("\n");
    return rules | errors ? 1 : 0;
}

static int simulate(const options_t *o, us_vector_t *v)
{
    const char *path = o->vec_path ? o->vec_path : o->prog_path;
    static us_shader_t sh;
    static us_quad_t q;
    if (o->lint_only)
        return lint_only(path, v);
    static us_lint_t lint;
    us_trace_cmp_t cmp;
    us_trace_cmp_init(&cmp, v);
    double t0 = now();
    uint64_t total = 0;
    for (uint64_t k = 0; k < o->repeat; k++) {
        us_vec_setup(v, &sh, &q);
        us_lint_init(&lint);
        trace_sink_t sink = {.print = o->trace && k == 0, .cmp = v->ntrace && k == 0 ? &cmp : NULL};
        run(&sh, &q, &lint, &sink);
        total += q.retired;
    }
    double secs = now() - t0;
    print_diags(path, &lint);
    int status = o->vec_path ? judge(path, v, &q, &cmp, us_breaks_of(&sh, &lint.diags, q.errors, NULL)) : 0;
    us_trace_cmp_free(&cmp);
    if (o->prog_path || !v->has_expect) {
        us_strbuf_t sb;
        us_sb_init(&sb);
        us_state_dump(&sb, &q);
        fputs(sb.data, stdout);
        us_sb_free(&sb);
    }
    if (o->emit && emit_vector(o->emit, v, &q))
        return 2;
    report_rate(total, secs);
    return status;
}

int main(int argc, char **argv)
{
    options_t o;
    int status = parse_options(argc, argv, &o);
    if (status < 0) {
        static us_vector_t v;
        status = load(&o, &v);
        if (status == 0)
            status = simulate(&o, &v);
        us_vec_free(&v);
    }
    return us_stdout_status("usim", status);
}
