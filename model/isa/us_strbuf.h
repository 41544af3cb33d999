/* Growable text buffer: the disassembler and dumpers write into one so callers choose where the text goes. */
#ifndef US_STRBUF_H
#define US_STRBUF_H

#include <stddef.h>

typedef struct us_strbuf {
    char *data;     /* always NUL-terminated once anything was written */
    size_t len, cap;
} us_strbuf_t;

void us_sb_init(us_strbuf_t *sb);
void us_sb_free(us_strbuf_t *sb);
void us_sb_clear(us_strbuf_t *sb);
void us_sb_puts(us_strbuf_t *sb, const char *s);
void us_sb_printf(us_strbuf_t *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Pad with spaces up to column col of the current line (at least one space). */
void us_sb_pad_to(us_strbuf_t *sb, size_t col);
/* realloc for every growing array: out of memory ends the tool ("out of memory", exit 2). */
void *us_xrealloc(void *p, size_t n);
/* An array p of *cap elements of elem bytes, grown (doubling, from 64) to hold at least need; exits like
 * us_xrealloc. Returns the array (p itself when it is large enough). */
void *us_xgrow(void *p, unsigned *cap, unsigned need, size_t elem);

#endif
