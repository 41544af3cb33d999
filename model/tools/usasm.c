/* usasm IN.s -o OUT.hex: assemble (exit 0; 2 with file:line: message on bad input or usage). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_asm.h"
#include "isa/us_hex.h"

static int usage(void)
{
    fputs("usage: usasm IN.s -o OUT.hex\n"
          "  Assembles the language of docs/asm.md into 32-bit hex words, 6 per instruction ('-o -': stdout).\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return usage();
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "usasm: unknown option %s\n", argv[i]);
            return usage();
        } else if (in)
            return usage();
        else
            in = argv[i];
    }
    if (!in || !out)
        return usage();
    char err[512];
    char *text = us_read_file(in, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    static us_program_t prog;
    int rc = us_asm(text, in, &prog, err, sizeof err);
    free(text);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (prog.count == 0) {
        fprintf(stderr, "%s: no instructions\n", in);
        return 2;
    }
    FILE *f = strcmp(out, "-") == 0 ? stdout : fopen(out, "w");
    if (!f) {
        perror(out);
        return 2;
    }
    us_hex_write(f, &prog);
    if (f != stdout && fclose(f) != 0) {
        perror(out);
        return 2;
    }
    return 0;
}
