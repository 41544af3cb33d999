#include "isa/us_mesa.h"

static const char *const type_names[4] = {"ALU", "OUT", "FC", "TEX"};
static const char *const mask_names[16] = {"NONE", "R",  "G",  "RG",  "B",  "RB",  "GB",  "RGB",
                                           "A",    "AR", "AG", "ARG", "AB", "ARB", "AGB", "ARGB"};
static const char *const swz_names[8] = {"R", "G", "B", "A", "0", "H", "1", "U"};
static const char *const rgb_ops[16] = {"MAD", "DP3", "DP4", "D2A", "MIN", "MAX", "Reserved", "CND",
                                        "CMP", "FRC", "SOP", "MDH", "MDV", "Reserved", "Reserved", "Reserved"};
static const char *const alpha_ops[16] = {"MAD", "DP",  "MIN", "MAX", "Reserved", "CND", "CMP", "FRC",
                                          "EX2", "LN2", "RCP", "RSQ", "SIN",      "COS", "MDH", "MDV"};
static const char *const fc_ops[8] = {"JUMP", "LOOP", "ENDLOOP", "REP", "ENDREP", "BREAKLOOP", "BREAKREP", "CONTINUE"};
static const char *const a_ops[4] = {"NONE", "POP", "PUSH", "Reserved"};
static const char *const b_ops[4] = {"NONE", "DECR", "INCR", "Reserved"};
static const char *const tex_ops[8] = {"NOP", "LD", "TEXKILL", "PROJ", "LODBIAS", "LOD", "DXDY", "Reserved"};
static const char *const chan[4] = {"R", "G", "B", "A"};

static void addr_line(us_strbuf_t *sb, const char *label, uint32_t w)
{
    us_sb_printf(sb, "\t%s0x%08x:Addr0: %u%c, Addr1: %u%c, Addr2: %u%c, srcp:%u\n", label, w, w & 0xFFu,
                 (w >> 8 & 1u) ? 'c' : 't', w >> 10 & 0xFFu, (w >> 18 & 1u) ? 'c' : 't', w >> 20 & 0xFFu,
                 (w >> 28 & 1u) ? 'c' : 't', w >> 30);
}

static void dump_alu(us_strbuf_t *sb, const us_inst_t *in)
{
    uint32_t w;
    addr_line(sb, "1:RGB_ADDR   ", in->w[1]);
    addr_line(sb, "2:ALPHA_ADDR ", in->w[2]);
    w = in->w[3];
    us_sb_printf(sb, "\t3 RGB_INST:  0x%08x:rgb_A_src:%u %s/%s/%s %u rgb_B_src:%u %s/%s/%s %u targ: %u\n", w, w & 3u,
                 swz_names[w >> 2 & 7u], swz_names[w >> 5 & 7u], swz_names[w >> 8 & 7u], w >> 11 & 3u, w >> 13 & 3u,
                 swz_names[w >> 15 & 7u], swz_names[w >> 18 & 7u], swz_names[w >> 21 & 7u], w >> 24 & 3u,
                 w >> 29 & 3u);
    w = in->w[4];
    us_sb_printf(sb, "\t4 ALPHA_INST:0x%08x:%s dest:%u%s alp_A_src:%u %s %u alp_B_src:%u %s %u targ %u w:%u\n", w,
                 alpha_ops[w & 15u], w >> 4 & 0x7Fu, (w >> 11 & 1u) ? "(rel)" : "", w >> 12 & 3u,
                 swz_names[w >> 14 & 7u], w >> 17 & 3u, w >> 19 & 3u, swz_names[w >> 21 & 7u], w >> 24 & 3u,
                 w >> 29 & 3u, w >> 31);
    w = in->w[5];
    us_sb_printf(sb, "\t5 RGBA_INST: 0x%08x:%s dest:%u%s rgb_C_src:%u %s/%s/%s %u alp_C_src:%u %s %u\n", w,
                 rgb_ops[w & 15u], w >> 4 & 0x7Fu, (w >> 11 & 1u) ? "(rel)" : "", w >> 12 & 3u,
                 swz_names[w >> 14 & 7u], swz_names[w >> 17 & 7u], swz_names[w >> 20 & 7u], w >> 23 & 3u,
                 w >> 25 & 3u, swz_names[w >> 27 & 7u], w >> 30);
}

static void dump_fc(us_strbuf_t *sb, const us_inst_t *in)
{
    uint32_t w = in->w[2], a = in->w[3];
    us_sb_printf(sb, "\t2:FC_INST    0x%08x:0x%02x %u %s %s %s %s %u %u %u%s\n", w, w >> 8 & 0xFFu, w >> 5 & 1u,
                 fc_ops[w & 7u], a_ops[w >> 6 & 3u], b_ops[w >> 24 & 3u], b_ops[w >> 26 & 3u], w >> 16 & 0x1Fu,
                 w >> 4 & 1u, a >> 16, (w >> 28 & 1u) ? " IGN_UNC" : "");
    us_sb_printf(sb, "\t3:FC_ADDR    0x%08x:BOOL: 0x%02x, INT: 0x%02x, JUMP_ADDR: %u, JMP_GLBL: %u\n", a, a & 0x1Fu,
                 a >> 8 & 0x1Fu, a >> 16 & 0x1FFu, a >> 31);
}

static void dump_tex(us_strbuf_t *sb, const us_inst_t *in)
{
    uint32_t w = in->w[1];
    us_sb_printf(sb, "\t1:TEX_INST:  0x%08x: id: %u op:%s, %s, %s %s\n", w, w >> 16 & 15u, tex_ops[w >> 22 & 7u],
                 (w >> 25 & 1u) ? "ACQ" : "", (w >> 26 & 1u) ? "IGNUNC" : "", (w >> 27 & 1u) ? "UNSCALED" : "SCALED");
    w = in->w[2];
    us_sb_printf(sb, "\t2:TEX_ADDR:  0x%08x: src: %u%s %s/%s/%s/%s dst: %u%s %s/%s/%s/%s\n", w, w & 0x7Fu,
                 (w >> 7 & 1u) ? "(rel)" : "", chan[w >> 8 & 3u], chan[w >> 10 & 3u], chan[w >> 12 & 3u],
                 chan[w >> 14 & 3u], w >> 16 & 0x7Fu, (w >> 23 & 1u) ? "(rel)" : "", chan[w >> 24 & 3u],
                 chan[w >> 26 & 3u], chan[w >> 28 & 3u], chan[w >> 30 & 3u]);
    us_sb_printf(sb, "\t3:TEX_DXDY:  0x%08x\n", in->w[3]);
}

void us_mesa_dump(us_strbuf_t *sb, const us_program_t *prog)
{
    us_sb_puts(sb, "R500 Fragment Program:\n--------\n");
    for (unsigned n = 0; n < prog->count; n++) {
        const us_inst_t *in = &prog->inst[n];
        uint32_t w = in->w[0];
        us_sb_printf(sb, "%u\t0:CMN_INST   0x%08x:%s %s %s %s %s wmask: %s omask: %s\n", n, w, type_names[w & 3u],
                     (w >> 2 & 1u) ? "TEX_WAIT" : "", (w >> 8 & 1u) ? "LAST" : "", (w >> 9 & 1u) ? "NOP" : "",
                     (w >> 10 & 1u) ? "ALU WAIT" : "", mask_names[w >> 11 & 15u], mask_names[w >> 15 & 15u]);
        switch (w & 3u) {
        case 0:
        case 1: dump_alu(sb, in); break;
        case 2: dump_fc(sb, in); break;
        default: dump_tex(sb, in); break;
        }
        us_sb_puts(sb, "\n");
    }
}
