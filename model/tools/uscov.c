/* opendir, stat and mkdir are POSIX. */
#define _POSIX_C_SOURCE 200809L
/* uscov: functional coverage of the golden model (bins: model/gen/us_cov.c).
 *   uscov [--vectors DIR|FILE]... [--program HEX|DIR --seeds N]... [--random LEN --seeds N]... [--out DIR]
 * Runs every input through the model, sampling each retired instruction, and writes coverage.txt,
 * coverage.html and coverage.tsv (every hit bin, for tools) into the --out directory (default build/coverage);
 * prints the headline. Seeds run 1..N; a random program of seed s runs on the random inputs of seed s with
 * watchdog 4096, as uscosim --random does. Exit 2 on bad input, with file:line where there is one. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen/us_cov.h"
#include "isa/us_hex.h"
#include "gen/us_randprog.h"

enum kind { IN_VECTORS, IN_PROGRAM, IN_RANDOM };

typedef struct input {
    enum kind kind;
    const char *path;
    unsigned len;
    unsigned long seeds;
} input_t;

typedef struct paths {
    char **p;
    unsigned n, cap;
} paths_t;

static int usage(void)
{
    fputs("usage: uscov [--vectors DIR|FILE]... [--program HEX|DIR --seeds N]... [--random LEN --seeds N]... "
          "[--out DIR]\n"
          "  --vectors: a vector, or every *.vec under a directory; --program: a hex program, or every *.hex and\n"
          "  *.txt in a directory, on the random inputs of seeds 1..N; --random: N random legal programs of LEN\n"
          "  instructions (seeds 1..N, watchdog 4096). Writes coverage.txt, coverage.html and coverage.tsv into\n"
          "  --out (default build/coverage). Exit 2 on bad input.\n",
          stderr);
    return 2;
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return q;
}

static void paths_add(paths_t *ps, const char *dir, const char *name)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 64;
        ps->p = xrealloc(ps->p, ps->cap * sizeof *ps->p);
    }
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = xrealloc(NULL, n);
    snprintf(s, n, "%s%s%s", dir, *dir ? "/" : "", name);
    ps->p[ps->n++] = s;
}

static void paths_free(paths_t *ps)
{
    for (unsigned i = 0; i < ps->n; i++)
        free(ps->p[i]);
    free(ps->p);
    ps->p = NULL;
    ps->n = ps->cap = 0;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files under path whose names end in one of the suffixes (path itself if it is a file), sorted so every run
 * visits them in the same order. Returns -1 with a message when path cannot be read. */
static int collect(const char *path, const char *const *suffix, unsigned nsuffix, bool recurse, paths_t *out)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        paths_add(out, "", path);
        return 0;
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    paths_t here = {0};
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        paths_add(&here, path, e->d_name);
    }
    closedir(d);
    if (here.n)
        qsort(here.p, here.n, sizeof *here.p, cmp_str);
    int rc = 0;
    for (unsigned i = 0; i < here.n && rc == 0; i++) {
        if (stat(here.p[i], &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (recurse)
                rc = collect(here.p[i], suffix, nsuffix, recurse, out);
            continue;
        }
        for (unsigned k = 0; k < nsuffix; k++)
            if (ends_with(here.p[i], suffix[k])) {
                paths_add(out, "", here.p[i]);
                break;
            }
    }
    paths_free(&here);
    return rc;
}

static us_vector_t vec;
static us_program_t prog;
static us_shader_t sh;
static us_quad_t quad;

/* us_vec_setup spends most of its time decoding the 512 empty slots of the reset shader; this copies them from a
 * template instead and does the rest as us_vec_setup does. The first call also runs us_vec_setup and compares
 * the results byte for byte; should they ever differ, every call uses us_vec_setup. */
static void setup(const us_vector_t *v)
{
    static us_shader_t reset, sh2;
    static us_quad_t q2;
    static enum { UNCHECKED, FAST, SLOW } mode = UNCHECKED;
    if (mode == SLOW) {
        us_vec_setup(v, &sh, &quad);
        return;
    }
    if (mode == UNCHECKED)
        us_shader_init(&reset);
    memcpy(&sh, &reset, sizeof sh);
    sh.params = v->params;
    for (unsigned i = 0; i < v->nwrites; i++)
        us_shader_write(&sh, v->writes[i].addr, v->writes[i].value);
    memcpy(sh.tex, v->tex, sizeof sh.tex);
    us_quad_init(&quad, &sh, v->covered, 0);
    memcpy(quad.temp, v->temp, sizeof quad.temp);
    if (mode == UNCHECKED) {
        us_vec_setup(v, &sh2, &q2);
        mode = memcmp(&sh, &sh2, sizeof sh) || memcmp(&quad, &q2, sizeof quad) ? SLOW : FAST;
        memcpy(&sh, &sh2, sizeof sh);
        memcpy(&quad, &q2, sizeof quad);
    }
}

static void run_vector(us_cov_t *c)
{
    setup(&vec);
    while (us_cov_step(c, &quad, &sh))
        ;
}

static int load_text(const char *path, char **text)
{
    char err[512];
    *text = us_read_file(path, err, sizeof err);
    if (!*text) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int run_vectors(us_cov_t *c, const char *path, us_strbuf_t *desc)
{
    static const char *const suffix[] = {".vec"};
    paths_t ps = {0};
    int rc = collect(path, suffix, 1, true, &ps);
    for (unsigned i = 0; i < ps.n && rc == 0; i++) {
        char *text, err[512];
        if ((rc = load_text(ps.p[i], &text)) != 0)
            break;
        rc = us_vec_parse(text, ps.p[i], &vec, err, sizeof err);
        free(text);
        if (rc)
            fprintf(stderr, "%s\n", err);
        else
            run_vector(c);
        us_vec_free(&vec);
    }
    if (rc == 0)
        us_sb_printf(desc, "%s%u vector%s (%s)", desc->len ? "; " : "", ps.n, ps.n == 1 ? "" : "s", path);
    paths_free(&ps);
    return rc;
}

static int run_programs(us_cov_t *c, const char *path, unsigned long seeds, us_strbuf_t *desc)
{
    static const char *const suffix[] = {".hex", ".txt"};
    paths_t ps = {0};
    int rc = collect(path, suffix, 2, false, &ps);
    for (unsigned i = 0; i < ps.n && rc == 0; i++) {
        char *text, err[512];
        if ((rc = load_text(ps.p[i], &text)) != 0)
            break;
        rc = us_hex_parse(text, ps.p[i], &prog, err, sizeof err);
        free(text);
        if (rc) {
            fprintf(stderr, "%s\n", err);
            break;
        }
        for (unsigned long s = 1; s <= seeds; s++) {
            us_random_vector(&vec, &prog, s);
            run_vector(c);
            us_vec_free(&vec);
        }
    }
    if (rc == 0)
        us_sb_printf(desc, "%s%u program%s x %lu seeds (%s)", desc->len ? "; " : "", ps.n, ps.n == 1 ? "" : "s", seeds,
                     path);
    paths_free(&ps);
    return rc;
}

static void run_random(us_cov_t *c, unsigned len, unsigned long seeds, us_strbuf_t *desc)
{
    for (unsigned long s = 1; s <= seeds; s++) {
        us_random_program(&prog, len, s);
        us_random_vector(&vec, &prog, s);
        vec.params.watchdog = 4096; /* random programs may loop for ever */
        run_vector(c);
        us_vec_free(&vec);
    }
    us_sb_printf(desc, "%s%lu random legal programs of %u instructions (watchdog 4096)", desc->len ? "; " : "", seeds,
                 len);
}

/* mkdir -p */
static int make_dir(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        char keep = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "%s: %s\n", buf, strerror(errno));
            return -1;
        }
        buf[i] = keep;
    }
    return 0;
}

static int write_report(const char *dir, const char *name, const us_cov_t *c, const char *inputs, int which)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    if (which == 0)
        us_cov_write_text(f, c, inputs);
    else if (which == 1)
        us_cov_write_html(f, c, inputs);
    else
        us_cov_write_tsv(f, c);
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: write error\n", path);
        return -1;
    }
    return 0;
}

static bool parse_count(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (*s < '0' || *s > '9' || *end || errno || v < 1 || v > max)
        return false;
    *out = v;
    return true;
}

int main(int argc, char **argv)
{
    input_t *in = xrealloc(NULL, (size_t)argc * sizeof *in);
    unsigned nin = 0;
    const char *out = "build/coverage";
    bool seeded = true; /* whether the last --program/--random has its --seeds */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long n;
        if (!v) {
            free(in);
            return usage();
        }
        if (strcmp(a, "--vectors") == 0) {
            in[nin++] = (input_t){IN_VECTORS, v, 0, 0};
        } else if (strcmp(a, "--program") == 0) {
            in[nin++] = (input_t){IN_PROGRAM, v, 0, 0};
            seeded = false;
        } else if (strcmp(a, "--random") == 0 && parse_count(v, US_MAX_INST, &n)) {
            in[nin++] = (input_t){IN_RANDOM, NULL, (unsigned)n, 0};
            seeded = false;
        } else if (strcmp(a, "--seeds") == 0 && !seeded && parse_count(v, 100000000ul, &n)) {
            in[nin - 1].seeds = n;
            seeded = true;
        } else if (strcmp(a, "--out") == 0) {
            out = v;
        } else {
            free(in);
            return usage();
        }
        i++;
    }
    if (!seeded || nin == 0) {
        free(in);
        return usage();
    }
    static us_cov_t cov;
    us_cov_init(&cov);
    us_strbuf_t desc;
    us_sb_init(&desc);
    int rc = 0;
    for (unsigned k = 0; k < nin && rc == 0; k++) {
        if (in[k].kind == IN_VECTORS)
            rc = run_vectors(&cov, in[k].path, &desc);
        else if (in[k].kind == IN_PROGRAM)
            rc = run_programs(&cov, in[k].path, in[k].seeds, &desc);
        else
            run_random(&cov, in[k].len, in[k].seeds, &desc);
    }
    const char *inputs = desc.data ? desc.data : "";
    if (rc == 0)
        rc = make_dir(out);
    if (rc == 0)
        rc = write_report(out, "coverage.txt", &cov, inputs, 0) || write_report(out, "coverage.html", &cov, inputs, 1) ||
             write_report(out, "coverage.tsv", &cov, inputs, 2);
    if (rc == 0) {
        printf("uscov: %s\n%llu quads, %llu instructions retired; bins hit / bins that can exist:\n", inputs,
               (unsigned long long)cov.quads, (unsigned long long)cov.retired);
        us_cov_write_headline(stdout, &cov);
        printf("reports: %s/coverage.txt, %s/coverage.html (and coverage.tsv)\n", out, out);
    }
    us_sb_free(&desc);
    us_cov_free(&cov);
    free(in);
    return rc ? 2 : 0;
}
