/* A lab's read-back against a bring-up export's expectations (us_bringup.h): both in expected.txt's line format,
 * every item compared by its rule (exact, or within [LO, HI] in fp32 order), one table row per pixel and channel. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "gen/us_bringup.h"
#include "golden/us_bound.h"

#define MAX_ITEMS 8192u

typedef struct item {
    char key[48];   /* "pixel 0 out 0 r", "quad errors", ... */
    bool value;     /* a 32-bit value (else a word: pred bits, a mask, the error list, a count) */
    uint32_t v;
    us_iv_t bound;  /* exact when lo == hi == v */
    char word[96];  /* the text of a non-value item */
    unsigned line;
} item_t;

typedef struct items {
    item_t *it;
    unsigned n;
} items_t;

static int fail_at(char *err, size_t n, const char *file, unsigned line, const char *msg, const char *tok)
{
    snprintf(err, n, "%s:%u: %s%s%s%s", file, line, msg, tok ? " '" : "", tok ? tok : "", tok ? "'" : "");
    return 2;
}

static bool parse_hex(const char *s, uint32_t *v)
{
    if (strncmp(s, "0x", 2) && strncmp(s, "0X", 2))
        return false;
    char *end;
    unsigned long x = strtoul(s + 2, &end, 16);
    if (end == s + 2 || *end || end - (s + 2) > 8)
        return false;
    *v = (uint32_t)x;
    return true;
}

/* 0xV or 0xV[0xLO,0xHI]. */
static bool parse_value(const char *tok, item_t *it)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", tok);
    char *br = strchr(buf, '[');
    if (!br) {
        if (!parse_hex(buf, &it->v))
            return false;
        it->bound.lo = it->bound.hi = it->v;
        return true;
    }
    *br = '\0';
    char *comma = strchr(br + 1, ','), *close = strchr(br + 1, ']');
    if (!comma || !close || close[1] || comma > close)
        return false;
    *comma = *close = '\0';
    if (!parse_hex(buf, &it->v) || !parse_hex(br + 1, &it->bound.lo) || !parse_hex(comma + 1, &it->bound.hi))
        return false;
    return us_iv_key(it->bound.lo) <= us_iv_key(it->bound.hi);
}

static item_t *add(items_t *l, const char *file, unsigned line, char *err, size_t n)
{
    if (l->n == MAX_ITEMS) {
        fail_at(err, n, file, line, "too many items", NULL);
        return NULL;
    }
    item_t *it = &l->it[l->n++];
    memset(it, 0, sizeof *it);
    it->line = line;
    return it;
}

static int parse_items(const char *text, const char *file, items_t *l, char *err, size_t n)
{
    unsigned line = 0;
    const char *p = text;
    while (*p) {
        line++;
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char buf[512];
        if (len >= sizeof buf)
            return fail_at(err, n, file, line, "line too long", NULL);
        memcpy(buf, p, len);
        buf[len] = '\0';
        p = e ? e + 1 : p + len;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char *t[12];
        unsigned nt = 0;
        for (char *s = strtok(buf, " \t\r"); s && nt < 12; s = strtok(NULL, " \t\r"))
            t[nt++] = s;
        if (!nt)
            continue;
        if (strcmp(t[0], "quad") == 0) {
            if (nt < 3)
                return fail_at(err, n, file, line, "quad needs an item and a value", NULL);
            if (strcmp(t[1], "alu_result") && strcmp(t[1], "killed") && strcmp(t[1], "errors") &&
                strcmp(t[1], "retired"))
                return fail_at(err, n, file, line, "unknown quad item", t[1]);
            item_t *it = add(l, file, line, err, n);
            if (!it)
                return 2;
            snprintf(it->key, sizeof it->key, "quad %s", t[1]);
            it->word[0] = '\0';
            for (unsigned i = 2; i < nt; i++) /* "none", or flags, or a number: the words as written */
                snprintf(it->word + strlen(it->word), sizeof it->word - strlen(it->word), "%s%s", i > 2 ? " " : "",
                         t[i]);
            continue;
        }
        if (strcmp(t[0], "pixel") || nt < 3 || strlen(t[1]) != 1 || t[1][0] < '0' || t[1][0] > '3')
            return fail_at(err, n, file, line, "expected 'pixel P ...' or 'quad ...', got", t[0]);
        const char *what = t[2];
        unsigned first = 3, nval = 4;
        char base[40];
        if (strcmp(what, "pred") == 0) {
            if (nt != 4)
                return fail_at(err, n, file, line, "pred needs one value", NULL);
            item_t *it = add(l, file, line, err, n);
            if (!it)
                return 2;
            snprintf(it->key, sizeof it->key, "pixel %s pred", t[1]);
            snprintf(it->word, sizeof it->word, "%s", t[3]);
            continue;
        }
        if (strcmp(what, "w") == 0) {
            snprintf(base, sizeof base, "pixel %s w", t[1]);
            nval = 1;
        } else if (strcmp(what, "out") == 0 || strcmp(what, "temp") == 0) {
            if (nt < 4 || !isdigit((unsigned char)t[3][0]))
                return fail_at(err, n, file, line, "out and temp need an index", NULL);
            snprintf(base, sizeof base, "pixel %s %s %s", t[1], what, t[3]);
            first = 4;
        } else {
            return fail_at(err, n, file, line, "unknown pixel item", what);
        }
        if (nt != first + nval)
            return fail_at(err, n, file, line, nval == 1 ? "w needs one value" : "needs four channel values", NULL);
        for (unsigned c = 0; c < nval; c++) {
            if (strcmp(t[first + c], "-") == 0)
                continue;
            item_t *it = add(l, file, line, err, n);
            if (!it)
                return 2;
            it->value = true;
            if (nval == 1)
                snprintf(it->key, sizeof it->key, "%s", base);
            else
                snprintf(it->key, sizeof it->key, "%s %c", base, "rgba"[c]);
            if (!parse_value(t[first + c], it))
                return fail_at(err, n, file, line, "not a value (0xHHHHHHHH, or 0xV[0xLO,0xHI])", t[first + c]);
        }
    }
    return 0;
}

static const item_t *find(const items_t *l, const char *key)
{
    for (unsigned i = 0; i < l->n; i++)
        if (strcmp(l->it[i].key, key) == 0)
            return &l->it[i];
    return NULL;
}

/* Pred bits, masks and counts compare as numbers (0x3 = 0x03 = 3); the error list as words. */
static bool same_word(const char *a, const char *b)
{
    char *ea, *eb;
    unsigned long long x = strtoull(a, &ea, 0), y = strtoull(b, &eb, 0);
    if (ea != a && !*ea && eb != b && !*eb)
        return x == y;
    return strcmp(a, b) == 0;
}

int us_bringup_check(const char *expected, const char *results, const char *results_path, bool partial,
                     us_strbuf_t *out, unsigned *checked, char *err, size_t err_size)
{
    items_t exp = {calloc(MAX_ITEMS, sizeof(item_t)), 0}, got = {calloc(MAX_ITEMS, sizeof(item_t)), 0};
    int rc = 0;
    *checked = 0;
    if (!exp.it || !got.it) {
        snprintf(err, err_size, "out of memory");
        rc = 2;
        goto done;
    }
    if (parse_items(expected, "(the expectations)", &exp, err, err_size) ||
        parse_items(results, results_path, &got, err, err_size)) {
        rc = 2;
        goto done;
    }
    for (unsigned i = 0; i < got.n; i++) {
        if (!find(&exp, got.it[i].key)) {
            fail_at(err, err_size, results_path, got.it[i].line, "no such expected item (the shader does not write it):",
                    got.it[i].key);
            rc = 2;
            goto done;
        }
        for (unsigned j = 0; j < i; j++)
            if (strcmp(got.it[j].key, got.it[i].key) == 0) {
                fail_at(err, err_size, results_path, got.it[i].line, "item given twice:", got.it[i].key);
                rc = 2;
                goto done;
            }
    }
    us_sb_printf(out, "%-20s %-10s %-23s %-10s %6s  %s\n", "item", "expected", "bound", "read", "ulps", "verdict");
    unsigned nfail = 0, nskip = 0;
    for (unsigned i = 0; i < exp.n; i++) {
        const item_t *e = &exp.it[i], *g = find(&got, e->key);
        if (!g) {
            /* A lab that leaves an item out has not shown it within: a failure unless --partial asked for it. */
            nskip++;
            if (!partial)
                us_sb_printf(out, "%-20s %-10s %-23s %-10s %6s  %s\n", e->key, e->value ? "" : e->word, "", "(none)",
                             "", "MISSING");
            continue;
        }
        (*checked)++;
        bool ok;
        if (e->value) {
            uint64_t d = us_iv_ulps(e->bound, g->v);
            ok = us_iv_contains(e->bound, g->v);
            char bound[32] = "exact";
            if (!us_iv_exact(e->bound))
                snprintf(bound, sizeof bound, "[%08X,%08X]", e->bound.lo, e->bound.hi);
            us_sb_printf(out, "%-20s 0x%08X %-23s 0x%08X %6llu  %s\n", e->key, e->v, bound, g->v,
                         (unsigned long long)d, ok ? "within" : "OUTSIDE");
        } else {
            ok = same_word(e->word, g->word);
            us_sb_printf(out, "%-20s %-10s %-23s %-10s %6s  %s\n", e->key, e->word, "exact", g->word, "",
                         ok ? "within" : "OUTSIDE");
        }
        nfail += !ok;
    }
    if (!*checked) {
        snprintf(err, err_size, "%s: no value of the expectations is given", results_path);
        rc = 2;
        goto done;
    }
    if (partial)
        us_sb_printf(out, "%u items checked: %u within, %u outside; --partial: %u expected items not read, not "
                     "checked\n", *checked, *checked - nfail, nfail, nskip);
    else
        us_sb_printf(out, "%u items checked: %u within, %u outside, %u missing (every expected item must be read; "
                     "--partial checks only those given)\n", *checked, *checked - nfail, nfail, nskip);
    rc = nfail || (nskip && !partial) ? 1 : 0;
done:
    free(exp.it);
    free(got.it);
    return rc;
}
