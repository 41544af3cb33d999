/* Coverage reports: text, HTML and TSV, all from the crosses of us_cov.c, so they agree bin for bin. */
#include <stdlib.h>
#include <string.h>

#include "gen/us_cov.h"

/* One cross projected: counts and which bins exist. */
typedef struct proj {
    const us_cov_cross_t *x;
    unsigned n, hit, total;
    const uint64_t *count;
    bool *valid;
} proj_t;

static void proj_make(proj_t *p, const us_cov_t *c, unsigned cross)
{
    p->x = &us_cov_crosses[cross];
    p->n = us_cov_cross_size(p->x);
    p->count = c->count[cross];
    p->valid = malloc(p->n * sizeof *p->valid);
    if (!p->valid) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    us_cov_valid(p->x, p->valid);
    p->hit = p->total = 0;
    for (unsigned i = 0; i < p->n; i++) {
        p->total += p->valid[i];
        p->hit += p->valid[i] && p->count[i] > 0;
    }
}

static void proj_free(proj_t *p)
{
    free(p->valid);
}

static double pct(unsigned hit, unsigned total)
{
    return total ? 100.0 * hit / total : 0.0;
}

static unsigned axis_n(const us_cov_cross_t *x, unsigned k)
{
    return us_cov_spaces[x->space].axis[x->axis[k]]->n;
}

/* "rgb:MAD x none x 0xf" */
static void bin_name(char *buf, size_t size, const us_cov_cross_t *x, unsigned flat)
{
    unsigned idx[US_COV_MAX_AXES];
    us_cov_unflatten(x, flat, idx);
    size_t len = 0;
    buf[0] = '\0';
    for (unsigned k = 0; k < x->naxes && len < size; k++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? " x " : "", us_cov_label(x, k, idx[k]));
}

/* A note on an unhit bin, for crosses that are a whole space (the note speaks of every axis). */
static const char *bin_note(const us_cov_cross_t *x, unsigned flat)
{
    const us_cov_space_t *s = &us_cov_spaces[x->space];
    if (!s->note || x->naxes != s->naxes)
        return NULL;
    unsigned idx[US_COV_MAX_AXES];
    us_cov_unflatten(x, flat, idx);
    return s->note(idx);
}

/* Hit and existing bins of a cross with more than two axes, per value of its first axis. */
static void first_axis_split(const proj_t *p, unsigned v, unsigned *hit, unsigned *total)
{
    unsigned per = p->n / axis_n(p->x, 0);
    *hit = *total = 0;
    for (unsigned i = v * per; i < (v + 1) * per; i++) {
        *total += p->valid[i];
        *hit += p->valid[i] && p->count[i] > 0;
    }
}

/* Counts in a grid cell: short, so a 16-column grid stays narrow. */
static void compact(char *buf, size_t size, uint64_t n)
{
    if (n < 10000)
        snprintf(buf, size, "%llu", (unsigned long long)n);
    else if (n < 10000000)
        snprintf(buf, size, "%lluk", (unsigned long long)(n / 1000));
    else
        snprintf(buf, size, "%lluM", (unsigned long long)(n / 1000000));
}

static const char *const bins_text[] = {
    "How bins are sampled (once per retired instruction, from the state before it and its retire record):",
    "- ALU/OUT: each unit's op (rgb and alpha separately). For every operand A, B, C the op reads",
    "  (us_rgb_op_arity / us_alpha_op_arity; D2A reads A.rg B.rg C.b; DP4 also the alpha unit's A and B;",
    "  MDH/MDV's A and C are src0 of pixel 0 and of pixel 1 or 2), its input modifier with the class of the",
    "  source value before the modifier (the pair fixes what the op sees), for every running pixel and every",
    "  channel read. Classes: zero (+-0, denormals), one (+1.0), +normal, -normal, inf, nan. '-' modifier and",
    "  class: rgb SOP and alpha DP read no operand of their own; '-' class: no pixel runs (pattern 0x0).",
    "- Running pattern: running mask before the instruction (bit p = pixel p). Loop depth: loop-stack depth",
    "  before it (8+: 8, or deeper, which only a loop_depth above the default 8 allows).",
    "- FC: the op, whether the quad jumped (retire record), loop depth before. Ending, breaking or continuing",
    "  with an empty loop stack never jumps (loop_underflow): those five bins do not exist.",
    "- Not sampled: faulting fetches (pc_range, illegal_inst), which do not execute. Errors: the flag each quad",
    "  ended with.",
    "- Bins that cannot exist are left out of every total, each by a rule listed below with its reason; every",
    "  other bin is reachable (tb/py/test_cov_reach.py hits all of them with legal, silicon-safe programs). The",
    "  ISA's pairing rules leave out no bin: they constrain the other unit's op, which is no axis. A hit in a bin",
    "  the rules leave out is listed and makes uscov exit 1 (a wrong rule, or a sampling bug).",
    "- The full ALU cross is large: its number says how much of the op x operand x pixel-pattern x nesting",
    "  space the inputs reached, no more.",
};

/* How many bins of the space rule r is the first to leave out. */
static unsigned rule_bins(unsigned space, unsigned r)
{
    const us_cov_space_t *s = &us_cov_spaces[space];
    us_cov_cross_t whole = {s->name, s->name, space, s->naxes, {0, 1, 2, 3, 4}, false};
    unsigned n = 0;
    for (unsigned f = 0; f < s->size; f++) {
        unsigned idx[US_COV_MAX_AXES];
        us_cov_unflatten(&whole, f, idx);
        n += us_cov_excluded_by(space, idx) == &s->rules[r];
    }
    return n;
}

/* Calls each(f, cross, flat, count) for every hit bin that cannot exist; returns how many there were. */
static unsigned each_impossible(FILE *f, const us_cov_t *c,
                                void (*each)(FILE *f, const us_cov_cross_t *x, unsigned flat, uint64_t count))
{
    unsigned total = 0;
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        unsigned n = us_cov_cross_size(&us_cov_crosses[i]);
        unsigned *list = malloc(n * sizeof *list);
        if (!list) {
            fputs("out of memory\n", stderr);
            exit(2);
        }
        unsigned k = us_cov_impossible(c, i, list);
        for (unsigned j = 0; j < k; j++)
            each(f, &us_cov_crosses[i], list[j], c->count[i][list[j]]);
        total += k;
        free(list);
    }
    return total;
}

/* ---- text ---- */

static void text_grid(FILE *f, const proj_t *p)
{
    const us_cov_cross_t *x = p->x;
    unsigned rows = axis_n(x, 0), cols = axis_n(x, 1), lw = 0, cw = 5;
    for (unsigned r = 0; r < rows; r++)
        lw = (unsigned)strlen(us_cov_label(x, 0, r)) > lw ? (unsigned)strlen(us_cov_label(x, 0, r)) : lw;
    for (unsigned k = 0; k < cols; k++)
        cw = (unsigned)strlen(us_cov_label(x, 1, k)) > cw ? (unsigned)strlen(us_cov_label(x, 1, k)) : cw;
    fprintf(f, "  %-*s", (int)lw, "");
    for (unsigned k = 0; k < cols; k++)
        fprintf(f, " %*s", (int)cw, us_cov_label(x, 1, k));
    fputc('\n', f);
    for (unsigned r = 0; r < rows; r++) {
        fprintf(f, "  %-*s", (int)lw, us_cov_label(x, 0, r));
        for (unsigned k = 0; k < cols; k++) {
            unsigned i = r * cols + k;
            char cell[24] = "";
            if (p->valid[i] && p->count[i])
                compact(cell, sizeof cell, p->count[i]);
            else if (p->valid[i])
                strcpy(cell, ".");
            fprintf(f, " %*s", (int)cw, cell);
        }
        fputc('\n', f);
    }
}

static void text_cross(FILE *f, const proj_t *p)
{
    const us_cov_cross_t *x = p->x;
    fprintf(f, "\n== %s: %s: %u / %u bins hit (%.2f%%)\n", x->id, x->title, p->hit, p->total, pct(p->hit, p->total));
    if (x->naxes == 1) {
        for (unsigned i = 0; i < p->n; i++)
            if (p->valid[i])
                fprintf(f, "  %-20s %llu\n", us_cov_label(x, 0, i), (unsigned long long)p->count[i]);
    } else if (x->naxes == 2) {
        fputs("  (counts: instructions that hit the bin; '.' unhit; blank: the bin cannot exist)\n", f);
        text_grid(f, p);
    } else {
        fprintf(f, "  per %s:\n", us_cov_spaces[x->space].axis[x->axis[0]]->name);
        for (unsigned v = 0; v < axis_n(x, 0); v++) {
            unsigned h, t;
            first_axis_split(p, v, &h, &t);
            fprintf(f, "  %-12s %6u / %-6u %6.2f%%\n", us_cov_label(x, 0, v), h, t, pct(h, t));
        }
    }
    if (!x->list_unhit)
        return;
    fprintf(f, "  unhit (%u):%s\n", p->total - p->hit, p->total == p->hit ? " none" : "");
    for (unsigned i = 0; i < p->n; i++) {
        if (!p->valid[i] || p->count[i])
            continue;
        char name[160];
        const char *note = bin_note(x, i);
        bin_name(name, sizeof name, x, i);
        fprintf(f, "    %s%s%s%s\n", name, note ? "  (" : "", note ? note : "", note ? ")" : "");
    }
}

static void text_impossible(FILE *f, const us_cov_cross_t *x, unsigned flat, uint64_t count)
{
    char name[160];
    bin_name(name, sizeof name, x, flat);
    fprintf(f, "\n  %s: %s (%llu)", x->id, name, (unsigned long long)count);
}

void us_cov_write_headline(FILE *f, const us_cov_t *c)
{
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        proj_t p;
        proj_make(&p, c, i);
        fprintf(f, "  %-15s %-62s %6u / %-6u %6.2f%%\n", p.x->id, p.x->title, p.hit, p.total, pct(p.hit, p.total));
        proj_free(&p);
    }
}

static void run_summary(char *buf, size_t size, const us_cov_t *c)
{
    snprintf(buf, size,
             "%llu quads (%llu ended without an error), %llu instructions retired: %llu ALU/OUT, %llu FC, %llu TEX, "
             "%llu not executed (faulting fetch)",
             (unsigned long long)c->quads, (unsigned long long)c->quads_clean, (unsigned long long)c->retired,
             (unsigned long long)c->alu, (unsigned long long)c->fc, (unsigned long long)c->tex,
             (unsigned long long)c->faulted);
}

void us_cov_write_text(FILE *f, const us_cov_t *c, const char *inputs)
{
    char run[320];
    run_summary(run, sizeof run, c);
    fprintf(f, "R500 US functional coverage, sampled from the golden model's retire events (bins: model/gen/us_cov.c)\n");
    fprintf(f, "inputs: %s\nrun: %s\n\nheadline (bins hit / bins that can exist):\n", inputs, run);
    us_cov_write_headline(f, c);
    fputc('\n', f);
    for (size_t i = 0; i < sizeof bins_text / sizeof bins_text[0]; i++)
        fprintf(f, "%s\n", bins_text[i]);
    fputs("\nBins that cannot exist, by rule (space: rule, bins it leaves out: why):\n", f);
    for (unsigned sp = 0; sp < US_COV_NSPACES; sp++)
        for (unsigned r = 0; r < us_cov_spaces[sp].nrules; r++)
            fprintf(f, "  %s: %s, %u bins: %s\n", us_cov_spaces[sp].name, us_cov_spaces[sp].rules[r].id,
                    rule_bins(sp, r), us_cov_spaces[sp].rules[r].why);
    fputs("Hit bins that the rules say cannot exist:", f);
    if (each_impossible(f, c, text_impossible) == 0)
        fputs(" none\n", f);
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        proj_t p;
        proj_make(&p, c, i);
        text_cross(f, &p);
        proj_free(&p);
    }
}

/* ---- HTML ---- */

static void html_esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else
            fputc(*s, f);
    }
}

static void html_grid(FILE *f, const proj_t *p)
{
    const us_cov_cross_t *x = p->x;
    unsigned rows = axis_n(x, 0), cols = axis_n(x, 1);
    fprintf(f, "<table class=\"grid\" id=\"table-%s\">\n<tr><th></th>", x->id);
    for (unsigned k = 0; k < cols; k++) {
        fputs("<th>", f);
        html_esc(f, us_cov_label(x, 1, k));
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (unsigned r = 0; r < rows; r++) {
        fputs("<tr><th>", f);
        html_esc(f, us_cov_label(x, 0, r));
        fputs("</th>", f);
        for (unsigned k = 0; k < cols; k++) {
            unsigned i = r * cols + k;
            if (!p->valid[i])
                fputs("<td class=\"na\"></td>", f);
            else if (!p->count[i])
                fputs("<td class=\"miss\">0</td>", f);
            else
                fprintf(f, "<td class=\"hit\">%llu</td>", (unsigned long long)p->count[i]);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

static void html_cross(FILE *f, const proj_t *p)
{
    const us_cov_cross_t *x = p->x;
    fprintf(f, "<section id=\"%s\">\n<h2>%s: ", x->id, x->id);
    html_esc(f, x->title);
    fprintf(f, "</h2>\n<p>%u / %u bins hit (%.2f%%)</p>\n", p->hit, p->total, pct(p->hit, p->total));
    if (x->naxes == 2) {
        html_grid(f, p);
    } else {
        const char *what = x->naxes == 1 ? "count" : "hit / bins";
        fprintf(f, "<table class=\"list\" id=\"table-%s\">\n<tr><th>", x->id);
        html_esc(f, us_cov_spaces[x->space].axis[x->axis[0]]->name);
        fprintf(f, "</th><th>%s</th>%s</tr>\n", what, x->naxes == 1 ? "" : "<th>%</th>");
        for (unsigned v = 0; v < axis_n(x, 0); v++) {
            unsigned h, t;
            if (x->naxes == 1) {
                h = p->count[v] > 0, t = p->valid[v];
                if (!t)
                    continue;
            } else {
                first_axis_split(p, v, &h, &t);
            }
            fprintf(f, "<tr><th>");
            html_esc(f, us_cov_label(x, 0, v));
            if (x->naxes == 1)
                fprintf(f, "</th><td class=\"%s\">%llu</td></tr>\n", h ? "hit" : "miss",
                        (unsigned long long)p->count[v]);
            else
                fprintf(f, "</th><td class=\"%s\">%u / %u</td><td>%.2f</td></tr>\n", h == t ? "hit" : h ? "part" : "miss",
                        h, t, pct(h, t));
        }
        fputs("</table>\n", f);
    }
    if (x->list_unhit && p->hit < p->total) {
        fprintf(f, "<details><summary>%u unhit bins</summary>\n<ul class=\"unhit\">\n", p->total - p->hit);
        for (unsigned i = 0; i < p->n; i++) {
            if (!p->valid[i] || p->count[i])
                continue;
            char name[160];
            const char *note = bin_note(x, i);
            bin_name(name, sizeof name, x, i);
            fputs("<li>", f);
            html_esc(f, name);
            if (note) {
                fputs(" <em>(", f);
                html_esc(f, note);
                fputs(")</em>", f);
            }
            fputs("</li>\n", f);
        }
        fputs("</ul>\n</details>\n", f);
    }
    fputs("</section>\n", f);
}

static void html_impossible(FILE *f, const us_cov_cross_t *x, unsigned flat, uint64_t count)
{
    char name[160];
    bin_name(name, sizeof name, x, flat);
    fprintf(f, "<br>\n<strong>%s: ", x->id);
    html_esc(f, name);
    fprintf(f, " (%llu)</strong>", (unsigned long long)count);
}

void us_cov_write_html(FILE *f, const us_cov_t *c, const char *inputs)
{
    char run[320];
    run_summary(run, sizeof run, c);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>R500 US functional coverage"
          "</title>\n<style>\nbody{font-family:sans-serif;margin:1em 2em}table{border-collapse:collapse;margin:.5em 0}"
          "th,td{border:1px solid #ccc;padding:1px 5px;font-size:12px;text-align:right}th{background:#eee}"
          "td.hit{background:#c8f0c8}td.miss{background:#f8c8c8}td.part{background:#f8f0b8}td.na{background:#fff}"
          "p.bins{font-size:13px;white-space:pre-wrap;font-family:monospace}\n</style>\n</head>\n<body>\n"
          "<h1>R500 US functional coverage</h1>\n<p>Sampled from the golden model&#39;s retire events; bins: "
          "model/gen/us_cov.c.</p>\n<p>inputs: ",
          f);
    html_esc(f, inputs);
    fputs("<br>\nrun: ", f);
    html_esc(f, run);
    fputs("</p>\n<table id=\"headline\">\n<tr><th>cross</th><th>bins</th><th>hit</th><th>total</th><th>%</th></tr>\n",
          f);
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        proj_t p;
        proj_make(&p, c, i);
        fprintf(f, "<tr><th><a href=\"#%s\">%s</a></th><td>", p.x->id, p.x->id);
        html_esc(f, p.x->title);
        fprintf(f, "</td><td>%u</td><td>%u</td><td>%.2f</td></tr>\n", p.hit, p.total, pct(p.hit, p.total));
        proj_free(&p);
    }
    fputs("</table>\n<p class=\"bins\">", f);
    for (size_t i = 0; i < sizeof bins_text / sizeof bins_text[0]; i++) {
        html_esc(f, bins_text[i]);
        fputc('\n', f);
    }
    fputs("</p>\n<table class=\"list\" id=\"rules\">\n<tr><th>space</th><th>rule</th><th>bins left out</th>"
          "<th>why they cannot exist</th></tr>\n", f);
    for (unsigned sp = 0; sp < US_COV_NSPACES; sp++)
        for (unsigned r = 0; r < us_cov_spaces[sp].nrules; r++) {
            fprintf(f, "<tr><th>%s</th><td>%s</td><td>%u</td><td>", us_cov_spaces[sp].name,
                    us_cov_spaces[sp].rules[r].id, rule_bins(sp, r));
            html_esc(f, us_cov_spaces[sp].rules[r].why);
            fputs("</td></tr>\n", f);
        }
    fputs("</table>\n<p>Hit bins that the rules say cannot exist:", f);
    if (each_impossible(f, c, html_impossible) == 0)
        fputs(" none", f);
    fputs("</p>\n", f);
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        proj_t p;
        proj_make(&p, c, i);
        html_cross(f, &p);
        proj_free(&p);
    }
    fputs("</body>\n</html>\n", f);
}

/* ---- TSV ---- */

static void tsv_impossible(FILE *f, const us_cov_cross_t *x, unsigned flat, uint64_t count)
{
    char name[160];
    bin_name(name, sizeof name, x, flat);
    fprintf(f, "impossible\t%s\t%s\t%llu\n", x->id, name, (unsigned long long)count);
}

void us_cov_write_tsv(FILE *f, const us_cov_t *c)
{
    fputs("# uscov: per cross 'cross ID HIT TOTAL', then 'bin ID NAME COUNT' for every hit bin; 'rule SPACE ID BINS'"
          " for the bins each rule leaves out; 'impossible ID NAME COUNT' for a hit bin that cannot exist "
          "(model/gen/us_cov.c)\n", f);
    for (unsigned sp = 0; sp < US_COV_NSPACES; sp++)
        for (unsigned r = 0; r < us_cov_spaces[sp].nrules; r++)
            fprintf(f, "rule\t%s\t%s\t%u\n", us_cov_spaces[sp].name, us_cov_spaces[sp].rules[r].id, rule_bins(sp, r));
    each_impossible(f, c, tsv_impossible);
    for (unsigned i = 0; i < US_COV_NCROSSES; i++) {
        proj_t p;
        proj_make(&p, c, i);
        fprintf(f, "cross\t%s\t%u\t%u\n", p.x->id, p.hit, p.total);
        for (unsigned b = 0; b < p.n; b++) {
            if (!p.valid[b] || !p.count[b])
                continue;
            char name[160];
            bin_name(name, sizeof name, p.x, b);
            fprintf(f, "bin\t%s\t%s\t%llu\n", p.x->id, name, (unsigned long long)p.count[b]);
        }
        proj_free(&p);
    }
}
