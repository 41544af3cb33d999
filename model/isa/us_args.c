#include "isa/us_args.h"

#include <stdio.h>

/* The value of digit c in base, or -1. */
static int digit(char c, unsigned base)
{
    int d = 99;
    if (c >= '0' && c <= '9')
        d = c - '0';
    else if (c >= 'a' && c <= 'f')
        d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
        d = c - 'A' + 10;
    return d < (int)base ? d : -1;
}

bool us_parse_uint(const char *text, uint64_t *out)
{
    unsigned base = 10;
    const char *s = text;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!*s)
        return false;
    uint64_t v = 0;
    for (; *s; s++) {
        int d = digit(*s, base);
        if (d < 0 || v > (UINT64_MAX - (uint64_t)d) / base)
            return false;
        v = v * base + (uint64_t)d;
    }
    *out = v;
    return true;
}

bool us_arg_uint(const char *opt, const char *text, uint64_t min, uint64_t max, uint64_t *out, char *err,
                 size_t err_size)
{
    uint64_t v;
    if (us_parse_uint(text, &v) && v >= min && v <= max) {
        *out = v;
        return true;
    }
    snprintf(err, err_size, "%s: '%s' is not a number from %llu to %llu", opt, text, (unsigned long long)min,
             (unsigned long long)max);
    return false;
}
