/* strdup is POSIX. */
#define _POSIX_C_SOURCE 200809L
/* usbringup: one vector as the files a lab needs to replay it on an R500 (docs/bringup.md); the export itself is
 * model/gen/us_bringup.c.
 *   usbringup VEC [-o DIR]   writes DIR/writes.txt, program.hex, expected.txt, inputs.txt and README.txt
 *                            (DIR defaults to build/bringup/<VEC's file name without its extension>)
 *   usbringup --check RESULTS VEC [--partial]   a lab's read-back (expected.txt's format) against VEC's
 *                            expectations; every expected item must be read unless --partial
 * Exit 0 when the files are written, 2 on bad input or a file that cannot be written; --check: 0 all read and
 * within, 1 any outside or missing, 2 bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "gen/us_bringup.h"
#include "gen/us_vec_rules.h"
#include "golden/us_model.h"
#include "isa/us_hex.h"
#include "isa/us_out.h"

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: usbringup VEC [-o DIR] [--force]\n"
          "       usbringup --check RESULTS VEC [--partial]\n"
          "       usbringup --suite OUT CANDIDATE...\n"
          "  Writes the register writes (a driver's, in its order), program, inputs and expected results (each with\n"
          "  its comparison rule: exact, or a bound) of the vector VEC (vectors/FORMAT.md) for replay on an R500,\n"
          "  into DIR (default build/bringup/<VEC name>). Refused, because a correct chip need not pass them: a\n"
          "  vector that waives a rule or error state (its `unsafe` line) or breaks a CTM hardware rule without\n"
          "  waiving it (docs/spec.md section 9), and an unstable one, whose control flow, predicates, kills,\n"
          "  selects, texels or ALU result depend on a compare the bounds do not decide (docs/fp.md part C).\n"
          "  --force exports it anyway. Each file is written whole or not at all.\n"
          "  A vector's param watchdog is at most %u. Exit 2 on bad input or a file that cannot be written.\n"
          "  --check: RESULTS is a copy of expected.txt with the values a lab read back in place of the expected\n"
          "  ones (bounds in it are ignored). Prints, per pixel and channel, expected, bound, read, distance in ulps\n"
          "  and verdict. Every expected item must be read: a value, channel, pred, errors or retired line left out\n"
          "  is MISSING and fails; --partial checks only the items given, and says how many it left unchecked.\n"
          "  Exit 0 all read and within, 1 any outside or missing, 2 bad input.\n"
          "  --suite: from candidate vectors (files or directories of *.vec), the stable, silicon-safe ones that\n"
          "  together execute every legal value of every instruction field they reach, each exported into\n"
          "  OUT/vectors/NAME/, with OUT/index.tsv and OUT/README.md (make bringup-suite).\n",
          US_MAX_WATCHDOG);
    return status;
}

/* build/bringup/<file name of vec without its extension>. */
static char *default_dir(const char *vec_path)
{
    const char *base = strrchr(vec_path, '/');
    base = base ? base + 1 : vec_path;
    size_t len = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && dot != base)
        len = (size_t)(dot - base);
    const char *prefix = "build/bringup/";
    char *dir = malloc(strlen(prefix) + len + 1);
    if (!dir) {
        fputs("usbringup: out of memory\n", stderr);
        exit(2);
    }
    memcpy(dir, prefix, strlen(prefix));
    memcpy(dir + strlen(prefix), base, len);
    dir[strlen(prefix) + len] = '\0';
    return dir;
}

static int read_vector(const char *vec_path, us_vector_t *v)
{
    char err[512];
    char *text = us_read_file(vec_path, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int rc = us_vec_parse(text, vec_path, v, err, sizeof err);
    free(text);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    return 0;
}

static int check_results(const char *results_path, const char *vec_path, bool partial)
{
    static us_vector_t v;
    if (read_vector(vec_path, &v)) {
        us_vec_free(&v);
        return 2;
    }
    char err[512];
    char *results = us_read_file(results_path, err, sizeof err);
    if (!results) {
        fprintf(stderr, "%s\n", err);
        us_vec_free(&v);
        return 2;
    }
    static us_bringup_t b;
    us_bringup_make(&b, &v, vec_path);
    us_strbuf_t table;
    us_sb_init(&table);
    unsigned checked = 0;
    int rc = b.error[0] ? 2 : us_bringup_check(b.expected.data, results, results_path, partial, &table, &checked, err,
                                               sizeof err);
    if (b.error[0])
        fprintf(stderr, "usbringup: %s: %s\n", vec_path, b.error);
    else if (rc == 2)
        fprintf(stderr, "usbringup: %s\n", err);
    else
        fputs(table.data, stdout);
    if (rc != 2 && b.unstable)
        fprintf(stderr, "usbringup: warning: %s is unstable (pc %u, pixel %u: %s): a correct chip may differ\n",
                vec_path, b.unstable_pc, b.unstable_pixel, b.unstable_why);
    us_sb_free(&table);
    us_bringup_free(&b);
    free(results);
    us_vec_free(&v);
    return rc;
}

/* --suite's progress on standard error, in scripts/lib/progress.py's form: done of total, rate, elapsed time, ETA and
 * failures so far. On a terminal one line rewritten in place (at most five times a second, cut to the terminal's
 * width); elsewhere (a log) a plain line every PROGRESS_INTERVAL seconds (5 unless set) and one at the end of each
 * phase. PROGRESS=0 turns it
 * off, PROGRESS=log or tty picks the form. Standard output (the summary) never holds it. */
typedef struct progress {
    enum { PROGRESS_OFF, PROGRESS_TTY, PROGRESS_LOG } mode;
    double interval, t0, last;
    const char *phase; /* the phase the line shows (NULL: none yet) */
    bool open;         /* a terminal line without its newline, or a log phase whose last line is not printed */
    unsigned done, total, failed;
} progress_t;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void progress_init(progress_t *p)
{
    memset(p, 0, sizeof *p);
    const char *want = getenv("PROGRESS"), *term = getenv("TERM"), *iv = getenv("PROGRESS_INTERVAL");
    if (want && (!strcmp(want, "0") || !strcmp(want, "off") || !strcmp(want, "no") || !strcmp(want, "false") ||
                 !strcmp(want, "none")))
        p->mode = PROGRESS_OFF;
    else if (want && !strcmp(want, "tty"))
        p->mode = PROGRESS_TTY;
    else if (want && !strcmp(want, "log"))
        p->mode = PROGRESS_LOG;
    else
        p->mode = isatty(STDERR_FILENO) && !(term && !strcmp(term, "dumb")) ? PROGRESS_TTY : PROGRESS_LOG;
    char *end = NULL;
    p->interval = iv ? strtod(iv, &end) : 0;
    if (!iv || end == iv || *end || !(p->interval > 0))
        p->interval = 5.0;
    p->t0 = p->last = now_s();
}

/* MM:SS, or H:MM:SS from an hour (tqdm's form). */
static void progress_time(char *buf, size_t n, double s)
{
    unsigned long t = s > 0 ? (unsigned long)(s + 0.5) : 0;
    if (t >= 3600)
        snprintf(buf, n, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, n, "%02lu:%02lu", t / 60, t % 60);
}

static void progress_print(progress_t *p, bool end_of_phase)
{
    const char *unit = strcmp(p->phase, "read") ? "field values" : "vectors";
    double el = now_s() - p->t0, rate = el > 0 ? p->done / el : 0;
    char r[48], e[24], eta[24];
    if (!(rate > 0))
        snprintf(r, sizeof r, "? %s/s", unit);
    else if (rate >= 1)
        snprintf(r, sizeof r, "%.1f %s/s", rate, unit);
    else if (rate * 60 >= 1)
        snprintf(r, sizeof r, "%.1f %s/min", rate * 60, unit);
    else
        snprintf(r, sizeof r, "%.1f %s/h", rate * 3600, unit);
    progress_time(e, sizeof e, el);
    if (rate > 0)
        progress_time(eta, sizeof eta, (p->total - p->done) / rate);
    else
        snprintf(eta, sizeof eta, "?");
    double pct = p->total ? 100.0 * p->done / p->total : 100.0;
    char line[512];
    if (p->mode == PROGRESS_TTY) {
        /* the failures before the times, and no wider than the terminal: a wrapped line cannot be rewritten */
        snprintf(line, sizeof line, "bringup-suite %s: %u/%u %s (%.0f%%), %u failed, ETA %s, %s, elapsed %s", p->phase,
                 p->done, p->total, unit, pct, p->failed, eta, r, e);
        struct winsize ws;
        size_t cols = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 100;
        if (strlen(line) > cols - 1)
            line[cols - 1] = '\0';
        fprintf(stderr, "\r%s\033[K%s", line, end_of_phase ? "\n" : "");
    } else {
        fprintf(stderr, "bringup-suite %s: %u/%u %s (%.0f%%), %s, elapsed %s, ETA %s, %u failed\n", p->phase, p->done,
                p->total, unit, pct, r, e, eta, p->failed);
    }
    fflush(stderr);
    p->last = now_s();
    p->open = !end_of_phase;
}

/* The phase's last line, if it is not printed yet. */
static void progress_end(progress_t *p)
{
    if (p->mode != PROGRESS_OFF && p->phase && p->open)
        progress_print(p, true);
    p->open = false;
}

static void progress_tell(void *ctx, const char *phase, unsigned done, unsigned total, unsigned failed)
{
    progress_t *p = ctx;
    if (p->mode == PROGRESS_OFF)
        return;
    if (!p->phase || strcmp(p->phase, phase)) {
        progress_end(p);
        p->phase = phase;
        p->t0 = p->last = now_s();
    }
    p->done = done;
    p->total = total;
    p->failed = failed;
    p->open = true;
    double since = now_s() - p->last;
    if (done >= total)
        progress_end(p);
    else if (since >= (p->mode == PROGRESS_TTY ? 0.2 : p->interval))
        progress_print(p, false);
}

static int bringup(int argc, char **argv)
{
    const char *vec_path = NULL, *out_dir = NULL, *results = NULL;
    bool force = false, partial = false;
    if (argc >= 2 && strcmp(argv[1], "--suite") == 0) {
        if (argc < 4) {
            fprintf(stderr, "usbringup: --suite needs an output directory and candidate vectors\n");
            return usage(stderr, 2);
        }
        us_strbuf_t summary;
        us_sb_init(&summary);
        char err[4608];
        progress_t pr;
        progress_init(&pr);
        int rc = us_bringup_suite(argv[2], argv + 3, (unsigned)(argc - 3), &summary, progress_tell, &pr, err,
                                  sizeof err);
        progress_end(&pr);
        fputs(summary.data, stdout);
        if (rc)
            fprintf(stderr, "usbringup: %s\n", err);
        us_sb_free(&summary);
        return rc;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0) {
            if (i + 1 >= argc || results) {
                fprintf(stderr, "usbringup: --check needs a results file and a vector\n");
                return usage(stderr, 2);
            }
            results = argv[++i];
        } else if (strcmp(argv[i], "--force") == 0) {
            force = true;
        } else if (strcmp(argv[i], "--partial") == 0) {
            partial = true;
        } else if (strcmp(argv[i], "-o") == 0) {
            if (i + 1 >= argc || out_dir) {
                fprintf(stderr, "usbringup: -o needs one directory\n");
                return usage(stderr, 2);
            }
            out_dir = argv[++i];
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            return usage(stdout, 0);
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "usbringup: unknown option '%s'\n", argv[i]);
            return usage(stderr, 2);
        } else if (!vec_path) {
            vec_path = argv[i];
        } else {
            fprintf(stderr, "usbringup: one vector at a time ('%s' is a second)\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    if (!vec_path)
        return usage(stderr, 2);
    if (partial && !results) {
        fprintf(stderr, "usbringup: --partial goes with --check\n");
        return usage(stderr, 2);
    }
    if (results) {
        if (out_dir || force) {
            fprintf(stderr, "usbringup: --check takes no -o or --force\n");
            return usage(stderr, 2);
        }
        return check_results(results, vec_path, partial);
    }
    if (out_dir && !out_dir[0]) {
        fprintf(stderr, "usbringup: -o needs a directory name\n");
        return 2;
    }
    char err[512];
    static us_vector_t v;
    if (read_vector(vec_path, &v)) {
        us_vec_free(&v);
        return 2;
    }

    us_strbuf_t why;
    us_sb_init(&why);
    us_vec_unsafe_reason(&v, &why);
    if (why.len && !force) {
        fprintf(stderr, "usbringup: %s: refused: %s. A correct R500 need not give its results; --force exports "
                        "it anyway\n", vec_path, why.data);
        us_sb_free(&why);
        us_vec_free(&v);
        return 2;
    }
    if (why.len)
        fprintf(stderr, "usbringup: warning: %s: exported with --force although %s\n", vec_path, why.data);
    us_sb_free(&why);

    static us_bringup_t b;
    us_bringup_make(&b, &v, vec_path);
    if (b.error[0] || (b.unstable && !force)) {
        if (b.error[0])
            fprintf(stderr, "usbringup: %s: %s\n", vec_path, b.error);
        else
            fprintf(stderr, "usbringup: %s: refused: unstable at pc %u, pixel %u: %s (%u such decisions; docs/fp.md "
                            "part C). A correct R500 need not give its results; --force exports it anyway\n",
                    vec_path, b.unstable_pc, b.unstable_pixel, b.unstable_why, b.unstable);
        us_bringup_free(&b);
        us_vec_free(&v);
        return 2;
    }
    if (b.unstable)
        fprintf(stderr, "usbringup: warning: %s: exported with --force although unstable at pc %u, pixel %u: %s\n",
                vec_path, b.unstable_pc, b.unstable_pixel, b.unstable_why);
    char *dir = out_dir ? strdup(out_dir) : default_dir(vec_path);
    int status = 0;
    if (!dir) {
        fputs("usbringup: out of memory\n", stderr);
        status = 2;
    } else if (us_bringup_write(&b, dir, err, sizeof err) != 0) {
        fprintf(stderr, "usbringup: %s\n", err);
        status = 2;
    } else {
        printf("usbringup: %s: %u writes, %u instructions (slots %u..%u), expected results from %s: %u exact, "
               "%u within bounds\n", dir, b.nwrites, b.ninst, b.first_slot, b.last_slot,
               b.from_model ? "the golden model" : "the vector", b.nexact, b.nbounded);
        if (b.model_diffs)
            fprintf(stderr, "usbringup: warning: the golden model differs from %s's expect lines in %u places "
                            "(README.txt lists them)\n", vec_path, b.model_diffs);
    }
    free(dir);
    us_bringup_free(&b);
    us_vec_free(&v);
    return status;
}

int main(int argc, char **argv)
{
    return us_stdout_status("usbringup", bringup(argc, argv));
}
