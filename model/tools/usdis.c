/* usdis IN.hex [--mesa] [--no-words]: disassemble a hex word list (exit 0; 2 on bad input or usage); the
 * silicon-rule warnings (isa/us_rules.h) go to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/us_dis.h"
#include "isa/us_hex.h"
#include "isa/us_mesa.h"
#include "isa/us_out.h"
#include "isa/us_rules.h"

static int usage(void)
{
    fputs("usage: usdis IN.hex [--mesa] [--no-words]\n"
          "  Disassembles a program given as 32-bit hex words (6 per instruction) into the assembly of docs/asm.md.\n"
          "  --mesa      print the layout of Mesa's r500FragmentProgramDump instead\n"
          "  --no-words  leave out the comment line of hex words before each instruction\n"
          "  Breaches of the CTM guide's hardware rules are printed to stderr as warnings (docs/spec.md section 9).\n",
          stderr);
    return 2;
}

static int disassemble(int argc, char **argv)
{
    const char *in = NULL;
    bool mesa = false, words = true;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mesa") == 0)
            mesa = true;
        else if (strcmp(argv[i], "--no-words") == 0)
            words = false;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return usage();
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "usdis: unknown option %s\n", argv[i]);
            return usage();
        } else if (in)
            return usage();
        else
            in = argv[i];
    }
    if (!in)
        return usage();
    char err[512];
    char *text = us_read_file(in, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    static us_program_t prog;
    int rc = us_hex_parse(text, in, &prog, err, sizeof err);
    free(text);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    us_strbuf_t sb;
    us_sb_init(&sb);
    if (mesa)
        us_mesa_dump(&sb, &prog);
    else
        us_dis_program(&sb, &prog, words);
    fputs(sb.data ? sb.data : "", stdout);
    us_sb_free(&sb);
    unsigned illegal = 0;
    for (unsigned i = 0; i < prog.count; i++)
        illegal += us_inst_check(&prog.inst[i], NULL, 0) != 0;
    if (illegal)
        fprintf(stderr, "usdis: %s: %u illegal instruction%s flagged\n", in, illegal, illegal == 1 ? "" : "s");
    us_code_t code = us_code_of_program(&prog);
    if (prog.count)
        us_rules_warn(stderr, in, &code);
    return 0;
}

int main(int argc, char **argv)
{
    return us_stdout_status("usdis", disassemble(argc, argv));
}
