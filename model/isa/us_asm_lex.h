/* Lexer of the assembler: lines -> tokens, tokens -> labels and statements (one per instruction). */
#ifndef US_ASM_LEX_H
#define US_ASM_LEX_H

#include <stdbool.h>
#include <stddef.h>

#include "isa/us_labels.h"

enum us_tok_kind { US_TOK_WORD, US_TOK_NUM, US_TOK_PUNCT };

typedef struct us_tok {
    enum us_tok_kind kind;
    unsigned line;
    char text[48];
} us_tok_t;

typedef struct us_stmt {
    unsigned first, count; /* slice of us_lexed_t.toks */
    unsigned line;
} us_stmt_t;

typedef struct us_lexed {
    us_tok_t *toks;
    unsigned ntoks, cap_toks;
    us_stmt_t *stmts;
    unsigned nstmts, cap_stmts;
    us_labels_t labels;
} us_lexed_t;

/* Returns false with "fname:line: message" in err. max_stmts bounds the statement count (program size). */
bool us_lex(const char *src, const char *fname, unsigned max_stmts, us_lexed_t *out, char *err, size_t err_size);
void us_lexed_free(us_lexed_t *lx);
bool us_is_mnemonic(const char *word);

#endif
