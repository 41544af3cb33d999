#include "isa/us_hex.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int us_hex_parse(const char *text, const char *fname, us_program_t *prog, char *err, size_t err_size)
{
    memset(prog, 0, sizeof *prog);
    unsigned line = 1, nwords = 0, last_line = 1;
    const char *p = text;
    while (*p) {
        if (*p == '\n') {
            line++;
            p++;
            continue;
        }
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (*p == ',' || isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        const char *start = p;
        while (*p && *p != ',' && *p != '#' && !isspace((unsigned char)*p))
            p++;
        size_t len = (size_t)(p - start);
        bool ok = len > 2 && len <= 10 && start[0] == '0' && (start[1] == 'x' || start[1] == 'X');
        for (size_t i = 2; ok && i < len; i++)
            ok = isxdigit((unsigned char)start[i]) != 0;
        if (!ok) {
            snprintf(err, err_size, "%s:%u: '%.*s' is not a 32-bit hex word (0x followed by 1 to 8 hex digits)", fname,
                     line, (int)(len > 40 ? 40 : len), start);
            return -1;
        }
        if (nwords >= 6 * US_MAX_INST) {
            snprintf(err, err_size, "%s:%u: more than %u instructions", fname, line, US_MAX_INST);
            return -1;
        }
        prog->inst[nwords / 6].w[nwords % 6] = (uint32_t)strtoul(start + 2, NULL, 16);
        nwords++;
        last_line = line;
    }
    if (nwords % 6) {
        snprintf(err, err_size, "%s:%u: %u words is not a whole number of instructions (6 words each; instruction %u has %u)",
                 fname, last_line, nwords, nwords / 6, nwords % 6);
        return -1;
    }
    if (nwords == 0) {
        snprintf(err, err_size, "%s:%u: no instruction words", fname, line);
        return -1;
    }
    prog->count = nwords / 6;
    return 0;
}

void us_hex_write(FILE *f, const us_program_t *prog)
{
    for (unsigned i = 0; i < prog->count; i++) {
        if (i)
            fputc('\n', f);
        for (unsigned w = 0; w < 6; w++)
            fprintf(f, "0x%08x,\n", prog->inst[i].w[w]);
    }
}

void us_hex_format(us_strbuf_t *sb, const us_program_t *prog)
{
    for (unsigned i = 0; i < prog->count; i++) {
        if (i)
            us_sb_puts(sb, "\n");
        for (unsigned w = 0; w < 6; w++)
            us_sb_printf(sb, "0x%08x,\n", prog->inst[i].w[w]);
    }
}

char *us_read_file(const char *path, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            snprintf(err, err_size, "%s: out of memory", path);
            return NULL;
        }
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0)
            break;
        if (len + 1 >= cap) {
            cap *= 2;
            char *q = realloc(buf, cap);
            if (!q)
                free(buf);
            buf = q;
        }
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, err_size, "%s: read error", path);
        return NULL;
    }
    buf[len] = '\0';
    if (strlen(buf) != len) {
        unsigned line = 1;
        for (size_t i = 0; buf[i]; i++)
            line += buf[i] == '\n';
        free(buf);
        snprintf(err, err_size, "%s:%u: NUL byte in a text file", path, line);
        return NULL;
    }
    return buf;
}
