/* What the harnesses share: the input as a C string, and a broken property as a crash that libFuzzer reports
 * (it saves the input that did it). */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input up to its first NUL, NUL-terminated (the text readers take C strings, as us_read_file gives them). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

static inline void fuzz_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static inline void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz: property broken: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* Every rejection names the input as "name:line: ...". */
static inline void fuzz_check_error(const char *err, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(err, name, n) != 0 || err[n] != ':' || !(err[n + 1] >= '0' && err[n + 1] <= '9'))
        fuzz_fail("error without %s:line: '%s'", name, err);
}

#endif
