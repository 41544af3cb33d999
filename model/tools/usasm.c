/* usasm IN.s -o OUT.hex [--fix-hazards]: assemble (exit 0; 2 with file:line: message on bad input or usage). The
 * silicon-rule warnings (isa/us_rules.h) go to stderr; --fix-hazards first sets the bits they ask for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_asm.h"
#include "isa/us_hex.h"
#include "isa/us_out.h"
#include "isa/us_rules.h"

static int usage(void)
{
    fputs("usage: usasm IN.s -o OUT.hex [--fix-hazards]\n"
          "  Assembles the language of docs/asm.md into 32-bit hex words, 6 per instruction ('-o -': stdout).\n"
          "  Breaches of the CTM guide's hardware rules are printed to stderr as warnings; the words stay as\n"
          "  written. --fix-hazards sets the NOP, TEX_SEM_ACQUIRE and TEX_SEM_WAIT bits the rules ask for (and\n"
          "  appends a final OUT instruction if needed), printing each change (docs/spec.md section 9).\n",
          stderr);
    return 2;
}

static int assemble(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    bool fix = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--fix-hazards") == 0)
            fix = true;
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
    if (fix) {
        us_strbuf_t log;
        us_sb_init(&log);
        unsigned n = us_rules_fix(&prog, &log);
        for (char *line = log.data; line && *line;) {
            char *nl = strchr(line, '\n');
            fprintf(stderr, "%s: fixed: %.*s\n", in, (int)(nl ? nl - line : (long)strlen(line)), line);
            line = nl ? nl + 1 : NULL;
        }
        fprintf(stderr, "%s: --fix-hazards: %u change%s\n", in, n, n == 1 ? "" : "s");
        us_sb_free(&log);
    }
    us_code_t code = us_code_of_program(&prog);
    us_rules_warn(stderr, in, &code);
    if (strcmp(out, "-") == 0) {
        us_hex_write(stdout, &prog);
        return 0;
    }
    us_out_t f;
    if (!us_out_open(&f, out, err, sizeof err)) {
        fprintf(stderr, "usasm: %s\n", err);
        return 2;
    }
    us_hex_write(f.f, &prog);
    if (!us_out_close(&f, err, sizeof err)) {
        fprintf(stderr, "usasm: %s\n", err);
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    return us_stdout_status("usasm", assemble(argc, argv));
}
