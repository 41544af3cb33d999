#include "isa/us_asm_lex.h"
#include "isa/us_strbuf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const mnemonics[] = {"alu", "out", "tex", "fc", "if", "if_else", "else", "endif",
                                        "loop", "endloop", "break", "continue", ".inst"};
/* Words that may be followed by ':' inside an instruction, so they are not labels. */
static const char *const part_words[] = {"rgb", "alpha", "a"};

bool us_is_mnemonic(const char *word)
{
    for (size_t i = 0; i < sizeof mnemonics / sizeof mnemonics[0]; i++)
        if (strcmp(mnemonics[i], word) == 0)
            return true;
    return false;
}

static bool is_part_word(const char *word)
{
    for (size_t i = 0; i < sizeof part_words / sizeof part_words[0]; i++)
        if (strcmp(part_words[i], word) == 0)
            return true;
    return false;
}

static bool fail(char *err, size_t n, const char *fname, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static bool fail(char *err, size_t n, const char *fname, unsigned line, const char *fmt, ...)
{
    int k = snprintf(err, n, "%s:%u: ", fname, line);
    if (k < 0 || (size_t)k >= n)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + k, n - (size_t)k, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_word_char(int c)
{
    return isalnum(c) || c == '_';
}

/* Tokens of one line (comment already cut) appended to lx. */
static bool lex_line(const char *s, size_t len, unsigned line, const char *fname, us_lexed_t *lx, char *err,
                     size_t err_size)
{
    size_t i = 0;
    bool after_dot = false;
    unsigned line_first = lx->ntoks;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            i++;
            after_dot = false;
            continue;
        }
        us_tok_t t;
        memset(&t, 0, sizeof t);
        t.line = line;
        size_t start = i;
        if (after_dot && is_word_char(c)) {
            /* After '.', a suffix: swizzles such as 01h or r0_ are words even when they begin with a digit. */
            while (i < len && is_word_char((unsigned char)s[i]))
                i++;
            t.kind = US_TOK_WORD;
        } else if (isdigit(c)) {
            while (i < len && (is_word_char((unsigned char)s[i]) || s[i] == '.'))
                i++;
            t.kind = US_TOK_NUM;
        } else if (isalpha(c) || c == '_') {
            while (i < len && is_word_char((unsigned char)s[i]))
                i++;
            t.kind = US_TOK_WORD;
        } else if (c == '.' && i + 1 < len && isalpha((unsigned char)s[i + 1]) &&
                   (lx->ntoks == line_first || strcmp(lx->toks[lx->ntoks - 1].text, ":") == 0)) {
            /* A directive opens a line or follows a label: .inst */
            i++;
            while (i < len && is_word_char((unsigned char)s[i]))
                i++;
            t.kind = US_TOK_WORD;
        } else if (strchr(",:=.[]+-|!", c)) {
            i++;
            t.kind = US_TOK_PUNCT;
        } else if (isprint(c)) {
            return fail(err, err_size, fname, line, "unexpected character '%c'", c);
        } else {
            return fail(err, err_size, fname, line, "unexpected byte 0x%02x", c);
        }
        if (i - start >= sizeof t.text)
            return fail(err, err_size, fname, line, "token too long: '%.20s...'", s + start);
        memcpy(t.text, s + start, i - start);
        t.text[i - start] = '\0';
        after_dot = t.kind == US_TOK_PUNCT && c == '.';
        lx->toks = us_xgrow(lx->toks, &lx->cap_toks, lx->ntoks + 1, sizeof *lx->toks);
        lx->toks[lx->ntoks++] = t;
    }
    return true;
}

bool us_lex(const char *src, const char *fname, unsigned max_stmts, us_lexed_t *lx, char *err, size_t err_size)
{
    memset(lx, 0, sizeof *lx);
    unsigned line = 0;
    const char *p = src;
    while (*p) {
        line++;
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        const char *hash = memchr(p, '#', len);
        size_t code_len = hash ? (size_t)(hash - p) : len;
        unsigned first = lx->ntoks;
        if (!lex_line(p, code_len, line, fname, lx, err, err_size))
            return false;
        /* Labels: word ':' at the start of the line (not rgb:/alpha:/a:). */
        while (lx->ntoks - first >= 2 && lx->toks[first].kind == US_TOK_WORD &&
               lx->toks[first + 1].kind == US_TOK_PUNCT && lx->toks[first + 1].text[0] == ':' &&
               !is_part_word(lx->toks[first].text) && !us_is_mnemonic(lx->toks[first].text)) {
            const us_tok_t *t = &lx->toks[first];
            if (!isalpha((unsigned char)t->text[0]) && t->text[0] != '_')
                return fail(err, err_size, fname, line, "bad label name '%s'", t->text);
            const us_label_t *prev = us_labels_find(&lx->labels, t->text);
            if (prev)
                return fail(err, err_size, fname, line, "label '%s' already defined at line %u", t->text, prev->line);
            us_labels_add(&lx->labels, t->text, lx->nstmts, line);
            memmove(&lx->toks[first], &lx->toks[first + 2], (lx->ntoks - first - 2) * sizeof *lx->toks);
            lx->ntoks -= 2;
        }
        if (lx->ntoks > first) {
            const us_tok_t *t = &lx->toks[first];
            if (t->kind == US_TOK_WORD && us_is_mnemonic(t->text)) {
                if (lx->nstmts >= max_stmts)
                    return fail(err, err_size, fname, line, "more than %u instructions", max_stmts);
                lx->stmts = us_xgrow(lx->stmts, &lx->cap_stmts, lx->nstmts + 1, sizeof *lx->stmts);
                lx->stmts[lx->nstmts++] = (us_stmt_t){first, 0, line};
            } else if (lx->nstmts == 0) {
                return fail(err, err_size, fname, line, "expected an instruction (alu, out, tex, fc, if, ...), got '%s'",
                            t->text);
            }
            lx->stmts[lx->nstmts - 1].count = lx->ntoks - lx->stmts[lx->nstmts - 1].first;
        }
        p = eol ? eol + 1 : p + len;
    }
    return true;
}

void us_lexed_free(us_lexed_t *lx)
{
    free(lx->toks);
    free(lx->stmts);
    us_labels_free(&lx->labels);
    memset(lx, 0, sizeof *lx);
}
