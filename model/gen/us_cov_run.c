/* opendir and stat are POSIX. */
#define _POSIX_C_SOURCE 200809L
/* Running inputs through the golden model for coverage (us_cov_run.h): vectors, hex programs on seeded inputs,
 * random legal programs; and writing the three reports. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen/us_cov_run.h"
#include "gen/us_dirs.h"
#include "gen/us_randprog.h"
#include "isa/us_hex.h"
#include "isa/us_out.h"
#include "isa/us_strbuf.h"

typedef struct paths {
    char **p;
    unsigned n, cap;
} paths_t;

static void paths_add(paths_t *ps, const char *dir, const char *name)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 64;
        ps->p = us_xrealloc(ps->p, ps->cap * sizeof *ps->p);
    }
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = us_xrealloc(NULL, n);
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
static int collect(const char *path, const char *const *suffix, unsigned nsuffix, bool recurse, paths_t *out,
                   char *err, size_t err_size)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        paths_add(out, "", path);
        return 0;
    }
    DIR *d = opendir(path);
    if (!d) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
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
                rc = collect(here.p[i], suffix, nsuffix, recurse, out, err, err_size);
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

static int load_text(const char *path, char **text, char *err, size_t err_size)
{
    *text = us_read_file(path, err, err_size);
    return *text ? 0 : -1;
}

int us_cov_run_vectors(us_cov_t *c, const char *path, us_strbuf_t *desc, char *err, size_t err_size)
{
    static const char *const suffix[] = {".vec"};
    paths_t ps = {0};
    int rc = collect(path, suffix, 1, true, &ps, err, err_size);
    for (unsigned i = 0; i < ps.n && rc == 0; i++) {
        char *text;
        if ((rc = load_text(ps.p[i], &text, err, err_size)) != 0)
            break;
        rc = us_vec_parse(text, ps.p[i], &vec, err, err_size);
        free(text);
        if (!rc)
            run_vector(c);
        us_vec_free(&vec);
    }
    if (rc == 0)
        us_sb_printf(desc, "%s%u vector%s (%s)", desc->len ? "; " : "", ps.n, ps.n == 1 ? "" : "s", path);
    paths_free(&ps);
    return rc;
}

int us_cov_run_programs(us_cov_t *c, const char *path, unsigned long seeds, us_strbuf_t *desc, char *err,
                        size_t err_size)
{
    static const char *const suffix[] = {".hex", ".txt"};
    paths_t ps = {0};
    int rc = collect(path, suffix, 2, false, &ps, err, err_size);
    for (unsigned i = 0; i < ps.n && rc == 0; i++) {
        char *text;
        if ((rc = load_text(ps.p[i], &text, err, err_size)) != 0)
            break;
        rc = us_hex_parse(text, ps.p[i], &prog, err, err_size);
        free(text);
        if (rc)
            break;
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

void us_cov_run_random(us_cov_t *c, unsigned len, unsigned long seeds, us_strbuf_t *desc)
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

/* One report into its temporary (o finished), or false with a message. */
static bool write_report(const char *dir, const char *name, const us_cov_t *c, const char *inputs, int which,
                         us_out_t *o, char *err, size_t err_size)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!us_out_open(o, path, err, err_size))
        return false;
    if (which == 0)
        us_cov_write_text(o->f, c, inputs);
    else if (which == 1)
        us_cov_write_html(o->f, c, inputs);
    else
        us_cov_write_tsv(o->f, c);
    return us_out_finish(o, err, err_size);
}

int us_cov_write_reports(const char *dir, const us_cov_t *c, const char *inputs, char *err, size_t err_size)
{
    char failed[4096]; /* the message names dir, as the user wrote it */
    int rc = *dir ? us_make_dirs(dir, failed, sizeof failed) : EINVAL;
    if (rc) {
        if (rc == EINVAL)
            snprintf(err, err_size, "%s: not a usable directory name", dir);
        else
            snprintf(err, err_size, "%s: %s", dir, strerror(rc));
        return -1;
    }
    /* the three reports replace the old ones together: they describe one run */
    static const char *const names[] = {"coverage.txt", "coverage.html", "coverage.tsv"};
    us_out_t out[3];
    unsigned n = 0;
    bool ok = true;
    while (ok && n < 3) {
        ok = write_report(dir, names[n], c, inputs, (int)n, &out[n], err, err_size);
        n += ok;
    }
    return us_out_commit_all(out, n, ok, err, err_size) ? 0 : -1;
}

