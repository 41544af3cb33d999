/* The bring-up suite (us_bringup.h): from candidate vectors, the stable, silicon-safe ones that together execute
 * every legal value of every instruction field the candidates reach (the ops are fields too: RGB_OP, ALPHA_OP,
 * FC and TEX ops), chosen greedily, each exported for a lab, with an index and a README. */
#define _POSIX_C_SOURCE 200809L /* opendir, readdir, strdup */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen/us_bringup.h"
#include "gen/us_dirs.h"
#include "gen/us_random.h"
#include "gen/us_vec_rules.h"
#include "golden/us_trace.h"
#include "isa/us_asm.h"
#include "isa/us_hex.h"
#include "isa/us_out.h"
#include "isa/us_strbuf.h"

#define MAX_FIELDS 32u
#define MAX_VALUES 512u /* fields of 9 bits or more: their first 512 values, as the field generator covers them */

/* Every (instruction register, field, legal value): a bin. */
typedef struct bins {
    unsigned base[US_REG_COUNT][MAX_FIELDS]; /* index of the field's value 0 */
    unsigned n;
} bins_t;

static void init_bins(bins_t *b)
{
    memset(b, 0, sizeof *b);
    for (unsigned r = 0; r < US_REG_COUNT; r++) {
        if (us_regs[r].word < 0)
            continue;
        for (unsigned i = 0; i < us_regs[r].n_fields && i < MAX_FIELDS; i++) {
            const us_field_desc_t *fd = &us_regs[r].fields[i];
            b->base[r][i] = b->n;
            b->n += fd->width >= 9 ? MAX_VALUES : 1u << fd->width;
        }
    }
}

static bool bin_legal(unsigned r, unsigned i, uint32_t v)
{
    return us_field_value_legal(&us_regs[r].fields[i], v);
}

typedef struct mark_ctx {
    const bins_t *b;
    uint8_t *hit;
} mark_ctx_t;

static void mark_field(unsigned reg, unsigned field, uint32_t value, void *ctx)
{
    mark_ctx_t *m = ctx;
    if (field < MAX_FIELDS && value < MAX_VALUES && bin_legal(reg, field, value))
        m->hit[m->b->base[reg][field] + value] = 1;
}

/* The bins an executed instruction hits. */
static void mark(const bins_t *b, const us_inst_t *in, uint8_t *hit)
{
    mark_ctx_t m = {b, hit};
    us_inst_for_each_field(in, mark_field, &m);
}

static const char *bin_name(const bins_t *b, unsigned k, char *buf, size_t n)
{
    for (unsigned r = 0; r < US_REG_COUNT; r++)
        for (unsigned i = 0; us_regs[r].word >= 0 && i < us_regs[r].n_fields && i < MAX_FIELDS; i++) {
            const us_field_desc_t *fd = &us_regs[r].fields[i];
            unsigned size = fd->width >= 9 ? MAX_VALUES : 1u << fd->width;
            if (k >= b->base[r][i] && k < b->base[r][i] + size) {
                uint32_t v = k - b->base[r][i];
                const char *vn = us_field_value_name(fd, v);
                if (vn)
                    snprintf(buf, n, "%s.%s=%s", us_regs[r].name, fd->name, vn);
                else
                    snprintf(buf, n, "%s.%s=%u", us_regs[r].name, fd->name, v);
                return buf;
            }
        }
    snprintf(buf, n, "?");
    return buf;
}

typedef struct candidate {
    char *path, *text;
    uint8_t *hit;
    unsigned ninst;
    uint64_t retired, writes;
    bool chosen;
} candidate_t;

typedef struct pool {
    candidate_t *c;
    unsigned n, cap;
    unsigned read, unsafe, unstable, bad, redrawn;
    unsigned total;                  /* candidates there are to read, the sweeps included */
    us_bringup_progress_fn *progress; /* told after each candidate read (us_bringup_suite's progress) */
    void *progress_ctx;
} pool_t;

static void told_read(const pool_t *p)
{
    if (p->progress)
        p->progress(p->progress_ctx, "read", p->read, p->total, p->bad);
}

#define REDRAWS 16u

/* The vector's temporaries and constants redrawn in [0.5, 1) (attempt k of a fixed sequence): far from the
 * compares with 0 and 0.5 and from the integers, so that its field values can go to a lab even when its own
 * inputs made it unstable. Texels are kept (their values decide nothing). */
static void redraw_inputs(us_vector_t *v, unsigned attempt)
{
    us_rng_t r = {0xB0B5u + 0x9E3779B9u * attempt};
    for (unsigned p = 0; p < US_NPIX; p++)
        for (unsigned a = 0; a < US_NTEMP; a++)
            for (unsigned c = 0; c < 4; c++)
                if (v->temp[p][a][c])
                    v->temp[p][a][c] = 0x3F000000u | (us_rng_next(&r) & 0x7FFFFFu);
    bool consts = false;
    for (unsigned i = 0; i < v->nwrites; i++) {
        if (v->writes[i].addr == GA_US_VECTOR_INDEX_ADDR)
            consts = (v->writes[i].value & GA_US_VECTOR_INDEX_TYPE_MASK) != 0;
        else if (v->writes[i].addr == GA_US_VECTOR_DATA_ADDR && consts)
            v->writes[i].value = 0x3F000000u | (us_rng_next(&r) & 0x7FFFFFu);
    }
    v->has_expect = false;
    v->ntrace = 0;
}

/* The vector as text with the golden model's expectations (us_vec_write), or NULL. */
static char *vector_text(const us_vector_t *v)
{
    static us_shader_t sh;
    static us_quad_t q;
    us_vec_setup(v, &sh, &q);
    us_quad_run(&q, &sh);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    us_vec_write(f, v, &q);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* A candidate from its text (taken over: freed here or kept); path names it. */
static void add_text(pool_t *p, const bins_t *b, const char *path, char *text, const char *read_err, us_strbuf_t *log)
{
    char err[512];
    snprintf(err, sizeof err, "%s", read_err ? read_err : "");
    static us_vector_t v;
    p->read++;
    if (!text || us_vec_parse(text, path, &v, err, sizeof err)) {
        us_sb_printf(log, "  skipped %s: %s\n", path, err);
        p->bad++;
        free(text);
        us_vec_free(&v);
        return;
    }
    us_strbuf_t why;
    us_sb_init(&why);
    us_vec_unsafe_reason(&v, &why);
    bool unsafe = why.len != 0;
    us_sb_free(&why);
    bool stable = !unsafe && us_vec_stable(&v, NULL);
    for (unsigned k = 1; !unsafe && !stable && k <= REDRAWS; k++) {
        us_vec_free(&v);
        us_vec_parse(text, path, &v, err, sizeof err);
        redraw_inputs(&v, k);
        stable = us_vec_stable(&v, NULL);
        if (stable) {
            char *t = vector_text(&v);
            if (!t) {
                stable = false;
                break;
            }
            free(text);
            text = t;
            p->redrawn++;
        }
    }
    if (!stable) {
        p->unsafe += unsafe;
        p->unstable += !unsafe;
        free(text);
        us_vec_free(&v);
        return;
    }
    p->c = us_xgrow(p->c, &p->cap, p->n + 1, sizeof *p->c);
    candidate_t *c = &p->c[p->n++];
    memset(c, 0, sizeof *c);
    c->path = strdup(path);
    c->text = text;
    c->hit = calloc(b->n, 1);
    if (!c->path || !c->hit) {
        fputs("us_bringup_suite: out of memory\n", stderr);
        exit(2);
    }
    static us_shader_t sh;
    static us_quad_t q;
    us_vec_setup(&v, &sh, &q);
    us_retire_t r;
    while (us_quad_step(&q, &sh, &r))
        if (!q.errors)
            mark(b, &r.inst, c->hit);
    unsigned size = ((sh.code_range & US_CODE_RANGE_CODE_SIZE_MASK) >> US_CODE_RANGE_CODE_SIZE_LO) + 1u;
    c->ninst = size;
    c->retired = q.retired;
    us_vec_free(&v);
}

static void add_file(pool_t *p, const bins_t *b, const char *path, us_strbuf_t *log)
{
    char err[512];
    char *text = us_read_file(path, err, sizeof err);
    add_text(p, b, path, text, err, log);
    told_read(p);
}

/* Two candidates of the suite's own: every value of the ALU source-address fields (ADDR0..2 of both units, as
 * constants c0..c255, read by MAX with OMOD off: exact copies) and of the TEX address fields (TEX NOPs), which the
 * field generator's carriers reach only in programs that are unstable. */
static void add_sweeps(pool_t *p, const bins_t *b, us_strbuf_t *log)
{
    static us_program_t prog;
    char err[512];
    for (unsigned which = 0; which < 2; which++) {
        us_strbuf_t src, vec;
        us_sb_init(&src);
        us_sb_init(&vec);
        for (unsigned i = 0; i < (which ? 128u : 256u); i++) {
            if (which)
                us_sb_printf(&src, "    tex nop t%u.rgba, t%u.rgba, tex0 dx=t%u.rgba dy=t%u.rgba\n", i, i, i, i);
            else
                us_sb_printf(&src, "    alu rgb: max.off t%u.rgb, src0.rgb, src1.rgb  alpha: max.off t%u.a, src0.a, src1.a"
                                   "  src0=c%u src1=c%u src2=c%u\n", i % 128u, (i + 1u) % 128u, i, (i + 85u) % 256u,
                             (i + 170u) % 256u);
        }
        us_sb_puts(&src, "    out tex_sem_wait rgb: max.off o0.rgb, src0.rgb, src0.rgb  alpha: max.off o0.a, src0.a, src0.a"
                         "  src0=t1\n");
        const char *name = which ? "sweep-tex-addresses" : "sweep-alu-addresses";
        if (us_asm(src.data, name, &prog, err, sizeof err)) {
            us_sb_printf(log, "  %s does not assemble: %s\n", name, err);
            us_sb_free(&src);
            us_sb_free(&vec);
            continue;
        }
        us_sb_printf(&vec, "usvec 1\nname %s\nreg US_CODE_ADDR 0x%08X\nreg US_CODE_RANGE 0x%08X\n", name,
                     (prog.count - 1u) << US_CODE_ADDR_END_ADDR_LO, (prog.count - 1u) << US_CODE_RANGE_CODE_SIZE_LO);
        for (unsigned i = 0; i < prog.count; i++) {
            us_sb_printf(&vec, "inst %u", i);
            for (unsigned w = 0; w < 6; w++)
                us_sb_printf(&vec, " 0x%08x", prog.inst[i].w[w]);
            us_sb_puts(&vec, "\n");
        }
        for (unsigned k = 0; k < US_NCONST; k++) /* every constant loaded: none is left to the chip's reset */
            us_sb_printf(&vec, "const %u 0x%08x 0x%08x 0x%08x 0x%08x\n", k, 0x3F000000u | k << 8, 0x3F100000u | k << 8,
                         0x3F200000u | k << 8, 0x3F300000u | k << 8);
        char *text = strdup(vec.data);
        add_text(p, b, name, text, text ? NULL : "out of memory", log);
        told_read(p);
        us_sb_free(&src);
        us_sb_free(&vec);
    }
}


/* qsort's order of two paths (its elements are char *, so strcmp itself would compare the pointers' bytes: an
 * order that moved with the heap's addresses, and the suite's choice with it). */
static int compare_paths(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_path(pool_t *p, const bins_t *b, const char *path, us_strbuf_t *log, char *err, size_t n)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, n, "%s: %s", path, strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        add_file(p, b, path, log);
        return 0;
    }
    DIR *d = opendir(path);
    if (!d) {
        snprintf(err, n, "%s: %s", path, strerror(errno));
        return 2;
    }
    char **names = NULL;
    unsigned nn = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".vec"))
            continue;
        names = us_xgrow(names, &cap, nn + 1, sizeof *names);
        names[nn] = us_xrealloc(NULL, strlen(path) + len + 2);
        sprintf(names[nn++], "%s/%s", path, e->d_name);
    }
    closedir(d);
    qsort(names, nn, sizeof *names, compare_paths);
    for (unsigned i = 0; i < nn; i++) {
        add_file(p, b, names[i], log);
        free(names[i]);
    }
    free(names);
    return 0;
}

/* The candidates path holds: 1 for a file, its *.vec for a directory (0 where it cannot be read: add_path says why). */
static unsigned count_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    if (!S_ISDIR(st.st_mode))
        return 1;
    DIR *d = opendir(path);
    if (!d)
        return 0;
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        n += len >= 5 && !strcmp(e->d_name + len - 4, ".vec");
    }
    closedir(d);
    return n;
}

static const char *base_name(const char *path, char *buf, size_t n)
{
    const char *s = strrchr(path, '/');
    s = s ? s + 1 : path;
    snprintf(buf, n, "%s", s);
    char *dot = strrchr(buf, '.');
    if (dot && dot != buf)
        *dot = '\0';
    return buf;
}

static int write_text(const char *path, const char *text, char *err, size_t n)
{
    return us_out_text(path, text, err, n) ? 0 : 2;
}

int us_bringup_suite(const char *out, char *const *inputs, unsigned ninputs, us_strbuf_t *summary,
                     us_bringup_progress_fn *progress, void *progress_ctx, char *err, size_t err_size)
{
    static bins_t b;
    init_bins(&b);
    pool_t p = {0};
    p.progress = progress;
    p.progress_ctx = progress_ctx;
    p.total = 2; /* the sweeps */
    for (unsigned i = 0; i < ninputs; i++)
        p.total += count_path(inputs[i]);
    us_strbuf_t log, index, readme, missing;
    us_sb_init(&log);
    us_sb_init(&index);
    us_sb_init(&readme);
    us_sb_init(&missing);
    int rc = 0;
    char failed[4096];
    if (us_make_dirs(out, failed, sizeof failed)) {
        snprintf(err, err_size, "cannot make directory %s: %s", failed, strerror(errno));
        rc = 2;
    }
    if (!rc)
        add_sweeps(&p, &b, &log);
    for (unsigned i = 0; i < ninputs && !rc; i++)
        rc = add_path(&p, &b, inputs[i], &log, err, err_size);
    uint8_t *covered = calloc(b.n, 1);
    if (!covered)
        exit(2);
    /* the field values the candidates reach: the greedy choice ends when the suite covers them all */
    unsigned reach = 0, reached = 0;
    for (unsigned x = 0; x < b.n && !rc; x++)
        for (unsigned k = 0; k < p.n; k++)
            if (p.c[k].hit[x]) {
                reach++;
                break;
            }
    if (progress && !rc)
        progress(progress_ctx, "choose", 0, reach, 0);
    us_sb_puts(&index, "vector\tinstructions\tretired\twrites\tnew field values\texercises (the field values it adds)\n");
    unsigned chosen = 0, total_bins = 0, hit_bins = 0;
    uint64_t retired = 0, writes = 0;
    static us_bringup_t ex;
    while (!rc) {
        /* the candidate that adds the most field values; the shorter run on a tie */
        int best = -1;
        unsigned best_gain = 0;
        for (unsigned k = 0; k < p.n; k++) {
            if (p.c[k].chosen)
                continue;
            unsigned gain = 0;
            for (unsigned x = 0; x < b.n; x++)
                gain += p.c[k].hit[x] && !covered[x];
            if (gain > best_gain || (gain == best_gain && gain && best >= 0 && p.c[k].retired < p.c[best].retired))
                best = (int)k, best_gain = gain;
        }
        if (best < 0 || !best_gain)
            break;
        candidate_t *c = &p.c[best];
        c->chosen = true;
        char name[256], dir[4096], path[4096 + 256 + 8], bn[96];
        base_name(c->path, name, sizeof name);
        snprintf(dir, sizeof dir, "%s/vectors/%s", out, name);
        static us_vector_t v;
        us_vec_parse(c->text, c->path, &v, err, err_size);
        us_bringup_make(&ex, &v, c->path);
        if (ex.error[0]) {
            snprintf(err, err_size, "%s: %s", c->path, ex.error);
            rc = 2;
        } else if (us_bringup_write(&ex, dir, err, err_size)) {
            rc = 2;
        } else {
            snprintf(path, sizeof path, "%s/%s.vec", dir, name);
            rc = write_text(path, c->text, err, err_size);
        }
        c->writes = ex.nwrites;
        us_bringup_free(&ex);
        us_vec_free(&v);
        us_sb_printf(&index, "%s\t%u\t%llu\t%llu\t%u\t", name, c->ninst, (unsigned long long)c->retired,
                     (unsigned long long)c->writes, best_gain);
        unsigned shown = 0;
        for (unsigned x = 0; x < b.n; x++)
            if (c->hit[x] && !covered[x]) {
                if (shown < 8)
                    us_sb_printf(&index, "%s%s", shown ? " " : "", bin_name(&b, x, bn, sizeof bn));
                shown++;
                covered[x] = 1;
            }
        if (shown > 8)
            us_sb_printf(&index, " and %u more", shown - 8);
        us_sb_puts(&index, "\n");
        reached += shown;
        if (progress)
            progress(progress_ctx, "choose", reached, reach, rc != 0);
        chosen++;
        retired += c->retired;
        writes += c->writes;
    }
    for (unsigned r = 0; r < US_REG_COUNT; r++)
        for (unsigned i = 0; us_regs[r].word >= 0 && i < us_regs[r].n_fields && i < MAX_FIELDS; i++) {
            const us_field_desc_t *fd = &us_regs[r].fields[i];
            unsigned size = fd->width >= 9 ? MAX_VALUES : 1u << fd->width;
            for (uint32_t v = 0; v < size; v++) {
                if (!bin_legal(r, i, v))
                    continue;
                unsigned x = b.base[r][i] + v;
                total_bins++;
                hit_bins += covered[x];
                if (!covered[x]) {
                    char bn[96];
                    us_sb_printf(&missing, "  %s\n", bin_name(&b, x, bn, sizeof bn));
                }
            }
        }
    if (!rc) {
        char path[4200];
        snprintf(path, sizeof path, "%s/index.tsv", out);
        rc = write_text(path, index.data, err, err_size);
    }
    /* one quad per vector; the shader itself retires about one instruction per clock per quad */
    us_sb_printf(&readme,
                 "# R500 bring-up suite\n\n"
                 "Written by `make bringup-suite` (usbringup --suite). %u vectors in vectors/NAME/, each the export of\n"
                 "`usbringup` (writes.txt, program.hex, inputs.txt, expected.txt, README.txt) and the vector itself\n"
                 "(NAME.vec); index.tsv lists them: instructions, instructions retired, register writes, the field\n"
                 "values each adds. The probe vectors, one open question each, are in probes/ (build/probes/README.md).\n\n"
                 "## What it covers\n\n"
                 "Every vector is silicon-safe (no CTM hardware rule broken, docs/spec.md section 9) and stable (every\n"
                 "decision survives the hardware's rounding, docs/fp.md part C); each expected value carries its rule\n"
                 "(exact, or a bound). Chosen greedily from %u candidates (%u read: %u unsafe, %u unstable even with\n"
                 "their temporaries and constants redrawn in [0.5, 1), %u stable only so (their NAME.vec has the new\n"
                 "inputs), %u unreadable) to execute every legal value of every instruction field: %u of %u field\n"
                 "values (the ops are fields: RGB_OP, ALPHA_OP, the FC and TEX ops).\n\n"
                 "## Replay cost\n\n"
                 "%u vectors, %llu register writes and %llu instructions retired in all, one quad each. The shader\n"
                 "retires about one instruction per clock per quad, so the shader time is %llu clocks (well under a\n"
                 "millisecond at any R500 clock); the replay time is the lab harness's per-vector cost (writes,\n"
                 "one draw, one read-back) times %u.\n\n"
                 "## How to use\n\n"
                 "For each vectors/NAME: replay as its README.txt says, read back the render targets, copy expected.txt,\n"
                 "put the values read in place of the expected ones and run `usbringup --check THAT_FILE\n"
                 "vectors/NAME/NAME.vec`: exit 0 all within, 1 any outside (docs/bringup.md).\n\n"
                 "## Field values not reached\n\n",
                 chosen, p.n, p.read, p.unsafe, p.unstable, p.redrawn, p.bad, hit_bins, total_bins,
                 chosen, (unsigned long long)writes, (unsigned long long)retired, (unsigned long long)retired, chosen);
    if (missing.len)
        us_sb_printf(&readme, "No stable, silicon-safe candidate executes these (%u):\n\n```\n%s```\n",
                     total_bins - hit_bins, missing.data);
    else
        us_sb_puts(&readme, "None.\n");
    if (!rc) {
        char path[4200];
        snprintf(path, sizeof path, "%s/README.md", out);
        rc = write_text(path, readme.data, err, err_size);
    }
    us_sb_printf(summary, "bring-up suite: %u vectors (of %u stable, silicon-safe candidates; %u read, %u unsafe, %u "
                          "unstable), %u of %u field values, %llu writes, %llu instructions retired -> %s\n",
                 chosen, p.n, p.read, p.unsafe, p.unstable, hit_bins, total_bins, (unsigned long long)writes,
                 (unsigned long long)retired, out);
    if (log.len)
        us_sb_puts(summary, log.data);
    for (unsigned k = 0; k < p.n; k++) {
        free(p.c[k].path);
        free(p.c[k].text);
        free(p.c[k].hit);
    }
    free(p.c);
    free(covered);
    us_sb_free(&log);
    us_sb_free(&index);
    us_sb_free(&readme);
    us_sb_free(&missing);
    return rc;
}
