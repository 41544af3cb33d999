#include "isa/us_strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void us_sb_init(us_strbuf_t *sb)
{
    sb->data = NULL;
    sb->len = sb->cap = 0;
}

void us_sb_free(us_strbuf_t *sb)
{
    free(sb->data);
    us_sb_init(sb);
}

void us_sb_clear(us_strbuf_t *sb)
{
    sb->len = 0;
    if (sb->data)
        sb->data[0] = '\0';
}

void *us_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return q;
}

void *us_xgrow(void *p, unsigned *cap, unsigned need, size_t elem)
{
    if (need <= *cap)
        return p;
    unsigned c = *cap ? *cap * 2 : 64;
    while (c < need)
        c *= 2;
    *cap = c;
    return us_xrealloc(p, (size_t)c * elem);
}

static void reserve(us_strbuf_t *sb, size_t extra)
{
    if (sb->len + extra + 1 <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    sb->data = us_xrealloc(sb->data, cap);
    sb->cap = cap;
}

void us_sb_puts(us_strbuf_t *sb, const char *s)
{
    size_t n = strlen(s);
    reserve(sb, n);
    memcpy(sb->data + sb->len, s, n + 1);
    sb->len += n;
}

void us_sb_printf(us_strbuf_t *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    reserve(sb, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

void us_sb_pad_to(us_strbuf_t *sb, size_t col)
{
    size_t start = sb->len;
    while (start > 0 && sb->data[start - 1] != '\n')
        start--;
    size_t cur = sb->len - start;
    do {
        us_sb_puts(sb, " ");
        cur++;
    } while (cur < col);
}
