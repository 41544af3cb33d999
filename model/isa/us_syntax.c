#include "isa/us_syntax.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "isa/generated/us_isa_gen.h"

const char *const us_rgb_op_names[16] = {"mad", "dp3", "dp4", "d2a", "min", "max", NULL, "cnd",
                                         "cmp", "frc", "sop", "mdh", "mdv", NULL, NULL, NULL};
const char *const us_alpha_op_names[16] = {"mad", "dp",  "min", "max", NULL,  "cnd", "cmp", "frc",
                                           "ex2", "ln2", "rcp", "rsq", "sin", "cos", "mdh", "mdv"};
const char *const us_tex_op_names[8] = {"nop", "ld", "texkill", "proj", "lodbias", "lod", "dxdy", NULL};
const char *const us_fc_op_names[8] = {"jump", "loop", "endloop", "rep", "endrep", "breakloop", "breakrep", "continue"};
const char *const us_sel_names[4] = {"src0", "src1", "src2", "srcp"};
const char *const us_srcp_names[4] = {"neg2", "sub", "add", "neg"};
const char *const us_omod_suffix[8] = {"", "x2", "x4", "x8", "d2", "d4", "d8", "off"};
const char *const us_cmp_names[4] = {"eq", "lt", "ge", "ne"};
const char *const us_pred_names[8] = {"none", "rgba", "rrrr", "gggg", "bbbb", "aaaa", NULL, NULL};
const char *const us_bop_names[4] = {"none", "decr", "incr", NULL};
const char us_swz_chars[9] = "rgba0h1_";
const char us_chan_chars[5] = "rgba";

static const struct {
    const char *name;
    int reg;
} word_names[] = {
    {"cmn", US_REG_CMN_INST},         {"rgb_addr", US_REG_ALU_RGB_ADDR}, {"alpha_addr", US_REG_ALU_ALPHA_ADDR},
    {"rgb_inst", US_REG_ALU_RGB_INST}, {"alpha_inst", US_REG_ALU_ALPHA_INST}, {"rgba_inst", US_REG_ALU_RGBA_INST},
    {"fc_inst", US_REG_FC_INST},      {"fc_addr", US_REG_FC_ADDR},       {"tex_inst", US_REG_TEX_INST},
    {"tex_addr", US_REG_TEX_ADDR},    {"tex_dxdy", US_REG_TEX_ADDR_DXDY},
};

const char *us_word_name(int reg_id)
{
    for (size_t i = 0; i < sizeof word_names / sizeof word_names[0]; i++)
        if (word_names[i].reg == reg_id)
            return word_names[i].name;
    return NULL;
}

int us_word_find(const char *name)
{
    for (size_t i = 0; i < sizeof word_names / sizeof word_names[0]; i++)
        if (strcasecmp(word_names[i].name, name) == 0)
            return word_names[i].reg;
    return -1;
}

double us_inline_value(unsigned code)
{
    unsigned e = (code >> 3) & 15u, m = code & 7u;
    return ldexp(1.0 + m / 8.0, (int)e - 7);
}

int us_inline_code(double value)
{
    for (unsigned c = 0; c < 128; c++)
        if (us_inline_value(c) == value)
            return (int)c;
    return -1;
}

void us_format_inline(unsigned code, char *buf, size_t size)
{
    /* Every code is a multiple of 2^-10 below 2^9, so ten decimals are exact; trim the trailing zeros. */
    snprintf(buf, size, "%.10f", us_inline_value(code));
    size_t n = strlen(buf);
    while (n > 2 && buf[n - 1] == '0' && buf[n - 2] != '.')
        buf[--n] = '\0';
}

int us_name_index(const char *const *names, unsigned n, const char *name)
{
    for (unsigned i = 0; i < n; i++)
        if (names[i] && strcasecmp(names[i], name) == 0)
            return (int)i;
    return -1;
}
